"""RULESETS §4.c, the KART 7 turn with forced deck orders: the first speaker and its
rotation ([K7-SPEAK-ORDER], [GAP-K7-27]), declarations side by side ([K7-CHOICE],
[GAP-K7-5], [GAP-K7-6]), court-circuits and their answers, the resolution order
([K7-RES-ORDER], [K7-TURN-SUMMARY]) and the end of the turn."""

from __future__ import annotations

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import DecisionNeeded, Moved, TurnStarted
from skirmish.rules.kart7.events import (
    Declared,
    FirstSpeaker,
    LapsedAction,
    StandingChanged,
    WoundTaken,
)
from tests.rules.build import band, fig
from tests.rules.kart7.helpers import (
    answer,
    declare,
    decline,
    draws,
    k7_scenario,
    k7_start,
    stack,
)


def _duel(**options):
    """Two Chefs in contact with swords; a Sous-fifre each, apart."""
    return k7_scenario(
        band("a", fig("ca", "chef", (10, 10), ["sword"]), fig("fa", "sous_fifre", (10, 20),
                                                             ["bow"])),
        band("b", fig("cb", "chef", (11, 10), ["sword"]), fig("fb", "sous_fifre", (22, 14),
                                                             ["pistol"])),
        **options)


def test_first_speaker_by_high_card_then_rotating_K7_SPEAK_ORDER_GAP_K7_27() -> None:
    game = k7_start(_duel())
    first = [e for e in game.log if isinstance(e, FirstSpeaker)][0]
    cards = draws(game.log, "K7-SPEAK-ORDER")
    assert len(cards) >= 2
    best = max(cards[-2:], key=lambda d: d.quality)
    assert first.band == best.inputs["band"]
    assert game.to_act == first.band
    other = "b" if first.band == "a" else "a"
    decline(game, first.band)
    decline(game, other)
    assert game.state.turn == 2
    second = [e for e in game.log if isinstance(e, FirstSpeaker)][-1]
    assert second.band == other and second.order == (other, first.band)


def test_sides_alternate_figure_by_figure_GAP_K7_5() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    declare(game, "a:fa", "aim", weapon="bow")
    assert game.state.window is not None and game.to_act == "b"  # a court-circuit?
    decline(game, "b")  # no
    assert game.to_act == "b"
    declare(game, "b:fb", "hold")
    assert game.to_act == "a"
    with pytest.raises(IllegalCommand, match="not of the side"):
        declare(game, "b:cb", "hold")


def test_a_declining_side_holds_the_rest_GAP_K7_5() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    decline(game, "a")
    assert game.to_act == "b"
    declare(game, "b:fb", "hold")
    assert game.to_act == "b"  # side a has passed: b goes on alone


def test_a_strike_faced_and_won_deals_damage_K7_MAIN_K7_DAMAGE_K7_KO_OK() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=("9S",))
    stack(game, "b:cb", pioche=("5H", "3C"))
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")  # no court-circuit
    decline(game, "b")  # b's figures hold
    events = decline(game, "a")  # a's other figure holds: the resolution starts
    asked = [e for e in events if isinstance(e, DecisionNeeded)]
    assert asked[-1].kind == "face" and game.to_act == "b"
    events = answer(game, "face")
    main = draws(events, "K7-MAIN")[0]
    assert (main.figure, main.retained, main.quality, main.cards[0].source) == (
        "a:ca", "9S", 9, "pioche")
    face = draws(events, "GAP-K7-9")[0]
    assert (face.figure, face.retained, face.draw_need.threshold) == ("b:cb", "5H", 10)
    wound = next(e for e in events if isinstance(e, WoundTaken))
    # sword: Moyenne, bonus 0; Pique +3: v = 12 > KO 9
    assert (wound.value, wound.suit_bonus, wound.level, wound.reading) == (12, 3, 2, "ko")
    assert StandingChanged(rule="K7-KO-OK", figure="b:cb", standing="ko", by="a:ca") in events
    cb = game.state.figures["b:cb"]
    assert (cb.status, cb.downed_by) == ("out_of_action", "a:ca")
    assert game.state.k7.figures["b:cb"].wounds[0].malus == 12  # 3 ≤ Carrure, below v


def test_ignoring_makes_the_attack_one_level_easier_K7_IGNORE() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=("QS",), general=("4H",))
    stack(game, "b:cb", pioche=("2C",))
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    events = answer(game, "ignore")
    main = draws(events, "K7-MAIN")[0]
    assert main.draw_need.cards == 2 and main.draw_need.rule == "any"  # Facile
    assert main.inputs["ignored"] == 1 and main.quality == 4
    assert not draws(events, "GAP-K7-9")


