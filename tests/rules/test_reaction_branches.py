"""The remaining branches of reactions, rout and the rules options, with forced dice."""

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Moved, Reaction, StatusChanged
from skirmish.rules.frame.queries import gap
from tests.rules.build import band, fig, pass_turn, piece, roll_events, scenario, start

WALL = piece("wall", "impassable", [(14, 0), (15, 0), (15, 20), (14, 20)], blocks_los=True,
             height=3)
NO_SHOT = {"passive_actions": {"charge": True, "charged": True, "spot": True, "shot": False}}


def test_enemy_spotting_the_mover_tests_and_its_free_shot_stops_the_move_R_MORALE_SPOT_D_4():
    """The mover (a Chef) comes into sight of a Sous-fifre, which tests, passes and
    shoots for free; the Chef, shot at, tests "Subir un tir" and so stops moving."""
    scn = scenario(
        band("a", fig("x", "chef", (12, 18)), fig("f", "sous_fifre", (2, 30))),
        band("b", fig("y", "sous_fifre", (20, 10), ("rifle",)), fig("boss", "chef", (44, 2))),
        terrain=[WALL],
    )
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(1, 1)  # b:y's Spot test passes
    ev = g.apply(c.Run(figure="a:x", to=(12, 30)))
    assert roll_events(ev, "R-MORALE-SPOT")[0].figure == "b:y"
    assert g.state.pending.kind == "free_shot" and g.state.pending.band == "b"
    y_before = g.state.figures["a:x"].y
    g.dice.force(2, 1, 1)  # miss (no jam); the Chef's "Subir un tir" 2 ≤ 11: passes
    ev = g.apply(c.Choose(option="rifle"))
    assert roll_events(ev, "R-MORALE-SHOT")[0].figure == "a:x"
    assert g.state.figures["a:x"].y == pytest.approx(y_before)  # the rest of the run is lost
    assert not any(isinstance(e, Moved) and e.figure == "a:x" for e in ev)


def test_failed_shot_test_without_cover_moves_back_R_MORALE_SHOT():
    scn = scenario(band("a", fig("s", "sous_fifre", (10, 5), ("pistol",)), fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (10, 16)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(2, 6, 6, 6)
    g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    assert g.state.figures["b:t"].pos == pytest.approx((10, 19))  # 3 pas straight back


def test_engaged_figure_makes_no_forced_move_D_3():
    scn = scenario(band("a", fig("s", "sous_fifre", (10, 5), ("pistol",)), fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (10, 16)), fig("boss", "chef", (44, 30))),
                   )
    g = start(scn, 6, 1, 6)
    g.state.figures["a:boss"].x, g.state.figures["a:boss"].y = 10, 17.05  # engages t
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(2, 6, 6, 6)
    g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    assert g.state.figures["b:t"].pos == pytest.approx((10, 16))


def charge_game(**opts):
    scn = scenario(band("a", fig("x", "chef", (10, 5)), fig("f", "sous_fifre", (40, 3))),
                   band("b", fig("y", "sous_fifre", (10, 13)), fig("z", "sous_fifre", (11.1, 14.2)),
                        fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options=opts or NO_SHOT)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_being_charged_passed_R_MORALE_CHARGED():
    g = charge_game()
    g.dice.force(1, 1)
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    assert any(isinstance(e, Reaction) and e.test == "charged" and e.passed for e in ev)


def test_being_charged_failed_and_standing_takes_minus_one_r_GAP_45():
    g = charge_game()
    g.dice.force(6, 6, 6, 2)
    g.apply(c.Charge(figure="a:x", target="b:y"))
    assert g.state.pending.kind == "step_back"
    g.apply(c.Choose(option="stay"))
    assert g.state.figures["b:y"].charged_malus
    assert gap(g.state.figures["a:x"], g.state.figures["b:y"]) <= 0.1


def test_malus_lasts_until_the_end_of_the_turn_GAP_45():
    g = charge_game()
    g.dice.force(6, 6, 2)
    g.apply(c.Charge(figure="a:x", target="b:y"))
    assert g.state.figures["b:y"].charged_malus
    pass_turn(g)
    assert not g.state.figures["b:y"].charged_malus


def test_charge_stopped_short_becomes_a_run_R_ACT_CHARGE_FAIL():
    """A passive action ends the charger's move before contact: 2 PA in all."""
    scn = scenario(
        band("a", fig("x", "sous_fifre", (12, 18)), fig("boss", "chef", (2, 30))),
        band("b", fig("y", "sous_fifre", (12, 26.5)), fig("c", "chef", (20, 10))),
        terrain=[WALL],
    )
    g = start(scn, 6, 1, 6, options=NO_SHOT)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6, 1)  # x spots the Chef on the way and fails: moves 1 pas out of sight
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    if g.state.pending is not None:
        g.apply(c.Choose(option=g.state.pending.default))
    assert any(getattr(e, "action", "") == "charge_failed" for e in g.log)
    assert g.state.figures["a:x"].pa == 0
    del ev


def test_more_than_half_down_triggers_rout_every_turn_R_END_ROUT_GAP_53():
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5)), fig("boss", "chef", (44, 2))),
                   band("b", fig("chef", "chef", (20, 20)), fig("f1", "sous_fifre", (24, 19)),
                        fig("f2", "sous_fifre", (26, 19)), fig("f3", "sous_fifre", (28, 19))))
    g = start(scn, 6, 1, 6)
    for fid in ("b:f2", "b:f3", "b:f1"):
        g.state.figures[fid].status = "out_of_action"
        g.state.figures[fid].pv = 0
    pass_turn(g, 1, 1)  # 3 of 4 down: the Chef tests (and passes)
    tests = roll_events(g.log, "R-END-ROUT-TEST")
    assert [t.figure for t in tests] == ["b:chef"]
    pass_turn(g, 1, 2)
    tests = roll_events(g.log, "R-END-ROUT-TEST")
    assert len(tests) == 2


