"""A figure's standing on the table from its KART 7 state (RULESETS §0.4, S11): not KO is
in play; KO is out of action and may return; dead is dead. The table reads the standing
for VP, rout and lines of sight (GAP-51: a figure down lies flat)."""

from __future__ import annotations

from skirmish.content.models import Rank
from skirmish.rules.kart7.context import K7Ctx


def sync(ctx: K7Ctx, fid: str) -> None:
    """Set ``fid``'s table standing from its KO and death, crediting the figure that dealt
    its last wound ([R-VP] D-7); a Chef going down is the band's lost Chef ([R-END-ROUT])."""
    f = ctx.fig(fid)
    own = ctx.own(fid)
    was = f.status
    if own.dead:
        f.status = "dead"
    elif own.ko:
        f.status = "out_of_action" if f.status == "in_play" else f.status
    elif f.status == "out_of_action":
        f.status = "in_play"
        f.downed_by = f.downed_by_band = None
    if f.status == was:
        return
    if f.status in ("out_of_action", "dead"):
        by = next((w.by for w in reversed(own.wounds) if w.by is not None), None)
        if by is not None and f.downed_by is None:
            f.downed_by, f.downed_by_band = by, ctx.fig(by).band
        if Rank(f.rank) is Rank.CHEF and was == "in_play":
            ctx.s.band(f.band).chef_lost_turn = ctx.s.turn
    ctx.moved()
