"""Procedural terrain textures made with numpy: grass, roof tiles, stone walls, woods,
rubble, hills, water. Each is a small seamless tile built once per process and tiled into
the terrain layer, so the table looks like a table without shipping image files.

A piece's look comes from what it does (see ``piece_look``): the scenario format has no
field for it, and a look that follows the rules keeps the picture honest."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import pygame

TILE = 96
RGB = tuple[int, int, int]

#: Base colours per look; the legend and the board share them.
LOOK_COLOUR: dict[str, RGB] = {
    "ground": (98, 106, 78),
    "building": (128, 84, 70),
    "wall": (150, 146, 134),
    "woods": (46, 84, 46),
    "hedge": (52, 92, 50),
    "orchard": (86, 112, 60),
    "rubble": (124, 118, 108),
    "hill": (140, 134, 96),
    "water": (52, 92, 128),
    "stone": (110, 104, 100),
}


def piece_look(piece: Any) -> str:
    """What a terrain piece looks like, from its kind, height and shape."""
    xs = [p[0] for p in piece.polygon]
    ys = [p[1] for p in piece.polygon]
    thin = min(max(xs) - min(xs), max(ys) - min(ys)) <= 1.2 or _thinness(piece.polygon) < 0.9
    if getattr(piece, "raised", False):
        return "hill"
    if piece.kind == "impassable":
        if piece.blocks_los and piece.height >= 2:
            return "building"
        if not piece.blocks_los and not piece.cover:
            return "water"
        return "wall" if thin else "stone"
    if piece.kind == "difficult":
        if piece.blocks_los:
            return "hedge" if thin else "woods"
        if thin or piece.height >= 1:
            return "wall"
        if piece.cover and piece.height > 0:
            return "rubble"
        return "orchard" if piece.cover else "rubble"
    return "ground"


def _thinness(poly: Any) -> float:
    """Twice the area over the perimeter: about the width of a long thin piece, in pas."""
    area = 0.0
    perim = 0.0
    n = len(poly)
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        area += x0 * y1 - x1 * y0
        perim += ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    return abs(area) / max(perim, 1e-6) * 2


def _noise(seed: int, cells: int, size: int = TILE) -> np.ndarray:
    """Seamless value noise in [0, 1]: a random grid, wrapped and smoothly interpolated."""
    rng = np.random.default_rng(seed)
    g = rng.random((cells, cells))
    t = np.arange(size) * cells / size
    i0 = np.floor(t).astype(int)
    f = t - i0
    f = f * f * (3 - 2 * f)
    i1 = (i0 + 1) % cells
    rows = g[i0] * (1 - f)[:, None] + g[i1] * f[:, None]
    return rows[:, i0] * (1 - f)[None, :] + rows[:, i1] * f[None, :]


def _fbm(seed: int) -> np.ndarray:
    n = (_noise(seed, 4) * 0.5 + _noise(seed + 1, 8) * 0.3 + _noise(seed + 2, 24) * 0.2)
    return (n - n.min()) / max(1e-6, n.max() - n.min())


def _tint(base: RGB, light: np.ndarray) -> np.ndarray:
    """An RGB array of ``base`` lit by ``light`` (1.0 = as is)."""
    out = np.empty((*light.shape, 3), dtype=np.float32)
    for k in range(3):
        out[..., k] = base[k] * light
    return np.clip(out, 0, 255)


def _ground() -> np.ndarray:
    n = _fbm(11)
    rng = np.random.default_rng(12)
    speck = rng.random((TILE, TILE)) > 0.93
    light = 0.86 + 0.26 * n + np.where(speck, 0.1, 0.0)
    return _tint(LOOK_COLOUR["ground"], light)


def _building() -> np.ndarray:
    """Roof tiles: rows of rounded tiles, each row offset by half a tile."""
    y, x = np.mgrid[0:TILE, 0:TILE]
    row_h, tile_w = 12, 16
    row = y // row_h
    xx = (x + (row % 2) * tile_w // 2) % tile_w
    yy = y % row_h
    edge = (xx < 1) | (yy > row_h - 3)
    curve = 1.0 - 0.25 * (yy / row_h) ** 2
    light = curve * (0.9 + 0.2 * _noise(21, 6)) * np.where(edge, 0.62, 1.0)
    return _tint(LOOK_COLOUR["building"], light)


def _wall() -> np.ndarray:
    """Dressed stones: courses of blocks with dark mortar."""
    y, x = np.mgrid[0:TILE, 0:TILE]
    course, block = 8, 16
    row = y // course
    xx = (x + (row % 3) * block // 3) % block
    mortar = (xx < 2) | (y % course < 2)
    rng = np.random.default_rng(31)
    shade = rng.uniform(0.85, 1.1, size=(TILE // course + 1, TILE // block + 2))
    light = shade[row, (x + (row % 3) * block // 3) // block % shade.shape[1]]
    light = light * (0.92 + 0.16 * _noise(32, 12)) * np.where(mortar, 0.55, 1.0)
    return _tint(LOOK_COLOUR["wall"], light)


def _canopy(seed: int, base: RGB, density: float) -> np.ndarray:
    """Tree crowns seen from above: overlapping discs on a dark understorey, each lit
    from the upper left; drawn disc by disc in its own box, wrapping at the tile's edges."""
    rng = np.random.default_rng(seed)
    light = np.full((TILE, TILE), 0.55, dtype=np.float32)
    for _ in range(int(28 * density)):
        cx, cy, r = rng.uniform(0, TILE), rng.uniform(0, TILE), rng.uniform(7, 14)
        xs = np.arange(int(cx - r), int(cx + r) + 2)
        ys = np.arange(int(cy - r), int(cy + r) + 2)
        dx = cx - xs[None, :]
        dy = cy - ys[:, None]
        d = np.hypot(dx, dy) / r
        lit = np.where(d < 1, 1.15 - 0.45 * d + 0.18 * (dx + dy) / r, 0).astype(np.float32)
        box = np.ix_(ys % TILE, xs % TILE)
        light[box] = np.maximum(light[box], lit)
    light = light * (0.9 + 0.2 * _noise(seed + 1, 16))
    return _tint(base, light)


