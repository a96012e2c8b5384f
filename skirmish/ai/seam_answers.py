"""Answers to a decision owed inside a resolution (RULESETS §0.5 S7) — a parry or a
dodge, a reroll, a resource spent to survive, a held action — by the exact odds the
ruleset states for each answer (``Game.odds(Choose(...))``, S14), through the seam alone.

An answer is worth what its odds expect it to take from the other bands less what they
expect it to cost its own, in VP (:func:`~.seam_worth.harm_worth`), less the price of
what it spends (``paid`` among its params, :func:`~.seam_worth.price`). So a Fortune
reroll is taken when the chance it gives times what it saves is worth more than a point
kept, a defence is the one most likely to stop the blow, Destin is spent to live. An
answer whose odds the ruleset does not state is worth nothing but its price; a tie keeps
the rules' default.
"""

from __future__ import annotations

from skirmish.ai.seam_worth import harm_worth, price
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.outcome import Outcome

#: Questions a look-ahead's copy answers by default before it is judged.
SETTLE = 12


def settle(g: Game) -> None:
    """Answer every question still asked on the copy ``g`` by its default."""
    for _ in range(SETTLE):
        p = getattr(g.state, "pending", None)
        if p is None or g.over:
            return
        g.apply(c.Choose(option=p.default))


def worth(game: Game, band: str, o: Outcome | None) -> float:
    """What ``o`` is worth to ``band``: the harms to other bands' figures gained, its own
    lost."""
    if o is None:
        return 0.0
    figures = game.state.figures
    total = 0.0
    for h in o.harms:
        one = harm_worth(game, Outcome(p_success=o.p_success, harms=(h,), attacks=o.attacks))
        total += -one if figures[h.figure].band == band else one
    return total


def by_the_odds(game: Game) -> c.Choose:
    """The answer to the pending decision worth most to the band that owes it."""
    p = game.state.pending
    assert p is not None
    best, choice = float("-inf"), p.default
    for opt in sorted(p.options, key=lambda o: o.key != p.default):
        cmd = c.Choose(option=opt.key)
        value = worth(game, p.band, game.odds(cmd)) - price(opt.params.get("paid", {}))
        if value > best + 1e-9:
            best, choice = value, opt.key
    return c.Choose(option=choice)
