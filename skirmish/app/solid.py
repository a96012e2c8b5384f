"""A rectangle of one colour painted by blitting a kept surface of that colour.

SDL fills part of a surface row by row, aligning each row first: over a strip of the
window (the side column, the dark margin round the table) that costs several times a
blit of the same area from an opaque surface, and these strips are painted every frame.
The result is the same pixels: an opaque surface without alpha copies its colour as is.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

RGB = tuple[int, int, int]


@lru_cache(maxsize=32)
def _plain(colour: RGB, size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size).convert()
    surf.fill(colour)
    return surf


def paint(target: pygame.Surface, colour: RGB, rect: pygame.Rect) -> None:
    """``target.fill(colour, rect)`` for an opaque ``colour``, the target's clip obeyed."""
    if rect.w > 0 and rect.h > 0:
        target.blit(_plain(colour, rect.size), rect)