def test_winning_defender_strikes_back_in_melee_GAP_K7_10() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=("3H", "AS"))
    stack(game, "b:cb", pioche=("8H",))
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    events = answer(game, "face")
    wound = next(e for e in events if isinstance(e, WoundTaken))
    assert (wound.figure, wound.by, wound.value, wound.reading) == ("a:ca", "b:cb", 8,
                                                                    "malus")


def test_both_failing_a_malus_marker_each_K7_OUTCOME() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=("KH",))
    stack(game, "b:cb", pioche=("QH",))
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    answer(game, "face")
    k7 = game.state.k7.figures
    assert (k7["a:ca"].malus, k7["b:cb"].malus) == (1, 1)
    assert not any(isinstance(e, WoundTaken) for e in game.log)


def test_equal_qualities_broken_by_general_cards_GAP_K7_21() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=("7H",), general=("5C", "5D", "2S", "9C"))
    stack(game, "b:cb", pioche=("7C",))
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    events = answer(game, "face")
    ties = draws(events, "GAP-K7-21")
    assert [d.quality for d in ties] == [5, 5, 2, 9]
    wound = next(e for e in events if isinstance(e, WoundTaken))
    assert wound.figure == "a:ca" and wound.card == "7C"


def test_hand_card_in_place_of_a_failing_card_K7_SOURCES_S8() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=("KH",), hand=("6S", "QD", "2C"))
    stack(game, "b:cb", pioche=("4H",))
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    events = answer(game, "face")
    asked = [e for e in events if isinstance(e, DecisionNeeded)][-1]
    assert asked.kind == "hand" and game.to_act == "a"
    options = [o.key for o in game.state.pending.options]
    assert len(options) == 3  # 6S, 2C or keep: the Queen would fail too
    six = next(o.key for o in game.state.pending.options if o.label == "6S")
    events = answer(game, six)
    replaced = [e for e in events if type(e).__name__ == "CardReplaced"][0]
    assert (replaced.removed, replaced.card.card, replaced.quality) == ("KH", "6S", 6)
    assert replaced.replaces == draws(game.log, "K7-MAIN")[-1].number
    assert len(game.state.k7.piles.hands["a:ca"]) == 2  # the Six was played
    wound = next(e for e in events if isinstance(e, WoundTaken))
    assert wound.figure == "b:cb" and wound.card == "6S"


def test_court_circuit_resolves_first_one_level_harder_K7_CHOICE_K7_RES_ORDER() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:fa", pioche=("5H",))
    stack(game, "b:cb", pioche=("6H",), general=("3C",))
    stack(game, "a:ca", pioche=("2H",))
    declare(game, "a:fa", "aim", weapon="bow")
    assert game.state.window is not None and game.to_act == "b"
    declare(game, "b:cb", "strike", target="a:ca", kind="court_circuit", of=1)
    assert game.state.window.kind == "reply" and game.to_act == "a"
    decline(game, "a")  # fa keeps its declaration
    decline(game, "b")
    decline(game, "a")
    answer(game, "face")
    order = [e.figure for e in draws(game.log) if e.rule in ("K7-MAIN", "K7-MANOEUVRES")]
    assert order == ["b:cb", "a:fa"]  # the court-circuit before the action it contradicts
    cc = draws(game.log, "K7-MAIN")[0]
    assert cc.level == 1 and cc.draw_need.cards == 2 and cc.inputs["court_circuit"] == 1


def test_diamond_cancels_the_court_circuit_level_GAP_K7_28() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "b:cb", pioche=("6D",))
    stack(game, "a:ca", pioche=("2H",))
    declare(game, "a:fa", "aim", weapon="bow")
    declare(game, "b:cb", "strike", target="a:ca", kind="court_circuit", of=1)
    decline(game, "a")
    decline(game, "b")
    decline(game, "a")
    answer(game, "face")
    cc = draws(game.log, "K7-MAIN")[0]
    assert cc.level == 0 and len(cc.cards) == 1 and cc.inputs["carreau"] == 1


