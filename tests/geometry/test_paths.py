"""Routes and their cost: Walk / Run (GAP-15, R-ACT-TERRAIN), bases (GAP-16), Charge (GAP-39)."""

from __future__ import annotations

import math

import pytest

from skirmish.geometry import CONTACT_GAP, Table, edge_gap

from .conftest import Piece, rect, wall, wood

#: Shortest centre route from (5, 10) to (15, 10) round the wall (10..11 × 5..15) for a
#: base of radius 0.5: tangent, arc round the corner, 1 pas along the top, arc, tangent.
ROUND_THE_WALL = 15.352135527585778


def test_straight_path_costs_its_length_GAP_15(open_table: Table):
    path = open_table.path((5, 5, 0.5), (11, 13), [])
    assert path is not None
    assert path.points == ((5, 5), (11, 13))
    assert path.cost == pytest.approx(10.0, abs=1e-12)
    assert path.end == (11, 13)


def test_difficult_terrain_costs_double_R_ACT_TERRAIN():
    """A 1-pas band of wood across the whole table: 15 pas crossing it cost 16."""
    table = Table(48, 32, [wood(box=(20, 0, 21, 32))])
    assert table.path_cost([(15, 5), (30, 5)]) == pytest.approx(16.0, abs=1e-12)
    assert table.path_cost([(15, 5), (30, 5)], ignore_difficult=True) == pytest.approx(15.0)
    path = table.path((15, 5, 0.5), (30, 5), [])
    assert path is not None and path.points == ((15, 5), (30, 5))
    assert path.cost == pytest.approx(16.0, abs=1e-12)
    assert table.path((15, 5, 0.5), (30, 5), [], ignore_difficult=True).cost == pytest.approx(15.0)


def test_difficult_cost_is_exact_along_a_bent_route_R_ACT_TERRAIN():
    """Diagonal through the corner of a wood: 2 × the clipped length is added, not a grid guess."""
    table = Table(48, 32, [wood()])  # 20..25 × 0..10
    pts = [(18, 8), (22, 12), (30, 4)]
    inside = math.hypot(1, 1)  # (19, 9)→(20, 10) is outside; (20, 10)→... let shapely tell
    import shapely

    line = shapely.LineString(pts)
    inside = line.intersection(shapely.box(20, 0, 25, 10)).length
    assert inside > 0
    assert table.path_cost(pts) == pytest.approx(line.length + inside, abs=1e-12)


def test_going_round_a_wood_when_it_is_cheaper():
    table = Table(48, 32, [wood()])  # 20..25 × 0..10
    path = table.path((15, 5, 0.5), (30, 5), [])
    assert path is not None
    # straight through costs 15 + 5 = 20; round the top corners costs 2·√50 + 5 ≈ 19.14
    assert 2 * math.sqrt(50) + 5 - 1e-9 <= path.cost <= 2 * math.sqrt(50) + 5 + 0.05
    assert table.path_cost(path.points) == pytest.approx(path.cost, abs=1e-9)


def test_impassable_terrain_and_bases_are_refused_GAP_16(wall_table: Table):
    mover = (5, 10, 0.5)
    assert wall_table.path(mover, (10.5, 10), []) is None  # inside the wall
    assert wall_table.path(mover, (9.6, 10), []) is None  # base would overlap the wall
    assert wall_table.path(mover, (9.5, 10), []) is not None  # touching is fine
    assert wall_table.path(mover, (5, 20), [(5, 20.5, 0.5)]) is None  # onto another base
    assert wall_table.path(mover, (47.8, 20), []) is None  # base off the table
    assert not wall_table.path_is_legal(mover, [(5, 10), (15, 10)], [])


def test_route_round_a_base_keeps_clear_of_it_GAP_16(open_table: Table):
    mover, other = (5, 5, 0.5), (10, 5, 0.5)
    path = open_table.path(mover, (15, 5), [other])
    assert path is not None and len(path.points) > 2
    assert open_table.path_is_legal(mover, path.points, [other])
    assert 10.0 < path.cost < 10.0 + 0.5
    # passing by touching is fine: a base exactly 1 pas off the line does not deflect the route
    path = open_table.path(mover, (15, 5), [(10, 6, 0.5)])
    assert path is not None and path.points == ((5, 5), (15, 5))


def test_cheapest_path_round_a_wall(wall_table: Table):
    path = wall_table.path((5, 10, 0.5), (15, 10), [])
    assert path is not None
    assert wall_table.path_is_legal((5, 10, 0.5), path.points, [])
    assert ROUND_THE_WALL - 1e-9 <= path.cost <= ROUND_THE_WALL + 0.05
    assert wall_table.path_cost(path.points) == pytest.approx(path.cost, abs=1e-9)


