"""Every abbreviation on screen has its words on hover: under Les
Clefs de l'Aube, "Dom = °R + BD 18 − ND 15 − BE 0", "window 15 < d ≤ 24", "Ph / Me / My"
and "PF (Ph) 0/13" stood unexplained. Pointing at the action preview, the figure card or
the dice tray lists each abbreviation in them with its words, in the window's language;
the same words make the glossary a rules reference can show."""

from __future__ import annotations

import msgspec
import pygame
import pytest

from skirmish.app.abbreviations import ABBREVIATIONS, glossary
from tests.app.drive import activate_first, duel, key, motion, on_board, step, table_app


def ca_shot(lang: str):  # noqa: ANN201 - App
    app = table_app(msgspec.structs.replace(duel(), ruleset="clefs_aube"), lang=lang)
    screen = app.screen
    fid = activate_first(app, rank="chef")
    enemy = next(f for f in screen.state.figures.values()
                 if f.band != screen.state.figures[fid].band and f.rank == "chef")
    key(app, pygame.K_s)
    motion(app, on_board(app, enemy.pos))
    step(app)
    return app


@pytest.mark.parametrize(("lang", "dom"), [("en", "Dom — damage level (dommages)"),
                                           ("fr", "Dom — niveau de dommages")])
def test_the_shot_preview_explains_its_abbreviations_CA_DMG(lang, dom) -> None:
    app = ca_shot(lang)
    screen = app.screen
    assert "Dom = °R + BD" in screen.bar.preview_text, screen.bar.preview_text
    motion(app, screen.bar.preview.rect.center)
    step(app)
    words = screen.painter.glossary
    assert dom in words, words
    for abbr in ("°R", "BD", "ND", "BE", "d"):
        assert any(w.startswith(f"{abbr} — ") for w in words), (abbr, words)


def test_the_card_explains_the_aspects_and_fatigue_CA_FATIGUE() -> None:
    app = ca_shot("en")
    screen = app.screen
    motion(app, screen.card.box.rect.center)
    step(app)
    words = screen.painter.glossary
    for abbr in ("Ph", "Me", "My", "PF", "TA", "TP", "Esq", "Enc", "PA", "Cd"):
        assert any(w.startswith(f"{abbr} — ") for w in words), (abbr, words)


def test_every_abbreviation_has_words_in_both_languages() -> None:
    app = table_app(duel())
    for lang in ("en", "fr"):
        app.t.lang = lang
        words = dict(glossary(app.t))
        assert set(words) == set(ABBREVIATIONS)
        assert all(v and not v.startswith("glossary.") for v in words.values()), words


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_reference_glossary_lists_every_abbreviation_CA_DMG(lang) -> None:
    """The rules reference's glossary page explains each abbreviation a hover explains:
    the Clefs de l'Aube's (Dom, °R, Ph, PF, MD…) as well as Skirmish's (Mvt, Cd…)."""
    from skirmish.app import routes
    from tests.app.test_rules_reference import open_page

    app = table_app(duel(), lang=lang)
    app.open(routes.Rules())
    step(app)
    open_page(app, app.t("rules.glossary"))
    html = app.screen.box.html_text
    for abbr, _ in glossary(app.t):
        assert f"<b>{abbr}</b>" in html, abbr
    assert f"<b>Dom</b> — {app.t('glossary.Dom')}" in html
    assert html.count("<b>Mvt</b>") == 1
