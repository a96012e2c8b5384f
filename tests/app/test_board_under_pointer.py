"""While only the pointer moves over the board, the terrain, reach and figures under the
tool's path are put back from a copy (``app/board/under.py``) instead of drawn again:
the window shows the same pixels as a window that draws them every frame."""

from __future__ import annotations

import math

import pygame
import pytest

from skirmish.app.board.under import KEPT
from skirmish.bench.frames import battle_app


def _move(app: object, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),  # type: ignore[attr-defined]
                                 buttons=buttons)])


def _pixels(app: object) -> bytes:
    """The window's pixels as bytes: compared whole, a fifth of the cost of arrays."""
    return pygame.image.tobytes(app.window, "RGB")  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_kept_board_under_the_path_is_the_board_drawn_anew(size: tuple[int, int]) -> None:
    """Two windows side by side, frame by frame: the pointer circles the walker with the
    Walk tool (a new path most frames), passes over the walker's own base (the figure
    under the pointer changes) and a drag pans the board; one window never puts the kept
    board back. Every frame shows the same pixels, and the other window did put it back."""
    kept, drawn = battle_app(size=size), battle_app(size=size)
    drawn.screen.painter.under.put = lambda *args: False  # type: ignore[attr-defined]
    screen = kept.screen
    me = screen.state.figures[screen.state.active]  # type: ignore[attr-defined]
    walk = [screen.camera.to_screen((me.x + r * math.cos(a / 12 * math.tau),  # type: ignore[attr-defined]
                                     me.y + r * math.sin(a / 12 * math.tau)))
            for r in (5.0, 0.0, 3.0) for a in range(12)]
    for pos in walk:
        for app in (kept, drawn):
            _move(app, pos)
        assert _pixels(kept) == _pixels(drawn)
    centre = screen.board_rect.center  # type: ignore[attr-defined]
    for app in (kept, drawn):
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2)])
    for x in range(centre[0], centre[0] + 41, 10):
        for app in (kept, drawn):
            _move(app, (x, centre[1]), (0, 1, 0))
        assert _pixels(kept) == _pixels(drawn)
    for app in (kept, drawn):
        app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, centre[1]), button=2)])
    for pos in walk[:12]:
        for app in (kept, drawn):
            _move(app, pos)
        assert _pixels(kept) == _pixels(drawn)
    assert screen.painter.under.reused >= len(walk) // 2  # type: ignore[attr-defined]
    assert drawn.screen.painter.under.reused == 0  # type: ignore[attr-defined]


def test_the_kept_board_goes_with_the_figure_under_the_pointer() -> None:
    """The walker's base under the pointer draws its health and name in focus: the board
    kept with the pointer off it is not put back then."""
    app = battle_app(size=(1280, 720))
    screen = app.screen
    under = screen.painter.under  # type: ignore[attr-defined]
    me = screen.state.figures[screen.state.active]  # type: ignore[attr-defined]
    off = [screen.camera.to_screen((me.x + 5.0, me.y + d)) for d in (0.0, 0.5, 1.0, 1.5)]  # type: ignore[attr-defined]
    for pos in off:
        _move(app, pos)
    reused = under.reused
    assert reused >= 2
    _move(app, screen.camera.to_screen((me.x, me.y)))  # type: ignore[attr-defined]
    assert under.reused == reused


def test_the_kept_boards_are_drawn_on_again_not_made_anew() -> None:
    """A new board to keep goes onto the surface of one no longer kept: the pointer
    going from the walker's base to another's and off them changes what is kept, three
    boards in turn, and no more surfaces than are kept at once are ever made."""
    app = battle_app(size=(1280, 720))
    screen = app.screen
    under = screen.painter.under  # type: ignore[attr-defined]
    figures = screen.state.figures  # type: ignore[attr-defined]
    me = figures[screen.state.active]  # type: ignore[attr-defined]
    other = next(f for f in figures.values() if f.id != me.id and f.status == "in_play")
    spots = [(me.x, me.y), (other.x, other.y), (me.x + 5.0, me.y)]
    made: list[pygame.Surface] = []
    for i in range(27):
        x, y = spots[i // 3 % 3]
        _move(app, screen.camera.to_screen((x, y + 0.1 * (i % 3))))  # type: ignore[attr-defined]
        made += [p for _, p, _ in under.kept if not any(p is m for m in made)]
    assert under.reused >= 9 and len(made) == KEPT
