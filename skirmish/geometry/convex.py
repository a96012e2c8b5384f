"""Convex terrain parts as Python tuples, for one line or one point at a time.

The sight kernel tests convex parts in numpy batches; a single sight line, or a proof
about one leg of a move (:mod:`umbra`), is cheaper in plain Python over the same parts,
with the same planes and the same formulas.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from skirmish.geometry.primitives import INSIDE_EPS, Point
from skirmish.geometry.sightkernel import PartArrays
from skirmish.geometry.terrain import PieceGeom

Plane = tuple[float, float, float, float]  # inward unit normal, offset, depth of the part


@dataclass(frozen=True, slots=True)
class Part:
    """One convex part: corners (counter-clockwise), edge planes (``side = nx·x + ny·y −
    off``, positive inside, as in :class:`PartArrays`), bounding box, and its piece (index
    and height)."""

    piece: int
    height: float
    box: tuple[float, float, float, float]
    corners: tuple[Point, ...]
    planes: tuple[Plane, ...]

    def near(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """Whether the part's bounding box meets the box ``x0, y0 → x1, y1``."""
        bx0, by0, bx1, by1 = self.box
        return bx0 <= x1 and bx1 >= x0 and by0 <= y1 and by1 >= y0

    def contains(self, x: float, y: float) -> bool:
        """Closed containment, as :meth:`PartArrays.contains`."""
        return all(nx * x + ny * y - off >= -INSIDE_EPS for nx, ny, off, _ in self.planes)

    def hit(self, px: float, py: float, qx: float, qy: float) -> bool:
        """Whether the segment ``p → q`` meets the part (touching counts), as
        :meth:`PartArrays.segments_hit`."""
        for nx, ny, off, _ in self.planes:  # the cheaper test first: an edge both ends are beyond
            if nx * px + ny * py - off < 0.0 and nx * qx + ny * qy - off < 0.0:
                return False
        dx = qx - px
        dy = qy - py
        c = dx * py - dy * px
        below = above = False
        for vx, vy in self.corners:
            w = vy * dx - vx * dy
            if w <= c:
                below = True
            if w >= c:
                above = True
        return below and above

    def entry(self, px: float, py: float, qx: float, qy: float) -> float:
        """Where (fraction of the way) a segment that meets the part first touches it."""
        t = 0.0
        for nx, ny, off, _ in self.planes:
            sp = nx * px + ny * py - off
            if sp < 0.0:
                sq = nx * qx + ny * qy - off
                if sq > sp:
                    t = max(t, sp / (sp - sq))
        return t

    def meets(self, px: float, py: float, qx: float, qy: float, margin: float) -> bool:
        """Whether the segment ``p → q`` (not a point) overlaps the part by ``margin`` on
        every separating axis, so that it surely meets it."""
        dx = qx - px
        dy = qy - py
        scale = math.hypot(dx, dy)
        line = dx * py - dy * px
        left = right = False
        for vx, vy in self.corners:
            w = (vy * dx - vx * dy - line) / scale
            left = left or w >= margin
            right = right or w <= -margin
        if not (left and right):
            return False
        for nx, ny, off, depth in self.planes:
            sp = nx * px + ny * py - off
            sq = nx * qx + ny * qy - off
            lo, hi = (sp, sq) if sp < sq else (sq, sp)
            if (hi if hi < depth else depth) - (lo if lo > 0.0 else 0.0) < margin:
                return False
        return True

    def misses(self, px: float, py: float, qx: float, qy: float, margin: float) -> bool:
        """Whether some axis separates the segment ``p → q`` (or the point) from the part
        by ``margin``."""
        for nx, ny, off, _ in self.planes:
            if nx * px + ny * py - off < -margin and nx * qx + ny * qy - off < -margin:
                return True
        if (px, py) == (qx, qy):
            return False
        dx = qx - px
        dy = qy - py
        scale = math.hypot(dx, dy)
        line = dx * py - dy * px
        left = right = False
        for vx, vy in self.corners:
            w = (vy * dx - vx * dy - line) / scale
            if w > margin:
                left = True
            elif w < -margin:
                right = True
            else:
                return False
        return not (left and right)

    def clear_of(self, cx: float, cy: float, radius: float) -> bool:
        """Whether the disc ``(c, radius)`` keeps at least ``radius`` away from the part."""
        outside = False
        for nx, ny, off, _ in self.planes:
            s = nx * cx + ny * cy - off
            if s <= -radius:
                return True
            outside = outside or s < 0.0
        if not outside:
            return False
        n = len(self.corners)
        r2 = radius * radius
        for i in range(n):
            ax, ay = self.corners[i]
            bx, by = self.corners[(i + 1) % n]
            ex = bx - ax
            ey = by - ay
            wx = cx - ax
            wy = cy - ay
            len2 = ex * ex + ey * ey
            t = (wx * ex + wy * ey) / len2 if len2 > 0.0 else 0.0
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            rx = wx - t * ex
            ry = wy - t * ey
            if rx * rx + ry * ry < r2:
                return False
        return True


def parts_of(arrays: PartArrays, pieces: Sequence[PieceGeom]) -> list[Part]:
    """The kernel's padded part arrays of ``pieces`` as :class:`Part` tuples (the same
    planes, bit for bit); ``piece`` is the index in ``pieces``."""
    rings = [len(part) for piece in pieces for part in piece.parts]
    heights = [piece.height for piece in pieces]
    out: list[Part] = []
    vx, vy, nx, ny, off = (a.T.tolist() for a in (arrays.vx, arrays.vy, arrays.nx, arrays.ny, arrays.off))
    for i, k in enumerate(rings):
        corners = tuple(zip(vx[i][:k], vy[i][:k], strict=True))
        planes = []
        for j in range(k):
            a, b, c = nx[i][j], ny[i][j], off[i][j]
            depth = max(a * x + b * y - c for x, y in corners)
            planes.append((a, b, c, depth))
        xs = [x for x, _ in corners]
        ys = [y for _, y in corners]
        piece = int(arrays.owner[i])
        out.append(Part(piece, float(heights[piece]), (min(xs), min(ys), max(xs), max(ys)), corners,
                        tuple(planes)))
    return out


