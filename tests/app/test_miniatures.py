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

from skirmish.app.board.miniatures import FACINGS, RACES, Look, look_of, miniature

BLUE = (59, 125, 216)


def rgba(surface: pygame.Surface) -> np.ndarray:
    """[y, x, channel] of a sprite's pixels."""
    w, h = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).reshape(h, w, 4)


def differ(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels tell the two sprites apart (a channel off by more than 24)."""
    return int((np.abs(rgba(a).astype(int) - rgba(b).astype(int)).max(axis=2) > 24).sum())


def gold(surface: pygame.Surface) -> int:
    """Opaque pixels of the Chef's star's gold (strong red and green, little blue)."""
    px = rgba(surface).astype(int)
    return int(((px[..., 0] > 170) & (px[..., 1] > 140) & (px[..., 2] < 120)
                & (px[..., 3] > 200)).sum())


#: Base radii in pixels: 1-pas bases at 960 x 600 (about 6), 1280 x 720 (8), 1920 x 1080 (12).
RADII = (6, 8, 12)


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


@pytest.mark.parametrize("r", [pytest.param(6, marks=pytest.mark.xfail(strict=True, reason=(
    "at 13 px across the solid rim and the double ring draw the same pixels"))), 8, 12])
def test_each_band_pattern_reads_on_the_rim(r: int) -> None:
    sprites = [miniature(Look(BLUE, p, "human", "sous_fifre", "sword"), r, 0) for p in range(4)]
    for a, b in itertools.combinations(range(4), 2):
        assert differ(sprites[a], sprites[b]) >= 3, (a, b, r)


@pytest.mark.parametrize("r", RADII)
def test_the_facing_and_a_fall_show(r: int) -> None:
    look = Look(BLUE, 0, "ork", "chef", "pistol", "axe")
    up, right = miniature(look, r, 0), miniature(look, r, FACINGS // 4)
    assert differ(up, right) >= 5
    assert differ(up, miniature(look, r, 0, lying=True)) >= 5


@pytest.mark.parametrize("r", (*RADII, 20))
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
