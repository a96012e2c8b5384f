"""Figures are miniatures on their bases: the sprite a figure is drawn with shows its
race, its rank (a Chef's gold star, a Sous-chef's silver chevron), its main weapon, its
band's rim pattern and its facing, each telling two figures apart at the sizes the table
draws them, and nothing of it passes the base's circle (two bases in contact never
overlap, GAP-16)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pygame
import pytest

from skirmish.app.board.miniatures import (
    FACINGS,
    RACES,
    Look,
    base_top,
    look_of,
    luminance,
    miniature,
)
from skirmish.app.theme import BAND_DEFAULTS, band_colour

BLUE = (59, 125, 216)


def rgba(surface: pygame.Surface) -> np.ndarray:
    """[y, x, channel] of a sprite's pixels."""
    w, h = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).reshape(h, w, 4)


def differ(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels tell the two sprites apart (a channel off by more than 24)."""
    return int((np.abs(rgba(a).astype(int) - rgba(b).astype(int)).max(axis=2) > 24).sum())


def gold(surface: pygame.Surface, inner: bool = False) -> int:
    """Opaque pixels of the Chef's star's gold (strong red and green, little blue);
    ``inner``: only those inside the rim (a gold band's rim is gold too)."""
    px = rgba(surface).astype(int)
    found = ((px[..., 0] > 170) & (px[..., 1] > 140) & (px[..., 2] < 120) & (px[..., 3] > 200))
    return int((found & _inner(surface)).sum()) if inner else int(found.sum())


def _inner(surface: pygame.Surface) -> np.ndarray:
    """The pixels of the base's upper right quarter inside its rim, where the rank's
    emblem is drawn."""
    n = surface.get_width()
    r = n // 2
    ys, xs = np.mgrid[0:n, 0:n]
    return (np.hypot(xs - r, ys - r) < r * 0.75) & (xs >= r - 1) & (ys <= r + 1)


#: Base radii in pixels: 1-pas bases at 960 x 600 (about 6), 1280 x 720 (8), 1920 x 1080 (12).
RADII = (6, 8, 12)
#: The shipped warbands' colours (scenarios/warbands/), then the default ones.
SHIPPED = [band_colour(h, 0) for h in ("#a0522d", "#c9b037", "#6b8e23", "#2f6fd0", "#3f9b3a",
                                       "#7d6b8f", "#3b7dd8", "#b03a8c", "#d55e00", "#56b4e9")]
BANDS = [*SHIPPED, *BAND_DEFAULTS]


def ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours (1 = alike, 21 = black on white)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def silver(surface: pygame.Surface) -> int:
    """Opaque light grey pixels where the Sous-chef's chevron is drawn."""
    px = rgba(surface).astype(int)
    return int(((px[..., :3].min(axis=2) > 165) & (np.ptp(px[..., :3], axis=2) < 40)
                & (px[..., 3] > 200) & _inner(surface)).sum())


@pytest.mark.parametrize("r", RADII)
def test_every_race_looks_its_own_R_RACE_OPT(r: int) -> None:
    races = [x for x in RACES if x != "none"]
    sprites = {x: miniature(Look(BLUE, 0, x, "sous_fifre", "sword"), r, 0) for x in races}
    for a, b in itertools.combinations(races, 2):
        assert differ(sprites[a], sprites[b]) >= 3, (a, b, r)


@pytest.mark.parametrize("r", RADII)
def test_chef_and_sous_chef_carry_their_emblem_R_BAND_COMP(r: int) -> None:
    chef, sous_chef, fifre = (miniature(Look(BLUE, 0, "human", rank, "pistol"), r, 0)
                              for rank in ("chef", "sous_chef", "sous_fifre"))
    assert gold(chef) >= gold(fifre) + 2
    assert differ(chef, fifre) >= 5 and differ(sous_chef, fifre) >= 5
    assert differ(chef, sous_chef) >= 5


@pytest.mark.parametrize("r", RADII)
def test_the_main_weapon_shows_R_EQ_WEAPONS(r: int) -> None:
    looks = [look_of(BLUE, 0, "human", "sous_fifre", ranged, melee)
             for ranged, melee in ((["rifle"], []), ([], ["sword"]), ([], ["spear"]),
                                   (["bow"], []), ([], []))]
    sprites = [miniature(look, r, 0) for look in looks]
    for (la, a), (lb, b) in itertools.combinations(zip(looks, sprites, strict=True), 2):
        assert differ(a, b) >= 2, (la.right, lb.right, r)


@pytest.mark.parametrize("r", (5, *RADII))
def test_each_band_pattern_reads_on_the_rim(r: int) -> None:
    """Down to 11 px across: on small bases the patterns are coarser and the double
    ring's inner ring contrasts, so no two patterns draw alike."""
    sprites = [miniature(Look(BLUE, p, "human", "sous_fifre", "sword"), r, 0) for p in range(4)]
    for a, b in itertools.combinations(range(4), 2):
        assert differ(sprites[a], sprites[b]) >= 3, (a, b, r)


@pytest.mark.parametrize("r", RADII)
def test_the_facing_and_a_fall_show(r: int) -> None:
    look = Look(BLUE, 0, "ork", "chef", "pistol", "axe")
    up, right = miniature(look, r, 0), miniature(look, r, FACINGS // 4)
    assert differ(up, right) >= 5
    assert differ(up, miniature(look, r, 0, lying=True)) >= 5


@pytest.mark.parametrize("r", (5, *RADII, 20))
def test_nothing_of_a_miniature_passes_its_base_GAP_16(r: int) -> None:
    """Every race, rank and the longest weapons, at every facing: no pixel outside the
    base's circle of radius r (half a pixel of smoothing at its edge)."""
    n = 2 * r + 1
    ys, xs = np.mgrid[0:n, 0:n]
    outside = np.hypot(xs - r, ys - r) > r + 0.75
    for race, rank, facing in itertools.product(("ork", "elf", "rat_men"), ("chef", "sous_fifre"),
                                                range(0, FACINGS, 3)):
        sprite = miniature(Look(BLUE, 2, race, rank, "rifle", "spear"), r, facing)
        alpha = rgba(sprite)[..., 3]
        assert not (alpha[outside] > 32).any(), (race, rank, facing, r)
    assert math.isclose(sprite.get_width(), n)


@pytest.mark.parametrize("race", [x for x in RACES if x != "none"])
def test_every_race_stands_out_on_any_band_s_base_R_RACE_OPT(race: str) -> None:
    """A race is painted in its own colours, never its band's: its skin and its armour
    keep a contrast ratio of 3 or more on the base's top of every band colour (a grid of
    216 colours and the shipped ones), so a green ork does not melt into a green band."""
    grid = list(itertools.product(range(0, 256, 51), repeat=3))
    paint = RACES[race]
    for band in [*BANDS, *grid]:
        for part in (paint.skin, paint.armour):
            assert ratio(part, base_top(band)) >= 3.0, (race, part, band)


@pytest.mark.parametrize("band", BANDS)
def test_an_ork_on_a_green_band_is_not_green_on_green_R_RACE_OPT(band: tuple[int, int, int]
                                                                ) -> None:
    """Drawn for real at 13 px across: the figure's pixels at the base's centre are far
    from the base top's colour, whatever the band."""
    for race in ("ork", "goblin", "elf", "alien", "rat_men"):
        sprite = rgba(miniature(Look(band, 0, race, "sous_fifre", "sword"), 6, 0)).astype(int)
        top = np.array(base_top(band))
        centre = sprite[5:9, 4:9, :3]  # the body and head, a little behind the centre
        far = np.abs(centre - top).sum(axis=2) > 120
        assert far.sum() >= 8, (race, band)


@pytest.mark.parametrize("r", (5, *RADII))
def test_rank_emblems_show_at_11_px_R_BAND_COMP(r: int) -> None:
    """Even on an 11 px base the Chef's star is gold pixels and the Sous-chef's chevron
    silver ones, on every race and band (facing away from the emblem's corner)."""
    for race, band in itertools.product(("human", "ork", "dwarf", "alien"), BANDS[:6]):
        chef, sous_chef, fifre = (miniature(Look(band, 1, race, rank, "rifle"), r, 10)
                                  for rank in ("chef", "sous_chef", "sous_fifre"))
        assert gold(chef, True) >= gold(fifre, True) + 2, (race, band, r)
        assert silver(sous_chef) >= silver(fifre) + 2, (race, band, r)


@pytest.mark.parametrize("r", (5, 6))
def test_races_and_weapons_differ_at_11_and_13_px_R_RACE_OPT(r: int) -> None:
    """At the fit-to-table zoom of a 960 x 600 window, races and weapon kinds still give
    different sprites."""
    races = [x for x in RACES if x != "none"]
    sprites = {x: miniature(Look(BLUE, 0, x, "sous_fifre", "rifle"), r, 0) for x in races}
    for a, b in itertools.combinations(races, 2):
        assert differ(sprites[a], sprites[b]) >= 3, (a, b, r)
    kinds = ("rifle", "sword", "spear", "bow", "axe", "")
    weapons = {w: miniature(Look(BLUE, 0, "human", "sous_fifre", w), r, 0) for w in kinds}
    for a, b in itertools.combinations(kinds, 2):
        assert differ(weapons[a], weapons[b]) >= 1, (a, b, r)
