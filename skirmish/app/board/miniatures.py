"""A figure drawn from above as a painted miniature on its base, all inside the base.

The base is the figure's true size; nothing of the drawing passes its edge, so two
figures in contact touch and never overlap. On it stands the miniature, turned to its
facing: its race reads in its build and skin (broad green orks, small goblins, stocky
helmeted dwarfs, slim hooded elves, rat-men with snout and tail, carapaced aliens), its
rank in its size and cape (a Chef is larger and caped, a Sous-chef wears pauldrons), its
main weapons in its hands (a gun or bow in the right, a blade, axe, mace or spear in the
left). The band shows in the base's colour and the pattern on its rim (solid, segments,
dots, double ring), and on the clothes. Chef and Sous-chef carry an emblem on the rim (a
gold star, a silver chevron), drawn upright whatever the facing.

Each sprite is drawn once at four times its size and smoothed down (pygame's shapes have
no anti-aliasing), then kept per (look, size, facing to 1/16 of a turn).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

RGB = tuple[int, int, int]
#: Supersampling factor of the drawing (smoothed down to the base's size).
SS = 4
#: Facings are drawn to this many directions.
FACINGS = 16
#: A figure put out of action topples in this many drawn steps.
FALL_STEPS = 6

#: Skin, build (shoulder width, body length) and size of each race; "none" is human.
@dataclass(frozen=True)
class Race:
    skin: RGB
    width: float
    length: float
    size: float
    head: float


RACES: dict[str, Race] = {
    "human": Race((226, 186, 150), 1.0, 1.0, 1.0, 1.0),
    "none": Race((226, 186, 150), 1.0, 1.0, 1.0, 1.0),
    "elf": Race((238, 214, 186), 0.84, 1.05, 1.0, 0.92),
    "dwarf": Race((214, 170, 132), 1.2, 0.82, 0.92, 1.05),
    "ork": Race((96, 150, 62), 1.28, 1.05, 1.06, 1.12),
    "goblin": Race((132, 168, 74), 0.88, 0.85, 0.82, 1.18),
    "rat_men": Race((140, 116, 96), 0.92, 1.1, 0.95, 0.95),
    "alien": Race((150, 96, 170), 1.08, 1.15, 1.02, 0.9),
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
STEEL, WOOD, DARK, GOLD, SILVER = (214, 220, 228), (128, 88, 52), (44, 46, 52), \
    (255, 214, 64), (215, 222, 232)
#: The base's top, painted as ground inside the band's rim.
EARTH: RGB = (88, 84, 66)


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
    pygame.draw.circle(surf, (12, 12, 12), c, R)
    pygame.draw.circle(surf, shade(colour, 0.5), c, R - SS)
    _rim(surf, c, R - SS, look.pattern, shade(colour, 1.15))
    pygame.draw.circle(surf, EARTH, c, R * 0.78)
    if r >= 4:
        body = _body(look, big, grey)
        start = -facing * 360 / FACINGS
        turn = start + ((90.0 - start + 180) % 360 - 180) * down  # the shorter way round
        if 0 < down < 1:  # toppling: longer as it leans over towards the ground
            body = pygame.transform.smoothscale(body, (big, round(big * (1 + 0.25 * down))))
        body = pygame.transform.rotate(body, turn)
        at = body.get_rect(center=(round(R), round(R)))
        inside = pygame.Surface(body.get_size(), pygame.SRCALPHA)  # nothing past the base
        pygame.draw.circle(inside, (255, 255, 255, 255), (R - at.x, R - at.y), R - SS)
        body.blit(inside, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(body, at)
    if not grey and r >= 6 and look.rank in ("chef", "sous_chef"):
        size = max(3.0 * SS, R * 0.3)
        # towards the rim on the diagonal, its points (1.2 sizes out) inside the base's
        # edge: at the rim itself they reached a diagonal neighbour's base
        d = (R - SS - 1.2 * size) / math.sqrt(2)
        _emblem(surf, look.rank, (R + d, R - d), size)
    out = pygame.transform.smoothscale(surf, (n, n))
    if dim:
        veil = pygame.Surface((n, n), pygame.SRCALPHA)
        pygame.draw.circle(veil, (0, 0, 0, 120), (r, r), r)
        out.blit(veil, (0, 0))
    return out.convert_alpha() if pygame.display.get_surface() is not None else out


def _rim(surface: pygame.Surface, c: tuple[float, float], r: float, style: int,
         colour: RGB) -> None:
    """The band's pattern on the base's rim."""
    w = max(2, round(r * 0.22))
    if style % 4 == 0:
        pygame.draw.circle(surface, colour, c, r, w)
    elif style % 4 == 1:
        rect = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        rect.center = (round(c[0]), round(c[1]))
        for k in range(6):
            a = k * math.tau / 6
            pygame.draw.arc(surface, colour, rect, a, a + math.tau / 12 * 1.3, w)
    elif style % 4 == 2:
        for k in range(10):
            a = k * math.tau / 10
            pygame.draw.circle(surface, colour, (c[0] + (r - w * 0.5) * math.cos(a),
                                                 c[1] + (r - w * 0.5) * math.sin(a)), w * 0.55)
    else:
        pygame.draw.circle(surface, colour, c, r, max(1, w * 2 // 5))
        pygame.draw.circle(surface, colour, c, r - w * 0.62, max(1, w * 2 // 5))


def _emblem(surface: pygame.Surface, rank: str, at: tuple[float, float], size: float) -> None:
    """Chef: a gold star; Sous-chef: a silver chevron."""
    x, y = at
    if rank == "chef":
        pts = [(x + (size if k % 2 == 0 else size * 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
                y + (size if k % 2 == 0 else size * 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5))
               for k in range(10)]
        pygame.draw.polygon(surface, GOLD, pts)
        pygame.draw.polygon(surface, (40, 30, 0), pts, max(1, SS))
    else:
        pts = [(x - size, y - size * 0.65), (x, y + size * 0.15), (x + size, y - size * 0.65),
               (x + size, y), (x, y + size * 0.8), (x - size, y)]
        pygame.draw.polygon(surface, SILVER, pts)
        pygame.draw.polygon(surface, (20, 24, 30), pts, max(1, SS))


def _body(look: Look, big: int, lying: bool) -> pygame.Surface:
    """The miniature alone, facing up (towards -y), centred in a ``big`` square; every
    part within 0.9 of the base's radius, so that it stays on the base when turned."""
    race = RACES[look.race]
    R = big / 2
    rank_k = {"chef": 1.1, "sous_chef": 1.0}.get(look.rank, 0.9)
    k = R * 1.2 * race.size * rank_k
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    cx, cy = R, R + k * 0.06
    edge = (14, 14, 14)
    cloth = shade((150, 150, 150), 0.95) if lying else look.colour
    skin = (170, 170, 170) if lying else race.skin
    ew = max(1, round(SS * 0.8))
    if look.rank == "chef":  # a cape hanging behind the shoulders
        cape = [(cx - k * 0.4 * race.width, cy - k * 0.05), (cx + k * 0.4 * race.width, cy - k * 0.05),
                (cx + k * 0.3 * race.width, cy + k * 0.45), (cx - k * 0.3 * race.width, cy + k * 0.45)]
        pygame.draw.polygon(surf, shade(cloth, 0.6), cape)
        pygame.draw.polygon(surf, edge, cape, ew)
    if look.race == "rat_men":  # a tail behind
        pts = [(cx, cy + k * 0.3), (cx + k * 0.15, cy + k * 0.55), (cx - k * 0.05, cy + k * 0.78)]
        pygame.draw.lines(surf, (186, 140, 130), False, pts, max(2, round(k * 0.07)))
    # the hands and their weapons, under the shoulders' front edge
    hand_y = cy - k * 0.22
    for side, kind in ((1, look.right), (-1, look.left)):
        hx = cx + side * k * 0.42 * race.width
        if kind:
            _weapon(surf, kind, (hx, hand_y), k, side)
        pygame.draw.circle(surf, skin, (hx, hand_y), k * 0.1)
        pygame.draw.circle(surf, edge, (hx, hand_y), k * 0.1, ew)
    # shoulders and body
    body = pygame.Rect(0, 0, round(k * 0.95 * race.width), round(k * 0.5 * race.length))
    body.center = (round(cx), round(cy))
    pygame.draw.ellipse(surf, cloth, body)
    if look.race == "alien":  # carapace ridges
        for i in (-1, 0, 1):
            y = body.centery + i * body.h // 4
            pygame.draw.line(surf, shade(cloth, 0.6), (body.x + body.w * 0.2, y),
                             (body.right - body.w * 0.2, y), ew)
    if look.rank == "sous_chef":  # pauldrons
        for side in (-1, 1):
            pygame.draw.circle(surf, SILVER, (cx + side * body.w * 0.38, cy), k * 0.13)
            pygame.draw.circle(surf, edge, (cx + side * body.w * 0.38, cy), k * 0.13, ew)
    pygame.draw.ellipse(surf, edge, body, ew)
    # the head, a little forward
    hr = k * 0.2 * race.head
    head = (cx, cy - k * 0.08)
    pygame.draw.circle(surf, skin, head, hr)
    if look.race == "dwarf":  # a helmet and a beard forward
        pygame.draw.circle(surf, (150, 156, 166), head, hr * 0.85)
        pygame.draw.polygon(surf, (170, 110, 60), [(head[0] - hr * 0.6, head[1] - hr * 0.5),
                                                   (head[0] + hr * 0.6, head[1] - hr * 0.5),
                                                   (head[0], head[1] - hr * 1.35)])
    elif look.race == "elf":  # a hood, and ears out to the sides
        for side in (-1, 1):
            pygame.draw.polygon(surf, skin, [(head[0] + side * hr * 0.8, head[1] - hr * 0.2),
                                             (head[0] + side * hr * 1.6, head[1] - hr * 0.1),
                                             (head[0] + side * hr * 0.8, head[1] + hr * 0.3)])
        pygame.draw.circle(surf, shade(cloth, 0.7), (head[0], head[1] + hr * 0.2), hr * 0.8)
    elif look.race == "rat_men":  # a snout forward
        pygame.draw.polygon(surf, skin, [(head[0] - hr * 0.5, head[1] - hr * 0.6),
                                         (head[0] + hr * 0.5, head[1] - hr * 0.6),
                                         (head[0], head[1] - hr * 1.6)])
    elif look.race in ("ork", "goblin"):  # ears out to the sides
        for side in (-1, 1):
            pygame.draw.polygon(surf, skin, [(head[0] + side * hr * 0.7, head[1] - hr * 0.3),
                                             (head[0] + side * hr * 1.5, head[1] - hr * 0.6),
                                             (head[0] + side * hr * 0.8, head[1] + hr * 0.3)])
    pygame.draw.circle(surf, edge, head, hr, ew)
    return surf


