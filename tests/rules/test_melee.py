"""Melee (§6.3) and the charge reactions (§7) with forced dice."""

import math

import pytest

from skirmish.replay import record
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Reaction
from skirmish.rules.frame.queries import gap
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.melee import outranking_contacts
from tests.rules.build import band, fig, piece, roll_events, scenario, start

NO_SPOT_SHOT = {"passive_actions": {"charge": True, "charged": True, "spot": False, "shot": False}}


def melee_game(a_rank="sous_fifre", b_rank="sous_fifre", dist=7.0, a_kw=None, b_kw=None,
               terrain=(), extra_a=(), options=None, **game_kw):
    scn = scenario(
        band("a", fig("x", a_rank, (10, 5), **(a_kw or {})), *extra_a,
             fig("boss", "chef" if a_rank != "chef" else "sous_chef", (44, 2))),
        band("b", fig("y", b_rank, (10, 5 + dist + 1), **(b_kw or {})),
             fig("boss", "chef" if b_rank != "chef" else "sous_chef", (44, 30))),
        terrain=terrain,
    )
    g = start(scn, 6, 1, 6, options=options if options is not None else NO_SPOT_SHOT,
              **game_kw)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_charge_into_contact_costs_one_pa_R_ACT_CHARGE():
    g = melee_game(dist=7)
    g.apply(c.Charge(figure="a:x", target="b:y"))
    x, y = g.state.figures["a:x"], g.state.figures["b:y"]
    assert 0 <= gap(x, y) <= 0.1
    assert x.pa == 1


def test_charge_out_of_reach_becomes_a_run_R_ACT_CHARGE_FAIL_GAP_39():
    """[R-ACT-CHARGE-FAIL]"""
    g = melee_game(dist=12)
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    x = g.state.figures["a:x"]
    assert x.pa == 0
    assert x.pos == pytest.approx((10, 14), abs=1e-6)  # 1.5 × Mvt 6 towards the target
    assert any(getattr(e, "action", "") == "charge_failed" for e in ev)


def test_failed_charge_with_one_pa_moves_half_mvt_R_ACT_CHARGE_FAIL():
    g = melee_game(dist=12)
    g.apply(c.Walk(figure="a:x", to=(8, 5)))
    g.apply(c.Charge(figure="a:x", target="b:y"))
    x = g.state.figures["a:x"]
    assert math.dist(x.pos, (8, 5)) == pytest.approx(3.0, abs=1e-6)


def test_failed_charge_with_one_pa_in_difficult_terrain_does_not_move_R_ACT_CHARGE_FAIL():
    mud = piece("mud", "difficult", [(0, 0), (20, 0), (20, 6), (0, 6)])
    g = melee_game(dist=12, terrain=[mud])
    g.apply(c.Walk(figure="a:x", to=(9, 5)))
    g.apply(c.Charge(figure="a:x", target="b:y"))
    assert g.state.figures["a:x"].pos == pytest.approx((9, 5))


def test_no_charge_while_engaged_GAP_39():
    g = melee_game(dist=0.05)
    with pytest.raises(IllegalCommand, match="engaged"):
        g.apply(c.Charge(figure="a:x", target="b:y"))


def test_strike_hits_on_ccc_and_adds_weapon_force_R_ACT_STRIKE_R_MELEE_HIT_R_MELEE_DMG():
    """[R-ACT-STRIKE] [R-MELEE-HIT]"""
    g = melee_game(dist=0.05, a_kw={"weapons": ("sword",)})
    g.dice.force(6, 3)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    hit = roll_events(ev, "R-MELEE-HIT")[0]
    assert (hit.need, hit.success) == (6, True)
    dmg = roll_events(ev, "R-DMG-TABLE")[0]
    assert (dmg.inputs["force"], dmg.need, dmg.success) == (5, 3, True)  # F3 + épée 2 vs R2
    assert g.state.figures["b:y"].pv == 1
    assert g.state.figures["a:x"].pa == 1


