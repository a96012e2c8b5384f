"""Which straight lines between two bases are tried for line of sight (GAP-20 reading a).

"Some straight line from the shooter's base to the target's base" is sampled by five
fixed lines: centre to centre first (the one whose blocker the UI names), then the two
outer tangents and the two crossing lines, through points 0.9 × radius off the centre
line. The same sample is used by the single query and the vectorised kernel, and it is
symmetric: the lines from B to A are the lines from A to B reversed.
"""

from __future__ import annotations

import math

from skirmish.geometry.primitives import Disc, Point

#: How far off the centre line (as a fraction of the radius) the side lines start and end.
SIDE_OFFSET = 0.9


def side_lines(viewer: Disc, target: Disc) -> list[tuple[Point, Point]]:
    """The four non-central lines: left→left, right→right, left→right, right→left."""
    vx, vy, vr = viewer
    tx, ty, tr = target
    dx = tx - vx
    dy = ty - vy
    dist = math.hypot(dx, dy)
    if dist == 0.0:
        return []
    nx = -dy / dist
    ny = dx / dist
    ov = SIDE_OFFSET * vr
    ot = SIDE_OFFSET * tr
    vl = (vx + ov * nx, vy + ov * ny)
    vr_ = (vx - ov * nx, vy - ov * ny)
    tl = (tx + ot * nx, ty + ot * ny)
    tr_ = (tx - ot * nx, ty - ot * ny)
    return [(vl, tl), (vr_, tr_), (vl, tr_), (vr_, tl)]


def disc_entry(a: Point, b: Point, discs: list[Disc]) -> tuple[float, Disc] | None:
    """The first disc the segment ``a → b`` passes through (distance < radius), with the
    fraction along the segment where it enters; figures blocking sight (option
    ``figures_block_los``)."""
    ax, ay = a
    dx = b[0] - ax
    dy = b[1] - ay
    len2 = dx * dx + dy * dy
    best: tuple[float, Disc] | None = None
    for disc in discs:
        cx, cy, cr = disc
        wx = cx - ax
        wy = cy - ay
        if len2 == 0.0:
            t = 0.0
        else:
            t = (wx * dx + wy * dy) / len2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        rx = wx - t * dx
        ry = wy - t * dy
        if rx * rx + ry * ry >= cr * cr:
            continue
        if len2 == 0.0:
            entry = 0.0
        else:
            proj = (wx * dx + wy * dy) / len2
            h2 = (wx * wx + wy * wy) - proj * proj * len2
            half = math.sqrt(max(cr * cr - h2, 0.0) / len2)
            entry = max(proj - half, 0.0)
        if best is None or entry < best[0]:
            best = (entry, disc)
    return best
