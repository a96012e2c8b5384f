"""KART 7 in the window (RULESETS §4.g), played through the seam (chosen on the set-up
screen in ``test_setup_every_ruleset.py``): a figure's card with its hand face up, its pioche as a
count and its five wound holders; a declaration made from the action bar at a ringed
target, its token on the base and its line in the list; the face-or-ignore prompt handed
to the target's player in hot-seat; the cards drawn face up in the tray."""

from __future__ import annotations

import msgspec

from skirmish import rulesets  # noqa: F401 - registers the shipped rulesets
from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.rules.kart7.events import CardDraw, Declared
from skirmish.rules.kart7.panel import shown
from skirmish.sim import play
from tests.app.drive import (
    bar_button,
    click,
    drawn_texts,
    duel,
    on_board,
    press,
    step,
    table_app,
    take_seat,
)
from tests.app.languages import foreign_words, game_names
from tests.app.test_clefs_ui import _texts


def k7_duel():
    return msgspec.structs.replace(duel(), ruleset="kart7")


def _declare_a_shot(app) -> tuple[str, str, str]:  # noqa: ANN001 - App
    """The side to speak selects its Chef and declares a shot at the enemy Chef, by the
    action bar and a click on the ringed target: (shooter, target, its card as it was
    selected)."""
    take_seat(app)
    screen = app.screen
    band = screen.session.to_act
    me = next(f for f in screen.state.figures.values() if f.band == band and f.rank == "chef")
    foe = next(f for f in screen.state.figures.values() if f.band != band and f.rank == "chef")
    click(app, on_board(app, me.pos))
    assert screen.selected == me.id
    step(app)
    card = screen.card.box.html_text
    labels = {i.key: i.label for i in screen.bar.items}
    assert labels["shoot"] == "Shoot" and labels["k7_end_decline"] == "Pass"
    press(app, bar_button(app, "shoot"))
    assert foe.id in screen.tool.targets
    click(app, on_board(app, foe.pos))
    return me.id, foe.id, card


def test_card_hand_pioche_holders_and_a_declaration_token_S16(app_factory) -> None:
    app = table_app(k7_duel())
    me, foe, card = _declare_a_shot(app)
    screen = app.screen
    s = screen.state
    said = [e for e in screen.game.log if isinstance(e, Declared)]
    assert said and (said[-1].figure, said[-1].action) == (me, "shoot")
    panel = screen.game.ruleset.figure_panel(s, me)
    assert panel.marks[0] == "1➹"  # the first declaration of the turn, a shot
    lines = {ln.key: ln.value for ln in panel.lines}
    pioche = s.k7.piles.pioches[me]
    assert lines["pioche"] == f"{len(pioche)}/{s.k7.figures[me].profile.pioche_max} cards"
    assert lines["declared"].startswith("#1 shoots")
    assert "Hand (face up)" in card and "Pioche (face down)" in card and "Wounds" in card
    assert "green — /" in card and "black — /" in card
    hand = s.k7.piles.hands[me]
    assert lines["hand"] == " ".join(shown(c) for c in hand)
    screen.selected = None  # no figure shown: the card's place lists the declarations
    step(app)
    listed = screen.card.box.html_text
    shooter, target = s.figures[me].name, s.figures[foe].name
    assert "Declarations this turn" in listed and f"1➹ {shooter} — #1 shoots {target}" in listed
    assert screen.describer().line(said[-1]) == f"#1 {shooter} shoots {target}"


def test_face_or_ignore_is_handed_to_the_target_and_cards_fill_the_tray_K7_IGNORE(
        app_factory) -> None:
    app = table_app(k7_duel())
    me, foe, _ = _declare_a_shot(app)
    screen = app.screen
    game = screen.game
    for _ in range(12):  # every other figure holds, both sides pass
        take_seat(app)
        if game.state.pending is not None:
            break
        press(app, bar_button(app, "k7_end_decline"))
        step(app)
    pending = game.state.pending
    assert pending is not None and pending.kind == "face" and pending.figure == foe
    assert screen.handoff.open or screen.seat == pending.band
    take_seat(app)
    step(app)
    assert screen.seat == pending.band
    assert set(screen.decision.buttons.values()) == {"face", "ignore"}
    press(app, next(b for b, k in screen.decision.buttons.items() if k == "ignore"))
    step(app, n=3)
    drawn = [e for e in game.log if isinstance(e, CardDraw)]
    assert drawn and any(isinstance(r, CardDraw) for r in screen.tray.rolls)


