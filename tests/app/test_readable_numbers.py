"""What the battle window writes stays readable in both languages and at both sizes: French
decimals take a comma, weapon buttons hold their words, the bottom line breaks between its
parts. The engine's own data (log, replay) is the same whatever the window's language."""

from __future__ import annotations

import re

import msgspec
import pygame
import pytest

from skirmish.ai.player import Plan
from skirmish.app.i18n import decimal
from skirmish.app.panels.bars import PART, hover_lines
from skirmish.content.scenario import Scenario
from tests.app.drive import (
    activate_first,
    click,
    duel,
    hover_first_target,
    key,
    motion,
    on_board,
    step,
    table_app,
)

SIZES = [(1280, 720), (1920, 1080)]
#: A decimal written with a point: "17.5".
POINT = re.compile(r"\d\.\d")


def _shoot_at_first(app) -> str:
    activate_first(app, rank="chef")
    return hover_first_target(app, pygame.K_s)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_shot_preview_writes_the_distance_as_the_language_does_R_SHOOT_RANGE(lang):
    """"17.5 pas" in English, "17,5 pas" in French: the readout under the buttons (the
    number never parted from its unit), the bottom line and the label on the line of sight
    (R-SHOOT-RANGE: the distance picks the range band)."""
    app = table_app(duel(), lang=lang)
    screen = app.screen
    info = _shoot_at_first(app)
    number = decimal(lang, screen.tool.preview.distance, 1)
    shown = f"{number}\u00a0pas"  # kept on one line with its unit
    assert shown in info, info
    assert ("," in shown) == (lang == "fr")
    step(app, n=2)
    assert shown in screen.bar.preview_text
    assert shown in PART.join(line for line, _ in screen.painter.hover_drawn)
    assert any(f"{number} pas" in words for _, words in screen.painter.labels.placed)
    if lang == "fr":
        assert not POINT.search(info), info


def test_the_french_journal_and_walk_readout_take_a_comma_R_ACT_WALK():
    """A walk's readout ("Trajet 1,4 pas, coûte 1,4 sur 9 pas"), its line in the journal
    ("… 1,4 pas de mouvement") and a computer's plan to move ("(18,0 ; 0,9)": French
    parts the two decimals with a semicolon) are said with French decimals."""
    app = table_app(duel(), lang="fr")
    screen = app.screen
    fid = activate_first(app, rank="chef")
    me = screen.state.figures[fid]
    key(app, pygame.K_w)
    to = on_board(app, (me.pos[0] + 1.4, me.pos[1] + 0.3))
    motion(app, to)
    readout = screen.tool.info
    assert re.search(r"Trajet \d+,\d pas, coûte \d+,\d sur \d+ pas", readout), readout
    click(app, to)
    step(app, n=2)
    moved = [x for x in screen.log.lines if isinstance(x, str) and "pas de mouvement" in x]
    assert moved and all(re.search(r"\d+,\d pas de mouvement", x) for x in moved), moved
    plan = Plan(band=me.band, figure=fid, text=f"{me.name} moves to (18.0, 0.9)", key="ai.plan_move",
                params={"figure": me.name, "x": 18.0, "y": 0.9})
    assert screen.describer().line(plan) == f"▶ {me.name} se déplace en (18,0\u00a0; 0,9)"


def test_the_engine_writes_the_same_game_whatever_the_windows_language_R_ACT_WALK():
    """The comma is the window's: the same walk played in an English and a French window
    leaves the same events and the same replay, byte for byte, with their points."""
    games = []
    for lang in ("en", "fr"):
        app = table_app(duel(), lang=lang)
        screen = app.screen
        fid = activate_first(app, rank="chef")
        me = screen.state.figures[fid]
        key(app, pygame.K_w)
        click(app, on_board(app, (me.pos[0] + 1.4, me.pos[1] + 0.3)))
        step(app, n=2)
        assert len(screen.game.commands) >= 2  # activated, then walked
        games.append((msgspec.json.encode(screen.game.log),
                      msgspec.json.encode(screen.session.recorded())))
    assert games[0] == games[1]
    assert POINT.search(games[1][0].decode())  # the engine's numbers keep their point