def test_strike_needs_contact_R_ACT_STRIKE():
    g = melee_game(dist=2)
    with pytest.raises(IllegalCommand, match="not in contact"):
        g.apply(c.Strike(figure="a:x", target="b:y"))


def test_unarmed_strike_uses_force_zero_GAP_40():
    g = melee_game(dist=0.05)
    g.dice.force(6, 6)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert roll_events(ev, "R-DMG-TABLE")[0].inputs["force"] == 3


def test_buckler_forces_a_reroll_of_each_hit_R_EQ_BUCKLER_GAP_59():
    """[R-EQ-BUCKLER]"""
    g = melee_game(dist=0.05, b_kw={"equipment": ("buckler", "buckler"), "weapons": ("sword",)})
    g.dice.force(6, 6, 5)  # hit, reroll hit, second reroll miss
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert [r.dice for r in roll_events(ev, "R-EQ-BUCKLER")] == [(6,), (5,)]
    assert not roll_events(ev, "R-DMG-TABLE")


def test_striking_a_fallen_enemy_kills_it_GAP_51_R_WOUND_DEAD():
    g = melee_game(dist=0.05)
    y = g.state.figures["b:y"]
    y.status, y.pv = "out_of_action", 0
    g.dice.force(6, 6)
    g.apply(c.Strike(figure="a:x", target="b:y"))
    assert g.state.figures["b:y"].status == "dead"


def test_charge_test_against_a_higher_rank_R_MORALE_CHARGE():
    g = melee_game(b_rank="chef", dist=7)
    g.dice.force(5, 1)  # 2d6 = 6 ≤ Cd 6: charges
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    test = roll_events(ev, "R-MORALE-CHARGE")[0]
    assert (test.need, test.compare, test.success) == (6, "<=", True)
    assert test.inputs["allies_within_3"] == 0


def test_failed_charge_test_moves_away_and_forbids_running_R_MORALE_CHARGE_GAP_44():
    """[R-MORALE-CHARGE]"""
    g = melee_game(b_rank="chef", dist=7)
    g.dice.force(6, 6)
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    x = g.state.figures["a:x"]
    assert x.pos == pytest.approx((10, 0.6), abs=0.05)  # away, stopped 0.1 short of the edge
    assert x.pa == 1 and x.no_run
    assert any(isinstance(e, Reaction) and not e.passed for e in ev)
    with pytest.raises(IllegalCommand, match="no Run nor Charge"):
        g.apply(c.Run(figure="a:x", to=(12, 3)))


def test_allies_within_three_pas_add_to_cd_R_MORALE_ALLY_GAP_42():
    """[R-MORALE-ALLY]"""
    friend = fig("f", "sous_fifre", (12.5, 5))
    g = melee_game(b_rank="chef", dist=7, extra_a=(friend,))
    g.dice.force(6, 1)  # 7 ≤ 6 + 1
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    test = roll_events(ev, "R-MORALE-CHARGE")[0]
    assert test.inputs["allies_within_3"] == 1 and test.need == 7 and test.success


def test_being_charged_failed_step_back_decision_R_MORALE_CHARGED_GAP_45():
    """[R-MORALE-CHARGED]"""
    g = melee_game(a_rank="chef", dist=7)
    g.dice.force(6, 6, 5, 3)  # test 12 fails; 5 → may step back; d3 from 3 → 2 pas
    g.apply(c.Charge(figure="a:x", target="b:y"))
    p = g.state.pending
    assert p.band == "b" and p.kind == "step_back"
    assert g.to_act == "b"
    g.apply(c.Choose(option="back"))
    y = g.state.figures["b:y"]
    assert y.pos == pytest.approx((10, 15), abs=1e-6)
    assert not y.charged_malus  # stepped back the full distance
    assert gap(g.state.figures["a:x"], y) <= 0.1  # the Chef still reaches (Run 13.5)


def test_being_charged_failed_one_to_four_gives_minus_one_r_GAP_45():
    g = melee_game(a_rank="chef", dist=7)
    g.dice.force(6, 6, 2)
    g.apply(c.Charge(figure="a:x", target="b:y"))
    assert g.state.figures["b:y"].charged_malus
    g.dice.force(4, 4)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert roll_events(ev, "R-DMG-TABLE")[0].inputs["resistance_used"] == 1


