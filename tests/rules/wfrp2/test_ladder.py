"""§1.c: one initiative ladder of every figure of every band (S4), rolled once a game,
ties by Ag then d10, Fortune's +1d10; the budget of half and full actions (S5)."""

from __future__ import annotations

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActivationEnded, Ladder, TurnStarted
from skirmish.rules.turn import Pip
from tests.rules.build import band, fig
from tests.rules.wfrp2.helpers import answer, rolls, wf_scenario, wf_start


def ladder(game) -> Ladder:
    return [e for e in game.log if isinstance(e, Ladder)][-1]


def duel(b_rank: str = "sous_fifre", **options):
    return wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("sword",))),
                       band("b", fig("x", b_rank, (20, 5), weapons=("sword",))), **options)


def test_ag_plus_d10_highest_first_WF_INIT_WF_INIT_ORDER() -> None:
    """[WF-INIT] Ag + 1d10; [WF-INIT-ORDER] one ladder of every figure, highest first."""
    g = wf_start(duel(), 5, 9)  # chef 46 + 5 = 51, henchman 34 + 9 = 43
    assert [r.value for r in rolls(g.log, "WF-INIT")] == [5, 9]
    answer(g, "keep")  # the Chef's Fortune d10 ([WF-FORTUNE]): not spent
    assert ladder(g).order == ("a:chef", "b:x") and ladder(g).scores == {"a:chef": 51, "b:x": 43}
    view = g.turn_view()
    assert view.figure == "a:chef" and [s.figure for s in view.order] == ["a:chef", "b:x"]
    assert [s.score for s in view.order] == [51, 43] and view.order[0].now


def test_fortune_adds_a_d10_to_the_initiative_WF_FORTUNE() -> None:
    g = wf_start(duel("sous_chef"), 1, 9)  # chef 47, lieutenant 51
    answer(g, "fortune")
    g.dice.force(8)
    answer(g, "keep")  # the Sous-chef keeps its point
    fortune = rolls(g.log, "WF-FORTUNE")
    assert [r.value for r in fortune] == [8] and fortune[0].inputs["fortune"] == 1
    assert ladder(g).order == ("a:chef", "b:x") and g.state.figures["a:chef"].fortune == 1


def test_equal_scores_higher_ag_first_GAP_WF_3() -> None:
    g = wf_start(duel("sous_chef"), 3, 7)  # chef 46 + 3 = 49, lieutenant 42 + 7 = 49
    answer(g, "keep")
    answer(g, "keep")
    assert ladder(g).order == ("a:chef", "b:x") and ladder(g).ties == ()


def test_equal_score_and_ag_roll_off_a_d10_GAP_WF_3() -> None:
    scn = wf_scenario(band("a", fig("x", "sous_fifre", (5, 5))),
                      band("b", fig("x", "sous_fifre", (20, 5))))
    g = wf_start(scn, 5, 5, 2, 8)  # both 39; the roll-off: a 2, b 8
    assert ladder(g).order == ("b:x", "a:x") and set(ladder(g).ties) == {"a:x", "b:x"}
    assert [r.rule for r in rolls(g.log)] == ["WF-INIT", "WF-INIT", "GAP-WF-3", "GAP-WF-3"]


def test_ladder_rolled_once_a_game_unless_the_option_GAP_WF_3() -> None:
    scn = wf_scenario(band("a", fig("x", "sous_fifre", (5, 5))),
                      band("b", fig("x", "sous_fifre", (20, 25))))
    g = wf_start(scn, 9, 1)
    g.apply(c.EndActivation(figure="a:x"))
    g.apply(c.EndActivation(figure="b:x"))
    assert [e.turn for e in g.log if isinstance(e, TurnStarted)] == [1, 2]
    assert len([e for e in g.log if isinstance(e, Ladder)]) == 1
    again = wf_start(wf_scenario(*scn.bands, wf_initiative_each_round=True), 9, 1)
    again.apply(c.EndActivation(figure="a:x"))
    again.dice.force(1, 9)
    again.apply(c.EndActivation(figure="b:x"))
    assert ladder(again).order == ("b:x", "a:x")


def test_two_half_actions_or_one_full_WF_ACT_FULL_WF_ACT_HALF() -> None:
    """[WF-ACT-HALF] two half actions a turn (two Mouvements); [WF-ACT-FULL] a full action
    takes the whole turn: none after a half action, even with a half bought with Fortune."""
    g = wf_start(duel(), 5, 1)
    answer(g, "keep")
    g.apply(c.Walk(figure="a:chef", to=(7, 5)))  # a half action
    assert g.turn_view().pips == (Pip(kind="half", spent=True), Pip(kind="half", spent=False))
    with pytest.raises(IllegalCommand, match="costs 2 "):
        g.apply(c.Run(figure="a:chef", to=(12, 5)))
    g.apply(c.Act(figure="a:chef", action="fortune"))  # two halves again, one spent
    with pytest.raises(IllegalCommand, match="half action this turn"):
        g.apply(c.Run(figure="a:chef", to=(12, 5)))
    g.apply(c.Walk(figure="a:chef", to=(9, 5)))
    g.apply(c.Walk(figure="a:chef", to=(11, 5)))
    assert g.state.active == "b:x"
    assert [e.figure for e in g.log if isinstance(e, ActivationEnded)] == ["a:chef"]


def test_fortune_buys_one_more_half_action_WF_FORTUNE() -> None:
    g = wf_start(duel(), 5, 1)
    answer(g, "keep")
    g.apply(c.Walk(figure="a:chef", to=(7, 5)))
    g.apply(c.Walk(figure="a:chef", to=(9, 5)))
    assert g.state.active == "a:chef"  # Fortune left: the turn waits for a choice
    g.apply(c.Act(figure="a:chef", action="fortune"))
    assert g.turn_view().pips[-1] == Pip(kind="bought", spent=False)
    with pytest.raises(IllegalCommand, match="already bought"):
        g.apply(c.Act(figure="a:chef", action="fortune"))
    g.apply(c.Walk(figure="a:chef", to=(11, 5)))
    assert g.state.active == "b:x" and g.state.figures["a:chef"].fortune == 1


def test_surprised_figure_loses_turn_one_WF_SURPRISE_GAP_WF_22() -> None:
    """[WF-SURPRISE] a figure the scenario marks surprised loses its turn in round 1."""
    scn = wf_scenario(band("a", fig("x", "sous_fifre", (5, 5), native={"wfrp2": {"surprised": True}})),
                      band("b", fig("x", "sous_fifre", (20, 25))))
    g = wf_start(scn, 9, 1)
    assert g.state.active == "b:x" and g.state.figures["a:x"].acted
