"""While a drag pans the board, a frame draws the board alone when nothing round it would
be drawn otherwise (``TablePainter.region``): the bars, the side column with its widgets
and the pinned log and tray stay on the window as the last frame left them. These tests
drive the real window and compare each such frame with the same frame drawn whole."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pygame
import pytest

from skirmish.app.panels.log import KEPT
from skirmish.bench.frames import battle_app
from tests.app.drive import step


def _press(app: Any, pos: tuple[int, int]) -> None:
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=2)])


def _drag_to(app: Any, pos: tuple[int, int]) -> None:
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 1, 0))])


def _pixels(app: Any) -> np.ndarray:
    return pygame.surfarray.array3d(app.window).copy()


def _whole(app: Any, monkeypatch: pytest.MonkeyPatch) -> np.ndarray:
    """The frame on the window drawn again whole, no time passing, the pointer still."""
    with monkeypatch.context() as m:
        m.setattr(app.screen, "redraw_region", lambda: None)
        app.step([], dt=0.0)
    return _pixels(app)


@pytest.fixture
def app() -> Any:
    """The bench's battle window at 1920 × 1080, every overlay on, the turn banner gone."""
    app = battle_app(size=(1920, 1080))
    for _ in range(12):
        app.step([], dt=0.5)
    assert app.screen.banner is None and app.screen.log_pinned
    return app


def test_a_drag_draws_the_board_alone_and_shows_the_whole_frame(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-UI: a pan of 60 frames draws all of the window once, at its start; every later
    frame only the board, and what the window shows then is the whole frame's pixels."""
    screen = app.screen
    painter = screen.painter
    centre = screen.board_rect.center
    _press(app, centre)
    for i in range(60):
        _drag_to(app, (centre[0] + round(60 * math.sin(i / 15)),
                       centre[1] + round(40 * math.cos(i / 20))))
    assert painter.kept_around == 59
    shown = _pixels(app)
    assert np.array_equal(shown, _whole(app, monkeypatch))
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=2)])
    kept = painter.kept_around
    step(app, n=3)  # the drag is over: whole frames again
    assert painter.kept_around == kept


def test_the_pointer_on_a_widget_mid_drag_draws_the_whole_window(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Dragged off the board onto a greyed button of the side column, the bottom line says
    why the button is greyed, as under any pointer: those frames are drawn whole, and
    back on the board the first frame is drawn whole too (the line changed back)."""
    screen = app.screen
    painter = screen.painter
    centre = screen.board_rect.center
    button = next(b for b, item in screen.bar.buttons.items()
                  if b.visible and not item.enabled and item.tip)
    bottom = screen.bottom_rect
    _press(app, centre)
    for x in range(centre[0], centre[0] + 50, 10):
        _drag_to(app, (x, centre[1]))
    kept = painter.kept_around
    before = _pixels(app)[bottom.x:bottom.right, bottom.y:bottom.bottom]
    _drag_to(app, button.rect.center)
    _drag_to(app, button.rect.center)
    assert painter.kept_around == kept
    assert not np.array_equal(before, _pixels(app)[bottom.x:bottom.right, bottom.y:bottom.bottom])
    assert np.array_equal(_pixels(app), _whole(app, monkeypatch))
    _drag_to(app, centre)
    assert painter.kept_around == kept
    assert np.array_equal(before, _pixels(app)[bottom.x:bottom.right, bottom.y:bottom.bottom])
    _drag_to(app, (centre[0] + 5, centre[1]))
    assert painter.kept_around == kept + 1
    assert np.array_equal(_pixels(app), _whole(app, monkeypatch))


def test_a_log_line_arriving_mid_drag_is_drawn(app: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A line added to the pinned log while the board is dragged: that frame is drawn
    whole, so the log shows it; the log full, the line leaves as many lines held."""
    screen = app.screen
    painter = screen.painter
    centre = screen.board_rect.center
    screen.log.add([f"T1 W1 line {i}" for i in range(KEPT)])
    step(app)
    _press(app, centre)
    for x in range(centre[0], centre[0] + 50, 10):
        _drag_to(app, (x, centre[1]))
    kept = painter.kept_around
    log = screen.log.rect
    before = _pixels(app)[log.x:log.right, log.y:log.bottom]
    held = len(screen.log.lines)
    screen.log.add(["T1 W1 a line arriving during the drag"])
    assert len(screen.log.lines) == held == KEPT
    _drag_to(app, (centre[0] + 60, centre[1]))
    assert painter.kept_around == kept
    assert not np.array_equal(before, _pixels(app)[log.x:log.right, log.y:log.bottom])
    assert np.array_equal(_pixels(app), _whole(app, monkeypatch))
