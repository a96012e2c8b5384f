"""Skirmish's passive actions under Clé en main with forced dice (RULESETS §2.e, §0.2;
[R-MORALE-CHARGE] [R-MORALE-CHARGED] [R-MORALE-SPOT] [R-MORALE-SHOT] [R-MORALE-ALLY];
GAP-42, GAP-44, GAP-45, GAP-46, GAP-48, GAP-CM-23, D-1): each test the Leadership of
§2.e through the frame's adapter — 2d6 ≤ Volonté + 2, +1 per ally less than 3 pas away,
or Volonté/15 under ``morale = "native"``."""

from __future__ import annotations

import math

from skirmish.rules import commands as c
from skirmish.rules.events import D6Roll, Moved, Reaction, Roll
from tests.rules.build import band, fig, piece
from tests.rules.cle_en_main.helpers import choose, cm_scenario, cm_start, of

#: The hand's Réflexes: a's Chef 6 + 6 + 5 against b's Chef 1 + 1 + 2 — a holds it.
A_HAND = (6, 6, 5, 1, 1, 2)
NONE = {"charge": False, "charged": False, "spot": False, "shot": False}


def reactions(events: list, rule: str) -> list[Reaction]:
    return [e for e in of(events, Reaction) if e.rule == rule]


def charge_game(**options):
    """a's Sous-fifre 6 pas from b's Chef; a's Chef far from both (no ally within 3 pas)."""
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 25), ["sword"]), fig("f", "sous_fifre", (15, 5), ["club"])),
        band("b", fig("chef", "chef", (22, 5), ["sword"]), fig("f", "sous_fifre", (40, 25), ["club"])),
        **options), *A_HAND)


def test_a_failed_charge_test_moves_away_and_spends_the_tour_R_MORALE_CHARGE_GAP_44() -> None:
    g = charge_game()
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.Charge(figure="a:f", target="b:chef"))
    before = g.state.figures["a:f"].x
    g.dice.force(6, 5)  # 11 > Cd 6 (Volonté 4 + 2, GAP-CM-23)
    events = choose(g, "no")  # b does not interrupt; the charge is carried out
    test = reactions(events, "R-MORALE-CHARGE")[0]
    assert (test.passed, test.key, test.need, test.dice) == (False, "cm_p_loses_nerve", 6, (6, 5))
    away = [m for m in of(events, Moved) if m.figure == "a:f"][0]
    assert math.isclose(away.cost, 10.0, abs_tol=0.05)  # the move-and-act allowance, away
    assert g.state.figures["a:f"].x < before
    assert g.state.cm.figures["a:f"].acted and g.state.tour is None  # its tour is spent
    assert not of(events, D6Roll)  # no blow


def test_a_passed_charge_test_charges_R_MORALE_CHARGE() -> None:
    g = charge_game()
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.Charge(figure="a:f", target="b:chef"))
    g.dice.force(3, 3)
    events = choose(g, "no")
    assert reactions(events, "R-MORALE-CHARGE")[0].passed
    assert g.state.pending.kind == "cm_pair"  # on to the blow


def test_switched_off_no_charge_test_D_1() -> None:
    g = charge_game(passive_actions={**NONE})
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.Charge(figure="a:f", target="b:chef"))
    events = choose(g, "no")
    assert not reactions(events, "R-MORALE-CHARGE") and g.state.pending.kind == "cm_pair"


def charged_game():
    """a's Chef 6 pas from b's Sous-fifre, which has open ground behind it."""
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (10, 10), ["sword"]), fig("f", "sous_fifre", (40, 28), ["club"])),
        band("b", fig("chef", "chef", (40, 4), ["sword"]), fig("f", "sous_fifre", (17, 10), ["club"])),
    ), *A_HAND)


