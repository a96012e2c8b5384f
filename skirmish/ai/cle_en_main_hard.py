"""The hard computer player of Clé en main: the normal player's choices, except where it
hesitates between close ones, which it plays out on copies of the game.

The close choices are whom to activate (the hand, a response, a ceded tour), which attack
to make and whether to interrupt: the normal player's first few by its own scores, those
within ``TIE`` of its first.
Each is played ``ROLLOUTS`` times on copies with forked dice (``Game.copy(fork_dice=...)``:
a look-ahead never reads the real dice), the k-th rollout of every candidate on the same
dice, through the rest of the tour and the next one (the attacked side's response, an
interrupt, the enemy's next tour) by the normal player for both sides, and judged by
:func:`material`. So it weighs what the response or an interrupt does over the rest of
the round, which the normal player's one-attack odds do not.
The normal player's choice is kept unless another does better by ``MARGIN``.
"""

from __future__ import annotations

from skirmish.ai.cle_en_main import WORTH, CleEnMainPlayer, ctx_of
from skirmish.rules import commands as c
from skirmish.rules.cle_en_main.flow_state import CmState
from skirmish.rules.cle_en_main.state import standing
from skirmish.rules.game import Game

#: Candidates searched, and how close to the first one a candidate must score.
WIDTH = 2
TIE = 0.3
#: Rollouts per candidate, and the commands a rollout may play before it is judged.
ROLLOUTS = 6
HORIZON = 80
#: Another choice replaces the normal player's only when its mean is better by this, in
#: :func:`material`'s units (a Sous-fifre standing unhurt is 1): a few rollouts' noise
#: alone must not overturn a choice made on the exact odds.
MARGIN = 0.3
#: The decisions searched (with whom to activate and which attack to make); a pair, a
#: fourth die or a test made again is answered on the exact odds as the normal player does.
SEARCHED = ("cm_interrupt",)


def _chance(game: Game, option: str) -> float:
    o = game.odds(c.Choose(option=option))
    return o.p_success if o is not None else 0.0


def material(s: CmState, band: str) -> float:
    """What ``band`` has in play less what its enemies have: each figure by its rank's
    worth, half for standing and half for its vitality left."""
    total = 0.0
    for fid, cf in s.cm.figures.items():
        f = s.figures[fid]
        if standing(cf) != "in_play":
            continue
        share = max(0, cf.vitality) / max(1, cf.profile.vitality)
        v = WORTH.get(f.rank, 1.0) * (0.5 + 0.5 * share)
        total += v if f.band == band else -v
    return total


class CleEnMainHardPlayer(CleEnMainPlayer):
    def __init__(self, seed: int, rollouts: int = ROLLOUTS) -> None:
        super().__init__(seed, "normal")
        self.rollouts = rollouts
        self.normal = CleEnMainPlayer(seed, "normal")
        self._forks = 0

    def choose(self, game: Game) -> c.Command:
        s: CmState = game.state
        first = super().choose(game)
        if s.phase == "deployment" or game.to_act is None:
            return first
        scored = self._candidates(game, first)
        if len(scored) < 2:
            return first
        return self._search(game, game.to_act, first, scored)

    # -- the close choices -------------------------------------------------------------------
    def _candidates(self, game: Game, first: c.Command) -> list[c.Command]:
        """The normal player's choice and those it nearly chose, best first."""
        s: CmState = game.state
        ctx = ctx_of(game)
        if s.pending is not None:
            kind = s.pending.kind.partition(":")[0]
            if kind not in SEARCHED:
                return []
            keys = sorted((o.key for o in s.pending.options),
                          key=lambda k: -_chance(game, k))  # the likeliest interrupter first
            rest = [k for k in keys if isinstance(first, c.Choose) and k != first.option]
            return [first, *(c.Choose(option=k) for k in rest[:WIDTH - 1])]
        if s.tour is None:
            acts = [x for x in game.legal_commands(sample_moves=False) if isinstance(x, c.Activate)]
            scores = {x.figure: self.activation_score(ctx, x)[0] for x in acts}
            top = scores.get(getattr(first, "figure", ""), 0.0)
            near = sorted((x for x in acts if x != first and top - scores[x.figure] <= TIE),
                          key=lambda x: (-scores[x.figure], x.figure))
            return [first, *near[:WIDTH - 1]]
        attacks = dict(self._attacks(ctx, s.tour, game.legal_commands(sample_moves=False)))
        top = attacks.get(first, max(attacks.values(), default=0.0))
        near = sorted((x for x, v in attacks.items() if x != first and top - v <= TIE),
                      key=lambda x: -attacks[x])
        return [first, *near[:WIDTH - 1]] if near else []

    def _search(self, game: Game, band: str, first: c.Command,
                scored: list[c.Command]) -> c.Command:
        base = self._forks
        self._forks += self.rollouts
        means = []
        for cmd in scored:
            total = 0.0
            for k in range(self.rollouts):
                total += self._rollout(game, band, cmd, self.seed * 1_000_003 + base + k)
            means.append(total / self.rollouts)
        best = max(range(len(scored)), key=lambda i: (means[i], i == 0))
        return scored[best] if means[best] > means[0] + MARGIN else first

    def _rollout(self, game: Game, band: str, cmd: c.Command, fork: int) -> float:
        """``cmd`` then the normal player for every side, to the end of the next tour."""
        g = game.copy(fork_dice=fork)
        s: CmState = g.state
        g.apply(cmd)
        tours, seen, turn = 0, s.tour, s.turn
        for _ in range(HORIZON):
            if g.over or s.turn != turn:
                break
            if s.tour is None and seen is not None:
                tours += 1
                if tours >= 2:
                    break
            seen = s.tour
            g.apply(self.normal.choose(g))
            s = g.state
            self.normal.take_plan()
        return material(s, band)
