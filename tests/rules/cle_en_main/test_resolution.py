"""Resolution of §2.d in whole games with forced dice: heroism's fourth die and a test
made again that names the roll it replaces (S8), cancelling damage and taking an ally's,
Zone, Attaques multiples, a shot into a melee and its Risque, Bousculer, Désarmer,
achever, first aid, and mal en point through the end-of-game step ([CM-HERO-USE]
[CM-DMG-HERO] [CM-PROTECT] [CM-RANGED] [CM-P-MULTI] [CM-N-RISQUE] [CM-SPECIAL] [CM-MEP]
[CM-FIRSTAID]; GAP-CM-11, 12, 13, 14, 17, 21, 27; S7, S8, S17)."""

from __future__ import annotations

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import (
    Contest,
    D6Roll,
    DamageSteps,
    GameEnded,
    Healed,
    Killed,
    ResourceChanged,
)
from tests.rules.build import band, fig
from tests.rules.cle_en_main.helpers import choose, cm_scenario, cm_start, of

A_HAND = (6, 6, 5, 1, 1, 2)


def _duel(a_weapons=("sword",), b_weapons=("sword",), **options):
    """a's Chef in contact with b's Chef and a b Sous-fifre; a holds the hand."""
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), list(a_weapons)),
             fig("f", "sous_fifre", (4, 5), ["club"])),
        band("b", fig("chef", "chef", (6, 5), list(b_weapons)),
             fig("f", "sous_fifre", (40, 25), ["club"])), **options), *A_HAND)


def _strike(g, who="a:chef", target="b:chef"):
    g.apply(c.Activate(figure=who))
    g.apply(c.Strike(figure=who, target=target))
    choose(g, "no", "none")  # no interrupt, no pair


def test_heroic_fourth_die_adds_to_damage_CM_HERO_USE_CM_DMG_HERO_GAP_CM_19() -> None:
    g = _duel()
    _strike(g)
    g.dice.force(5, 4, 4, 2, 1, 1, 2)  # attack 5,4,4 + heroic 2; defence 1,1,2
    # the attacker buys its die, the defender does not, nor makes its test again, nor
    # cancels the damage
    events = choose(g, "yes", "no", "no", "none")
    spent = of(events, ResourceChanged)[0]
    assert (spent.figure, spent.effect, spent.left) == ("a:chef", "four_dice", 3)
    attack = of(events, D6Roll)[0]
    assert [f.role for f in attack.faces] == ["red", "white", "white", "heroic"]
    hit = of(events, DamageSteps)[0]
    assert (hit.weapon_dice, hit.heroic, hit.bonus, hit.damage) == ((4, 4), 2, 3, 13)


def test_defenders_heroic_die_comes_off_damage_CM_PROTECT() -> None:
    g = _duel()
    _strike(g)
    g.dice.force(6, 6, 5, 1, 1, 1, 3)  # 6,6,5 against 1,1,1 + heroic 3 (GAP-CM-18: a fail)
    events = choose(g, "no", "yes", "no", "none")
    d = [r for r in of(events, D6Roll) if r.figure == "b:chef"][0]
    assert d.automatic == "failure"  # all three base dice 1, the fourth not counted
    hit = of(events, DamageSteps)[0]
    assert (hit.heroic_defence, hit.damage) == (3, 6 + 5 + 3 - 3)


def test_a_test_made_again_names_the_roll_it_replaces_S8_GAP_CM_13() -> None:
    g = _duel()
    _strike(g)
    g.dice.force(1, 2, 2, 6, 6, 4)
    choose(g, "no", "no")
    assert g.state.pending.kind == "cm_reroll:a:chef"
    g.dice.force(6, 6, 6)
    events = choose(g, "yes")
    again = of(events, D6Roll)[0]
    first = [r for r in of(g.log, D6Roll) if r.figure == "a:chef" and r.rule == "CM-ATTACK"][0]
    assert (again.replaces, again.paid) == (first.serial, {"heroism": 1})
    assert of(events, Contest)[0].winner == "a:chef"
    # the defender, now the loser, may make its own again; the attacker not twice a round
    assert g.state.pending.kind == "cm_reroll:b:chef"


def test_cancel_damage_and_take_an_allys_GAP_CM_14() -> None:
    g = _duel()
    _strike(g, who="a:chef", target="b:chef")
    g.dice.force(6, 6, 5, 1, 1, 2)
    events = choose(g, "no", "no", "no", "cancel")
    hit = of(events, DamageSteps)[-1]
    assert hit.cancelled and hit.damage == 0 and g.state.cm.figures["b:chef"].vitality == 15
    assert of(events, ResourceChanged)[-1].effect == "cancel_damage"