def _armoury() -> Scenario:
    """Both Chefs carry the weapons with the longest names and two whose names differ
    only by their note in brackets."""
    base = duel()
    kit = ("pistol", "grenade_launcher_fast", "grenade_launcher_slow", "cannon", "sword")
    bands = []
    for entry in base.bands:
        chef, *rest = entry.warband.figures
        armed = msgspec.structs.replace(chef, weapons=kit)
        band = msgspec.structs.replace(entry.warband, figures=(armed, *rest))
        bands.append(msgspec.structs.replace(entry, warband=band))
    return msgspec.structs.replace(base, bands=tuple(bands))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_weapon_buttons_hold_their_words_R_TURN_PA(lang, size):
    """The weapon buttons under Shoot were cut mid-word at 1280×720 ("• Pistolet
    (moderne, 1er gratuit) (1…"): each now says its weapon and PA (R-TURN-PA) whole,
    "• Pistolet · 1 PA"; a note that tells two weapons apart stays; the full name and
    profile are the tooltip. A Chef with five weapons keeps every button above the
    box below them (the weapons sit two to a row when the column is full)."""
    app = table_app(_armoury(), lang=lang, size=size)
    screen = app.screen
    activate_first(app, rank="chef")
    key(app, pygame.K_s)
    font = screen.bar._font()
    weapons = {item.key: (b, item) for b, item in screen.bar.buttons.items()
               if item.key.startswith("weapon:")}
    assert len(weapons) == 4
    pistol = {"en": "• Pistol · 1 PA", "fr": "• Pistolet · 1 PA"}[lang]
    assert weapons["weapon:pistol"][0].text == pistol
    fast = {"en": "Grenade launcher (fast)", "fr": "Lance-grenade (rapide)"}[lang]
    assert weapons["weapon:grenade_launcher_fast"][0].text.startswith(f"• {fast} · ")
    assert weapons["weapon:cannon"][0].text.startswith({"en": "• Black-powder cannon · ",
                                                         "fr": "• Canon · "}[lang])
    for b, item in screen.bar.buttons.items():
        assert "…" not in b.text and b.text == item.label, b.text
        assert font.size(b.text)[0] <= b.rect.w - 8, (b.text, b.rect)
        # five weapons and Undo still sit above the box under the buttons
        assert b.rect.bottom <= screen.bar.preview.rect.y, (b.text, b.rect)
    full = {"en": "Pistol (modern, first one free) (6/12/18, F 3, 1 PA)",
            "fr": "Pistolet (moderne, 1er gratuit) (6/12/18, F 3, 1 PA)"}[lang]
    assert weapons["weapon:pistol"][1].tip == full


def _renamed(scenario: Scenario, name: str) -> Scenario:
    """Every figure called ``name`` and its number: the names of a real band are longer
    than the duel's "Ann"."""
    bands = []
    for entry in scenario.bands:
        figures = tuple(msgspec.structs.replace(f, name=f"{name} {i}")
                        for i, f in enumerate(entry.warband.figures, start=1))
        band = msgspec.structs.replace(entry.warband, figures=figures)
        bands.append(msgspec.structs.replace(entry, warband=band))
    return msgspec.structs.replace(scenario, bands=tuple(bands))


@pytest.mark.parametrize("size", SIZES)
def test_the_french_bottom_line_breaks_between_its_parts_R_SHOOT_HIT(size):
    """The hover line of a shot (to hit, R-SHOOT-HIT, damage and odds) wrapped inside a
    part at 1280×720 ("hors de / combat 0 %"). Now it is one line if it fits, else two
    lines broken between its " · " parts, each inside the bar."""
    app = table_app(_renamed(duel(), "Grotsnik le Borgne"), lang="fr", size=size)
    screen = app.screen
    activate_first(app, rank="sous_fifre")  # CT 4+ at long range: "(CT 4+, portée +1)"
    info = hover_first_target(app, pygame.K_s)
    assert "portée longue" in info and "hors de combat" in info, info
    step(app, n=2)
    drawn = screen.painter.hover_drawn
    lines = [line for line, _ in drawn]
    assert 1 <= len(lines) <= 2 and PART.join(lines) == info, lines
    parts = info.split(PART)
    for line, rect in drawn:
        assert set(line.split(PART)) <= set(parts), line  # whole parts only
        assert screen.bottom_rect.contains(rect), (line, rect, screen.bottom_rect)
    if size == (1280, 720):
        assert len(lines) == 2  # this French readout is longer than the bar


def test_hover_lines_even_out_two_lines_and_end_a_third_with_an_ellipsis():
    """Two lines as even as the parts allow; past two, the second ends in "…" at a word."""
    app = table_app(duel(), lang="fr")
    text = app.text
    words = PART.join(f"partie numéro {i}" for i in range(12))
    width = text.font(12).size(words)[0] * 6 // 10
    a, b = hover_lines(text, words, width)
    assert PART.join([a, b]) == words
    assert abs(text.font(12).size(a)[0] - text.font(12).size(b)[0]) < width // 3
    long = PART.join([words, words, words])
    lines = hover_lines(text, long, width)
    assert len(lines) == 2 and lines[1].endswith("…")
    assert all(text.font(12).size(x)[0] <= width for x in lines)
    assert long.startswith(lines[0]) and lines[1][:-1].split()[-1] in long.split()


def test_a_french_decimal_still_agrees_with_its_words():
    """"1,5 pas" is singular in French (below 2) once written with its comma, as "1.5"
    was; the comma is only the window's: English numbers are left as they are."""
    from skirmish.app.i18n import Translator, localised
    from skirmish.plural import singular

    assert singular("fr", "1,5") and not singular("fr", "2,5")
    assert localised("fr", {"d": 3.25, "s": "3.4", "n": 2, "name": "Tam 2.0 bis"}) == \
        {"d": "3,25", "s": "3,4", "n": 2, "name": "Tam 2.0 bis"}
    assert localised("en", {"d": 3.25}) == {"d": 3.25}
    assert Translator("fr").point((23.0, 30.74)) == "23,0\u00a0; 30,7"
