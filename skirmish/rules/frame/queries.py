"""Who is engaged, near, hostile or friendly on the table: the relations every rule of
every ruleset asks about."""

from __future__ import annotations

import math

from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.figure import TableFigure
from skirmish.rules.geometry import CONTACT_GAP


def gap(a: TableFigure, b: TableFigure) -> float:
    """GAP-21: distance base edge to base edge."""
    return math.hypot(a.x - b.x, a.y - b.y) - (a.base + b.base) / 2


def in_contact(a: TableFigure, b: TableFigure) -> bool:
    """GAP-16: bases touching (edge gap ≤ 0.1 pas)."""
    return gap(a, b) <= CONTACT_GAP


def engaged_with(ctx: TableCtx, f: TableFigure) -> list[TableFigure]:
    """GAP-16: enemies in play in base contact. Figures on a rope are never engaged
    ([R-EQ-ROPE]: they can neither fight nor be attacked in melee)."""
    if f.status != "in_play" or f.climbing is not None:
        return []
    # ctx.in_play() and in_contact(f, e) written out: asked at nearly every step
    x, y, base, band, hypot = f.x, f.y, f.base, f.band, math.hypot
    return [
        e for e in ctx.s.figures.values()
        if e.status == "in_play" and e.band != band and e.climbing is None
        and hypot(x - e.x, y - e.y) - (base + e.base) / 2 <= CONTACT_GAP
    ]


def allies_within(ctx: TableCtx, f: TableFigure, distance: float, *, strict: bool = True,
                  routing_count: bool = False) -> list[TableFigure]:
    """Same-band figures in play within ``distance`` (edge to edge; ``strict`` = "à moins
    de", GAP-42). Routing allies do not count unless ``routing_count``."""
    out = []
    for a in ctx.in_play():
        if a.id == f.id or a.band != f.band or (a.routing and not routing_count):
            continue
        g = gap(f, a)
        if g < distance or (not strict and g <= distance):
            out.append(a)
    return out


def enemies_in_play(ctx: TableCtx, f: TableFigure) -> list[TableFigure]:
    band = f.band  # ctx.in_play() written out: asked at nearly every step
    return [e for e in ctx.s.figures.values() if e.status == "in_play" and e.band != band]


def centroid(figs: list[TableFigure]) -> tuple[float, float]:
    n = len(figs)
    return (sum(e.x for e in figs) / n, sum(e.y for e in figs) / n)


def point_away(f: TableFigure, origin: tuple[float, float], far: float = 200.0) -> tuple[float, float]:
    """A point far away from ``origin`` on the line through ``f`` ("directly away", D-2)."""
    dx, dy = f.x - origin[0], f.y - origin[1]
    d = math.hypot(dx, dy)
    if d < 1e-9:
        dx, dy, d = 0.0, -1.0, 1.0
    return (f.x + dx / d * far, f.y + dy / d * far)


def has_equipment(ctx: TableCtx, f: TableFigure, slot: str) -> bool:
    return any(ctx.book.equipment[e].slot == slot for e in f.equipment)


def bands_in_play(ctx: TableCtx) -> list[str]:
    """Bands that still have a character on the table able to act (GAP-13 end check)."""
    seen: dict[str, bool] = {}
    for f in ctx.s.figures.values():  # ctx.in_play() written out: asked after every command
        if f.status == "in_play":
            seen[f.band] = True
    return list(seen)
