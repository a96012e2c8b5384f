"""Single queries in plain Python: one straight leg, one slide, one polyline's cost.

The rules mostly ask about one segment at a time (a Walk straight to a point, a forced
move, the cost of the route just taken). For such a query numpy's fixed cost per call
is most of the work, so these answer from Python tuples instead, and look only at the
terrain rings and the bases whose bounding boxes come near the segment. They follow the
vectorised code of :mod:`arena`, :mod:`costs` and :mod:`forced` formula for formula, so
a single leg gets the same answer whichever way it is asked, to the last bit (but for
the order in which a sum of several terms is added up: numpy adds long rows pairwise);
batches (grids, ray sweeps, string pulling) stay with numpy.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np

from skirmish.geometry.costs import _BOUNDARY, _NUDGE, DifficultField, advance_fraction
from skirmish.geometry.edges import EdgeSet, point_segment_d2_one
from skirmish.geometry.paths import Path
from skirmish.geometry.primitives import TOUCH_EPS, Disc, Point

Box = tuple[float, float, float, float]
#: One edge: ``ax, ay, bx, by, ex, ey, 1/|e|², |e|, ex/|e|, ey/|e|`` (numpy-computed).
Row = tuple[float, float, float, float, float, float, float, float, float, float]
#: Bounding boxes are widened by this much, so float noise never drops an edge that counts.
PAD = 1e-6
#: Segment costs remembered per table, at most (then the memo starts afresh).
SEGMENT_MEMO_SIZE = 20_000


def hypot(x: float, y: float) -> float:
    """``np.hypot`` of two floats: ``math.hypot`` rounds differently in the last bit, and
    lengths here must equal the vectorised code's. The C library's ``hypot``, which numpy
    calls, is also what the absolute value of a complex number calls: the same bits,
    without a numpy call's fixed cost on two floats."""
    return abs(complex(x, y))


class Rings:
    """An :class:`EdgeSet` of closed rings as Python tuples, ring by ring with bounding
    boxes: a query skips every ring whose box is far from it.

    A closed ring far to the left of a point crosses its rightward ray an even number of
    times, so skipping it never changes even-odd containment.
    """

    def __init__(self, edges: EdgeSet) -> None:
        length = np.hypot(edges.ex, edges.ey)
        safe = np.where(length > 0.0, length, 1.0)
        columns = (
            edges.ax, edges.ay, edges.bx, edges.by, edges.ex, edges.ey,
            edges.inv_len2, length, edges.ex / safe, edges.ey / safe,
        )
        rows: list[Row] = list(zip(*(c.tolist() for c in columns), strict=True))
        self.count = len(rows)
        self.rings: list[tuple[float, float, float, float, list[Row]]] = []
        start = 0
        for i, row in enumerate(rows):
            if (row[2], row[3]) == (rows[start][0], rows[start][1]) or i == len(rows) - 1:
                ring = rows[start : i + 1]
                xs = [e[0] for e in ring]
                ys = [e[1] for e in ring]
                self.rings.append((min(xs), min(ys), max(xs), max(ys), ring))
                start = i + 1

    def near(self, box: Box, reach: float = 0.0) -> Iterator[Row]:
        """The edges of the rings whose box comes within ``reach`` of ``box``."""
        x0, y0, x1, y1 = box
        m = reach + PAD
        for rx0, ry0, rx1, ry1, ring in self.rings:
            if rx0 - m <= x1 and rx1 + m >= x0 and ry0 - m <= y1 and ry1 + m >= y0:
                yield from ring

    def inside(self, x: float, y: float) -> bool:
        """Even-odd containment, as :meth:`EdgeSet.inside`."""
        odd = False
        for x0, y0, x1, y1, ring in self.rings:
            if y < y0 or y > y1 or x < x0 - PAD or x > x1 + PAD:
                continue
            for ax, ay, bx, by, *_ in ring:
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    odd = not odd
        return odd

    def min_d2(self, x: float, y: float, reach: float) -> float:
        """Squared distance to the nearest edge when some edge lies within ``reach``
        (otherwise at least ``reach²``, maybe ``inf``)."""
        best = math.inf
        for ax, ay, _, _, ex, ey, inv, *_ in self.near((x, y, x, y), reach):
            wx = x - ax
            wy = y - ay
            t = (wx * ex + wy * ey) * inv
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            wx -= t * ex
            wy -= t * ey
            d2 = wx * wx + wy * wy
            if d2 < best:
                best = d2
        return best

    def crossed(self, px: float, py: float, qx: float, qy: float) -> bool:
        """Whether ``p → q`` properly crosses an edge, as :meth:`EdgeSet.crossed_strictly`."""
        dx = qx - px
        dy = qy - py
        for ax, ay, bx, by, ex, ey, *_ in self.near(_box(px, py, qx, qy)):
            oa = dx * (ay - py) - dy * (ax - px)
            ob = dx * (by - py) - dy * (bx - px)
            if oa * ob < 0.0:
                op = ex * (py - ay) - ey * (px - ax)
                oq = ex * (qy - ay) - ey * (qx - ax)
                if op * oq < 0.0:
                    return True
        return False


