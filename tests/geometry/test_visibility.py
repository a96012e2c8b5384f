"""The waypoint graph (visibility.py) and the planner's use of it: legal routes, exact costs,
near-shortest lengths, refusals beyond the limit (GAP-15, GAP-16, GAP-39, D-5)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from skirmish.geometry import CONTACT_GAP, Table, edge_gap, visibility
from skirmish.geometry.arena import Arena
from skirmish.geometry.edges import EdgeSet
from skirmish.geometry.planner import ContactGoal, _grid_route, plan
from skirmish.geometry.visibility import circle_rims, convex_corners, rough_corners, waypoints
from skirmish.geometry.waysearch import _upper

from .conftest import rect, wall, wood

#: Mover (5, 10) to contact with a target at (15, 10) round a base at (10, 10), all of
#: radius 0.5: tangent to the blocker's clearance circle (radius 1), arc, then straight at
#: the target's centre until 1 pas from it.
ROUND_ONE_BASE = 2.0 * math.sqrt(24.0) - 1.0 + (math.pi - 2.0 * math.acos(1.0 / 5.0))


def check(table: Table, mover, target, obstacles, path, limit=None) -> None:
    """A charge route: legal, exactly costed, ending in contact, within the limit."""
    assert path is not None
    assert table.path_is_legal(mover, path.points, [*obstacles, target])
    assert table.path_cost(path.points) == pytest.approx(path.cost, abs=1e-9)
    assert edge_gap((*path.end, mover[2]), target) <= CONTACT_GAP + 1e-9
    assert limit is None or path.cost <= limit + 1e-9


@pytest.mark.parametrize("direct_ok", [False, True])
def test_charge_round_one_base_is_near_the_true_shortest_GAP_39(open_table: Table, direct_ok: bool):
    mover, target, blocker = (5, 10, 0.5), (15, 10, 0.5), (10, 10, 0.5)
    path = open_table.path_to_contact(mover, target, [blocker], limit=12.0, direct_ok=direct_ok)
    check(open_table, mover, target, [blocker], path, 12.0)
    assert ROUND_ONE_BASE - 1e-9 <= path.cost <= ROUND_ONE_BASE * 1.003


def test_charge_into_a_melee_cluster_bends_round_the_friends_D_5(open_table: Table):
    """The target fights two figures touching it on the charger's side: the charger
    bends round them to a free side of the target, and no further than it must."""
    target = (20.0, 10.0, 0.5)
    cluster = [(19.0, 10.0, 0.5), (20.0, 11.0, 0.5), (19.3, 8.3, 0.5)]
    mover = (12.0, 10.3, 0.5)
    path = open_table.path_to_contact(mover, target, cluster, limit=12.0, direct_ok=True)
    check(open_table, mover, target, cluster, path, 12.0)
    assert len(path.points) > 2  # no straight way in
    m = open_table._mover(mover, [*cluster, target], False, None)
    goal = ContactGoal(target, 1.0 + 1e-9)
    grid = _grid_route(m, goal, (6.0, 4.0, 26.0, 16.0), 20.0)
    assert grid is not None and path.cost <= grid.cost * 1.003
    # refused when even the route found is a good step dearer than the limit
    assert open_table.path_to_contact(mover, target, cluster, limit=path.cost - 0.5, direct_ok=True) is None


def test_charges_into_random_clusters_match_the_grid_GAP_39():
    """Seeded melee clusters round a wall: every graph route is legal, exactly costed,
    and never more than 0.5 % dearer than the grid search's tightened route."""
    rng = np.random.default_rng(7)
    table = Table(48, 32, [wall(box=(22, 4, 23, 12))])
    compared = 0
    for _ in range(12):
        target = (float(rng.uniform(24, 30)), float(rng.uniform(6, 14)), 0.5)
        others: list[tuple[float, float, float]] = []
        for _ in range(int(rng.integers(2, 6))):
            a = rng.uniform(0, 2 * math.pi)
            cand = (target[0] + 1.0 * math.cos(a), target[1] + 1.0 * math.sin(a), 0.5)
            if table.placement_problem(cand, [target, *others]) is None:
                others.append(cand)
        mover = (float(rng.uniform(14, 20)), float(rng.uniform(4, 16)), 0.5)
        if table.placement_problem(mover, [target, *others]) is not None:
            continue
        limit = 1.6 * math.dist(mover[:2], target[:2]) + 2.0
        path = table.path_to_contact(mover, target, others, limit=limit)
        m = table._mover(mover, [*others, target], False, None)
        grid = _grid_route(m, ContactGoal(target, 1.0 + 1e-9), (0.0, 0.0, 48.0, 32.0), 2 * limit)
        if grid is None:
            continue
        check(table, mover, target, others, path, limit)
        assert path.cost <= grid.cost * 1.005
        compared += 1
    assert compared >= 6


