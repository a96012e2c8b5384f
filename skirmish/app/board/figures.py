"""Figures as bases: band colour and outline style, rank mark, PV pips, and a badge or a
texture for every state (engaged, out of action, routing, already activated), so no
state is told by colour alone."""

from __future__ import annotations

import math
from collections.abc import Mapping

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.text import Text
from skirmish.app.theme import BAD, SELECT, WARN
from skirmish.rules.skirmish.state import Figure

RANK_MARK = {"chef": "C", "sous_chef": "S", "sous_fifre": "f"}
MIN_RADIUS = 9  # pixels: a base stays big enough to read at any zoom
Point = tuple[float, float]


def contrast(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = colour
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def outline(surface: pygame.Surface, centre: tuple[int, int], r: int, style: int,
            colour: tuple[int, int, int]) -> None:
    """Band outline styles (solid, double, dashed, dotted) back up the band colours."""
    if style == 0:
        pygame.draw.circle(surface, colour, centre, r, 2)
    elif style == 1:
        pygame.draw.circle(surface, colour, centre, r, 1)
        pygame.draw.circle(surface, colour, centre, max(2, r - 3), 1)
    elif style == 2:
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = centre
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.arc(surface, colour, rect, a, a + math.pi / 8, 2)
    else:
        for k in range(10):
            a = k * math.tau / 10
            pygame.draw.circle(surface, colour, (centre[0] + r * math.cos(a),
                                                 centre[1] + r * math.sin(a)), 2)


class FigureStyle:
    def __init__(self, colour: tuple[int, int, int], style: int) -> None:
        self.colour = colour
        self.style = style


def draw_figures(surface: pygame.Surface, cam: Camera, text: Text,
                 figures: Mapping[str, Figure], styles: Mapping[str, FigureStyle],
                 engaged: set[str], *, positions: Mapping[str, Point], selected: str | None,
                 active: str | None, hovered: str | None, ready: set[str],
                 highlight: Mapping[str, tuple[int, int, int]], pulse: float,
                 hidden: set[str]) -> None:
    """Draw every placed figure (``positions`` override where animations are)."""
    for f in sorted(figures.values(), key=lambda f: f.status == "in_play"):
        if f.status in ("reserve", "fled") or f.id in hidden:
            continue
        pos = positions.get(f.id, f.pos)
        c = cam.to_screen(pos)
        if not cam.rect.inflate(40, 40).collidepoint(c):
            continue
        r = max(MIN_RADIUS, round(f.base / 2 * cam.scale))
        style = styles[f.band]
        if f.status == "dead":
            text.blit(surface, "†", c, 14, (170, 170, 170), anchor="center", bold=True)
            continue
        if f.status == "out_of_action":
            rect = pygame.Rect(0, 0, 2 * r, r)
            rect.center = c
            pygame.draw.ellipse(surface, tuple(v // 2 for v in style.colour), rect)
            pygame.draw.ellipse(surface, (200, 200, 200), rect, 1)
            text.blit(surface, "✗", c, 12, (240, 240, 240), anchor="center", bold=True)
            continue
        if f.id in highlight:
            pygame.draw.circle(surface, (0, 0, 0), c, r + 7, 2)
            pygame.draw.circle(surface, highlight[f.id], c, r + 6, 3)
        pygame.draw.circle(surface, (0, 0, 0), c, r + 2)
        pygame.draw.circle(surface, style.colour, c, r)
        outline(surface, c, r - 1, style.style, contrast(style.colour))
        mark = RANK_MARK.get(f.rank, "?")
        text.blit(surface, mark, (c[0], c[1] + 1), min(16, max(10, round(r * 1.1))),
                  contrast(style.colour), anchor="center", bold=True)
        if f.activated and f.id != active:
            shade = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            pygame.draw.circle(shade, (0, 0, 0, 120), (r + 1, r + 1), r)
            surface.blit(shade, (c[0] - r - 1, c[1] - r - 1))
            text.blit(surface, "✓", (c[0] + r, c[1] - r), 11, (255, 255, 255), anchor="center",
                      bold=True, backdrop=(0, 0, 0, 160))
        _pips(surface, c, r, f.pv, f.stats.pv)
        badges = []
        if f.id in engaged:
            badges.append(("⚔", WARN))
        if f.routing:
            badges.append(("⚑", BAD))
        if f.charged_malus:
            badges.append(("−1R", BAD))
        if f.climbing is not None:
            badges.append(("⇅", WARN))
        for i, (mark, colour) in enumerate(badges):
            text.blit(surface, mark, (c[0] + r + 2, c[1] + r - 2 + i * 12), 11, colour,
                      anchor="midleft", bold=True, backdrop=(0, 0, 0, 170))
        if f.routing:
            pygame.draw.circle(surface, BAD, c, r + 3, 1)
        if f.id in ready and f.id != selected:
            pygame.draw.circle(surface, (255, 255, 255), c, r + 3, 1)
        if f.id == active:
            grow = 3 + round(2 * (0.5 + 0.5 * math.sin(pulse * 6)))
            pygame.draw.circle(surface, SELECT, c, r + grow, 2)
        elif f.id == selected:
            pygame.draw.circle(surface, WARN, c, r + 4, 2)
        if f.id in (hovered, selected, active):
            text.blit(surface, f.name, (c[0], c[1] - r - 4), 12, (255, 255, 255),
                      anchor="midbottom", backdrop=(0, 0, 0, 170))


def _pips(surface: pygame.Surface, c: tuple[int, int], r: int, pv: int, max_pv: int) -> None:
    """PV as pips under the base: filled = left, hollow = lost."""
    n = max(max_pv, pv)
    if n <= 0:
        return
    gap = 7
    x0 = c[0] - (n - 1) * gap / 2
    y = c[1] + r + 5
    for i in range(n):
        p = (round(x0 + i * gap), y)
        if i < pv:
            pygame.draw.circle(surface, (250, 250, 250), p, 3)
            pygame.draw.circle(surface, (0, 0, 0), p, 3, 1)
        else:
            pygame.draw.circle(surface, (20, 20, 20), p, 3)
            pygame.draw.circle(surface, (250, 250, 250), p, 3, 1)
