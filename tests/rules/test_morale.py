"""Passive actions (§7), madness, and the end-of-turn rout (§10.1), with forced dice."""

import pytest

from skirmish.rules import commands as c
from skirmish.rules.events import Moved, Reaction, StatusChanged
from skirmish.rules.skirmish import reactions
from tests.rules.build import band, fig, pass_turn, piece, roll_events, scenario, start

WALL = piece("wall", "impassable", [(14, 0), (15, 0), (15, 20), (14, 20)], blocks_los=True,
             height=3)


def spot_game(**opts):
    scn = scenario(
        band("a", fig("x", "sous_fifre", (12, 18), ("pistol",)), fig("boss", "chef", (2, 30))),
        band("b", fig("y", "chef", (20, 10)), fig("z", "sous_fifre", (44, 30))),
        terrain=[WALL],
    )
    g = start(scn, 6, 1, 6, options=opts or None)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_spotting_a_higher_rank_stops_the_move_and_tests_R_MORALE_SPOT_R_ACT_STOP():
    """[R-MORALE-SPOT]"""
    g = spot_game()
    g.dice.force(1, 1)  # 2 ≤ Cd 6: passes
    ev = g.apply(c.Run(figure="a:x", to=(12, 27)))
    test = roll_events(ev, "R-MORALE-SPOT")[0]
    assert test.figure == "a:x" and test.target == "b:y" and test.success
    moves = [e for e in ev if isinstance(e, Moved)]
    assert moves[0].interrupted
    assert g.state.figures["a:x"].y < 27  # the move ended where the test was taken
    p = g.state.pending
    assert p.kind == "free_shot" and p.band == "a" and {o.key for o in p.options} == {"pistol", "hold"}
    g.dice.force(6, 6, 1, 1)  # hit; damage; (a Chef with no ranged weapon tests "Subir un tir")
    ev = g.apply(c.Choose(option="pistol"))
    assert any(getattr(e, "action", "") == "free_shot" and e.cost == 0 for e in ev)
    assert g.state.figures["a:x"].pa == 0  # the Run's 2 PA; the free shot cost nothing (GAP-46)


def test_the_free_shot_answer_checks_the_chosen_weapon_alone_R_MORALE_SPOT(monkeypatch):
    """[R-MORALE-SPOT] GAP-46: the tester's weapons are listed for the question; the
    answer comes in the same position and fires the chosen one without listing them
    all again."""
    listed = []
    real = reactions.spot_shot_options

    def spot_shot_options(ctx, t, e):
        listed.append(t.id)
        return real(ctx, t, e)

    monkeypatch.setattr(reactions, "spot_shot_options", spot_shot_options)
    g = spot_game()
    g.dice.force(1, 1)
    g.apply(c.Run(figure="a:x", to=(12, 27)))
    assert g.state.pending.kind == "free_shot" and listed == ["a:x"]
    g.dice.force(6, 6, 1, 1)
    ev = g.apply(c.Choose(option="pistol"))
    assert listed == ["a:x"]
    assert [e.weapon for e in ev if getattr(e, "action", "") == "free_shot"] == ["pistol"]


def test_spot_only_once_per_pair_GAP_46():
    g = spot_game()
    g.dice.force(1, 1)
    g.apply(c.Run(figure="a:x", to=(12, 27)))
    g.apply(c.Choose(option="hold"))
    assert "b:y" in g.state.figures["a:x"].seen


def test_failed_spot_moves_out_of_sight_R_MORALE_SPOT():
    g = spot_game()
    g.dice.force(6, 6, 5)  # fails; 1d3 = 3 pas
    g.apply(c.Run(figure="a:x", to=(12, 27)))
    p = g.state.pending
    if p is not None:  # several ways out of sight: the player picks one
        assert p.kind == "escape" and p.band == "a"
        g.apply(c.Choose(option=p.default))
    x, y = g.state.figures["a:x"], g.state.figures["b:y"]
    assert not g.table.sight(y.disc, x.disc).visible


def test_each_escape_answer_moves_along_the_route_offered_R_MORALE_SPOT():
    """The answer to an escape question works out only the route chosen: it must be the
    one offered, for every option."""
    g = spot_game()
    g.dice.force(6, 6, 5)  # fails; 1d3 = 3 pas
    g.apply(c.Run(figure="a:x", to=(12, 27)))
    p = g.state.pending
    assert p.kind == "escape" and len(p.options) > 1
    for option in p.options:
        branch = g.copy()
        branch.apply(c.Choose(option=option.key))
        assert branch.state.figures["a:x"].pos == option.at


def test_spot_switched_off_D_1():
    off = {"passive_actions": {"charge": True, "charged": True, "spot": False, "shot": True}}
    g = spot_game(**off)
    ev = g.apply(c.Run(figure="a:x", to=(12, 27)))
    assert not roll_events(ev, "R-MORALE-SPOT")
    assert g.state.figures["a:x"].pos == pytest.approx((12, 27))