def test_a_chef_takes_its_nearby_allys_damage_GAP_CM_14() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"])),
        band("b", fig("chef", "chef", (8, 5), ["sword"]), fig("f", "sous_fifre", (6, 5), ["club"]))),
        *A_HAND)
    _strike(g, target="b:f")
    g.dice.force(6, 6, 5, 1, 1, 2)
    choose(g, "no")  # no heroic die for the attacker (b:f has none to buy)
    assert g.state.pending.kind == "cm_damage"
    assert {o.key for o in g.state.pending.options} == {"none", "take:b:chef"}
    events = choose(g, "take:b:chef")
    taken = of(events, DamageSteps)[-1]
    assert (taken.figure, taken.damage) == ("b:chef", 14)
    assert g.state.cm.figures["b:f"].vitality == 1 and g.state.cm.figures["b:chef"].vitality == 1


def test_attaques_multiples_two_targets_damage_halved_CM_P_MULTI() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"])),
        band("b", fig("x", "sous_fifre", (6, 5), ["club"]), fig("y", "sous_fifre", (5, 6), ["club"]))),
        *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    choose(g, "no", "multiple+difficulte")
    assert [o.key for o in g.state.pending.options] == ["b:y"]
    g.dice.force(6, 6, 5, 1, 1, 2, 1, 2, 1)
    events = choose(g, "b:y", "no")
    hits = of(events, DamageSteps)
    assert [(h.figure, h.halvings, h.damage) for h in hits] == [
        ("b:x", ("multiple",), 7), ("b:y", ("multiple",), 7)]


def test_zone_everyone_in_it_defends_GAP_CM_21_GAP_CM_11() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["grenade"]), fig("f", "sous_fifre", (5, 17), ["club"])),
        band("b", fig("x", "sous_fifre", (5, 15), ["club"]), fig("y", "sous_fifre", (7, 15), ["club"]),
             fig("z", "sous_fifre", (30, 25), ["club"]))),
        *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Shoot(figure="a:chef", weapon="grenade", target="b:x"))
    # a:f is engaged with b:x: the shot risks its ally (Risque, mandatory)
    # the attack 5,4,4; b:x 1,1,2; then the zone's others: a:f 6,6,6, b:y 1,2,1
    g.dice.force(5, 4, 4, 1, 1, 2, 6, 6, 6, 1, 2, 1)
    events = choose(g, "no", "none", "no")
    assert g.state.tour is None
    contests = of(events, Contest)
    assert {x.figures[1]: x.winner for x in contests} == {
        "b:x": "a:chef", "b:y": "a:chef", "a:f": "a:f"}  # a:f, in the zone too, defends
    hits = of(events, DamageSteps)
    assert {h.figure for h in hits} == {"b:x", "b:y"} and not hits[0].halvings
    assert hits[0].read == "whites" and hits[0].weapon_dice == (4, 4)


def test_an_unconscious_figure_in_a_zone_cannot_defend_GAP_CM_11() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["grenade"])),
        band("b", fig("x", "sous_fifre", (5, 15), ["club"]), fig("y", "sous_fifre", (6, 16), ["club"]),
             fig("z", "sous_fifre", (30, 25), ["club"]))),
        *A_HAND)
    g.state.cm.figures["b:y"].unconscious = True
    g.state.figures["b:y"].status = "out_of_action"
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Shoot(figure="a:chef", weapon="grenade", target="b:x"))
    g.dice.force(1, 1, 2, 6, 6, 5)  # 14 ≥ 10: the unconscious one is hit without a roll
    events = choose(g, "no", "none", "no", "no")
    assert [h.figure for h in of(events, DamageSteps)] == ["b:y"]
    assert len([r for r in of(events, D6Roll) if r.figure == "b:y"]) == 0


def test_a_shot_into_melee_risks_an_ally_GAP_CM_12() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["pistol"]), fig("f", "sous_fifre", (5, 17), ["club"])),
        band("b", fig("x", "sous_fifre", (5, 16), ["club"]), fig("z", "sous_fifre", (30, 25), ["club"]))),
        *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Shoot(figure="a:chef", weapon="pistol", target="b:x"))
    assert g.state.tour.attack is None  # still in the interrupt window
    g.dice.force(1, 2, 1, 6, 6, 5, 4, 4, 4)  # the shot fails; a:f defends 4,4,4 + 4
    events = choose(g, "no", "none", "no", "no")
    assert g.state.tour is None
    ally = [x for x in of(events, Contest) if x.figures[1] == "a:f"][0]
    assert (ally.rule, ally.winner, ally.totals) == ("CM-ATTACK", "a:f", (14, 16))
    assert of(events, DamageSteps) == []