def _box(px: float, py: float, qx: float, qy: float) -> Box:
    """The bounding box of ``p`` and ``q``: ``min`` and ``max`` written out (the same
    picks, ties to the first), as every single-leg query builds one."""
    return (px if px <= qx else qx, py if py <= qy else qy,
            qx if qx > px else px, qy if qy > py else py)


class Field:
    """The whole table's difficult area (:class:`DifficultField`) for single segments.

    The cost of a segment through difficult terrain is remembered (the terrain never
    moves): a computer's straight walk is costed where it slides, again when the rules
    plan the walk to its end, and again when the figure moves along it."""

    def __init__(self, field: DifficultField) -> None:
        self.rings = Rings(field.edges)
        self.any = bool(field)
        self._costs: dict[tuple[float, float, float, float], float] = {}

    def start_status(self, px: float, py: float, dx: float, dy: float) -> tuple[bool, float]:
        """Whether a move from ``p`` along ``d`` starts inside difficult terrain, and the
        fraction of it that status covers (:meth:`DifficultField._start_status`)."""
        status = self.rings.inside(px, py)
        if not math.sqrt(self.rings.min_d2(px, py, _BOUNDARY)) <= _BOUNDARY:
            return status, 0.0
        norm = hypot(dx, dy)
        norm = norm if norm != 0.0 else 1.0
        return self.rings.inside(px + _NUDGE * dx / norm, py + _NUDGE * dy / norm), _NUDGE / norm

    def segment_cost(self, px: float, py: float, qx: float, qy: float, ignore_difficult: bool) -> float:
        """Cost of one segment (GAP-15 a), as :meth:`DifficultField.segment_costs`."""
        if ignore_difficult or not self.any:
            return hypot(qx - px, qy - py)
        key = (px, py, qx, qy)  # -0.0 and 0.0 meet in a key, and give the same sums
        cost = self._costs.get(key)
        if cost is None:
            if len(self._costs) >= SEGMENT_MEMO_SIZE:
                self._costs.clear()
            cost = self._costs[key] = self._segment_cost(px, py, qx, qy)
        return cost

    def _segment_cost(self, px: float, py: float, qx: float, qy: float) -> float:
        """:meth:`segment_cost` through the difficult area, worked out."""
        dx = qx - px
        dy = qy - py
        length = hypot(dx, dy)
        start, skip = self.start_status(px, py, dx, dy)
        signed = 0.0
        count = 0
        for ax, ay, bx, by, ex, ey, *_ in self.rings.near(_box(px, py, qx, qy)):
            wax = ax - px
            way = ay - py
            oa = dx * way - dy * wax
            ob = dx * (by - py) - dy * (bx - px)
            if (oa > 0.0) != (ob > 0.0):
                denom = ob - oa
                t = (wax * ey - way * ex) / denom
                if skip < t < 1.0:
                    signed += t if denom > 0.0 else -t
                    count += 1
        frac = signed + (1.0 if start != bool(count & 1) else 0.0)
        frac = 0.0 if frac < 0.0 else (1.0 if frac > 1.0 else frac)
        return length + frac * length

    def path_cost(self, points: Sequence[Point], ignore_difficult: bool) -> float:
        """Cost of a polyline, as :meth:`DifficultField.path_cost`."""
        return sum(
            (self.segment_cost(a[0], a[1], b[0], b[1], ignore_difficult)
             for a, b in zip(points, points[1:], strict=False)),
            0.0,
        )

    def intervals(self, a: Point, b: Point) -> list[tuple[float, float, bool]]:
        """The segment cut at the difficult boundary, as :meth:`DifficultField.intervals`."""
        if not self.any:
            return [(0.0, 1.0, False)]
        dx = b[0] - a[0]
        dy = b[1] - a[1]
        status, skip = self.start_status(a[0], a[1], dx, dy)
        if a == b:
            return [(0.0, 1.0, status)]
        ts = []
        for ax, ay, bx, by, ex, ey, *_ in self.rings.near(_box(a[0], a[1], b[0], b[1])):
            wax = ax - a[0]
            way = ay - a[1]
            oa = dx * way - dy * wax
            ob = dx * (by - a[1]) - dy * (bx - a[0])
            if (oa > 0.0) != (ob > 0.0):
                t = (wax * ey - way * ex) / (ob - oa)
                if skip < t < 1.0:
                    ts.append(t)
        out: list[tuple[float, float, bool]] = []
        prev = 0.0
        for tk in sorted(ts):
            out.append((prev, tk, status))
            status = not status
            prev = tk
        out.append((prev, 1.0, status))
        return [iv for iv in out if iv[1] > iv[0]] or [(0.0, 1.0, status)]