def shot_game(target_weapons=(), shooter_weapon="pistol", dice=2, friends=()):
    scn = scenario(
        band("a", fig("s", "sous_fifre", (10, 5), (shooter_weapon,)), fig("boss", "chef", (44, 2))),
        band("b", fig("t", "sous_fifre", (10, 16), target_weapons), *friends,
             fig("boss", "chef", (44, 30))),
        terrain=[piece("crates", "difficult", [(12, 15), (13, 15), (13, 17), (12, 17)], cover=True)],
    )
    g = start(scn, 6, 1, 6, options={"shot_test_dice": dice})
    g.apply(c.Activate(figure="a:s"))
    return g


def test_shot_test_without_ranged_weapon_R_MORALE_SHOT_GAP_48():
    """[R-TURN-AP] a passive action outside the tester's own activation."""
    """[R-MORALE-SHOT]"""
    g = shot_game()
    g.dice.force(2, 1, 2, 3)  # miss; no jam; test 5 ≤ 6 passes
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    test = roll_events(ev, "R-MORALE-SHOT")[0]
    assert test.figure == "b:t" and test.success and test.need == 6 and len(test.dice) == 2


def test_no_shot_test_against_a_weaker_or_equal_weapon_GAP_48():
    g = shot_game(target_weapons=("pistol",))
    g.dice.force(2)
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    assert not roll_events(ev, "R-MORALE-SHOT")


def test_failed_shot_test_moves_towards_cover_R_MORALE_SHOT_GAP_22():
    """[R-MORALE-SHOT]"""
    g = shot_game()
    g.dice.force(2, 6, 6, 6)  # miss; test 12 fails; 1d3 → 3 pas
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    assert any(isinstance(e, Reaction) and e.test == "shot" and not e.passed for e in ev)
    t = g.state.figures["b:t"]
    assert g.table.in_cover(t.disc)


def test_shot_test_on_one_die_as_written_GAP_47():
    g = shot_game(dice=1)
    g.dice.force(2, 6)
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    test = roll_events(ev, "R-MORALE-SHOT")[0]
    assert len(test.dice) == 1 and test.success


def rout_scenario(extra_b=()):
    return scenario(
        band("a", fig("x", "sous_fifre", (10, 5), ("sword",)), fig("boss", "chef", (44, 2))),
        band("b", fig("chef", "chef", (10, 6.05)), fig("sc", "sous_chef", (13, 8)),
             fig("f1", "sous_fifre", (24, 19)), *extra_b),
    )


def kill_b_chef(g):
    g.state.figures["b:chef"].pv = 1
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6)
    g.apply(c.Strike(figure="a:x", target="b:chef"))
    assert g.state.figures["b:chef"].status == "out_of_action"


def test_losing_the_chef_triggers_rout_tests_highest_cd_first_R_END_ROUT_R_END_ROUT_ORDER():
    """[R-END-ROUT]; [R-END-ROUT-WHO] every character still in play tests (not the fallen
    Chef)."""
    g = start(rout_scenario(), 6, 1, 6)
    kill_b_chef(g)
    pass_turn(g, 1, 1, 6, 6)  # sous-chef (Cd 8) passes, then the sous-fifre (Cd 6) fails
    tests = roll_events(g.log, "R-END-ROUT-TEST")
    assert [t.figure for t in tests] == ["b:sc", "b:f1"]
    assert g.state.figures["b:f1"].routing and not g.state.figures["b:sc"].routing


def test_a_higher_cd_within_four_pas_may_be_used_R_END_ROUT_CD_GAP_54():
    """[R-END-ROUT-CD]"""
    g = start(rout_scenario(extra_b=(fig("f2", "sous_fifre", (15, 8)),)), 6, 1, 6)
    kill_b_chef(g)
    pass_turn(g, 1, 1, 6, 6, 4, 4)  # sc passes; f1 (alone) fails; f2 (next to sc) uses Cd 8
    tests = roll_events(g.log, "R-END-ROUT-TEST")
    f2 = next(t for t in tests if t.figure == "b:f2")
    assert f2.need == 8 and f2.inputs["lent_by"] == "b:sc" and f2.success


def test_routing_figure_heads_for_the_nearest_edge_and_may_not_shoot_R_END_ROUT_FAIL():
    g = start(rout_scenario(), 6, 1, 6)
    kill_b_chef(g)
    pass_turn(g, 1, 1, 6, 6)
    f1 = g.state.figures["b:f1"]
    before = f1.pos
    while g.to_act != "b" or g.state.active is not None:
        g.apply(next(cmd for cmd in g.legal_commands()
                     if isinstance(cmd, (c.Activate, c.EndActivation, c.EndWave))))
    g.apply(c.Activate(figure="b:f1"))
    assert f1.y > before[1]  # towards the nearest edge (the south edge, y = 32)
    assert any(isinstance(e, StatusChanged) and e.status == "routing" for e in g.log)


