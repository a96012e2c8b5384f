"""The rubble tile sets each stone in its own box, wrapping at the tile's edges: the
same pixels as masking the whole tile for each stone, in less of the time the table's
first frame waits for."""

from __future__ import annotations

import numpy as np

from skirmish.app.board import textures as tx


def _masked_rubble() -> np.ndarray:
    """The rubble tile with each stone found by a mask over the whole tile."""
    rng = np.random.default_rng(41)
    light = 0.8 + 0.25 * tx._fbm(42)
    y, x = np.mgrid[0:tx.TILE, 0:tx.TILE]
    for _ in range(70):
        cx, cy = rng.integers(0, tx.TILE, 2)
        w, h = rng.integers(2, 7, 2)
        shade = rng.uniform(0.7, 1.35)
        m = ((x - cx) % tx.TILE < w) & ((y - cy) % tx.TILE < h)
        light = np.where(m, shade, light)
    return tx._tint(tx.LOOK_COLOUR["rubble"], light)


def test_rubble_stones_in_their_own_boxes_are_the_masked_ones() -> None:
    made = tx._rubble()
    assert np.array_equal(made, _masked_rubble())
    assert len(np.unique(made.reshape(-1, 3), axis=0)) > 100  # stones over a mottled ground
