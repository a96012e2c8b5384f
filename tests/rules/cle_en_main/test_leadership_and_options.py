"""Leadership (RULESETS §2.e, S12: [GAP-CM-23], GAP-ALT-3) and the switchable readings of
§2.f played in a game (GAP-CM-1, GAP-CM-4, GAP-CM-23 (b)), with forced dice."""

from __future__ import annotations

from fractions import Fraction

from skirmish.rules import commands as c
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.leadership import CmLeadership, p_native
from skirmish.rules.events import D6Roll, Reaction, TurnOrder
from tests.rules.build import band, fig
from tests.rules.cle_en_main.helpers import choose, cm_scenario, cm_start, of

A_HAND = (6, 6, 5, 1, 1, 2)


def _game(**options):
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"]), fig("s", "sous_chef", (8, 5), ["sword"]),
             fig("f", "sous_fifre", (11, 5), ["club"])),
        band("b", fig("chef", "chef", (6, 5), ["sword"]), fig("f", "sous_fifre", (40, 25), ["club"]),
             fig("g", "sous_fifre", (44, 25), ["club"])), **options), *A_HAND)


def test_cd_is_volonte_plus_2_GAP_CM_23() -> None:
    g = _game()
    lead = CmLeadership(CmCtx(g.state, g.table, g.book, g.dice))
    figs = g.state.figures
    assert [lead.cd(figs[f]) for f in ("a:chef", "a:s", "a:f")] == [11, 8, 6]


def test_native_leadership_odds_GAP_CM_23_b() -> None:
    """§2.e: Volonté/15 passes 50 % for a Sous-fifre (4), 95 % for the Chef (9)."""
    assert p_native(4) == Fraction(1, 2)
    assert p_native(9) == Fraction(206, 216)


def test_rout_test_native_rolls_volonte_15_GAP_CM_23_b() -> None:
    g = _game(morale="native", max_turns=2)
    for fid in ("b:f", "b:g"):  # more than half of b down: b tests at the end of the round
        g.state.cm.figures[fid].dead = True
        g.state.figures[fid].status = "dead"
    for fid in ("a:chef", "a:s", "a:f"):
        g.apply(c.Activate(figure=fid))
        g.apply(c.EndActivation(figure=fid))
    g.apply(c.Activate(figure="b:chef"))
    g.dice.force(1, 1, 2)  # b's Chef: 4 + 9 < 15, routs
    events = g.apply(c.EndActivation(figure="b:chef"))
    test = [r for r in of(events, D6Roll) if r.figure == "b:chef"][0]
    assert (test.need, test.total, test.success) == (15, 13, False)
    assert of(events, Reaction)[0].key == "routs"


def test_every_rank_an_npc_GAP_CM_1_b() -> None:
    g = _game(cem_tiers="all_npc")
    chef = g.state.cm.figures["a:chef"]
    assert not chef.profile.pj_rules and chef.heroism == 0
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:chef"))
    g.dice.force(1, 1, 2, 6, 6, 5)
    choose(g, "no", "none")  # no heroism to offer either side; b's Chef is no PJ either
    assert g.state.pending is None and g.state.tour is None


def test_alternating_hand_GAP_CM_4_b() -> None:
    g = _game(cem_order="alternate")
    g.apply(c.Activate(figure="a:f"))
    g.apply(c.EndActivation(figure="a:f"))
    assert g.to_act == "b" and g.state.hand.holder == "b"
    assert of(g.log, TurnOrder)[-1].holder == "a"