def test_routing_retest_at_the_next_end_of_turn_R_END_ROUT_RETEST():
    g = start(rout_scenario(), 6, 1, 6)
    kill_b_chef(g)
    pass_turn(g, 1, 1, 6, 6)
    assert g.state.figures["b:f1"].routing
    pass_turn(g, 1, 1)  # the trigger still holds? 1 of 3 down: no. Only the retest: 2 passes
    assert not g.state.figures["b:f1"].routing


def test_madness_test_before_initiative_R_CAMP_INJ_24_GAP_67():
    """[R-CAMP-INJ-24]"""
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5), injuries=("madness",)),
                        fig("boss", "chef", (44, 2))),
                   band("b", fig("y", "sous_fifre", (10, 25)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 6, 6, 1, 6)  # madness 12 fails; initiative 6 / 1; wave 6
    x = g.state.figures["a:x"]
    assert x.stunned and x.activated
    assert not any(isinstance(cmd, c.Activate) and cmd.figure == "a:x" for cmd in g.legal_commands())


def test_hardened_passes_every_test_R_CAMP_INJ_63_GAP_56():
    """[R-CAMP-INJ-63]"""
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5), injuries=("hardened",)),
                        fig("boss", "chef", (44, 2))),
                   band("b", fig("y", "chef", (10, 13)), fig("f", "sous_fifre", (30, 30))))
    g = start(scn, 6, 1, 6, options={"passive_actions": {"charge": True, "charged": True,
                                                         "spot": False, "shot": False}})
    g.apply(c.Activate(figure="a:x"))
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    auto = [e for e in ev if getattr(e, "rule", "") == "R-CAMP-INJ-63"]
    assert auto and auto[0].success and auto[0].dice == ()


def test_two_enemies_seen_in_one_step_give_two_tests_R_MORALE_SPOT_GAP_46_D_4():
    """[R-MORALE-SPOT] GAP-46: once per (tester, higher-rank enemy) pair. A Chef and a
    Sous-chef come into sight in the same step: the mover tests against each, and (D-4)
    the first test, its free shot included, is resolved before the second is rolled."""
    scn = scenario(
        band("a", fig("x", "sous_fifre", (12, 18), ("pistol",)), fig("boss", "chef", (2, 30))),
        band("b", fig("y", "chef", (20, 10)), fig("w", "sous_chef", (21, 8)),
             fig("z", "sous_fifre", (44, 30))),
        terrain=[WALL],
    )
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(1, 1)  # against the Chef: 2 ≤ Cd 6, passes
    ev = g.apply(c.Run(figure="a:x", to=(12, 27)))
    first = [r for r in roll_events(ev, "R-MORALE-SPOT") if r.dice]
    assert [(r.figure, r.target) for r in first] == [("a:x", "b:y")]
    assert g.state.pending.kind == "free_shot"  # the first test is not over yet
    g.dice.force(6, 6, 5)  # against the Sous-chef: 12 fails; 1d3 → 3 pas out of sight
    ev = g.apply(c.Choose(option="hold"))
    second = [r for r in roll_events(ev, "R-MORALE-SPOT") if len(r.dice) == 2]
    assert [(r.figure, r.target, r.success) for r in second] == [("a:x", "b:w", False)]
    assert any(isinstance(e, Reaction) and e.cause == "b:w" and not e.passed for e in ev)
    assert set(g.state.figures["a:x"].seen) >= {"b:y", "b:w"}


def test_pairs_in_sight_at_deployment_follow_where_the_bases_stand_GAP_46():
    """GAP-46: who already sees whom when deployment ends is remembered per table; a game
    on the same table with a figure standing elsewhere gets its own answer."""
    def placed(x_at):
        return start(scenario(
            band("a", fig("x", "sous_fifre", x_at), fig("boss", "chef", (2, 30))),
            band("b", fig("y", "chef", (20, 10)), fig("z", "sous_fifre", (44, 30))),
            terrain=[WALL]), 6, 1, 6)

    hidden, again, in_view = placed((12, 10)), placed((12, 10)), placed((17, 25))
    assert hidden.table is in_view.table
    assert "b:y" not in hidden.state.figures["a:x"].seen  # the wall between them
    assert "b:y" not in again.state.figures["a:x"].seen
    assert "b:y" in in_view.state.figures["a:x"].seen
    assert in_view.table.sight(in_view.state.figures["a:x"].disc,
                               in_view.state.figures["b:y"].disc).visible
