"""The action table of §1.a and §1.d, one action at a time with forced d100/d10 faces: what
each costs of the turn's half actions, its to-hit modifier and its effect; the budget of
§1.c; the wound states and skills the table reads; and the actions this table does not
play (GAP-WF-22), refused with their reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActionDeclared, Healed, TurnStarted
from skirmish.rules.wfrp2.actions import check
from skirmish.rules.wfrp2.context import WfCtx
from tests.rules.build import band, fig, piece, start
from tests.rules.ruleset_files import militia_with_native, run
from tests.rules.wfrp2.helpers import (
    answer,
    d100,
    damage,
    force,
    henchmen,
    rolls,
    start_a_first,
    wf_scenario,
    wf_start,
)


def declared(g, figure: str) -> list[ActionDeclared]:
    return [e for e in g.log if isinstance(e, ActionDeclared) and e.figure == figure]


def to(g, fid: str) -> None:
    """End turns down the ladder until ``fid`` acts."""
    while g.state.active != fid:
        g.apply(c.EndActivation(figure=g.state.active))


def chef_and_henchman(a_weapons=("sword",), b_kit=(), b_at=(6, 5), a_kit=()):
    """A Chef (CC 45, Ag 46, Esquive, 2 Fortune) against a henchman (CC 25, BE 2, B 6)."""
    return wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=a_weapons, equipment=a_kit)),
                       band("b", fig("x", "sous_fifre", b_at, weapons=("sword",),
                                     equipment=b_kit)))


def chef_first(scn):
    g = wf_start(scn, 5, 9)  # Chef 51, henchman 43
    answer(g, "keep")  # its Fortune d10 on the initiative, not spent
    return g


def test_mouvement_half_action_up_to_mvt_halved_in_difficult_terrain_WF_A_MOUVEMENT() -> None:
    """[WF-A-MOUVEMENT] half action, up to Mvt pas (GAP-WF-2: the henchman's 6); in
    difficult terrain each pas costs two (the source halves the distance)."""
    wood = piece("wood", "difficult", [(20, 0), (40, 0), (40, 20), (20, 20)])
    scn = wf_scenario(band("a", fig("x", "sous_fifre", (5, 5)), fig("r", "sous_fifre", (1, 30))),
                      band("b", fig("x", "sous_fifre", (25, 10)),
                           fig("r", "sous_fifre", (47, 30))), terrain=[wood])
    g = start_a_first(scn)
    with pytest.raises(IllegalCommand):
        g.apply(c.Walk(figure="a:x", to=(11.5, 5)))  # 6.5 pas: beyond one Mouvement
    g.apply(c.Walk(figure="a:x", to=(11, 5)))
    assert [d.cost for d in declared(g, "a:x")] == [1] and g.state.figures["a:x"].halves == 1
    g.apply(c.Walk(figure="a:x", to=(17, 5)))  # the second half: another Mouvement
    assert g.state.figures["a:x"].pos == (17, 5) and g.state.active != "a:x"
    to(g, "b:x")
    with pytest.raises(IllegalCommand):
        g.apply(c.Walk(figure="b:x", to=(25, 14)))  # 4 pas in the wood cost 8
    g.apply(c.Walk(figure="b:x", to=(25, 13)))  # 3 pas cost 6


def test_course_full_action_three_mvt_and_plus_20_to_blows_at_it_WF_A_COURSE() -> None:
    """[WF-A-COURSE] a full action of up to 3 × Mvt (18 pas for a henchman); until its next
    turn a blow at the runner takes +20 % CC (GAP-WF-14; −20 % to shots:
    test_actions.py::test_a_runner_is_harder_to_shoot_GAP_WF_14)."""
    g = start_a_first(henchmen(b_at=(30, 5)))
    with pytest.raises(IllegalCommand):
        g.apply(c.Run(figure="a:x", to=(23.5, 5)))  # 18.5 pas
    g.apply(c.Run(figure="a:x", to=(23, 5)))
    assert [d.cost for d in declared(g, "a:x")] == [2] and g.state.figures["a:x"].ran
    to(g, "b:x")
    g.apply(c.Walk(figure="b:x", to=(24, 5)))  # into contact
    force(g, d100(99))
    g.apply(c.Strike(figure="b:x", target="a:x"))
    attack = rolls(g.log, "WF-A-STANDARD")[0]
    assert attack.need == 45 and attack.inputs["target_ran"] == 20  # CC 25 + 20


def test_posture_defensive_minus_20_to_blows_and_strikes_none_WF_A_DEFENSIVE() -> None:
    """[WF-A-DEFENSIVE] a full action: until its next turn every blow at it takes −20 %
    (GAP-WF-14), and it strikes no blow itself, not even with a half action bought with
    Fortune ([WF-FORTUNE])."""
    g = chef_first(chef_and_henchman())
    g.apply(c.Act(figure="a:chef", action="defensive"))
    assert [d.cost for d in declared(g, "a:chef")] == [2] and g.state.figures["a:chef"].defensive
    g.apply(c.Act(figure="a:chef", action="fortune"))
    with pytest.raises(IllegalCommand, match="strikes no blow"):
        g.apply(c.Strike(figure="a:chef", target="b:x"))
    with pytest.raises(IllegalCommand, match="strikes no blow"):
        g.apply(c.Act(figure="a:chef", action="feinte", target="b:x"))
    g.apply(c.EndActivation(figure="a:chef"))
    force(g, d100(99))
    g.apply(c.Strike(figure="b:x", target="a:chef"))
    attack = rolls(g.log, "WF-A-STANDARD")[0]
    assert attack.need == 5 and attack.inputs["target_defensive"] == -20  # CC 25 − 20


def test_a_version_3_game_kept_the_blow_bought_after_a_posture_defensive() -> None:
    """A game recorded before version 4 replays as it was played."""
    g = start(chef_and_henchman(), 5, 9, rules_version=3)
    answer(g, "keep")
    g.apply(c.Act(figure="a:chef", action="defensive"))
    g.apply(c.Act(figure="a:chef", action="fortune"))
    force(g, d100(99))
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert rolls(g.log, "WF-A-STANDARD")[0].need == 45


def test_parade_half_action_gives_one_parry_until_its_next_turn_WF_A_PARADE() -> None:
    """[WF-A-PARADE] a henchman with nothing in its left hand and no Esquive has no defence;
    after a Parade half action it may parry one hit (d100 ≤ CC, GAP-WF-7) before its next
    turn, and only one."""
    g = start_a_first(henchmen())
    force(g, d100(10), 1)
    g.apply(c.Strike(figure="a:x", target="b:x"))  # no Parade yet: no question, the damage
    assert g.state.pending is None and len(damage(g.log)) == 1
    to(g, "b:x")
    g.apply(c.Act(figure="b:x", action="parade"))
    assert [d.cost for d in declared(g, "b:x")] == [1] and g.state.figures["b:x"].parade
    while g.state.turn == 1:
        g.apply(c.EndActivation(figure=g.state.active))
    assert g.state.active == "a:x"
    force(g, d100(10))
    g.apply(c.Strike(figure="a:x", target="b:x"))
    assert [o.key for o in g.state.pending.options] == ["parry", "none"]
    force(g, d100(25))
    parried = answer(g, "parry")
    assert rolls(parried, "GAP-WF-7")[0].need == 25 and not damage(parried)
    force(g, d100(10), 1)
    g.apply(c.Strike(figure="a:x", target="b:x"))  # the Parade is spent: the hit lands
    assert g.state.pending is None and len(damage(g.log)) == 2


def test_rechargement_full_action_before_the_next_shot_WF_A_RECHARGEMENT() -> None:
    """[WF-A-RECHARGEMENT] a slow weapon (the crossbow, "Lent") fires loaded, then needs a
    Rechargement, a full action (GAP-WF-6), before it fires again."""
    g = start_a_first(henchmen(b_at=(20, 5), a_weapons=("crossbow",)))
    with pytest.raises(IllegalCommand, match="is loaded"):
        g.apply(c.Act(figure="a:x", action="rechargement", weapon="crossbow"))
    force(g, d100(99))
    g.apply(c.Shoot(figure="a:x", weapon="crossbow", target="b:x"))
    with pytest.raises(IllegalCommand, match="Rechargement"):
        g.apply(c.Shoot(figure="a:x", weapon="crossbow", target="b:x"))
    with pytest.raises(IllegalCommand, match="costs 2"):  # one half left: not enough
        g.apply(c.Act(figure="a:x", action="rechargement", weapon="crossbow"))
    while g.state.active != "a:x" or g.state.turn == 1:
        g.apply(c.EndActivation(figure=g.state.active))
    g.apply(c.Act(figure="a:x", action="rechargement", weapon="crossbow"))
    assert [d.cost for d in declared(g, "a:x")][-1] == 2
    assert g.state.figures["a:x"].loaded == ["crossbow"]


def test_the_five_attack_actions_and_their_modifiers_WF_ATK_TYPES() -> None:
    """[WF-ATK-TYPES] attacks are brutale, charge, prudente, standard and rapide: in melee at
    a figure in contact (GAP-WF-5), CC 25 + their modifier (§1.d); the charge reaches
    contact first (+10); the rapide makes A attacks."""
    g = start_a_first(henchmen())
    ctx = WfCtx(g.state, g.table, g.book, g.dice)
    x = ctx.fig("a:x")
    need = {a: check(ctx, x, c.Act(figure="a:x", action=a, target="b:x"))
            for a in ("rapide", "brutale", "prudente")}
    need["standard"] = check(ctx, x, c.Strike(figure="a:x", target="b:x"))
    assert {k: (v.need, v.cost) for k, v in need.items()} == {
        "rapide": (25, 2), "brutale": (45, 2), "prudente": (15, 2), "standard": (25, 1)}
    with pytest.raises(IllegalCommand, match="not in contact"):
        check(ctx, x, c.Strike(figure="a:x", target="b:r"))
    away = start_a_first(henchmen(b_at=(12, 5)))
    ctx = WfCtx(away.state, away.table, away.book, away.dice)
    charge = check(ctx, ctx.fig("a:x"), c.Charge(figure="a:x", target="b:x"))
    assert (charge.need, charge.cost, charge.inputs["charge"]) == (35, 2, 10)


def test_an_off_hand_blow_takes_minus_20_WF_OFFHAND() -> None:
    """[WF-OFFHAND] with two one-handed weapons the second is in the left hand: −20 % CC."""
    g = start_a_first(henchmen(a_weapons=("sword", "axe")))
    assert g.state.figures["a:x"].profile.left_hand == "weapon"
    force(g, d100(99))
    g.apply(c.Strike(figure="a:x", target="b:x", weapon="axe"))
    force(g, d100(99))
    g.apply(c.Strike(figure="a:x", target="b:x", weapon="sword"))
    axe, sword = rolls(g.log, "WF-A-STANDARD")
    assert (axe.need, axe.inputs["off_hand"]) == (5, -20)
    assert sword.need == 25 and "off_hand" not in sword.inputs


def test_bare_hands_bf_minus_4_against_double_armour_WF_UNARMED() -> None:
    """[WF-UNARMED] bare hands do BF − 4 (a henchman: −1), and the armour counts double: 9 − 1
    − BE 2 − 2 × 1 AP of light armour on the body = 4."""
    g = start_a_first(henchmen(a_weapons=(), b_kit=("light_armour",)))
    force(g, d100(25), 9)  # 25 ≤ CC 25; reversed 52: the left arm (AP 1)
    g.apply(c.Strike(figure="a:x", target="b:x"))
    dmg = damage(g.log)[0]
    assert (dmg.location, dmg.weapon, dmg.be, dmg.ap, dmg.lost) == ("left_arm", -1, 2, 2, 4)


def test_a_stunned_target_is_hit_at_plus_20_without_defence_WF_STUNNED() -> None:
    """[WF-STUNNED] Assommé: it loses its turn (test_attack.py::
    test_stunned_loses_its_next_turn_WF_STUNNED), its opponents get +20 % CC, and it may
    neither parry nor dodge (GAP-WF-7)."""
    scn = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("sword",))),
                      band("b", fig("x", "chef", (6, 5), weapons=("sword",),
                                    equipment=("shield",))))
    g = wf_start(scn, 9, 1)  # Chef a 55, Chef b 47
    answer(g, "keep")
    answer(g, "keep")
    g.state.figures["b:x"].stunned = 1
    force(g, d100(60), 1)
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    attack = rolls(g.log, "WF-A-STANDARD")[0]
    assert (attack.need, attack.inputs["target_stunned"]) == (65, 20)
    assert g.state.pending is None and len(damage(g.log)) == 1  # no shield parry, no dodge


def test_the_fortune_half_and_the_left_hand_parry_are_free_WF_ACT_FREE() -> None:
    """[WF-ACT-FREE] free actions spend no half action: buying a half with Fortune, and the
    shield's parry in an enemy's turn (the parrier's next turn still has two halves)."""
    g = chef_first(chef_and_henchman(a_kit=("shield",)))
    g.apply(c.Act(figure="a:chef", action="fortune"))
    assert [d.cost for d in declared(g, "a:chef")] == [0]
    assert g.state.figures["a:chef"].halves == 3
    g.apply(c.EndActivation(figure="a:chef"))
    force(g, d100(10))
    g.apply(c.Strike(figure="b:x", target="a:chef"))
    force(g, d100(10))
    answer(g, "parry")
    assert g.state.figures["a:chef"].free_parry
    g.apply(c.EndActivation(figure="b:x"))
    assert g.state.active == "a:chef" and g.state.figures["a:chef"].halves == 2


def test_esquive_is_an_ag_test_and_soins_an_int_test_WF_SKILLS() -> None:
    """[WF-SKILLS] the skills the table reads: Esquive (Agilité: dodge d100 ≤ Ag 46, the
    Chef has it, a henchman not) and Soins (Intelligence: d100 ≤ Int 30 + 20 with the
    medikit, GAP-WF-21)."""
    scn = wf_scenario(band("a", fig("x", "sous_fifre", (5, 5), weapons=("sword",),
                                    equipment=("medikit",))),
                      band("b", fig("chef", "chef", (6, 5), weapons=("sword",))))
    g = wf_start(scn, 10, 1)  # henchman 44, Chef 47 (keeps its Fortune): the Chef first
    answer(g, "keep")
    force(g, d100(10), 1)
    g.apply(c.Strike(figure="b:chef", target="a:x"))
    assert g.state.pending is None  # the henchman: no Esquive, nothing in its left hand
    g.apply(c.EndActivation(figure="b:chef"))
    force(g, d100(10))
    g.apply(c.Strike(figure="a:x", target="b:chef"))
    assert [o.key for o in g.state.pending.options] == ["dodge", "none"]
    force(g, d100(46))
    dodged = answer(g, "dodge")
    assert rolls(dodged, "GAP-WF-7")[0].need == 46 and not damage(dodged)
    g.apply(c.EndActivation(figure="a:x"))
    g.apply(c.EndActivation(figure="b:chef"))  # turn 2: the henchman's Soins, a full action
    force(g, d100(50))
    g.apply(c.UseMedikit(figure="a:x", target="a:x"))
    soins = rolls(g.log, "GAP-WF-21")[0]
    assert (soins.need, soins.inputs) == (50, {"int": 30, "medikit": 20})


def test_lightly_and_heavily_wounded_shown_and_read_by_soins_WF_LIGHTLY_WF_HEAVILY() -> None:
    """[WF-LIGHTLY] B ≥ 3, [WF-HEAVILY] B ≤ 2: shown on the card in both languages (with
    every B left, unhurt), no effect in a game but Soins' (GAP-WF-21): +1d10 B when lightly
    wounded, +1 when heavily."""
    g = start_a_first(henchmen(a_kit=("medikit",), b_at=(20, 5)))
    b_line = {ln.key: ln for ln in g.ruleset.figure_panel(g.state, "a:x").lines}["b"]
    assert "6/6 (unhurt)" in b_line.text("en")[1]  # every B left: not wounded at all
    assert "6/6 (indemne)" in b_line.text("fr")[1]
    x = g.state.figures["a:x"]
    x.b = 3
    b_line = {ln.key: ln for ln in g.ruleset.figure_panel(g.state, "a:x").lines}["b"]
    assert "3/6 (lightly wounded)" in b_line.text("en")[1]
    assert "3/6 (légèrement blessé)" in b_line.text("fr")[1]
    x.b = 2
    b_line = {ln.key: ln for ln in g.ruleset.figure_panel(g.state, "a:x").lines}["b"]
    assert "2/6 (heavily wounded)" in b_line.text("en")[1]
    assert "2/6 (gravement blessé)" in b_line.text("fr")[1]
    force(g, d100(40))  # passes; heavily wounded: +1, no d10 rolled
    g.apply(c.UseMedikit(figure="a:x", target="a:x"))
    assert [e.pv for e in g.log if isinstance(e, Healed)] == [3]
    assert [r.rule for r in rolls(g.log)][-1] == "GAP-WF-21"  # the test only


def test_each_acts_in_ladder_order_and_the_round_ends_when_all_have_WF_TURN() -> None:
    """[WF-TURN] figures act in their turn down the ladder; a figure off its turn is
    refused; the round ends when everyone has acted and the next begins on the same
    ladder (steps 4 to 6; the ladder once a game, GAP-WF-3)."""
    g = start_a_first(henchmen(b_at=(20, 5)))
    order = [r.figure for r in g.state.ladder]
    assert order[0] == "a:x" and len(order) == 4
    with pytest.raises(IllegalCommand, match="turn on the ladder"):
        g.apply(c.Walk(figure="b:x", to=(19, 5)))
    seen = []
    while g.state.turn == 1:
        seen.append(g.state.active)
        g.apply(c.EndActivation(figure=g.state.active))
    assert seen == order and [e.turn for e in g.log if isinstance(e, TurnStarted)] == [1, 2]
    assert g.state.active == order[0] and [r.figure for r in g.state.ladder] == order


@pytest.mark.parametrize("action, key, gap", [
    ("incantation", "Incantation is not played", "GAP-WF-22"),  # [WF-A-INCANTATION]
    ("saut", "Saut is not played", "GAP-WF-22"),  # [WF-A-SAUT]
    ("se_lever", "Se lever is not played", "GAP-WF-22"),  # [WF-A-SE-LEVER]
    ("degainer", "Dégainer is not needed", "GAP-WF-6"),  # [WF-A-DEGAINER]
])
def test_actions_the_table_does_not_play_are_refused_with_their_reason_GAP_WF_22(
        action: str, key: str, gap: str) -> None:
    """[WF-A-INCANTATION] [WF-A-SAUT] [WF-A-SE-LEVER] spells, jumps, pinning and mounts are
    out of scope (GAP-WF-22); [WF-A-DEGAINER] every weapon a Skirmish figure carries is
    ready (GAP-WF-6). Each is refused with its reason, in both languages, and is not on
    the action bar."""
    g = start_a_first(henchmen())
    with pytest.raises(IllegalCommand, match=key) as refused:
        g.apply(c.Act(figure="a:x", action=action))
    assert refused.value.rule == gap and g.state.figures["a:x"].halves == 2
    fr = json.loads(Path("assets/translations/fr/wfrp2.json").read_text(encoding="utf-8"))
    assert gap in fr[f"engine.{refused.value.key}"]
    kinds = {i.kind for i in g.ruleset.action_menu(g.state, g.table, g.book, g.dice, "a:x")}
    assert action not in kinds


def test_folie_points_are_refused_in_a_native_block_WF_INSANITY_GAP_WF_22(tmp_path, capsys
                                                                          ) -> None:
    """[WF-INSANITY] Folie is out of scope (GAP-WF-22): the profile has no Folie points, and
    a native block that gives some is refused by ``validate`` in one line naming it."""
    wb = militia_with_native(tmp_path, "wfrp2", "{ folie = 2 }")
    code, _, err = run(capsys, "validate", str(wb))
    assert code == 1 and err.strip() == (
        f"{wb}: band.figures[0].native.wfrp2: unknown field 'folie'")
