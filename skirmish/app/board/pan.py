"""The board while a drag pans it: a picture larger than the board, drawn once and
blitted where the drag has moved the table, every frame of the drag.

A pan moves everything the board shows together — terrain, reach, figures, paths and
labels — so drawing all of it again for each position of the drag was work thrown
away. The picture holds the board and a margin round it; it is drawn again only when
the drag goes past the margin or something it shows changes (the board's key but for
the view's offset and the pointer, which a drag moves together). Its labels are placed
for the picture: while the drag lasts, a label at the board's edge may run past it
instead of being pushed in, and the labels keep off the floating panels where they lay
when the picture was drawn; the frame after the drag places every label anew. The
active figure's pulsing rim has a picture per phase, as in the board memo.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

#: The margin round the board, as a fraction of its smaller side: how far a drag goes
#: before the picture is drawn again.
MARGIN = 0.35

#: ``draw(picture, offset, shift)``: the board drawn on ``picture`` by a camera whose table
#: origin is at ``offset`` on it; ``shift`` moves a window position onto it.
Draw = Callable[[pygame.Surface, tuple[float, float], tuple[int, int]], None]


class PanPicture:
    def __init__(self) -> None:
        self.key: Hashable = None  # what the pictures show, but for the phase
        self.origin = (0.0, 0.0)  # the view's offset when they were drawn
        self.margin = (0, 0)
        self.pictures: dict[Hashable, pygame.Surface] = {}
        self.drawn = 0  # pictures drawn (tests)
        #: Surfaces of pictures no longer shown, drawn on again by the next ones: making
        #: a surface this large (its memory new to the process) cost more than drawing
        #: the board on it.
        self._spare: list[pygame.Surface] = []

    def forget(self) -> None:
        """The drag is over: its pictures are not shown again."""
        self.key = None
        self._spare += self.pictures.values()
        self.pictures = {}

    def show(self, surface: pygame.Surface, board: pygame.Rect, offset: tuple[float, float],
             key: Hashable, phase: Hashable, draw: Draw) -> None:
        """Blit the board's part of the picture of ``key`` at ``phase`` with the view at
        ``offset``, drawing the picture first (with ``draw``) when none fits."""
        dx, dy = round(offset[0] - self.origin[0]), round(offset[1] - self.origin[1])
        mx, my = self.margin
        if key != self.key or abs(dx) > mx or abs(dy) > my:
            self.forget()
            self.key, self.origin = key, offset
            self.margin = mx, my = _margins(board)
            dx = dy = 0
        picture = self.pictures.get(phase)
        if picture is None:
            picture = self.pictures[phase] = self._surface(
                (board.w + 2 * mx, board.h + 2 * my), surface)
            draw(picture, (self.origin[0] - board.x + mx, self.origin[1] - board.y + my),
                 (mx - dx - board.x, my - dy - board.y))
            self.drawn += 1
        surface.blit(picture, board, pygame.Rect(mx - dx, my - dy, board.w, board.h))

    def _surface(self, size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
        """A spare surface of ``size`` in ``like``'s format, or a new one; the spares of
        another size (the window was resized) go."""
        spare = [s for s in self._spare if s.get_size() == size
                 and s.get_bitsize() == like.get_bitsize()]
        self._spare = spare[1:]
        return spare[0] if spare else pygame.Surface(size, 0, like)


def _margins(board: pygame.Rect) -> tuple[int, int]:
    """The margin on each axis, such that the picture's origin lies an even number of
    pixels from the board's: positions round half to even, so a table point drawn on
    the picture lands on the same pixel as on the board, half-pixel view offsets too."""
    m = max(2, round(min(board.w, board.h) * MARGIN))
    return m + (m - board.x) % 2, m + (m - board.y) % 2
