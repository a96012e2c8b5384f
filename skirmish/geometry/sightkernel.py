"""All-pairs line of sight as one numpy computation (R-SHOOT-LOS, GAP-20).

The AI and the UI ask "who sees whom" for every pair of figures; answering that with
N² single queries costs Python overhead per pair. This kernel gives exactly the same
answers as :meth:`SightIndex.sight` (same five lines, same exclusions, same convex
parts, touching counts as blocked) with array arithmetic:

* centres inside blocking parts and standing levels by half-plane tests;
* for each line, a bounding-box prefilter against every blocking part, then a
  separating-axis test (segment vs convex part) only on the candidate pairs;
* side lines only for the pairs whose centre line is blocked.
"""

from __future__ import annotations

import threading

import numpy as np

from skirmish.geometry.edges import point_segment_d2
from skirmish.geometry.polygons import MAX_PART_CORNERS, Ring
from skirmish.geometry.primitives import INSIDE_EPS
from skirmish.geometry.sightlines import SIDE_OFFSET
from skirmish.geometry.terrain import PieceGeom, Terrain


class PartArrays:
    """Convex parts padded to a fixed corner count (repeating a corner is harmless here).

    Corner and edge arrays are stored corners-first, ``(M, parts)``, so that reductions
    over a part's corners are element-wise operations on long rows.
    """

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
        vx = np.zeros((m, count))
        vy = np.zeros((m, count))
        nx = np.zeros((m, count))
        ny = np.zeros((m, count))
        off = np.zeros((m, count))
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
            vx[:, i] = pts[pad, 0]
            vy[:, i] = pts[pad, 1]
            nx[:, i] = inx[pad]
            ny[:, i] = iny[pad]
            off[:, i] = (inx * pts[:, 0] + iny * pts[:, 1])[pad]
        self.count = count
        self.corners = m
        self.owner = np.asarray(owner, dtype=np.intp)
        self.vx, self.vy, self.nx, self.ny, self.off = vx, vy, nx, ny, off
        self._bits = (1 << np.arange(m)).astype(np.uint16)
        self._local = threading.local()  # scratch buffers, one set per thread
        if count:
            self.xmin = vx.min(axis=0)
            self.xmax = vx.max(axis=0)
            self.ymin = vy.min(axis=0)
            self.ymax = vy.max(axis=0)
            self.cx = np.array([np.mean(np.asarray(p)[:, 0]) for p in parts])
            self.cy = np.array([np.mean(np.asarray(p)[:, 1]) for p in parts])
        else:
            self.xmin = self.xmax = self.ymin = self.ymax = self.cx = self.cy = np.zeros(0)

    def _sides(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """(points × M × parts) signed distances to the parts' edge lines (positive inside)."""
        return self.nx[None] * xs[:, None, None] + self.ny[None] * ys[:, None, None] - self.off[None]

    def contains(self, xs: np.ndarray, ys: np.ndarray, pieces: int) -> np.ndarray:
        """(points × pieces) closed containment of points in the pieces these parts tile."""
        out = np.zeros((xs.shape[0], pieces), dtype=bool)
        if self.count == 0 or xs.shape[0] == 0:
            return out
        inside = (self._sides(xs, ys) >= -INSIDE_EPS).all(axis=1)  # points × parts
        pt, part = np.nonzero(inside)
        out[pt, self.owner[part]] = True
        return out

    def views(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """How each part looks from each point (for points outside it).

        Returns the bit set of edges the point is strictly outside of (points × parts), and
        the vectors from the point to the part's right and left tangent corners
        (points × parts × 2): a ray from the point meets the part only between them.
        """
        s = self._sides(xs, ys)
        bits = ((s < 0.0) * self._bits[None, :, None]).sum(axis=1).astype(np.uint16)
        wx = self.vx[None] - xs[:, None, None]  # points × M × parts
        wy = self.vy[None] - ys[:, None, None]
        rx = (self.cx[None] - xs[:, None])[:, None, :]
        ry = (self.cy[None] - ys[:, None])[:, None, :]
        ang = np.arctan2(rx * wy - ry * wx, rx * wx + ry * wy)
        lo = ang.argmin(axis=1)[:, None, :]
        hi = ang.argmax(axis=1)[:, None, :]
        right = np.stack([np.take_along_axis(wx, lo, 1)[:, 0], np.take_along_axis(wy, lo, 1)[:, 0]], axis=-1)
        left = np.stack([np.take_along_axis(wx, hi, 1)[:, 0], np.take_along_axis(wy, hi, 1)[:, 0]], axis=-1)
        return bits, right, left

    def candidates(
        self,
        xmin: np.ndarray,
        ymin: np.ndarray,
        xmax: np.ndarray,
        ymax: np.ndarray,
        allowed: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray]:
        """(box, part) index pairs whose bounding boxes meet, among the allowed pieces."""
        cand = (
            (xmin[:, None] <= self.xmax)
            & (xmax[:, None] >= self.xmin)
            & (ymin[:, None] <= self.ymax)
            & (ymax[:, None] >= self.ymin)
            & allowed[:, self.owner]
        )
        flat = np.flatnonzero(cand)
        return np.divmod(flat, self.count)

    def _scratch(self, name: str, shape: tuple[int, int]) -> np.ndarray:
        """A reusable work array: large temporaries allocated afresh on every call cost
        more in page faults than the arithmetic done in them."""
        need = shape[0] * shape[1]
        buffers: dict[str, np.ndarray] | None = getattr(self._local, "buffers", None)
        if buffers is None:
            buffers = self._local.buffers = {}
        buf = buffers.get(name)
        if buf is None or buf.size < need:
            buf = np.empty(max(need, 1024) * 2)
            buffers[name] = buf
        return buf[:need].reshape(shape)

    def segments_hit(
        self,
        px: np.ndarray,
        py: np.ndarray,
        qx: np.ndarray,
        qy: np.ndarray,
        part: np.ndarray,
    ) -> np.ndarray:
        """Whether segment k meets (touching counts) part ``part[k]``: separating axes of a
        segment and a convex part are the segment's normal and the part's edge normals."""
        n = px.shape[0]
        hit = np.zeros(n, dtype=bool)
        if n == 0:
            return hit
        m = self.corners
        dx = qx - px
        dy = qy - py
        # w = cross(d, corner), corners-first so the min / max run along long rows.
        w = self._scratch("a", (m, n))
        tmp = self._scratch("b", (m, n))
        np.take(self.vy, part, axis=1, out=w)
        np.multiply(w, dx, out=w)
        np.take(self.vx, part, axis=1, out=tmp)
        np.multiply(tmp, dy, out=tmp)
        np.subtract(w, tmp, out=w)
        c = dx * py - dy * px
        straddle = (w.min(axis=0) <= c) & (w.max(axis=0) >= c)
        idx = np.flatnonzero(straddle)
        if idx.size == 0:
            return hit
        p = part[idx]
        k = idx.size
        sp = self._scratch("a", (m, k))
        sq = self._scratch("c", (m, k))
        tmp = self._scratch("b", (m, k))
        self._edge_sides(p, px[idx], py[idx], sp, tmp)
        self._edge_sides(p, qx[idx], qy[idx], sq, tmp)
        separated = ((sp < 0.0) & (sq < 0.0)).any(axis=0)
        hit[idx[~separated]] = True
        return hit

    def _edge_sides(
        self, part: np.ndarray, xs: np.ndarray, ys: np.ndarray, out: np.ndarray, tmp: np.ndarray
    ) -> None:
        """Signed distances of point k to the edge lines of part ``part[k]`` (into ``out``)."""
        np.take(self.nx, part, axis=1, out=out)
        np.multiply(out, xs, out=out)
        np.take(self.ny, part, axis=1, out=tmp)
        np.multiply(tmp, ys, out=tmp)
        np.add(out, tmp, out=out)
        np.take(self.off, part, axis=1, out=tmp)
        np.subtract(out, tmp, out=out)


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
        if not self.raised:
            return np.zeros(xs.shape[0])
        inside = self.raised_parts.contains(xs, ys, len(self.raised))
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
        ii, jj = self._pair_index(n)
        seen = self.pairs(discs, ii, jj, levels, blockers)
        vis[ii, jj] = seen
        vis[jj, ii] = seen
        return vis

    def pairs(
        self,
        discs: np.ndarray,
        ii: np.ndarray,
        jj: np.ndarray,
        levels: np.ndarray | None = None,
        blockers: np.ndarray | None = None,
    ) -> np.ndarray:
        """Visibility of the pairs ``(discs[ii[k]], discs[jj[k]])``, one bool per pair: the
        same answers as :meth:`matrix`, for any list of pairs (a path's samples against
        the figures that might spot the mover)."""
        xs = discs[:, 0]
        ys = discs[:, 1]
        rs = discs[:, 2]
        fig = blockers is not None and bool(np.any(blockers))
        if not self.blocking and not fig:
            return np.ones(ii.shape[0], dtype=bool)
        lv = self.levels(xs, ys) if levels is None else np.asarray(levels, dtype=float)
        cont = self.parts.contains(xs, ys, len(self.blocking))
        low = np.minimum(lv[ii], lv[jj])
        active = ~cont[ii] & ~cont[jj] & ~(self.heights[None, :] < low[:, None])
        blocked = self._centres_blocked(xs, ys, ii, jj, active)
        if fig:
            blocked |= self._figures_hit(xs[ii], ys[ii], xs[jj], ys[jj], ii, jj, discs, blockers)
        b = np.flatnonzero(blocked)
        if b.size:
            mask = blockers if fig else None
            seen = self._sides_clear(b, ii, jj, xs, ys, rs, active, discs, mask)
            blocked[b[seen]] = False
        return ~blocked

    def _centres_blocked(
        self, xs: np.ndarray, ys: np.ndarray, ii: np.ndarray, jj: np.ndarray, active: np.ndarray
    ) -> np.ndarray:
        """Centre-to-centre lines, in O(1) per (pair, part): both centres lie outside every
        allowed part, so the line meets a part exactly when its direction lies between the
        part's tangent corners and no edge has both centres strictly outside it."""
        parts = self.parts
        blocked = np.zeros(ii.shape[0], dtype=bool)
        if parts.count == 0:
            return blocked
        px, py, qx, qy = xs[ii], ys[ii], xs[jj], ys[jj]
        li, pi = parts.candidates(
            np.minimum(px, qx), np.minimum(py, qy), np.maximum(px, qx), np.maximum(py, qy), active
        )
        if li.size == 0:
            return blocked
        bits, right, left = parts.views(xs, ys)
        i = ii[li]
        j = jj[li]
        separated = (bits[i, pi] & bits[j, pi]) != 0
        dx = qx[li] - px[li]
        dy = qy[li] - py[li]
        r = right[i, pi]
        le = left[i, pi]
        ahead = (r[:, 0] * dy - r[:, 1] * dx >= 0.0) & (dx * le[:, 1] - dy * le[:, 0] >= 0.0)
        blocked[li[ahead & ~separated]] = True
        return blocked

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
        # line k of pair m is entry k * len(b) + m: left→left, right→right, left→right, right→left
        starts = ((vlx, vly), (vrx, vry), (vlx, vly), (vrx, vry))
        ends = ((tlx, tly), (trx, try_), (trx, try_), (tlx, tly))
        nb = b.size
        hit = np.zeros(4 * nb, dtype=bool)
        parts = self.parts
        if parts.count:
            xmin = np.minimum(np.minimum(vlx, vrx), np.minimum(tlx, trx))
            xmax = np.maximum(np.maximum(vlx, vrx), np.maximum(tlx, trx))
            ymin = np.minimum(np.minimum(vly, vry), np.minimum(tly, try_))
            ymax = np.maximum(np.maximum(vly, vry), np.maximum(tly, try_))
            mi, pi = parts.candidates(xmin, ymin, xmax, ymax, active[b])
            if mi.size:
                px = np.concatenate([sx[mi] for sx, _ in starts])
                py = np.concatenate([sy[mi] for _, sy in starts])
                qx = np.concatenate([ex[mi] for ex, _ in ends])
                qy = np.concatenate([ey[mi] for _, ey in ends])
                line = (np.arange(4)[:, None] * nb + mi[None, :]).ravel()
                sub = parts.segments_hit(px, py, qx, qy, np.tile(pi, 4))
                hit[line[sub]] = True
        if blockers is not None:
            px = np.concatenate([sx for sx, _ in starts])
            py = np.concatenate([sy for _, sy in starts])
            qx = np.concatenate([ex for ex, _ in ends])
            qy = np.concatenate([ey for _, ey in ends])
            hit |= self._figures_hit(px, py, qx, qy, np.tile(i, 4), np.tile(j, 4), discs, blockers)
        clear = ~hit.reshape(4, nb)
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
        cx = discs[idx, 0][None, :]
        cy = discs[idx, 1][None, :]
        cr = discs[idx, 2]
        d2 = point_segment_d2(cx, cy, px[:, None], py[:, None], qx[:, None], qy[:, None])
        inside = d2 < (cr * cr)[None, :]
        inside &= idx[None, :] != ii[:, None]
        inside &= idx[None, :] != jj[:, None]
        return inside.any(axis=1)
