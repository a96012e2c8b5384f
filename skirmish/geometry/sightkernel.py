"""All-pairs line of sight as one numpy computation (R-SHOOT-LOS, GAP-20).

The AI and the UI ask "who sees whom" for every pair of figures; answering that with
N² pymunk queries costs Python overhead per pair. This kernel gives exactly the same
answers as :meth:`SightIndex.sight` (same five lines, same exclusions, same convex
parts, touching counts as blocked) with array arithmetic:

* centres inside blocking parts and standing levels by half-plane tests;
* for each line, a bounding-box prefilter against every blocking part, then a
  separating-axis test (segment vs convex part) only on the candidate pairs;
* side lines only for the pairs whose centre line is blocked.
"""

from __future__ import annotations

import numpy as np

from skirmish.geometry.edges import point_segment_d2
from skirmish.geometry.polygons import MAX_PART_CORNERS, Ring
from skirmish.geometry.primitives import INSIDE_EPS
from skirmish.geometry.sightlines import SIDE_OFFSET
from skirmish.geometry.terrain import PieceGeom, Terrain


class PartArrays:
    """Convex parts padded to a fixed corner count (repeating a corner is harmless here)."""

    def __init__(self, pieces: list[PieceGeom]) -> None:
        parts: list[Ring] = []
        owner: list[int] = []
        for k, piece in enumerate(pieces):
            for part in piece.parts:
                parts.append(part)
                owner.append(k)
        m = max([len(p) for p in parts], default=3)
        m = min(max(m, 3), MAX_PART_CORNERS)
        count = len(parts)
        vx = np.zeros((count, m))
        vy = np.zeros((count, m))
        nx = np.zeros((count, m))
        ny = np.zeros((count, m))
        off = np.zeros((count, m))
        for i, part in enumerate(parts):
            pts = np.asarray(part, dtype=float)
            nxt = np.roll(pts, -1, axis=0)
            ex = nxt[:, 0] - pts[:, 0]
            ey = nxt[:, 1] - pts[:, 1]
            length = np.hypot(ex, ey)
            length[length == 0.0] = 1.0
            inx = -ey / length  # inward normal of a counter-clockwise ring
            iny = ex / length
            k = len(part)
            pad = [j if j < k else 0 for j in range(m)]
            vx[i] = pts[pad, 0]
            vy[i] = pts[pad, 1]
            nx[i] = inx[pad]
            ny[i] = iny[pad]
            off[i] = (inx * pts[:, 0] + iny * pts[:, 1])[pad]
        self.count = count
        self.owner = np.asarray(owner, dtype=np.intp)
        self.vx, self.vy, self.nx, self.ny, self.off = vx, vy, nx, ny, off
        if count:
            self.xmin = vx.min(axis=1)
            self.xmax = vx.max(axis=1)
            self.ymin = vy.min(axis=1)
            self.ymax = vy.max(axis=1)
        else:
            self.xmin = self.xmax = self.ymin = self.ymax = np.zeros(0)

    def contains(self, xs: np.ndarray, ys: np.ndarray, pieces: int) -> np.ndarray:
        """(points × pieces) closed containment of points in the pieces these parts tile."""
        out = np.zeros((xs.shape[0], pieces), dtype=bool)
        if self.count == 0 or xs.shape[0] == 0:
            return out
        s = self.nx[None] * xs[:, None, None] + self.ny[None] * ys[:, None, None] - self.off[None]
        inside = (s >= -INSIDE_EPS).all(axis=2)  # points × parts
        pt, part = np.nonzero(inside)
        out[pt, self.owner[part]] = True
        return out

    def segments_hit(
        self,
        px: np.ndarray,
        py: np.ndarray,
        qx: np.ndarray,
        qy: np.ndarray,
        allowed: np.ndarray,
    ) -> np.ndarray:
        """Whether each segment meets (touches counts) some part whose piece is ``allowed``.

        ``allowed`` is (segments × pieces). Separating axes of a segment and a convex
        part: the segment's normal and the part's edge normals.
        """
        n = px.shape[0]
        hit = np.zeros(n, dtype=bool)
        if self.count == 0 or n == 0:
            return hit
        lxmin = np.minimum(px, qx)
        lxmax = np.maximum(px, qx)
        lymin = np.minimum(py, qy)
        lymax = np.maximum(py, qy)
        cand = (
            (lxmin[:, None] <= self.xmax)
            & (lxmax[:, None] >= self.xmin)
            & (lymin[:, None] <= self.ymax)
            & (lymax[:, None] >= self.ymin)
            & allowed[:, self.owner]
        )
        li, pi = np.nonzero(cand)
        if li.size == 0:
            return hit
        PX = px[li][:, None]
        PY = py[li][:, None]
        QX = qx[li][:, None]
        QY = qy[li][:, None]
        vx = self.vx[pi]
        vy = self.vy[pi]
        o = (QX - PX) * (vy - PY) - (QY - PY) * (vx - PX)
        straddle = (o.min(axis=1) <= 0.0) & (o.max(axis=1) >= 0.0)
        nx = self.nx[pi]
        ny = self.ny[pi]
        off = self.off[pi]
        sp = nx * PX + ny * PY - off
        sq = nx * QX + ny * QY - off
        separated = (np.maximum(sp, sq) < 0.0).any(axis=1)
        hit[li[straddle & ~separated]] = True
        return hit


