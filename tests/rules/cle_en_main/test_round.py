"""A scripted round of §2.c with forced dice: the hand by Réflexes, the response of an
attacked side, ceding, the rest of the round, interrupts at declaration with their
pénalité, and the end of the round ([CM-ROUND] [CM-ORDER] [CM-ORDER-DISAGREE]
[CM-INTERRUPT] [CM-ACTION] [CM-MOVE-ACT]; GAP-CM-4, GAP-CM-5, GAP-CM-6, GAP-CM-7)."""

from __future__ import annotations

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Activated, Contest, D6Roll, DamageSteps, TurnOrder
from tests.rules.build import band, fig
from tests.rules.cle_en_main.helpers import choose, cm_scenario, cm_start, of

#: a's Chef 6+6+5 + 8 against b's Chef 1+1+2 + 8: a holds the hand.
A_HAND = (6, 6, 5, 1, 1, 2)


def _scn(**options):
    return cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"]), fig("f", "sous_fifre", (20, 5), ["club"])),
        band("b", fig("chef", "chef", (30, 20), ["sword"]), fig("f", "sous_fifre", (6, 5), ["club"]),
             fig("g", "sous_fifre", (40, 20), ["club"])),
        **options)


def test_the_hand_by_reflexes_CM_ORDER_DISAGREE_GAP_CM_4() -> None:
    g = cm_start(_scn(), *A_HAND)
    order = of(g.log, TurnOrder)[-1]
    assert (order.order, order.holder, order.reason) == (("a", "b"), "a", "opposition")
    assert of(g.log, Contest)[-1].winner == "a:chef"
    assert g.to_act == "a" and set(g.turn_view().choose) == {"a:chef", "a:f"}
    with pytest.raises(IllegalCommand):
        g.apply(c.Activate(figure="b:chef"))


