"""The board's large opaque pictures have rows an odd number of pixels apart in memory
(``app/rows.py``), so that SDL copies them with ``memcpy`` wherever they land; the
pixels are those of a plain surface."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from skirmish.app.rows import odd_copy, odd_rows
from skirmish.bench.frames import battle_app


def _odd(surface: pygame.Surface) -> bool:
    return surface.get_pitch() // surface.get_bytesize() % 2 == 1


@pytest.mark.parametrize("width", [1856, 1857])
def test_odd_rows_blit_the_pixels_of_a_plain_surface(width: int) -> None:
    """The size asked for, the window's format, rows an odd number of pixels apart, and a
    part blitted from any column (one in four starts a row on 16 bytes) the same pixels
    as from a plain surface; a copy (:func:`odd_copy`) too."""
    app = battle_app(size=(1280, 720))
    window = app.window  # type: ignore[attr-defined]
    picture = odd_rows((width, 300), window)
    assert picture.get_size() == (width, 300)
    assert picture.get_bitsize() == window.get_bitsize() == 32
    assert _odd(picture)
    plain = pygame.Surface((width, 300), 0, window)
    noise = np.random.default_rng(7).integers(0, 256, (width, 300, 3), dtype=np.uint8)
    for s in (picture, plain):
        pygame.surfarray.blit_array(s, noise)
    copy = odd_copy(plain)
    assert _odd(copy) and copy.get_size() == plain.get_size()
    seen = []
    for s in (picture, plain, copy):
        target = pygame.Surface((400, 200), 0, window)
        for x in range(4):
            target.blit(s, (x * 100 + 1, 0), pygame.Rect(301 + x, 50, 99, 200))
        seen.append(pygame.surfarray.array3d(target))
    assert np.array_equal(seen[0], seen[1]) and np.array_equal(seen[2], seen[1])


def test_the_terrain_layer_and_its_reach_copy_have_odd_rows() -> None:
    """The battle screen's terrain layer, and its copy with the Walk reach blended in."""
    app = battle_app(size=(1920, 1080))
    static = app.screen.painter.static  # type: ignore[attr-defined]
    assert static.blends >= 1
    assert _odd(static.surface)
    assert all(_odd(copy) for copy in static._with.values())


def test_the_kept_board_and_its_patches_have_odd_rows() -> None:
    """The board at rest (``app/board/memo.py``): its pictures per phase, the patches put
    back under what is drawn over it, and the damage table blended in once."""
    app = battle_app(size=(1280, 720))
    for _ in range(20):
        app.step([])
    memo = app.screen.painter.memo  # type: ignore[attr-defined]
    assert memo.reused > 0 and memo.pictures and memo._patches and memo._over
    kept = [*memo.pictures.values(), *memo._patches.values(), *memo._over.values()]
    assert all(_odd(picture) for picture in kept)