def test_the_ally_hit_by_a_failed_shot_takes_its_damage_GAP_CM_12() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["pistol"]), fig("f", "sous_fifre", (5, 17), ["club"])),
        band("b", fig("x", "sous_fifre", (5, 16), ["club"]), fig("z", "sous_fifre", (30, 25), ["club"]))),
        *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Shoot(figure="a:chef", weapon="pistol", target="b:x"))
    g.dice.force(2, 4, 4, 6, 6, 5, 1, 1, 2)  # 20 against 21: missed; the ally 1,1,2 + 4
    events = choose(g, "no", "none", "no", "no")
    hit = of(events, DamageSteps)[0]
    assert (hit.figure, hit.by, hit.read, hit.weapon_dice) == ("a:f", "a:chef", "red", (2,))


def test_disarm_CM_SPECIAL() -> None:
    g = _duel()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Act(figure="a:chef", action="disarm", target="b:chef"))
    # no interrupt; the special action's mandatory pénalité; no pair; no heroic dice
    choose(g, "no", "danger", "none", "no")
    # Combat/Défense 6,6,5 + 8 against 1,1,2 + 8; then Combat/Combat 6,5,5 against 1,2,1
    g.dice.force(6, 6, 5, 1, 1, 2, 6, 5, 5, 1, 2, 1)
    events = choose(g, "no", "no")  # b's Chef buys no die, nor makes its test again
    assert [x.winner for x in of(events, Contest)] == ["a:chef", "a:chef"]
    assert of(events, DamageSteps) == []  # a special action does no damage
    assert g.state.cm.figures["b:chef"].dropped == ["sword"]
    assert g.state.cm.figures["a:chef"].danger == 1  # its pénalité waits on its monitor


def test_trip_then_stand_up_CM_SPECIAL() -> None:
    g = _duel()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Act(figure="a:chef", action="trip", target="b:chef"))
    choose(g, "no", "difficulte", "none", "no")
    g.dice.force(6, 6, 5, 1, 1, 2, 6, 5, 5, 1, 2, 1)  # Combat/Défense, then Muscles/Acrobatie
    choose(g, "no", "no")
    assert g.state.cm.figures["b:chef"].prone
    g.apply(c.Activate(figure="b:chef"))  # the response of the attacked figure
    assert g.state.tour.stood and not g.state.cm.figures["b:chef"].prone
    with pytest.raises(IllegalCommand, match="standing up"):
        g.apply(c.Walk(figure="b:chef", to=(9.0, 5.0)))


def test_finish_off_an_unconscious_enemy_GAP_CM_17() -> None:
    g = _duel()
    g.state.cm.figures["b:chef"].unconscious = True
    g.state.figures["b:chef"].status = "out_of_action"
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Act(figure="a:chef", action="finish_off", target="b:chef"))
    events = choose(g, "no")
    assert of(events, Killed)[0].figure == "b:chef" and g.state.figures["b:chef"].status == "dead"


def test_finish_off_only_pj_rules_option_GAP_CM_17_b() -> None:
    g = _duel(cem_finish_off="pj_rules")
    g.state.cm.figures["a:f"].unconscious = True
    g.state.figures["a:f"].status = "out_of_action"
    g.state.figures["b:chef"].y = 6.0  # in contact with the fallen figurant
    g.apply(c.Cede(band="a", to="b"))
    g.apply(c.Activate(figure="b:chef"))
    with pytest.raises(IllegalCommand, match="PJ rules"):
        g.apply(c.Act(figure="b:chef", action="finish_off", target="a:f"))


def test_first_aid_wakes_and_saves_CM_FIRSTAID_GAP_CM_27() -> None:
    g = _duel()
    cf = g.state.cm.figures["a:chef"]
    cf.vitality, cf.mal_en_point, cf.unconscious, cf.wakes_at, cf.dies_at = 0, True, True, 5, 3
    g.state.figures["a:chef"].status = "out_of_action"
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.UseMedikit(figure="a:f", target="a:chef"))
    g.dice.force(6, 6, 5)  # Soins 5 + 17 ≥ 20 (danger of death)
    events = choose(g, "no")
    test = of(events, D6Roll)[0]
    assert (test.rule, test.need, test.success) == ("CM-FIRSTAID", 20, True)
    assert (cf.vitality, cf.unconscious, cf.dies_at, cf.mal_en_point) == (1, False, None, False)
    assert g.state.figures["a:chef"].status == "in_play" and of(events, Healed)