def test_a_turn_in_french_reads_in_one_language_S16(app_factory, monkeypatch) -> None:
    """In French: the bar, the card, the decision, the tray and the log of a shot
    declared, faced and drawn say no English word."""
    drawn = drawn_texts(monkeypatch)
    app = table_app(k7_duel(), lang="fr", size=(1920, 1080))
    take_seat(app)
    screen = app.screen
    game = screen.game
    band = screen.session.to_act
    me = next(f for f in screen.state.figures.values() if f.band == band and f.rank == "chef")
    foe = next(f for f in screen.state.figures.values() if f.band != band and f.rank == "chef")
    click(app, on_board(app, me.pos))
    step(app)
    seen = [_texts(app)]
    labels = {i.key: i.label for i in screen.bar.items}
    assert labels["shoot"] == "Tirer" and labels["k7_end_decline"] == "Passer"
    press(app, bar_button(app, "shoot"))
    click(app, on_board(app, foe.pos))
    for _ in range(12):
        take_seat(app)
        if game.state.pending is not None:
            break
        press(app, bar_button(app, "k7_end_decline"))
        step(app)
    take_seat(app)
    step(app)
    seen.append(_texts(app))
    press(app, next(b for b, k in screen.decision.buttons.items() if k == "face"))
    for _ in range(10):
        take_seat(app)
        if game.state.pending is not None:
            press(app, next(iter(screen.decision.buttons)))
        step(app, n=3)
    seen.append(_texts(app))
    seen += [text for text, _ in drawn]
    names = game_names(screen)
    english = sorted({w for text in seen for w in foreign_words(text, "fr", names)})
    assert english == []


def test_the_court_circuit_prompt_and_a_court_circuit_from_the_bar_K7_CHOICE(app_factory) -> None:
    """After a declaration the other side is asked whether it court-circuits: the bar's
    line says so, and its Chef shoots first at the declaring figure, one level harder."""
    app = table_app(k7_duel())
    me, foe, _ = _declare_a_shot(app)
    screen = app.screen
    take_seat(app)
    step(app)
    s = screen.state
    assert s.window is not None and s.window.kind == "court_circuit"
    assert screen.session.to_act == s.figures[foe].band
    assert screen.bar.preview_text.startswith("Court-circuit?")
    click(app, on_board(app, s.figures[foe].pos))
    press(app, bar_button(app, "shoot"))
    assert me in screen.tool.targets
    click(app, on_board(app, s.figures[me].pos))
    said = [e for e in screen.game.log if isinstance(e, Declared)]
    assert (said[-1].figure, said[-1].kind, said[-1].of, said[-1].levels) == (
        foe, "court_circuit", 1, 1)


def test_a_rout_test_by_cards_shows_its_card_in_the_morale_panel_GAP_K7_24() -> None:
    """The rout test's draw (under GAP-K7-24) is the roll the morale panel shows for it."""
    from skirmish.app.panels.morale import morale_entries
    from skirmish.rules.events import Reaction

    scn = msgspec.structs.replace(load_scenario(SCENARIOS / "open_field.toml"), ruleset="kart7")
    game = play(scn, 2, levels=("normal", "easy"))
    entries = [m for m in morale_entries(game.log) if m.reaction.rule.startswith("R-END-ROUT")]
    assert entries and all(isinstance(m.reaction, Reaction) for m in entries)
    assert all(len(m.rolls) == 1 and isinstance(m.rolls[0], CardDraw)
               and m.rolls[0].rule == "GAP-K7-24" for m in entries)


def test_levels_and_lethality_are_worded_in_english_with_the_term_in_brackets_K7_DIFFICULTY(
        ) -> None:
    """[K7-DIFFICULTY] [K7-DAMAGE] a draw's level and a weapon's lethality are KART 7's
    terms: the English tray says "Average (Moyenne)", the French one "Moyenne" — never the
    bare French word in an English window."""
    from skirmish.app.describe_k7 import k7_input
    from skirmish.app.i18n import Translator

    en, fr = Translator("en"), Translator("fr")
    assert k7_input(en, None, "level", "Moyenne") == "Average (Moyenne)"
    assert k7_input(en, None, "level", "Très difficile +1") == "Very hard (Très difficile) +1"
    assert k7_input(fr, None, "level", "Moyenne") == "Moyenne"
    assert k7_input(en, None, "lethality", "enorme") == "huge (Énorme)"
    assert k7_input(fr, None, "lethality", "forte") == "Forte"