def test_walk_round_a_wall_hugs_its_corners_GAP_15(wall_table: Table):
    """Tighter than the grid's tolerance in test_paths: the exact length round the wall."""
    exact = 15.352135527585778
    path = wall_table.path((5, 10, 0.5), (15, 10), [], limit=16.0)
    assert path is not None and wall_table.path_is_legal((5, 10, 0.5), path.points, [])
    assert exact - 1e-9 <= path.cost <= exact * 1.003
    assert wall_table.path_cost(path.points) == pytest.approx(path.cost, abs=1e-9)
    assert wall_table.path((5, 10, 0.5), (15, 10), [], limit=exact * 0.99) is None


def test_crossing_a_band_of_wood_bends_like_light_R_ACT_TERRAIN():
    """A 1-pas band of wood crossed at a slant: the cheapest route crosses it more
    steeply (Snell's law), cheaper than the straight line through it."""
    table = Table(48, 32, [wood(box=(10, 0, 11, 32))])
    start, goal = (5.0, 5.0), (15.0, 15.0)
    v = np.linspace(0.0, 10.0, 200_001)  # height gained inside the band
    best = float(np.min(np.hypot(9.0, 10.0 - v) + 2.0 * np.hypot(1.0, v)))
    path = table.path((*start, 0.5), goal, [], limit=20.0)
    assert path is not None
    assert table.path_cost(path.points) == pytest.approx(path.cost, abs=1e-9)
    assert best - 1e-9 <= path.cost <= best * 1.001
    assert path.cost < table.path_cost([start, goal]) - 0.1


def test_leaving_a_wood_from_just_inside_its_edge_R_ACT_TERRAIN():
    """A figure a hair inside a wood's edge walking out pays only that hair double."""
    table = Table(48, 32, [wood()])  # 20..25 × 0..10
    assert table.path_cost([(20 + 1e-12, 5), (15, 6)]) == pytest.approx(math.hypot(5, 1), abs=1e-9)
    assert table.path_cost([(22.1, 10 - 1e-13), (25.5, 14)]) == pytest.approx(math.hypot(3.4, 4), abs=1e-9)
    assert table.path_cost([(20 - 1e-12, 5), (22, 6)]) == pytest.approx(2 * math.hypot(2, 1), abs=1e-9)


def test_no_route_when_even_a_straight_line_is_too_long(open_table: Table):
    assert open_table.path_to_contact((5, 10, 0.5), (25, 10, 0.5), [(15, 10, 0.5)], limit=17.0) is None
    assert open_table.path((5, 10, 0.5), (25, 10), [(15, 10, 0.5)], limit=19.9) is None


def test_failed_charge_runs_the_start_of_the_route_GAP_39(open_table: Table):
    """The rules ask for a long route, then truncate it to the Run allowance."""
    mover, target, blocker = (5, 10, 0.5), (15, 10, 0.5), (10, 10, 0.5)
    assert open_table.path_to_contact(mover, target, [blocker], limit=8.0, direct_ok=True) is None
    full = open_table.path_to_contact(mover, target, [blocker], limit=2 * 10 + 4, direct_ok=True)
    check(open_table, mover, target, [blocker], full)
    cut = open_table.truncate(full, 8.0)
    assert cut.cost == pytest.approx(8.0)
    assert open_table.path_is_legal(mover, cut.points, [blocker, target])


def test_convex_corners_of_walls():
    """A rectangle has four convex corners turning a quarter each; an L has five (its
    inner corner is concave). Outward normals point away from the wall."""
    square = EdgeSet.from_rings([rect(0, 0, 2, 1)])
    x, y, start, turn = convex_corners(square)
    assert sorted(zip(x.tolist(), y.tolist(), strict=True)) == [(0, 0), (0, 1), (2, 0), (2, 1)]
    assert np.allclose(turn, math.pi / 2)
    k = int(np.flatnonzero((x == 2) & (y == 0))[0])  # normals from below round to the right
    assert math.remainder(start[k] + math.pi / 2, 2 * math.pi) == pytest.approx(0.0)
    ell = EdgeSet.from_rings([[(0, 0), (3, 0), (3, 1), (1, 1), (1, 3), (0, 3)]])
    x, _, _, turn = convex_corners(ell)
    assert x.size == 5 and np.allclose(turn, math.pi / 2)


