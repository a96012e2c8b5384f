"""The board as the last frame drew it, reused while nothing it shows has changed.

A battle frame mostly shows what the previous one did: the player reads the board. The
terrain, reach, figures, paths and labels are then left on the window as they are, and
only what was drawn over the board after them (widgets, the damage table) is taken off
again, from patches of clean board kept when it was last drawn. Whatever the board
shows must be part of the key the table painter gives (``TablePainter.board_key``); a
frame whose key is ``None`` (an animation, a banner) is always drawn in full.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame


class BoardMemo:
    def __init__(self) -> None:
        self.key: tuple | None = None
        self.patches: list[tuple[pygame.Rect, pygame.Surface]] | None = None
        self.covers: list[pygame.Rect] | None = None  # drawn over the board last frame
        self.reused = 0  # frames that kept the board (tests)

    def forget(self) -> None:
        """The next frame draws the board in full (the window was drawn on elsewhere)."""
        self.key = None

    def reuse(self, surface: pygame.Surface, key: tuple | None) -> bool:
        """Take off what was drawn over the board since it was drawn, if the board is the
        same as then; False when it must be drawn anew."""
        if key is None or key != self.key or self.covers is None or self.patches is None \
                or [r for r, _ in self.patches] != self.covers:
            return False
        for rect, patch in self.patches:
            surface.blit(patch, rect)
        self.reused += 1
        return True

    def keep(self, surface: pygame.Surface, key: tuple | None) -> None:
        """The board was just drawn for ``key``: keep it clean where things were drawn over
        it last frame (they will most likely be drawn there again). Only when the key is
        the one of the last drawing: while the board changes every frame (a pan, an
        animation) the copies would be wasted, and it costs one more drawing once it
        stops."""
        still = key is not None and key == self.key
        self.key = key
        self.patches = [(r, surface.subsurface(r).copy()) for r in self.covers or []] \
            if still else None

    def covered(self, board: pygame.Rect, rects: Iterable[pygame.Rect] | None) -> None:
        """What this frame drew over the board after it (None: something that cannot be
        taken off, so the next frame draws the board in full)."""
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
