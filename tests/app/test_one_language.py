"""One language at a time: in English, the tests' names, the range
rings and Les Clefs de l'Aube's options and manoeuvres were French ("Apercevoir
l'ennemi" beside "Spot test", PC/PM/PL, "Facteur d'attaque", MD/MP/MA); in French,
victory points were "VP" and the results offered to "Sauver le replay". A rule term may
keep its French name in brackets in English; every other word follows the window."""

from __future__ import annotations

from html import unescape

import pygame
from pygame_gui.elements import UILabel

from skirmish.app.screens.setup import SetupScreen
from tests.app.drive import activate_first, duel, key, make_app, motion, on_board, press, step, table_app
from tests.app.languages import foreign_words, game_names
from tests.app.spots import walk_into_spot
from tests.app.test_clefs_language import _chefs, _contact_app
from tests.app.test_table_look import to_battle
from tests.app.test_three_band_results import played_in


def test_english_morale_panel_names_the_spot_test_in_english_R_MORALE_SPOT() -> None:
    app = walk_into_spot(lang="en")
    screen = app.screen
    assert screen.morale.open
    step(app, n=2)
    html = unescape(screen.morale.html(screen.morale.queue[0], screen.describer()))
    assert "Spot test (Apercevoir l'ennemi)" in html, html
    assert foreign_words(html, "en", game_names(screen)) == [], html


def test_english_range_rings_say_short_medium_long_R_SHOOT_RANGE() -> None:
    app = table_app(duel())
    fid = activate_first(app, rank="chef")
    key(app, pygame.K_s)
    motion(app, on_board(app, app.screen.state.figures[fid].pos))
    step(app, n=2)
    shown = [w for _, w in app.screen.painter.labels.placed if w]
    assert {"short 6", "medium 12", "long 18"} <= set(shown), shown
    assert not [w for w in shown if foreign_words(w, "en")], shown


def test_clefs_options_and_manoeuvres_in_english_GAP_CA_4_CA_SURCLASSEMENT() -> None:
    app = table_app(duel())
    app.go(lambda: SetupScreen(app))
    step(app)
    screen = app.screen
    while screen.ruleset != "clefs_aube":
        press(app, screen.ruleset_button)
    step(app)
    labels = [str(e.text) for e in app.manager.get_root_container().elements
              if isinstance(e, UILabel)]
    assert any(x.startswith("Attack factor (TP, Esq)") for x in labels), labels
    assert [x for x in labels if foreign_words(x, "en")] == []
    app = _contact_app("en", "surclassement")
    fid, ann = _chefs(app)
    key(app, pygame.K_f)
    motion(app, on_board(app, app.screen.state.figures[ann].pos))
    assert foreign_words(app.screen.tool.info, "en") == [], app.screen.tool.info


def test_french_objectives_count_points_de_victoire_R_VP() -> None:
    app = make_app(scenario="scenarios/ten_v_ten.toml", lang="fr")
    to_battle(app)
    step(app, n=2)
    shown = [w for _, w in app.screen.painter.labels.placed if w.startswith("⚑")]
    assert shown and all("points de victoire" in w and "VP" not in w for w in shown), shown


def test_french_results_save_the_game_in_french_GAP_13() -> None:
    app = played_in("fr")
    assert app.screen.save.text == "Enregistrer la partie"
    labels = [str(e.text) for e in app.manager.get_root_container().elements
              if hasattr(e, "text")]
    assert [x for x in labels if foreign_words(x, "fr", game_names(app.screen))] == [], labels


def test_english_dice_tray_and_log_name_the_spot_test_in_english_R_MORALE_SPOT() -> None:
    """The tray and the log said "[R-MORALE-SPOT] Apercevoir l'ennemi — Dan → Ann": the
    rules name their tests in French in a roll's label; the window says them as the
    morale panel does, "Spot test (Apercevoir l'ennemi)"."""
    app = walk_into_spot(lang="en")
    screen = app.screen
    step(app, n=2)
    spot = [line for line in screen.log_lines if "[R-MORALE-SPOT]" in line]
    assert spot and all("Spot test (Apercevoir l'ennemi)" in line for line in spot), spot
    tray = [" ".join([*head, inputs, outcome]) for _, head, inputs, outcome in screen.tray.lines]
    names = game_names(screen)
    assert [x for x in spot + tray if foreign_words(x, "en", names)] == [], spot + tray
