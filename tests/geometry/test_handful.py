"""The plain-Python tests of a few points or legs (handful.py) give the vectorised
answers bit for bit (GAP-16: touching is legal, overlapping is not), on the cases
where float noise decides: waypoints on the polygons circumscribed about clearance
circles, legs between neighbours that graze them, points at the clearance exactly."""

from __future__ import annotations

import numpy as np
import pytest

from skirmish.geometry import costs, handful
from skirmish.geometry.arena import Arena
from skirmish.geometry.costs import _inside_rows
from skirmish.geometry.primitives import TOUCH_EPS
from skirmish.geometry.visibility import waypoints
from tests.geometry.stress import board


def _arena(seed: int) -> tuple[Arena, np.ndarray]:
    table, discs = board(seed)
    mover = tuple(float(v) for v in discs[0])
    arena = table._mover(mover, discs[1:], False, None).arena
    return arena, discs


def _around(cx: np.ndarray, cy: np.ndarray, r: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A point at distance ``r`` from each centre, in a random direction."""
    a = rng.uniform(0.0, 2.0 * np.pi, cx.size)
    return np.stack([cx + r * np.cos(a), cy + r * np.sin(a)], axis=1)


def _hard_points(arena: Arena, rng: np.random.Generator) -> np.ndarray:
    """Waypoints, points at the clearance of corners and bases (with and without the
    touching tolerance: either side of the limit by float noise), random points."""
    w = waypoints(arena)
    rho = np.full(arena.wx.size, arena.rho)
    near = [_around(arena.wx, arena.wy, rho - d, rng) for d in (0.0, TOUCH_EPS)]
    near += [_around(arena.cx, arena.cy, arena.R - d, rng) for d in (0.0, TOUCH_EPS)]
    spread = rng.uniform((0.0, 0.0), (48.0, 32.0), (200, 2))
    return np.concatenate([np.stack([w.x, w.y], axis=1), *near, spread])


def _grazing(arena: Arena, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Legs tangent to the clearance circles of corners and bases, less the touching
    tolerance: their distance to the centre is the limit, give or take float noise."""
    cx = np.concatenate([arena.wx, arena.cx])
    cy = np.concatenate([arena.wy, arena.cy])
    r = np.concatenate([np.full(arena.wx.size, arena.rho), arena.R]) - TOUCH_EPS
    a = rng.uniform(0.0, 2.0 * np.pi, cx.size)
    foot = np.stack([cx + r * np.cos(a), cy + r * np.sin(a)], axis=1)
    along = np.stack([-np.sin(a), np.cos(a)], axis=1) * rng.uniform(0.5, 3.0, (cx.size, 1))
    return foot - along, foot + along


def _few_by_few(fn, *cols: np.ndarray) -> np.ndarray:
    """``fn`` asked ``handful.FEW`` items at a time (the plain-Python path)."""
    n = cols[0].size
    return np.concatenate([fn(*(c[i : i + handful.FEW] for c in cols)) for i in range(0, n, handful.FEW)])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_few_points_are_judged_free_as_a_batch_is_GAP_16(seed: int):
    arena, _ = _arena(seed)
    pts = _hard_points(arena, np.random.default_rng(seed))
    batch = arena.free(pts[:, 0], pts[:, 1])
    assert pts.shape[0] > handful.FEW and 0 < batch.sum() < batch.size
    assert np.array_equal(_few_by_few(arena.free, pts[:, 0], pts[:, 1]), batch)
    for slack in (0.1, 0.5):
        wide = arena.free(pts[:, 0], pts[:, 1], wall_slack=slack, disc_slack=slack)
        few = _few_by_few(lambda x, y, s=slack: arena.free(x, y, wall_slack=s, disc_slack=s),
                          pts[:, 0], pts[:, 1])
        assert np.array_equal(few, wide)


def _waypoint_legs(seed: int) -> tuple[Arena, np.random.Generator, np.ndarray, np.ndarray,
                                         np.ndarray]:
    """A seeded arena, its free waypoints and legs (start and end indices) between them:
    every leg between waypoints of neighbouring corners (grazing), and random ones."""
    arena, _ = _arena(seed)
    rng = np.random.default_rng(seed)
    pts = _hard_points(arena, rng)
    pts = pts[arena.free(pts[:, 0], pts[:, 1])]
    i = np.arange(pts.shape[0] - 1)
    j = np.concatenate([i + 1, rng.integers(0, pts.shape[0], i.size)])
    return arena, rng, pts, np.concatenate([i, i]), j


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_few_legs_are_judged_legal_as_a_batch_is_GAP_16(seed: int):
    arena, rng, pts, i, j = _waypoint_legs(seed)
    ga, gb = _grazing(arena, rng)
    a, b = np.concatenate([pts[i], ga]), np.concatenate([pts[j], gb])
    batch = arena.legal(a[:, 0], a[:, 1], b[:, 0], b[:, 1])
    assert 0 < batch.sum() < batch.size
    assert np.array_equal(_few_by_few(arena.legal, a[:, 0], a[:, 1], b[:, 0], b[:, 1]), batch)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_inner_lengths_skip_only_segments_that_cross_no_edge_GAP_15(seed: int):
    """R-ACT-TERRAIN / GAP-15 a: a segment whose box keeps clear of the difficult edges
    gets the inner length the row kernel gives it (every row asked), bit for bit, in the
    whole field and in a window's part of it; some are skipped, some are not."""
    table, _ = board(seed)
    whole = table._terrain.difficult_field
    rng = np.random.default_rng(seed)
    e = whole.edges
    on_edges = np.stack([(e.ax + e.bx) / 2.0, (e.ay + e.by) / 2.0], axis=1)  # starts on an edge
    p = np.concatenate([rng.uniform((0.0, 0.0), (48.0, 32.0), (3000, 2)), on_edges])
    q = p + rng.normal(0.0, 4.0, p.shape)
    for field in (whole, whole.near((10.0, 5.0, 30.0, 25.0))):
        dx, dy = q[:, 0] - p[:, 0], q[:, 1] - p[:, 1]
        start, skip = field._start_status(p[:, 0], p[:, 1], dx, dy)
        every, _ = _inside_rows(field.edges, p[:, 0], p[:, 1], dx, dy, start.astype(float), skip)
        got = field.inside_lengths(p[:, 0], p[:, 1], q[:, 0], q[:, 1])
        assert np.array_equal(got, every)
        clear = ~field.edges.may_meet(p[:, 0], p[:, 1], q[:, 0], q[:, 1])
        assert 0 < clear.sum() < clear.size


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_short_polylines_are_costed_as_the_batch_costs_them_GAP_15(seed: int):
    """GAP-15 a: a polyline of a few legs costed in plain Python costs, to the last bit,
    what the vectorised legs sum to: from random points, from points on difficult
    edges and corners (their status taken a nudge along), with and without ignoring
    difficult terrain, in a window's part of the field too."""
    table, _ = board(seed)
    whole = table._terrain.difficult_field
    rng = np.random.default_rng(seed)
    e = whole.edges
    corners = np.stack([e.ax, e.ay], axis=1)
    marks = np.concatenate([corners, np.stack([(e.ax + e.bx) / 2, (e.ay + e.by) / 2], axis=1)])
    python = 0
    for field in (whole, whole.near((10.0, 5.0, 30.0, 25.0))):
        for k in range(150):
            n = int(rng.integers(2, costs.FEW_POINTS + 1))
            pts = rng.uniform((0.0, 0.0), (48.0, 32.0), (n, 2))
            if k % 2:
                pts[: n // 2] = marks[rng.integers(0, marks.shape[0], n // 2)]
            route = [(float(x), float(y)) for x, y in pts]
            for ignore in (False, True):
                batch = field.segment_costs(pts[:-1, 0], pts[:-1, 1], pts[1:, 0], pts[1:, 1], ignore)
                assert field.path_cost(route, ignore) == float(batch.sum())
                python += field._few_costs(route, ignore) is not None
    assert python > 300  # most went the plain-Python way


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_legs_past_the_bases_alone_as_the_bases_only_arena_says_GAP_16(seed: int) -> None:
    """A route search asks whether its legs keep clear of the other bases without
    building the bases-only arena: the same verdict, leg for leg, on legs grazing the
    bases' clearances, inside a window and across the table, in batches of every size."""
    arena, _ = _arena(seed)
    rng = np.random.default_rng(seed)
    p, q = _grazing(arena, rng)
    spread = rng.uniform((0.0, 0.0), (48.0, 32.0), (300, 2))
    p = np.concatenate([p, spread[:150]])
    q = np.concatenate([q, spread[150:]])
    for window in ((0.0, 0.0, 48.0, 32.0), (10.0, 5.0, 30.0, 20.0)):
        x0, y0, x1, y1 = window
        inside = ((np.minimum(p, q) >= (x0, y0)) & (np.maximum(p, q) <= (x1, y1))).all(axis=1)
        px, py, qx, qy = p[inside, 0], p[inside, 1], q[inside, 0], q[inside, 1]
        want = arena.figures_only().near(window).legal(px, py, qx, qy)
        assert 0 < want.sum() < want.size  # some legs blocked by a base, some clear
        got = arena.legal_past_bases(px, py, qx, qy, window)
        assert np.array_equal(got, want)
        few = _few_by_few(lambda *c, w=window: arena.legal_past_bases(*c, w), px, py, qx, qy)
        assert np.array_equal(few, want)


@pytest.mark.parametrize("seed", [0, 1])
def test_legs_past_points_judged_either_way_round_GAP_16(seed: int) -> None:
    """Legs are checked against the points they must keep clear of (wall corners, other
    bases) laid out legs by points or points by legs, whichever side is longer: a batch
    of fewer legs than points and one of more give, leg for leg, the plain-Python
    verdict of each leg alone, on legs grazing the clearances (float noise decides)."""
    arena, _ = _arena(seed)
    rng = np.random.default_rng(seed)
    p, q = _grazing(arena, rng)
    points = arena.wx.size + arena.cx.size
    for size in (handful.FEW + 1, 4 * points):  # fewer legs than points, then more
        pick = rng.integers(0, p.shape[0], size)
        px, py, qx, qy = p[pick, 0], p[pick, 1], q[pick, 0], q[pick, 1]
        batch = arena.legal(px, py, qx, qy)
        assert 0 < batch.sum() < batch.size  # some legs blocked, some clear
        assert np.array_equal(batch, _few_by_few(arena.legal, px, py, qx, qy))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_legs_measured_against_every_base_at_once_are_judged_as_the_near_test_judges_GAP_16(
        seed: int):
    """GAP-16 (touching is legal, overlapping is not): a route search's legs judged
    against the other bases by measuring every pair of leg and base at once
    (:meth:`Arena.legal_past_bases`) get, bit for bit, the verdicts of the test that
    measures only the pairs it finds near (:meth:`Arena.legal` of the bases alone):
    legs tangent to the bases' clearance circles, at the limit and at the touching
    tolerance (either side by float noise), legs of no length, legs between waypoints."""
    arena, rng, pts, i, j = _waypoint_legs(seed)
    starts, ends = [pts[i], pts[:40]], [pts[j], pts[:40]]  # ... and legs of no length
    for d in (0.0, TOUCH_EPS):
        r = arena.R - d
        a = rng.uniform(0.0, 2.0 * np.pi, r.size)
        foot = np.stack([arena.cx + r * np.cos(a), arena.cy + r * np.sin(a)], axis=1)
        along = np.stack([-np.sin(a), np.cos(a)], axis=1) * rng.uniform(0.5, 3.0, (r.size, 1))
        starts.append(foot - along)
        ends.append(foot + along)
    a, b = np.concatenate(starts), np.concatenate(ends)
    xs, ys = np.concatenate([a[:, 0], b[:, 0]]), np.concatenate([a[:, 1], b[:, 1]])
    window = (float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max()))
    got = arena.legal_past_bases(a[:, 0], a[:, 1], b[:, 0], b[:, 1], window)
    near = arena.figures_only().near(window)
    assert a.shape[0] > handful.FEW and near.cx.size > 0
    assert np.array_equal(got, near.legal(a[:, 0], a[:, 1], b[:, 0], b[:, 1]))
    assert 0 < got.sum() < got.size
