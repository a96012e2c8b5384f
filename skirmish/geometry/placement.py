"""Where a base may stand: deployment checks and rope-climb landings (R-EQ-ROPE, GAP-60).

Both are rare, one-off questions, so they use shapely directly and favour messages a
player can act on over speed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
import shapely.ops

from skirmish.geometry.arena import Arena
from skirmish.geometry.primitives import CONTACT_GAP, INSIDE_EPS, TOUCH_EPS, Disc, Point
from skirmish.geometry.terrain import PieceGeom, Terrain

#: Landing spots for rope climbs are searched on a lattice this fine (pas).
LANDING_STEP = 0.1


def problem(
    terrain: Terrain,
    width: float,
    height: float,
    disc: Disc,
    others: Sequence[Disc] | np.ndarray,
    roof: PieceGeom | None,
) -> str | None:
    """Why a base cannot stand here, or None; touching (gap ≥ 0) is fine."""
    x, y, r = disc
    if x - r < -TOUCH_EPS or y - r < -TOUCH_EPS:
        return "base is off the table"
    if x + r > width + TOUCH_EPS or y + r > height + TOUCH_EPS:
        return "base is off the table"
    point = shapely.Point(x, y)
    if roof is not None:
        if roof.shape.distance(point) > INSIDE_EPS:
            return f"not on '{roof.name}'"
    else:
        for piece in terrain.impassable:
            if piece.shape.distance(point) <= INSIDE_EPS:
                return f"inside impassable terrain '{piece.name}'"
        for piece in terrain.impassable:
            if piece.shape.distance(point) < r - TOUCH_EPS:
                return f"overlaps impassable terrain '{piece.name}'"
    arr = np.asarray(others, dtype=float).reshape(-1, 3)
    if arr.size:
        gaps = np.hypot(arr[:, 0] - x, arr[:, 1] - y) - arr[:, 2] - r
        if (gaps < -TOUCH_EPS).any():
            return "overlaps another figure"
    return None


def landing_up(piece: PieceGeom, disc: Disc, others: np.ndarray) -> Point | None:
    """The nearest point of the roof clear of other bases: with the whole base on the roof
    if it fits, else half of it, else just the centre (a wall's top)."""
    x, y, r = disc
    for inset in (r, r / 2.0, 0.0):
        region = piece.shape.buffer(-inset) if inset > 0 else piece.shape
        if region.is_empty:
            continue
        xs, ys = lattice(region.bounds, LANDING_STEP)
        inside = shapely.distance(region, shapely.points(xs, ys)) <= INSIDE_EPS
        nearest = shapely.ops.nearest_points(region, shapely.Point(x, y))[0]
        xs = np.concatenate([[nearest.x], xs[inside]])
        ys = np.concatenate([[nearest.y], ys[inside]])
        if others.size:
            gap = np.hypot(xs[:, None] - others[:, 0], ys[:, None] - others[:, 1]) - others[:, 2] - r
            ok = (gap >= -TOUCH_EPS).all(axis=1)
            xs, ys = xs[ok], ys[ok]
        if xs.size:
            k = int(np.argmin(np.hypot(xs - x, ys - y)))
            return (float(xs[k]), float(ys[k]))
    return None


def landing_down(piece: PieceGeom, disc: Disc, arena: Arena) -> Point | None:
    """A free spot just outside the piece (touching it, so the rope can go back up), as near
    the climber as possible; ``arena`` holds the walls, the other bases and the table."""
    x, y, r = disc
    want = r + CONTACT_GAP / 2.0
    edge = shapely.ops.nearest_points(piece.shape.exterior, shapely.Point(x, y))[0]
    dx, dy = edge.x - x, edge.y - y
    d = math.hypot(dx, dy)
    if d > 0:
        first = (edge.x + dx / d * want, edge.y + dy / d * want)
        if arena.point_free(first):
            return (float(first[0]), float(first[1]))
    x0, y0, x1, y1 = piece.shape.bounds
    pad = want + LANDING_STEP
    xs, ys = lattice((x0 - pad, y0 - pad, x1 + pad, y1 + pad), LANDING_STEP)
    dist = shapely.distance(piece.shape, shapely.points(xs, ys))
    near = (dist >= r - TOUCH_EPS) & (dist <= r + CONTACT_GAP)
    xs, ys = xs[near], ys[near]
    if xs.size == 0:
        return None
    ok = arena.free(xs, ys)
    xs, ys = xs[ok], ys[ok]
    if xs.size == 0:
        return None
    k = int(np.argmin(np.hypot(xs - x, ys - y)))
    return (float(xs[k]), float(ys[k]))


def lattice(bounds: tuple[float, float, float, float], step: float) -> tuple[np.ndarray, np.ndarray]:
    """Points every ``step`` pas over a bounding box."""
    x0, y0, x1, y1 = bounds
    gx = np.arange(x0, x1 + step / 2, step)
    gy = np.arange(y0, y1 + step / 2, step)
    xx, yy = np.meshgrid(gx, gy)
    return xx.ravel(), yy.ravel()
