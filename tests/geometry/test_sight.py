"""Line of sight, one pair at a time (R-SHOOT-LOS, GAP-20, R-SHOOT-ELEV / GAP-27)."""

from __future__ import annotations

import pytest

from skirmish.geometry import Table

from .conftest import Piece, rect, wall, wood


def test_clear_line_of_sight_R_SHOOT_LOS(wall_table: Table):
    sight = wall_table.sight((5, 20, 0.5), (15, 20, 0.5))
    assert sight.visible
    assert sight.blocker is None


def test_blocked_sight_names_the_blocker_and_where_GAP_20(wall_table: Table):
    sight = wall_table.sight((5, 10, 0.5), (15, 10, 0.5))
    assert not sight.visible
    assert sight.blocker == "wall"
    assert wall_table.piece_name(sight.blocker) == "Mur"
    assert sight.point == pytest.approx((10.0, 10.0))
    assert len(sight.lines) == 5 and not any(clear for _, _, clear in sight.lines)


def test_sight_is_symmetric(wall_table: Table):
    a, b = (5, 10, 0.5), (15, 13, 0.5)
    assert wall_table.sight(a, b).visible == wall_table.sight(b, a).visible


def test_centre_line_blocked_but_a_tangent_is_clear_GAP_20():
    """ "Some straight line from base to base": a post hides the centres, not the bases."""
    post = Piece("post", "Poteau", "impassable", rect(9.9, 9.9, 10.1, 10.1), True, False, 3)
    table = Table(48, 32, [post])
    sight = table.sight((5, 10, 0.5), (15, 10, 0.5))
    assert sight.visible
    assert sight.lines[0][2] is False  # the centre line was tried first, and blocked
    assert any(clear for _, _, clear in sight.lines[1:])


def test_piece_lower_than_both_levels_does_not_block_R_SHOOT_ELEV():
    """A 1-pas wall between two figures standing on 2-pas hills does not block them."""
    low_wall = Piece("low", "Muret", "impassable", rect(10, 5, 11, 15), True, True, 1.0)
    hill_a = Piece("ha", "Colline A", "open", rect(2, 5, 8, 15), height=2.0, raised=True)
    hill_b = Piece("hb", "Colline B", "open", rect(13, 5, 19, 15), height=2.0, raised=True)
    table = Table(48, 32, [low_wall, hill_a, hill_b])
    assert table.level_at((5, 10)) == 2.0
    assert table.level_at((30, 10)) == 0.0
    assert table.sight((5, 10, 0.5), (15, 10, 0.5)).visible
    # only one figure up: the wall blocks (it is not lower than *both* levels)
    assert not table.sight((5, 10, 0.5), (25, 10, 0.5)).visible
    # levels passed by the caller win (a figure standing on a roof)
    assert table.sight((5, 10, 0.5), (25, 10, 0.5), levels=(2.0, 3.0)).visible
    assert not table.sight((5, 10, 0.5), (15, 10, 0.5), levels=(0.0, 0.0)).visible


def test_piece_containing_the_viewer_does_not_block_it_GAP_20():
    """A figure inside a wood sees out and is seen; one behind the wood is hidden."""
    table = Table(48, 32, [wood()])
    assert table.sight((22, 5, 0.5), (35, 5, 0.5)).visible
    assert table.sight((35, 5, 0.5), (22, 5, 0.5)).visible
    assert not table.sight((15, 5, 0.5), (35, 5, 0.5)).visible


def test_figures_block_only_when_asked_figures_block_los():
    table = Table(48, 32, [])
    viewer, target, between = (5, 10, 0.5), (15, 10, 0.5), (10, 10, 0.6)
    assert table.sight(viewer, target).visible
    sight = table.sight(viewer, target, blockers=[between])
    assert not sight.visible
    assert sight.blocker == "figure"
    assert table.sight(viewer, target, blockers=[(10, 12, 0.5)]).visible
    # the viewer and target themselves never block
    assert table.sight(viewer, target, blockers=[viewer, target]).visible


def test_level_and_terrain_lookups_R_ACT_TERRAIN():
    table = Table(
        48, 32, [wall(), wood(), Piece("hill", "Colline", "open", rect(30, 20, 40, 30), height=1.5,
                                        raised=True)]
    )
    assert table.terrain_at((10.5, 10)) == "impassable"
    assert table.terrain_at((22, 5)) == "difficult"
    assert table.terrain_at((35, 25)) == "open"
    assert table.level_at((35, 25)) == 1.5
    assert table.level_at((10.5, 10)) == 0.0  # a roof is only stood on by climbing
    assert table.piece_height("wall") == 2.0
    assert table.piece("wood").name == "Bois"
    with pytest.raises(KeyError):
        table.piece("nope")


def test_sees_is_sights_yes_or_no_and_follows_the_bases_R_SHOOT_LOS(wall_table: Table):
    """``sees`` remembers each answer per table: asked again about bases that moved, or at
    other levels, it answers for where they stand now (R-SHOOT-LOS, GAP-20, R-SHOOT-ELEV)."""
    viewer, hidden, in_view = (5, 10, 0.5), (15, 10, 0.5), (15, 20, 0.5)
    assert not wall_table.sees(viewer, hidden)
    assert wall_table.sees(viewer, in_view)  # the target stepped out from behind the wall
    assert not wall_table.sees(viewer, hidden)  # and back
    assert wall_table.sees(viewer, hidden, levels=(3.0, 3.0))  # both above the 2-pas wall
    for a, b in ((viewer, hidden), (viewer, in_view), ((5, 14.4, 0.5), (15, 15.4, 0.5))):
        for levels in (None, (0.0, 0.0), (3.0, 0.0)):
            assert wall_table.sees(a, b, levels=levels) == wall_table.sight(
                a, b, levels=levels, memo=False).visible


def test_sees_on_ground_reads_each_base_s_level_where_it_stands_R_SHOOT_ELEV():
    """Two figures on the ground stand at the table's level where they are: a 1-pas wall
    between two hills hides neither from the other, but hides the one below from the one
    on a hill; asked again, the remembered answer is the same (R-SHOOT-ELEV, GAP-20)."""
    low_wall = Piece("low", "Muret", "impassable", rect(10, 5, 11, 15), True, True, 1.0)
    hill_a = Piece("ha", "Colline A", "open", rect(2, 5, 8, 15), height=2.0, raised=True)
    hill_b = Piece("hb", "Colline B", "open", rect(13, 5, 19, 15), height=2.0, raised=True)
    table = Table(48, 32, [low_wall, hill_a, hill_b])
    on_hill, other_hill, below = (5.0, 10.0, 0.5), (15.0, 10.0, 0.5), (25.0, 10.0, 0.5)
    for _ in range(2):
        assert table.sees_on_ground(on_hill, other_hill)
        assert not table.sees_on_ground(on_hill, below)
    for a, b in ((on_hill, other_hill), (on_hill, below), (below, other_hill)):
        levels = (table.level_at(a[:2]), table.level_at(b[:2]))
        assert table.sees_on_ground(a, b) == table.sight(a, b, levels=levels, memo=False).visible