def test_attack_then_response_then_the_hand_returns_CM_ORDER() -> None:
    g = cm_start(_scn(), *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:f"))
    assert g.state.pending.kind == "cm_interrupt" and g.to_act == "b"
    # no interrupt; no pair; no heroic die; Combat 8 + 6,6,5 against Défense 4 + 1,2,1
    g.dice.force(6, 6, 5, 1, 2, 1)
    events = choose(g, "no", "none", "no")
    hit = of(events, DamageSteps)[0]
    assert (hit.figure, hit.read, hit.weapon_dice, hit.bonus) == ("b:f", "whites", (6, 5), 3)
    assert g.state.figures["b:f"].status == "dead"  # 14 > Résistance 4 [CM-FIG-VIT]
    # the attacked figure cannot respond: b responds with another that has not acted
    assert g.to_act == "b" and set(g.turn_view().choose) == {"b:chef", "b:g"}
    g.apply(c.Activate(figure="b:g"))
    g.apply(c.EndActivation(figure="b:g"))
    assert g.to_act == "a" and g.turn_view().choose == ("a:f",)  # the hand returns


def test_response_with_an_attacked_figure_that_can_act_CM_ORDER() -> None:
    g = cm_start(_scn(), *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:f"))
    g.dice.force(1, 2, 1, 6, 6, 5)  # a miss; the Chef does not make its test again
    choose(g, "no", "none", "no", "no")
    assert g.turn_view().choose == ("b:f",)  # the attacked figure responds
    with pytest.raises(IllegalCommand, match="responds with one of the figures attacked"):
        g.apply(c.Activate(figure="b:g"))


def test_ceding_an_activation_CM_ORDER() -> None:
    g = cm_start(_scn(), *A_HAND)
    g.apply(c.Cede(band="a", to="b"))
    assert g.to_act == "b"
    g.apply(c.Activate(figure="b:g"))
    g.apply(c.EndActivation(figure="b:g"))
    assert g.to_act == "a"
    with pytest.raises(IllegalCommand):
        g.apply(c.Cede(band="b", to="a"))


def test_the_rest_of_the_round_then_a_new_round_CM_ROUND() -> None:
    g = cm_start(_scn(), *A_HAND)
    for fid in ("a:chef", "a:f"):
        g.apply(c.Activate(figure=fid))
        g.apply(c.EndActivation(figure=fid))
    assert g.to_act == "b"  # the hand is spent: b plays the rest
    g.apply(c.Activate(figure="b:chef"))
    g.apply(c.EndActivation(figure="b:chef"))
    g.apply(c.Activate(figure="b:f"))
    g.dice.force(*A_HAND)
    g.apply(c.EndActivation(figure="b:f"))
    g.apply(c.Activate(figure="b:g"))
    g.apply(c.EndActivation(figure="b:g"))
    assert g.state.turn == 2 and g.to_act == "a"


def test_an_interrupt_won_plays_first_with_its_penalty_CM_INTERRUPT_GAP_CM_5() -> None:
    g = cm_start(_scn(), *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:f"))
    # b:f (Réflexes 5) interrupts: 6,6,6 + 5 against a:chef (8) 1,1,2 + 8
    g.dice.force(6, 6, 6, 1, 1, 2)
    events = choose(g, "b:f")
    contest = of(events, Contest)[-1]
    assert (contest.rule, contest.winner) == ("CM-INTERRUPT", "b:f")
    assert g.state.pending.kind == "cm_interrupt_penalty" and g.to_act == "b"
    choose(g, "danger")
    assert g.state.tour.figure == "b:f" and g.state.tour.imposed == ["danger"]
    assert of(g.log, Activated)[-1].figure == "b:f"
    g.apply(c.EndActivation(figure="b:f"))
    # the interrupted strike resumes: its own decisions come now
    assert g.state.tour.figure == "a:chef" and g.state.pending.kind == "cm_pair"


def test_an_interrupt_lost_costs_the_tour_CM_INTERRUPT() -> None:
    g = cm_start(_scn(), *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:f"))
    g.dice.force(1, 1, 2, 6, 6, 5)
    choose(g, "b:f")
    assert g.state.cm.figures["b:f"].acted  # it rushed: no tour this round
    assert g.state.pending.kind == "cm_pair"  # no second attempt at this declaration


def test_interrupt_penalty_is_carried_by_the_interrupters_action_CM_INTERRUPT() -> None:
    g = cm_start(_scn(), *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:f"))
    g.dice.force(6, 6, 6, 1, 1, 2)
    choose(g, "b:f", "difficulte")
    g.apply(c.Strike(figure="b:f", target="a:chef"))  # declared inside the interrupt: no window
    g.dice.force(3, 3, 3, 3, 3, 3)
    events = choose(g, "none", "no")  # no pair; the Chef keeps its heroic die
    attack = [r for r in of(events, D6Roll) if r.figure == "b:f"][0]
    assert attack.inputs["difficulte"] == -2


def test_move_and_act_takes_difficulte_CM_MOVE_ACT_GAP_CM_6_GAP_CM_7() -> None:
    scn = cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"]), fig("f", "sous_fifre", (20, 5), ["club"])),
        band("b", fig("chef", "chef", (30, 20), ["sword"]), fig("g", "sous_fifre", (28, 5), ["club"])))
    g = cm_start(scn, *A_HAND)
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.Walk(figure="a:f", to=(26.95, 5.0)))  # 6.95 pas, into contact
    choose(g, "no")
    g.apply(c.Strike(figure="a:f", target="b:g"))  # no second interrupt window
    g.dice.force(4, 4, 4, 1, 1, 2)
    events = choose(g, "none")
    attack = [r for r in of(events, D6Roll) if r.figure == "a:f"][0]
    assert attack.inputs["difficulte"] == -2 and attack.total == 4 + 12 - 2
    with pytest.raises(IllegalCommand):
        g.apply(c.Walk(figure="b:g", to=(30.0, 8.0)))


def test_move_allowances_GAP_CM_6() -> None:
    g = cm_start(_scn(), *A_HAND)
    g.apply(c.Activate(figure="a:f"))
    with pytest.raises(IllegalCommand, match="10 pas"):
        g.apply(c.Walk(figure="a:f", to=(20.0, 17.0)))
    g.apply(c.Run(figure="a:f", to=(20.0, 23.0)))  # 18 pas: move only
    choose(g, "no")
    assert g.state.tour is None and g.state.figures["a:f"].y == 23.0
