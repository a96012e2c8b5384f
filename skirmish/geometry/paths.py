"""Paths: a polyline from the mover's centre with its exact movement cost (GAP-15).

Also the two operations on an existing route: string pulling (turn a grid route into a
short polyline, never dearer, every shortcut checked exactly) and truncation (the part
of a route an allowance pays for: a failed charge, R-ACT-CHARGE-FAIL / GAP-39).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from skirmish.geometry.arena import Arena
from skirmish.geometry.costs import DifficultField, advance_fraction
from skirmish.geometry.primitives import COST_EPS, Point

#: How many grid points ahead string pulling looks for a shortcut in one batch.
PULL_LOOKAHEAD = 64


@dataclass(frozen=True, slots=True)
class Path:
    """A legal route: its corners (start first) and what it costs in pas of allowance.

    ``leaves_table`` is set only by forced moves of routing figures that run off the
    table (D-2, GAP-55): the rules then remove the figure.
    """

    points: tuple[Point, ...]
    cost: float
    leaves_table: bool = False

    @property
    def start(self) -> Point:
        return self.points[0]

    @property
    def end(self) -> Point:
        return self.points[-1]

    @property
    def length(self) -> float:
        """Distance travelled, whatever the terrain."""
        return sum(
            math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(self.points, self.points[1:], strict=False)
        )

    @classmethod
    def stay(cls, at: Point) -> Path:
        """The empty move: a figure that cannot (or need not) go anywhere."""
        return cls((at,), 0.0)


def simplify(points: list[Point]) -> list[Point]:
    """Drop repeated points (a zero-length leg tells the UI nothing)."""
    out: list[Point] = []
    for p in points:
        if not out or p != out[-1]:
            out.append(p)
    return out


def pull(
    points: list[Point], arena: Arena, field: DifficultField, ignore_difficult: bool
) -> tuple[list[Point], float]:
    """Shorten a legal polyline by exact, never-dearer shortcuts; returns it and its cost.

    Greedy: from each kept corner jump to the farthest later corner (within a look-ahead)
    whose straight leg is legal, costs no more than the stretch it replaces and crosses no
    more difficult terrain. The last condition keeps the route on its side of a wood: a
    long shortcut through it may be a little cheaper than the grid's wide berth, yet
    dearer than the same berth pulled tight round the wood's corners.
    """
    clean = simplify(points)
    if len(clean) < 2:
        return clean, 0.0
    pts = np.asarray(clean, dtype=float)
    for _ in range(4):
        seg = field.segment_costs(pts[:-1, 0], pts[:-1, 1], pts[1:, 0], pts[1:, 1], ignore_difficult)
        prefix = np.concatenate([[0.0], np.cumsum(seg)])
        lengths = np.hypot(pts[1:, 0] - pts[:-1, 0], pts[1:, 1] - pts[:-1, 1])
        rough = np.concatenate([[0.0], np.cumsum(seg - lengths)])  # difficult pas so far
        n = len(pts) - 1
        keep = [0]
        i = 0
        while i < n:
            j = i + 1
            hi = min(n, i + PULL_LOOKAHEAD)
            if hi >= i + 2:
                js = np.arange(i + 2, hi + 1)
                qx = pts[js, 0]
                qy = pts[js, 1]
                legal = arena.legal(pts[i, 0], pts[i, 1], qx, qy)
                if legal.any():
                    cand = js[legal]
                    costs = field.segment_costs(
                        pts[i, 0], pts[i, 1], pts[cand, 0], pts[cand, 1], ignore_difficult
                    )
                    ok = costs <= prefix[cand] - prefix[i] + 1e-12
                    span = np.hypot(pts[cand, 0] - pts[i, 0], pts[cand, 1] - pts[i, 1])
                    ok &= costs - span <= rough[cand] - rough[i] + 1e-9
                    if ok.any():
                        j = int(cand[ok].max())
            keep.append(j)
            i = j
        if len(keep) == len(pts):
            break
        pts = pts[keep]
    seg = field.segment_costs(pts[:-1, 0], pts[:-1, 1], pts[1:, 0], pts[1:, 1], ignore_difficult)
    return [(float(x), float(y)) for x, y in pts], float(seg.sum())


def tighten(
    points: list[Point],
    arena: Arena,
    field: DifficultField,
    ignore_difficult: bool,
    rounds: int = 6,
) -> tuple[list[Point], float]:
    """Pull a route taut: slide each corner towards either neighbour or towards the line
    joining them, as far as stays legal and gets cheaper (exact checks, never dearer);
    then cut each corner in two and pull again, so a route bending round a base or a
    wall corner hugs its arc more closely than one corner could.

    Grid corners sit a cell off the obstacles; sliding a corner along its outgoing leg
    keeps that leg and swings the incoming one onto the obstacle's clearance, which is
    where the taut route's corner lies.
    """
    pts = _slide_all(np.asarray(simplify(points), dtype=float), arena, field, ignore_difficult, rounds)
    cut = _cut_corners(pts, arena, field, ignore_difficult)
    if len(cut) > len(pts):
        pts = _slide_all(cut, arena, field, ignore_difficult, rounds)
    out = [(float(x), float(y)) for x, y in pts]
    return pull(out, arena, field, ignore_difficult)


def _slide_all(
    pts: np.ndarray, arena: Arena, field: DifficultField, ignore_difficult: bool, rounds: int
) -> np.ndarray:
    dirty = set(range(1, len(pts) - 1))
    for _ in range(rounds):
        moved: set[int] = set()
        for i in sorted(dirty):
            a, v, b = pts[i - 1], pts[i], pts[i + 1]
            local_arena, local_field = _local(arena, field, a, v, b)
            better = _best_slide(a, v, b, local_arena, local_field, ignore_difficult)
            if better is not None:
                pts[i] = better
                moved.add(i)
        if not moved:
            break
        dirty = {j for i in moved for j in (i - 1, i, i + 1) if 0 < j < len(pts) - 1}
    return pts


def _local(arena: Arena, field: DifficultField, *points: np.ndarray) -> tuple[Arena, DifficultField]:
    """Arena and terrain cut down to the box of a few points (a corner and its neighbours):
    every candidate and leg examined around that corner lies inside it."""
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    box = (min(xs), min(ys), max(xs), max(ys))
    return arena.near(box), field.near(box)


def _cut_corners(pts: np.ndarray, arena: Arena, field: DifficultField, ignore_difficult: bool) -> np.ndarray:
    """Replace each corner v by two points on its legs, as far from v as keeps the cut
    legal and cheaper (the chord of the arc the route bends round)."""
    out = [pts[0]]
    for i in range(1, len(pts) - 1):
        a, v, b = out[-1], pts[i], pts[i + 1]
        la = float(np.hypot(*(a - v)))
        lb = float(np.hypot(*(b - v)))
        if la == 0.0 or lb == 0.0:
            out.append(v)
            continue
        reach = min(la, lb) / 2.0
        s = reach * _FRACTIONS
        arena_v, field_v = _local(arena, field, a, v, b)
        q1 = v + s[:, None] * ((a - v) / la)
        q2 = v + s[:, None] * ((b - v) / lb)
        ok = arena_v.free(q1[:, 0], q1[:, 1]) & arena_v.free(q2[:, 0], q2[:, 1])
        ok &= arena_v.legal(q1[:, 0], q1[:, 1], q2[:, 0], q2[:, 1])
        old = field_v.segment_costs(
            np.array([a[0], v[0]]),
            np.array([a[1], v[1]]),
            np.array([v[0], b[0]]),
            np.array([v[1], b[1]]),
            ignore_difficult,
        ).sum()
        new = (
            field_v.segment_costs(a[0], a[1], q1[:, 0], q1[:, 1], ignore_difficult)
            + field_v.segment_costs(q1[:, 0], q1[:, 1], q2[:, 0], q2[:, 1], ignore_difficult)
            + field_v.segment_costs(q2[:, 0], q2[:, 1], b[0], b[1], ignore_difficult)
        )
        ok &= new < old - 1e-12
        if ok.any():
            k = int(np.flatnonzero(ok).max())
            out += [q1[k], q2[k]]
        else:
            out.append(v)
    out.append(pts[-1])
    return np.asarray(out, dtype=float)


_FRACTIONS = np.linspace(0.0, 1.0, 25)[1:]
#: Refinement levels of a corner's slide (each one zooms into the best step).
_LEVELS = 1
#: A corner moves only if that saves at least this much (pas): less is not worth a round.
_WORTH = 1e-4


def _best_slide(
    a: np.ndarray,
    v: np.ndarray,
    b: np.ndarray,
    arena: Arena,
    field: DifficultField,
    ignore_difficult: bool,
) -> np.ndarray | None:
    """A cheaper legal position for corner ``v`` between ``a`` and ``b``, or None."""
    ab = b - a
    len2 = float(ab @ ab)
    t = 0.0 if len2 == 0.0 else min(max(float((v - a) @ ab) / len2, 0.0), 1.0)
    targets = np.stack([a + t * ab, a, b])  # 3 directions
    xs = np.array([a[0], v[0]])
    ys = np.array([a[1], v[1]])
    now = float(
        field.segment_costs(xs, ys, np.array([v[0], b[0]]), np.array([v[1], b[1]]), ignore_difficult).sum()
    )
    lo = np.zeros(3)
    hi = np.ones(3)
    best_cost = now - _WORTH
    best: np.ndarray | None = None
    for _level in range(_LEVELS):
        fr = lo[:, None] + (hi - lo)[:, None] * _FRACTIONS[None, :]  # 3 × 16
        cand = v + fr[..., None] * (targets[:, None, :] - v)  # 3 × 16 × 2
        cx = cand[..., 0].ravel()
        cy = cand[..., 1].ravel()
        idx = np.flatnonzero(arena.free(cx, cy))
        cost = np.full(cx.shape, np.inf)
        if idx.size:
            cost[idx] = _two_legs(a, cx[idx], cy[idx], b, arena, field, ignore_difficult)
        cost = cost.reshape(3, -1)
        k = np.argmin(cost, axis=1)
        for d in range(3):
            c = cost[d, k[d]]
            if c < best_cost:
                best_cost = float(c)
                best = cand[d, k[d]].copy()
            if np.isfinite(c):
                lo[d] = fr[d, k[d]]
                hi[d] = fr[d, k[d] + 1] if k[d] + 1 < fr.shape[1] else fr[d, k[d]]
            else:
                hi[d] = fr[d, 0]
    return best


def _two_legs(
    a: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    b: np.ndarray,
    arena: Arena,
    field: DifficultField,
    ignore_difficult: bool,
) -> np.ndarray:
    """Cost of ``a → (x, y) → b`` for each free candidate (``inf`` where a leg is illegal),
    both legs checked in one batch."""
    k = xs.size
    px = np.concatenate([np.full(k, a[0]), xs])
    py = np.concatenate([np.full(k, a[1]), ys])
    qx = np.concatenate([xs, np.full(k, b[0])])
    qy = np.concatenate([ys, np.full(k, b[1])])
    legal = arena.legal(px, py, qx, qy).reshape(2, k).all(axis=0)
    cost = field.segment_costs(px, py, qx, qy, ignore_difficult).reshape(2, k).sum(axis=0)
    return np.where(legal, cost, np.inf)


def truncate(path: Path, allowance: float, field: DifficultField, ignore_difficult: bool) -> Path:
    """The start of ``path`` that costs at most ``allowance`` (the whole path if it fits)."""
    if path.cost <= allowance + COST_EPS:
        return path
    if allowance <= 0.0:
        return Path.stay(path.start)
    out: list[Point] = [path.points[0]]
    spent = 0.0
    for a, b in zip(path.points, path.points[1:], strict=False):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        intervals = field.intervals(a, b) if not ignore_difficult else [(0.0, 1.0, False)]
        frac, used = advance_fraction(intervals, length, allowance - spent, ignore_difficult)
        if frac >= 1.0:
            out.append(b)
            spent += used
            continue
        end = (a[0] + frac * (b[0] - a[0]), a[1] + frac * (b[1] - a[1]))
        out.append(end)
        pts = simplify(out)
        return Path(tuple(pts), field.path_cost(pts, ignore_difficult))
    pts = simplify(out)
    return Path(tuple(pts), field.path_cost(pts, ignore_difficult))
