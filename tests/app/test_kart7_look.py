"""What looking at KART 7's window at 1280 × 720 in both languages showed wrong, each
fixed (RULESETS §4.g, §0.7): the empty card said figures "can be activated" while they
declare; cards read "2S" and "play 4C" where the table shows "2♠"; a draw's label named
its skill by a bare key ("rapidite"); the card named weapons by their ids ("pistol" in a
French window); a rout test by cards gave a Cd it does not use and called its draw a
roll; the undo item spoke of dice."""

from __future__ import annotations

import msgspec

from skirmish import rulesets  # noqa: F401 - registers the shipped rulesets
from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator
from skirmish.app.panels.morale import MoralePanel, morale_entries
from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.rules.kart7.events import CardDraw
from skirmish.sim import play
from tests.app.drive import click, duel, on_board, step, table_app, take_seat


def k7_duel():
    return msgspec.structs.replace(duel(), ruleset="kart7")


def _played():
    scn = msgspec.structs.replace(load_scenario(SCENARIOS / "open_field.toml"), ruleset="kart7")
    return play(scn, 2, levels=("normal", "easy"))


def test_the_empty_card_says_ringed_figures_declare_K7_TURN(app_factory) -> None:
    for lang, said, not_said in (("en", "Ringed figures may declare now.", "activated"),
                                 ("fr", "Les figurines entourées peuvent déclarer", "activées")):
        app = table_app(k7_duel(), lang=lang)
        take_seat(app)
        step(app)
        text = app.screen.card.box.html_text
        assert said in text and not_said not in text


def test_cards_read_with_their_suits_sign_in_the_log_tray_and_decisions_K7_DRAW() -> None:
    game = _played()
    draw = next(e for e in game.log if isinstance(e, CardDraw) and e.retained is not None)
    for lang in ("en", "fr"):
        d = Describer(game.state, game.book, Translator(lang), game.scenario)
        faces, outcome = d.faces(draw), d.outcome(draw)
        assert not any(c.card in faces.split(" · ") for c in draw.cards if c.card[-1] in "SHCD")
        assert faces.split(" · ")[0][-1] in "♠♥♣♦"
        assert outcome.startswith(draw.retained[:-1] + {"S": "♠", "H": "♥", "C": "♣",
                                                        "D": "♦"}[draw.retained[-1]])
    assert Translator("en").engine("k7_opt_card", {"card": "4C"}, "play 4C") == "play 4♣"
    assert Translator("fr").engine("k7_opt_card", {"card": "10D"}, "play 10D") == "jouer 10♦"


def test_a_draws_label_names_its_skill_and_lethality_as_the_sheet_does_K7_SHEET() -> None:
    game = _played()
    labels = set()
    for lang in ("en", "fr"):
        d = Describer(game.state, game.book, Translator(lang), game.scenario)
        labels |= {d.label(e) for e in game.log if isinstance(e, CardDraw)}
    assert any("(Rapidité)" in x or "(Volonté)" in x or "(Contact)" in x for x in labels)
    bare = ("(rapidite)", "(volonte)", "(contact)", "(distance)", "(poursuite)", "(carrure)",
            "(enorme)", "(forte)", "(faible)", "(nulle)")
    assert not [x for x in labels if any(b in x for b in bare)]


def test_the_card_names_weapons_in_the_windows_language_K7_SHEET(app_factory) -> None:
    app = table_app(k7_duel(), lang="fr")
    take_seat(app)
    screen = app.screen
    ann = next(f for f in screen.state.figures.values() if f.name == "Ann")
    click(app, on_board(app, ann.pos))
    step(app)
    text = screen.card.box.html_text
    d = screen.describer()
    for w in ("pistol", "sword"):  # its name, without the Skirmish notes in brackets
        assert f"{d.weapon(w).split(' (')[0]} L2" in text
    assert "pistol L" not in text and "sword L" not in text


def test_a_rout_test_by_cards_says_volonte_not_cd_and_a_draw_GAP_K7_24() -> None:
    game = _played()
    entry = next(m for m in morale_entries(game.log)
                 if m.rolls and isinstance(m.rolls[0], CardDraw))
    for lang, word in (("en", "Draw:"), ("fr", "Tirage :")):
        html = MoralePanel().html(entry, Describer(game.state, game.book, Translator(lang),
                                                   game.scenario))
        assert "Cd " not in html and word in html and "Volonté" in html


def test_the_undo_item_speaks_of_cards_K7_SOURCES(app_factory) -> None:
    app = table_app(k7_duel())
    take_seat(app)
    step(app)
    labels = {i.key: i.label for i in app.screen.bar.items}
    assert labels["undo"] == "U  Undo (before any card)"


def test_the_tray_and_its_button_speak_of_cards_under_kart7_only_K7_SOURCES(app_factory) -> None:
    """KART 7 draws cards: its tray and the button that opens it say so, in both
    languages; a Skirmish table keeps its dice."""
    for scn, lang, title, button in (
            (k7_duel(), "en", "CARD TRAY", "J Cards & log"),
            (k7_duel(), "fr", "TIRAGES DE CARTES", "J Cartes et journal"),
            (duel(), "en", "DICE TRAY", "J Dice & log")):
        app = table_app(scn, lang=lang)
        screen = app.screen
        assert screen.tray.title == title
        assert button in {b.text for b in screen.top_buttons}


def test_a_shots_measured_distance_reads_in_pas_not_as_the_distance_skill_GAP_K7_8() -> None:
    """[GAP-K7-8] a shot's draw records the distance it was measured at beside the Distance
    skill it is drawn on (both kept in the log): the tray says the one in pas, with the
    window's decimal mark, and the other as the skill."""
    game = _played()
    shot = next(e for e in game.log if isinstance(e, CardDraw) and "range_band" in e.inputs)
    for lang, mark in (("en", "."), ("fr", ",")):
        said = Describer(game.state, game.book, Translator(lang), game.scenario).inputs(shot)
        measured = f"{shot.inputs['range']:.1f}".replace(".", mark)
        assert f"{measured} pas" in said and f"Distance {shot.inputs['distance']}" in said
        assert isinstance(shot.inputs["distance"], int)