def test_the_charged_steps_back_and_is_charged_again_R_MORALE_CHARGED_GAP_45() -> None:
    g = charged_game()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Charge(figure="a:chef", target="b:f"))
    g.dice.force(6, 6, 5, 4)  # 12 > Cd 6; a 5: it steps back 1d3 = 2 pas (a 4 on the d6)
    events = choose(g, "no")
    test = reactions(events, "R-MORALE-CHARGED")
    assert [(r.passed, r.key) for r in test] == [(False, "cm_p_steps_back")]
    back = [m for m in of(events, Moved) if m.figure == "b:f"][0]
    assert math.isclose(back.cost, 2.0, abs_tol=0.01) and g.state.figures["b:f"].x > 17
    assert g.state.cm.figures["b:f"].danger == 0  # it stepped back the whole way
    assert g.state.pending.kind == "cm_pair"  # the charge reaches it all the same


def test_the_charged_that_stands_meets_it_with_a_danger_R_MORALE_CHARGED_CM_N_DANGER() -> None:
    g = charged_game()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Charge(figure="a:chef", target="b:f"))
    g.dice.force(6, 6, 3)  # failed; a 3: no step back
    events = choose(g, "no")
    assert reactions(events, "R-MORALE-CHARGED")[0].key == "cm_p_exposed"
    assert g.state.cm.figures["b:f"].danger == 1
    g.dice.force(1, 2, 2, 6, 6, 6)  # the blow misses: its Défense took the Danger
    events = choose(g, "none", "no")
    defence = [r for r in of(events, D6Roll) if r.figure == "b:f"][0]
    assert defence.inputs["danger"] == -2 and g.state.cm.figures["b:f"].danger == 0


def spot_game(**options):
    """a's Sous-fifre with a pistol behind a wall that hides b's Chef; a's Chef far away."""
    wall = piece("wall", "impassable", ((14, 0), (15, 0), (15, 8), (14, 8)), blocks_los=True,
                 height=3)
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 28), ["sword"]),
             fig("f", "sous_fifre", (10, 4), ["pistol"])),
        band("b", fig("chef", "chef", (20, 6), ["sword"]),
             fig("f", "sous_fifre", (40, 28), ["club"])),
        terrain=[wall], passive_actions={**NONE, "spot": True}, **options), *A_HAND)


def test_first_sight_passed_a_free_shot_then_the_tour_goes_on_R_MORALE_SPOT_GAP_46() -> None:
    g = spot_game()
    assert "a:f>b:chef" not in g.state.cm.seen  # hidden when deployment ended
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.Walk(figure="a:f", to=(10, 13)))  # out from behind the wall
    g.dice.force(2, 2)  # 4 ≤ Cd 6
    events = choose(g, "no")
    assert reactions(events, "R-MORALE-SPOT")[0].passed
    p = g.state.pending
    assert p.kind == "cm_free_shot" and p.figure == "a:f"
    assert [o.key for o in p.options] == ["pistol@b:chef", "hold"]
    odds = g.odds(c.Choose(option="pistol@b:chef"))  # S14 before the answer
    assert 0 < odds.p_success < 1 and g.odds(c.Choose(option="hold")) is None
    events = choose(g, "pistol@b:chef")
    assert g.state.tour.reason == "passive" and g.state.tour.attack.kind == "shot"
    g.dice.force(1, 1, 2, 6, 6, 6)  # the free shot misses
    events = choose(g, "none", "no")  # no pair; Chef b buys no heroic die
    assert g.state.tour.figure == "a:f" and g.state.tour.reason == "hand"
    assert g.state.tour.walked > 0 and not g.state.tour.acted  # it may still act
    assert not g.state.cm.figures["a:f"].acted
    assert "a:f>b:chef" in g.state.cm.seen  # once per pair


