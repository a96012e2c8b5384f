"""Shooting ([CA-SHOOT] [CA-DODGE]; GAP-CA-14, GAP-CA-21), encaissement and wounds
([CA-DMG] [CA-ARMOUR] [CA-DMG-TABLE] [CA-WOUNDS] [CA-FATIGUE]; GAP-CA-9, -13, -16),
the medikit (GAP-CA-23) and Leadership (§3.e, GAP-CA-20)."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.clefs_aube.damage import encaisse, record_wound
from skirmish.rules.clefs_aube.profile import CaProfile
from skirmish.rules.clefs_aube.state import CaFigure
from skirmish.rules.events import D20Roll, Roll
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.morale import leadership_test
from tests.rules.build import band, fig
from tests.rules.clefs_aube.helpers import ca_scenario, ca_start, d20s, damage


def shooting_game(target_rank: str = "chef", dist: float = 9.0, second: bool = False,
                  weapon: str = "pistol", **options):
    extra = [fig("z", "sous_fifre", (11, 10 + dist))] if second else []
    scn = ca_scenario(
        band("a", fig("x", "sous_fifre", (10, 10), [weapon]), fig("boss", "chef", (40, 2))),
        band("b", fig("y", target_rank, (10, 10 + dist)), *extra,
             fig("boss", "sous_chef", (40, 30))),
        ca_multi_actions=False, **options)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_shot_nd_is_band_plus_dodge_and_dom_minus_band_CA_SHOOT_CA_DODGE_GAP_CA_14() -> None:
    """Gap 8 pas: medium band, ND 10; the Chef sees the shooter and is not engaged: + Esq 4.
    CA tir 15; a 15 hits with °R 15; Dom = 15 + BD 18 (pistol, Force 3) − 10 = 23."""
    g = shooting_game()
    g.dice.force(15, 4)
    ev = g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:y"))
    shot, enc = d20s(ev)
    assert (shot.window.ca, shot.window.nd) == (15, 14)
    assert shot.inputs["band_nd"] == 10 and shot.inputs["dodge"] == 4
    assert shot.success and shot.degree == 15
    (d,) = damage(ev)
    assert (d.dom, d.armour, enc.need, d.resisted, d.effective, d.row) == (
        23, 0, 14, 4, 19, "legere")


def test_shot_at_or_below_nd_misses_CA_SHOOT() -> None:
    g = shooting_game()
    g.dice.force(14)
    ev = g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:y"))
    assert not d20s(ev)[0].success and not damage(ev)


def test_out_of_range_is_refused_but_no_skirmish_clamp_CA_SHOOT() -> None:
    """A Skirmish CT above 6 makes a shot impossible ([R-SHOOT-CLAMP]); here only the
    maximum range limits it."""
    g = shooting_game(dist=17.5)  # gap 16.5: long band of a pistol (≤ 18)
    assert c.Shoot(figure="a:x", weapon="pistol", target="b:y") in g.legal_commands()
    g2 = shooting_game(dist=20)
    assert c.Shoot(figure="a:x", weapon="pistol", target="b:y") not in g2.legal_commands()


def test_several_targets_take_simultaneous_handicaps_GAP_CA_21() -> None:
    g = shooting_game(target_rank="sous_fifre", second=True, weapon="machine_pistol")
    g.dice.force(1, 1)
    ev = g.apply(c.Shoot(figure="a:x", weapon="machine_pistol", target="b:y"))
    first, second = d20s(ev)
    assert (first.target, first.need, first.inputs["target_handicap"]) == ("b:y", 13, 2)
    assert (second.target, second.need, second.inputs["target_handicap"]) == ("b:z", 10, 5)


def test_wounds_rise_a_level_when_boxes_are_full_CA_WOUNDS() -> None:
    cf = CaFigure(profile=CaProfile(ph=10, me=7, my=8, pu=0, re=0, ma=0, pr=0, ex=0, pe=0,
                                    nc_melee=10, nc_tir=10, nc_evitement=10))
    assert [record_wound(cf, "ph", "legere") for _ in range(5)] == ["legere"] * 4 + ["grave"]
    assert [record_wound(cf, "ph", "grave") for _ in range(2)] == ["grave", "critique"]
    assert record_wound(cf, "ph", "legere") == "fatale"  # légère → grave → critique → fatale
    assert cf.wounds["ph"] == {"legere": 4, "grave": 2, "critique": 1}


def _victim_game():
    scn = ca_scenario(band("a", fig("x", "sous_fifre", (10, 10)), fig("boss", "chef", (40, 2))),
                      band("b", fig("y", "sous_fifre", (20, 20), equipment=["light_armour"]),
                           fig("boss", "chef", (40, 30))))
    g = ca_start(scn)
    return g, Ctx(g.state, g.table, g.book, g.dice)


def test_encaissement_pipeline_and_standing_GAP_CA_9_GAP_CA_13_GAP_CA_16() -> None:
    g, ctx = _victim_game()
    y, x = g.state.figures["b:y"], g.state.figures["a:x"]
    g.dice.force(12)  # encaissement fails (Enc 10): subtracts nothing (GAP-CA-16)
    encaisse(ctx, y, 26, x, inputs={})
    (d,) = damage(ctx.events)
    assert (d.armour, d.resisted, d.effective, d.row, d.fatigue_total) == (3, 0, 23, "grave", 5)
    assert y.status == "in_play"
    g.dice.force(2)  # Enc now 10 − PF 5 = 5; °R 2
    encaisse(ctx, y, 40, x, inputs={})
    assert d20s(ctx.events)[-1].need == 5
    assert damage(ctx.events)[-1].row == "critique"
    assert y.status == "out_of_action" and y.downed_by == "a:x"  # first critique
    g.dice.force(20)
    encaisse(ctx, y, 16, x, inputs={})  # a légère on a fallen figure kills (GAP-51)
    assert y.status == "dead"


def test_fatigue_at_ph_puts_out_of_action_and_fatale_kills_GAP_CA_9() -> None:
    g, ctx = _victim_game()
    y = g.state.figures["b:y"]
    g.state.ca["b:y"].pf["ph"] = 9
    g.dice.force(20)
    encaisse(ctx, y, 3 + 8, None, inputs={})  # sonné: +1 PF → 10 = Ph
    assert y.status == "out_of_action"
    g2, ctx2 = _victim_game()
    g2.dice.force(20)
    encaisse(ctx2, g2.state.figures["b:y"], 3 + 45, None, inputs={})
    assert g2.state.figures["b:y"].status == "dead"


def test_armour_onto_enc_option_GAP_CA_13() -> None:
    g, ctx = _victim_game()
    g.state.ca_options = g.state.ca_options.__class__(ca_armour="enc")
    g.dice.force(13)  # Enc 10 + BE 3 = 13: succeeds with °R 13
    encaisse(ctx, g.state.figures["b:y"], 20, None, inputs={})
    (d,) = damage(ctx.events)
    assert (d.armour, d.resisted, d.effective) == (0, 13, 7)


def test_medikit_removes_three_pf_once_GAP_CA_23() -> None:
    scn = ca_scenario(band("a", fig("x", "sous_fifre", (10, 10), equipment=["medikit"]),
                           fig("boss", "chef", (40, 2))),
                      band("b", fig("y", "sous_fifre", (20, 20)), fig("boss", "chef", (40, 30))))
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    assert not any(isinstance(x, c.UseMedikit) for x in g.legal_commands())  # no PF yet
    g.state.ca["a:x"].pf["ph"] = 5
    g.apply(c.UseMedikit(figure="a:x", target="a:x"))
    assert g.state.ca["a:x"].pf["ph"] == 2 and g.state.figures["a:x"].medikit_left == 0


def test_leadership_keeps_the_skirmish_cd_or_rolls_native_GAP_CA_20() -> None:
    g, ctx = _victim_game()
    y = g.state.figures["b:y"]
    g.dice.force(3, 3)
    assert leadership_test(ctx, y, rule="R-MORALE-SHOT", key="lbl_test",
                           params={"test": "Subir un tir"}, kind="passive")
    roll = [e for e in ctx.events if isinstance(e, Roll)][-1]
    assert not isinstance(roll, D20Roll) and roll.need == 6 and roll.dice == (3, 3)
    g.state.ca_options = g.state.ca_options.__class__(morale="native")
    g.dice.force(8)
    passed = leadership_test(ctx, y, rule="R-MORALE-SHOT", key="lbl_test",
                             params={"test": "Subir un tir"}, kind="passive")
    r = d20s(ctx.events)[-1]
    assert (r.rule, r.need, r.window.nd) == ("R-MORALE-SHOT", 7 + 0 + 0, 0)  # Me + Ré + BC
    assert passed is False and r.faces[0].role == "leadership"


def test_elevation_and_cover_GAP_CA_17() -> None:
    """From ≥ 1 pas above: avantage 3 on the CA; cover adds one ND step only as an option."""
    from tests.rules.build import piece

    hill = piece("hill", "open", [(5, 5), (15, 5), (15, 12), (5, 12)], height=2, raised=True)
    wall = piece("wall", "difficult", [(5, 20.6), (15, 20.6), (15, 21), (5, 21)], cover=True)
    for cover, extra_nd in ((False, 0), (True, 5)):
        scn = ca_scenario(
            band("a", fig("x", "sous_fifre", (10, 10), ["pistol"]), fig("boss", "chef", (40, 2))),
            band("b", fig("y", "sous_fifre", (10, 20)), fig("boss", "sous_chef", (40, 30))),
            terrain=[hill, wall], ca_multi_actions=False, ca_cover=cover)
        g = ca_start(scn)
        g.apply(c.Activate(figure="a:x"))
        g.dice.force(20)
        ev = g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:y"))
        shot = d20s(ev)[0]
        assert shot.inputs["elevation"] == 3 and shot.window.ca == 15 + 3
        assert shot.window.nd == 10 + extra_nd  # gap 9: medium; a Sous-fifre's Esq is −5


def test_blast_one_roll_everyone_in_the_radius_GAP_CA_21() -> None:
    """Grenade (Force 10: BD 35; bands 3 / 5 / 8; radius 5): one d20 at the target; on a
    hit each figure in the radius takes Dom = °R + BD − band ND with its own encaissement."""
    scn = ca_scenario(
        band("a", fig("x", "sous_fifre", (10, 10), ["grenade"]), fig("boss", "chef", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 16)), fig("z", "sous_fifre", (13, 16)),
             fig("boss", "sous_chef", (40, 30))),
        ca_multi_actions=False)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(15, 20, 20)
    ev = g.apply(c.Shoot(figure="a:x", weapon="grenade", target="b:y"))
    shot, *encs = d20s(ev)
    assert (shot.window.nd, shot.degree, shot.success) == (10, 15, True)
    assert [e.figure for e in encs] == ["b:y", "b:z"]
    assert [d.dom for d in damage(ev)] == [15 + 35 - 10] * 2
