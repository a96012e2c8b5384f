"""A figure's PV pips are blitted from a sprite made once per row of pips: pixel for pixel
what drawing each pip's two circles on the board gives, whatever the base's size, the
figure's PV and where the base stands (a half pixel rounds with the centre's parity)."""

from __future__ import annotations

import pygame

from skirmish.app.board.figures import _pips


def _circles(surface: pygame.Surface, c: tuple[int, int], r: int, pv: int, max_pv: int) -> None:
    """The pips as the board drew them before the sprites: two circles each."""
    n = max(max_pv, pv)
    size = 2 if r < 14 else 3
    gap = min(2 * size + 2, (1.2 * r) / max(1, n))
    x0 = c[0] - (n - 1) * gap / 2
    for i in range(n):
        p = (round(x0 + i * gap), c[1] + r - size - 2)
        inner, rim = ((250, 250, 250), (0, 0, 0)) if i < pv else ((20, 20, 20), (250, 250, 250))
        pygame.draw.circle(surface, inner, p, size)
        pygame.draw.circle(surface, rim, p, size, 1)


def test_pip_sprites_draw_what_the_circles_drew():
    board = pygame.Surface((120, 120))
    drawn = pygame.Surface((120, 120))
    for r in (6, 9, 11, 13, 14, 17, 24, 31):
        for max_pv, pv in ((1, 1), (2, 1), (3, 0), (3, 3), (4, 2), (5, 7)):
            for c in ((60, 50), (61, 50), (60, 51), (59, 47)):
                for surface in (board, drawn):
                    surface.fill((90, 120, 60))
                    surface.set_clip(pygame.Rect(0, 0, 120, 62))  # the board's edge
                _pips(board, c, r, pv, max_pv)
                _circles(drawn, c, r, pv, max_pv)
                assert pygame.image.tobytes(board, "RGB") == \
                    pygame.image.tobytes(drawn, "RGB"), (r, pv, max_pv, c)