def test_routing_figure_leaves_the_table_and_scores_nothing_GAP_55_GAP_57():
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5), ("sword",)), fig("boss", "chef", (44, 2))),
                   band("b", fig("chef", "chef", (10, 6.05)), fig("f1", "sous_fifre", (24, 29))))
    g = start(scn, 6, 1, 6)
    g.state.figures["b:chef"].pv = 1
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6)
    g.apply(c.Strike(figure="a:x", target="b:chef"))
    pass_turn(g, 6, 6)  # f1 fails its rout test
    assert g.state.figures["b:f1"].routing
    while g.state.figures["b:f1"].status == "in_play":
        cmd = next(cmd for cmd in g.legal_commands()
                   if isinstance(cmd, c.Activate | c.EndActivation | c.EndWave))
        g.apply(cmd)
    assert g.state.figures["b:f1"].status == "fled"
    assert any(isinstance(e, StatusChanged) and e.status == "fled" for e in g.log)


def test_routing_figure_in_melee_flees_while_it_can_pay_GAP_55():
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 25)), fig("boss", "chef", (44, 2))),
                   band("b", fig("y", "sous_fifre", (10, 26.05)), fig("boss", "chef", (44, 12))))
    g = start(scn, 1, 6, 6)
    g.state.figures["b:y"].routing = True
    g.apply(c.Activate(figure="b:y"))
    assert {type(cmd) for cmd in g.legal_commands()} == {c.Flee}
    with pytest.raises(IllegalCommand, match="must flee"):
        g.apply(c.Strike(figure="b:y", target="a:x"))
    g.apply(c.Flee(figure="b:y"))  # 1 PA; the other PA walks on to the edge, 3 pas away
    assert g.state.figures["b:y"].status == "fled" and g.state.active is None


def test_routing_figure_that_cannot_pay_to_flee_may_strike_or_pass_GAP_55():
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5)), fig("w", "sous_fifre", (11.05, 6.05)),
                        fig("v", "sous_fifre", (8.95, 6.05)), fig("boss", "chef", (44, 2))),
                   band("b", fig("y", "sous_fifre", (10, 6.05)), fig("boss", "chef", (44, 30))))
    g = start(scn, 1, 6, 6)
    g.state.figures["b:y"].routing = True
    g.apply(c.Activate(figure="b:y"))  # three enemies: fleeing costs 3 PA, it has 2
    assert {type(cmd) for cmd in g.legal_commands()} == {c.EndActivation, c.Strike}


def test_bitter_hatred_passes_tests_against_the_hated_band_R_CAMP_INJ_61():
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5), injuries=("bitter_hatred",), hates="b"),
                        fig("boss", "chef", (44, 2))),
                   band("b", fig("y", "chef", (10, 13)), fig("f", "sous_fifre", (40, 30))))
    g = start(scn, 6, 1, 6, options=NO_SHOT)
    g.apply(c.Activate(figure="a:x"))
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    auto = roll_events(ev, "R-CAMP-INJ-61")
    assert auto and auto[0].success and auto[0].dice == ()