def test_circle_rims_are_where_a_neighbour_blocks_the_contact_circle():
    """Contact points just beside where a friend touching the target cuts the circle."""
    arena = Arena(0.5, EdgeSet.empty(), np.array([[20.0, 10.0, 0.5], [21.0, 10.0, 0.5]]), None)
    rims = circle_rims(arena, (20.0, 10.0), 1.0)
    assert rims.shape == (2, 2)
    assert np.allclose(np.hypot(rims[:, 0] - 20, rims[:, 1] - 10), 1.0)
    assert np.allclose(np.hypot(rims[:, 0] - 21, rims[:, 1] - 10), 1.0, atol=1e-5)
    assert arena.free(rims[:, 0], rims[:, 1]).all()


def test_plan_on_a_roof_still_uses_the_grid_GAP_60():
    """The graph models walls, not roofs: a figure on a roof is routed by the grid."""
    house = wall("house", (10, 5, 16, 15), height=3.0)
    table = Table(48, 32, [house])
    m = table._mover((11, 6, 0.5), [(13, 10, 0.5)], False, "house")
    path = plan(m, ContactGoal((15, 14, 0.5), 1.0 + 1e-9), 15.0)
    assert path is not None and table.path_is_legal((11, 6, 0.5), path.points, [(13, 10, 0.5)], on="house")


@pytest.mark.parametrize("n", [0, 1, 2, 7, 100])
def test_remembered_node_pairs_are_numpys_and_cannot_be_changed_GAP_15(n: int) -> None:
    """The graph's mask of node pairs is kept per node count: its cells, read row by
    row, are the same pairs in the same order as ``np.triu_indices`` (the order the
    search meets the legs in), and it is read-only, so no search can spoil it."""
    mask = _upper(n)
    iu, ju = np.divmod(np.flatnonzero(mask), max(n, 1))
    want_i, want_j = np.triu_indices(n, 1)
    assert np.array_equal(iu, want_i) and np.array_equal(ju, want_j)
    assert _upper(n) is mask
    with pytest.raises(ValueError):
        mask[...] = False


@pytest.mark.parametrize("memo", [visibility.CORNER_MEMO, 1])
def test_remembered_corner_waypoints_are_the_ones_worked_out_GAP_15(
        monkeypatch: pytest.MonkeyPatch, memo: int) -> None:
    """The waypoints round the walls' and woods' corners are remembered by the corners'
    exact coordinates: for every window a search cuts the table to, the same numbers
    as worked out afresh, read-only (every search shares them), and still right when
    the memo is full and starts afresh."""
    monkeypatch.setattr(visibility, "CORNER_MEMO", memo)
    monkeypatch.setattr(visibility, "_corner_memo", {})
    table = Table(48, 32, [wall("a", (10, 5, 16, 15)), wall("b", (30, 18, 34, 28)),
                           wood("w", (20, 8, 26, 20))])
    mover = table._mover((4.0, 4.0, 0.5), [(40.0, 10.0, 0.5)], False, None)
    for window in ((0, 0, 48, 32), (0, 0, 24, 20), (12, 4, 40, 30), (0, 0, 48, 32)):
        arena, field = mover.arena.near(window), mover.field.near(window)
        got, rough = waypoints(arena), rough_corners(field)
        wx = convex_corners(arena.walls)[0]
        walls_part = visibility._wall_corners(arena.walls, arena.rho)
        ring = visibility.RING * arena.cx.size  # the bases' rings come first
        assert got.x.size == ring + walls_part.x.size
        for name in ("x", "y", "cx", "cy", "r", "lo", "span"):
            assert np.array_equal(getattr(got, name)[ring:], getattr(walls_part, name))
            assert np.array_equal(getattr(rough, name),
                                  getattr(visibility._rough_corners(field.edges, 0.0), name))
        assert wx.size > 0 and rough.x.size > 0
        with pytest.raises(ValueError):
            rough_corners(field).x[0] = 0.0
    assert len(visibility._corner_memo) <= memo