def test_first_sight_failed_moves_out_of_sight_R_MORALE_SPOT() -> None:
    g = spot_game()
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.Walk(figure="a:f", to=(10, 11)))  # just in sight over the wall's end
    g.dice.force(6, 6, 6)  # failed; 1d3 = 3 pas (a 6 on the d6) (a 6 on the d6)
    events = choose(g, "no")
    test = reactions(events, "R-MORALE-SPOT")[0]
    assert (test.passed, test.params) == (False, {"distance": 3})
    escape = [m for m in of(events, Moved) if m.figure == "a:f"][-1]
    assert escape.reason == "spot" and math.isclose(escape.cost, 3.0, abs_tol=0.01)
    from skirmish.rules.cle_en_main.ctx import CmCtx

    ctx = CmCtx(g.state, g.table, g.book, g.dice)
    assert not ctx.sees(ctx.fig("a:f"), ctx.fig("b:chef"))


def shot_game(b_weapons=("club",)):
    """a's Chef with a pistol 8 pas from b's Sous-fifre."""
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (10, 10), ["pistol"]), fig("f", "sous_fifre", (4, 28), ["club"])),
        band("b", fig("chef", "chef", (40, 4), ["sword"]), fig("f", "sous_fifre", (19, 10), list(b_weapons))),
        passive_actions={**NONE, "shot": True}), *A_HAND)


def test_shot_at_without_a_gun_it_tests_and_moves_R_MORALE_SHOT_GAP_48() -> None:
    g = shot_game()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Shoot(figure="a:chef", target="b:f", weapon="pistol"))
    g.dice.force(1, 1, 2, 6, 6, 6, 6, 6, 1)  # a miss; then 12 > Cd 6; 1d3 = 1
    events = choose(g, "no", "none", "no", "no")  # no interrupt, pair, heroic die, again
    test = reactions(events, "R-MORALE-SHOT")[0]
    assert (test.passed, test.key, test.need) == (False, "cm_p_to_cover", 6)
    assert [m.reason for m in of(events, Moved) if m.figure == "b:f"] == ["Subir un tir"]


def test_shot_at_by_no_more_dice_than_its_own_gun_no_test_R_MORALE_SHOT() -> None:
    g = shot_game(b_weapons=("pistol",))
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Shoot(figure="a:chef", target="b:f", weapon="pistol"))
    g.dice.force(1, 1, 2, 6, 6, 6)
    events = choose(g, "no", "none", "no", "no")
    assert not reactions(events, "R-MORALE-SHOT") and g.state.tour is None


def test_allies_near_raise_the_cd_and_native_morale_rolls_volonte_R_MORALE_ALLY_GAP_CM_23() -> None:
    scn = cm_scenario(
        band("a", fig("chef", "chef", (10, 10), ["pistol"]), fig("f", "sous_fifre", (4, 28), ["club"])),
        band("b", fig("chef", "chef", (40, 4), ["sword"]), fig("f", "sous_fifre", (19, 10), ["club"]),
             fig("g", "sous_fifre", (19, 12), ["club"])),
        passive_actions={**NONE, "shot": True})
    g = cm_start(scn, *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Shoot(figure="a:chef", target="b:f", weapon="pistol"))
    g.dice.force(1, 1, 2, 6, 6, 6, 4, 3)  # a miss; 7 ≤ Cd 6 + 1 ally
    events = choose(g, "no", "none", "no", "no")
    test = reactions(events, "R-MORALE-SHOT")[0]
    assert (test.passed, test.need) == (True, 7)
    native = cm_start(msgspec_replace(scn, morale="native"), *A_HAND)
    native.apply(c.Activate(figure="a:chef"))
    native.apply(c.Shoot(figure="a:chef", target="b:f", weapon="pistol"))
    native.dice.force(1, 1, 2, 6, 6, 6, 3, 4, 3)  # a miss; 10 + Volonté 4 + 1 ally < 15
    events = choose(native, "no", "none", "no", "no")
    roll = [r for r in of(events, D6Roll) if r.rule == "R-MORALE-SHOT"][0]
    assert (roll.need, roll.total, roll.inputs["allies"], roll.success) == (15, 15, 1, True)
    assert not [r for r in of(events, Roll) if r.rule == "R-MORALE-SHOT" and len(r.dice) == 2]


def msgspec_replace(scn, **options):
    import msgspec

    return msgspec.structs.replace(scn, options={**scn.options, **options})
