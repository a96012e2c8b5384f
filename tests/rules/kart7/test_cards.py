"""RULESETS §0.5 S3, cards: values and names ([GAP-K7-1]), the seeded shuffle and the deal
([K7-DEAL], [GAP-K7-2], [GAP-K7-3]), the rebuilding of the general deck, refills, and
draws by difficulty ([K7-DRAW], [K7-DIFFICULTY], [GAP-K7-4], [GAP-K7-28]) with forced
deck orders."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.rules.dice import Dice
from skirmish.rules.kart7 import piles as pl
from skirmish.rules.kart7.cards import card_from, deck_of, name_of, suit_of, value_of
from skirmish.rules.kart7.draws import (
    DrawRequest,
    best_replacement,
    cards_for,
    draw,
    judge,
    replace,
    rule_for,
)
from skirmish.rules.kart7.events import CardDraw, CardsDealt, DeckShuffled, PiocheRefilled
from skirmish.rules.kart7.piles import Piles

C = card_from


def test_card_values_A_1_to_K_13_GAP_K7_1() -> None:
    assert [value_of(C(r + "S")) for r in ("A", "2", "10", "J", "Q", "K")] == [1, 2, 10, 11,
                                                                              12, 13]
    assert value_of(C("AH"), ace=14) == 14 and value_of(C("KH"), ace=14) == 13


def test_card_names_and_decks_S3() -> None:
    card = C("QH", deck=3)
    assert (name_of(card), deck_of(card), suit_of(card)) == ("QH", 3, "H")
    assert name_of(C("10D")) == "10D"


def test_three_decks_shuffled_from_the_seed_GAP_K7_2() -> None:
    a, b, c = Piles(), Piles(), Piles()
    ev = pl.set_up(a, 3, Dice(7))
    pl.set_up(b, 3, Dice(7))
    pl.set_up(c, 3, Dice(8))
    assert sorted(a.general) == list(range(156))
    assert a.general == b.general != c.general
    assert ev == [DeckShuffled(rule="GAP-K7-2", reason="setup", cards=156)]


def test_deal_hand_face_up_pioche_face_down_K7_DEAL() -> None:
    p = Piles()
    dice = Dice(1)
    pl.set_up(p, 3, dice)
    top = list(reversed(p.general[-10:]))
    events = pl.deal(p, "a:chef", 3, 7, dice)
    assert p.hands["a:chef"] == top[:3]
    assert p.pioches["a:chef"] == top[3:]
    assert len(p.general) == 146
    dealt = events[-1]
    assert isinstance(dealt, CardsDealt)
    assert dealt.hand == tuple(name_of(c) for c in top[:3]) and dealt.pioche == 7
    # the log names no face-down card (S15, GAP-K7-29)
    assert all(name_of(c) not in msgspec.json.encode(events).decode() for c in top[3:]
               if name_of(c) not in dealt.hand)


def test_empty_general_deck_is_rebuilt_from_the_discard_pile_GAP_K7_2() -> None:
    p = Piles(general=[C("2S")], discard=[C("3S"), C("4S"), C("5S")], pioches={"f": []},
              pioche_gens={"f": []})
    events: list = []
    assert pl.take_general(p, Dice(3), events) == C("2S")
    assert events == []
    card = pl.take_general(p, Dice(3), events)
    assert events == [DeckShuffled(rule="GAP-K7-2", reason="reshuffle", cards=3)]
    assert card in (C("3S"), C("4S"), C("5S")) and len(p.general) == 2 and p.discard == []
    assert p.gen == 1


def test_refill_stops_at_the_maximum_K7_MANOEUVRES() -> None:
    p = Piles(general=[C(f"{r}S") for r in ("2", "3", "4", "5")], pioches={"f": [C("KH")]},
              pioche_gens={"f": [0]})
    events = pl.refill(p, "f", 9, 3, Dice(1), "K7-MANOEUVRES")
    assert p.pioches["f"] == [C("KH"), C("5S"), C("4S")]
    assert events == [PiocheRefilled(rule="K7-MANOEUVRES", figure="f", added=2, pioche=3)]


@pytest.mark.parametrize("level,cards,rule", [
    (-2, 3, "any"), (-1, 2, "any"), (0, 1, "one"), (1, 2, "all"), (2, 3, "all"),
    (3, 4, "all"), (-3, 4, "any"),
])
def test_difficulty_table_K7_DIFFICULTY_GAP_K7_8(level: int, cards: int, rule: str) -> None:
    assert (cards_for(level), rule_for(level)) == (cards, rule)


def test_easy_keeps_the_best_success_hard_the_worst_card_K7_DIFFICULTY() -> None:
    assert judge([9, 3, 12], 8, "any") == 1  # 9 fails; the best success is 3
    assert judge([2, 7, 5], 8, "any") == 1
    assert judge([9, 10, 12], 8, "any") is None
    assert judge([5, 3, 7], 8, "all") == 1  # the worst card gives the quality
    assert judge([5, 9], 8, "all") is None
    assert judge([7, 7], 8, "any", ["H", "S"], prefer="S") == 1  # a tie keeps the suit


def _stacked(pioche: list[str], general: list[str], hand: list[str] = ()) -> Piles:
    """Piles whose next cards are the ones listed, in order (the top last in the lists)."""
    return Piles(general=[C(n) for n in reversed(general)],
                 pioches={"f": [C(n) for n in reversed(pioche)]},
                 pioche_gens={"f": [0] * len(pioche)}, hands={"f": [C(n) for n in hand]})


def _req(level: int, threshold: int = 8, **kw) -> DrawRequest:
    return DrawRequest(figure="f", threshold=threshold, level=level, rule="K7-DRAW", label="t",
                       **kw)


def test_first_card_from_the_pioche_others_from_the_general_deck_K7_DIFFICULTY() -> None:
    p = _stacked(["9S", "2S"], ["KH", "4C", "5C"])
    drawn, events = draw(p, Dice(1), _req(-2), ace=1)
    assert drawn.sources == ["pioche", "general", "general"]
    assert [name_of(c) for c in drawn.cards] == ["9S", "KH", "4C"]
    assert drawn.success and drawn.quality(1) == 4
    ev = events[-1]
    assert isinstance(ev, CardDraw)
    assert (ev.draw_need.cards, ev.draw_need.rule, ev.retained, ev.quality) == (3, "any",
                                                                             "4C", 4)
    assert [c.source for c in ev.cards] == ["pioche", "general", "general"]
    assert [c.success for c in ev.cards] == [False, False, True]
    assert ev.dice == (9, 13, 4) and ev.need == 8 and ev.compare == "<="
    assert p.tray == drawn.cards and p.pioches["f"] == [C("2S")]


def test_hard_needs_every_card_K7_DIFFICULTY() -> None:
    drawn, _ = draw(_stacked(["3S"], ["9H", "2C"]), Dice(1), _req(1), ace=1)
    assert not drawn.success and drawn.quality(1) == 0
    drawn, _ = draw(_stacked(["6S"], ["5H", "2C"]), Dice(1), _req(1), ace=1)
    assert drawn.success and drawn.quality(1) == 5


def test_empty_pioche_general_card_one_level_harder_GAP_K7_4() -> None:
    drawn, events = draw(_stacked([], ["3H", "5C"]), Dice(1), _req(0), ace=1)
    assert drawn.sources == ["general", "general"] and drawn.level == 1
    assert drawn.quality(1) == 3
    assert events[-1].inputs["epuise"] is True


def test_empty_pioche_fails_with_the_option_GAP_K7_4() -> None:
    drawn, events = draw(_stacked([], ["3H"]), Dice(1), _req(0), ace=1, empty="fail")
    assert drawn.cards == [] and not drawn.success and events[-1].success is False


def test_diamond_pioche_card_cancels_the_court_circuit_level_GAP_K7_28() -> None:
    drawn, events = draw(_stacked(["7D"], ["KH", "KS"]), Dice(1), _req(1, carreau=1), ace=1)
    assert drawn.level == 0 and len(drawn.cards) == 1 and drawn.quality(1) == 7
    assert events[-1].inputs["carreau"] == 1
    drawn, _ = draw(_stacked(["7H"], ["KH", "KS"]), Dice(1), _req(1, carreau=1), ace=1)
    assert drawn.level == 1 and len(drawn.cards) == 2 and not drawn.success


def test_ressource_first_card_from_the_hand_GAP_K7_18() -> None:
    p = _stacked(["2S"], ["KH", "QC"], hand=["6H"])
    drawn, _ = draw(p, Dice(1), _req(-2, first="hand", hand_card=C("6H")), ace=1)
    assert drawn.sources == ["hand", "general", "general"] and p.hands["f"] == []
    assert drawn.quality(1) == 6 and p.pioches["f"] == [C("2S")]


def test_hand_card_replaces_a_failing_card_S8_K7_SOURCES() -> None:
    p = _stacked(["JS"], [])
    drawn, _ = draw(p, Dice(1), _req(0), ace=1)
    assert not drawn.success
    removed, ev = replace(drawn, 0, C("5H"), "hand", {"hand": "5H"}, "K7-SOURCES", ace=1)
    assert removed == C("JS") and drawn.success and drawn.quality(1) == 5
    assert (ev.replaces, ev.removed, ev.retained, ev.paid) == (drawn.number, "JS", "5H",
                                                              {"hand": "5H"})


def test_support_card_replaces_the_card_it_helps_most_K7_SUPPORT() -> None:
    drawn, _ = draw(_stacked(["3S"], ["6H"]), Dice(1), _req(1), ace=1)
    assert drawn.quality(1) == 3
    assert best_replacement(drawn, C("8C"), ace=1) == 0  # 3 → 8: the worst becomes 6
    assert best_replacement(drawn, C("2C"), ace=1) is None
