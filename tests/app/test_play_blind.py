"""Playing blind (``--no-odds`` / the pause menu's odds setting) hides every odds figure,
not only the hover previews: the computer's plan banner, its plan lines in the log and F3's
"What would the computer do?" say what it does without its chance; and F3 asked before a
figure is activated names what it would do, not the bare command "Activate"."""

from __future__ import annotations

import re

import pygame
import pytest

from skirmish.app.screens import table_practice as practice
from skirmish.app.tools import Tool
from tests.app.drive import (
    activate_first,
    duel,
    key,
    reds_first,
    step,
    table_app,
    wait_for_plan,
)

PCT = re.compile(r"\d\s?%")


@pytest.fixture(autouse=True)
def _odds_back() -> object:
    yield
    Tool.show_odds = True


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_plan_banner_and_log_hide_the_computers_odds_when_playing_blind(lang: str) -> None:
    app = table_app(duel(passive=True), controllers={"reds": "computer", "blues": "computer"},
                    lang=lang, show_odds=False, step_computer=True)
    screen = app.screen
    wait_for_plan(app)
    words = screen.plan_banner.words
    assert words and not PCT.search(words), words
    names = {f.name for f in screen.state.figures.values()}
    assert any(n in words for n in names), words  # still says who does what
    key(app, pygame.K_SPACE)  # Next: the activation is played and its plan logged
    step(app, n=5)
    plans = [x for x in screen.log_lines if x.startswith("▶")]
    assert plans and not any(PCT.search(x) for x in plans), plans


def test_turning_the_odds_off_mid_game_hides_them_in_the_banner_and_log_at_once() -> None:
    app = table_app(duel(passive=True), controllers={"reds": "computer", "blues": "computer"},
                    step_computer=True)
    screen = app.screen
    wait_for_plan(app)
    assert PCT.search(screen.plan_banner.words)  # odds on: the chance is said
    key(app, pygame.K_SPACE)
    wait_for_plan(app)
    assert any(PCT.search(x) for x in screen.log_lines if x.startswith("▶"))
    practice.toggle_odds(app.screen)
    step(app)
    screen = app.screen
    assert not PCT.search(screen.plan_banner.words), screen.plan_banner.words
    assert not any(PCT.search(x) for x in screen.log_lines if x.startswith("▶"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_f3_hint_hides_the_odds_when_playing_blind(lang: str) -> None:
    app = table_app(duel(passive=True), lang=lang, show_odds=False)
    screen = app.screen
    reds_first(app)
    activate_first(app, rank="chef")
    key(app, pygame.K_F3)
    assert screen.hint is not None
    assert "Ann" in screen.hint[1] and not PCT.search(screen.hint[1]), screen.hint[1]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_f3_before_activating_names_what_the_figure_would_do_not_activate(lang: str) -> None:
    app = table_app(duel(passive=True), lang=lang)
    screen = app.screen
    reds_first(app)
    assert screen.state.active is None
    key(app, pygame.K_F3)
    said = screen.hint[1]
    assert "Activate" not in said, said
    assert any(f.name in said for f in screen.state.figures.values()
               if f.band == "reds"), said


def test_f2_says_the_computers_plan_on_show_in_the_new_language() -> None:
    """The banner kept its English words under a French hint and Next button."""
    app = table_app(duel(passive=True), controllers={"reds": "computer", "blues": "computer"},
                    step_computer=True)
    wait_for_plan(app)
    before = app.screen.plan_banner.words
    assert before.startswith("Blues: ") or before.startswith("Reds: "), before
    key(app, pygame.K_F2)
    step(app)
    after = app.screen.plan_banner.words
    assert app.t.lang == "fr" and after.split(" : ")[0] in ("Blues", "Reds"), after
    assert " charge " in after or " tire " in after or " frappe " in after, after