def test_passive_actions_can_be_switched_off_R_MORALE_OPT_D_1():
    """[R-MORALE-OPT]"""
    off = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}
    g = melee_game(b_rank="chef", dist=7, options=off)
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    assert not roll_events(ev, "R-MORALE-CHARGE")


def side_chef_game():
    """A Sous-fifre charges a Sous-fifre; a Chef stands where the charge will end touching it."""
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5)), fig("boss", "chef", (40, 3))),
                   band("b", fig("y", "sous_fifre", (10, 13)), fig("c", "chef", (11.05, 12.1))))
    g = start(scn, 6, 1, 6, options=NO_SPOT_SHOT)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_charge_test_for_an_outranking_figure_the_charge_will_contact_R_MORALE_CHARGE_D_5():
    """[R-MORALE-CHARGE] D-5: the path is planned before the test; its end touches the
    Chef next to the declared target, so the Charge test is taken against the Chef."""
    g = side_chef_game()
    g.dice.force(1, 1)
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    test = roll_events(ev, "R-MORALE-CHARGE")
    assert [(t.figure, t.target, t.success) for t in test] == [("a:x", "b:c", True)]
    x = g.state.figures["a:x"]
    assert gap(x, g.state.figures["b:y"]) <= 0.1 and gap(x, g.state.figures["b:c"]) <= 0.1


class CountingTable:
    """A game's table that counts the charge paths asked of it."""

    def __init__(self, table):
        self.table, self.asked = table, 0

    def path_to_contact(self, *args, **kw):
        self.asked += 1
        return self.table.path_to_contact(*args, **kw)

    def __getattr__(self, name):
        return getattr(self.table, name)


@pytest.mark.parametrize("game,touched,planned", [
    (melee_game, [], 0),  # b's Chef stands at the far end of the table
    (side_chef_game, ["b:c"], 1),  # b's Chef stands beside the target
])
def test_the_charge_path_is_planned_for_the_tests_only_with_a_rank_beside_the_target_D_5(
        game, touched, planned):
    """D-5: the path is planned before the Charge test to see which outranking enemies its
    end touches. The end touches the target, so an enemy far from the target cannot be
    touched: no path is planned for the test then, and the answer is the same."""
    g = game()
    table = CountingTable(g.table)
    ctx = Ctx(g.state, table, g.book, g.dice)
    x, y = g.state.figures["a:x"], g.state.figures["b:y"]
    assert [e.id for e in outranking_contacts(ctx, x, y)] == touched
    assert table.asked == planned


def test_failing_the_charge_test_for_a_contacted_chef_moves_away_D_5_GAP_44():
    """[R-MORALE-CHARGE] D-5, GAP-44: a failed test (against the Chef the charge would
    touch) turns the charge into a Mvt move away; no Run nor Charge after it."""
    g = side_chef_game()
    g.dice.force(6, 6)
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    r = next(e for e in ev if isinstance(e, Reaction))
    assert (r.test, r.passed, r.cause) == ("charge", False, "b:c")
    x = g.state.figures["a:x"]
    assert x.y < 5 and x.pa == 1 and x.no_run


def test_no_run_nor_charge_for_the_rest_of_the_activation_after_a_failed_charge_test_GAP_44():
    """[R-MORALE-CHARGE] GAP-44 as amended: the figure may neither Run nor Charge for the
    rest of this activation; other actions stay allowed; the refusal cites the row."""
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5)), fig("boss", "chef", (40, 3))),
                   band("b", fig("y", "chef", (10, 13)), fig("z", "sous_fifre", (30, 13))))
    g = start(scn, 6, 1, 6, options=NO_SPOT_SHOT)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6)
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    r = next(e for e in ev if isinstance(e, Reaction))
    assert r.key == "loses_nerve" and "no Run nor Charge for the rest of this activation" in r.effect
    g.state.figures["a:x"].pa = 2  # room for a Run or a Charge, were they allowed
    for cmd in (c.Run(figure="a:x", to=(12, 3)), c.Charge(figure="a:x", target="b:z")):
        with pytest.raises(IllegalCommand, match="failed its Charge test: no Run nor Charge") as e:
            g.apply(cmd)
        assert e.value.rule == "GAP-44"
    g.apply(c.Walk(figure="a:x", to=(12, 3)))  # other actions are allowed
    assert g.state.figures["a:x"].pos == pytest.approx((12, 3))