def test_redeclaring_after_a_court_circuit_K7_CHOICE() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    declare(game, "a:fa", "aim", weapon="bow")
    declare(game, "b:fb", "shoot", target="a:fa", weapon="pistol", kind="court_circuit", of=1)
    events = declare(game, "a:fa", "shoot", target="b:fb", weapon="bow")
    new = next(e for e in events if isinstance(e, Declared))
    assert (new.number, new.action, new.kind) == (3, "shoot", "main")
    assert game.state.declaration(1).status == "replaced"
    assert game.to_act == "b"  # the speaking order goes on


def test_court_circuit_back_resolves_before_two_levels_harder_K7_CHOICE() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:fa", pioche=("3H",), general=("2C", "4C", "9C"))
    declare(game, "a:fa", "aim", weapon="bow")
    declare(game, "b:fb", "shoot", target="a:fa", weapon="pistol", kind="court_circuit", of=1)
    declare(game, "a:fa", "shoot", target="b:fb", weapon="bow", kind="court_circuit", of=2)
    assert game.state.declaration(3).back and game.state.declaration(3).levels == 2
    decline(game, "b")
    decline(game, "a")
    while game.state.pending is not None:
        answer(game, "ignore" if game.state.pending.kind == "face" else "keep")
    first = draws(game.log, "K7-MAIN")[0]
    assert first.figure == "a:fa" and first.inputs["court_circuit"] == 2


def test_a_ko_figures_declaration_lapses_K7_RES_ORDER() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    stack(game, "a:ca", pioche=("9S",))
    stack(game, "b:cb", pioche=("5H", "3C"))
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    declare(game, "b:cb", "strike", target="a:ca")
    decline(game, "a")  # no court-circuit
    decline(game, "a")
    decline(game, "b")
    answer(game, "face")
    lapsed = [e for e in game.log if isinstance(e, LapsedAction)]
    assert [(e.figure, e.key) for e in lapsed] == [("b:cb", "k7_lapse_down")]


def test_moves_within_the_allowance_GAP_K7_7() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    with pytest.raises(IllegalCommand, match="needs"):
        declare(game, "a:fa", "aim", to=(10, 20 - 7.0))  # Rapidité 4 + 2 = 6 pas
    with pytest.raises(IllegalCommand, match="engaged"):
        declare(game, "a:ca", "move", to=(10, 5))
    declare(game, "a:fa", "aim", to=(5, 10), hurry=True)  # 11.18 of the 12 pas of a hurry
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    moved = [e for e in game.log if isinstance(e, Moved)]
    assert moved[-1].figure == "a:fa" and moved[-1].cost == pytest.approx(125 ** 0.5, abs=1e-3)
    aim = draws(game.log, "K7-MANOEUVRES")[0]
    assert aim.inputs["hurry"] == 1


def test_turn_ends_and_the_next_begins_K7_TURN_SUMMARY() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    decline(game, "a")
    decline(game, "b")
    assert [e.turn for e in game.log if isinstance(e, TurnStarted)] == [1, 2]
    assert game.state.declarations == []
    assert game.legal_commands()[0] == c.Decline(band=game.to_act)


def test_turn_view_says_who_speaks_the_order_and_the_card_capital_S4_S5() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    view = game.turn_view()
    assert (view.phase, view.turn, view.band) == ("battle", 1, "a")
    assert [(s.band, s.now) for s in view.order] == [("a", True), ("b", False)]
    assert set(view.choose) == {"a:ca", "a:fa"} and view.end == c.Decline(band="a")
    assert view.stage[0].key == "k7_stage_declare"
    declare(game, "a:ca", "strike", target="b:cb")
    assert game.turn_view().stage[0].key == "k7_stage_window"
    decline(game, "b")
    decline(game, "b")
    decline(game, "a")
    view = game.turn_view()  # the resolution waits on b's answer
    assert (view.band, view.figure, view.stage[0].key) == ("b", "a:ca", "k7_stage_resolve")
    assert [p.kind for p in view.pips] == ["card"] * len(game.state.k7.piles.pioches["a:ca"])


def test_action_menu_says_what_may_be_declared_and_why_not_K7_CHOICE() -> None:
    game = k7_start(_duel(), first="a", hands=False)
    menu = {a.kind: a for a in game.ruleset.action_menu(game.state, game.table, game.book,
                                                         game.dice, "a:ca")}
    assert menu["strike"].enabled and menu["hold"].enabled and menu["aim"].enabled
    assert not menu["move"].enabled  # engaged: it leaves only by fleeing
    assert not menu["rest"].enabled and menu["rest"].reason_key == "k7_nothing_to"
    assert not menu["rout"].enabled
