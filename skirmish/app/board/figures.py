"""Figures on the board: each a miniature on its base at its true size in pas
(:mod:`skirmish.app.board.miniatures`), with every state marked inside that base, so
that two figures in contact touch and never overlap, and no mark or ring lies on a
neighbour (in a melee the ✓ and ⚔ marks and the rings sat on the next figure).

The base is the figure's base diameter times the zoom. Inside it: a figure that may be
activated has a thin white ring on its rim, the selected one a yellow rim, the active
one a white rim that pulses, a target of the tool in hand a rim in the tool's colour;
an activated figure is dimmed with a ✓ on it, a routing one has a red dashed rim and a
⚑, one charged at a disadvantage "−1R", one climbing "⇅" (the marks only on bases large
enough to hold them; the card and hover line say them always). Where two enemies touch,
a contact bar crosses the point of contact. Out-of-action figures lie on their base,
greyed, with a ✗. Names are placed by the board's label pass, off every base.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import lru_cache

import numpy as np
import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.labels import GAP, NAME, BoardText
from skirmish.app.board.miniatures import FALL_STEPS, Look, facing_index, look_of, miniature
from skirmish.app.theme import BAD, SELECT, WARN
from skirmish.rules.game import Game
from skirmish.rules.panel import FigurePanel
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
#: Base radius (pixels) from which a mark (✓, ⚑…) is written on the base.
MARK_RADIUS = 12
Point = tuple[float, float]
#: The outline of an out-of-action figure's base.
LYING = (205, 205, 205)


class FigureStyle:
    """A band's look on the table: its colour, the pattern of its bases' rims, its race."""

    def __init__(self, colour: RGB, style: int, race: str = "none") -> None:
        self.colour = colour
        self.style = style
        self.race = race

    def look(self, f: Figure) -> Look:
        return look_of(self.colour, self.style, self.race, f.rank, list(f.ranged),
                       list(f.melee))


def pick_radius(base: float, scale: float) -> float:
    """Pixels around a figure's centre that count as pointing at it."""
    return max(MIN_RADIUS + 4, base / 2 * scale) + PICK_SLACK


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
    half = max(3, round(cam.scale * 0.25))  # short of the bases' sides
    q1 = (p[0] - uy * half, p[1] + ux * half)
    q2 = (p[0] + uy * half, p[1] - ux * half)
    pygame.draw.line(surface, (0, 0, 0), q1, q2, 5)
    pygame.draw.line(surface, WARN, q1, q2, 3)


#: The symbol at a base's foot for each state its ruleset marks (RULESETS S16).
MARKS = {"routing": "⚑", "charged_malus": "−1R", "climbing": "⇅", "stunned": "✶", "held": "⏸",
         "dying": "†?", "prone": "↓", "ko": "KO"}


def mark_text(mark: str) -> str | None:
    """A mark's symbol; a token that begins with its number (a KART 7 declaration, "3⚔")
    is shown as it is."""
    return MARKS.get(mark) or (mark if mark[:1].isdigit() else None)


def looks_of(game: Game) -> dict[str, FigurePanel]:
    """Every figure's health and marks, from the game's ruleset."""
    return {fid: game.ruleset.figure_panel(game.state, fid) for fid in game.state.figures}


