"""A figure drawn from above as a painted miniature on its base, all inside the base.

The base is the figure's true size; nothing of the drawing passes its edge, so two
figures in contact touch and never overlap. On it stands the miniature, turned to its
facing: its race reads first in its paint, each race its own hue whatever the band
(coral-coated humans, jade-cloaked elves, blue-steel dwarfs with orange beards, broad
green orks, small lime goblins, grey-brown rat-men with a pink tail, violet aliens),
then in its build; its rank in its size and dress (a Chef is larger, caped in the
band's colour, a Sous-chef wears silver pauldrons on larger bases); its main weapons in
its hands (a gun or bow in the right, a blade, axe, mace or spear in the left), reaching
over the rim's inner half so they also point out the facing. The band shows on the base: its top is
the band's colour darkened (dark enough that every race's paint keeps a contrast ratio
of 3 on it, so a green ork never melts into a green band) and its rim carries the band's
pattern (solid, segments, dots, double ring). Chef and Sous-chef carry an emblem (a gold
star, a silver chevron), drawn upright whatever the facing.

Bases of 19 px across or less are drawn for what survives smoothing at that size: no
outlines (they only darken), larger heads, hands and weapons, a wider dark margin
between figure and rim, coarser rim patterns and larger emblems (a Sous-chef's chevron
alone, so the race's paint still shows).

Each sprite is drawn once at four times its size and smoothed down (pygame's shapes have
no anti-aliasing), then kept per (look, size, facing to 1/16 of a turn).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

RGB = tuple[int, int, int]
#: Supersampling factor of the drawing (smoothed down to the base's size).
SS = 4
#: Facings are drawn to this many directions.
FACINGS = 16
#: A figure put out of action topples in this many drawn steps.
FALL_STEPS = 6

@dataclass(frozen=True)
class Race:
    """A race's paint and build: ``skin`` (head, hands), ``armour`` (the torso: clothes,
    mail, fur or carapace), ``accent`` (beard, helmet, hood, tail); shoulder width, body
    length, overall size and head size relative to a human's."""

    skin: RGB
    armour: RGB
    accent: RGB
    width: float
    length: float
    size: float
    head: float


#: Each race painted in its own colours, never the band's: the band shows on the base, so
#: a green ork stands out on a green band's base. Every paint is light enough to stand
#: out on any band's darkened base top (tests/app/test_miniatures.py checks the contrast);
#: the hues differ so the race reads before the shape does at 11 px across.
RACES: dict[str, Race] = {
    "human": Race((240, 196, 158), (232, 128, 112), (120, 78, 44), 1.0, 1.0, 1.0, 1.0),
    "none": Race((240, 196, 158), (232, 128, 112), (120, 78, 44), 1.0, 1.0, 1.0, 1.0),
    "elf": Race((250, 234, 208), (124, 214, 176), (70, 150, 118), 0.84, 1.05, 1.0, 0.92),
    "dwarf": Race((236, 180, 140), (150, 172, 210), (240, 122, 36), 1.22, 0.82, 0.94, 1.05),
    "ork": Race((112, 196, 64), (112, 196, 64), (70, 70, 78), 1.3, 1.05, 1.08, 1.12),
    "goblin": Race((196, 226, 80), (196, 226, 80), (150, 100, 60), 0.92, 0.9, 0.86, 1.25),
    "rat_men": Race((196, 176, 156), (176, 156, 136), (244, 158, 164), 0.92, 1.1, 0.96, 0.95),
    "alien": Race((206, 150, 250), (176, 116, 240), (90, 40, 120), 1.08, 1.15, 1.02, 0.9),
}

