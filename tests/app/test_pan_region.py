"""A battle frame draws the board alone when nothing round it would be drawn otherwise
(``TablePainter.region``): the top bar, the side column with its widgets, the footer and
the pinned log and tray stay on the window as the last frame left them, and the bottom
bar is put there only when its line changes. These tests drive the real window, panning
and pointing, and compare each such frame with the same frame drawn whole."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pygame
import pytest

from skirmish.app.panels.log import KEPT
from skirmish.app.solid import paint
from skirmish.app.theme import BG
from skirmish.bench.frames import battle_app
from tests.app.drive import pixels, step


def _press(app: Any, pos: tuple[int, int]) -> None:
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=2)])


def _drag_to(app: Any, pos: tuple[int, int]) -> None:
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 1, 0))])


def _pixels(app: Any) -> np.ndarray:
    return pixels(app.window)


def _whole(app: Any) -> np.ndarray:
    """The window's frame drawn again whole, as ``App.step`` draws one, from the same
    state: no input, no time, no widget updated."""
    window = app.window
    for part in app.screen.backdrop(window.get_rect()):
        paint(window, BG, part)
    app.screen.draw(window)
    app.manager.draw_ui(window)
    app.screen.draw_over(window)
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
    """A pan of 60 frames draws only the board in every frame but its first, and what the
    window shows then is the whole frame's pixels; so does the board at rest after it."""
    screen = app.screen
    painter = screen.painter
    centre = screen.board_rect.center
    _press(app, centre)
    kept = painter.kept_around
    for i in range(60):
        _drag_to(app, (centre[0] + round(60 * math.sin(i / 15)),
                       centre[1] + round(40 * math.cos(i / 20))))
        if i % 20 == 19:
            assert np.array_equal(_pixels(app), _whole(app))
    # all but the first, in which the side column's path words go with the pointer
    assert painter.kept_around == kept + 59 and painter.pan.drawn == 1
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=2)])
    step(app, n=3)
    assert painter.kept_around == kept + 63 and painter.pan.picture is None
    assert np.array_equal(_pixels(app), _whole(app))


def test_the_pointer_moving_over_the_board_draws_the_board_and_the_bottom_line(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pointer circling the walking figure: the board is drawn anew each frame (a new
    path), and the bottom bar, whose line says the path's length, beside it; the rest of
    the window stays unless the side column's words change, and every frame is the
    whole frame's pixels."""
    screen = app.screen
    painter = screen.painter
    me = screen.state.figures[screen.state.active]
    bottom = screen.bottom_rect
    kept, lines = painter.kept_around, set()
    for i in range(12):
        a = i / 12 * math.tau
        pos = screen.camera.to_screen((me.x + 5 * math.cos(a), me.y + 5 * math.sin(a)))
        step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                      buttons=(0, 0, 0))])
        lines.add(_pixels(app)[bottom.x:bottom.right, bottom.y:bottom.bottom].tobytes())
        assert np.array_equal(_pixels(app), _whole(app))
    # frames in which the path's words in the side column did not change drew the board
    # and the bottom line alone
    assert painter.kept_around > kept
    assert len(lines) > 1  # the bottom line changed as the pointer went round


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
    assert np.array_equal(_pixels(app), _whole(app))
    _drag_to(app, centre)
    assert painter.kept_around == kept
    assert np.array_equal(before, _pixels(app)[bottom.x:bottom.right, bottom.y:bottom.bottom])
    _drag_to(app, (centre[0] + 5, centre[1]))
    assert painter.kept_around == kept + 1
    assert np.array_equal(_pixels(app), _whole(app))


def test_a_log_line_arriving_mid_drag_is_drawn(app: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A line added to the pinned log while the board is dragged: that frame draws the
    board and the log beside it, which shows the line; the log full, the line leaves as
    many lines held."""
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
    assert painter.kept_around == kept + 1
    assert not np.array_equal(before, _pixels(app)[log.x:log.right, log.y:log.bottom])
    assert np.array_equal(_pixels(app), _whole(app))


def test_a_long_drag_past_the_margin_draws_new_pictures_and_whole_frames(app: Any) -> None:
    """Swept across the board 16 px a frame, as the bench's long drag does, the board
    passes its picture's margin (``app/board/pan.py``) and a new picture is drawn each
    time, in frames that still draw the board alone; each shows the whole frame's pixels."""
    screen = app.screen
    painter = screen.painter
    board = screen.board_rect
    _press(app, board.center)
    kept = painter.kept_around
    x, way = board.centerx, 1
    for i in range(90):
        if abs(x + 16 * way - board.centerx) > board.w // 2 - 32:
            way = -way
        x += 16 * way
        _drag_to(app, (x, board.centery))
        if i % 15 == 14:
            assert np.array_equal(_pixels(app), _whole(app))
    assert painter.pan.drawn >= 3
    assert painter.kept_around >= kept + 89
