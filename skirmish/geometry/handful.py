"""An arena's tests for a handful of points or legs, in plain Python.

Setting a route taut, bending it at woods and checking its ends ask :class:`Arena`
about a few points or legs at a time, where numpy's fixed cost per call (a few µs for
each of dozens of array operations) is all of the work. These loops answer the same
questions with the same formulas, term for term, so every answer is the one the
vectorised test gives, bit for bit; they only skip what cannot change it: an obstacle
whose bounding box lies farther from the point or leg than its clearance (plus a
margin far above float noise) can neither be too near nor crossed.
"""

from __future__ import annotations

import math
from typing import Protocol

import numpy as np

from skirmish.geometry.edges import EdgeSet, inside_rows
from skirmish.geometry.primitives import TOUCH_EPS


class Arena(Protocol):
    """What these loops read of an :class:`arena.Arena` (which calls them)."""

    cx: np.ndarray
    cy: np.ndarray
    R: np.ndarray
    rho: float
    wx: np.ndarray
    wy: np.ndarray
    walls: EdgeSet
    walls_parity: EdgeSet
    bounds: tuple[float, float, float, float] | None


#: At most this many points or legs are tested here; more go to numpy.
FEW = 16
#: Bounding boxes are widened by this much before an obstacle is skipped.
_PAD = 1e-6


def free(arena: Arena, xs: np.ndarray, ys: np.ndarray, wall_slack: float, disc_slack: float) -> np.ndarray:
    """:meth:`Arena.free` (no roof, no containment given) of a few points."""
    shape = np.shape(xs)
    px = np.ravel(xs).tolist()
    py = np.ravel(ys).tolist()
    discs = []
    for cx, cy, r in zip(arena.cx.tolist(), arena.cy.tolist(), arena.R.tolist(), strict=True):
        v = max(r + disc_slack - TOUCH_EPS, 0.0)
        discs.append((cx, cy, v * v))
    walls = arena.walls.rows()
    parity = arena.walls_parity.rows()
    check_walls = bool(walls or parity)
    thr = arena.rho + wall_slack - TOUCH_EPS
    reach = thr + _PAD
    out = []
    for x, y in zip(px, py, strict=True):
        ok = True
        if arena.bounds is not None:
            x0, y0, x1, y1 = arena.bounds
            ok = x >= x0 - TOUCH_EPS and x <= x1 + TOUCH_EPS and y >= y0 - TOUCH_EPS and y <= y1 + TOUCH_EPS
        if ok:
            for cx, cy, need2 in discs:
                dx = x - cx
                dy = y - cy
                if not dx * dx + dy * dy >= need2:
                    ok = False
                    break
        if ok and check_walls:
            ok = not _too_near(walls, x, y, thr, reach) and not inside_rows(parity, x, y)
        out.append(ok)
    return np.array(out, dtype=bool).reshape(shape)


def _too_near(walls: list[tuple[float, ...]], x: float, y: float, thr: float, reach: float) -> bool:
    """Whether the nearest edge is nearer than ``thr`` (``EdgeSet.distance`` < thr)."""
    for ax, ay, _, _, ex, ey, inv, x0, y0, x1, y1 in walls:
        if x < x0 - reach or x > x1 + reach or y < y0 - reach or y > y1 + reach:
            continue  # farther than thr from the whole edge
        wx = x - ax
        wy = y - ay
        t = (wx * ex + wy * ey) * inv
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        wx -= t * ex
        wy -= t * ey
        if not math.sqrt(wx * wx + wy * wy) >= thr:
            return True
    return False



def legal(arena: Arena, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
    """:meth:`Arena.legal` (no roof) of a few legs."""
    shape = np.shape(px)
    legs = zip(*(np.ravel(v).tolist() for v in (px, py, qx, qy)), strict=True)
    points = []
    for cx, cy, r in zip(arena.cx.tolist(), arena.cy.tolist(), arena.R.tolist(), strict=True):
        v = max(r - TOUCH_EPS, 0.0)
        points.append((cx, cy, v * v, v + _PAD))
    v = max(arena.rho - TOUCH_EPS, 0.0)
    points += [(cx, cy, v * v, v + _PAD) for cx, cy in zip(arena.wx.tolist(), arena.wy.tolist(), strict=True)]
    walls = arena.walls.rows()
    out = [_leg_clear(points, walls, *leg) for leg in legs]
    return np.array(out, dtype=bool).reshape(shape)


def _leg_clear(points: list[tuple[float, float, float, float]], walls: list[tuple[float, ...]],
               px: float, py: float, qx: float, qy: float) -> bool:
    lx0, lx1 = (px, qx) if px <= qx else (qx, px)
    ly0, ly1 = (py, qy) if py <= qy else (qy, py)
    ex = qx - px
    ey = qy - py
    len2 = ex * ex + ey * ey
    safe = len2 if len2 != 0.0 else 1.0
    for cx, cy, need2, reach in points:
        if cx < lx0 - reach or cx > lx1 + reach or cy < ly0 - reach or cy > ly1 + reach:
            continue
        wx = cx - px
        wy = cy - py
        t = (wx * ex + wy * ey) / safe
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        rx = wx - t * ex
        ry = wy - t * ey
        if not rx * rx + ry * ry >= need2:
            return False
    for ax, ay, bx, by, wex, wey, _, x0, y0, x1, y1 in walls:
        if x1 < lx0 - _PAD or x0 > lx1 + _PAD or y1 < ly0 - _PAD or y0 > ly1 + _PAD:
            continue
        oa = ex * (ay - py) - ey * (ax - px)
        ob = ex * (by - py) - ey * (bx - px)
        if oa * ob < 0.0:
            op = wex * (py - ay) - wey * (px - ax)
            oq = wex * (qy - ay) - wey * (qx - ax)
            if op * oq < 0.0:
                return False
    return True
