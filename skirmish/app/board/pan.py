"""The board while a drag pans it: a picture larger than the board, drawn once and
blitted where the drag has moved the table, every frame of the drag.

A pan moves everything the board shows together — terrain, reach, figures, paths and
labels — so drawing all of it again for each position of the drag was work thrown
away. The picture holds the board and a margin round it; it is drawn again only when
the drag goes past the margin or something it shows changes (the board's key but for
the view's offset and the pointer, which a drag moves together). Its labels are placed
for the picture: while the drag lasts, a label at the board's edge may run past it
instead of being pushed in, and the labels keep off the floating panels where they lay
when the picture was drawn; the frame after the drag places every label anew.

The active figure's pulsing rim is all that differs between the board's phases: the
picture is drawn once, at the phase of the moment, and for each other phase only the
rim's square is drawn again (the board drawn clipped to it, with the picture's view,
pointer and panels), kept, and put into the picture when the phase comes round. A
whole picture per phase made two slow frames of each drag; the squares are drawn with
the picture, in the drag's first frame, which is slow anyway, so that the pulse's first
turn is no slower than any other frame of the drag.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import pygame

from skirmish.app.rows import odd_rows

#: The margin round the board, as a fraction of its smaller side: how far a drag goes
#: before the picture is drawn again.
MARGIN = 0.35

#: ``again(rect, phase)``: draws the board within ``rect`` of the picture at ``phase``,
#: with the view, pointer and panels of the picture's first drawing.
Again = Callable[[pygame.Rect, Hashable], None]

#: ``draw(picture, offset, shift)``: the board drawn on ``picture`` by a camera whose table
#: origin is at ``offset`` on it (``shift`` moves a window position onto it); returns how
#: to draw it again (:data:`Again`) and where on the picture the phases differ (None: they
#: do not).
Draw = Callable[[pygame.Surface, tuple[float, float], tuple[int, int]],
                tuple[Again, pygame.Rect | None]]


class PanPicture:
    def __init__(self) -> None:
        self.key: Hashable = None  # what the picture shows, but for the phase
        self.origin = (0.0, 0.0)  # the view's offset when it was drawn
        self.margin = (0, 0)
        self.picture: pygame.Surface | None = None
        self.phase: Hashable = None  # the phase the picture shows
        #: The square of the picture where the phases differ, and its pixels at each
        #: phase drawn so far.
        self.spot: pygame.Rect | None = None
        self.patches: dict[Hashable, pygame.Surface] = {}
        self.drawn = 0  # pictures drawn (tests)
        self.patched = 0  # phases drawn in the spot alone (tests)
        self._again: Again | None = None
        #: The surface of a picture no longer shown, drawn on again by the next one:
        #: making a surface this large (its memory new to the process) cost more than
        #: drawing the board on it.
        self._spare: pygame.Surface | None = None

    def forget(self) -> None:
        """The drag is over: its picture is not shown again."""
        self.key = None
        if self.picture is not None:
            self._spare = self.picture
        self.picture, self.patches, self._again = None, {}, None

    def show(self, surface: pygame.Surface, board: pygame.Rect, offset: tuple[float, float],
             key: Hashable, phase: Hashable, draw: Draw, phases: Iterable[Hashable] = ()) -> None:
        """Blit the board's part of the picture of ``key`` at ``phase`` with the view at
        ``offset``, drawing the picture first (with ``draw``, and the spot at each of the
        other ``phases``) when none fits."""
        dx, dy = round(offset[0] - self.origin[0]), round(offset[1] - self.origin[1])
        mx, my = self.margin
        if self.picture is None or key != self.key or abs(dx) > mx or abs(dy) > my:
            self.forget()
            self.key, self.origin = key, offset
            self.margin = mx, my = _margins(board)
            dx = dy = 0
            picture = self.picture = self._surface((board.w + 2 * mx, board.h + 2 * my), surface)
            self._again, spot = draw(
                picture, (self.origin[0] - board.x + mx, self.origin[1] - board.y + my),
                (mx - dx - board.x, my - dy - board.y))
            self.spot = spot.clip(picture.get_rect()) if spot is not None else None
            self.phase = phase
            self.drawn += 1
            for other in phases:
                self._turn(other)
        if phase != self.phase:
            self._turn(phase)
        assert self.picture is not None
        surface.blit(self.picture, board, pygame.Rect(mx - dx, my - dy, board.w, board.h))

    def _turn(self, phase: Hashable) -> None:
        """Put the spot at ``phase`` into the picture, drawing it the first time."""
        picture, spot = self.picture, self.spot
        assert picture is not None and self._again is not None
        if spot is not None and spot.w > 0 and spot.h > 0:
            self.patches.setdefault(self.phase, picture.subsurface(spot).copy())
            patch = self.patches.get(phase)
            if patch is None:
                self._again(spot, phase)
                self.patches[phase] = picture.subsurface(spot).copy()
                self.patched += 1
            else:
                picture.blit(patch, spot)
        self.phase = phase

    def _surface(self, size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
        """The spare surface if it has ``size`` and ``like``'s format, else a new one
        (:func:`odd_rows`)."""
        spare, self._spare = self._spare, None
        return odd_rows(size, like, () if spare is None else (spare,))


def _margins(board: pygame.Rect) -> tuple[int, int]:
    """The margin on each axis, such that the picture's origin lies an even number of
    pixels from the board's: positions round half to even, so a table point drawn on
    the picture lands on the same pixel as on the board, half-pixel view offsets too."""
    m = max(2, round(min(board.w, board.h) * MARGIN))
    return m + (m - board.x) % 2, m + (m - board.y) % 2