def test_path_limit(wall_table: Table):
    assert wall_table.path((5, 10, 0.5), (15, 10), [], limit=15.0) is None
    path = wall_table.path((5, 10, 0.5), (15, 10), [], limit=15.5)
    assert path is not None and path.cost <= 15.5


def test_no_route_into_a_closed_yard():
    walls = [
        wall("n", (20, 20, 30, 21)),
        wall("s", (20, 10, 30, 11)),
        wall("w", (20, 10, 21, 21)),
        wall("e", (29, 10, 30, 21)),
    ]
    table = Table(48, 32, walls)
    assert table.path((5, 5, 0.5), (25, 15), []) is None


def test_far_path_finds_its_way_round_several_walls():
    walls = [wall("a", (10, 0, 11, 25)), wall("b", (20, 7, 21, 32)), wall("c", (30, 0, 31, 25))]
    table = Table(48, 32, walls)
    path = table.path((5, 5, 0.5), (40, 5), [])
    assert path is not None
    assert table.path_is_legal((5, 5, 0.5), path.points, [])
    assert path.cost > 35 + 2 * 20  # it had to go up, down and up again


def test_path_to_contact_ends_touching_the_target_GAP_39(open_table: Table):
    mover, target = (5, 10, 0.5), (15, 10, 0.5)
    path = open_table.path_to_contact(mover, target, [])
    assert path is not None
    end = (*path.end, 0.5)
    assert edge_gap(end, target) + 1e-9 >= 0.0 and edge_gap(end, target) <= CONTACT_GAP
    assert path.cost == pytest.approx(9.0, abs=1e-6)
    # 0.05 short of touching is still contact (GAP-16): a charge of 8.95 pas makes it
    short = open_table.path_to_contact(mover, target, [], limit=8.95)
    assert short is not None and short.cost <= 8.95 + 1e-9
    assert edge_gap((*short.end, 0.5), target) <= CONTACT_GAP + 1e-9
    assert open_table.path_to_contact(mover, target, [], limit=8.8) is None


def test_path_to_contact_goes_round_the_wall(wall_table: Table):
    mover, target = (5, 10, 0.5), (12, 10, 0.5)
    path = wall_table.path_to_contact(mover, target, [], limit=13.5)
    assert wall_table.path_to_contact(mover, target, [], limit=13.2) is None
    assert path is not None
    assert wall_table.path_is_legal(mover, path.points, [target])
    assert edge_gap((*path.end, 0.5), target) <= CONTACT_GAP
    assert path.end[0] > 11.0  # behind the wall


def test_already_in_contact_needs_no_move(open_table: Table):
    path = open_table.path_to_contact((5, 10, 0.5), (6.05, 10, 0.5), [])
    assert path is not None and path.cost == 0.0 and path.points == ((5, 10),)


def test_truncate_stops_where_the_allowance_runs_out_GAP_39():
    """A failed charge moves the Run distance towards its target: 5 pas of open, then
    2 pas of wood for the remaining 4 pas of allowance."""
    table = Table(48, 32, [wood()])
    path = table.path((15, 5, 0.5), (30, 5), [], ignore_difficult=False)
    straight = type(path)(((15.0, 5.0), (30.0, 5.0)), 20.0)
    cut = table.truncate(straight, 9.0)
    assert cut.end == pytest.approx((22.0, 5.0))
    assert cut.cost == pytest.approx(9.0)
    assert table.truncate(straight, 9.0, ignore_difficult=True).end == pytest.approx((24.0, 5.0))
    assert table.truncate(straight, 50.0) == straight
    assert table.truncate(straight, 0.0).points == ((15.0, 5.0),)


def test_truncate_a_bent_path(wall_table: Table):
    path = wall_table.path((5, 10, 0.5), (15, 10), [])
    cut = wall_table.truncate(path, 10.0)
    assert cut.cost == pytest.approx(10.0)
    assert cut.points[:-1] == path.points[: len(cut.points) - 1]
    assert wall_table.path_is_legal((5, 10, 0.5), cut.points, [])


def test_moving_on_a_roof_GAP_60():
    """A figure that climbed a house walks on its roof: centre inside the roof, open terrain."""
    house = Piece("house", "Maison", "impassable", rect(10, 5, 16, 15), True, True, 3.0)
    table = Table(48, 32, [house, wood(box=(12, 8, 14, 10))])
    path = table.path((11, 6, 0.5), (15, 14), [], on="house")
    assert path is not None
    assert path.cost == pytest.approx(math.hypot(4, 8))  # the wood below does not slow it
    assert table.path((11, 6, 0.5), (18, 14), [], on="house") is None  # off the roof
    assert table.path((11, 6, 0.5), (15, 14), [(13, 10, 0.5)], on="house") is not None
    with pytest.raises(ValueError):
        table.path((11, 6, 0.5), (15, 14), [], on="wood")
