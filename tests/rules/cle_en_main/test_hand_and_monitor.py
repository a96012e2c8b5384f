"""The hand of §2.c ([CM-ORDER] [CM-ORDER-DISAGREE]; GAP-CM-4, GAP-ALT-8) and the
primes and pénalités of the monitor ([CM-PRIMES] [CM-P-EFFICACITE] [CM-P-PRUDENCE]
[CM-N-DANGER] [CM-N-DIFFICULTE] [CM-N-RISQUE] [CM-P-MULTI]; GAP-CM-12, GAP-CM-29), with
forced dice."""

from __future__ import annotations

from skirmish.rules.cle_en_main.hand import (
    Hand,
    Response,
    next_band,
    response_choices,
    roll_for_the_hand,
    tour_ended,
)
from skirmish.rules.cle_en_main.monitor import Load, after_action, defence_modifiers, pairs
from skirmish.rules.events import Contest, D6Roll
from tests.rules.cle_en_main.helpers import profile, work


def test_hand_goes_to_the_better_reflexes_CM_ORDER_DISAGREE() -> None:
    w = work(3, 3, 3, 6, 5, 1, a=profile("chef"), b=profile("chef"))
    assert roll_for_the_hand(w, {"red": "a", "blue": "b"}) == ["blue", "red"]
    c = w.events[-1]
    assert isinstance(c, Contest) and (c.winner, c.tie_break) == ("b", "total")


def test_equal_reflexes_higher_skill_then_reroll_CM_OPPOSE() -> None:
    w = work(4, 4, 4, 4, 4, 4, a=profile("chef"), b=profile("sous_chef"))
    assert roll_for_the_hand(w, {"red": "a", "blue": "b"}) == ["red", "blue"]  # 20 vs 19
    w = work(4, 4, 4, 4, 4, 4, 1, 1, 2, 6, 6, 5, a=profile("chef"), b=profile("chef"))
    assert roll_for_the_hand(w, {"red": "a", "blue": "b"}) == ["blue", "red"]
    contests = [e for e in w.events if isinstance(e, Contest)]
    assert [c.tie_break for c in contests] == ["draw", "total"]  # both active: rolled again


def test_three_sides_ordered_by_their_results_GAP_ALT_8() -> None:
    w = work(1, 2, 2, 6, 6, 5, 3, 3, 4, a=profile("chef"), b=profile("chef"), c=profile("chef"))
    assert roll_for_the_hand(w, {"x": "a", "y": "b", "z": "c"}) == ["y", "z", "x"]
    assert len([e for e in w.events if isinstance(e, D6Roll)]) == 3


def _left(**bands: list[str]):
    return lambda band: bands.get(band, [])


def test_hand_response_and_return_CM_ORDER_GAP_CM_4() -> None:
    hand = Hand(order=["red", "blue"], holder="red")
    left = _left(red=["r1", "r2"], blue=["b1", "b2"])
    assert next_band(hand, left) == ("red", "hand")
    tour_ended(hand, "hand", "red", {"blue": ["b2"]}, alternate=False)
    assert hand.owed == [Response(band="blue", attacked=("b2",))]
    assert next_band(hand, left) == ("blue", "response")
    assert response_choices(hand, "blue", ["b1", "b2"]) == ["b2"]
    assert response_choices(hand, "blue", ["b1"]) == ["b1"]  # the attacked one cannot act
    tour_ended(hand, "response", "blue", {"red": ["r1"]}, alternate=False)
    assert hand.owed == [] and next_band(hand, left) == ("red", "hand")  # no counter-response


def test_ceding_and_the_rest_of_the_round_CM_ORDER() -> None:
    hand = Hand(order=["red", "blue"], holder="red", ceded_to="blue")
    assert next_band(hand, _left(red=["r1"], blue=["b1"])) == ("blue", "ceded")
    tour_ended(hand, "ceded", "blue", {}, alternate=False)
    assert next_band(hand, _left(red=["r1"], blue=["b1"])) == ("red", "hand")
    assert next_band(hand, _left(blue=["b1"])) == ("blue", "rest")  # the hand is spent
    assert next_band(hand, _left()) is None


def test_alternate_order_GAP_CM_4_b() -> None:
    hand = Hand(order=["red", "blue"], holder="red")
    tour_ended(hand, "hand", "red", {}, alternate=True)
    assert hand.holder == "blue"


def test_primes_and_penalties_change_the_total_CM_PRIMES() -> None:
    load = Load().imposed("difficulte").with_pair("efficacite", "difficulte")
    assert load.modifiers() == {"efficacite": 2, "difficulte": -4}
    risky = Load().imposed("risque", "ally").with_pair("efficacite", "risque")
    assert risky.risks == ("ally", "incident")  # different Risques stack [GAP-CM-12]
    assert Load().imposed("risque", "ally").imposed("risque", "ally").risks == ("ally",)


def test_pairs_offered_CM_P_MULTI() -> None:
    attack = pairs(Load(), attack=True, two_targets=True)
    assert len(attack) == 16 and ("multiple", "legere") in attack
    assert all(p != "multiple" for p, _ in pairs(Load(), attack=True, two_targets=False))
    care = pairs(Load(), attack=False, two_targets=False)
    assert {p for p, _ in care} == {"efficacite", "prudence"}
    assert all(n != "legere" for _, n in care)


def test_prudence_and_danger_wait_for_the_next_defences_CM_P_PRUDENCE_CM_N_DANGER() -> None:
    w = work(f=profile("chef"))
    cf = w.cmf("f")
    after_action(cf, Load(primes=("prudence", "prudence"), penalties=("danger",)))
    assert defence_modifiers(cf) == {"prudence": 2, "danger": -2}
    assert defence_modifiers(cf) == {"prudence": 2}
    assert defence_modifiers(cf) == {}