class Clearances:
    """What one base must keep clear of near one segment: :class:`Arena` for a few points
    and one leg, in plain Python (no roof; the walls are the whole table's)."""

    def __init__(
        self, walls: Rings, rho: float, discs: list[tuple[float, float, float]], bounds: Box
    ) -> None:
        self.walls = walls
        self.rho = rho
        self.discs = discs
        self.bounds = bounds

    def relax_for(self, sx: float, sy: float) -> None:
        """:meth:`Arena.relax_for`: never farther from things than the start already is."""
        for k, (cx, cy, need) in enumerate(self.discs):
            if abs(cx - sx) <= need + PAD and abs(cy - sy) <= need + PAD:
                d = hypot(cx - sx, cy - sy)
                self.discs[k] = (cx, cy, min(need, max(d - 1e-9, 0.0)))
        if self.walls.count:
            d2 = self.walls.min_d2(sx, sy, self.rho)
            if d2 < math.inf and not self.walls.inside(sx, sy):
                self.rho = min(self.rho, max(math.sqrt(d2) - 1e-9, 0.0))

    def free(self, x: float, y: float) -> bool:
        """Exact legality of one centre, as :meth:`Arena.free`."""
        x0, y0, x1, y1 = self.bounds
        if not (x0 - TOUCH_EPS <= x <= x1 + TOUCH_EPS and y0 - TOUCH_EPS <= y <= y1 + TOUCH_EPS):
            return False
        for cx, cy, need in self.discs:
            m = max(need - TOUCH_EPS, 0.0)
            if (x - cx) * (x - cx) + (y - cy) * (y - cy) < m * m:
                return False
        if self.walls.count:
            d2 = self.walls.min_d2(x, y, self.rho)
            if d2 < math.inf and math.sqrt(d2) < self.rho - TOUCH_EPS:
                return False
            return not self.walls.inside(x, y)
        return True

    def legal(self, px: float, py: float, qx: float, qy: float) -> bool:
        """Whether the base can slide along ``p → q`` given both ends are free (:meth:`Arena.legal`)."""
        for cx, cy, need in self.discs:
            m = max(need - TOUCH_EPS, 0.0)
            if point_segment_d2_one(cx, cy, px, py, qx, qy) < m * m:
                return False
        m = max(self.rho - TOUCH_EPS, 0.0)
        for ax, ay, *_ in self.walls.near(_box(px, py, qx, qy), self.rho):
            if point_segment_d2_one(ax, ay, px, py, qx, qy) < m * m:
                return False
        return not self.walls.crossed(px, py, qx, qy)

    def first_hit(self, sx: float, sy: float, ux: float, uy: float, t_max: float) -> float:
        """How far the base can slide along a unit direction, as :meth:`Arena.first_hit`."""
        best = t_max
        for cx, cy, rad in self.discs:  # _circle_hit written out: one call less per base
            wx = cx - sx
            wy = cy - sy
            b = wx * ux + wy * uy
            if b <= 0.0:
                continue
            c = wx * wx + wy * wy - rad * rad
            if c <= 0.0:
                best = min(best, 0.0)
                continue
            disc = b * b - c
            if disc >= 0.0:
                hit = b - math.sqrt(disc)
                if hit < best:
                    best = hit
        rho = self.rho
        box = _box(sx, sy, sx + t_max * ux, sy + t_max * uy)
        for ax, ay, _, _, _, _, _, length, tx, ty in self.walls.near(box, rho):
            best = min(best, _circle_hit(sx, sy, ux, uy, ax, ay, rho))
            if length > 0.0:
                best = min(best, _edge_hit(sx, sy, ux, uy, ax, ay, length, tx, ty, rho))
        x0, y0, x1, y1 = self.bounds
        for s, u, lo, hi in ((sx, ux, x0, x1), (sy, uy, y0, y1)):
            if u > 0.0:
                best = min(best, max((hi - s) / u, 0.0))
            elif u < 0.0:
                best = min(best, max((lo - s) / u, 0.0))
        return max(best, 0.0)


