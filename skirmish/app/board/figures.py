"""Figures as painted miniatures on their bases, at their true size in pas.

The base is the figure's base diameter times the zoom, so figures in contact touch on
screen as on the table. The band shows twice: the base and the miniature in the band's
colour, and a pattern on the base's rim (solid, segments, dots, double ring). Chef and
Sous-chef carry an emblem (a gold star, a silver chevron). Every state has a mark of its
own besides colour: activated figures are dimmed with a ✓, engaged ones carry ⚔ and a
contact mark sits where two enemy bases touch, routing ones a ⚑ and a red ring, out of
action ones lie on their base, greyed, with a ✗; they are drawn first, and their base's
outline is drawn again over every token so one lying under a neighbour still shows.

Each miniature is drawn once per (band, rank, size) into a sprite and blitted after.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import lru_cache

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.labels import GAP, NAME, BoardText
from skirmish.app.theme import BAD, SELECT, WARN
from skirmish.rules.skirmish.state import Figure

RGB = tuple[int, int, int]
#: Pixels: the smallest base drawn (a figure never vanishes when zoomed far out).
MIN_RADIUS = 3
#: Pixels of pointer slack around a base when picking a figure.
PICK_SLACK = 4
#: Base radius (pixels) from which PV pips of all figures are shown.
DETAIL_RADIUS = 11
#: Base radius (pixels) from which every figure's name is shown (else the hovered,
#: selected and active ones only).
NAMES_RADIUS = 16
Point = tuple[float, float]
#: The outline of an out-of-action figure's base, drawn over other tokens.
LYING = (205, 205, 205)


def contrast(colour: RGB) -> RGB:
    r, g, b = colour
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def _shade(colour: RGB, k: float) -> RGB:
    return tuple(max(0, min(255, round(c * k))) for c in colour)  # type: ignore[return-value]


class FigureStyle:
    def __init__(self, colour: RGB, style: int) -> None:
        self.colour = colour
        self.style = style


def pick_radius(base: float, scale: float) -> float:
    """Pixels around a figure's centre that count as pointing at it."""
    return max(MIN_RADIUS + 4, base / 2 * scale) + PICK_SLACK


