"""Routes through a few waypoints: how a blocked route is found (GAP-15, GAP-16).

In the mover's configuration space the obstacles are discs (other bases) and walls
whose convex corners are rounded to arcs; a shortest route is straight legs joined by
arcs hugging those discs and corners (it never bends anywhere else). Waypoints on a
polygon circumscribed about each disc and corner arc (legs between neighbours only
touch it), joined by every legal leg, make a graph of a few dozen nodes in which
Dijkstra (:mod:`waysearch`) finds that route to within a fraction of a percent, where
a raster needs thousands of cells and a long tightening. The corners of the route found are then
set on the exact tangents of their arcs, and every leg and cost is checked exactly.

With difficult terrain the cheapest route may also bend round a wood's corners
(waypoints just outside them) and where it crosses a wood's edge: there each crossing
slides along the edge to where the legs meeting it cost least (Snell's law).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from skirmish.geometry import handful
from skirmish.geometry.arena import Arena
from skirmish.geometry.costs import DifficultField
from skirmish.geometry.edges import EdgeSet, inside_rows, point_segment_d2_one
from skirmish.geometry.primitives import Point

#: Waypoints round a whole disc; a corner arc gets as many per turn.
RING = 16
#: Largest arc step of the corners set on a route (radians): tan(x)/x − 1 ≤ 0.3 %.
ARC_STEP = math.pi / 8
#: Waypoints sit this much farther out than the circumscribed polygon (float noise).
_OUT = 1e-9
#: An end where the goal circle meets an obstacle is nudged this far along it (radians).
_NUDGE = 1e-6
#: Golden-section steps placing a crossing on a difficult edge (0.618^40 of its length).
_GOLDEN_STEPS = 40
#: A crossing this near (fraction of its edge) to an end of it may go round the corner.
_AT_END = 1e-6
#: Waypoints beside a corner of difficult terrain stand this far out of it.
_ROUGH_OUT = 1e-6
_TAU = 2.0 * math.pi
#: A circle a route bends round: centre, clearance, and the arc of it that bounds the
#: free space (first angle and span; a whole disc spans 2π).
Circle = tuple[float, float, float, float, float]


class Target(Protocol):
    """What the graph needs of a goal (``planner.PointGoal`` and ``ContactGoal`` fit)."""

    def project(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """The nearest goal point to each point (k × 2): where a last straight leg ends."""

    def rims(self, arena: Arena) -> np.ndarray:
        """Goal points (m × 2) where the goal meets an obstacle: the ends of a blocked
        goal's free stretches, which no projection reaches."""

    def remaining(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """A lower bound on the cost from each point to the goal (straight distance)."""


@dataclass(frozen=True)
class Arcs:
    """Waypoints and, for each, the circle it was put round (see :data:`Circle`)."""

    x: np.ndarray
    y: np.ndarray
    cx: np.ndarray
    cy: np.ndarray
    r: np.ndarray
    lo: np.ndarray
    span: np.ndarray

    def __len__(self) -> int:
        return int(self.x.size)

    def take(self, keep: np.ndarray) -> Arcs:
        return Arcs(*(getattr(self, f)[keep] for f in _FIELDS))

    def circle(self, k: int) -> Circle:
        return (
            float(self.cx[k]),
            float(self.cy[k]),
            float(self.r[k]),
            float(self.lo[k]),
            float(self.span[k]),
        )

    @staticmethod
    def join(*parts: Arcs) -> Arcs:
        return Arcs(*(np.concatenate([getattr(p, f) for p in parts]) for f in _FIELDS))


_FIELDS = ("x", "y", "cx", "cy", "r", "lo", "span")


def _polygon(cx: np.ndarray, cy: np.ndarray, r: np.ndarray, lo: np.ndarray, span: np.ndarray) -> Arcs:
    """Corners of the polylines circumscribed about arcs, one corner per step of at most
    2π / RING: consecutive corners lie on a common tangent, the first on the tangent at
    ``lo``, the last on the tangent at ``lo + span``."""
    steps = np.maximum(np.ceil(span / (_TAU / RING) - 1e-9), 1).astype(int)
    owner = np.repeat(np.arange(cx.size), steps)
    j = np.arange(owner.size) - np.repeat(np.cumsum(steps) - steps, steps)
    step = span[owner] / steps[owner]
    angle = lo[owner] + (j + 0.5) * step
    rad = r[owner] / np.cos(step / 2.0) * (1.0 + _OUT) + _OUT
    c = (cx[owner], cy[owner], r[owner], lo[owner], span[owner])
    return Arcs(c[0] + rad * np.cos(angle), c[1] + rad * np.sin(angle), *c)


def convex_corners(walls: EdgeSet) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Wall corners the free space wraps round: ``(x, y, first normal angle, turn)``.

    Walls keep their interior on the left, so a left turn from one edge to the next is
    a convex corner, rounded in configuration space by an arc from the outward normal
    of the edge coming in to that of the edge going out. Edges are matched by shared
    ends, so a subset of a wall set (near a window) works too.
    """
    if len(walls) == 0:
        z = np.zeros(0)
        return z, z, z, z
    same = (walls.ax[None, :] == walls.bx[:, None]) & (walls.ay[None, :] == walls.by[:, None])
    i = np.flatnonzero(same.any(axis=1))
    j = same[i].argmax(axis=1)
    ix, iy = walls.ex[i], walls.ey[i]
    jx, jy = walls.ex[j], walls.ey[j]
    cross = ix * jy - iy * jx
    convex = cross > 0.0
    turn = np.arctan2(cross[convex], (ix * jx + iy * jy)[convex])
    start = np.arctan2(-ix[convex], iy[convex])  # outward (right-hand) normal of the edge in
    return walls.bx[i[convex]], walls.by[i[convex]], start, turn


def waypoints(arena: Arena) -> Arcs:
    """Waypoints round every other base and every convex wall corner of an arena."""
    k = arena.cx.size
    discs = _polygon(arena.cx, arena.cy, arena.R, np.zeros(k), np.full(k, _TAU))
    return Arcs.join(discs, _remembered(("walls", arena.rho), arena.walls, _wall_corners))


def _wall_corners(walls: EdgeSet, rho: float) -> Arcs:
    wx, wy, start, turn = convex_corners(walls)
    return _polygon(wx, wy, np.full(wx.size, rho), start, turn)


def rough_corners(field: DifficultField) -> Arcs:
    """Waypoints just outside the convex corners of difficult terrain (routes round a
    wood bend there). Their circles have no radius: nothing to hug."""
    return _remembered(("rough", 0.0), field.edges, _rough_corners)


def _rough_corners(edges: EdgeSet, _: float) -> Arcs:
    x, y, start, turn = convex_corners(edges)
    mid = start + turn / 2.0
    zero = np.zeros(x.size)
    return Arcs(x + _ROUGH_OUT * np.cos(mid), y + _ROUGH_OUT * np.sin(mid), x, y, zero, zero, zero)


#: Terrain waypoints remembered, at most (then the memo starts afresh).
CORNER_MEMO = 256
_corner_memo: dict[tuple[str, float, bytes], Arcs] = {}


def _remembered(kind: tuple[str, float], edges: EdgeSet,
                make: Callable[[EdgeSet, float], Arcs]) -> Arcs:
    """``make(edges, clearance)``, remembered by the edges' exact coordinates: the
    waypoints round a table's corners depend on nothing else, and the same walls and
    woods, cut to a search's window, come back search after search. Read-only: every
    search shares them."""
    key = (*kind, np.concatenate([edges.ax, edges.ay, edges.bx, edges.by]).tobytes())
    found = _corner_memo.get(key)
    if found is None:
        if len(_corner_memo) >= CORNER_MEMO:
            _corner_memo.clear()
        found = make(edges, kind[1])
        for name in _FIELDS:
            getattr(found, name).flags.writeable = False
        _corner_memo[key] = found
    return found


def approaches(arena: Arena, ends: np.ndarray) -> Arcs:
    """Waypoints from which an end lying on (or just off) a clearance circle can be
    reached: a leg ending on a circle must arrive along its tangent, which a polygon
    corner does only when it stands within π / RING of the end's angle."""
    wx, wy = arena.walls.corners()
    cx = np.concatenate([arena.cx, wx])
    cy = np.concatenate([arena.cy, wy])
    r = np.concatenate([arena.R, np.full(wx.size, arena.rho)])
    out = 1.0 / math.cos(math.pi / RING) * (1.0 + _OUT)
    d = np.hypot(ends[:, 0, None] - cx, ends[:, 1, None] - cy)
    e, c = np.nonzero((d >= r - 1e-6) & (d <= r * out + _OUT))
    base = np.repeat(np.arctan2(ends[e, 1] - cy[c], ends[e, 0] - cx[c]), 2)
    angle = base + np.tile([-math.pi / RING, math.pi / RING], e.size)
    c = np.repeat(c, 2)
    rad = r[c] * out + _OUT
    x, y = cx[c] + rad * np.cos(angle), cy[c] + rad * np.sin(angle)
    whole = np.full(c.size, _TAU)  # a corner's arc is not known here: the checks judge
    return Arcs(x, y, cx[c], cy[c], r[c], np.zeros(c.size), whole)


def circle_rims(arena: Arena, centre: Point, radius: float) -> np.ndarray:
    """Free points (m × 2) of a circle just beside where it meets another base's
    clearance, a wall corner's or a wall edge's: where a blocked contact arc ends."""
    tx, ty = centre
    angles: list[np.ndarray] = []
    far = np.hypot(arena.cx - tx, arena.cy - ty) > 1e-9  # not the target itself
    wx, wy = arena.walls.corners()
    for cx, cy, r in (
        (arena.cx[far], arena.cy[far], arena.R[far]),
        (wx, wy, np.full(wx.size, arena.rho)),
    ):
        d = np.hypot(cx - tx, cy - ty)
        ok = (d > 0.0) & (d < radius + r) & (d > abs(radius - r))
        d, cx, cy, r = d[ok], cx[ok], cy[ok], r[ok]
        base = np.arctan2(cy - ty, cx - tx)
        half = np.arccos(np.clip((radius * radius + d * d - r * r) / (2.0 * radius * d), -1.0, 1.0))
        angles += [base - half, base + half]
    w = arena.walls
    if len(w):
        length = np.hypot(w.ex, w.ey)
        safe = np.where(length > 0.0, length, 1.0)
        ux, uy = w.ex / safe, w.ey / safe
        ox = w.ax + uy * arena.rho - tx  # the edge moved out by the clearance (right side)
        oy = w.ay - ux * arena.rho - ty
        b = ox * ux + oy * uy
        disc = b * b - (ox * ox + oy * oy - radius * radius)
        for sign in (-1.0, 1.0):
            t = -b + sign * np.sqrt(np.maximum(disc, 0.0))
            ok = (disc > 0.0) & (length > 0.0) & (t >= 0.0) & (t <= length)
            angles.append(np.arctan2(oy[ok] + t[ok] * uy[ok], ox[ok] + t[ok] * ux[ok]))
    a = np.concatenate(angles)
    a = np.concatenate([a - _NUDGE, a + _NUDGE])
    pts = np.stack([tx + radius * np.cos(a), ty + radius * np.sin(a)], axis=-1)
    return pts[arena.free(pts[:, 0], pts[:, 1])]


def taut(
    pts: list[Point], owners: list[Circle], goal: Target, free_end: bool, arena: Arena
) -> list[Point]:
    """Set the waypoint corners on the exact tangents of their circles.

    Each run of corners round one circle becomes a short polyline circumscribed about
    the arc between the tangent points seen from the run's neighbours (or goes, when
    they see past the circle), in two sweeps; then the end moves to the goal point
    nearest the last corner (unless it is a rim). The result is checked in one batch;
    runs next to a point or leg that fails go back to their waypoints, until it holds
    (at worst it is the graph's route again, which holds).
    """
    runs: list[tuple[int, int, Circle, float]] = []  # first, last index, circle, turning side
    i = 1
    while i < len(pts) - 1:
        j = i
        while j + 1 < len(pts) - 1 and owners[j] == owners[i - 1]:
            j += 1
        mid = (i + j) // 2
        a, v, b = pts[mid - 1], pts[mid], pts[mid + 1]
        side = (v[0] - a[0]) * (b[1] - v[1]) - (v[1] - a[1]) * (b[0] - v[0])  # left turn: > 0
        runs.append((i, j, owners[i - 1], 1.0 if side >= 0.0 else -1.0))
        i = j + 1
    loose = {k for k, run in enumerate(runs) if run[2][2] > 0.0}  # corners of woods stay
    reproject = free_end
    while True:
        parts = [list(pts[i : j + 1]) for i, j, _, _ in runs]
        for _ in range(2):
            for k, (_, _, circle, side) in enumerate(runs):
                if k in loose:
                    before = next((p[-1] for p in reversed(parts[:k]) if p), pts[0])
                    after = next((p[0] for p in parts[k + 1 :] if p), pts[-1])
                    parts[k] = _arc(before, after, circle, side)
        out = [pts[0]]
        tag = [-1]
        for k, part in enumerate(parts):
            out += part
            tag += [k] * len(part)
        end = pts[-1]
        if reproject and len(out) > 1:
            p = goal.project(np.array([out[-1][0]]), np.array([out[-1][1]]))[0]
            end = (float(p[0]), float(p[1]))
        out.append(end)
        tag.append(len(runs))
        arr = np.asarray(out, dtype=float)
        bad_pt = ~arena.free(arr[1:, 0], arr[1:, 1])
        bad_leg = ~arena.legal(arr[:-1, 0], arr[:-1, 1], arr[1:, 0], arr[1:, 1])
        bad = bad_leg | bad_pt
        if not bad.any():
            return out
        hit: set[int] = set()
        for q in np.flatnonzero(bad):
            hit.update(range(tag[q] if bad_leg[q] else tag[q + 1], tag[q + 1] + 1))
        if len(runs) in hit and reproject:
            reproject = False
        elif not (hit & loose):
            return pts
        loose -= hit


def refract(
    pts: list[Point], goal: Target, free_end: bool, arena: Arena, field: DifficultField
) -> tuple[list[Point], float | None]:
    """Bend the route where it crosses the edge of difficult terrain, as light bends
    entering glass: each crossing slides along its edge (and on round the wood's corner
    if it reaches one) to where the two legs meeting there cost least, each leg at the
    rate of the ground it lies on; after each of a few sweeps the end moves to the goal
    point nearest the last corner (unless it is ``free_end`` False: a rim). Kept only
    if legal and cheaper. Returns the route, and its cost where it was worked out."""
    e = field.edges
    arr = np.asarray(pts, dtype=float)
    px, py = arr[:-1, 0, None], arr[:-1, 1, None]
    dx, dy = arr[1:, 0, None] - px, arr[1:, 1, None] - py
    oa = dx * (e.ay - py) - dy * (e.ax - px)
    ob = dx * (e.by - py) - dy * (e.bx - px)
    straddle = (oa > 0.0) != (ob > 0.0)
    t = ((e.ax - px) * e.ey - (e.ay - py) * e.ex) / np.where(straddle, ob - oa, 1.0)
    hit = straddle & (t > 1e-9) & (t < 1.0 - 1e-9)
    if not hit.any():
        return pts, None
    out: list[Point] = [pts[0]]
    edge: list[int] = [-1]
    steps = (dx[:, 0].tolist(), dy[:, 0].tolist())
    for i in range(len(pts) - 1):
        ks = np.flatnonzero(hit[i])
        order = np.argsort(t[i, ks])
        for k, tk in zip(ks[order].tolist(), t[i, ks][order].tolist(), strict=True):
            out.append((pts[i][0] + tk * steps[0][i], pts[i][1] + tk * steps[1][i]))
            edge.append(k)
        out.append(pts[i + 1])
        edge.append(-1)
    if len(out) <= handful.FEW + 1:  # in plain Python, test for test (numpy's cost per call is the work)
        rows = field.parity.rows()
        rate = [2.0 if inside_rows(rows, (a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0) else 1.0
                for a, b in zip(out, out[1:], strict=False)]
    else:
        mid = np.asarray(out, dtype=float)
        mid = (mid[:-1] + mid[1:]) / 2.0
        rate = (1.0 + field.inside(mid[:, 0], mid[:, 1])).tolist()
    before, after, lines = e.links()
    for _ in range(3):
        for i, k in enumerate(edge):
            if k >= 0:
                legs = (out[i - 1], out[i + 1], rate[i - 1], rate[i])
                out[i], edge[i] = _snell(*legs, k, lines, before, after)
        if free_end:
            end = goal.project(np.array([out[-2][0]]), np.array([out[-2][1]]))[0]
            out[-1] = (float(end[0]), float(end[1]))
    # the end moved, else where it was (a route that failed is not tried again: an end
    # that did not move, as a point goal's, gives the same route twice)
    for last in [out[-1]] if out[-1] == pts[-1] else [out[-1], pts[-1]]:
        out[-1] = last
        arr = np.asarray(out, dtype=float)
        legal = arena.legal(arr[:-1, 0], arr[:-1, 1], arr[1:, 0], arr[1:, 1])
        if arena.free(arr[1:, 0], arr[1:, 1]).all() and legal.all():
            bent, straight = field.path_cost(out), field.path_cost(pts)
            return (out, bent) if bent < straight else (pts, straight)
    return pts, None


def _snell(
    a: Point,
    b: Point,
    ra: float,
    rb: float,
    k: int,
    lines: list[tuple[float, float, float, float]],
    before: list[int],
    after: list[int],
) -> tuple[Point, int]:
    """Where on edge ``k`` (or the edges round its ends) the legs ``a → p → b`` cost
    least, ``ra·|a − p| + rb·|p − b|``, and that edge: golden section on each edge (the
    sum is convex along one), moving to the next edge while the best is at a corner."""
    u, cost = _golden(a, b, ra, rb, lines[k])
    for _ in range(len(lines)):
        step = before[k] if u < _AT_END else after[k] if u > 1.0 - _AT_END else -1
        if step < 0:
            break
        nu, nu_cost = _golden(a, b, ra, rb, lines[step])
        if nu_cost >= cost:
            break
        k, u, cost = step, nu, nu_cost
    x0, y0, ex, ey = lines[k]
    return (x0 + u * ex, y0 + u * ey), k


def _golden(
    a: Point, b: Point, ra: float, rb: float, line: tuple[float, float, float, float]
) -> tuple[float, float]:
    """Golden-section minimum of the legs' cost along one edge ``(x, y, dx, dy)``: the
    fraction of the edge where it lies, and the cost. (The cost at ``u`` is written out
    in the loop: a call per step would cost more than the arithmetic.)"""
    x0, y0, ex, ey = line
    (pax, pay), (pbx, pby) = a, b
    hyp = math.hypot
    lo, hi = 0.0, 1.0
    g = (math.sqrt(5.0) - 1.0) / 2.0
    u1, u2 = hi - g * (hi - lo), lo + g * (hi - lo)
    x, y = x0 + u1 * ex, y0 + u1 * ey
    f1 = ra * hyp(x - pax, y - pay) + rb * hyp(pbx - x, pby - y)
    x, y = x0 + u2 * ex, y0 + u2 * ey
    f2 = ra * hyp(x - pax, y - pay) + rb * hyp(pbx - x, pby - y)
    for _ in range(_GOLDEN_STEPS):
        if f1 <= f2:
            hi, u2, f2 = u2, u1, f1
            u1 = hi - g * (hi - lo)
            x, y = x0 + u1 * ex, y0 + u1 * ey
            f1 = ra * hyp(x - pax, y - pay) + rb * hyp(pbx - x, pby - y)
        else:
            lo, u1, f1 = u1, u2, f2
            u2 = lo + g * (hi - lo)
            x, y = x0 + u2 * ex, y0 + u2 * ey
            f2 = ra * hyp(x - pax, y - pay) + rb * hyp(pbx - x, pby - y)
    u = (lo + hi) / 2.0
    x, y = x0 + u * ex, y0 + u * ey
    return u, ra * hyp(x - pax, y - pay) + rb * hyp(pbx - x, pby - y)


def _arc(a: Point, b: Point, circle: Circle, side: float) -> list[Point]:
    """Corners circumscribed about the arc of ``circle`` that a taut string from ``a``
    to ``b`` wraps, turning left (``side`` 1) or right (−1) round it; none if the
    string clears the circle on that side."""
    cx, cy, r, lo, span = circle
    seen = (b[0] - a[0]) * (cy - a[1]) - (b[1] - a[1]) * (cx - a[0])  # > 0: centre on the left
    if seen * side > 0.0 and point_segment_d2_one(cx, cy, a[0], a[1], b[0], b[1]) >= r * r:
        return []
    fa = _clip(_tangent(a, cx, cy, r, side), lo, span)
    fb = _clip(_tangent(b, cx, cy, r, -side), lo, span)
    turn = side * ((side * (fb - fa)) % _TAU)
    k = max(1, math.ceil(abs(turn) / ARC_STEP))
    step = turn / k
    rad = r / math.cos(step / 2.0) * (1.0 + _OUT) + _OUT
    return [
        (cx + rad * math.cos(fa + (j + 0.5) * step), cy + rad * math.sin(fa + (j + 0.5) * step))
        for j in range(k)
    ]


def _tangent(p: Point, cx: float, cy: float, r: float, side: float) -> float:
    """Angle round the circle of the tangent point seen from ``p``: the one a string from
    ``p`` meets when it then winds anticlockwise (``side`` 1) or clockwise (−1)."""
    dx, dy = p[0] - cx, p[1] - cy
    d = math.hypot(dx, dy)
    base = math.atan2(dy, dx)
    return base if d <= r else base + side * math.acos(r / d)


def _clip(angle: float, lo: float, span: float) -> float:
    """The angle moved to the nearer end of the arc ``[lo, lo + span]`` if outside it."""
    if span >= _TAU:
        return angle
    rel = (angle - lo) % _TAU
    if rel <= span:
        return angle
    return lo + span if rel - span < _TAU - rel else lo