#: What each weapon looks like in a hand.
WEAPON_KIND = {
    "pistol": "pistol", "black_powder_pistol": "pistol", "machine_pistol": "pistol",
    "rifle": "rifle", "black_powder_rifle": "rifle", "assault_rifle": "rifle",
    "submachine_gun": "rifle", "machine_gun": "rifle", "bow": "bow", "crossbow": "crossbow",
    "grenade_launcher_fast": "tube", "grenade_launcher_slow": "tube", "bazooka": "tube",
    "cannon": "tube", "howitzer": "tube", "grenade": "grenade",
    "dagger": "dagger", "sword": "sword", "power_sword": "sword", "laser_sword": "sword",
    "two_handed_sword": "greatsword", "two_handed_power_sword": "greatsword",
    "axe": "axe", "chain_axe": "axe", "power_axe": "axe", "small_chainsaw": "axe",
    "two_handed_axe": "greataxe", "two_handed_chain_axe": "greataxe",
    "two_handed_power_axe": "greataxe", "large_chainsaw": "greataxe",
    "club": "mace", "mace": "mace", "morning_star": "mace", "double_morning_star": "mace",
    "two_handed_mace": "mace", "pike": "spear", "spear": "spear", "halberd": "spear",
}
STEEL, WOOD, GUN, GOLD, SILVER = (226, 232, 240), (196, 140, 80), (150, 160, 178), \
    (255, 214, 64), (215, 222, 232)
