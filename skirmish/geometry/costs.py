"""Movement cost along straight segments: open terrain 1 pas per pas, difficult 2 (GAP-15).

R-ACT-TERRAIN: each pas moved in difficult terrain burns 2 pas of allowance, so the cost
of a segment is its length plus the length of it lying inside difficult terrain. That
inner length is computed exactly from the crossings of the segment with the boundary of
the union of difficult pieces (overlapping woods count once), vectorised over segments.
"""

from __future__ import annotations

import math

import numpy as np

from skirmish.geometry.edges import EdgeSet, by_blocks, inside_rows
from skirmish.geometry.primitives import Point

#: A start this close to a difficult boundary takes its status from a step along the move.
_BOUNDARY = 1e-9
_NUDGE = 1e-7
#: Polylines of at most this many points are costed in plain Python.
FEW_POINTS = 16
#: Bounding boxes are widened by this much before an edge is skipped (far above float noise).
_PAD = 1e-6


class DifficultField:
    """The difficult area as oriented edges (exteriors counter-clockwise, holes clockwise).

    ``edges`` serve crossings and distances, ``parity`` containment; a field restricted to
    a window (:meth:`near`) keeps only what points and segments inside it can meet.
    """

    def __init__(self, edges: EdgeSet, parity: EdgeSet | None = None) -> None:
        self.edges = edges
        self.parity = edges if parity is None else parity
        self._signature: bytes | None = None

    def signature(self) -> bytes:
        """The exact bits of the edges and the parity edges, in order: two fields with the
        same signature cost every segment alike, to the last bit (a sum over a row of
        edges rounds by the row's length and the terms' places in it)."""
        if self._signature is None:
            e, p = self.edges, self.parity
            parts = [np.array([len(e), len(p)], dtype=float), e.ax, e.ay, e.bx, e.by, p.ax, p.ay,
                     p.bx, p.by]
            self._signature = np.concatenate(parts).tobytes()
        return self._signature

    def __bool__(self) -> bool:
        return len(self.parity) > 0

    def near(self, window: tuple[float, float, float, float]) -> DifficultField:
        """The same field, exact for points and segments inside ``window``, and cheaper."""
        return DifficultField(self.edges.near(*window), self.parity.strip(*window))

    def inside(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Points strictly inside difficult terrain (boundary points may go either way)."""
        return self.parity.inside(xs, ys)

    def start_inside(self, px: np.ndarray, py: np.ndarray, dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
        """Whether a move starting at ``p`` in direction ``d`` begins inside difficult terrain.

        A figure standing exactly on a wood's edge is "inside" when it walks in and
        "outside" when it walks out, hence the direction.
        """
        return self._start_status(px, py, dx, dy)[0]

    def _start_status(
        self, px: np.ndarray, py: np.ndarray, dx: np.ndarray, dy: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`start_inside`, and the fraction of each move its status already covers:
        a start on an edge takes its status a nudge along the move, so a crossing of its
        own edge before that nudge (float noise puts it either side) must not count again."""
        px, py, dx, dy = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (px, py, dx, dy)))
        status = self.parity.inside(px, py)
        skip = np.zeros(px.shape)
        if len(self.edges) == 0:
            return status, skip
        on_edge = self.edges.distance(px, py) <= _BOUNDARY
        if on_edge.any():
            norm = np.hypot(dx[on_edge], dy[on_edge])
            norm = np.where(norm == 0.0, 1.0, norm)
            nx = px[on_edge] + _NUDGE * dx[on_edge] / norm
            ny = py[on_edge] + _NUDGE * dy[on_edge] / norm
            status = status.copy()
            status[on_edge] = self.parity.inside(nx, ny)
            skip[on_edge] = _NUDGE / norm
        return status, skip

    def inside_lengths(
        self,
        px: np.ndarray,
        py: np.ndarray,
        qx: np.ndarray,
        qy: np.ndarray,
        start_inside: np.ndarray | None = None,
        edges: EdgeSet | None = None,
        terms: np.ndarray | None = None,
    ) -> np.ndarray:
        """Length of each segment ``p → q`` lying inside difficult terrain.

        With crossings at fractions t_k (exits +1, entries −1 by edge orientation), the
        inner length is ``(Σ s_k t_k + [ends inside]) × |q − p|``: no sorting needed.
        ``edges`` may be a local subset when the caller knows the segments stay near it.
        ``terms`` (optional, one per segment, flat) receives how many crossings each sum
        adds up.
        """
        px, py, qx, qy = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (px, py, qx, qy)))
        e = self.edges if edges is None else edges
        dx = qx - px
        dy = qy - py
        if terms is not None:
            terms[:] = 0
        if not self:
            return np.zeros(px.shape)
        if start_inside is None:
            start_inside, skip = self._start_status(px, py, dx, dy)
        else:
            skip = np.zeros(px.shape)
        if len(e) == 0:
            return np.asarray(start_inside, dtype=float) * np.hypot(dx, dy)
        start = np.broadcast_to(np.asarray(start_inside, dtype=float), px.shape)
        skip = np.broadcast_to(skip, px.shape)
        # a segment whose box keeps clear of the edges crosses none: its inner length
        # is what the row kernel gives it with no crossing (its start's status, whole)
        flat = [a.ravel() for a in (px, py, qx, qy, dx, dy, start, skip)]
        may = e.may_meet(*flat[:4])
        out = np.where(flat[6] > 0.5, np.hypot(flat[4], flat[5]), 0.0)
        if may.any():
            rows = [a[may] for a in (flat[0], flat[1], flat[4], flat[5], flat[6], flat[7])]
            counts: list[np.ndarray] = []  # each block's, in order

            def kernel(*r: np.ndarray) -> np.ndarray:
                inner, count = _inside_rows(e, *r)
                counts.append(count)
                return inner

            out[may] = by_blocks(kernel, rows, len(e), float)
            if terms is not None:
                terms[may] = np.concatenate(counts)
        return out.reshape(px.shape)

    def segment_costs(
        self,
        px: np.ndarray,
        py: np.ndarray,
        qx: np.ndarray,
        qy: np.ndarray,
        ignore_difficult: bool = False,
        start_inside: np.ndarray | None = None,
        terms: np.ndarray | None = None,
    ) -> np.ndarray:
        """Movement cost of each segment (GAP-15 reading a: difficult pas count double);
        ``terms`` as :meth:`inside_lengths` (left alone when difficult terrain is ignored)."""
        px, py, qx, qy = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (px, py, qx, qy)))
        length = np.hypot(qx - px, qy - py)
        if ignore_difficult or not self:
            if terms is not None:
                terms[:] = 0
            return length
        return length + self.inside_lengths(px, py, qx, qy, start_inside, terms=terms)

    def costs_from_nodes(
        self,
        nx: np.ndarray,
        ny: np.ndarray,
        src: np.ndarray,
        qx: np.ndarray,
        qy: np.ndarray,
        ignore_difficult: bool = False,
        terms: np.ndarray | None = None,
    ) -> np.ndarray:
        """:meth:`segment_costs` of the legs ``node[src] → q`` (a graph's legs, many from
        each of a few nodes): whether each node lies in difficult terrain is found once,
        not once per leg; a leg from a node on a difficult edge, whose status depends on
        its direction, is costed as :meth:`segment_costs` costs it. ``terms`` as there."""
        px, py = nx[src], ny[src]
        if ignore_difficult or not self:
            return self.segment_costs(px, py, qx, qy, ignore_difficult, terms=terms)
        inside = self.parity.inside(nx, ny)
        on_edge = (self.edges.distance(nx, ny) <= _BOUNDARY)[src] if len(self.edges) else \
            np.zeros(src.size, dtype=bool)
        if not on_edge.any():
            return self.segment_costs(px, py, qx, qy, start_inside=inside[src], terms=terms)
        out = np.empty(src.size)
        plain = ~on_edge
        part = None if terms is None else np.zeros(int(plain.sum()), dtype=np.int64)
        out[plain] = self.segment_costs(px[plain], py[plain], qx[plain], qy[plain],
                                        start_inside=inside[src[plain]], terms=part)
        if terms is not None:
            terms[plain] = part
            part = np.zeros(int(on_edge.sum()), dtype=np.int64)
        out[on_edge] = self.segment_costs(px[on_edge], py[on_edge], qx[on_edge], qy[on_edge],
                                          terms=part)
        if terms is not None:
            terms[on_edge] = part
        return out

    def costs_from(
        self, start: Point, qx: np.ndarray, qy: np.ndarray, ignore_difficult: bool = False
    ) -> np.ndarray:
        """:meth:`segment_costs` for a fan of segments from one ``start`` (a ray sweep):
        the per-edge terms that depend only on the start are computed once."""
        qx = np.asarray(qx, dtype=float)
        qy = np.asarray(qy, dtype=float)
        sx, sy = start
        length = np.hypot(qx - sx, qy - sy)
        if ignore_difficult or not self:
            return length
        e = self.edges
        dist0 = float(e.distance(np.array([sx]), np.array([sy]))[0]) if len(e) else np.inf
        if dist0 <= _BOUNDARY:
            return length + self.inside_lengths(sx, sy, qx, qy)
        start_in = bool(self.parity.inside(np.array([sx]), np.array([sy]))[0])
        if len(e) == 0:
            return length * (2.0 if start_in else 1.0)
        wax = e.ax - sx
        way = e.ay - sy
        wbx = e.bx - sx
        wby = e.by - sy
        k = wax * e.ey - way * e.ex  # cross(a − s, edge): t = k / (ob − oa)
        out = np.empty(qx.size)
        step = max(1, 12_000 // len(e))
        for lo in range(0, qx.size, step):
            hi = min(qx.size, lo + step)
            d = np.stack([qx[lo:hi] - sx, qy[lo:hi] - sy], axis=1)
            oa = d @ np.stack([way, -wax])
            ob = d @ np.stack([wby, -wbx])
            straddle = (oa > 0.0) != (ob > 0.0)
            denom = ob - oa
            t = k / np.where(straddle, denom, 1.0)
            valid = straddle & (t > 0.0) & (t < 1.0)
            signed = np.where(valid, np.where(denom > 0.0, t, -t), 0.0).sum(axis=1)
            odd = (np.count_nonzero(valid, axis=1) & 1).astype(bool)
            frac = np.clip(signed + (start_in ^ odd), 0.0, 1.0)
            out[lo:hi] = length[lo:hi] * (1.0 + frac)
        return out

    def path_cost(self, points: list[Point] | tuple[Point, ...], ignore_difficult: bool = False) -> float:
        """Exact cost of a polyline."""
        if len(points) < 2:
            return 0.0
        costs = None
        if len(points) <= FEW_POINTS:
            costs = self._few_costs(points, ignore_difficult)
        if costs is None:
            arr = np.asarray(points, dtype=float)
            costs = self.segment_costs(arr[:-1, 0], arr[:-1, 1], arr[1:, 0], arr[1:, 1], ignore_difficult)
        return float(np.asarray(costs, dtype=float).sum())

    def _few_costs(self, points: list[Point] | tuple[Point, ...], ignore_difficult: bool
                   ) -> list[float] | None:
        """:meth:`segment_costs` of a short polyline's legs in plain Python, formula for
        formula (numpy's fixed cost per call is most of the work on a few legs); None
        when a leg crosses the edges more than twice, where the order in which numpy
        adds up the crossings' terms could change the last bit."""
        rough = bool(self) and not ignore_difficult
        edges = self.edges.rows() if rough else []
        parity = self.parity.rows() if rough else []
        boxes = self.edges.chain_boxes().tolist() if rough else []
        out = []
        for (px, py), (qx, qy) in zip(points, points[1:], strict=False):
            dx = qx - px
            dy = qy - py
            length = float(np.hypot(dx, dy))
            if not rough:
                out.append(length)
                continue
            start, skip = inside_rows(parity, px, py), 0.0
            if edges and _few_on_edge(edges, px, py):
                norm = length if length != 0.0 else 1.0
                start = inside_rows(parity, px + _NUDGE * dx / norm, py + _NUDGE * dy / norm)
                skip = _NUDGE / norm
            lx0, lx1 = min(px, qx), max(px, qx)
            ly0, ly1 = min(py, qy), max(py, qy)
            terms = []
            if any(lx1 >= b[0] - _PAD and lx0 <= b[2] + _PAD and ly1 >= b[1] - _PAD
                   and ly0 <= b[3] + _PAD for b in boxes):
                for ax, ay, bx, by, ex, ey, _, x0, y0, x1, y1 in edges:
                    if x1 < lx0 - _PAD or x0 > lx1 + _PAD or y1 < ly0 - _PAD or y0 > ly1 + _PAD:
                        continue
                    wax = ax - px
                    way = ay - py
                    oa = dx * way - dy * wax
                    ob = dx * (by - py) - dy * (bx - px)
                    if (oa > 0.0) != (ob > 0.0):
                        denom = ob - oa
                        t = (wax * ey - way * ex) / denom
                        if skip < t < 1.0:
                            terms.append(t if denom > 0.0 else -t)
                if len(terms) > 2:
                    return None
            frac = sum(terms, 0.0) + (1.0 if start != bool(len(terms) & 1) else 0.0)
            frac = 0.0 if frac < 0.0 else (1.0 if frac > 1.0 else frac)
            out.append(length + frac * length)
        return out

    def intervals(self, a: Point, b: Point) -> list[tuple[float, float, bool]]:
        """The segment ``a → b`` cut at the difficult boundary: ``(t0, t1, inside)`` fractions.

        Used to find where a path's allowance runs out (truncate, forced moves).
        """
        if not self or a == b:
            return [(0.0, 1.0, False)] if not self else [(0.0, 1.0, bool(self._start(a, b)))]
        e = self.edges
        dx = b[0] - a[0]
        dy = b[1] - a[1]
        wax = e.ax - a[0]
        way = e.ay - a[1]
        oa = dx * way - dy * wax
        ob = dx * (e.by - a[1]) - dy * (e.bx - a[0])
        straddle = (oa > 0.0) != (ob > 0.0)
        safe = np.where(straddle, ob - oa, 1.0)
        t = (wax * (e.by - e.ay) - way * (e.bx - e.ax)) / safe
        status_arr, skip = self._start_status(np.array(a[0]), np.array(a[1]), np.array(dx), np.array(dy))
        ts = np.sort(t[straddle & (t > float(skip)) & (t < 1.0)])
        status = bool(status_arr)
        out: list[tuple[float, float, bool]] = []
        prev = 0.0
        for tk in ts.tolist():
            out.append((prev, tk, status))
            status = not status
            prev = tk
        out.append((prev, 1.0, status))
        return [iv for iv in out if iv[1] > iv[0]] or [(0.0, 1.0, status)]

    def _start(self, a: Point, b: Point) -> bool:
        return bool(
            self.start_inside(np.array(a[0]), np.array(a[1]), np.array(b[0] - a[0]), np.array(b[1] - a[1]))
        )



def _few_on_edge(edges: list[tuple[float, ...]], x: float, y: float) -> bool:
    """Whether an edge lies within ``_BOUNDARY`` of the point (``EdgeSet.distance``)."""
    reach = _BOUNDARY + _PAD
    for ax, ay, _, _, ex, ey, inv, x0, y0, x1, y1 in edges:
        if x < x0 - reach or x > x1 + reach or y < y0 - reach or y > y1 + reach:
            continue
        wx = x - ax
        wy = y - ay
        t = (wx * ex + wy * ey) * inv
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        wx -= t * ex
        wy -= t * ey
        if math.sqrt(wx * wx + wy * wy) <= _BOUNDARY:
            return True
    return False


def _inside_rows(
    e: EdgeSet,
    px: np.ndarray,
    py: np.ndarray,
    dx: np.ndarray,
    dy: np.ndarray,
    start: np.ndarray,
    skip: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Row kernel of :meth:`DifficultField.inside_lengths` (1-D inputs): each row's inner
    length and how many crossings it adds up; crossings up to ``skip`` of the way belong
    to the start's status."""
    PX = px[:, None]
    PY = py[:, None]
    DX = dx[:, None]
    DY = dy[:, None]
    wax = e.ax - PX
    way = e.ay - PY
    oa = DX * way - DY * wax
    ob = DX * (e.by - PY) - DY * (e.bx - PX)
    straddle = (oa > 0.0) != (ob > 0.0)
    denom = ob - oa
    safe = np.where(straddle, denom, 1.0)
    ex = e.bx - e.ax
    ey = e.by - e.ay
    t = (wax * ey - way * ex) / safe
    valid = straddle & (t > skip[:, None]) & (t < 1.0)
    signed = np.where(valid, np.where(denom > 0.0, t, -t), 0.0).sum(axis=1)
    count = np.count_nonzero(valid, axis=1)
    end_inside = (start > 0.5) ^ ((count & 1).astype(bool))
    frac = signed + end_inside
    return np.clip(frac, 0.0, 1.0) * np.hypot(dx, dy), count


def advance_fraction(
    intervals: list[tuple[float, float, bool]], length: float, budget: float, ignore_difficult: bool
) -> tuple[float, float]:
    """How far along a segment (fraction) a cost budget lasts, and the cost spent getting there."""
    spent = 0.0
    for t0, t1, inside in intervals:
        rate = 1.0 if ignore_difficult or not inside else 2.0
        piece = (t1 - t0) * length * rate
        if spent + piece >= budget:
            if rate * length == 0.0:
                return t1, spent
            return t0 + (budget - spent) / (rate * length), budget
        spent += piece
    return 1.0, spent
