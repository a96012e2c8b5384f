"""Opaque pictures laid out in memory so that SDL copies them fast wherever they go.

SDL copies an opaque picture onto a surface of its format row by row: with 16-byte moves
when every row of both surfaces starts on 16 bytes; else, when the rows of both lie a
multiple of 8 bytes apart, with 8-byte MMX moves; else with the C library's ``memcpy``.
The board's large pictures (the terrain layer, a drag's picture) land wherever the view
puts them, on 16 bytes one time in four: the other three took the MMX copy, half again
as long as the 16-byte one (three times the instructions of ``memcpy``), and these
copies are the largest cost of a panning frame and of a board drawn in full. From rows
an odd number of pixels apart every copy takes ``memcpy``, about as fast as the 16-byte
copy, which also leaves the pixels in the cache for what is blended over them next.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame


def odd_rows(size: tuple[int, int], like: pygame.Surface,
             spares: Iterable[pygame.Surface] = ()) -> pygame.Surface:
    """A surface of ``size`` in ``like``'s format whose rows lie an odd number of pixels
    apart: part of one a pixel wider when ``size``'s width is even. The first of
    ``spares`` (surfaces made so and no longer shown) of that size and format, when there
    is one: a new surface a board's size (its memory new to the process) costs more than
    drawing on an old one."""
    for old in spares:
        if old.get_size() == tuple(size) and old.get_bitsize() == like.get_bitsize():
            return old
    w, h = size
    if w % 2:
        return pygame.Surface(size, 0, like)
    return pygame.Surface((w + 1, h), 0, like).subsurface((0, 0, w, h))


def odd_copy(picture: pygame.Surface, spares: Iterable[pygame.Surface] = ()) -> pygame.Surface:
    """A copy of an opaque ``picture`` (no colour key, no alpha) with :func:`odd_rows`,
    onto one of ``spares`` when one fits."""
    copy = odd_rows(picture.get_size(), picture, spares)
    copy.blit(picture, (0, 0))
    return copy