#: A sword's cross-guard: duller than the Chef's gold, so only the star reads as gold.
BRASS: RGB = (176, 126, 52)
#: Outlines of the figure's parts.
EDGE: RGB = (14, 14, 14)
#: The ground the base's top is painted with, tinted by the band's colour.
EARTH: RGB = (34, 32, 26)
#: How much of the band's colour tints the base's top (the rest is dark ground).
TINT = 0.34


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG 2), to keep every race's paint readable on any base."""
    def linear(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


#: The base top's highest luminance: a light band's base is darkened further, so every
#: race's paint keeps a contrast ratio of 3 or more on it.
TOP_LUMINANCE = 0.045


@lru_cache(maxsize=64)
def base_top(colour: RGB) -> RGB:
    """The base's top inside the rim: the band's colour darkened, so the band reads on the
    whole base and every race's paint stands out on it."""
    top = tuple(e + (c - e) * TINT for e, c in zip(EARTH, colour, strict=True))
    k = 1.0
    while luminance(tuple(round(v * k) for v in top)) > TOP_LUMINANCE:  # type: ignore[arg-type]
        k -= 0.05
    return tuple(round(v * k) for v in top)  # type: ignore[return-value]


@dataclass(frozen=True)
class Look:
    """What a miniature shows: its band's colour and rim pattern, race, rank and weapons
    (a ranged one in the right hand, a melee one in the left; "" for none)."""

    colour: RGB
    pattern: int
    race: str
    rank: str
    right: str = ""
    left: str = ""


def look_of(colour: RGB, pattern: int, race: str, rank: str, ranged: list[str],
            melee: list[str]) -> Look:
    """The look of a figure carrying ``ranged`` and ``melee`` weapons (the first of each)."""
    right = WEAPON_KIND.get(ranged[0], "pistol") if ranged else ""
    left = WEAPON_KIND.get(melee[0], "sword") if melee else ""
    if not right and left:  # a melee fighter holds its weapon in the right hand
        right, left = left, ""
    return Look(colour, pattern, race if race in RACES else "none", rank, right, left)


def shade(colour: RGB, k: float) -> RGB:
    return tuple(max(0, min(255, round(c * k))) for c in colour)  # type: ignore[return-value]


def contrast(colour: RGB) -> RGB:
    r, g, b = colour
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def facing_index(degrees: float) -> int:
    """The drawn direction nearest ``degrees`` (0 = up the screen, clockwise)."""
    return round(degrees / (360 / FACINGS)) % FACINGS


@lru_cache(maxsize=1024)
def miniature(look: Look, r: int, facing: int, lying: bool = False, dim: bool = False,
              fall: int = FALL_STEPS) -> pygame.Surface:
    """The figure on its base, ``2r + 1`` pixels square, turned to ``facing`` (of
    :data:`FACINGS`); ``lying``: out of action, greyed and on its side, ``fall`` steps of
    :data:`FALL_STEPS` down (it topples from where it faced, and greys half-way);
    ``dim``: its activation done this turn."""
    n = 2 * r + 1
    big = n * SS
    R = big / 2
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = (R, R)
    down = fall / FALL_STEPS if lying else 0.0
    grey = down >= 0.5
    colour = shade((150, 150, 150), 1.0) if grey else look.colour
    # on small bases a wider rim on a darker ground, so that its pattern survives smoothing
    small = r <= 9
    rim = R - SS * (0.75 if small else 1.0)
    w = max(2, round(rim * (0.3 if small else 0.22)))
    pygame.draw.circle(surf, (12, 12, 12), c, R)
    pygame.draw.circle(surf, shade(colour, 0.3 if small else 0.5), c, rim)
    _rim(surf, c, rim, w, look.pattern, shade(colour, 1.15), small)
    top = rim - w
    pygame.draw.circle(surf, base_top(colour), c, top)
    if r >= 4:
        # the weapons may reach over the rim's inner half (they show the facing there);
        # the figure itself stays on the base's top, so the rim's pattern stays whole
        reach = rim - w * 0.5
        body, arms = _body(look, big, grey, r, top - SS * (1.25 if small else 0.75), reach)
        start = -facing * 360 / FACINGS
        turn = start + ((90.0 - start + 180) % 360 - 180) * down  # the shorter way round
        layers = [(arms, reach), (body, top + SS / 2)] if look.right or look.left else \
            [(body, top + SS / 2)]
        if down == 0:  # standing: the masks are circles about the centre, so one turn
            figure = pygame.Surface((big, big), pygame.SRCALPHA)
            for layer, edge in layers:
                figure.blit(_within(layer, (R, R), edge), (0, 0))
            layers = [(figure, 0.0)]
        for layer, edge in layers:
            if 0 < down < 1:  # toppling: longer as it leans over towards the ground
                layer = pygame.transform.smoothscale(layer, (big, round(big * (1 + 0.25 * down))))
            layer = pygame.transform.rotate(layer, turn)
            at = layer.get_rect(center=(round(R), round(R)))
            surf.blit(_within(layer, (R - at.x, R - at.y), edge) if edge else layer, at)
    if not grey and r >= 5 and look.rank in ("chef", "sous_chef"):
        # relatively larger on small bases, so that it stays a star or a chevron at 11 px
        size = max(3.0 * SS, R * (0.3 if r >= 10 else 0.4 if r >= 7 else 0.5))
        # towards the rim on the diagonal, its points (1.2 sizes out) inside the base's
        # edge: at the rim itself they reached a diagonal neighbour's base
        d = (R - SS - 1.2 * size) / math.sqrt(2)
        _emblem(surf, look.rank, (R + d, R - d), size, max(1, SS // 2) if r < 7 else SS)
    out = pygame.transform.smoothscale(surf, (n, n))
    if dim:
        veil = pygame.Surface((n, n), pygame.SRCALPHA)
        pygame.draw.circle(veil, (0, 0, 0, 120), (r, r), r)
        out.blit(veil, (0, 0))
    return out.convert_alpha() if pygame.display.get_surface() is not None else out


def _within(layer: pygame.Surface, centre: tuple[float, float], radius: float
            ) -> pygame.Surface:
    """``layer`` with everything farther than ``radius`` from ``centre`` cleared."""
    inside = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(inside, (255, 255, 255, 255), centre, radius)
    layer.blit(inside, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return layer


def _rim(surface: pygame.Surface, c: tuple[float, float], r: float, w: int, style: int,
         colour: RGB, small: bool = False) -> None:
    """The band's pattern on the base's rim: solid, segments, dots or a double ring.

    On a ``small`` base (13 px across or less) the patterns are coarser, so that each
    still reads once smoothed down: four long segments, eight dots, and the double ring's
    inner ring in the colour that contrasts with the band's (two rings one pixel apart
    blur into one). ``w``: the rim's width."""
    if style % 4 == 0:
        pygame.draw.circle(surface, colour, c, r, w)
    elif style % 4 == 1:
        rect = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        rect.center = (round(c[0]), round(c[1]))
        count, length = (4, 0.55) if small else (6, 0.65)
        for k in range(count):
            a = (k + 0.25) * math.tau / count
            pygame.draw.arc(surface, colour, rect, a, a + math.tau / count * length, w)
    elif style % 4 == 2:
        count, size = (8, 0.62) if small else (10, 0.55)
        for k in range(count):
            a = k * math.tau / count
            pygame.draw.circle(surface, colour, (c[0] + (r - w * 0.5) * math.cos(a),
                                                 c[1] + (r - w * 0.5) * math.sin(a)), w * size)
    elif small:
        pygame.draw.circle(surface, colour, c, r, w)
        pygame.draw.circle(surface, contrast(colour), c, r - w * 0.5, max(1, round(w * 0.5)))
    else:
        pygame.draw.circle(surface, colour, c, r, max(1, w * 2 // 5))
        pygame.draw.circle(surface, colour, c, r - w * 0.62, max(1, w * 2 // 5))


def _emblem(surface: pygame.Surface, rank: str, at: tuple[float, float], size: float,
            edge: int = SS) -> None:
    """Chef: a gold star; Sous-chef: a silver chevron; outlined ``edge`` wide (thinner on
    small bases, where a whole pixel of outline would leave no gold)."""
    x, y = at
    if rank == "chef":
        pts = [(x + (size if k % 2 == 0 else size * 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
                y + (size if k % 2 == 0 else size * 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5))
               for k in range(10)]
        pygame.draw.polygon(surface, GOLD, pts)
        pygame.draw.polygon(surface, (40, 30, 0), pts, edge)
    else:
        pts = [(x - size, y - size * 0.65), (x, y + size * 0.15), (x + size, y - size * 0.65),
               (x + size, y), (x, y + size * 0.8), (x - size, y)]
        pygame.draw.polygon(surface, SILVER, pts)
        pygame.draw.polygon(surface, (20, 24, 30), pts, edge)


def _stroke(draw: Any, surf: pygame.Surface, width: int, *shape: Any) -> None:
    """An outline of ``width`` in the edge colour; none at width 0 (pygame fills then)."""
    if width > 0:
        draw(surf, EDGE, *shape, width)


def _body(look: Look, big: int, lying: bool, r: int, room: float, reach: float
          ) -> tuple[pygame.Surface, pygame.Surface]:
    """The miniature alone and its weapons, facing up (towards -y), each centred in a
    ``big`` square: the figure no wider than ``room`` from the centre (a dark margin of
    base top around it, so a green ork never touches a green rim), the weapons' tips no
    farther than ``reach``.

    Painted in its race's colours (the Chef's cape in the band's); on small bases
    (``r`` pixels) the head, hands and weapon are drawn a little larger so that they stay
    more than a smudge once smoothed down."""
    race = RACES[look.race]
    R = big / 2
    rank_k = {"chef": 1.1, "sous_chef": 1.0}.get(look.rank, 0.9)
    small = 1.15 if r <= 9 else 1.0
    k = R * 1.4 * race.size * rank_k
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    arms = pygame.Surface((big, big), pygame.SRCALPHA)
    cx, cy = R, R + k * 0.12  # a little back, so the weapons have room forward
    if lying:
        skin, cloth, accent = (176, 176, 176), (150, 150, 150), (120, 120, 120)
    else:
        skin, cloth, accent = race.skin, race.armour, race.accent
    # outlines only where they are more than a darkening smudge once smoothed down
    ew = round(SS * 0.8) if r >= 10 else 0
    if look.rank == "chef":  # a cape in the band's colour, darker than the gold star
        cape_colour = (128, 128, 128) if lying else shade(look.colour, 0.7)
        cape = [(cx - k * 0.42 * race.width, cy - k * 0.05), (cx + k * 0.42 * race.width, cy - k * 0.05),
                (cx + k * 0.32 * race.width, cy + k * 0.5), (cx - k * 0.32 * race.width, cy + k * 0.5)]
        pygame.draw.polygon(surf, cape_colour, cape)
        _stroke(pygame.draw.polygon, surf, ew, cape)
    if look.race == "rat_men":  # a tail behind
        pts = [(cx, cy + k * 0.3), (cx + k * 0.16, cy + k * 0.55), (cx - k * 0.05, cy + k * 0.8)]
        _stroke(pygame.draw.lines, surf, ew and max(3, round(k * 0.1)) + 2 * ew, False, pts)
        pygame.draw.lines(surf, accent, False, pts, max(3, round(k * 0.1)))
    # the hands and their weapons, under the shoulders' front edge
    hand_y = cy - k * 0.22
    hand_r = k * 0.1 * small
    for side, kind in ((1, look.right), (-1, look.left)):
        hx = cx + side * min(k * 0.36 * race.width, room - hand_r)
        if kind:
            _weapon(arms, kind, (hx, hand_y), k, side, reach, small)
        pygame.draw.circle(surf, skin, (hx, hand_y), hand_r)
        _stroke(pygame.draw.circle, surf, ew, (hx, hand_y), hand_r)
    # shoulders and body
    body = pygame.Rect(0, 0, round(min(k * 0.9 * race.width, 2 * room)),
                       round(k * 0.5 * race.length))
    body.center = (round(cx), round(cy))
    pygame.draw.ellipse(surf, cloth, body)
    if look.race == "alien":  # carapace ridges
        for i in (-1, 0, 1):
            y = body.centery + i * body.h // 4
            pygame.draw.line(surf, accent, (body.x + body.w * 0.2, y),
                             (body.right - body.w * 0.2, y), max(SS // 2, round(k * 0.05)))
    elif look.race == "ork":  # a dark strap across the bare green chest
        pygame.draw.line(surf, accent, (body.x + body.w * 0.22, body.y + body.h * 0.15),
                         (body.right - body.w * 0.22, body.bottom - body.h * 0.15),
                         max(SS // 2, round(k * 0.09)))
    if look.rank == "sous_chef" and r >= 10:  # pauldrons (on small bases the chevron says it)
        for side in (-1, 1):
            pygame.draw.circle(surf, SILVER, (cx + side * body.w * 0.38, cy), k * 0.14)
            _stroke(pygame.draw.circle, surf, ew, (cx + side * body.w * 0.38, cy), k * 0.14)
    _stroke(pygame.draw.ellipse, surf, ew, body)
    # the head, a little forward
    hr = k * 0.2 * race.head * small
    head = (cx, cy - k * 0.08)
    if look.race == "dwarf":  # a great beard forward under a steel helmet
        beard = [(head[0] - hr * 0.9, head[1] - hr * 0.2), (head[0] + hr * 0.9, head[1] - hr * 0.2),
                 (head[0], head[1] - hr * 1.7)]
        pygame.draw.polygon(surf, accent, beard)
        _stroke(pygame.draw.polygon, surf, ew, beard)
        pygame.draw.circle(surf, (150, 158, 176) if not lying else skin, head, hr)
    elif look.race == "elf":  # ears out to the sides, a hood behind
        for side in (-1, 1):
            ear = [(head[0] + side * hr * 0.8, head[1] - hr * 0.2),
                   (head[0] + side * hr * 1.7, head[1] - hr * 0.2),
                   (head[0] + side * hr * 0.8, head[1] + hr * 0.3)]
            pygame.draw.polygon(surf, skin, ear)
            _stroke(pygame.draw.polygon, surf, ew, ear)
        pygame.draw.circle(surf, skin, head, hr)
        pygame.draw.circle(surf, accent, (head[0], head[1] + hr * 0.35), hr * 0.8)
    elif look.race == "rat_men":  # a snout forward
        snout = [(head[0] - hr * 0.55, head[1] - hr * 0.6), (head[0] + hr * 0.55, head[1] - hr * 0.6),
                 (head[0], head[1] - hr * 1.7)]
        pygame.draw.polygon(surf, skin, snout)
        _stroke(pygame.draw.polygon, surf, ew, snout)
        pygame.draw.circle(surf, accent, (head[0], head[1] - hr * 1.6), max(SS / 2, hr * 0.3))
        pygame.draw.circle(surf, skin, head, hr)
    elif look.race in ("ork", "goblin"):  # ears out to the sides, goblins' the larger
        out = 1.5 if look.race == "ork" else 2.0
        for side in (-1, 1):
            ear = [(head[0] + side * hr * 0.7, head[1] - hr * 0.3),
                   (head[0] + side * hr * out, head[1] - hr * 0.7),
                   (head[0] + side * hr * 0.8, head[1] + hr * 0.3)]
            pygame.draw.polygon(surf, skin, ear)
            _stroke(pygame.draw.polygon, surf, ew, ear)
        pygame.draw.circle(surf, skin, head, hr)
    elif look.race == "alien":  # a long domed head
        dome = pygame.Rect(0, 0, round(hr * 1.7), round(hr * 2.6))
        dome.center = (round(head[0]), round(head[1] + hr * 0.2))
        pygame.draw.ellipse(surf, skin, dome)
        _stroke(pygame.draw.ellipse, surf, ew, dome)
    else:  # hair at the back of the head
        pygame.draw.circle(surf, skin, head, hr)
        pygame.draw.circle(surf, accent, (head[0], head[1] + hr * 0.35), hr * 0.75)
        pygame.draw.circle(surf, skin, (head[0], head[1] - hr * 0.1), hr * 0.75)
    if look.race != "alien":
        _stroke(pygame.draw.circle, surf, ew, head, hr)
    return surf, arms


def _weapon(surf: pygame.Surface, kind: str, hand: tuple[float, float], k: float,
            side: int, reach_r: float, small: float = 1.0) -> None:
    """A weapon held at ``hand``, pointing forward (up), its tip no farther than
    ``reach_r`` from the base's centre; thicker on small bases (``small`` > 1), and in
    colours that show on a dark base."""
    x, y = hand
    w = max(round(SS * 1.8 if small > 1 else SS), round(k * 0.07))
    edge = (14, 14, 14)
    reach = {"dagger": 0.22, "pistol": 0.26, "sword": 0.42, "axe": 0.36, "mace": 0.36,
             "greatsword": 0.52, "greataxe": 0.48, "spear": 0.62, "rifle": 0.5, "tube": 0.44,
             "crossbow": 0.38, "bow": 0.38, "grenade": 0.0}[kind]
    R = surf.get_width() / 2
    room = math.sqrt(max(0.0, reach_r ** 2 - (x - R) ** 2)) - (R - y)
    tip = (x, y - min(k * reach, max(0.0, room)))
    if kind in ("pistol", "rifle", "tube"):
        colour = GUN if kind != "tube" else (150, 170, 104)
        wide = {"pistol": w, "rifle": w, "tube": round(w * 1.8)}[kind]
        pygame.draw.line(surf, edge, (x, y + k * 0.05), tip, wide + 2 * SS // 2)
        pygame.draw.line(surf, colour, (x, y + k * 0.05), tip, wide)
        if kind == "rifle":
            pygame.draw.line(surf, WOOD, (x, y + k * 0.04), (x, y + k * 0.2), wide + 1)
    elif kind in ("bow", "crossbow"):
        arc = pygame.Rect(0, 0, round(k * 0.62), round(k * 0.32))
        arc.center = (round(x), round(y - k * 0.22))
        pygame.draw.arc(surf, edge, arc.inflate(2 * SS // 2, 2 * SS // 2), 0, math.pi, w + SS)
        pygame.draw.arc(surf, WOOD, arc, 0, math.pi, w + 1)
        pygame.draw.line(surf, (240, 240, 230), arc.midleft, arc.midright, max(1, SS // 2))
        if kind == "crossbow":
            pygame.draw.line(surf, WOOD, (x, y), tip, w + 1)
    elif kind == "grenade":
        pygame.draw.circle(surf, (150, 170, 104), (x, y - k * 0.12), k * 0.1 * small)
        pygame.draw.circle(surf, edge, (x, y - k * 0.12), k * 0.1 * small, max(1, SS // 2))
    else:
        handle = (x, y - k * 0.1)
        pygame.draw.line(surf, WOOD, (x, y + k * 0.05), handle, w)
        blade = STEEL if kind in ("dagger", "sword", "greatsword", "axe", "greataxe") else WOOD
        pygame.draw.line(surf, edge, handle, tip, w + 2 * SS // 2)
        pygame.draw.line(surf, blade, handle, tip, w)
        if kind in ("sword", "greatsword", "dagger"):  # the cross-guard
            pygame.draw.line(surf, BRASS, (x - k * 0.09, handle[1]), (x + k * 0.09, handle[1]), w)
        elif kind in ("axe", "greataxe"):
            head = [(tip[0], tip[1] + k * 0.02), (tip[0] + side * k * 0.17, tip[1] - k * 0.03),
                    (tip[0] + side * k * 0.17, tip[1] + k * 0.18), (tip[0], tip[1] + k * 0.15)]
            pygame.draw.polygon(surf, STEEL, head)
            pygame.draw.polygon(surf, edge, head, max(1, w // 2))
        elif kind == "mace":
            pygame.draw.circle(surf, (170, 170, 180), tip, k * 0.09 * small)
            pygame.draw.circle(surf, edge, tip, k * 0.09 * small, max(1, w // 2))
        elif kind == "spear":
            pygame.draw.polygon(surf, STEEL, [(tip[0] - k * 0.06, tip[1] + k * 0.09),
                                              (tip[0] + k * 0.06, tip[1] + k * 0.09),
                                              (tip[0], tip[1] - k * 0.06)])
