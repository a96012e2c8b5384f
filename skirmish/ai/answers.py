"""The secret manoeuvre of Les Clefs de l'Aube, chosen by the odds at the easy and normal
levels ([CA-SURCLASSEMENT], GAP-CA-6; the hard level searches it with its rollouts).

Attacker and defender each choose MP, MA or MD in secret, then both roll. No fixed answer
suits every pair of fighters: a defender whose MD is far better than its MP should hit
back, an attacker whose MD the defender's MP nearly always stops does better to parry
or feint. So each answer is played out on copies of the game with forked dice, the
same dice for every answer (common random numbers), and judged by what each side has
after the exchange (:func:`evaluate.material`, as the hard player's leaf). The other
band's choice is not known: on a defender's copy the attacker's hidden choice is
already a sample (``Game.copy(fork_dice=...)``, RULESETS S15); on an attacker's copy the
defender's answer is each of its options in turn, as likely as one another. A tie keeps
the rules' default (MD attacking, MP defending).

Only this question is weighed so: the others the rules ask (a free shot, an escape
route, a step back) have a default that suits nearly every case, and the hard level
searches them.
"""

from __future__ import annotations

from skirmish.ai import evaluate as ev
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.skirmish.preview import ctx_of

#: The kinds of question that are a secret choice against another band's (S7).
SECRET = frozenset({"ca_manoeuvre"})
SALT = 7_919  # keeps the copies' dice apart from every other look-ahead's


def secret_question(game: Game) -> bool:
    """The band to act must choose a manoeuvre in secret, among several."""
    p = game.state.pending
    return p is not None and p.kind in SECRET and len(p.options) > 1


def by_the_odds(game: Game, samples: int) -> c.Command:
    """The answer to the pending secret choice with the best mean outcome over
    ``samples`` copies of the game for each answer (the default first, so it keeps a tie)."""
    p = game.state.pending
    assert p is not None
    keys = [p.default, *(o.key for o in p.options if o.key != p.default)]
    totals = [0.0] * len(keys)
    base = SALT * (len(game.commands) + 1)
    for k in range(samples):
        for i, key in enumerate(keys):
            g = game.copy(fork_dice=base + k)
            g.apply(c.Choose(option=key))
            _their_answer(g, p.band, k)
            totals[i] += ev.material(ctx_of(g), p.band)
    best = max(range(len(keys)), key=lambda i: (totals[i], -i))
    return c.Choose(option=keys[best])


def _their_answer(g: Game, band: str, k: int) -> None:
    """On a copy, the other band's secret answer to the same exchange, if it is asked
    next: its ``k``-th option (counting round), so that the samples try each alike."""
    q = g.state.pending
    if q is not None and q.band != band and q.kind in SECRET:
        g.apply(c.Choose(option=q.options[k % len(q.options)].key))
