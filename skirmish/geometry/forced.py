"""Forced moves (D-2): straight moves that stop short, the way to cover, the nearest edge.

A forced move (failed charge test, "Être chargé" step-back, Spot, "Subir un tir", rout,
Flee) goes as far as it can and stops 0.1 pas short of figures, impassable terrain and
the table edge; it never creates contact with a figure (so it keeps a hair more than the
0.1 pas contact gap from bases) and never leaves the table, except for a routing figure.
"""

from __future__ import annotations

import math

from skirmish.geometry.arena import Arena
from skirmish.geometry.costs import DifficultField, advance_fraction
from skirmish.geometry.paths import Path
from skirmish.geometry.primitives import Point


def slide(
    arena: Arena,
    field: DifficultField,
    start: Point,
    towards: Point,
    allowance: float,
    ignore_difficult: bool,
) -> Path:
    """Move in a straight line towards (the direction of) ``towards`` as far as the
    obstacles and the allowance permit. ``arena`` clearances include the margins."""
    dx = towards[0] - start[0]
    dy = towards[1] - start[1]
    dist = math.hypot(dx, dy)
    if dist == 0.0 or allowance <= 0.0:
        return Path.stay(start)
    ux = dx / dist
    uy = dy / dist
    free = arena.first_hit(start, (ux, uy), allowance)
    if free <= 0.0:
        return Path.stay(start)
    far = (start[0] + free * ux, start[1] + free * uy)
    if ignore_difficult or not field:
        travel = min(free, allowance)
    else:
        frac, _ = advance_fraction(field.intervals(start, far), free, allowance, False)
        travel = frac * free
    end = (start[0] + travel * ux, start[1] + travel * uy)
    if travel <= 0.0:
        return Path.stay(start)
    return Path((start, end), float(field.path_cost([start, end], ignore_difficult)))


def nearest_edge(p: Point, width: float, height: float) -> tuple[Point, float]:
    """Nearest point of the table edge and its distance (a routing figure's way out, GAP-55)."""
    x, y = p
    options = (
        (x, (0.0, y)),
        (width - x, (width, y)),
        (y, (x, 0.0)),
        (height - y, (x, height)),
    )
    dist, point = min(options, key=lambda o: o[0])
    return (float(point[0]), float(point[1])), float(dist)