@pytest.mark.parametrize("behind,full", [
    (piece("wood", "difficult", [(0, 13.2), (20, 13.2), (20, 20), (0, 20)]), True),
    (piece("wall", "impassable", [(0, 14.9), (20, 14.9), (20, 16), (0, 16)]), False),
])
def test_full_step_back_is_the_die_score_as_allowance_R_MORALE_CHARGED_GAP_45(behind, full):
    """[R-MORALE-CHARGED] GAP-45: "the full distance" is the d3's score as movement
    allowance, difficult terrain costing double: 3 pas of allowance spent in a wood (1.6
    pas covered) is full, no −1 R; a step back stopped by a wall is not, −1 R on contact."""
    g = melee_game(a_rank="chef", dist=7, terrain=[behind])
    g.dice.force(6, 6, 5, 6)  # test 12 fails; 5 → may step back; d3 from 6 → 3 pas
    g.apply(c.Charge(figure="a:x", target="b:y"))
    g.apply(c.Choose(option="back"))
    x, y = g.state.figures["a:x"], g.state.figures["b:y"]
    assert y.y > 14 and gap(x, y) <= 0.1  # it stepped back, and the Chef still reached it
    assert y.charged_malus is (not full)


def walled_in_charge(rules_version=None):
    """A Chef charges y, whose back touches a wall: y fails its test and rolls a 5."""
    wall = piece("wall", "impassable", [(0, 13.5), (20, 13.5), (20, 16), (0, 16)])
    g = melee_game(a_rank="chef", dist=7, terrain=[wall], rules_version=rules_version,
                   extra_a=[fig("s", "sous_fifre", (40, 2))])  # a Sous-fifre: a band to record
    g.dice.force(6, 6, 5, 3)  # test 12 fails; 5 → may step back; d3 → 2 pas
    return g, g.apply(c.Charge(figure="a:x", target="b:y"))


def test_no_question_when_there_is_no_room_to_step_back_R_MORALE_CHARGED_GAP_45():
    """[R-MORALE-CHARGED] GAP-45: with the wall at its back the figure could step back 0
    pas; it stands without its player being asked, says why, and has −1 R on contact."""
    g, ev = walled_in_charge()
    assert g.state.pending is None and g.state.ruleset_version >= 2
    said = [e for e in ev if isinstance(e, Reaction) and e.figure == "b:y"]
    assert [r.key for r in said] == ["may_step_back", "no_room_to_step_back"]
    y = g.state.figures["b:y"]
    assert y.pos == pytest.approx((10, 13)) and y.charged_malus
    assert gap(g.state.figures["a:x"], y) <= 0.1


def test_version_1_of_the_rules_still_asks_so_its_replays_play_on_R_MORALE_CHARGED_GAP_45():
    """[R-MORALE-CHARGED] a game recorded with version 1 (whose replays hold the answer
    to this question) is played as it was: the question is asked."""
    g, _ = walled_in_charge(rules_version=1)
    assert g.state.pending is not None and g.state.pending.kind == "step_back"
    g.apply(c.Choose(option="back"))
    assert g.state.figures["b:y"].charged_malus
    replay = record.from_game(g)
    assert replay.ruleset_version == 1
    assert record.start(replay).state.ruleset_version == 1
    assert record.verify(replay) is None  # every step hashes as it was played


