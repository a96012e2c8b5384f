"""The hard computer player of KART 7: the normal player's declarations, the close ones
played out to the end of the turn before one is made.

A declaration's worth, as the normal player weighs it (:mod:`skirmish.ai.kart7`), is the
action alone on the exact odds; what the others then declare, court-circuit and draw,
and how the resolution order falls, it does not see. When the best few declarations
(``WIDTH``) are within ``TIE`` of the first, each is played out on ``ROLLOUTS`` copies
of the game to the end of the turn, every side then played by the normal player, and
judged by what each band has lost (:func:`lost`). Passing is not searched: a copy that
passes keeps its figures out of the turn's blows, which a horizon of one turn
overrates, so the side passes only when the normal player would.

A copy is made with forked dice (``Game.copy(fork_dice=...)``), which deals every
face-down card again among the places its generation holds ([GAP-K7-29], RULESETS S15):
the look-ahead draws from the cards its band has not seen, never from the real order,
so its choice is the same whatever that order. The k-th copy of every candidate uses
the same fork (common random numbers), and the normal player's worth counts as ``PRIOR``
rollouts, so that noise alone does not overturn its choice.
"""

from __future__ import annotations

from skirmish.ai.kart7 import K7Player, vp
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.game import Game
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.state import K7State

WIDTH = 3  # declarations searched
TIE = 0.5  # VP of worth: a candidate this far behind the first is still a close one
ROLLOUTS = 3  # copies played out per candidate
PRIOR = 1.0  # rollouts the normal player's worth is worth
MAX_STEPS = 200  # commands in one rollout, a guard
WOUNDED = 0.15  # of a figure's VP, per level of the wounds it carries


def lost(ctx: K7Ctx, band: str) -> float:
    """What ``band`` has lost, in VP: each figure out of the fight in full, each other
    in part by the levels of its wounds (a wound weighs on every draw after it)."""
    out = 0.0
    for f in ctx.s.figures.values():
        if f.band != band or f.status == "reserve":
            continue
        own = ctx.own(f.id)
        if f.status != "in_play" or own.ko or own.dead:
            out += vp(ctx, f)
        else:
            out += vp(ctx, f) * min(1.0, WOUNDED * sum(w.level + 1 for w in own.wounds))
    return out


def margin(game: Game, band: str) -> float:
    """What the other bands have lost less what ``band`` has."""
    s: K7State = game.state
    ctx = K7Ctx(s, game.table, game.book, game.dice)
    return sum(lost(ctx, b.id) * (-1.0 if b.id == band else 1.0) for b in s.bands)


class K7HardPlayer(K7Player):
    def __init__(self, seed: int) -> None:
        super().__init__("hard", seed)

    def pick(self, game: Game, band: str, scored: list[tuple[c.Declare, float]]
             ) -> c.Declare | None:
        first = super().pick(game, band, scored)
        if first is None:
            return None
        ranked = sorted(scored, key=lambda s: -s[1])  # stable: the normal player's first
        close = [(cmd, w) for cmd, w in ranked[:WIDTH] if w >= ranked[0][1] - TIE]
        if len(close) < 2:
            return first
        salt = self.rng.randrange(1 << 30)
        before = margin(game, band)
        best, best_value = first, float("-inf")
        for cmd, worth in close:
            total = PRIOR * worth
            for k in range(ROLLOUTS):
                total += self._rollout(game, band, cmd, salt + k) - before
            value = total / (PRIOR + ROLLOUTS)
            if value > best_value:
                best, best_value = cmd, value
        return best

    def _rollout(self, game: Game, band: str, cmd: c.Declare, fork: int) -> float:
        """``band``'s margin once ``cmd`` is made on a copy and the turn is played out by
        the normal player on every side."""
        copy = game.copy(fork_dice=fork)
        try:
            copy.apply(cmd)
        except IllegalCommand:
            return float("-inf")
        turn = copy.state.turn
        players: dict[str, K7Player] = {}
        for _ in range(MAX_STEPS):
            if copy.over or copy.state.turn != turn:
                break
            who = copy.to_act or ""
            player = players.setdefault(who, K7Player("normal", fork))
            copy.apply(player.choose(copy))
            player.take_plan()
        return margin(copy, band)