def test_mal_en_point_death_timer_settled_at_the_end_of_the_game_S17_GAP_ALT_2() -> None:
    g = _duel(max_turns=1)
    g.state.cm.figures["b:chef"].vitality = 2
    _strike(g)
    # hit; Résistance 1,1,2 + 8 < 5 + 14 → danger, 1d6 = 4 (after the game);
    # Volonté 6,6,6 passes
    g.dice.force(6, 6, 5, 1, 1, 2, 1, 1, 2, 4, 6, 6, 6)
    choose(g, "no", "no", "no", "none")
    cf = g.state.cm.figures["b:chef"]
    assert cf.mal_en_point and cf.dies_at == 5 and g.state.figures["b:chef"].status == "in_play"
    while not g.over:
        cmds = g.legal_commands(sample_moves=False)
        act = next((x for x in cmds if isinstance(x, c.Activate)), None)
        if g.state.pending is not None:
            g.apply(c.Choose(option=g.state.pending.default))
        elif act is not None:
            g.apply(act)
        else:
            g.apply(c.EndActivation(figure=g.state.tour.figure))
    assert cf.dead and g.state.figures["b:chef"].status == "dead"
    end = of(g.log, GameEnded)[-1]
    assert end.vp["a"] > 0
    assert [e for e in g.log if isinstance(e, Killed)][-1].rule == "GAP-ALT-2"


def test_a_group_of_figurants_one_roll_plus_one_each_CM_GROUP_GAP_CM_15() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (30, 25), ["sword"]), fig("f", "sous_fifre", (5, 5), ["club"]),
             fig("g", "sous_fifre", (7, 5), ["club"]), fig("h", "sous_fifre", (6, 6), ["club"])),
        band("b", fig("chef", "chef", (6, 5), ["sword"]), fig("x", "sous_fifre", (40, 20), ["club"]))),
        *A_HAND)
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.Act(figure="a:f", action="together", target="b:chef"))
    choose(g, "no")
    assert {o.key for o in g.state.pending.options} == {"done", "a:g", "a:h"}
    choose(g, "a:g", "a:h", "none")  # the whole group; no pair
    g.dice.force(4, 4, 4, 1, 1, 2)  # 4 + 12 + 2 against 8 + 4; b's Chef buys no die
    events = choose(g, "no", "no", "none")  # nor makes its test again, nor cancels
    attack = [r for r in of(events, D6Roll) if r.figure == "a:f"][0]
    assert attack.inputs["group"] == 2 and attack.total == 18
    hit = of(events, DamageSteps)[0]
    assert (hit.group, hit.weapon_dice, hit.bonus, hit.damage) == (2, (4,), 1, 7)
    assert all(g.state.cm.figures[f].acted for f in ("a:f", "a:g", "a:h"))


def test_cooperation_best_roll_helped_by_the_others_CM_COOP_CM_GANG() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"]), fig("s", "sous_chef", (7, 5), ["sword"]),
             fig("f", "sous_fifre", (30, 25), ["club"])),
        band("b", fig("chef", "chef", (6, 5), ["sword"]), fig("x", "sous_fifre", (40, 20), ["club"]))),
        *A_HAND)
    g.apply(c.Activate(figure="a:s"))
    g.apply(c.Act(figure="a:s", action="together", target="b:chef"))
    choose(g, "no", "a:chef", "none")
    assert g.state.pending.kind == "cm_heroic:b:chef"  # a:s is no PJ: the defender is asked
    # a:s 2,2,3 + 6 = 13; a:chef 6,5,4 + 8 = 23 (the best; a:s under 10? no: 13 ≥ 10);
    # b's Chef 1,1,2 + 8
    g.dice.force(2, 2, 3, 6, 5, 4, 1, 1, 2)
    events = choose(g, "no")
    used = [r for r in of(events, D6Roll) if r.rule == "CM-ATTACK" and r.figure.startswith("a:")]
    assert used[0].figure == "a:chef" and used[0].total == 23
    helper = [r for r in of(events, D6Roll) if r.rule == "CM-COOP"][0]
    assert (helper.figure, helper.total, helper.success) == ("a:s", 13, False)


def test_a_game_waiting_inside_an_attack_saves_and_goes_on_the_same_S1() -> None:
    """The state mid-attack (throws kept, a decision owed) encodes, decodes and plays on
    byte for byte: the hash covers the ruleset's own state."""
    g = _duel()
    _strike(g)
    g.dice.force(1, 2, 2, 6, 6, 4)
    choose(g, "no", "no")
    assert g.state.pending.kind == "cm_reroll:a:chef"
    copy = g.copy()
    assert copy.state_hash() == g.state_hash()
    for game in (g, copy):
        game.dice.force(6, 6, 6)
        choose(game, "yes", "no", "none")
    assert copy.state_bytes() == g.state_bytes()