def _circle_hit(sx: float, sy: float, ux: float, uy: float, cx: float, cy: float, rad: float) -> float:
    """First time a point moving from ``s`` along ``u`` comes within ``rad`` of ``c``
    (:func:`arena._circles_hit`)."""
    wx = cx - sx
    wy = cy - sy
    b = wx * ux + wy * uy
    if b <= 0.0:
        return math.inf
    c = wx * wx + wy * wy - rad * rad
    if c <= 0.0:
        return 0.0
    disc = b * b - c
    return b - math.sqrt(disc) if disc >= 0.0 else math.inf


def _edge_hit(
    sx: float, sy: float, ux: float, uy: float,
    ax: float, ay: float, length: float, tx: float, ty: float, rho: float,
) -> float:
    """First time a point moving along ``u`` comes within ``rho`` of an edge's interior
    (:func:`arena._edges_hit`)."""
    nx = -ty
    ny = tx
    h = nx * (sx - ax) + ny * (sy - ay)
    if h < 0.0:
        nx, ny, h = -nx, -ny, abs(h)
    nu = nx * ux + ny * uy
    if nu >= 0.0:
        return math.inf
    t = max((h - rho) / -nu, 0.0)
    proj = (sx + t * ux - ax) * tx + (sy + t * uy - ay) * ty
    return t if 0.0 <= proj <= length else math.inf


class Scene:
    """A table's walls and difficult area as :class:`Rings`, and the single-leg queries
    :class:`Table` answers from them."""

    def __init__(self, walls: EdgeSet, field: DifficultField) -> None:
        self.walls = Rings(walls)
        self.field = Field(field)

    def clearances(
        self, mover: Disc, obstacles: Sequence[Sequence[float]] | np.ndarray, box: Box,
        bounds: Box, wall_gap: float = 0.0, disc_gap: float = 0.0,
    ) -> Clearances:
        """The mover's clearances for centres and legs inside ``box``: other bases
        (without the mover itself) whose clearance disc reaches it, and the walls."""
        x, y, r = mover
        x0, y0, x1, y1 = box
        discs = []
        if isinstance(obstacles, np.ndarray):
            obstacles = obstacles.tolist()  # Python floats: the same values, cheaper to read
        for cx, cy, orad in obstacles:
            need = orad + r + disc_gap
            if cx + need < x0 or cx - need > x1 or cy + need < y0 or cy - need > y1:
                continue
            if abs(cx - x) < 1e-9 and abs(cy - y) < 1e-9 and hypot(cx - x, cy - y) < 1e-9:
                continue
            discs.append((cx, cy, need))
        return Clearances(self.walls, r + wall_gap, discs, bounds)

    def straight(
        self, mover: Disc, end: Point, obstacles: Sequence[Sequence[float]] | np.ndarray,
        bounds: Box, ignore_difficult: bool,
    ) -> tuple[bool, Path | None]:
        """Whether ``end`` is a free centre for the mover, and the straight leg to it if
        that is legal (:func:`planner.straight_leg`, clearances relaxed at the start)."""
        x, y, _ = mover
        c = self.clearances(mover, obstacles, _box(x, y, end[0], end[1]), bounds)
        c.relax_for(x, y)
        if not c.free(end[0], end[1]):
            return False, None
        if end == (x, y):
            return True, Path.stay(end)
        if not c.legal(x, y, end[0], end[1]):
            return True, None
        cost = self.field.segment_cost(x, y, end[0], end[1], ignore_difficult)
        return True, Path(((x, y), end), cost)

    def slide(
        self, mover: Disc, towards: Point, allowance: float,
        obstacles: Sequence[Sequence[float]] | np.ndarray, bounds: Box, ignore_difficult: bool,
        wall_gap: float, disc_gap: float,
    ) -> Path:
        """A forced straight move, as :func:`forced.slide` on the mover's arena."""
        sx, sy, _ = mover
        dx = towards[0] - sx
        dy = towards[1] - sy
        dist = math.hypot(dx, dy)
        if dist == 0.0 or allowance <= 0.0:
            return Path.stay((sx, sy))
        ux = dx / dist
        uy = dy / dist
        box = _box(sx, sy, sx + allowance * ux, sy + allowance * uy)
        c = self.clearances(mover, obstacles, box, bounds, wall_gap, disc_gap)
        free = c.first_hit(sx, sy, ux, uy, allowance)
        if free <= 0.0:
            return Path.stay((sx, sy))
        if ignore_difficult or not self.field.any:
            travel = min(free, allowance)
        else:
            far = (sx + free * ux, sy + free * uy)
            frac, _ = advance_fraction(self.field.intervals((sx, sy), far), free, allowance, False)
            travel = frac * free
        if travel <= 0.0:
            return Path.stay((sx, sy))
        end = (sx + travel * ux, sy + travel * uy)
        return Path(((sx, sy), end), self.field.segment_cost(sx, sy, end[0], end[1], ignore_difficult))
