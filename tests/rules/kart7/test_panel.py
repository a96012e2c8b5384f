"""The KART 7 figure as the window shows it (RULESETS §4.g, S16): the hand face up, the
pioche only as a count ([GAP-K7-29]: its order, its cards, are shown to no one), the five
holders with their cards, and the declaration as a token and words."""

from __future__ import annotations

from skirmish.rules.kart7.panel import figure_panel, shown
from tests.rules.build import band, fig
from tests.rules.kart7.helpers import cards, declare, k7_scenario, k7_start, stack


def _duel():
    return k7_scenario(band("a", fig("ca", "chef", (10, 10), ["sword"])),
                       band("b", fig("cb", "chef", (20, 10), ["sword"])))


def test_the_pioche_is_a_count_and_the_hand_is_face_up_GAP_K7_29_K7_DEAL() -> None:
    game = k7_start(_duel())
    stack(game, "a:ca", pioche=("QH", "7C", "2D"), hand=("KS", "5H", "9D"))
    panel = figure_panel(game.state, "a:ca")
    text = " ".join(f"{ln.value} {ln.value_fr}" for ln in panel.lines)
    lines = {ln.key: ln for ln in panel.lines}
    assert lines["hand"].value == "K♠ 5♥ 9♦"
    pioche = game.state.k7.piles.pioches["a:ca"]
    assert lines["pioche"].value == f"{len(pioche)}/7 cards"
    assert lines["pioche"].value_fr == f"{len(pioche)}/7 cartes"
    for card in cards("QH", "7C", "2D"):  # on the pioche's top: named nowhere
        assert shown(card) not in text


def test_holders_and_the_declaration_token_GAP_K7_16_K7_CHOICE() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    declare(game, "a:ca", "move", to=(14.0, 10.0))
    panel = figure_panel(game.state, "a:ca")
    lines = {ln.key: ln for ln in panel.lines}
    assert panel.marks == ("1➜",)
    assert lines["declared"].value == "#1 moves" and lines["declared"].value_fr == "#1 se déplace"
    assert lines["holders"].value.split(" · ")[0] == "green — /4"
    assert lines["holders"].value_fr.split(" · ")[-1] == "noir — /2"
    assert panel.health == (14, 14) and panel.own_card
