"""Where one moving base may be: its configuration space, tested exactly (GAP-16, R-ACT-TERRAIN).

A base of radius r may not overlap impassable terrain, another base or the table edge;
touching is fine. For its centre that means: at least r from the walls (the boundary
of the union of impassable pieces) and outside them, at least r + r_other from each
other base's centre, inside the table shrunk by r. A figure standing on a roof
(rope and grapple, GAP-60) instead keeps its centre inside that roof.

Segments are tested under the assumption that their two ends are free: then a segment
is legal exactly when it properly crosses no wall edge and passes no wall corner nor
other base closer than the clearance (the segment-to-segment distance reduces to that).
"""

from __future__ import annotations

import copy
import math

import numpy as np

from skirmish.geometry import handful
from skirmish.geometry.edges import (
    EdgeSet,
    by_blocks,
    edges_cover,
    grid_cover,
    point_segment_d2,
)
from skirmish.geometry.primitives import INSIDE_EPS, TOUCH_EPS, Point

Bounds = tuple[float, float, float, float]
#: Segments × corners past which :meth:`Arena.legal` first drops the repeated corners.
_DEDUP_WORK = 20_000
#: A point this much farther than its clearance from a leg's line is not measured
#: against the leg itself (far above the float noise of either distance).
_LINE_PAD = 1e-6
#: Pairs of legs and bases measured at once by :func:`_clear_of_bases`: a route search's
#: every leg against every base in few passes, the numpy calls of a pass costing more than
#: its arithmetic below this (the CLI keeps freed memory, so larger temporaries do not
#: fault fresh pages in, :mod:`skirmish.allocator`).
_GRAPH_BLOCK = 120_000


