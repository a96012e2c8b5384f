"""What the Skirmish rules ask of a figure's weapons beyond the table's relations
(:mod:`skirmish.rules.frame.queries`)."""

from __future__ import annotations

from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.state import Figure


def best_ranged_force(ctx: Ctx, f: Figure) -> int | None:
    """GAP-48: the Force of the figure's best usable ranged weapon, None if it has none
    (a plain loop: the odds of every Shoot ask it)."""
    best = None
    for w in f.ranged:
        if w not in f.lost_weapons:
            force = ctx.book.ranged_weapons[w].force
            if best is None or force > best:
                best = force
    return best
