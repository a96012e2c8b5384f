"""The other actions of §1.d and §1.e's Leadership: Retardement and its window
(GAP-WF-4), Visée (GAP-WF-17) and long range (GAP-WF-18), a blast (GAP-WF-6), Feinte and
Manœuvre (opposed CC), Désengagement (GAP-WF-13), Soins (GAP-WF-21), Course's −20 to shots
(GAP-WF-14), and the Cd from FM (GAP-WF-23) or the native d100 ≤ FM."""

from __future__ import annotations

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActionDeclared, Healed, Moved, Opposition
from skirmish.rules.wfrp2.leadership import WF_LEADERSHIP
from skirmish.rules.wfrp2.profile import cd_of
from tests.rules.build import band, fig
from tests.rules.wfrp2.helpers import (
    answer,
    d100,
    force,
    henchmen,
    rolls,
    start_a_first,
    wf_scenario,
    wf_start,
)


def test_cd_from_fm_GAP_WF_23() -> None:
    assert [cd_of(fm) for fm in (55, 40, 30, 5, 99)] == [11, 8, 6, 2, 12]


def test_native_leadership_is_d100_under_fm_GAP_WF_23() -> None:
    g = start_a_first(henchmen(morale="native"))
    from skirmish.rules.wfrp2.context import WfCtx

    ctx = WfCtx(g.state, g.table, g.book, g.dice)
    f = ctx.fig("a:x")
    force(g, d100(31))
    assert not WF_LEADERSHIP.rout_test(ctx, f, rule="R-END-ROUT-TEST", key="lbl_rout_half",
                                       params={"down": 1, "start": 2}, cd=6, lender=None,
                                       retest=False)
    roll = rolls(ctx.events)[0]
    assert (roll.value, roll.need, roll.inputs["native"]) == (31, 30, True)


def test_retardement_holds_a_half_action_for_the_window_GAP_WF_4() -> None:
    g = start_a_first(henchmen(b_at=(12, 5)))
    g.apply(c.Act(figure="a:x", action="retardement"))  # its turn ends at once
    assert g.state.figures["a:x"].held == 1 and g.state.active != "a:x"
    while g.state.active != "b:x":
        g.apply(c.EndActivation(figure=g.state.active))
    g.apply(c.Walk(figure="b:x", to=(6, 5)))  # before it acts: the holder may answer first
    p = g.state.pending
    assert p.kind == "wf_held" and p.band == "a" and p.default == "wait"
    assert [o.key for o in p.options] == ["parade", "wait"]  # not yet in contact
    answer(g, "wait")  # the Mouvement goes on, into contact
    assert g.state.figures["b:x"].pos == (6, 5)
    assert g.state.pending.kind == "wf_held"  # and again after it completes the Mouvement
    force(g, d100(99))
    answer(g, "strike:sword")
    assert rolls(g.log, "WF-A-RETARDEMENT")[0].value == 99
    assert g.state.figures["a:x"].held == 0


def test_held_half_action_is_lost_at_its_next_turn_GAP_WF_4() -> None:
    g = start_a_first(henchmen(b_at=(30, 5)))
    g.apply(c.Act(figure="a:x", action="retardement"))
    while g.state.turn == 1:
        g.apply(c.EndActivation(figure=g.state.active))
    assert g.state.active == "a:x" and g.state.figures["a:x"].held == 0


def test_long_range_needs_a_visee_and_takes_30_GAP_WF_18_GAP_WF_17() -> None:
    g = start_a_first(henchmen(b_at=(30, 5), a_weapons=("bow",)))  # PM 20, max 40
    with pytest.raises(IllegalCommand, match="Visée"):
        g.apply(c.Shoot(figure="a:x", weapon="bow", target="b:x"))
    g.apply(c.Act(figure="a:x", action="visee"))
    force(g, d100(99))
    g.apply(c.Shoot(figure="a:x", weapon="bow", target="b:x"))
    shot = rolls(g.log, "WF-A-STANDARD")[0]
    assert shot.need == 5 and shot.inputs["long_range"] == -30 and "visee" not in shot.inputs


def test_visee_adds_10_to_the_next_standard_attack_WF_A_VISEE() -> None:
    """[WF-A-VISEE] a half action: +10 % to the next action if it is a standard attack."""
    g = start_a_first(henchmen(b_at=(15, 5), a_weapons=("bow",)))
    g.apply(c.Act(figure="a:x", action="visee"))
    force(g, d100(99))
    g.apply(c.Shoot(figure="a:x", weapon="bow", target="b:x"))
    assert rolls(g.log, "WF-A-STANDARD")[0].need == 45  # CT 35 + 10