def _rubble() -> np.ndarray:
    """Stones: small boxes of their own shade, wrapping at the tile's edges, each one set
    in its own box (the tile is made while the table's first frame waits)."""
    rng = np.random.default_rng(41)
    light = 0.8 + 0.25 * _fbm(42)
    for _ in range(70):
        cx, cy = rng.integers(0, TILE, 2)
        w, h = rng.integers(2, 7, 2)
        light[np.ix_(np.arange(cy, cy + h) % TILE, np.arange(cx, cx + w) % TILE)] = \
            rng.uniform(0.7, 1.35)
    return _tint(LOOK_COLOUR["rubble"], light)


def _hill() -> np.ndarray:
    n = _fbm(51)
    return _tint(LOOK_COLOUR["hill"], 0.88 + 0.22 * n)


def _water() -> np.ndarray:
    y, x = np.mgrid[0:TILE, 0:TILE]
    ripple = 0.5 + 0.5 * np.sin((y + 6 * _noise(61, 4)) * 2 * np.pi / 16)
    return _tint(LOOK_COLOUR["water"], 0.85 + 0.25 * ripple * _noise(62, 8))


def _stone() -> np.ndarray:
    return _tint(LOOK_COLOUR["stone"], 0.8 + 0.35 * _fbm(71))


_MAKERS = {"ground": _ground, "building": _building, "wall": _wall,
           "woods": lambda: _canopy(81, LOOK_COLOUR["woods"], 1.0),
           "hedge": lambda: _canopy(83, LOOK_COLOUR["hedge"], 1.3),
           "orchard": lambda: _canopy(85, LOOK_COLOUR["orchard"], 0.45),
           "rubble": _rubble, "hill": _hill, "water": _water, "stone": _stone}


@cache
def _made(look: str) -> np.ndarray:
    return _MAKERS[look]().astype(np.uint8)


@cache
def tile(look: str) -> pygame.Surface:
    """The seamless tile for ``look`` (made once, then reused)."""
    arr = _made(look)
    surf = pygame.Surface((TILE, TILE))
    pygame.surfarray.blit_array(surf, arr.transpose(1, 0, 2))
    return surf


def tiled(look: str, size: tuple[int, int], phase: tuple[int, int] = (0, 0)) -> pygame.Surface:
    """A surface of ``size`` covered with the tile; ``phase`` keeps the pattern fixed to the
    table while the drawn region moves."""
    t = tile(look)
    out = pygame.Surface(size)
    px, py = (-phase[0]) % TILE - TILE, (-phase[1]) % TILE - TILE
    out.fblits([(t, (x, y)) for x in range(px, size[0], TILE) for y in range(py, size[1], TILE)])
    return out


def warm_textures(pieces: Any = ()) -> None:
    """Make the tiles a table needs ahead of its first frame (the loading screen's
    thread), so the board does not stall drawing them."""
    for look in {"ground", "rubble", "building", "hill"} | {piece_look(p) for p in pieces}:
        _made(look)
