"""The turn banner goes along the board's top, else its foot, else its middle: the first
of them that hides the fewest figures. Worked out again in every frame of a pan (the
figures move under it), it stops at the first spot that hides none."""

from __future__ import annotations

import pygame
import pytest

from skirmish.app.screens.table_drawing import banner_box, figures_under_box
from skirmish.bench.frames import battle_app


def _spots(board: pygame.Rect, box: pygame.Rect) -> list[pygame.Rect]:
    """The three places a banner of ``box``'s size may take: top, foot, middle."""
    h = box.h - 14
    return [box.move(0, y - 7 - box.y)
            for y in (board.y + 8, board.bottom - 8 - h - 14, board.centery - h // 2)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_banner_takes_the_first_spot_hiding_fewest_figures_as_the_board_pans(
        size: tuple[int, int]) -> None:
    app = battle_app(size=size)
    screen = app.screen
    board = screen.board_rect  # type: ignore[attr-defined]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=board.center, button=2)])
    seen = set()
    for y in [*range(board.centery, board.centery + 301, 20),
              *range(board.centery + 300, board.centery - 301, -20)]:
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(board.centerx, y), rel=(0, 0),
                                     buttons=(0, 1, 0))])
        assert screen.banner is not None  # type: ignore[attr-defined]
        cam = screen.camera  # type: ignore[attr-defined]
        bases = [(cam.to_screen(f.pos), f.radius * cam.scale)
                 for f in screen.state.figures.values()  # type: ignore[attr-defined]
                 if f.status in ("in_play", "out_of_action")]
        box = banner_box(screen, screen.banner[0])  # type: ignore[attr-defined]
        spots = _spots(board, box)
        hidden = [figures_under_box(bases, s) for s in spots]
        assert box == spots[hidden.index(min(hidden))]
        seen.add(spots.index(box))
    assert len(seen) >= 2  # the pan put figures under the top spot at times
