"""RULESETS §4.a–§4.b with forced deck orders: the material ([K7-SUPPLIES], [K7-DEAL],
[K7-HAND-DECK-SIZE], the holders [GAP-K7-16]), what a draw is ([K7-PRINCIPLES]), the
markers spent and discarded ([K7-MARKERS]), a hurry ([K7-DURATION]) and the profile with
no speciality, atout or calamité ([GAP-K7-25], [K7-SPECIALTY])."""

from __future__ import annotations

from collections import Counter

import pytest

from skirmish.rules.errors import IllegalCommand
from skirmish.rules.kart7.cards import SUITS, name_of, value_of
from skirmish.rules.kart7.events import MarkersChanged, WoundTaken
from skirmish.rules.kart7.profile import HOLDERS, K7Profile
from tests.rules.build import band, fig
from tests.rules.kart7.helpers import answer, declare, decline, draws, k7_scenario, k7_start, stack


def _duel():
    """Two Chefs in contact with swords (Contact 10, §4.b)."""
    return k7_scenario(band("a", fig("ca", "chef", (10, 10), ["sword"])),
                       band("b", fig("cb", "chef", (11, 10), ["sword"])))


def _strike(game, **kw) -> list:
    """``a:ca`` strikes ``b:cb``, which holds and faces; the events of the resolution."""
    declare(game, "a:ca", "strike", target="b:cb", **kw)
    decline(game, "b")
    decline(game, "b")
    return answer(game, "face")


def test_two_decks_without_jokers_dealt_face_up_and_face_down_K7_SUPPLIES_K7_DEAL() -> None:
    game = k7_start(_duel())
    p = game.state.k7.piles
    every = [*p.general, *p.discard, *(c for h in p.hands.values() for c in h),
             *(c for q in p.pioches.values() for c in q)]
    decks = game.state.k7.options.k7_decks
    assert decks in (2, 3) and sorted(every) == list(range(52 * decks))  # no joker
    assert Counter(value_of(c) for c in every) == {v: 4 * decks for v in range(1, 14)}
    assert Counter(name_of(c)[-1] for c in every) == {s: 13 * decks for s in SUITS}


def test_a_chef_has_three_hand_cards_and_a_pioche_of_seven_K7_HAND_DECK_SIZE() -> None:
    game = k7_start(_duel())
    p, own = game.state.k7.piles, game.state.k7.figures["a:ca"]
    assert (own.profile.hand, own.profile.pioche_max) == (3, 7)
    assert (len(p.hands["a:ca"]), len(p.pioches["a:ca"])) == (3, 7)


def test_five_holders_from_vert_to_noir_are_the_levels_GAP_K7_16_K7_SUPPLIES() -> None:
    assert HOLDERS == ("vert", "bleu", "jaune", "rouge", "noir")
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=("9S",))
    stack(game, "b:cb", pioche=("KH",))
    events = _strike(game)
    wound = next(e for e in events if isinstance(e, WoundTaken))
    # a sword is Moyenne: the third holder
    assert (wound.level, HOLDERS[wound.level]) == (2, "jaune")
    assert game.state.k7.figures["b:cb"].in_holder(2) == 1


@pytest.mark.parametrize(("card", "quality"), [("10H", 10), ("JH", 0), ("3C", 3)])
def test_a_card_at_most_the_skill_succeeds_by_its_value_K7_PRINCIPLES(card: str,
                                                                      quality: int) -> None:
    """Contact 10: a card ≤ 10 succeeds, its value the quality; a card above fails."""
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=(card,))
    stack(game, "b:cb", pioche=("KH",))
    main = draws(_strike(game), "K7-MAIN")[0]
    assert (main.draw_need.threshold, main.retained if quality else None, main.quality) == (
        10, card if quality else None, quality)


def test_a_bonus_marker_spent_makes_the_draw_one_level_easier_K7_MARKERS() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    game.state.k7.figures["a:ca"].bonus = 2
    stack(game, "a:ca", pioche=("KH",), general=("9S",))
    stack(game, "b:cb", pioche=("KC",))
    events = _strike(game, spend=1)
    main = draws(events, "K7-MAIN")[0]
    assert (main.level, main.draw_need.cards, main.draw_need.rule) == (-1, 2, "any")
    assert main.draw_need.threshold == 11  # Contact 10 + the marker kept
    assert main.inputs["spent"] == 1 and main.quality == 9
    spent = next(e for e in events if isinstance(e, MarkersChanged) and e.reason == "spent")
    assert (spent.figure, spent.bonus, spent.malus) == ("a:ca", -1, 0)
    assert game.state.k7.figures["a:ca"].bonus == 1


def test_a_malus_marker_discarded_makes_the_draw_one_level_harder_K7_MARKERS() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    game.state.k7.figures["a:ca"].malus = 1
    stack(game, "a:ca", pioche=("4H",), general=("9S",))
    stack(game, "b:cb", pioche=("KC",))
    events = _strike(game, discard=1)
    main = draws(events, "K7-MAIN")[0]
    assert (main.level, main.draw_need.cards, main.draw_need.rule) == (1, 2, "all")
    assert main.inputs["discarded"] == 1 and main.quality == 4  # the lower of the two
    assert game.state.k7.figures["a:ca"].malus == 0


def test_a_hurry_makes_the_action_one_level_harder_and_needs_a_move_K7_DURATION() -> None:
    apart = k7_scenario(band("a", fig("ca", "chef", (10, 10), ["sword"])),
                        band("b", fig("cb", "chef", (24, 10), ["sword"])))
    game = k7_start(apart, first="a", hands=False)
    stack(game, "a:ca", pioche=("4H",), general=("9S",))
    stack(game, "b:cb", pioche=("KC",))
    main = draws(_strike(game, hurry=True, to=(23.0, 10.0)), "K7-MAIN")[0]
    assert (main.level, main.inputs["hurry"], main.draw_need.rule) == (1, 1, "all")
    game = k7_start(apart, first="a", hands=False)  # a hurry is a move made farther
    with pytest.raises(IllegalCommand) as refused:
        declare(game, "a:ca", "strike", target="b:cb", hurry=True)
    assert refused.value.rule == "K7-DURATION"


def test_no_speciality_atout_or_calamity_by_default_GAP_K7_25_K7_SPECIALTY() -> None:
    """The profile holds none, so every draw is made on the bare skill (Contact 10 of a
    Chef, §4.b), with no +4 and no trait number."""
    assert not {"specialities", "atouts", "calamites"} & set(K7Profile.__struct_fields__)
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=("9S",))
    stack(game, "b:cb", pioche=("KH",))
    main = draws(_strike(game), "K7-MAIN")[0]
    assert main.draw_need.threshold == game.state.k7.figures["a:ca"].profile.contact == 10
