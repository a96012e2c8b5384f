"""Where each miniature looks: what shows the table's story at a glance.

A figure in contact faces the enemy it touches; one that has just shot or struck faces
its target; else one that has moved faces the way it went (the last leg of its last
move, a flight or a step back included); else it faces the nearest enemy. Worked out
from the game's log and positions alone, so the table, a loaded game and the replay
viewer turn their figures alike.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from skirmish.rules import events as ev
from skirmish.rules.skirmish.state import Figure

Point = tuple[float, float]


def heading(a: Point, b: Point) -> float | None:
    """Degrees clockwise from up the screen, from ``a`` towards ``b`` (None: same point)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return None
    return math.degrees(math.atan2(dx, -dy)) % 360


def facings(figures: Mapping[str, Figure], log: Iterable[ev.Event],
            engaged: Mapping[str, Iterable[str]] = {}) -> dict[str, float]:  # noqa: B006
    """Each placed figure's facing in degrees (see the module)."""
    last: dict[str, float] = {}
    for e in log:
        if isinstance(e, ev.Moved) and len(e.path) >= 2:
            h = heading(e.path[-2], e.path[-1])
            if h is not None:
                last[e.figure] = h
        elif isinstance(e, ev.ActionDeclared) and e.target in figures \
                and e.figure in figures:
            h = heading(figures[e.figure].pos, figures[e.target].pos)  # type: ignore[index]
            if h is not None:
                last[e.figure] = h
    out: dict[str, float] = {}
    live = [f for f in figures.values() if f.status == "in_play"]
    for f in figures.values():
        if f.status in ("reserve", "fled"):
            continue
        foes = [figures[o] for o in engaged.get(f.id, ()) if o in figures]
        if not foes and f.id in last:
            out[f.id] = last[f.id]
            continue
        foes = foes or [o for o in live if o.band != f.band]
        if foes:
            near = min(foes, key=lambda o: math.dist(o.pos, f.pos))
            out[f.id] = heading(f.pos, near.pos) or 0.0
    return out
