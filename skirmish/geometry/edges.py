"""Polygon edges as numpy arrays, and the vectorised tests built on them.

Movement needs thousands of point and segment tests per query (a reach raster, a
ray sweep, string pulling). Doing them as array arithmetic over "points × edges" is
what keeps a Walk's reach under a few milliseconds; shapely stays for one-off work.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

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
        """No edges at all (a table without that kind of terrain)."""
        z = np.zeros(0)
        return cls(z, z, z, z)

    def __len__(self) -> int:
        return int(self.ax.shape[0])

    def near(self, xmin: float, ymin: float, xmax: float, ymax: float) -> EdgeSet:
        """The edges whose bounding box meets a window: what a local query must look at."""
        if len(self) == 0:
            return self
        keep = (
            (np.minimum(self.ax, self.bx) <= xmax)
            & (np.maximum(self.ax, self.bx) >= xmin)
            & (np.minimum(self.ay, self.by) <= ymax)
            & (np.maximum(self.ay, self.by) >= ymin)
        )
        if keep.all():
            return self
        return EdgeSet(self.ax[keep], self.ay[keep], self.bx[keep], self.by[keep])

    def strip(self, xmin: float, ymin: float, xmax: float, ymax: float) -> EdgeSet:
        """The edges a rightward ray from any point of the window may cross (for parity)."""
        if len(self) == 0:
            return self
        keep = (
            (np.minimum(self.ay, self.by) <= ymax)
            & (np.maximum(self.ay, self.by) >= ymin)
            & (np.maximum(self.ax, self.bx) >= xmin)
        )
        if keep.all():
            return self
        return EdgeSet(self.ax[keep], self.ay[keep], self.bx[keep], self.by[keep])

    def corners(self) -> tuple[np.ndarray, np.ndarray]:
        """Both ends of every edge (duplicates are harmless for distance tests)."""
        return np.concatenate([self.ax, self.bx]), np.concatenate([self.ay, self.by])

    def inside(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Even-odd containment of points (boundary points may go either way)."""
        xs = np.asarray(xs, dtype=float)
        ys = np.asarray(ys, dtype=float)
        if len(self) == 0:
            return np.zeros(xs.shape, dtype=bool)
        px = xs[..., None]
        py = ys[..., None]
        above_a = self.ay > py
        above_b = self.by > py
        straddle = above_a != above_b
        dy = self.by - self.ay
        safe = np.where(dy == 0.0, 1.0, dy)
        x_cross = self.ax + (py - self.ay) * (self.bx - self.ax) / safe
        crossings = np.count_nonzero(straddle & (px < x_cross), axis=-1)
        return (crossings & 1).astype(bool)

    def distance(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Distance from each point to the nearest edge (``inf`` when there are none)."""
        xs = np.asarray(xs, dtype=float)
        ys = np.asarray(ys, dtype=float)
        if len(self) == 0:
            return np.full(xs.shape, np.inf)
        return np.sqrt(
            point_segment_d2(xs[..., None], ys[..., None], self.ax, self.ay, self.bx, self.by).min(
                axis=-1
            )
        )

    def crossed_strictly(
        self, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray
    ) -> np.ndarray:
        """For each segment ``p → q``, whether it properly crosses some edge (touching excluded)."""
        px, py, qx, qy = (np.asarray(v, dtype=float)[..., None] for v in (px, py, qx, qy))
        if len(self) == 0:
            return np.zeros(px.shape[:-1], dtype=bool)
        dx = qx - px
        dy = qy - py
        oa = dx * (self.ay - py) - dy * (self.ax - px)
        ob = dx * (self.by - py) - dy * (self.bx - px)
        ex = self.bx - self.ax
        ey = self.by - self.ay
        op = ex * (py - self.ay) - ey * (px - self.ax)
        oq = ex * (qy - self.ay) - ey * (qx - self.ax)
        return ((oa * ob < 0.0) & (op * oq < 0.0)).any(axis=-1)


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
