"""Where a base may stand (deployment, scenario checks) and rope climbs (R-EQ-ROPE, GAP-60)."""

from __future__ import annotations

import math

import pytest

from skirmish.geometry import Table

from .conftest import Piece, rect, wall


def test_placement_problems_are_player_readable(wall_table: Table):
    assert wall_table.placement_problem((0.3, 10, 0.5), []) == "base is off the table"
    assert wall_table.placement_problem((20, 31.8, 0.5), []) == "base is off the table"
    assert wall_table.placement_problem((10.5, 10, 0.5), []) == "inside impassable terrain 'Mur'"
    assert wall_table.placement_problem((9.7, 10, 0.5), []) == "overlaps impassable terrain 'Mur'"
    assert wall_table.placement_problem((5, 5, 0.5), [(5.9, 5, 0.5)]) == "overlaps another figure"


def test_touching_is_fine(wall_table: Table):
    assert wall_table.placement_problem((9.5, 10, 0.5), []) is None
    assert wall_table.placement_problem((5, 5, 0.5), [(6.0, 5, 0.5)]) is None
    assert wall_table.placement_problem((0.5, 0.5, 0.5), []) is None


def test_touching_pieces_for_the_rope_GAP_60(wall_table: Table):
    assert wall_table.touching_pieces((9.5, 10, 0.5)) == ["wall"]
    assert wall_table.touching_pieces((9.42, 10, 0.5)) == ["wall"]  # gap 0.08
    assert wall_table.touching_pieces((9.3, 10, 0.5)) == []


HOUSE = Piece("house", "Maison", "impassable", rect(10, 5, 16, 15), True, True, 3.0)


def test_climbing_up_lands_on_the_roof_next_to_the_climber_GAP_60():
    table = Table(48, 32, [HOUSE])
    landing = table.climb_landing((9.5, 10, 0.5), "house", [])
    assert landing is not None
    assert landing == pytest.approx((10.5, 10), abs=0.06)  # the whole base on the roof
    assert table.placement_problem((*landing, 0.5), [], on="house") is None


def test_climbing_up_avoids_figures_already_on_the_roof_GAP_60():
    table = Table(48, 32, [HOUSE])
    other = (10.6, 10, 0.5)
    landing = table.climb_landing((9.5, 10, 0.5), "house", [other])
    assert landing is not None
    assert math.dist(landing, other[:2]) >= 1.0 - 1e-9
    assert 10 <= landing[0] <= 16 and 5 <= landing[1] <= 15


def test_climbing_up_a_thin_wall_keeps_the_centre_on_it():
    table = Table(48, 32, [wall()])  # 1 pas thick: the base cannot fit, its centre can
    landing = table.climb_landing((9.5, 10, 0.5), "wall", [])
    assert landing is not None
    assert 10 <= landing[0] <= 11


def test_no_room_on_the_roof():
    hut = Piece("hut", "Cabane", "impassable", rect(10, 10, 11, 11), True, True, 2.0)
    table = Table(48, 32, [hut])
    assert table.climb_landing((9.5, 10.5, 0.5), "hut", [(10.5, 10.5, 0.8)]) is None


def test_climbing_down_lands_next_to_the_piece_GAP_60():
    table = Table(48, 32, [HOUSE])
    landing = table.climb_landing((15.5, 10, 0.5), "house", [], up=False)
    assert landing is not None
    assert landing[0] > 16.5 - 1e-9 and landing == pytest.approx((16.55, 10), abs=0.06)
    assert table.placement_problem((*landing, 0.5), []) is None
    assert table.touching_pieces((*landing, 0.5)) == ["house"]
    # someone standing there: it lands beside them
    blocked = table.climb_landing((15.5, 10, 0.5), "house", [(17.0, 10, 0.5)], up=False)
    assert blocked is not None
    assert table.placement_problem((*blocked, 0.5), [(17.0, 10, 0.5)]) is None


def test_only_impassable_pieces_are_climbed_R_EQ_ROPE():
    table = Table(48, 32, [HOUSE, Piece("wood", "Bois", "difficult", rect(20, 0, 25, 10), True, True)])
    with pytest.raises(ValueError):
        table.climb_landing((19.5, 5, 0.5), "wood", [])
    with pytest.raises(KeyError):
        table.climb_landing((19.5, 5, 0.5), "nowhere", [])
