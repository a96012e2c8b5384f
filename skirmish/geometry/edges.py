"""Polygon edges as numpy arrays, and the vectorised tests built on them.

Movement needs thousands of point and segment tests per query (a reach raster, a
ray sweep, string pulling). Doing them as array arithmetic over "points × edges" is
what keeps a Walk's reach under a few milliseconds; shapely stays for one-off work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely

from skirmish.geometry.primitives import Point


@dataclass(frozen=True, slots=True)
class EdgeSet:
    """Directed edges ``a → b`` of closed rings (interior on the left for filled areas)."""

    ax: np.ndarray
    ay: np.ndarray
    bx: np.ndarray
    by: np.ndarray
    ex: np.ndarray = field(init=False, repr=False)
    ey: np.ndarray = field(init=False, repr=False)
    inv_len2: np.ndarray = field(init=False, repr=False)
    _rows: list[tuple[float, ...]] | None = field(init=False, repr=False, compare=False)
    _boxes: np.ndarray | None = field(init=False, repr=False, compare=False)
    _extent: np.ndarray | None = field(init=False, repr=False, compare=False)
    _links: tuple[list[int], list[int], list[tuple[float, float, float, float]]] | None = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ex = self.bx - self.ax
        ey = self.by - self.ay
        len2 = ex * ex + ey * ey
        object.__setattr__(self, "ex", ex)
        object.__setattr__(self, "ey", ey)
        object.__setattr__(
            self, "inv_len2", np.where(len2 == 0.0, 0.0, 1.0 / np.where(len2 == 0.0, 1.0, len2))
        )
        object.__setattr__(self, "_rows", None)
        object.__setattr__(self, "_boxes", None)
        object.__setattr__(self, "_extent", None)
        object.__setattr__(self, "_links", None)

    def _take(self, keep: np.ndarray) -> EdgeSet:
        """The edges ``keep`` marks, their derived arrays sliced rather than worked out
        again (the same numbers: each is one edge's own)."""
        out = object.__new__(EdgeSet)
        for name in ("ax", "ay", "bx", "by", "ex", "ey", "inv_len2"):
            object.__setattr__(out, name, getattr(self, name)[keep])
        object.__setattr__(out, "_rows", None)
        object.__setattr__(out, "_boxes", None)
        object.__setattr__(out, "_extent", None if self._extent is None else self._extent[:, keep])
        object.__setattr__(out, "_links", None)
        return out

    def extent(self) -> np.ndarray:
        """Each edge's bounding box as rows ``x0, y0, x1, y1`` (worked out on first use:
        a table's edges are cut down to many windows)."""
        if self._extent is None:
            object.__setattr__(self, "_extent", np.stack([
                np.minimum(self.ax, self.bx), np.minimum(self.ay, self.by),
                np.maximum(self.ax, self.bx), np.maximum(self.ay, self.by)]))
        return self._extent  # type: ignore[return-value]

    def chain_boxes(self) -> np.ndarray:
        """Bounding boxes ``(x0, y0, x1, y1)`` of the runs of edges each starting where the
        one before ends (whole rings, or what a window keeps of them): a segment clear
        of every box meets no edge (worked out on first use)."""
        if self._boxes is None:
            n = len(self)
            joined = (self.bx[:-1] == self.ax[1:]) & (self.by[:-1] == self.ay[1:])
            first = np.flatnonzero(np.concatenate([[True], ~joined])) if n else np.zeros(0, int)
            boxes = np.empty((first.size, 4))
            if n:
                x0, y0, x1, y1 = self.extent()
                boxes[:, 0] = np.minimum.reduceat(x0, first)
                boxes[:, 1] = np.minimum.reduceat(y0, first)
                boxes[:, 2] = np.maximum.reduceat(x1, first)
                boxes[:, 3] = np.maximum.reduceat(y1, first)
            object.__setattr__(self, "_boxes", boxes)
        return self._boxes  # type: ignore[return-value]

    def may_meet(self, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray,
                 pad: float = 1e-6) -> np.ndarray:
        """For each segment ``p → q`` (1-D), False when its bounding box keeps more than
        ``pad`` from every :meth:`chain_boxes` box: it then surely meets no edge."""
        b = self.chain_boxes()
        return ((np.maximum(px, qx)[:, None] >= b[:, 0] - pad)
                & (np.minimum(px, qx)[:, None] <= b[:, 2] + pad)
                & (np.maximum(py, qy)[:, None] >= b[:, 1] - pad)
                & (np.minimum(py, qy)[:, None] <= b[:, 3] + pad)).any(axis=1)

    def links(self) -> tuple[list[int], list[int], list[tuple[float, float, float, float]]]:
        """For each edge, the edge ending where it starts and the one starting where it
        ends (−1 where none), and each edge as Python floats ``ax, ay, ex, ey``: how a
        route sliding along a ring's edges moves on round a corner (worked out on first
        use: a search bends several routes at the same woods)."""
        if self._links is None:
            same = (self.ax[None, :] == self.bx[:, None]) & (self.ay[None, :] == self.by[:, None])
            after = np.where(same.any(axis=1), same.argmax(axis=1), -1).tolist()  # [k, j]: j follows k
            before = np.where(same.any(axis=0), same.argmax(axis=0), -1).tolist()
            lines = list(zip(self.ax.tolist(), self.ay.tolist(), self.ex.tolist(), self.ey.tolist(),
                             strict=True))
            object.__setattr__(self, "_links", (before, after, lines))
        return self._links  # type: ignore[return-value]

    def rows(self) -> list[tuple[float, ...]]:
        """Each edge as Python floats, ``ax, ay, bx, by, ex, ey, 1/|e|²`` and its bounding
        box ``x0, y0, x1, y1``: for loops over a few points, where numpy's cost per call
        is most of the work (worked out on first use)."""
        if self._rows is None:
            cols = (self.ax, self.ay, self.bx, self.by, self.ex, self.ey, self.inv_len2,
                    *self.extent())
            object.__setattr__(self, "_rows", list(zip(*(c.tolist() for c in cols), strict=True)))
        return self._rows  # type: ignore[return-value]

    @classmethod
    def from_rings(cls, rings: Iterable[Sequence[Point]]) -> EdgeSet:
        """Edges of closed rings given without their closing corner."""
        a: list[Point] = []
        b: list[Point] = []
        for ring in rings:
            n = len(ring)
            for i in range(n):
                a.append(ring[i])
                b.append(ring[(i + 1) % n])
        arr_a = np.asarray(a, dtype=float).reshape(-1, 2)
        arr_b = np.asarray(b, dtype=float).reshape(-1, 2)
        return cls(arr_a[:, 0].copy(), arr_a[:, 1].copy(), arr_b[:, 0].copy(), arr_b[:, 1].copy())

    @classmethod
    def from_geometry(cls, geom: shapely.Geometry | None) -> EdgeSet:
        """Edges of every ring of a (multi)polygon, exteriors counter-clockwise, holes clockwise."""
        if geom is None or geom.is_empty:
            return cls.empty()
        rings: list[list[Point]] = []
        for poly in shapely.get_parts(geom):
            if poly.geom_type != "Polygon" or poly.is_empty:
                continue
            poly = shapely.geometry.polygon.orient(poly, sign=1.0)
            for ring in (poly.exterior, *poly.interiors):
                rings.append([(float(x), float(y)) for x, y in ring.coords[:-1]])
        return cls.from_rings(rings)

    @classmethod
    def empty(cls) -> EdgeSet:
        """No edges at all (a table without that kind of terrain): one set, shared (it
        holds nothing to change, and a route search strips the walls off an arena, a
        copy with none, several times)."""
        return _NO_EDGES

    def __len__(self) -> int:
        return int(self.ax.shape[0])

    def near(self, xmin: float, ymin: float, xmax: float, ymax: float) -> EdgeSet:
        """The edges whose bounding box meets a window: what a local query must look at."""
        if len(self) == 0:
            return self
        x0, y0, x1, y1 = self.extent()
        keep = (x0 <= xmax) & (x1 >= xmin) & (y0 <= ymax) & (y1 >= ymin)
        if keep.all():
            return self
        return self._take(keep)

    def strip(self, xmin: float, ymin: float, xmax: float, ymax: float) -> EdgeSet:
        """The edges a rightward ray from any point of the window may cross (for parity)."""
        if len(self) == 0:
            return self
        _, y0, x1, y1 = self.extent()
        keep = (y0 <= ymax) & (y1 >= ymin) & (x1 >= xmin)
        if keep.all():
            return self
        return self._take(keep)

    def corners(self) -> tuple[np.ndarray, np.ndarray]:
        """Both ends of every edge (duplicates are harmless for distance tests)."""
        return np.concatenate([self.ax, self.bx]), np.concatenate([self.ay, self.by])

    def inside(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Even-odd containment of points (boundary points may go either way)."""
        if len(self) == 0:
            return np.zeros(np.shape(xs), dtype=bool)
        return by_blocks(self._inside_rows, (xs, ys), len(self), bool)

    def _inside_rows(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        px = xs[:, None]
        py = ys[:, None]
        straddle = (self.ay > py) != (self.by > py)
        dy = self.by - self.ay
        safe = np.where(dy == 0.0, 1.0, dy)
        x_cross = self.ax + (py - self.ay) * (self.bx - self.ax) / safe
        crossings = np.count_nonzero(straddle & (px < x_cross), axis=1)
        return (crossings & 1).astype(bool)

    def distance(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Distance from each point to the nearest edge (``inf`` when there are none)."""
        if len(self) == 0:
            return np.full(np.shape(xs), np.inf)
        return by_blocks(self._distance_rows, (xs, ys), len(self), float)

    def _distance_rows(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        wx = xs[:, None] - self.ax
        wy = ys[:, None] - self.ay
        t = (wx * self.ex + wy * self.ey) * self.inv_len2
        np.clip(t, 0.0, 1.0, out=t)
        wx -= t * self.ex
        wy -= t * self.ey
        wx *= wx
        wy *= wy
        wx += wy
        return np.sqrt(wx.min(axis=1))

    def inside_grid(self, gx: np.ndarray, gy: np.ndarray) -> np.ndarray:
        """Even-odd containment of every node of a grid (rows = ``gy``, columns = ``gx``).

        A scanline: each row's crossings are found once and sorted, then every node counts
        the crossings to its right with one global ``searchsorted``. Nodes within ~1e-10 of
        an edge may go either way (callers keep a clearance from edges anyway).
        """
        ny, nx = gy.size, gx.size
        if len(self) == 0 or nx == 0 or ny == 0:
            return np.zeros((ny, nx), dtype=bool)
        y = gy[:, None]
        straddle = (self.ay > y) != (self.by > y)
        safe = np.where(self.ey == 0.0, 1.0, self.ey)
        xc = self.ax + (y - self.ay) * self.ex / safe
        lo = gx[0] - 1.0
        hi = gx[-1] + 1.0
        xc = np.where(straddle, np.clip(xc, lo, hi), lo)
        xc.sort(axis=1)
        span = hi - lo + 1.0
        offset = np.arange(ny, dtype=float)[:, None] * span
        flat = (xc + offset).ravel()
        queries = (gx[None, :] + offset).ravel()
        at_or_left = np.searchsorted(flat, queries, side="right").reshape(ny, nx)
        e = len(self)
        right = e - (at_or_left - np.arange(ny)[:, None] * e)
        return (right & 1).astype(bool)

    def crossed_strictly(self, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
        """For each segment ``p → q``, whether it properly crosses some edge (touching excluded)."""
        if len(self) == 0:
            return np.zeros(np.broadcast(px, py, qx, qy).shape, dtype=bool)
        return by_blocks(self._crossed_rows, (px, py, qx, qy), len(self), bool)

    def _crossed_rows(self, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
        px, py, qx, qy = px[:, None], py[:, None], qx[:, None], qy[:, None]
        dx = qx - px
        dy = qy - py
        oa = dx * (self.ay - py) - dy * (self.ax - px)
        ob = dx * (self.by - py) - dy * (self.bx - px)
        ex = self.bx - self.ax
        ey = self.by - self.ay
        op = ex * (py - self.ay) - ey * (px - self.ax)
        oq = ex * (qy - self.ay) - ey * (qx - self.ax)
        return ((oa * ob < 0.0) & (op * oq < 0.0)).any(axis=1)


#: Work on at most this many (row × column) pairs at once: temporaries past ~128 KB are
#: fresh pages from the system on every call and cost more than the arithmetic in them.
BLOCK = 12_000


_NO_EDGES = EdgeSet(np.zeros(0), np.zeros(0), np.zeros(0), np.zeros(0))


def by_blocks(
    fn: Callable[..., np.ndarray],
    rows: Sequence[np.ndarray | float],
    width: int,
    dtype: type,
) -> np.ndarray:
    """Apply a row-wise ``fn`` (1-D arrays in, one value per row out) block by block.

    The inputs are broadcast together and flattened; the result takes their shape.
    """
    arrays = np.broadcast_arrays(*(np.asarray(r, dtype=float) for r in rows))
    shape = arrays[0].shape
    flat = [a.ravel() for a in arrays]
    n = flat[0].size
    step = max(1, BLOCK // max(width, 1))
    if n <= step:
        return np.asarray(fn(*flat), dtype=dtype).reshape(shape)
    out = np.empty(n, dtype=dtype)
    for start in range(0, n, step):
        out[start : start + step] = fn(*(f[start : start + step] for f in flat))
    return out.reshape(shape)


def point_segment_d2(
    px: np.ndarray,
    py: np.ndarray,
    ax: np.ndarray,
    ay: np.ndarray,
    bx: np.ndarray,
    by: np.ndarray,
) -> np.ndarray:
    """Squared distance from points to segments ``a → b`` (broadcast like numpy)."""
    ex = bx - ax
    ey = by - ay
    wx = px - ax
    wy = py - ay
    len2 = ex * ex + ey * ey
    safe = np.where(len2 == 0.0, 1.0, len2)
    t = np.clip((wx * ex + wy * ey) / safe, 0.0, 1.0)
    rx = wx - t * ex
    ry = wy - t * ey
    return rx * rx + ry * ry


def point_segment_d2_one(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """:func:`point_segment_d2` of one point and segment in plain Python, term for term
    (numpy's cost per call on single numbers is all of the work)."""
    ex = bx - ax
    ey = by - ay
    wx = px - ax
    wy = py - ay
    len2 = ex * ex + ey * ey
    t = (wx * ex + wy * ey) / (len2 if len2 != 0.0 else 1.0)
    t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    rx = wx - t * ex
    ry = wy - t * ey
    return rx * rx + ry * ry


def grid_cover(
    gx: np.ndarray,
    gy: np.ndarray,
    discs: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
    segments: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """Grid nodes (rows ``gy``, columns ``gx``) within distance r (closed) of any disc centre
    ``(x, y, r)`` or of any segment ``(ax, ay, bx, by, r)``'s middle band.

    A segment's full r-neighbourhood (a capsule) is its band plus discs at both ends, so
    callers pass the ends as discs. Row by row, each disc and band cuts a row in one
    interval; intervals become column ranges summed into a difference array:
    O(rows × shapes + rows × columns) instead of O(rows × columns × shapes).
    """
    ny, nx = gy.size, gx.size
    if nx == 0 or ny == 0:
        return np.zeros((ny, nx), dtype=bool)
    y = gy[:, None]
    los: list[np.ndarray] = []
    his: list[np.ndarray] = []
    if discs is not None and discs[0].size:
        cx, cy, r = discs
        h2 = r * r - (y - cy) ** 2
        ok = h2 >= 0.0
        h = np.sqrt(np.where(ok, h2, 0.0))
        los.append(np.where(ok, cx - h, np.inf))
        his.append(np.where(ok, cx + h, -np.inf))
    if segments is not None and segments[0].size:
        ax, ay, bx, by, r = segments
        ex = bx - ax
        ey = by - ay
        length = np.hypot(ex, ey)
        seg = length > 0.0
        safe = np.where(seg, length, 1.0)
        ux, uy = ex / safe, ey / safe
        dy = y - ay
        r_lo, r_hi = _slab(-uy, ux * dy, -r, r)
        s_lo, s_hi = _slab(ux, uy * dy, np.zeros_like(length), length)
        lo = np.maximum(r_lo, s_lo) + ax
        hi = np.minimum(r_hi, s_hi) + ax
        ok = seg & (lo <= hi)
        los.append(np.where(ok, lo, np.inf))
        his.append(np.where(ok, hi, -np.inf))
    if not los:
        return np.zeros((ny, nx), dtype=bool)
    lo = np.concatenate(los, axis=1)
    hi = np.concatenate(his, axis=1)
    res = gx[1] - gx[0] if nx > 1 else 1.0
    c_lo = np.ceil((lo - gx[0]) / res - 1e-9)
    c_hi = np.floor((hi - gx[0]) / res + 1e-9)
    valid = (c_hi >= 0) & (c_lo <= nx - 1) & (c_lo <= c_hi)
    rows = np.broadcast_to(np.arange(ny)[:, None], lo.shape)[valid]
    start = np.clip(c_lo[valid], 0, nx - 1).astype(np.int64)
    stop = np.clip(c_hi[valid], 0, nx - 1).astype(np.int64) + 1
    width = nx + 1
    diff = np.bincount(rows * width + start, minlength=ny * width) - np.bincount(
        rows * width + stop, minlength=ny * width
    )
    return np.cumsum(diff.reshape(ny, width), axis=1)[:, :nx] > 0


def edges_cover(gx: np.ndarray, gy: np.ndarray, edges: EdgeSet, radius: float) -> np.ndarray:
    """Grid nodes within ``radius`` (closed) of any edge."""
    if len(edges) == 0:
        return np.zeros((gy.size, gx.size), dtype=bool)
    cx, cy = edges.corners()
    r = np.full(len(edges), radius)
    return grid_cover(
        gx,
        gy,
        (cx, cy, np.full(cx.size, radius)),
        (edges.ax, edges.ay, edges.bx, edges.by, r),
    )


def _slab(a: np.ndarray, b: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The x-interval (relative to the segment start) where ``lo ≤ a·x + b ≤ hi``."""
    flat = np.abs(a) < 1e-12
    safe = np.where(flat, 1.0, a)
    x1 = (lo - b) / safe
    x2 = (hi - b) / safe
    low = np.minimum(x1, x2)
    high = np.maximum(x1, x2)
    inside = (b >= lo) & (b <= hi)
    low = np.where(flat, np.where(inside, -np.inf, np.inf), low)
    high = np.where(flat, np.where(inside, np.inf, -np.inf), high)
    return low, high


def inside_rows(parity: list[tuple[float, ...]], x: float, y: float) -> bool:
    """Even-odd containment of one point among edge rows ``(ax, ay, bx, by, …)``, as
    :meth:`EdgeSet.inside` for many: a few points cost less in plain Python."""
    odd = False
    for ax, ay, bx, by, *_ in parity:
        if (ay > y) != (by > y):
            dy = by - ay
            if x < ax + (y - ay) * (bx - ax) / (dy if dy != 0.0 else 1.0):
                odd = not odd
    return odd
