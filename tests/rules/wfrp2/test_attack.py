"""§1.d: the to-hit roll [WF-ATK-ROLL], parry and dodge as the target's decision (S7,
GAP-WF-7), Fortune rerolls naming the roll they replace (S8), and each step of the damage
pipeline: location by the reversed roll [WF-LOC], 1d10 + weapon − BE − AP [WF-DMG],
Ulric's Fury (GAP-WF-8), the [HOUSE] critical (GAP-WF-9, GAP-WF-10), Destin (GAP-WF-12),
the Sans défense (GAP-WF-19)."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.events import DecisionNeeded, Killed, OutOfAction, StatusChanged
from tests.rules.build import band, fig
from tests.rules.wfrp2.helpers import answer, d100, damage, force, rolls, wf_scenario, wf_start


def duel(a_kit=(), b_kit=(), b_rank: str = "sous_fifre", **options):
    """The Chef (CC 45, BF 5, sword 5) in contact with a henchman (CC 25, BE 2, B 6)."""
    return wf_scenario(
        band("a", fig("chef", "chef", (5, 5), weapons=("sword",), equipment=a_kit)),
        band("b", fig("x", b_rank, (6, 5), weapons=("sword",), equipment=b_kit)), **options)


def chef_first(scn, *initiative: int):
    """The Chef tops the ladder (51 against 43; against a Chef, 55 against 51) and keeps
    its Fortune."""
    g = wf_start(scn, *(initiative or (5, 9)))
    while g.state.pending is not None:
        answer(g, "keep")
    assert g.state.active == "a:chef"
    return g


def test_hit_location_damage_and_critical_WF_ATK_ROLL_WF_LOC_WF_DMG_GAP_WF_9() -> None:
    g = chef_first(duel(b_kit=("light_armour",)))
    force(g, d100(37), 4)  # hit 37 ≤ 45 → 73 body; d10 4
    events = g.apply(c.Strike(figure="a:chef", target="b:x"))
    attack = rolls(events, "WF-A-STANDARD")[0]
    assert (attack.value, attack.need, attack.success, attack.location) == (37, 45, True, "body")
    assert [f.role for f in attack.faces] == ["tens", "units"] and attack.dice == (3, 7)
    dmg = damage(events)[0]
    assert (dmg.location, dmg.d10, dmg.weapon, dmg.be, dmg.ap) == ("body", 4, 5, 2, 1)
    assert (dmg.total, dmg.lost, dmg.b_left, dmg.critical) == (9, 6, 0, 0)  # 9 − 2 − 1 = 6 = B
    assert g.state.figures["b:x"].status == "in_play"  # at 0 B, still in play
    g.apply(c.EndActivation(figure="a:chef"))
    g.apply(c.EndActivation(figure="b:x"))  # next turn: the Chef again
    force(g, d100(21), 3, d100(55))  # 21 → 12, the head (AP 0): 3 + 5 − 2 = 6 over 0 B
    events = g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert damage(events)[0].location == "head" and damage(events)[0].critical == 6
    crit = rolls(events, "GAP-WF-9")[0]
    assert crit.value == 55 and crit.inputs == {"cv": 6}  # 55 + 60 = 115: killed
    assert [type(e) for e in events if isinstance(e, (Killed, OutOfAction))] == [Killed]


def test_critical_value_and_its_three_results_GAP_WF_9_GAP_WF_10() -> None:
    """[WF-CRIT] more damage than the Blessures left is a critical, rolled by the attacker
    on the [HOUSE] table (GAP-WF-9); damage up to the B left is none."""
    for roll, status in ((45, "stunned"), (75, "out_of_action"), (95, "dead")):
        g = chef_first(duel())
        force(g, d100(37), 4, d100(roll))  # 4 + 5 − 2 = 7 against 6 B: CV 1, + 10
        g.apply(c.Strike(figure="a:chef", target="b:x"))
        x = g.state.figures["b:x"]
        assert ("stunned" if x.stunned else x.status) == status, roll
        assert rolls(g.log, "GAP-WF-9")[0].inputs == {"cv": 1}
    g = chef_first(duel())
    force(g, d100(37), 2)  # 2 + 5 − 2 = 5 < 6: no critical
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert g.state.figures["b:x"].b == 1 and not rolls(g.log, "GAP-WF-9")
    g = chef_first(duel(wf_critical_against="maximum"))
    force(g, d100(37), 5)  # 5 + 5 − 2 = 8 over the maximum 6: CV 2 under GAP-WF-10 (b)
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert damage(g.log)[0].critical == 2


def test_stunned_loses_its_next_turn_WF_STUNNED() -> None:
    """[WF-STUNNED] Assommé takes no action: it loses its next turn."""
    g = chef_first(duel())
    force(g, d100(37), 7, d100(20))  # 7 + 5 − 2 = 10 − 6 B = CV 4; 20 + 40 = 60: Assommé
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    x = g.state.figures["b:x"]
    assert x.stunned == 1 and x.status == "in_play" and x.b == 0
    g.apply(c.EndActivation(figure="a:chef"))
    assert g.state.active == "a:chef" and g.state.turn == 2  # the henchman lost its turn
    assert any(isinstance(e, StatusChanged) and e.status == "stunned" and not e.on
               for e in g.log)


def test_ulric_confirmation_adds_a_d10_once_GAP_WF_8() -> None:
    g = chef_first(duel(b_rank="chef"), 9, 5)  # a Chef target: BE 4, B 12, Esquive
    force(g, d100(37), 10, d100(40), 6, d100(99))  # damage 10: confirm 40 ≤ 45, +6
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    events = answer(g, "none")
    dmg = damage(events)[0]
    assert (dmg.d10, dmg.ulric, dmg.total, dmg.lost) == (10, 6, 21, 17)
    assert [r.rule for r in rolls(events)][:3] == ["WF-DMG", "GAP-WF-8", "WF-ULRIC"]


def test_ulric_as_written_needs_a_10_GAP_WF_8() -> None:
    g = chef_first(duel(b_rank="chef", wf_ulric="as_written"), 9, 5)
    force(g, d100(37), 10, d100(40))  # 40 would confirm by default; as written it needs 10
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    events = answer(g, "none")
    assert damage(events)[0].ulric == 0


def test_parry_and_dodge_are_the_targets_decision_GAP_WF_7() -> None:
    scn = wf_scenario(band("a", fig("x", "sous_fifre", (5, 5), weapons=("sword",))),
                      band("b", fig("chef", "chef", (6, 5), weapons=("sword",),
                                    equipment=("shield",))))
    g = wf_start(scn, 10, 1)  # henchman 44, Chef 47 … the Chef keeps its Fortune: b first
    answer(g, "keep")
    g.apply(c.EndActivation(figure="b:chef"))
    force(g, d100(12))
    events = g.apply(c.Strike(figure="a:x", target="b:chef"))
    asked = [e for e in events if isinstance(e, DecisionNeeded)][0]
    assert asked.band == "b" and asked.kind == "wf_defence"
    p = g.state.pending
    assert [o.key for o in p.options] == ["parry", "dodge", "none"] and p.default == "dodge"
    force(g, d100(30))
    events = answer(g, "parry")  # the shield's free parry: d100 30 ≤ CC 45
    assert rolls(events, "GAP-WF-7")[0].success and not damage(events)
    assert g.state.figures["b:chef"].free_parry


def test_fortune_reroll_names_the_roll_it_replaces_WF_FORTUNE_S8() -> None:
    g = chef_first(duel())
    force(g, d100(80))
    g.apply(c.Strike(figure="a:chef", target="b:x"))  # 80 > 45: failed, Fortune left
    first = rolls(g.log, "WF-A-STANDARD")[-1]
    assert g.state.pending.kind == "wf_reroll"
    force(g, d100(37), 1)
    events = answer(g, "reroll")
    again = rolls(events, "WF-FORTUNE")[0]
    assert again.replaces == first.roll and again.paid == {"fortune": 1} and again.success
    assert again.location == "body" and g.state.figures["a:chef"].fortune == 1


def test_destin_turns_killed_into_out_of_action_GAP_WF_12_WF_FATE() -> None:
    """[WF-FATE] a Destin point spent at the moment of dying: out of action instead."""
    scn = wf_scenario(band("a", fig("x", "chef", (5, 5), weapons=("two_handed_axe",))),
                      band("b", fig("chef", "chef", (6, 5), weapons=("sword",))))
    g = wf_start(scn, 9, 1)
    answer(g, "keep")
    answer(g, "keep")
    assert g.state.active == "a:x"
    force(g, d100(11), 9)  # 9 + 7 − 4 = 12: exactly its B, no critical
    g.apply(c.Strike(figure="a:x", target="b:chef"))
    answer(g, "none")  # no dodge
    assert g.state.figures["b:chef"].b == 0
    g.apply(c.EndActivation(figure="a:x"))
    g.apply(c.EndActivation(figure="b:chef"))
    force(g, d100(11), 9, d100(95))  # 12 over 0 B: CV 10; 95 + 100: killed
    g.apply(c.Strike(figure="a:x", target="b:chef"))
    answer(g, "none")
    assert g.state.pending.kind == "wf_destin" and g.state.pending.band == "b"
    answer(g, "destin")
    chef = g.state.figures["b:chef"]
    assert chef.status == "out_of_action" and chef.destin == 0
    assert [e.status for e in g.log if isinstance(e, StatusChanged) and e.rule == "WF-FATE"
            ] == ["destin_spent"]


def test_attacks_at_the_out_of_action_hit_and_any_damage_kills_GAP_WF_19_WF_HELPLESS() -> None:
    scn = duel()
    scn = wf_scenario(scn.bands[0], band("b", *scn.bands[1].warband.figures,
                                         fig("y", "sous_fifre", (30, 30))))
    g = wf_start(scn, 5, 9, 1)
    answer(g, "keep")
    force(g, d100(37), 4, d100(70))  # CV 1: 70 + 10, out of action
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert g.state.figures["b:x"].status == "out_of_action"
    force(g, d100(50), 1, 1)  # no to-hit roll: location d100, d10 1, Sans défense d10 1
    events = g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert not rolls(events, "WF-A-STANDARD") and rolls(events, "WF-HELPLESS")
    dmg = damage(events)[0]
    assert (dmg.total, dmg.lost) == (7, 5) and g.state.figures["b:x"].status == "dead"


def test_target_modifiers_ran_stunned_defensive_charge_GAP_WF_14_GAP_WF_15() -> None:
    scn = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("sword",))),
                      band("b", fig("x", "sous_fifre", (14, 5), weapons=("sword",))))
    g = wf_start(scn, 5, 9)
    answer(g, "keep")
    force(g, d100(99))  # the charge's one attack, at CC 45 + 10
    events = g.apply(c.Charge(figure="a:chef", target="b:x"))
    attack = rolls(events, "WF-A-CHARGE")[0]
    assert attack.need == 55 and attack.inputs == {"cc": 45, "charge": 10}
