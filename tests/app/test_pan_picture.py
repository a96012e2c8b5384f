"""A drag that pans the board blits a picture of it larger than the board instead of
drawing terrain, figures, paths and labels again every frame (``app/board/pan.py``);
the picture shows what a fresh drawing shows, and the frame after the drag draws anew."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from skirmish.app.board.figures import PULSE_OF_GLOW
from skirmish.bench.frames import battle_app
from tests.app.drive import pixels


def _drag_to(app: object, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),  # type: ignore[attr-defined]
                                 buttons=(0, 1, 0))])


def _pixels(app: object) -> np.ndarray:
    return pixels(app.window)  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_drag_draws_the_board_once(size: tuple[int, int]) -> None:
    app = battle_app(size=size)
    screen = app.screen
    painter = screen.painter  # type: ignore[attr-defined]
    centre = screen.board_rect.center  # type: ignore[attr-defined]
    terrain = painter.static.redraws
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2)])
    for i in range(90):  # a second and a half back and forth, within the margin
        _drag_to(app, (centre[0] + round(60 * math.sin(i / 15)),
                       centre[1] + round(40 * math.cos(i / 20))))
    assert painter.pan.drawn == 1
    assert painter.pan.patched == 1  # the active figure's rim at its other width
    assert painter.static.redraws == terrain
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=2)])
    app.step([])
    assert painter.pan.picture is None and painter.pan.patches == {}  # gone with the drag


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
    assert painter.pan.picture is None
    assert np.array_equal(from_picture, _pixels(app))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_rim_at_its_other_width_is_the_board_drawn_anew(size: tuple[int, int]) -> None:
    """The picture is drawn at the rim's width of the moment; at the other width only the
    rim's square is drawn again, once, with the picture (the pulse's first turn draws
    nothing), and the picture shows either width as the pulse comes round: the frame from
    the picture is the frame the board drawn anew shows, the drag ended there (no time
    passes: the pulse holds)."""
    app = battle_app(size=size)
    screen = app.screen
    painter = screen.painter
    centre = screen.board_rect.center

    def drag_to(pos: tuple[int, int], glow: int) -> np.ndarray:
        screen.pulse = PULSE_OF_GLOW[glow]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                     buttons=(0, 1, 0))], dt=0.0)
        assert painter.board_phase(screen) == glow == painter.pan.phase
        return _pixels(app)

    for glow in (0, 1):
        screen.pulse = PULSE_OF_GLOW[1 - glow]
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2)], dt=0.0)
        drawn, patched = painter.pan.drawn, painter.pan.patched
        for x in range(centre[0] + 10, centre[0] + 31, 10):  # past the drag's threshold
            drag_to((x, centre[1]), 1 - glow)
        end = (centre[0] + 40, centre[1])
        at_first = drag_to(end, 1 - glow)
        assert painter.pan.drawn == drawn + 1 and painter.pan.patched == patched + 1
        from_picture = drag_to(end, glow)
        assert painter.pan.drawn == drawn + 1 and painter.pan.patched == patched + 1
        assert not np.array_equal(at_first, from_picture)
        assert np.array_equal(drag_to(end, 1 - glow), at_first)
        assert np.array_equal(drag_to(end, glow), from_picture)
        assert painter.pan.drawn == drawn + 1 and painter.pan.patched == patched + 1
        app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=2)], dt=0.0)
        app.step([], dt=0.0)
        assert painter.pan.picture is None
        assert np.array_equal(from_picture, _pixels(app))
        centre = end  # the next drag starts where this one ended, the board moved on


def test_the_pan_picture_rows_lie_an_odd_number_of_pixels_apart() -> None:
    app = battle_app(size=(1920, 1080))
    screen = app.screen
    centre = screen.board_rect.center  # type: ignore[attr-defined]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2)])
    _drag_to(app, (centre[0] + 21, centre[1]))
    picture = screen.painter.pan.picture  # type: ignore[attr-defined]
    assert picture.get_pitch() // 4 % 2 == 1
