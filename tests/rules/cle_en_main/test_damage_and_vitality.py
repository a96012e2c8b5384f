"""Each damage step of §2.d ([CM-DMG-BASE] [CM-DMG-HERO] [CM-PROTECT] [CM-P-MEURTRIERE]
[CM-P-MULTI] [CM-N-LEGERE] [CM-RANGED]; GAP-CM-19, GAP-CM-20, GAP-CM-21) and vitality,
mal en point and its timers through the end-of-game step ([CM-VIT-LOSS] [CM-MEP]
[CM-SECOND] [CM-FIG-VIT]; GAP-CM-16, GAP-CM-17, GAP-ALT-2; S10, S11, S17), with forced
dice."""

from __future__ import annotations

import msgspec

from skirmish.rules.cle_en_main.harm import Blow, damage, suffer
from skirmish.rules.cle_en_main.options import CemOptions
from skirmish.rules.cle_en_main.profile import CmWeapon
from skirmish.rules.cle_en_main.state import standing
from skirmish.rules.cle_en_main.throws import Throw
from skirmish.rules.cle_en_main.timers import end_of_game, end_of_round, start_of_round
from skirmish.rules.events import D6Roll, DamageSteps, Killed, OutOfAction, TimedStatus
from tests.rules.cle_en_main.helpers import profile, work

D1 = CmWeapon(dice=1, category="standard", melee=True)
D2 = CmWeapon(dice=2, category="war", melee=True)
D3 = CmWeapon(dice=3, category="heavy", melee=False, range=50, zone=3, six_plus=True)
WON = Throw((4, 2, 5))


def _w(*faces: int, options: CemOptions | None = None, **kw: int):
    target = msgspec.structs.replace(profile("chef"), **kw) if kw else profile("chef")
    return work(*faces, options=options, att=profile("chef"), tgt=target,
                fifre=profile("sous_fifre"), second=profile("sous_chef"))


def test_weapon_dice_read_from_the_winning_roll_CM_DMG_BASE_GAP_CM_19() -> None:
    w = _w()
    assert damage(w, WON, Blow(weapon=D1, bonus=0), by="att", target="tgt").damage == 4  # red
    s = damage(w, WON, Blow(weapon=D2, bonus=3), by="att", target="tgt")
    assert (s.read, s.weapon_dice, s.damage) == ("whites", (2, 5), 10)  # whites + bonus
    assert damage(w, Throw((4, 2, 5)), Blow(weapon=CmWeapon(dice=3, category="heavy",
                                                              melee=True), bonus=0),
                  by="att", target="tgt").damage == 11  # all three
    unarmed = damage(w, WON, Blow(weapon=CmWeapon(dice=0, category="standard", melee=True),
                                  bonus=3), by="att", target="tgt")
    assert (unarmed.read, unarmed.damage) == ("none", 3)  # [CM-WPN-PARAMS] the bonus alone


def test_heroic_die_and_meurtriere_CM_DMG_HERO_CM_P_MEURTRIERE() -> None:
    w = _w(6, 1)
    s = damage(w, Throw((4, 2, 5, 3)), Blow(weapon=D2, bonus=0, meurtriere=2),
               by="att", target="tgt")
    assert (s.weapon_dice, s.extra, s.heroic, s.damage) == ((2, 5), (6, 1), 3, 17)
    assert [f.role for f in w.events[0].faces] == ["damage", "damage"]


def test_six_plus_rerolls_every_six_CM_RANGED() -> None:
    w = _w(6, 2)  # the 6 of the throw rerolls 6, which rerolls 2
    s = damage(w, Throw((6, 1, 3)), Blow(weapon=D3, bonus=0), by="att", target="tgt")
    assert (s.rerolled, s.damage) == ((6, 2), 18)


def test_protection_heroic_defence_and_halving_order_CM_PROTECT_GAP_CM_20() -> None:
    w = _w(protection=3)
    blow = Blow(weapon=D2, bonus=4, legere=1, multiple=True)  # 7 + 4 = 11
    s = damage(w, WON, blow, by="att", target="tgt", heroic_defence=2)
    assert (s.protection, s.heroic_defence, s.halvings) == (3, 2, ("legere", "multiple"))
    assert s.damage == 2  # 11 − 3 − 2 = 6 → 3 → 2 (each halving rounds up)
    before = _w(options=CemOptions(cem_halving="before_protection"), protection=3)
    assert damage(before, WON, blow, by="att", target="tgt", heroic_defence=2).damage == 0
    floor = _w(protection=20)
    assert damage(floor, WON, Blow(weapon=D2, bonus=0), by="att", target="tgt").damage == 0


def test_zone_damage_is_not_halved_by_multiple_attacks_GAP_CM_21() -> None:
    w = _w()
    s = damage(w, WON, Blow(weapon=D2, bonus=0, multiple=True, full=True), by="att",
               target="tgt")
    assert (s.halvings, s.damage) == ((), 7)


def test_group_bonus_adds_to_damage_CM_GROUP() -> None:
    w = _w()
    assert damage(w, WON, Blow(weapon=D1, bonus=1, group=3), by="att", target="tgt").damage == 8


