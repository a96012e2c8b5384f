"""Terrain polygons: validation for scenario authors, and convex parts for pymunk.

Scenario polygons may be concave and wound either way. Pymunk only takes convex
shapes and the line-of-sight kernel tests convex parts, so each polygon is split
exactly (constrained Delaunay triangles merged back into convex parts, no new
corners); the original ring stays the reference for containment and clipping.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

import shapely

from skirmish.geometry.primitives import Disc, Point

#: Parts are capped at this many corners: the vectorised kernel pads every part to the
#: largest, and most pieces (houses, walls) are quadrilaterals anyway.
MAX_PART_CORNERS = 4

Ring = tuple[Point, ...]


def _fmt(value: float) -> str:
    return f"{value:g}"


def polygon_problem(polygon: Sequence[Sequence[float]], width: float, height: float) -> str | None:
    """A player-readable reason this terrain polygon cannot be used, or None if it is fine.

    The scenario validator shows it next to the piece, so it names the corner at fault.
    """
    ring = _dedupe([(float(p[0]), float(p[1])) for p in polygon])
    if len(ring) < 3:
        return "fewer than 3 corners"
    for x, y in ring:
        if not (0.0 <= x <= width and 0.0 <= y <= height):
            return f"corner ({_fmt(x)}, {_fmt(y)}) is off the {_fmt(width)} × {_fmt(height)} table"
    if shapely.MultiPoint(ring).convex_hull.area < 1e-9:
        return "zero area"
    if not shapely.LinearRing(ring).is_simple:
        return "self-intersecting polygon"
    if abs(signed_area(ring)) < 1e-9:
        return "zero area"
    return None


def disc_inside(disc: Disc, polygon: Sequence[Point]) -> bool:
    """The whole base lies in the polygon (edges included). A polygon that is not simple
    holds any base: :func:`polygon_problem` reports it instead."""
    poly = shapely.Polygon(polygon)
    if not poly.is_valid:
        return True
    centre = shapely.Point(disc[0], disc[1])
    return poly.covers(centre) and poly.exterior.distance(centre) >= disc[2] - 1e-9


def polygons_overlap(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """The two polygons share some area (sharing an edge is not overlapping). A polygon that
    is not simple overlaps nothing: :func:`polygon_problem` reports it instead."""
    pa, pb = shapely.Polygon(a), shapely.Polygon(b)
    return pa.is_valid and pb.is_valid and pa.intersection(pb).area > 1e-9


def _dedupe(points: list[Point]) -> list[Point]:
    """Drop repeated consecutive corners and a closing corner equal to the first."""
    out: list[Point] = []
    for p in points:
        if not out or p != out[-1]:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def signed_area(ring: Sequence[Point]) -> float:
    """Shoelace area: positive for counter-clockwise rings."""
    total = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2.0


def normalise(polygon: Sequence[Sequence[float]]) -> Ring:
    """Counter-clockwise ring without repeated corners: the one winding every module assumes."""
    ring = _dedupe([(float(p[0]), float(p[1])) for p in polygon])
    if signed_area(ring) < 0:
        ring.reverse()
    return tuple(ring)


def is_convex(ring: Sequence[Point]) -> bool:
    """True for a counter-clockwise ring that never turns right (collinear corners allowed)."""
    n = len(ring)
    for i in range(n):
        ax, ay = ring[i - 1]
        bx, by = ring[i]
        cx, cy = ring[(i + 1) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) < -1e-12:
            return False
    return True


def convex_parts(ring: Ring) -> list[Ring]:
    """Split a counter-clockwise simple ring into convex counter-clockwise parts.

    Exact (the parts tile the polygon, corners are original corners) and small (at most
    ``MAX_PART_CORNERS`` corners each), which is what both pymunk and the kernel want.
    """
    if is_convex(ring):
        return _cap(ring)
    triangles = shapely.constrained_delaunay_triangles(shapely.Polygon(ring))
    parts: list[Ring] = []
    for tri in shapely.get_parts(triangles):
        coords = [(float(x), float(y)) for x, y in tri.exterior.coords[:-1]]
        if abs(signed_area(coords)) < 1e-12:
            continue
        parts.append(normalise(coords))
    merged = _merge_convex(parts)
    return [capped for part in merged for capped in _cap(part)]


def _merge_convex(parts: list[Ring]) -> list[Ring]:
    """Hertel–Mehlhorn: drop shared diagonals while the union of two parts stays convex.

    Always merges the first mergeable pair in list order (``i < j``, the union kept at
    ``i``), as a rescan from the start after every merge would, but in O(n log n): a heap
    holds every neighbouring pair that was mergeable when pushed, and a merge only
    re-examines the merged part's neighbours.
    """
    rings: dict[int, Ring] = dict(enumerate(parts))
    owner: dict[tuple[Point, Point], int] = {}
    for i, ring in rings.items():
        for k in range(len(ring)):
            owner[(ring[k], ring[(k + 1) % len(ring)])] = i

    def neighbours(i: int) -> set[int]:
        ring = rings[i]
        n = len(ring)
        found = {owner.get((ring[(k + 1) % n], ring[k])) for k in range(n)}
        return {j for j in found if j is not None and j != i}

    def mergeable(i: int, j: int) -> Ring | None:
        joined = _join(rings[i], rings[j])
        ok = joined is not None and is_convex(joined) and len(joined) <= MAX_PART_CORNERS
        return joined if ok else None

    heap = [(i, j) for i in rings for j in neighbours(i) if i < j and mergeable(i, j)]
    heapq.heapify(heap)
    while heap:
        i, j = heapq.heappop(heap)
        if i not in rings or j not in rings:
            continue
        joined = mergeable(i, j)
        if joined is None:
            continue
        for ring in (rings[i], rings[j]):
            for k in range(len(ring)):
                owner.pop((ring[k], ring[(k + 1) % len(ring)]), None)
        del rings[j]
        rings[i] = joined
        for k in range(len(joined)):
            owner[(joined[k], joined[(k + 1) % len(joined)])] = i
        for other in neighbours(i):
            pair = (min(i, other), max(i, other))
            if mergeable(*pair):
                heapq.heappush(heap, pair)
    return [rings[i] for i in sorted(rings)]


def _join(a: Ring, b: Ring) -> Ring | None:
    """The ring of ``a ∪ b`` when they share one edge (a: p→q, b: q→p), else None."""
    na, nb = len(a), len(b)
    b_edges = {(b[k], b[(k + 1) % nb]): k for k in range(nb)}
    for i in range(na):
        p, q = a[i], a[(i + 1) % na]
        k = b_edges.get((q, p))
        if k is None:
            continue
        # Walk a from q round to p, then b from p round to q (skipping the shared ends).
        out = [a[(i + 1 + s) % na] for s in range(na)]
        out += [b[(k + 2 + s) % nb] for s in range(nb - 2)]
        return tuple(out)
    return None


def _cap(ring: Ring) -> list[Ring]:
    """Fan a big convex ring into convex pieces of at most ``MAX_PART_CORNERS`` corners."""
    if len(ring) <= MAX_PART_CORNERS:
        return [ring]
    out: list[Ring] = []
    start = 1
    n = len(ring)
    while start < n - 1:
        stop = min(start + MAX_PART_CORNERS - 2, n - 1)
        out.append((ring[0], *ring[start : stop + 1]))
        start = stop
    return out