class VisibilityKernel:
    """Precomputed part arrays of a table; :meth:`matrix` answers all pairs at once."""

    def __init__(self, terrain: Terrain) -> None:
        self.blocking = [p for p in terrain.pieces if p.blocks_los]
        self.raised = [p for p in terrain.pieces if p.raised]
        self.parts = PartArrays(self.blocking)
        self.raised_parts = PartArrays(self.raised)
        self.heights = np.array([p.height for p in self.blocking], dtype=float)
        self.raised_heights = np.array([p.height for p in self.raised], dtype=float)
        self._pairs: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def levels(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Standing level of each point: the highest raised walkable piece containing it."""
        inside = self.raised_parts.contains(xs, ys, len(self.raised))
        if not self.raised:
            return np.zeros(xs.shape[0])
        return np.where(inside, self.raised_heights[None, :], 0.0).max(axis=1)

    def _pair_index(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        pairs = self._pairs.get(n)
        if pairs is None:
            pairs = np.triu_indices(n, 1)
            self._pairs[n] = pairs
        return pairs

    def matrix(
        self,
        discs: np.ndarray,
        levels: np.ndarray | None = None,
        blockers: np.ndarray | None = None,
    ) -> np.ndarray:
        """(N × N) symmetric visibility with a true diagonal.

        ``blockers`` is a boolean mask of the figures that block sight (or None).
        """
        discs = np.asarray(discs, dtype=float).reshape(-1, 3)
        n = discs.shape[0]
        vis = np.ones((n, n), dtype=bool)
        if n < 2:
            return vis
        xs = discs[:, 0]
        ys = discs[:, 1]
        rs = discs[:, 2]
        fig = blockers is not None and bool(np.any(blockers))
        if not self.blocking and not fig:
            return vis
        lv = self.levels(xs, ys) if levels is None else np.asarray(levels, dtype=float)
        ii, jj = self._pair_index(n)
        cont = self.parts.contains(xs, ys, len(self.blocking))
        low = np.minimum(lv[ii], lv[jj])
        active = ~cont[ii] & ~cont[jj] & ~(self.heights[None, :] < low[:, None])
        px = xs[ii]
        py = ys[ii]
        qx = xs[jj]
        qy = ys[jj]
        blocked = self.parts.segments_hit(px, py, qx, qy, active)
        if fig:
            blocked |= self._figures_hit(px, py, qx, qy, ii, jj, discs, blockers)
        b = np.flatnonzero(blocked)
        if b.size:
            seen = self._sides_clear(
                b, ii, jj, xs, ys, rs, active, discs, blockers if fig else None
            )
            blocked[b[seen]] = False
        vis[ii, jj] = ~blocked
        vis[jj, ii] = ~blocked
        return vis

    def _sides_clear(
        self,
        b: np.ndarray,
        ii: np.ndarray,
        jj: np.ndarray,
        xs: np.ndarray,
        ys: np.ndarray,
        rs: np.ndarray,
        active: np.ndarray,
        discs: np.ndarray,
        blockers: np.ndarray | None,
    ) -> np.ndarray:
        """For pairs ``b`` (centre line blocked), whether any of the four side lines is clear."""
        i = ii[b]
        j = jj[b]
        vx, vy, tx, ty = xs[i], ys[i], xs[j], ys[j]
        dx = tx - vx
        dy = ty - vy
        dist = np.hypot(dx, dy)
        nonzero = dist > 0.0
        safe = np.where(nonzero, dist, 1.0)
        nx = -dy / safe
        ny = dx / safe
        ov = SIDE_OFFSET * rs[i]
        ot = SIDE_OFFSET * rs[j]
        vlx, vly = vx + ov * nx, vy + ov * ny
        vrx, vry = vx - ov * nx, vy - ov * ny
        tlx, tly = tx + ot * nx, ty + ot * ny
        trx, try_ = tx - ot * nx, ty - ot * ny
        px = np.concatenate([vlx, vrx, vlx, vrx])
        py = np.concatenate([vly, vry, vly, vry])
        qx = np.concatenate([tlx, trx, trx, tlx])
        qy = np.concatenate([tly, try_, try_, tly])
        allowed = np.tile(active[b], (4, 1))
        hit = self.parts.segments_hit(px, py, qx, qy, allowed)
        if blockers is not None:
            hit |= self._figures_hit(px, py, qx, qy, np.tile(i, 4), np.tile(j, 4), discs, blockers)
        clear = ~hit.reshape(4, -1)
        return clear.any(axis=0) & nonzero

    @staticmethod
    def _figures_hit(
        px: np.ndarray,
        py: np.ndarray,
        qx: np.ndarray,
        qy: np.ndarray,
        ii: np.ndarray,
        jj: np.ndarray,
        discs: np.ndarray,
        blockers: np.ndarray,
    ) -> np.ndarray:
        """Whether each line passes through a blocking figure other than its two ends."""
        idx = np.flatnonzero(blockers)
        cx = discs[idx, 0]
        cy = discs[idx, 1]
        cr = discs[idx, 2]
        d2 = point_segment_d2(
            cx[None, :], cy[None, :], px[:, None], py[:, None], qx[:, None], qy[:, None]
        )
        inside = d2 < (cr * cr)[None, :]
        inside &= idx[None, :] != ii[:, None]
        inside &= idx[None, :] != jj[:, None]
        return inside.any(axis=1)