def draw_figures(surface: pygame.Surface, cam: Camera, text: BoardText,
                 figures: Mapping[str, Figure], styles: Mapping[str, FigureStyle],
                 engaged: set[str], *, positions: Mapping[str, Point], selected: str | None,
                 active: str | None, hovered: str | None, ready: set[str], acted: set[str],
                 looks: Mapping[str, FigurePanel],
                 highlight: Mapping[str, tuple[int, int, int]], pulse: float,
                 hidden: set[str], contacts: Iterable[tuple[str, str]] = (),
                 facing: Mapping[str, float] | None = None,
                 falling: Mapping[str, float] | None = None) -> None:
    """Draw every placed figure (``positions`` override where animations are, ``facing``
    says where each looks, in degrees clockwise from up the screen, ``falling`` how far
    down a figure just put out of action is, 0 standing to 1 lying). Names go to
    ``text`` (a ``BoardText``), which places them off every base."""
    facing, falling = facing or {}, falling or {}
    shown: dict[str, tuple[tuple[int, int], int]] = {}
    lying_rims: list[tuple[tuple[int, int], int]] = []
    for f in sorted(figures.values(), key=lambda f: f.status == "in_play"):
        if f.status in ("reserve", "fled") or f.id in hidden:
            continue
        pos = positions.get(f.id, f.pos)
        c = cam.to_screen(pos)
        r = drawn_radius(f.base, cam.scale)
        if not cam.rect.inflate(4 * r + 40, 4 * r + 40).collidepoint(c):
            continue
        shown[f.id] = (c, r)
        down = falling.get(f.id)
        if f.status == "dead" and down is None:
            if r >= MARK_RADIUS:
                text.stamp(surface, "†", c, 12, (200, 200, 200))
            continue
        lying = f.status in ("out_of_action", "dead")
        dim = f.id in acted and f.id != active and not lying
        fall = FALL_STEPS if down is None else round(down * FALL_STEPS)
        way = facing_index(facing.get(f.id, 0.0)) if not lying or fall < FALL_STEPS else 0
        spr = miniature(styles[f.band].look(f), r, way, lying, dim, fall)
        surface.blit(spr, (c[0] - r, c[1] - r))
        if lying and fall < FALL_STEPS:  # still toppling: no mark yet
            continue
        if lying:
            lying_rims.append((c, r))
            if r >= MARK_RADIUS:
                text.stamp(surface, "✗", c, 12, (240, 240, 240))
            continue
        _rims(surface, f, c, r, ready, selected, active, highlight, pulse)
        look = looks[f.id]
        marks = [t for m in look.marks if (t := mark_text(m))] + (["✓"] if dim else [])
        if marks and r >= MARK_RADIUS:  # at the base's foot, inside it
            h = text.font(12).get_linesize()
            text.stamp(surface, marks[0], (c[0], c[1] + r - h // 2 - 3), 12,
                       BAD if marks[0] in ("⚑", "−1R", "KO") else (255, 255, 255))
        if (r >= DETAIL_RADIUS or f.id in (hovered, selected, active)) \
                and not (marks and r >= MARK_RADIUS):  # both at the foot: the mark first
            _pips(surface, c, r, *look.health)
    for c, r in lying_rims:  # over a figure standing on a fallen one, the fallen shows
        surface.blit(_ring(r), (c[0] - r, c[1] - r))
    for a, b in contacts:
        if a in shown and b in shown:
            fa, fb = figures[a], figures[b]
            draw_contact(surface, cam, positions.get(a, fa.pos), fa.base / 2,
                         positions.get(b, fb.pos))
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
        text.blit(surface, f.name, (c[0], c[1] - r - GAP), 12,
                  (255, 255, 255), anchor="midbottom", backdrop=(0, 0, 0, 170),
                  priority=NAME + (5 if focus else 0), within=on_show, owner=(c, r),
                  keep=focus)


def drawn_radius(base: float, scale: float) -> int:
    """A base's radius as drawn, in pixels."""
    return max(MIN_RADIUS, round(base / 2 * scale))


def ring_glow(pulse: float) -> int:
    """The active figure's rim at ``pulse`` seconds: 1 pixel thicker (1) or not (0),
    about once a second."""
    return round(0.5 + 0.5 * math.sin(pulse * 6))


#: A pulse at which :func:`ring_glow` gives each width: the rim at its thinnest, its widest.
PULSE_OF_GLOW = {0: -math.pi / 12, 1: math.pi / 12}


def _rims(surface: pygame.Surface, f: Figure, c: tuple[int, int], r: int, ready: set[str],
          selected: str | None, active: str | None, highlight: Mapping[str, RGB],
          pulse: float) -> None:
    """The figure's state on its base's rim, inside the base: a target of the tool, a
    routing figure, one that may be activated, the selected and the active one."""
    w = 2 if r < 10 else 3
    if f.id in highlight:
        pygame.draw.circle(surface, (0, 0, 0), c, r, w + 2)
        pygame.draw.circle(surface, highlight[f.id], c, r - 1, w)
    if f.routing:
        _dashed_ring(surface, c, r - 1, BAD)
    if f.id == active:
        pygame.draw.circle(surface, (0, 0, 0), c, r, w + 1)
        pygame.draw.circle(surface, SELECT, c, r - 1, w - 1 + ring_glow(pulse))
    elif f.id == selected:
        pygame.draw.circle(surface, (0, 0, 0), c, r, w + 1)
        pygame.draw.circle(surface, WARN, c, r - 1, w)
    elif f.id in ready:
        pygame.draw.circle(surface, (255, 255, 255), c, r, 1)


@lru_cache(maxsize=64)
def _ring(r: int) -> pygame.Surface:
    """A fallen figure's rim, solid (a thick ``draw.circle`` leaves holes), inside r."""
    ring = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
    ring.fill(LYING)
    d = np.hypot(*np.mgrid[-r:r + 1, -r:r + 1])
    alpha = pygame.surfarray.pixels_alpha(ring)
    alpha[:] = np.where((d <= r + 0.2) & (d >= r - 3), 255, 0)
    del alpha  # the surface is locked while the array lives
    return ring


def _dashed_ring(surface: pygame.Surface, c: tuple[int, int], r: int, colour: RGB) -> None:
    rect = pygame.Rect(0, 0, 2 * r, 2 * r)
    rect.center = c
    for k in range(8):
        a = k * math.tau / 8
        pygame.draw.arc(surface, colour, rect, a, a + math.tau / 16, 2)


def _pips(surface: pygame.Surface, c: tuple[int, int], r: int, pv: int, max_pv: int) -> None:
    """PV as pips along the base's foot, inside it: filled = left, hollow = lost."""
    n = max(max_pv, pv)
    if n <= 0 or r < 6:
        return
    size = 2 if r < 14 else 3
    gap = min(2 * size + 2, (1.2 * r) / max(1, n))
    x0 = c[0] - (n - 1) * gap / 2
    xs = tuple(round(x0 + i * gap) - c[0] for i in range(n))
    surface.blit(_pip_row(xs, size, pv), (c[0] + xs[0] - size - 1, c[1] + r - 2 * size - 3))


#: The pips' sprites are see-through where they hold this colour, which no pip uses.
_CLEAR = (255, 0, 255)


@lru_cache(maxsize=256)
def _pip_row(xs: tuple[int, ...], size: int, pv: int) -> pygame.Surface:
    """The pips drawn once at ``xs`` (from the base's centre), for a blit: two circles
    each, for every figure in every frame of a pan, were a quarter of the figures'
    drawing. The same circles on a colour-keyed sprite give the same pixels."""
    left = xs[0] - size - 1
    row = pygame.Surface((xs[-1] - left + size + 2, 2 * size + 3))
    row.fill(_CLEAR)
    row.set_colorkey(_CLEAR)
    for i, x in enumerate(xs):
        p = (x - left, size + 1)
        if i < pv:
            pygame.draw.circle(row, (250, 250, 250), p, size)
            pygame.draw.circle(row, (0, 0, 0), p, size, 1)
        else:
            pygame.draw.circle(row, (20, 20, 20), p, size)
            pygame.draw.circle(row, (250, 250, 250), p, size, 1)
    return row