class Arena:
    """The obstacles one mover must respect, restricted to a window of the table."""

    def __init__(
        self,
        radius: float,
        walls: EdgeSet,
        discs: np.ndarray,
        bounds: Bounds | None,
        roof: EdgeSet | None = None,
        roof_convex: bool = True,
        wall_gap: float = 0.0,
        disc_gap: float = 0.0,
    ) -> None:
        self.radius = float(radius)
        self.walls = walls if roof is None else EdgeSet.empty()
        self.walls_parity = self.walls
        self.rho = self.radius + wall_gap
        self.wx, self.wy = self.walls.corners()
        discs = np.asarray(discs, dtype=float).reshape(-1, 3)
        self.cx = discs[:, 0].copy()
        self.cy = discs[:, 1].copy()
        self.R = discs[:, 2] + self.radius + disc_gap
        self.bounds = bounds
        self.roof = roof
        self.roof_parity = roof
        self.roof_convex = roof_convex

    def near(self, window: Bounds, pad: float = 1.0) -> Arena:
        """The same arena, exact for centres and segments inside ``window``, and cheaper."""
        x0, y0, x1, y1 = window
        out = copy.copy(self)
        m = self.rho + pad
        out.walls = self.walls.near(x0 - m, y0 - m, x1 + m, y1 + m)
        out.walls_parity = self.walls_parity.strip(x0, y0, x1, y1)
        out.wx, out.wy = out.walls.corners()
        if self.cx.size:
            reach = self.R + pad
            keep = (
                (self.cx + reach >= x0)
                & (self.cx - reach <= x1)
                & (self.cy + reach >= y0)
                & (self.cy - reach <= y1)
            )
            out.cx, out.cy, out.R = self.cx[keep], self.cy[keep], self.R[keep]
        if self.roof is not None:
            out.roof = self.roof.near(x0 - m, y0 - m, x1 + m, y1 + m)
            out.roof_parity = self.roof_parity.strip(x0, y0, x1, y1)
        return out

    def terrain_only(self) -> Arena:
        """The same arena without the other bases: :meth:`legal` then says whether a leg
        keeps clear of the walls (a leg is legal when it keeps clear of both)."""
        out = copy.copy(self)
        out.cx = out.cy = out.R = np.zeros(0)
        return out

    def figures_only(self) -> Arena:
        """The same arena with the other bases only (no walls, no roof)."""
        out = copy.copy(self)
        out.walls = out.walls_parity = EdgeSet.empty()
        out.wx = out.wy = np.zeros(0)
        out.roof = out.roof_parity = None
        return out

    def relax_for(self, start: Point) -> None:
        """Never ask a mover to be farther from things than it already is at its start.

        A figure touching a wall (or standing in contact, or a hair inside because of
        float noise) must still be able to move away; forced moves keep 0.1 pas from
        everything, except from what they start nearer to.
        """
        sx, sy = start
        if self.cx.size:
            d = np.hypot(self.cx - sx, self.cy - sy)
            self.R = np.minimum(self.R, np.maximum(d - 1e-9, 0.0))
        if len(self.walls) or len(self.walls_parity):
            clearance = float(self.walls.distance(np.array([sx]), np.array([sy]))[0])
            if not bool(self.walls_parity.inside(np.array([sx]), np.array([sy]))[0]):
                self.rho = min(self.rho, max(clearance - 1e-9, 0.0))

    def free(
        self,
        xs: np.ndarray,
        ys: np.ndarray,
        wall_slack: float = 0.0,
        disc_slack: np.ndarray | float = 0.0,
        roof_slack: float = 0.0,
        in_walls: np.ndarray | None = None,
        in_roof: np.ndarray | None = None,
    ) -> np.ndarray:
        """Which centres are legal (with optional extra clearance for the grid's safety).

        ``in_walls`` / ``in_roof`` may give the points' containment when the caller has it
        cheaper (a grid scanline), aligned with ``xs``.
        """
        xs = np.asarray(xs, dtype=float)
        ys = np.asarray(ys, dtype=float)
        if (xs.size <= handful.FEW and self.roof is None and in_walls is None
                and np.ndim(disc_slack) == 0):
            return handful.free(self, xs, ys, wall_slack, float(disc_slack))
        ok = np.ones(xs.shape, dtype=bool)
        if self.bounds is not None:
            x0, y0, x1, y1 = self.bounds
            ok &= (xs >= x0 - TOUCH_EPS) & (xs <= x1 + TOUCH_EPS)
            ok &= (ys >= y0 - TOUCH_EPS) & (ys <= y1 + TOUCH_EPS)
        if in_walls is not None:
            ok &= ~in_walls
        if self.cx.size:
            need2 = np.maximum(self.R + disc_slack - TOUCH_EPS, 0.0) ** 2

            def clear(x: np.ndarray, y: np.ndarray) -> np.ndarray:
                d2 = (x[:, None] - self.cx) ** 2 + (y[:, None] - self.cy) ** 2
                return (d2 >= need2).all(axis=1)

            idx = np.flatnonzero(ok)
            ok.ravel()[idx] = by_blocks(clear, (xs.ravel()[idx], ys.ravel()[idx]), self.cx.size, bool)
        if len(self.walls) or len(self.walls_parity):
            idx = np.flatnonzero(ok)
            rx = xs.ravel()[idx]
            ry = ys.ravel()[idx]
            sub = self.walls.distance(rx, ry) >= self.rho + wall_slack - TOUCH_EPS
            if in_walls is None:
                sub &= ~self.walls_parity.inside(rx, ry)
            ok.ravel()[idx] = sub
        if self.roof is not None:
            assert self.roof_parity is not None
            idx = np.flatnonzero(ok)
            rx = xs.ravel()[idx]
            ry = ys.ravel()[idx]
            dist = self.roof.distance(rx, ry)
            inside = self.roof_parity.inside(rx, ry) if in_roof is None else in_roof.ravel()[idx]
            sub = inside | (dist <= INSIDE_EPS)
            if roof_slack > 0.0:
                sub &= dist >= roof_slack
            ok.ravel()[idx] = sub
        return ok

    def clear_of_walls(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """What :meth:`free` says of the walls alone (1-D points inside the arena's window):
        the part of a centre's verdict the terrain gives, the same for a point whatever
        the window (a window keeps every wall a point inside it may be too near to, and
        every edge a ray from it may cross)."""
        if not (len(self.walls) or len(self.walls_parity)):
            return np.ones(xs.size, dtype=bool)
        return (self.walls.distance(xs, ys) >= self.rho - TOUCH_EPS) & ~self.walls_parity.inside(xs, ys)

    def free_grid(
        self,
        gx: np.ndarray,
        gy: np.ndarray,
        candidates: np.ndarray,
        wall_slack: float,
        disc_slack: np.ndarray | float,
        roof_slack: float,
    ) -> np.ndarray:
        """:meth:`free` for every node of a grid (flattened row by row), among ``candidates``.

        Conservative on the boundary (a node exactly at the clearance counts as blocked):
        the grid only needs to be safe, exact answers come from :meth:`free`.
        """
        ny, nx = gy.size, gx.size
        ok = np.asarray(candidates, dtype=bool).reshape(ny, nx).copy()
        if self.bounds is not None:
            x0, y0, x1, y1 = self.bounds
            ok &= ((gx >= x0 - TOUCH_EPS) & (gx <= x1 + TOUCH_EPS))[None, :]
            ok &= ((gy >= y0 - TOUCH_EPS) & (gy <= y1 + TOUCH_EPS))[:, None]
        w = self.walls
        corners_r = np.full(self.wx.size, self.rho + wall_slack)
        discs = (
            np.concatenate([self.cx, self.wx]),
            np.concatenate([self.cy, self.wy]),
            np.concatenate([self.R + disc_slack, corners_r]),
        )
        segments = (w.ax, w.ay, w.bx, w.by, np.full(len(w), self.rho + wall_slack))
        ok &= ~grid_cover(gx, gy, discs, segments)
        if len(self.walls_parity):
            ok &= ~self.walls_parity.inside_grid(gx, gy)
        if self.roof is not None and self.roof_parity is not None:
            inside = self.roof_parity.inside_grid(gx, gy)
            inside |= edges_cover(gx, gy, self.roof, INSIDE_EPS)
            ok &= inside
            if roof_slack > 0.0:
                ok &= ~edges_cover(gx, gy, self.roof, roof_slack)
        return ok.ravel()

    def point_free(self, p: Point) -> bool:
        """Exact legality of one centre."""
        return bool(self.free(np.array([p[0]]), np.array([p[1]]))[0])

    def legal(self, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
        """Which segments ``p → q`` a base can slide along, given both ends are free.

        Other bases and wall corners are both "points that must stay R away": one test,
        each corner once (a closed ring lists it as the end of one edge and the start of
        the next). Only the segments they leave clear are tested against the walls and
        the roof's edges."""
        arrays = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (px, py, qx, qy)))
        shape = arrays[0].shape
        flat = [a.ravel() for a in arrays]
        if flat[0].size <= handful.FEW and self.roof is None:
            return handful.legal(self, *flat).reshape(shape)
        wx, wy = self.wx, self.wy
        if wx.size * flat[0].size > _DEDUP_WORK:
            wx, wy = np.unique(np.stack([wx, wy], axis=1), axis=0).T
        cx = np.concatenate([self.cx, wx])
        cy = np.concatenate([self.cy, wy])
        need = np.maximum(np.concatenate([self.R, np.full(wx.size, self.rho)]) - TOUCH_EPS, 0.0)
        ok = _clear_of_points(cx, cy, need, flat)
        for edges in (self.walls, self.roof):
            if edges is not None and len(edges):
                idx = np.flatnonzero(ok)
                ok[idx] = ~edges.crossed_strictly(*(f[idx] for f in flat))
        return ok.reshape(shape)

    def legal_past_bases(self, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray,
                         window: Bounds) -> np.ndarray:
        """What ``figures_only().near(window).legal`` says of legs lying in ``window`` (1-D,
        both ends free): whether they keep clear of the other bases, by the same test,
        without copying the arena twice (a route search asks it of every leg the walls
        let through)."""
        if px.size <= handful.FEW:
            return self.figures_only().near(window).legal(px, py, qx, qy)
        x0, y0, x1, y1 = window
        reach = self.R + 1.0  # the bases near() keeps (its default pad): the others are too far
        keep = ((self.cx + reach >= x0) & (self.cx - reach <= x1)
                & (self.cy + reach >= y0) & (self.cy - reach <= y1))
        need = np.maximum(self.R[keep] - TOUCH_EPS, 0.0)
        return _clear_of_bases(self.cx[keep], self.cy[keep], need, px, py, qx, qy)

    def legal_from(self, start: Point, qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
        """:meth:`legal` for a fan of segments from one free ``start`` (a reach's ray sweep).

        With both ends free, a point obstacle c (another base, a wall corner) blocks the
        segment exactly when its foot falls inside it and it lies nearer than its clearance
        to the line: ``0 < w·d < |d|²`` and ``(d × w)² < R²|d|²`` — two matrix products.
        """
        qx = np.asarray(qx, dtype=float)
        qy = np.asarray(qy, dtype=float)
        n = qx.size
        ok = np.ones(n, dtype=bool)
        if n == 0:
            return ok
        sx, sy = start
        px = np.concatenate([self.cx, self.wx]) - sx
        py = np.concatenate([self.cy, self.wy]) - sy
        rad = np.concatenate([self.R, np.full(self.wx.size, self.rho)]) - TOUCH_EPS
        rad2 = np.maximum(rad, 0.0) ** 2
        m = px.size
        walls = self.walls
        ne = len(walls)
        if ne:
            op = walls.ex * (sy - walls.ay) - walls.ey * (sx - walls.ax)
            kq = walls.ex * walls.ay - walls.ey * walls.ax
        step = max(1, 12_000 // max(m + ne, 1))
        for lo in range(0, n, step):
            hi = min(n, lo + step)
            dx = qx[lo:hi] - sx
            dy = qy[lo:hi] - sy
            l2 = dx * dx + dy * dy
            d = np.stack([dx, dy], axis=1)
            if m:
                dot = d @ np.stack([px, py])
                crs = d @ np.stack([py, -px])
                near = (dot > 0.0) & (dot < l2[:, None]) & (crs * crs < rad2 * l2[:, None])
                ok[lo:hi] &= ~near.any(axis=1)
            if ne:
                oa = crs[:, self.cx.size : self.cx.size + ne]
                ob = crs[:, self.cx.size + ne :]
                oq = np.stack([qx[lo:hi], qy[lo:hi]], axis=1) @ np.stack([-walls.ey, walls.ex]) - kq
                crossing = (oa * ob < 0.0) & (op * oq < 0.0)
                ok[lo:hi] &= ~crossing.any(axis=1)
        if self.roof is not None:
            ok &= ~self.roof.crossed_strictly(sx, sy, qx, qy)
        return ok

    def first_hit(self, start: Point, direction: Point, t_max: float) -> float:
        """How far a base can slide from ``start`` along a unit ``direction`` (≤ ``t_max``).

        Used by forced moves (D-2): the clearances already include the 0.1 pas margin.
        Something the base is already nearer than its clearance blocks only if the move
        approaches it.
        """
        sx, sy = start
        ux, uy = direction
        best = t_max
        if self.cx.size:
            best = min(best, _circles_hit(sx, sy, ux, uy, self.cx, self.cy, self.R))
        if len(self.walls):
            rho = np.full(self.wx.shape, self.rho)
            best = min(best, _circles_hit(sx, sy, ux, uy, self.wx, self.wy, rho))
            best = min(best, _edges_hit(sx, sy, ux, uy, self.walls, self.rho))
        if self.roof is not None:
            best = min(best, _roof_exit(sx, sy, ux, uy, self.roof, self.rho - self.radius))
        if self.bounds is not None:
            best = min(best, _box_exit(sx, sy, ux, uy, self.bounds))
        return max(best, 0.0)


def _clear_of_bases(cx: np.ndarray, cy: np.ndarray, need: np.ndarray, px: np.ndarray,
                    py: np.ndarray, qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
    """:func:`_clear_of_points` of many legs (a route search's), measuring every pair.

    There only the pairs a cheap test finds near are measured, by
    :func:`point_segment_d2`; but that test keeps every pair measuring nearer than the
    clearance (its pad is far above the float noise of either), so the verdict of each
    pair is its measure's. Against a few dozen bases half the legs come near one: then
    measuring every pair at once, term for term as :func:`point_segment_d2` does (the
    same numbers), costs less than the test, picking the near pairs out and measuring
    them."""
    ok = np.ones(px.size, dtype=bool)
    if cx.size == 0:
        return ok
    need2 = (need**2)[:, None]
    cx, cy = cx[:, None], cy[:, None]
    step = max(1, _GRAPH_BLOCK // cx.size)
    for lo in range(0, px.size, step):
        ax, ay, bx, by = px[lo : lo + step], py[lo : lo + step], qx[lo : lo + step], qy[lo : lo + step]
        ex = bx - ax
        ey = by - ay
        len2 = ex * ex + ey * ey
        safe = np.where(len2 == 0.0, 1.0, len2)
        wx = cx - ax
        wy = cy - ay
        t = wx * ex
        part = wy * ey
        t += part
        t /= safe
        np.clip(t, 0.0, 1.0, out=t)
        np.multiply(t, ex, out=part)
        wx -= part  # rx
        np.multiply(t, ey, out=part)
        wy -= part  # ry
        wx *= wx
        wy *= wy
        wx += wy  # the squared distance of each pair
        ok[lo : lo + step] = ~(wx < need2).any(axis=0)
    return ok


def _clear_of_points(cx: np.ndarray, cy: np.ndarray, need: np.ndarray, flat: list[np.ndarray]
                     ) -> np.ndarray:
    """Which legs ``flat = [px, py, qx, qy]`` keep at least ``need`` from every point ``c``
    (other bases, wall corners)."""
    if cx.size == 0:
        return np.ones(flat[0].size, bool)
    need2 = need**2
    reach = need + _LINE_PAD
    reach2 = reach**2

    def clear(px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
        # a point farther than its clearance from the leg's whole line, or whose foot on
        # it falls farther than that beyond either end, is farther from the leg: only
        # the others are measured, by the exact formula. Points by legs, or legs by
        # points: the longer side runs along numpy's inner loops.
        by_point = px.size >= cx.size
        ex, ey = qx - px, qy - py
        len2 = ex * ex + ey * ey
        span = np.sqrt(len2)
        if by_point:
            wx, wy = cx[:, None] - px, cy[:, None] - py
            r, r2 = reach[:, None], reach2[:, None]
        else:
            ex, ey, len2, span = ex[:, None], ey[:, None], len2[:, None], span[:, None]
            wx, wy = cx - px[:, None], cy - py[:, None]
            r, r2 = reach, reach2
        cross = wx * ey - wy * ex
        dot = wx * ex + wy * ey
        side = r * span + _LINE_PAD
        near = (cross * cross < r2 * len2) & (dot > -side) & (dot < len2 + side)
        at = np.flatnonzero(near | (len2 == 0.0))  # (row-major, cheaper than np.nonzero's walk)
        if by_point:
            k = at // px.size
            leg = at - k * px.size
        else:
            leg = at // cx.size
            k = at - leg * cx.size
        ok = np.ones(px.size, dtype=bool)
        d2 = point_segment_d2(cx[k], cy[k], px[leg], py[leg], qx[leg], qy[leg])
        ok[leg[d2 < need2[k]]] = False
        return ok

    return by_blocks(clear, flat, cx.size, bool)


def _circles_hit(
    sx: float, sy: float, ux: float, uy: float, cx: np.ndarray, cy: np.ndarray, rad: np.ndarray
) -> float:
    """First time a point moving from ``s`` along ``u`` comes within ``rad`` of a centre."""
    wx = cx - sx
    wy = cy - sy
    b = wx * ux + wy * uy
    c = wx * wx + wy * wy - rad * rad
    t = np.full(cx.shape, np.inf)
    already = c <= 0.0
    t[already & (b > 0.0)] = 0.0
    disc = b * b - c
    ahead = ~already & (b > 0.0) & (disc >= 0.0)
    t[ahead] = b[ahead] - np.sqrt(disc[ahead])
    return float(t.min()) if t.size else math.inf


def _edges_hit(sx: float, sy: float, ux: float, uy: float, walls: EdgeSet, rho: float) -> float:
    """First time a point moving along ``u`` comes within ``rho`` of an edge's interior."""
    ex = walls.bx - walls.ax
    ey = walls.by - walls.ay
    length = np.hypot(ex, ey)
    ok = length > 0.0
    length = np.where(ok, length, 1.0)
    tx = ex / length
    ty = ey / length
    nx = -ty
    ny = tx
    h = nx * (sx - walls.ax) + ny * (sy - walls.ay)
    flip = h < 0.0
    nx = np.where(flip, -nx, nx)
    ny = np.where(flip, -ny, ny)
    h = np.abs(h)
    nu = nx * ux + ny * uy
    approaching = nu < 0.0
    safe = np.where(approaching, -nu, 1.0)
    t = np.maximum((h - rho) / safe, 0.0)
    hx = sx + t * ux - walls.ax
    hy = sy + t * uy - walls.ay
    proj = hx * tx + hy * ty
    valid = ok & approaching & (proj >= 0.0) & (proj <= length)
    return float(t[valid].min()) if valid.any() else math.inf


def _roof_exit(sx: float, sy: float, ux: float, uy: float, roof: EdgeSet, margin: float) -> float:
    """How far the centre can go along ``u`` and stay ``margin`` inside the roof polygon."""
    ex = roof.bx - roof.ax
    ey = roof.by - roof.ay
    length = np.hypot(ex, ey)
    ok = length > 0.0
    length = np.where(ok, length, 1.0)
    nx = -ey / length  # inward normal of a counter-clockwise ring
    ny = ex / length
    h = nx * (sx - roof.ax) + ny * (sy - roof.ay)
    nu = nx * ux + ny * uy
    leaving = ok & (nu < 0.0)
    safe = np.where(leaving, -nu, 1.0)
    cross_t = h / safe
    hx = sx + cross_t * ux - roof.ax
    hy = sy + cross_t * uy - roof.ay
    proj = (hx * ex + hy * ey) / length
    valid = leaving & (cross_t >= -TOUCH_EPS) & (proj >= -TOUCH_EPS) & (proj <= length + TOUCH_EPS)
    if not valid.any():
        return math.inf
    t = (h - margin) / safe
    return float(max(t[valid].min(), 0.0))


def _box_exit(sx: float, sy: float, ux: float, uy: float, bounds: Bounds) -> float:
    """How far the centre can go along ``u`` and stay in the box (0 if leaving it already)."""
    x0, y0, x1, y1 = bounds
    best = math.inf
    for s, u, lo, hi in ((sx, ux, x0, x1), (sy, uy, y0, y1)):
        if u > 0.0:
            best = min(best, max((hi - s) / u, 0.0))
        elif u < 0.0:
            best = min(best, max((lo - s) / u, 0.0))
    return best