def flanked_game(*others, terrain=()):
    """A Chef charges the Sous-fifre y from straight above: the planned end (10, 12)
    touches any figure placed at (10 ± 1.05, 12.1)."""
    scn = scenario(band("a", fig("x", "chef", (10, 5)), fig("boss", "sous_chef", (40, 3))),
                   band("b", fig("y", "sous_fifre", (10, 13)), *others,
                        fig("boss", "chef", (44, 30))),
                   terrain=terrain)
    g = start(scn, 6, 1, 6, options=NO_SPOT_SHOT)
    g.apply(c.Activate(figure="a:x"))
    return g


def charged_tests(events):
    """The 2d6 "Être chargé" tests, in the order taken."""
    return [r.figure for r in roll_events(events, "R-MORALE-CHARGED") if len(r.dice) == 2]


def test_every_outranked_contacted_figure_tests_at_declaration_in_order_R_MORALE_CHARGED_D_5():
    """[R-MORALE-CHARGED] D-5, GAP-45: the declared target tests first, then every other
    enemy the planned end touches, highest rank first then id (Sous-chef w before
    Sous-fifre k); each test resolves fully — w's step back is asked and made before k
    rolls — and each has its own options (w may step back; k's 1–4 gives −1 R)."""
    g = flanked_game(fig("k", "sous_fifre", (11.05, 12.1)), fig("w", "sous_chef", (8.95, 12.1)))
    g.dice.force(1, 1, 6, 6, 5, 3)  # y passes; w fails, 5 → may step back, d3 → 2 pas
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    assert charged_tests(ev) == ["b:y", "b:w"]
    p = g.state.pending
    assert (p.band, p.kind, p.figure) == ("b", "step_back", "b:w")
    g.dice.force(6, 6, 2)  # k fails, 2 → stands, −1 R if contacted
    ev = g.apply(c.Choose(option="back"))
    assert charged_tests(ev) == ["b:k"]
    x, w, k = (g.state.figures[i] for i in ("a:x", "b:w", "b:k"))
    assert math.dist(w.pos, (8.95, 12.1)) == pytest.approx(2.0, abs=1e-6)
    assert gap(x, g.state.figures["b:y"]) <= 0.1 and gap(x, k) <= 0.1 and gap(x, w) > 0.1
    assert k.charged_malus and not w.charged_malus


@pytest.mark.parametrize("choice,contact", [("back", False), ("stay", True)])
def test_a_contacted_figure_may_step_back_out_of_the_charge_D_5_GAP_45(choice, contact):
    """[R-MORALE-CHARGED] D-5, GAP-45: a figure beside the declared target fails with a 5:
    it may step back like the target. A wall stops it short of the full distance, yet the
    charge (aimed at the declared target) no longer reaches it, and the −1 R needs the
    charger to reach contact with it; if it stays, it is contacted and loses 1 R."""
    wall = piece("wall", "impassable", [(10.6, 12.9), (20, 12.9), (20, 14), (10.6, 14)])
    g = flanked_game(fig("k", "sous_fifre", (11.05, 12.1)), terrain=[wall])
    g.dice.force(1, 1, 6, 6, 6, 6)  # y passes; k fails, 6 → may step back, d3 → 3 pas
    g.apply(c.Charge(figure="a:x", target="b:y"))
    assert (g.state.pending.kind, g.state.pending.figure) == ("step_back", "b:k")
    g.apply(c.Choose(option=choice))
    x, k = g.state.figures["a:x"], g.state.figures["b:k"]
    assert gap(x, g.state.figures["b:y"]) <= 0.1
    moved = math.dist(k.pos, (11.05, 12.1))
    assert (0.1 < moved < 1.0) if choice == "back" else moved == 0  # the wall: not the full 3
    assert (gap(x, k) <= 0.1) is contact and k.charged_malus is contact