def _weapon(surf: pygame.Surface, kind: str, hand: tuple[float, float], k: float,
            side: int) -> None:
    """A weapon held at ``hand``, pointing forward (up), no longer than the base allows."""
    x, y = hand
    w = max(2, round(k * 0.06))
    edge = (14, 14, 14)
    reach = {"dagger": 0.2, "pistol": 0.22, "sword": 0.4, "axe": 0.34, "mace": 0.34,
             "greatsword": 0.5, "greataxe": 0.46, "spear": 0.6, "rifle": 0.46, "tube": 0.42,
             "crossbow": 0.36, "bow": 0.36, "grenade": 0.0}[kind]
    # the tip no farther from the base's centre than its inner edge (0.8 of the radius)
    R = surf.get_width() / 2
    room = math.sqrt(max(0.0, (0.8 * R) ** 2 - (x - R) ** 2)) - (R - y)
    tip = (x, y - min(k * reach, max(0.0, room)))
    if kind in ("pistol", "rifle", "tube"):
        colour = DARK if kind != "tube" else (86, 96, 70)
        wide = {"pistol": w, "rifle": w, "tube": round(w * 2.2)}[kind]
        pygame.draw.line(surf, edge, (x, y + k * 0.05), tip, wide + 2)
        pygame.draw.line(surf, colour, (x, y + k * 0.05), tip, wide)
        if kind == "rifle":
            pygame.draw.line(surf, WOOD, (x, y + k * 0.04), (x, y + k * 0.2), wide + 1)
    elif kind in ("bow", "crossbow"):
        arc = pygame.Rect(0, 0, round(k * 0.6), round(k * 0.3))
        arc.center = (round(x), round(y - k * 0.22))
        pygame.draw.arc(surf, WOOD, arc, 0, math.pi, w + 1)
        pygame.draw.line(surf, (230, 230, 220), arc.midleft, arc.midright, 1)
        if kind == "crossbow":
            pygame.draw.line(surf, WOOD, (x, y), tip, w + 1)
    elif kind == "grenade":
        pygame.draw.circle(surf, (86, 96, 70), (x, y - k * 0.12), k * 0.09)
    else:
        handle = (x, y - k * 0.1)
        pygame.draw.line(surf, WOOD, (x, y + k * 0.05), handle, w)
        blade = STEEL if kind in ("dagger", "sword", "greatsword", "axe", "greataxe") else WOOD
        pygame.draw.line(surf, edge, handle, tip, w + 2)
        pygame.draw.line(surf, blade if kind != "spear" else WOOD, handle, tip, w)
        if kind in ("sword", "greatsword", "dagger"):  # the cross-guard
            pygame.draw.line(surf, GOLD, (x - k * 0.08, handle[1]), (x + k * 0.08, handle[1]), w)
        elif kind in ("axe", "greataxe"):
            head = [(tip[0], tip[1] + k * 0.02), (tip[0] + side * k * 0.16, tip[1] - k * 0.02),
                    (tip[0] + side * k * 0.16, tip[1] + k * 0.16), (tip[0], tip[1] + k * 0.14)]
            pygame.draw.polygon(surf, STEEL, head)
            pygame.draw.polygon(surf, edge, head, max(1, w // 2))
        elif kind == "mace":
            pygame.draw.circle(surf, (110, 110, 118), tip, k * 0.08)
            pygame.draw.circle(surf, edge, tip, k * 0.08, max(1, w // 2))
        elif kind == "spear":
            pygame.draw.polygon(surf, STEEL, [(tip[0] - k * 0.05, tip[1] + k * 0.08),
                                              (tip[0] + k * 0.05, tip[1] + k * 0.08),
                                              (tip[0], tip[1] - k * 0.06)])
