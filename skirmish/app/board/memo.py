"""The board as it was last drawn, reused while nothing it shows has changed.

A battle frame mostly shows what the previous one did: the player reads the board. The
terrain, reach, figures, paths and labels are then left on the window as they are, and
only what was drawn over the board after them (widgets, the damage table) is taken off
again, from a clean copy of the board kept when it was drawn. Whatever the board shows
must be part of the key the table painter gives (``TablePainter.board_key``); a frame
whose key is ``None`` (an animation, a banner) is always drawn in full.

The active figure's pulsing rim is the one thing that changes on a board otherwise at
rest: it is kept out of the key as the board's *phase*, and a copy is kept per phase, so
that the pulse swaps pictures instead of drawing the board again several times a second.
When a board at rest changes (a banner or the folded tray goes), the new board is kept at
once, and every phase of it is drawn in that same frame (:meth:`BoardMemo.fill`): the
pulse then never costs a frame a drawing of the board. What is kept is laid out for fast
copies (:mod:`skirmish.app.rows`): at 1280 × 720 the board starts off 16 bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import pygame

from skirmish.app.rows import odd_copy

#: Patches of the kept board kept at most: a handful of boxes over it, for each phase.
PATCHES_KEPT = 32


class BoardMemo:
    def __init__(self) -> None:
        self.key: tuple | None = None  # what the kept pictures show, but for the phase
        self.pictures: dict[Hashable, pygame.Surface] = {}  # clean board, by phase
        self.shown: Hashable = None  # the phase of the board on the window now
        self.seen: tuple | None = None  # the key of the last board drawn in full
        self.covers: list[pygame.Rect] | None = None  # drawn over the board last frame
        self.reused = 0  # frames that kept the board (tests)
        self.rested = False  # the last frame put back a kept board
        #: Parts of the pictures under what is drawn over the board, each copied out once:
        #: a small surface of its own blits in about half the time of the same rows read
        #: out of the whole board's picture.
        self._patches: dict[tuple, pygame.Surface] = {}
        #: Translucent pictures over the kept board, blended once (see ``put_over``).
        self._over: dict[tuple, pygame.Surface] = {}

    def forget(self) -> None:
        """The next frame draws the board in full (the window was drawn on elsewhere),
        and keeps it only once it holds for a second drawing."""
        self.key = self.seen = None
        self.rested = False
        self._drop()

    def reuse(self, surface: pygame.Surface, board: pygame.Rect, key: tuple | None,
              phase: Hashable = None) -> bool:
        """Put back the board as drawn for ``key`` and ``phase``, if it was kept: only
        what was drawn over it since when the window shows that phase already, the whole
        picture when the phase changed; False when it must be drawn anew."""
        picture = self.pictures.get(phase) if key is not None and key == self.key else None
        if picture is None:
            return False
        if phase == self.shown and self.covers is not None:
            for rect in self.covers:
                surface.blit(self._patch(picture, phase, rect, board), rect)
        else:
            surface.blit(picture, board)
        self.shown = phase
        self.reused += 1
        self.rested = True
        return True

    def keep(self, surface: pygame.Surface, board: pygame.Rect, key: tuple | None,
             phase: Hashable = None) -> None:
        """The board was just drawn for ``key`` and ``phase``: keep a copy of it if the
        board was at rest the frame before, or else once the key holds for a second
        drawing. While the board changes every frame (a pan, an animation) the copies would
        be wasted, and it costs one more drawing once it stops."""
        rested, self.rested = self.rested, False
        if key is not None and (rested or key in (self.key, self.seen)):
            if key != self.key:
                self._drop()
                self.key = key
            self.pictures[phase] = odd_copy(surface.subsurface(board))
            self._patches = {k: v for k, v in self._patches.items() if k[0] != phase}
        else:
            self.key = None
            self._drop()
        self.seen = key
        self.shown = phase

    def fill(self, surface: pygame.Surface, board: pygame.Rect, phases: Iterable[Hashable],
             draw: Callable[[Hashable], None]) -> int:
        """Once a board is kept, a picture for each of ``phases`` it lacks: ``draw(phase)``
        draws the board at that phase on ``surface``, which then shows the phase it showed
        again. How many were drawn."""
        if self.key is None or self.shown not in self.pictures:
            return 0
        missing = [p for p in phases if p not in self.pictures]
        for phase in missing:
            draw(phase)
            self.pictures[phase] = odd_copy(surface.subsurface(board))
        self._patches = {k: v for k, v in self._patches.items() if k[0] not in missing}
        if missing:
            surface.blit(self.pictures[self.shown], board)
        return len(missing)

    def _drop(self) -> None:
        """Forget the pictures and everything cut from them."""
        self.pictures, self._patches, self._over = {}, {}, {}

    def _patch(self, picture: pygame.Surface, phase: Hashable, rect: pygame.Rect,
               board: pygame.Rect) -> pygame.Surface:
        """The part of ``picture`` (the board at ``phase``) under ``rect``, copied once."""
        key = (phase, tuple(rect))
        patch = self._patches.get(key)
        if patch is None:
            if len(self._patches) >= PATCHES_KEPT:  # what lay over the board moved on
                self._patches.clear()
            patch = self._patches[key] = odd_copy(picture.subsurface(rect.move(-board.x, -board.y)))
        return patch

    def put_over(self, surface: pygame.Surface, board: pygame.Rect, image: pygame.Surface,
                 rect: pygame.Rect, below: list[pygame.Rect]) -> bool:
        """Draw ``image`` (translucent: the damage table) at ``rect`` over the board kept
        on the window this frame, from a copy of the board with ``image`` blended in once:
        an opaque blit costs a fraction of blending it again every frame. Only where the
        window shows the kept board: inside it, and off everything drawn over it since
        (``below``); False when ``image`` is to be blitted as usual."""
        picture = self.pictures.get(self.shown) if self.key is not None else None
        if picture is None or not board.contains(rect) or rect.collidelist(below) >= 0:
            return False
        key = (picture, tuple(rect), image)  # the surfaces themselves: ids recur
        blended = self._over.get(key)
        if blended is None:
            if len(self._over) >= 4:  # a picture per pulse phase: these are old ones
                self._over.clear()
            blended = self._over[key] = odd_copy(picture.subsurface(rect.move(-board.x, -board.y)))
            blended.blit(image, (0, 0))
        surface.blit(blended, rect)
        return True

    def covered(self, board: pygame.Rect, rects: Iterable[pygame.Rect] | None) -> None:
        """What this frame drew over the board after it (None: something that cannot be
        told, so the next frame puts back the whole board)."""
        if rects is None:
            self.covers = None
            return
        out = []
        for r in rects:
            part = pygame.Rect(r).clip(board)
            if part.w > 0 and part.h > 0 and part not in out:
                out.append(part)
        self.covers = out


def widget_rects(manager: object) -> list[pygame.Rect]:
    """Where pygame_gui draws this frame: every visible element's image."""
    out = []
    for image, rect, area, _mode in manager.get_sprite_group().visible:  # type: ignore[attr-defined]
        size = area.size if area is not None else image.get_size()
        if size[0] > 0 and size[1] > 0:
            out.append(pygame.Rect(rect.topleft, size))
    return out
