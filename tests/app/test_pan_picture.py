"""A drag that pans the board blits a picture of it larger than the board instead of
drawing terrain, figures, paths and labels again every frame (``app/board/pan.py``);
the picture shows what a fresh drawing shows, and the frame after the drag draws anew."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from skirmish.bench.frames import battle_app


def _drag_to(app: object, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),  # type: ignore[attr-defined]
                                 buttons=(0, 1, 0))])


def _pixels(app: object) -> np.ndarray:
    return pygame.surfarray.array3d(app.window).copy()  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_drag_draws_the_board_once_per_pulse_phase(size: tuple[int, int]) -> None:
    app = battle_app(size=size)
    screen = app.screen
    painter = screen.painter  # type: ignore[attr-defined]
    centre = screen.board_rect.center  # type: ignore[attr-defined]
    terrain = painter.static.redraws
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2)])
    for i in range(90):  # a second and a half back and forth, within the margin
        _drag_to(app, (centre[0] + round(60 * math.sin(i / 15)),
                       centre[1] + round(40 * math.cos(i / 20))))
    assert painter.pan.drawn <= 2  # one picture per width of the active figure's rim
    assert painter.static.redraws == terrain
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=2)])
    app.step([])
    assert painter.pan.pictures == {}  # gone with the drag


def test_the_picture_shows_what_the_board_drawn_anew_shows() -> None:
    """At the end of a drag, the frame from the picture and the first frame drawn anew
    after the button comes up are the same pixels (no label here near the board's edge
    or under a panel, which the picture leaves where they were)."""
    app = battle_app(size=(1280, 720))
    screen = app.screen
    painter = screen.painter  # type: ignore[attr-defined]
    centre = screen.board_rect.center  # type: ignore[attr-defined]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2)])
    end = (centre[0] + 60, centre[1])
    for x in range(centre[0], end[0] + 1, 10):
        _drag_to(app, (x, centre[1]))
    assert painter.pan.drawn >= 1 and painter.pan.origin != screen.camera.offset
    from_picture = _pixels(app)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=2)])
    app.step([])
    assert painter.pan.pictures == {}
    assert np.array_equal(from_picture, _pixels(app))