def test_a_figure_only_the_replanned_charge_touches_tests_on_contact_D_5_GAP_45():
    """[R-MORALE-CHARGED] D-5, GAP-45: the tests use the path planned at declaration; the
    move is planned again after the step backs. The declared target steps back 1 pas, so
    the charge now ends where y stood, beside n, which took no test: n tests on contact,
    and as the charger already touches it, a failure is −1 R (no step back)."""
    g = flanked_game(fig("n", "sous_fifre", (11.05, 12.9)))
    g.dice.force(6, 6, 5, 1)  # y fails, 5 → may step back, d3 → 1 pas
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    assert charged_tests(ev) == ["b:y"]
    g.dice.force(6, 6)  # n fails on contact
    ev = g.apply(c.Choose(option="back"))
    assert charged_tests(ev) == ["b:n"]
    r = [e for e in ev if isinstance(e, Reaction)][-1]
    assert (r.figure, r.key) == ("b:n", "engaged_minus_one_r")
    x, n = g.state.figures["a:x"], g.state.figures["b:n"]
    assert gap(x, g.state.figures["b:y"]) <= 0.1 and gap(x, n) <= 0.1 and n.charged_malus
    assert g.state.pending is None


def chef_beside_the_step_back_game():
    """A Sous-chef charges the Sous-fifre y from straight above; the Chef n stands beside
    the spot y holds, out of reach of the end planned at declaration (10, 12), but
    touched once y steps back 1 pas and the charge ends where y stood."""
    scn = scenario(band("a", fig("x", "sous_chef", (10, 5)), fig("boss", "chef", (40, 3))),
                   band("b", fig("y", "sous_fifre", (10, 13)), fig("n", "chef", (11.05, 12.9))))
    g = start(scn, 6, 1, 6, options=NO_SPOT_SHOT)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6, 5, 1)  # y fails "Être chargé", 5 → may step back, d3 → 1 pas
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    assert not roll_events(ev, "R-MORALE-CHARGE")  # nothing outranks x at the planned end
    assert (g.state.pending.kind, g.state.pending.figure) == ("step_back", "b:y")
    return g


@pytest.mark.parametrize("faces,reaches", [((1, 1), True), ((6, 6), False)])
def test_the_replanned_charge_tests_for_a_newly_touched_chef_R_MORALE_CHARGE_D_5(faces, reaches):
    """[R-MORALE-CHARGE] D-5, GAP-44: the move is planned again after y's step back and
    its end now touches the Chef n, for whom no Charge test was taken at declaration: the
    charger takes it now, before moving. Passed, it charges and touches both; failed, it
    moves Mvt directly away instead (no Run nor Charge after it)."""
    g = chef_beside_the_step_back_game()
    g.dice.force(*faces)
    ev = g.apply(c.Choose(option="back"))
    test = roll_events(ev, "R-MORALE-CHARGE")
    assert [(t.figure, t.target, t.success) for t in test] == [("a:x", "b:n", reaches)]
    x, y, n = (g.state.figures[i] for i in ("a:x", "b:y", "b:n"))
    assert (gap(x, y) <= 0.1 and gap(x, n) <= 0.1) is reaches
    assert x.no_run is not reaches and (x.y < 5) is not reaches
    assert not n.charged_malus and g.state.pending is None


def test_no_second_charge_test_for_a_chef_faced_at_declaration_D_5():
    """[R-MORALE-CHARGE] D-5: the Chef the charge was declared against was tested for at
    declaration; the Sous-fifre beside it steps back, the move is planned again, and the
    charger takes no second test for the same Chef."""
    scn = scenario(band("a", fig("x", "sous_chef", (10, 5)), fig("boss", "chef", (40, 3))),
                   band("b", fig("y", "chef", (10, 13)), fig("k", "sous_fifre", (11.05, 12.1))))
    g = start(scn, 6, 1, 6, options=NO_SPOT_SHOT)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(1, 1, 6, 6, 5, 1)  # x passes for y; k fails, 5 → may step back 1 pas
    ev = g.apply(c.Charge(figure="a:x", target="b:y"))
    assert [t.target for t in roll_events(ev, "R-MORALE-CHARGE")] == ["b:y"]
    ev = g.apply(c.Choose(option="back"))
    assert not roll_events(ev, "R-MORALE-CHARGE")
    assert gap(g.state.figures["a:x"], g.state.figures["b:y"]) <= 0.1