def _hit(w, fid: str, amount: int, by: str = "att") -> None:
    suffer(w, DamageSteps(rule="CM-DMG-BASE", ruleset="cle_en_main", figure=fid, by=by,
                          read="red", weapon_dice=(amount,), bonus=0, damage=amount,
                          vitality=w.cmf(fid).vitality))


def test_vitality_loss_CM_VIT_LOSS() -> None:
    w = _w()
    _hit(w, "tgt", 6)
    assert w.cmf("tgt").vitality == 9 and w.events[-1].vitality == 9
    assert not w.cmf("tgt").mal_en_point


def test_mal_en_point_both_tests_pass_CM_MEP_GAP_CM_16() -> None:
    # Résistance 8: 3d6 6+6+6? no — 4+4+4 = 12 + 8 = 20 ≥ 5 + 15; Volonté 9: 5+5+1 = 20.
    w = _w(4, 4, 4, 5, 5, 1)
    _hit(w, "tgt", 15)
    cf = w.cmf("tgt")
    assert cf.mal_en_point and cf.vitality == 0 and cf.dies_at is None and not cf.unconscious
    tests = [e for e in w.events if isinstance(e, D6Roll)]
    assert [(t.rule, t.need, t.success) for t in tests] == [("CM-MEP", 20, True),
                                                           ("CM-MEP", 20, True)]
    assert standing(cf) == "in_play"  # mal en point and conscious: in play


def test_mal_en_point_failures_set_the_timers_CM_MEP() -> None:
    # Résistance 2+2+2 + 8 = 14 < 20: danger of death, 1d6 = 3 → dies at the end of round 4;
    # Volonté 1+2+2 + 9 = 14 < 20: unconscious, 2d6 = 2 + 3 → wakes at the end of round 6.
    w = _w(2, 2, 2, 3, 1, 2, 2, 2, 3)
    _hit(w, "tgt", 15)
    cf = w.cmf("tgt")
    assert (cf.dies_at, cf.unconscious, cf.wakes_at) == (4, True, 6)
    timed = [(e.status, e.until) for e in w.events if isinstance(e, TimedStatus)]
    assert timed == [("mal_en_point", None), ("danger_of_death", 4), ("unconscious", 6)]
    assert any(isinstance(e, OutOfAction) for e in w.events)
    assert standing(cf) == "out_may_return"
    for r in (2, 3):
        w.round = r
        end_of_round(w)
    assert not cf.dead
    w.round = 4
    end_of_round(w)
    assert cf.dead and standing(cf) == "dead" and isinstance(w.events[-1], Killed)


def test_later_wounds_repeat_the_tests_at_minus_5_CM_MEP() -> None:
    w = _w(4, 4, 4, 5, 5, 1, 6, 6, 5, 6, 6, 5)
    _hit(w, "tgt", 15)
    _hit(w, "tgt", 3)
    cf = w.cmf("tgt")
    tests = [e for e in w.events if isinstance(e, D6Roll)][2:]
    assert cf.wounds == 1
    assert [(t.need, t.inputs["wounds"], t.total) for t in tests] == [(8, -5, 20), (8, -5, 21)]


def test_waking_up_still_mal_en_point_CM_MEP() -> None:
    w = _w(6, 6, 5, 1, 1, 2, 1, 1)  # Résistance passes; Volonté fails; 2d6 = 2
    _hit(w, "tgt", 15)
    cf = w.cmf("tgt")
    assert cf.wakes_at == 3
    w.round = 3
    end_of_round(w)
    assert not cf.unconscious and cf.mal_en_point and standing(cf) == "in_play"


def test_second_couteau_and_figurant_at_zero_CM_SECOND_CM_FIG_VIT_GAP_CM_17() -> None:
    w = _w()
    _hit(w, "second", 16)  # 10 vitality; 16 > Résistance 6: dead on the spot
    assert w.cmf("second").dead
    w2 = _w()
    _hit(w2, "second", 4)
    _hit(w2, "second", 6)  # to 0 by 6 ≤ Résistance 6: unconscious
    _hit(w2, "fifre", 4)  # 4 ≤ Résistance 4: unconscious for the rest of the game
    assert standing(w2.cmf("fifre")) == "out" and w2.cmf("fifre").dropped == []
    assert standing(w2.cmf("second")) == "out" and not w2.cmf("second").dead
    assert w2.cmf("second").wakes_at is None
    _hit(w2, "fifre", 5)  # hit again for more than its Résistance: killed
    assert w2.cmf("fifre").dead


def test_end_of_game_settles_death_timers_S17_GAP_ALT_2() -> None:
    w = _w(2, 2, 2, 6, 6, 6, 5)  # danger of death, 1d6 = 6: would die after the game
    _hit(w, "tgt", 15)
    cf = w.cmf("tgt")
    assert cf.dies_at == 7 and standing(cf) == "in_play"
    end_of_game(w)
    assert cf.dead and w.events[-1].rule == "GAP-ALT-2"


def test_new_round_clears_the_tour_and_heroism_but_a_lost_turn_GAP_CM_12_GAP_CM_13() -> None:
    w = _w()
    cf, lost = w.cmf("att"), w.cmf("tgt")
    cf.acted, cf.hero_used = True, ["four_dice"]
    lost.acted, lost.loses_turn = True, True
    start_of_round(w)
    assert (cf.acted, cf.hero_used) == (False, [])
    assert (lost.acted, lost.loses_turn) == (True, False)