def _rim(surface: pygame.Surface, c: tuple[int, int], r: int, style: int, colour: RGB) -> None:
    """The band's pattern on the base's rim."""
    if r < 5:
        return
    w = max(2, r // 5)
    if style % 4 == 0:
        pygame.draw.circle(surface, colour, c, r - w // 2, w)
    elif style % 4 == 1:
        rect = pygame.Rect(0, 0, 2 * r - w, 2 * r - w)
        rect.center = c
        for k in range(6):
            a = k * math.tau / 6
            pygame.draw.arc(surface, colour, rect, a, a + math.tau / 12, w)
    elif style % 4 == 2:
        for k in range(10):
            a = k * math.tau / 10
            pygame.draw.circle(surface, colour, (c[0] + (r - w) * math.cos(a),
                                                 c[1] + (r - w) * math.sin(a)), max(1, w * 2 // 3))
    else:
        pygame.draw.circle(surface, colour, c, r - 1, 1)
        pygame.draw.circle(surface, colour, c, max(2, r - w - 1), 1)


def _star(centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    return pts


def emblem(surface: pygame.Surface, rank: str, at: tuple[float, float], size: float) -> None:
    """Chef: a gold star; Sous-chef: a silver chevron; others: nothing."""
    if rank == "chef":
        pygame.draw.polygon(surface, (255, 214, 64), _star(at, size))
        pygame.draw.polygon(surface, (40, 30, 0), _star(at, size), 1)
    elif rank == "sous_chef":
        x, y = at
        pts = [(x - size, y - size * 0.3), (x, y + size * 0.5), (x + size, y - size * 0.3),
               (x + size, y + size * 0.25), (x, y + size * 1.05), (x - size, y + size * 0.25)]
        pts = [(px, py - size * 0.35) for px, py in pts]
        pygame.draw.polygon(surface, (215, 222, 232), pts)
        pygame.draw.polygon(surface, (20, 24, 30), pts, 1)


@lru_cache(maxsize=256)
def sprite(colour: RGB, style: int, rank: str, r: int, lying: bool) -> pygame.Surface:
    """The miniature on its base, seen from above, with a soft shadow; ``lying`` for a
    figure out of action (greyed, on its side)."""
    pad = max(3, r // 3)
    size = 2 * (r + pad)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (r + pad, r + pad)
    if lying:
        colour = _shade((150, 150, 150), 1.0)
    pygame.draw.circle(surf, (0, 0, 0, 90), (c[0] + max(1, r // 5), c[1] + max(1, r // 5)), r)
    pygame.draw.circle(surf, (14, 14, 14), c, r)
    pygame.draw.circle(surf, _shade(colour, 0.55), c, r - 1)
    _rim(surf, c, r - 1, style, contrast(_shade(colour, 0.55)) if r >= 8 else colour)
    if r >= 5:
        body = _shade(colour, 1.0)
        edge = (12, 12, 12)
        if lying:
            torso = pygame.Rect(0, 0, round(r * 1.3), round(r * 0.55))
            torso.center = (c[0] + r * 0.1, c[1])
            pygame.draw.ellipse(surf, body, torso)
            pygame.draw.ellipse(surf, edge, torso, 1)
            pygame.draw.circle(surf, (200, 190, 170), (torso.left, torso.centery), r * 0.28)
        else:
            torso = pygame.Rect(0, 0, round(r * 1.25), round(r * 0.7))
            torso.center = (c[0], c[1] + r * 0.18)
            pygame.draw.ellipse(surf, body, torso)
            pygame.draw.ellipse(surf, edge, torso, 1)
            light = _shade(colour, 1.35)
            pygame.draw.circle(surf, light, (c[0], c[1] - r * 0.12), max(2, r * 0.3))
            pygame.draw.circle(surf, edge, (c[0], c[1] - r * 0.12), max(2, r * 0.3), 1)
    else:
        pygame.draw.circle(surf, colour, c, max(1, r - 2))
    if not lying and rank in ("chef", "sous_chef"):
        size_e = max(3.5, r * 0.42)
        emblem(surf, rank, (c[0] + r * 0.62, c[1] - r * 0.62), size_e)
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def contact_pairs(figures: Mapping[str, Figure], engaged: Mapping[str, Iterable[str]]
                  ) -> set[tuple[str, str]]:
    """Each pair of enemies in base contact once, as sorted ids."""
    out = set()
    for a, others in engaged.items():
        for b in others:
            if a in figures and b in figures:
                out.add((min(a, b), max(a, b)))
    return out


def draw_contact(surface: pygame.Surface, cam: Camera, a: Point, ra: float, b: Point) -> None:
    """A short bar across the line between two touching bases, where they touch."""
    d = math.dist(a, b)
    if d <= 0:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    p = cam.to_screen((a[0] + ux * ra, a[1] + uy * ra))
    half = max(5, round(cam.scale * 0.35))
    q1 = (p[0] - uy * half, p[1] + ux * half)
    q2 = (p[0] + uy * half, p[1] - ux * half)
    pygame.draw.line(surface, (0, 0, 0), q1, q2, 5)
    pygame.draw.line(surface, WARN, q1, q2, 3)


def draw_figures(surface: pygame.Surface, cam: Camera, text: BoardText,
                 figures: Mapping[str, Figure], styles: Mapping[str, FigureStyle],
                 engaged: set[str], *, positions: Mapping[str, Point], selected: str | None,
                 active: str | None, hovered: str | None, ready: set[str],
                 highlight: Mapping[str, tuple[int, int, int]], pulse: float,
                 hidden: set[str], contacts: Iterable[tuple[str, str]] = ()) -> None:
    """Draw every placed figure (``positions`` override where animations are). Names go
    to ``text`` (a ``BoardText``), which keeps them from overlapping."""
    marks: list[tuple[str, tuple[int, int], RGB]] = []
    shown: dict[str, tuple[tuple[int, int], int]] = {}
    lying_outlines: list[tuple[tuple[int, int], int]] = []
    for f in sorted(figures.values(), key=lambda f: f.status == "in_play"):
        if f.status in ("reserve", "fled") or f.id in hidden:
            continue
        pos = positions.get(f.id, f.pos)
        c = cam.to_screen(pos)
        r = max(MIN_RADIUS, round(f.base / 2 * cam.scale))
        if not cam.rect.inflate(4 * r + 40, 4 * r + 40).collidepoint(c):
            continue
        style = styles[f.band]
        shown[f.id] = (c, r)
        if f.status == "dead":
            marks.append(("†", (c[0], c[1]), (200, 200, 200)))
            continue
        lying = f.status == "out_of_action"
        if f.id in highlight:
            pygame.draw.circle(surface, (0, 0, 0), c, r + 6, 2)
            pygame.draw.circle(surface, highlight[f.id], c, r + 5, 3)
        spr = sprite(style.colour, style.style, f.rank, r, lying)
        surface.blit(spr, spr.get_rect(center=c))
        if lying:
            marks.append(("✗", (c[0] + r, c[1] - r), (240, 240, 240)))
            lying_outlines.append((c, r))
            continue
        if f.activated and f.id != active:
            pygame.draw.circle(surface, (0, 0, 0), c, r, max(1, r // 3))
            marks.append(("✓", (c[0] - r, c[1] - r), (255, 255, 255)))
        if r >= DETAIL_RADIUS or f.id in (hovered, selected, active):
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
            marks.append((mark, (c[0] + r + 1, c[1] + r - 4 + i * 12), colour))
        if f.routing:
            _dashed_ring(surface, c, r + 3, BAD)
        if f.id in ready and f.id != selected:
            pygame.draw.circle(surface, (255, 255, 255), c, r + 3, 1)
        if f.id == active:
            grow = 3 + round(2 * (0.5 + 0.5 * math.sin(pulse * 6)))
            pygame.draw.circle(surface, SELECT, c, r + grow, 2)
        elif f.id == selected:
            pygame.draw.circle(surface, WARN, c, r + 4, 2)
    for c, r in lying_outlines:  # over the neighbours' tokens: the lying base stays visible
        pygame.draw.circle(surface, (0, 0, 0), c, r + 1, 1)
        pygame.draw.circle(surface, LYING, c, r, 2)
    for a, b in contacts:
        if a in shown and b in shown:
            fa, fb = figures[a], figures[b]
            draw_contact(surface, cam, positions.get(a, fa.pos), fa.base / 2,
                         positions.get(b, fb.pos))
    for mark, at, colour in marks:
        text.stamp(surface, mark, at, 10, colour)
    for c, r in shown.values():  # names keep off the bases, nearer their own than others
        text.base(c, r)
    corner = cam.to_screen((0.0, 0.0))
    far = cam.to_screen((cam.width, cam.height))
    on_show = pygame.Rect(corner, (far[0] - corner[0], far[1] - corner[1])).clip(cam.rect)
    for fid, (c, r) in shown.items():
        f = figures[fid]
        focus = fid in (hovered, selected, active)
        if f.status == "dead" or not (focus or r >= NAMES_RADIUS):
            continue
        text.blit(surface, f.name, (c[0], c[1] - r - GAP), 12 if focus else 11,
                  (255, 255, 255), anchor="midbottom", backdrop=(0, 0, 0, 170),
                  priority=NAME + (5 if focus else 0), within=on_show, owner=(c, r),
                  keep=focus)


def _dashed_ring(surface: pygame.Surface, c: tuple[int, int], r: int, colour: RGB) -> None:
    rect = pygame.Rect(0, 0, 2 * r, 2 * r)
    rect.center = c
    for k in range(8):
        a = k * math.tau / 8
        pygame.draw.arc(surface, colour, rect, a, a + math.tau / 16, 2)


def _pips(surface: pygame.Surface, c: tuple[int, int], r: int, pv: int, max_pv: int) -> None:
    """PV as pips under the base: filled = left, hollow = lost."""
    n = max(max_pv, pv)
    if n <= 0:
        return
    gap = 7
    x0 = c[0] - (n - 1) * gap / 2
    y = c[1] + r + 4
    for i in range(n):
        p = (round(x0 + i * gap), y)
        if i < pv:
            pygame.draw.circle(surface, (250, 250, 250), p, 3)
            pygame.draw.circle(surface, (0, 0, 0), p, 3, 1)
        else:
            pygame.draw.circle(surface, (20, 20, 20), p, 3)
            pygame.draw.circle(surface, (250, 250, 250), p, 3, 1)