def test_cover_modifier_option_GAP_22():
    crates = piece("crates", "difficult", [(9, 16.6), (11, 16.6), (11, 17.5), (9, 17.5)], cover=True)
    scn = scenario(band("a", fig("s", "sous_fifre", (10, 5), ("pistol",)), fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (10, 16)), fig("boss", "chef", (44, 30))),
                   terrain=[crates])
    g = start(scn, 6, 1, 6, options={"cover_modifier": True, "passive_actions": NO_SHOT["passive_actions"]})
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(1)
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    hit = roll_events(ev, "R-SHOOT-HIT")[0]
    assert hit.inputs["cover_mod"] == 1 and hit.need == 6


def test_figures_block_sight_option_GAP_20():
    scn = scenario(band("a", fig("s", "sous_fifre", (10, 5), ("pistol",)), fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (10, 16)), fig("u", "sous_fifre", (10, 11)),
                        fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options={"figures_block_los": True})
    g.apply(c.Activate(figure="a:s"))
    shots = {cmd.target for cmd in g.legal_commands() if isinstance(cmd, c.Shoot)}
    assert "b:t" not in shots and "b:u" in shots


def test_blast_scatter_house_option_GAP_33():
    scn = scenario(band("a", fig("s", "sous_fifre", (20, 9), ("grenade",)), fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (20, 17)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options={"blast_scatter": True,
                                     "passive_actions": NO_SHOT["passive_actions"]})
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(2, 1, 2, 6)  # miss; scatters east (1) 2 pas; t is within 5 pas: damage 6
    ev = g.apply(c.Shoot(figure="a:s", weapon="grenade", target="b:t"))
    assert roll_events(ev, "GAP-33")[0].dice == (1, 2)
    assert [d.target for d in roll_events(ev, "R-DMG-TABLE")] == ["b:t"]


def test_exploding_cannon_hits_everyone_within_three_pas_GAP_35():
    scn = scenario(band("a", fig("s", "sous_fifre", (20, 3), ("cannon",)), fig("w", "sous_fifre", (22, 3)),
                        fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (20, 30)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options={"passive_actions": NO_SHOT["passive_actions"]})
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(1, 1, 6, 6)
    ev = g.apply(c.Shoot(figure="a:s", weapon="cannon", target="b:t"))
    assert sorted(d.target for d in roll_events(ev, "R-DMG-TABLE")) == ["a:s", "a:w"]


def test_climber_shot_to_zero_pv_falls_dead_R_EQ_ROPE_GAP_60():
    house = piece("house", "impassable", [(12, 0), (20, 0), (20, 10), (12, 10)], blocks_los=True,
                  height=8)
    scn = scenario(band("a", fig("x", "sous_fifre", (11.45, 5), equipment=("rope",)),
                        fig("boss", "chef", (2, 30))),
                   band("b", fig("s", "sous_fifre", (4, 5), ("pistol",)), fig("boss", "chef", (44, 30))),
                   terrain=[house])
    g = start(scn, 6, 1, 6, options={"passive_actions": NO_SHOT["passive_actions"]})
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.Climb(figure="a:x", piece="house"))
    g.apply(c.EndActivation(figure="a:x"))
    g.state.figures["a:x"].pv = 1
    g.dice.force(6)  # b's wave-1 roll
    while g.state.active is None:
        g.apply(next(cmd for cmd in g.legal_commands() if isinstance(cmd, c.Activate | c.EndWave)
                     and getattr(cmd, "figure", "") in ("", "b:s") or isinstance(cmd, c.EndWave)))
        if g.state.active and g.state.active != "b:s":
            g.apply(c.EndActivation(figure=g.state.active))
    g.dice.force(6, 6)
    g.apply(c.Shoot(figure="b:s", weapon="pistol", target="a:x"))
    assert g.state.figures["a:x"].status == "dead"


def test_climb_down_from_a_roof_R_EQ_ROPE():
    house = piece("house", "impassable", [(12, 0), (20, 0), (20, 10), (12, 10)], height=2)
    scn = scenario(band("a", fig("x", "sous_fifre", (11.45, 5), equipment=("rope",)),
                        fig("boss", "chef", (2, 30))),
                   band("b", fig("y", "chef", (44, 30))), terrain=[house])
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.Climb(figure="a:x", piece="house"))  # 2 pas high: 4 pas of a Walk
    x = g.state.figures["a:x"]
    assert x.on_piece == "house"
    g.apply(c.Climb(figure="a:x", piece="house"))
    assert x.on_piece is None and x.climbing is None and not (12 < x.x < 20 and x.y < 10)


def test_resign_ends_a_two_band_game():
    scn = scenario(band("a", fig("x", "chef", (10, 5))), band("b", fig("y", "chef", (10, 27))))
    g = start(scn, 6, 1, 6)
    g.apply(c.Resign(band="b"))
    assert g.over and g.state.figures["b:y"].status == "fled"
