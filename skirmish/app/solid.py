"""A rectangle of one colour painted by blitting part of a kept surface of that colour.

SDL's fill is fast only for rows whose width is a multiple of 16 pixels; any other width
(the 282-pixel side column at 1280 × 720, the margins round the table, whose widths change
as the board pans) it fills about ten times slower than a blit of the same area from an
opaque surface, and these strips are painted every frame. The result is the same pixels:
an opaque surface without alpha copies its colour as is. One surface per colour, as large
as the largest rectangle asked for, serves every size. It is laid out with its rows an
odd number of pixels apart (:mod:`skirmish.app.rows`): from a surface of even rows,
SDL's copy of a strip whose width is no multiple of 16 pixels was as slow as the fill.
"""

from __future__ import annotations

import pygame

from skirmish.app.rows import odd_copy

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
        plain = pygame.Surface(size).convert()
        plain.fill(colour)
        plain = _PLAIN[colour] = odd_copy(plain)
    target.blit(plain, rect, (0, 0, rect.w, rect.h))
