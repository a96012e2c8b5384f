"""[CM-SURPRISE] [GAP-CM-11]: a figure the scenario surprises (``surprised = true`` in its
``native.cle_en_main`` block) neither acts nor defends in round 1: it is given no tour de
jeu and cannot interrupt, and an attack on it needs only Combat ≥ 10, with no Défense
thrown; the previews say so exactly. From round 2 it plays as any other."""

from __future__ import annotations

from fractions import Fraction

from skirmish.rules import commands as c
from skirmish.rules.cle_en_main.odds import p_test
from skirmish.rules.events import Contest, D6Roll, DamageSteps, StatusChanged
from tests.rules.build import band, fig
from tests.rules.cle_en_main.helpers import choose, cm_scenario, cm_start, of

A_HAND = (6, 6, 5, 1, 1, 2)
QUIET = {"charge": False, "charged": False, "spot": False, "shot": False}
SURPRISED = {"cle_en_main": {"surprised": True}}


def _ambush(**kw: object):
    """a's Chef in contact with b's Chef, whom the scenario surprises; a holds the hand."""
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"])),
        band("b", fig("chef", "chef", (6.05, 5), ["sword"], native=SURPRISED),
             fig("f", "sous_fifre", (20, 20), ["club"])),
        passive_actions=QUIET, **kw), *A_HAND)


def _answer_all(g) -> list:
    events: list = []
    while (p := g.state.pending) is not None:
        keys = [o.key for o in p.options]
        events += choose(g, "no" if "no" in keys else "none")
    return events


def test_a_surprised_figure_takes_no_tour_and_cannot_interrupt_in_round_1() -> None:
    g = _ambush()
    assert any(isinstance(e, StatusChanged) and e.rule == "CM-SURPRISE"
               and e.figure == "b:chef" for e in g.log)
    assert g.state.cm.figures["b:chef"].acted
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Walk(figure="a:chef", to=(5, 8)))  # declared: only b's Sous-fifre may interrupt
    p = g.state.pending
    assert p is not None and p.kind == "cm_interrupt"
    assert {o.key for o in p.options} == {"no", "b:f"}
    choose(g, "no")
    g.apply(c.EndActivation(figure="a:chef"))
    assert [x for x in g.legal_commands(sample_moves=False) if isinstance(x, c.Activate)] == [
        c.Activate(figure="b:f")]  # b's response or rest: never its surprised Chef


def test_an_attack_on_a_surprised_figure_needs_combat_10_and_no_defence_GAP_CM_11() -> None:
    # 1 + 1 + 2 + Combat 8 = 12 ≥ 10: a hit, where b's Défense 8 would have had a throw
    g = _ambush()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:chef"))
    g.dice.force(1, 1, 2, 3, 3)
    events = _answer_all(g)
    rolls = of(events, D6Roll)
    assert not any(r.figure == "b:chef" for r in rolls) and not of(events, Contest)
    attack = next(r for r in rolls if r.figure == "a:chef")
    assert (attack.total, attack.need, attack.success) == (12, 10, True)
    hit = of(events, DamageSteps)[0]
    assert (hit.figure, hit.weapon_dice) == ("b:chef", (1, 2))
    # all 1s fail whatever the total ([CM-AUTO]): a miss
    g = _ambush()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:chef"))
    g.dice.force(1, 1, 1)
    events = _answer_all(g)
    attack = next(r for r in of(events, D6Roll) if r.figure == "a:chef")
    assert (attack.automatic, attack.need, attack.success) == ("failure", 10, False)
    assert not of(events, DamageSteps)


def test_the_preview_of_an_attack_on_a_surprised_figure_is_combat_against_10_S14() -> None:
    g = _ambush()
    g.apply(c.Activate(figure="a:chef"))
    odds = g.odds(c.Strike(figure="a:chef", target="b:chef"))
    assert Fraction(odds.p_success).limit_denominator(216) == p_test(8, 10) == Fraction(215, 216)


def test_from_round_2_a_surprised_figure_acts_and_defends() -> None:
    g = _ambush(max_turns=3)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.EndActivation(figure="a:chef"))
    g.apply(c.Activate(figure="b:f"))
    g.dice.force(*A_HAND)  # round 2: the hand to a again
    g.apply(c.EndActivation(figure="b:f"))
    assert g.state.turn == 2 and not g.state.cm.figures["b:chef"].acted
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:chef"))
    g.dice.force(3, 3, 3, 3, 3, 3)
    events = _answer_all(g)
    assert any(r.figure == "b:chef" for r in of(events, D6Roll)) and of(events, Contest)


def test_a_native_surprised_that_is_not_true_or_false_is_refused() -> None:
    from skirmish.content.models import Rank
    from skirmish.content.profiles import race_profile
    from skirmish.rules.cle_en_main.options import CemOptions
    from skirmish.rules.cle_en_main.profile import native_problem
    from tests.rules.cle_en_main.helpers import book, spec

    s = spec("chef", ("sword",), native={"surprised": "yes"})
    entry, problem = native_problem(book(), s, race_profile(book(), "none", Rank.CHEF),
                                    CemOptions()) or ("", "")
    assert entry == "surprised" and "bool" in problem


def test_a_surprised_figure_does_not_oppose_for_the_hand_and_an_all_surprised_band_comes_last(
) -> None:
    """§2.c 1: the hand is opposed by each band's highest-ranked figure that can act; b's
    surprised Chef leaves it to b's Sous-fifre; with b's only figure surprised, a holds the
    hand without a throw and b comes last."""
    g = _ambush()
    hand = [r for r in g.log if isinstance(r, D6Roll) and r.rule == "CM-ORDER-DISAGREE"]
    assert [r.figure for r in hand] == ["a:chef", "b:f"]
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"])),
        band("b", fig("chef", "chef", (6.05, 5), ["sword"], native=SURPRISED)),
        passive_actions=QUIET))
    assert not [r for r in g.log if isinstance(r, D6Roll)]
    assert g.state.hand.order == ["a", "b"] and g.state.hand.holder == "a"
