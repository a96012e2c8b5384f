"""Forced moves (D-2): stop 0.1 pas short, never create contact, towards cover, off the edge."""

from __future__ import annotations

import math

import pytest

from skirmish.geometry import CONTACT_GAP, FORCED_MOVE_MARGIN, Table, edge_gap

from .conftest import Piece, rect, wood


def test_move_straight_stops_a_tenth_short_of_impassable_terrain_D_2(wall_table: Table):
    path = wall_table.move_straight((5, 10, 0.5), (15, 10), 10.0, [])
    assert path.end == pytest.approx((10 - 0.5 - FORCED_MOVE_MARGIN, 10))
    assert path.cost == pytest.approx(4.4)


def test_move_straight_never_creates_contact_with_a_figure_D_2(open_table: Table):
    other = (10, 10, 0.5)
    path = open_table.move_straight((5, 10, 0.5), (20, 10), 10.0, [other])
    gap = edge_gap((*path.end, 0.5), other)
    assert gap == pytest.approx(FORCED_MOVE_MARGIN, abs=1e-3)
    assert gap > CONTACT_GAP  # not engaged (GAP-16)


def test_move_straight_stops_short_of_the_table_edge_D_2(open_table: Table):
    path = open_table.move_straight((45, 10, 0.5), (50, 10), 10.0, [])
    assert path.end == pytest.approx((48 - 0.5 - FORCED_MOVE_MARGIN, 10))
    assert not path.leaves_table


def test_routing_figure_may_run_off_the_table_GAP_55(open_table: Table):
    path = open_table.move_straight((45, 10, 0.5), (50, 10), 10.0, [], leave_table=True)
    assert path.leaves_table
    assert path.end == pytest.approx((48.5, 10))  # base wholly off, it stops there
    short = open_table.move_straight((45, 10, 0.5), (50, 10), 2.0, [], leave_table=True)
    assert short.end == pytest.approx((47, 10)) and not short.leaves_table
    over = open_table.move_straight((45, 10, 0.5), (50, 10), 3.2, [], leave_table=True)
    assert over.leaves_table


def test_move_straight_spends_the_allowance_with_difficult_costing_double():
    """A 1d3 = 3 move ending in a wood: 1 pas of open, then 1 pas of wood."""
    table = Table(48, 32, [wood()])  # 20..25 × 0..10
    path = table.move_straight((19, 5, 0.5), (30, 5), 3.0, [])
    assert path.end == pytest.approx((21, 5))
    assert path.cost == pytest.approx(3.0)
    flee = table.move_straight((19, 5, 0.5), (30, 5), 3.0, [], ignore_difficult=True)
    assert flee.end == pytest.approx((22, 5))  # Flee ignores difficult terrain (GAP-41)


def test_move_straight_away_from_something_it_touches(wall_table: Table):
    """Starting in contact with a wall or an ally does not pin a figure moving away."""
    path = wall_table.move_straight((9.5, 10, 0.5), (0, 10), 3.0, [(9.5, 11.0, 0.5)])
    assert path.end == pytest.approx((6.5, 10))
    stuck = wall_table.move_straight((9.5, 10, 0.5), (20, 10), 3.0, [])
    assert stuck.points == ((9.5, 10),) and stuck.cost == 0.0


def test_move_straight_with_no_direction_stays(open_table: Table):
    path = open_table.move_straight((5, 5, 0.5), (5, 5), 3.0, [])
    assert path.points == ((5, 5),)


def test_nearest_cover_touching_a_wall_D_2(wall_table: Table):
    """ "Subir un tir": 1d3 pas to the nearest cover; a wall counts when touched."""
    path = wall_table.nearest_cover((5, 10, 0.5), [], 6.0)
    assert path is not None
    assert path.end == pytest.approx((9.4, 10), abs=1e-6)
    assert wall_table.in_cover((*path.end, 0.5))
    assert wall_table.nearest_cover((5, 10, 0.5), [], 4.0) is None  # not within the die


def test_nearest_cover_reaches_into_a_wood_GAP_22():
    table = Table(48, 32, [wood()])  # 20..25 × 0..10, cover
    path = table.nearest_cover((15, 12, 0.5), [], 6.0)
    assert path is not None
    assert table.in_cover((*path.end, 0.5))
    # the nearest point of the wood is its corner (20, 10): the base touches it
    assert path.cost == pytest.approx(math.hypot(5, 2) - 0.5 - CONTACT_GAP, abs=1e-6)


def test_nearest_cover_when_already_in_cover(wall_table: Table):
    path = wall_table.nearest_cover((9.45, 10, 0.5), [], 3.0)
    assert path is not None and path.cost == 0.0


def test_nearest_cover_goes_round_a_figure_in_the_way(wall_table: Table):
    blocker = (8.0, 10, 0.5)
    path = wall_table.nearest_cover((5, 10, 0.5), [blocker], 6.0)
    assert path is not None
    assert wall_table.in_cover((*path.end, 0.5))
    assert all(
        edge_gap((*p, 0.5), blocker) > CONTACT_GAP for p in path.points[1:]
    )  # never engages anyone on the way
    assert wall_table.path_is_legal((5, 10, 0.5), path.points, [blocker])


def test_no_cover_on_the_table(open_table: Table):
    assert open_table.nearest_cover((5, 10, 0.5), [], 6.0) is None


def test_nearest_edge_GAP_55(open_table: Table):
    assert open_table.nearest_edge((5, 10)) == ((0.0, 10.0), 5.0)
    assert open_table.nearest_edge((40, 30)) == ((40.0, 32.0), 2.0)
    assert open_table.nearest_edge((47, 3)) == ((48.0, 3.0), 1.0)


def test_in_cover_GAP_22(wall_table: Table):
    assert wall_table.in_cover((9.45, 10, 0.5))  # gap 0.05
    assert wall_table.in_cover((9.4, 10, 0.5))  # gap 0.1
    assert not wall_table.in_cover((9.3, 10, 0.5))
    assert not Table(48, 32, [Piece("m", "Mare", "impassable", rect(2, 2, 4, 4))]).in_cover(
        (1.5, 3, 0.5)
    )  # impassable but not cover


def test_cover_too_far_away_is_not_looked_at(wall_table: Table):
    assert wall_table.nearest_cover((40, 25, 0.5), [], 3.0) is None