def test_a_blast_hits_every_base_in_its_radius_with_its_own_location_GAP_WF_6() -> None:
    scn = wf_scenario(band("a", fig("x", "sous_fifre", (5, 5), weapons=("grenade",)),
                           fig("r", "sous_fifre", (1, 30))),
                      band("b", fig("x", "sous_fifre", (10.8, 5)), fig("y", "sous_fifre", (12.3, 5)),
                           fig("z", "sous_fifre", (30, 30))))
    g = wf_start(scn, 10, 1, 1, 1, 1)
    while g.state.active != "a:x":
        g.apply(c.EndActivation(figure=g.state.active))
    force(g, d100(10), d100(50), 1, d100(50), 1)  # hit; each its location d100 and d10
    g.apply(c.Shoot(figure="a:x", weapon="grenade", target="b:x"))
    locs = rolls(g.log, "WF-LOC")
    assert {r.figure for r in locs} == {"b:x", "b:y"}


def test_feinte_won_makes_the_next_attack_undefendable_WF_A_FEINTE() -> None:
    """[WF-A-FEINTE] a half action, an opposed CC test; won, the next attack can be neither
    parried nor dodged."""
    g = start_a_first(henchmen(b_kit=("shield",)))
    force(g, d100(10), d100(20))  # both pass: margins 15 against 5: a wins
    g.apply(c.Act(figure="a:x", action="feinte", target="b:x"))
    duel = [e for e in g.log if isinstance(e, Opposition)][0]
    assert duel.winner == "a:x" and duel.degrees == (15, 5)
    force(g, d100(11), 1)
    g.apply(c.Strike(figure="a:x", target="b:x"))
    assert g.state.pending is None  # no parry offered to the shield


def test_manoeuvre_won_pushes_two_pas_WF_A_MANOEUVRE_GAP_ALT_1() -> None:
    """[WF-A-MANOEUVRE] a half action, an opposed CC test; won, the opponent is moved 2 m:
    2 pas at 1 m a pas (GAP-ALT-1)."""
    g = start_a_first(henchmen())
    force(g, d100(10), d100(90))
    g.apply(c.Act(figure="a:x", action="manoeuvre", target="b:x"))
    pushed = [e for e in g.log if isinstance(e, Moved) and e.figure == "b:x"][0]
    assert pushed.path[-1] == pytest.approx((8.0, 5.0))


def test_engaged_figure_leaves_only_by_desengagement_GAP_WF_13() -> None:
    g = start_a_first(henchmen(a_at=(10, 5), b_at=(11, 5)))
    with pytest.raises(IllegalCommand, match="Désengagement"):
        g.apply(c.Walk(figure="a:x", to=(8, 5)))
    g.apply(c.Flee(figure="a:x"))  # open ground: no free attack; up to Mvt 6 away
    moved = [e for e in g.log if isinstance(e, Moved) and e.figure == "a:x"][0]
    assert moved.reason == "flee" and moved.path[-1] == pytest.approx((4.0, 5.0))
    assert not rolls(g.log, "WF-A-DESENGAGEMENT")


def test_soins_with_a_medikit_GAP_WF_21() -> None:
    """[WF-A-COMPETENCE] Utiliser une compétence: Soins, a full action, with the medikit's
    one use (GAP-WF-21)."""
    g = start_a_first(henchmen(a_kit=("medikit",), b_at=(20, 5)))
    g.state.figures["a:x"].b = 4
    force(g, d100(40), 3)  # Int 30 + 20: 40 passes; lightly wounded (4 ≥ 3): +1d10
    g.apply(c.UseMedikit(figure="a:x", target="a:x"))
    healed = [e for e in g.log if isinstance(e, Healed)][0]
    assert healed.pv == 6 and g.state.figures["a:x"].medikits == 0  # capped at B 6
    soins = [e for e in g.log if isinstance(e, ActionDeclared)][0]
    assert (soins.action, soins.cost, soins.rule) == ("medikit", 2, "WF-A-COMPETENCE")


def test_a_runner_is_harder_to_shoot_GAP_WF_14() -> None:
    g = start_a_first(henchmen(b_at=(30, 5), b_weapons=("bow",)))
    g.apply(c.Run(figure="a:x", to=(20, 5)))
    while g.state.active != "b:x":
        g.apply(c.EndActivation(figure=g.state.active))
    force(g, d100(99))
    g.apply(c.Shoot(figure="b:x", weapon="bow", target="a:x"))
    assert rolls(g.log, "WF-A-STANDARD")[0].inputs["target_ran"] == -20


def test_the_bar_offers_what_the_figure_could_ever_take_S5_GAP_WF_21() -> None:
    """A henchman with a sword only: no shot, Rechargement, Soins or Fortune half action
    on its bar (RULESETS §0.7); the card names its weapons in both languages (S16)."""
    g = start_a_first(henchmen())
    kinds = {i.kind for i in g.ruleset.action_menu(g.state, g.table, g.book, g.dice, "a:x")}
    assert not kinds & {"shoot", "rechargement", "medikit", "fortune"}
    assert {"walk", "strike", "rapide", "visee", "parade", "retardement", "end"} <= kinds
    lines = {ln.key: ln for ln in g.ruleset.figure_panel(g.state, "a:x").lines}
    assert lines["weapons"].text("en")[1].startswith("Sword +3")
    assert lines["weapons"].text("fr")[1].endswith("mains nues -1")
