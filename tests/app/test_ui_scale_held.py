"""The UI scale setting (Ctrl + / −, ``play --ui-scale``) within what the window holds:
text never under 12 px, so boxes never shrink under what 12 px text needs; a 960 × 600
window cannot hold × 1.5 text in its layout, so it shows the most it holds and says so;
a larger window honours the setting again. The screen walk
(tests/app/test_screen_walk.py) judges the screens at each size and setting."""

from __future__ import annotations

import pygame
import pytest

from skirmish.app.text import MIN_PX
from skirmish.app.theme import (
    LEAST_SCALE,
    USER_SCALE_RANGE,
    held_setting,
    most_scale,
    step_user_scale,
    theme_dict,
    ui_scale,
    window_scale,
)
from tests.app.drive import key, make_app, step

SIZES = ((960, 600), (1280, 720), (1920, 1080))
SETTINGS = (0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5)


@pytest.mark.parametrize("size", SIZES)
def test_the_scale_stays_between_readable_text_and_what_the_window_holds(size) -> None:
    lo, hi = USER_SCALE_RANGE
    scales = [ui_scale(size, u) for u in SETTINGS]
    assert scales == sorted(scales)  # a larger setting never draws smaller
    assert all(LEAST_SCALE <= s <= most_scale(size) for s in scales)
    assert ui_scale(size, 1.0) == window_scale(size[1])  # the window's own scale is held
    # the theme's body text (14 px) shrinks with the boxes down to the floor, no further
    assert int(theme_dict(ui_scale(size, lo))["defaults"]["font"]["size"]) >= MIN_PX
    assert round(14 * ui_scale(size, lo)) >= MIN_PX


def test_each_size_holds_what_it_can() -> None:
    assert held_setting((960, 600), 1.5) == (1.0, 1)  # held down to the window's own
    assert held_setting((960, 600), 0.8)[1] == -1  # held up: 12 px text needs the room
    assert held_setting((1280, 720), 1.1) == (1.1, 0)
    assert held_setting((1280, 720), 1.5)[1] == 1
    assert held_setting((1920, 1080), 1.2) == (1.2, 0)
    assert held_setting((1920, 1080), 0.8) == (0.8, 0)
    assert held_setting((2560, 1440), 1.5) == (1.5, 0)


def test_a_held_setting_steps_from_what_the_window_shows() -> None:
    """Ctrl − after the setting went past what the window holds makes text smaller at
    once (it took four presses at 960 × 600 from × 1.5 before anything changed)."""
    assert step_user_scale(1.5, -1, shown=1.0) == 0.9
    assert step_user_scale(1.1, -1, shown=1.0) == 0.9
    assert step_user_scale(1.2, -1, shown=1.2) == 1.1
    assert step_user_scale(0.8, 1, shown=0.93) == 1.0
    assert step_user_scale(1.3, 0, shown=1.0) == 1.0


@pytest.mark.parametrize(("lang", "most", "least"), [
    ("en", "Text size ×1.0 (the most this window holds)",
     "Text size ×0.93 (the smallest text that stays readable)"),
    ("fr", "Taille du texte ×1,0 (le plus que cette fenêtre permet)",
     "Taille du texte ×0,93 (le plus petit texte encore lisible)")])
def test_ctrl_plus_and_minus_say_the_text_size_and_when_the_window_holds_it(
        lang, most, least) -> None:
    app = make_app(size=(960, 600), lang=lang)
    step(app)
    own = app.scale
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert app.config.ui_scale == 1.1 and app.scale == own  # the player's, held
    assert app.notice is not None and app.notice[0] == most
    key(app, pygame.K_MINUS, pygame.KMOD_CTRL)
    key(app, pygame.K_MINUS, pygame.KMOD_CTRL)
    assert app.scale == pytest.approx(LEAST_SCALE) and app.notice[0] == least
    key(app, pygame.K_0, pygame.KMOD_CTRL)
    assert app.scale == own and app.notice[0].endswith("1.0") or app.notice[0].endswith("1,0")
    step(app, n=round(2.5 / app.config.fixed_dt))
    assert app.notice is None  # gone after two seconds


def test_a_larger_window_honours_the_setting_again() -> None:
    app = make_app(size=(960, 600), ui_scale=1.5)
    step(app)
    assert app.scale == window_scale(600)
    app.resize((1920, 1080))
    assert app.scale == ui_scale((1920, 1080), 1.5) > 1.7
    assert app.text.scale == app.scale
    app.resize((960, 600))
    assert app.scale == window_scale(600)


def test_the_window_says_so_when_it_opens_or_is_resized_holding_the_setting() -> None:
    """``play --ui-scale 1.5`` in a 960 × 600 window: the notice says what it shows; a
    resize that honours more of the setting says so too."""
    app = make_app(size=(960, 600), ui_scale=1.5)
    assert app.notice is not None
    assert app.notice[0] == "Text size ×1.0 (the most this window holds)"
    step(app, n=round(2.5 / app.config.fixed_dt))
    assert app.notice is None
    app.resize((1920, 1080))
    assert app.notice is not None and app.notice[0].startswith("Text size ×1.42")
    assert make_app(size=(1920, 1080), ui_scale=1.2).notice is None  # honoured: nothing to say
