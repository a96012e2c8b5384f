"""Equipment in play (§12): medikit, rope and grapple, armour, sight, cybernetic limbs."""

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from tests.rules.build import band, fig, piece, scenario, start

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def game_with(a_figs, b_figs=(), terrain=()):
    scn = scenario(band("a", *a_figs), band("b", *(b_figs or (fig("y", "chef", (40, 30)),))),
                   terrain=terrain)
    return start(scn, 6, 1, 6, options=OFF)


def test_medikit_heals_one_pv_once_R_EQ_MEDIKIT_GAP_14():
    """[R-EQ-MEDIKIT]"""
    g = game_with([fig("x", "chef", (10, 5), equipment=("medikit",))])
    g.state.figures["a:x"].pv = 2
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.UseMedikit(figure="a:x", target="a:x"))
    x = g.state.figures["a:x"]
    assert x.pv == 3 and x.pa == 2 and x.medikit_left == 0
    with pytest.raises(IllegalCommand, match="no medikit left"):
        g.apply(c.UseMedikit(figure="a:x", target="a:x"))


def test_medikit_never_above_starting_pv_GAP_14():
    g = game_with([fig("x", "chef", (10, 5), equipment=("medikit",))])
    g.apply(c.Activate(figure="a:x"))
    with pytest.raises(IllegalCommand, match="has all its PV"):
        g.apply(c.UseMedikit(figure="a:x", target="a:x"))


def test_medikit_revives_an_ally_in_contact_GAP_14():
    g = game_with([fig("x", "chef", (10, 5), equipment=("medikit",)),
                   fig("w", "sous_fifre", (11.05, 5))])
    w = g.state.figures["a:w"]
    w.pv, w.status = 0, "out_of_action"
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.UseMedikit(figure="a:x", target="a:w"))
    assert (w.status, w.pv) == ("in_play", 1)


def test_rope_climbs_two_pas_per_pas_of_height_R_EQ_ROPE_GAP_60():
    """[R-EQ-ROPE]"""
    house = piece("house", "impassable", [(12, 0), (20, 0), (20, 10), (12, 10)], blocks_los=True,
                  height=4)
    g = game_with([fig("x", "sous_fifre", (11.45, 5), equipment=("rope",))], terrain=[house])
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.Climb(figure="a:x", piece="house"))  # Walk: 6 pas = 3 pas of height
    x = g.state.figures["a:x"]
    assert x.climbing is not None and x.climbing.done == pytest.approx(3)
    with pytest.raises(IllegalCommand, match="can only climb"):
        g.apply(c.Walk(figure="a:x", to=(8, 5)))
    g.apply(c.Climb(figure="a:x", piece="house"))
    assert x.climbing is None and x.on_piece == "house"
    assert g.table.level_at(x.pos) == 0 and 12 < x.x < 20  # on the roof, level from the piece


def test_rope_needs_a_rope_R_EQ_ROPE():
    house = piece("house", "impassable", [(12, 0), (20, 0), (20, 10), (12, 10)], height=4)
    g = game_with([fig("x", "sous_fifre", (11.45, 5))], terrain=[house])
    g.apply(c.Activate(figure="a:x"))
    with pytest.raises(IllegalCommand, match="no rope"):
        g.apply(c.Climb(figure="a:x", piece="house"))


def test_armour_adds_to_r_on_the_damage_table_R_EQ_ARMOUR():
    g = game_with([fig("x", "chef", (10, 5), equipment=("light_armour",))])
    s = g.state.figures["a:x"].stats
    assert (s.r, s.armour) == (4, 1)


def test_sight_improves_ct_R_EQ_SIGHT():
    g = game_with([fig("x", "sous_fifre", (10, 5), equipment=("sight",))])
    assert g.state.figures["a:x"].stats.ct == 4


def test_cybernetic_arm_r_and_melee_f_R_EQ_CYBERARM_GAP_28():
    """[R-EQ-CYBERARM]"""
    g = game_with([fig("x", "sous_fifre", (10, 5), equipment=("cyber_arm", "cyber_arm"))])
    s = g.state.figures["a:x"].stats
    assert (s.armour, s.f_melee, s.f) == (2, 2, 3)


def test_cybernetic_legs_pair_R_EQ_CYBERLEG():
    g = game_with([fig("x", "sous_fifre", (10, 5), equipment=("cyber_leg", "cyber_leg"))])
    s = g.state.figures["a:x"].stats
    assert (s.mvt, s.armour, s.ignores_difficult) == (8, 2, True)


def test_shield_adds_r_R_EQ_SHIELD():
    g = game_with([fig("x", "sous_fifre", (10, 5), ("sword",), ("shield",))])
    assert g.state.figures["a:x"].stats.armour == 1
