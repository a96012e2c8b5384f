"""A rectangle of one colour painted by blitting part of a kept surface of that colour.

SDL fills part of a surface row by row, aligning each row first: over a strip of the
window (the side column, the dark margin round the table) that costs several times a
blit of the same area from an opaque surface, and these strips are painted every frame.
The result is the same pixels: an opaque surface without alpha copies its colour as is.
One surface per colour, as large as the largest rectangle asked for, serves every size
(the margins change size with every step of a pan).
"""

from __future__ import annotations

import pygame

RGB = tuple[int, int, int]

_PLAIN: dict[RGB, pygame.Surface] = {}


def paint(target: pygame.Surface, colour: RGB, rect: pygame.Rect) -> None:
    """``target.fill(colour, rect)`` for an opaque ``colour``, the target's clip obeyed."""
    if rect.w <= 0 or rect.h <= 0:
        return
    plain = _PLAIN.get(colour)
    if plain is None or plain.get_width() < rect.w or plain.get_height() < rect.h:
        size = (rect.w, rect.h) if plain is None else \
            (max(rect.w, plain.get_width()), max(rect.h, plain.get_height()))
        plain = _PLAIN[colour] = pygame.Surface(size).convert()
        plain.fill(colour)
    target.blit(plain, rect, (0, 0, rect.w, rect.h))
