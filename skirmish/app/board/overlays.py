"""What the board draws over the figures: reach areas, paths with their cost, lines of
sight (clear or blocked, with the reason), range rings, blasts, the measuring tape.
Each carries a pattern or a label besides its colour."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.board.labels import RANGE, BoardText
from skirmish.app.board.patterns import dashed_line, hatch
from skirmish.app.text import Text
from skirmish.app.theme import BAD, PATH, REACH, SIGHT

Point = tuple[float, float]


class ReachOverlay:
    """A reach area (``Table.reach``) as a shaded, hatched, outlined Surface."""

    def __init__(self, reach: Any, colour: tuple[int, int, int] = REACH) -> None:
        self.reach = reach
        self.colour = colour
        self._key = -1.0  # the zoom it was drawn at
        self._surf: pygame.Surface | None = None
        #: Set by the board each frame when its terrain layer already holds this drawing.
        self.in_layer = False

    def drawing(self, cam: Camera) -> tuple[pygame.Surface | None, tuple[int, int]]:
        """The shaded area and where its top left goes on screen; redrawn only when the
        zoom changes: a pan just moves it, and a camera of another board size (a pan
        picture's) sees the same drawing."""
        key = cam.scale
        if key != self._key:
            self._build(cam)
            self._key = key
        res = float(self.reach.resolution)
        ox, oy = self.reach.origin
        return self._surf, cam.to_screen((ox - res / 2, oy - res / 2))

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        if self.in_layer:
            return
        surf, at = self.drawing(cam)
        if surf is not None:
            surface.blit(surf, at)

    def _build(self, cam: Camera) -> None:
        mask = np.asarray(self.reach.mask, dtype=bool)
        if mask.size == 0 or not mask.any():
            self._surf = None
            return
        rows, cols = mask.shape
        res = float(self.reach.resolution)
        w = max(1, round(cols * res * cam.scale))
        h = max(1, round(rows * res * cam.scale))
        alpha = np.where(mask, 255, 0).astype(np.uint8)
        small = pygame.Surface((cols, rows), pygame.SRCALPHA)
        small.fill((255, 255, 255, 0))
        pygame.surfarray.pixels_alpha(small)[:] = alpha.T
        scaled = pygame.transform.scale(small, (w, h))
        area = pygame.Surface((w, h), pygame.SRCALPHA)
        area.fill((*self.colour, 60))
        hatch(area, (*self.colour, 150), max(6, round(cam.scale * 0.8)))
        area.blit(scaled, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        edge = pygame.mask.from_surface(scaled, 127)
        for poly in edge.connected_components():
            pts = poly.outline()
            if len(pts) > 2:
                pygame.draw.lines(area, (*self.colour, 255), True, pts, 2)
        self._surf = area.convert_alpha()


def polyline(surface: pygame.Surface, cam: Camera, points: Sequence[Point],
             colour: tuple[int, int, int], width: int = 2, dashed: bool = False) -> None:
    pts = [cam.to_screen(p) for p in points]
    for a, b in zip(pts, pts[1:], strict=False):
        if dashed:
            dashed_line(surface, colour, a, b, width)
        else:
            pygame.draw.line(surface, colour, a, b, width)
    for p in pts[1:-1]:
        pygame.draw.circle(surface, colour, p, 3)


def draw_path(surface: pygame.Surface, cam: Camera, text: BoardText, points: Sequence[Point],
              label: str, colour: tuple[int, int, int] = PATH) -> None:
    """The route a move would take, its end marked, and its cost."""
    if len(points) < 2:
        return
    polyline(surface, cam, points, (0, 0, 0), 4)
    polyline(surface, cam, points, colour, 2)
    end = cam.to_screen(points[-1])
    pygame.draw.circle(surface, colour, end, 5, 2)
    text.blit(surface, label, (end[0] + 10, end[1] - 10), 12, (255, 255, 255),
              anchor="bottomleft", backdrop=(0, 0, 0, 190))


def draw_aim(surface: pygame.Surface, cam: Camera, text: BoardText, a: Point, b: Point,
             label: str, colour: tuple[int, int, int]) -> None:
    """Where a plan of the computer (or F3's hint) goes: a dashed line in the band's
    colour to a ringed point, named unless ``label`` is empty."""
    pa, pb = cam.to_screen(a), cam.to_screen(b)
    dashed_line(surface, (0, 0, 0), pa, pb, 4)
    dashed_line(surface, colour, pa, pb, 2)
    r = max(8, round(0.9 * cam.scale))
    pygame.draw.circle(surface, (0, 0, 0), pb, r, 4)
    pygame.draw.circle(surface, colour, pb, r, 2)
    if label:
        text.blit(surface, label, (pb[0], pb[1] + r + 2), 12, (255, 255, 255), anchor="midtop",
                  backdrop=(0, 0, 0, 200))


def draw_sight(surface: pygame.Surface, cam: Camera, text: BoardText, a: Point, b: Point,
               visible: bool, blocked_at: Point | None, label: str) -> None:
    """A clear line (solid yellow, ✓) or a blocked one (dashed vermillion to the blocker,
    ✗ and the reason)."""
    if visible:
        pygame.draw.line(surface, (0, 0, 0), cam.to_screen(a), cam.to_screen(b), 4)
        pygame.draw.line(surface, SIGHT, cam.to_screen(a), cam.to_screen(b), 2)
        where = cam.to_screen(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        text.blit(surface, f"✓ {label}", where, 12, SIGHT, anchor="midbottom",
                  backdrop=(0, 0, 0, 200))
        return
    stop = blocked_at or b
    dashed_line(surface, BAD, cam.to_screen(a), cam.to_screen(stop), 3)
    dashed_line(surface, (120, 60, 40), cam.to_screen(stop), cam.to_screen(b), 1)
    p = cam.to_screen(stop)
    pygame.draw.line(surface, BAD, (p[0] - 6, p[1] - 6), (p[0] + 6, p[1] + 6), 3)
    pygame.draw.line(surface, BAD, (p[0] - 6, p[1] + 6), (p[0] + 6, p[1] - 6), 3)
    text.blit(surface, f"✗ {label}", (p[0], p[1] - 8), 12, (255, 190, 160), anchor="midbottom",
              backdrop=(0, 0, 0, 200))


def draw_rings(surface: pygame.Surface, cam: Camera, text: BoardText, centre: Point, base_r: float,
               rings: Sequence[tuple[float, str]]) -> None:
    """Range bands around a shooter: dashed circles drawn on the table only, each with
    its words ("PC 6", in the window's language) on its circle where the table shows it
    (they sat on the dark margin above the table, under the tutorial's box or the turn
    banner); a band whose circle the table does not show has no words."""
    c = cam.to_screen(centre)
    shown = cam.shown_table()
    clip = surface.get_clip()
    surface.set_clip(clip.clip(shown))
    for dist, label in rings:
        r = round((dist + base_r) * cam.scale)
        if r <= 2 or r > 6000:
            continue
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = c
        for k in range(36):
            a = k * math.tau / 36
            pygame.draw.arc(surface, (230, 230, 230), rect, a, a + math.tau / 72, 1)
        words = label
        at = ring_label_at(c, r, shown, text.font(10).size(words))
        if at is not None:
            text.blit(surface, words, at, 10, (235, 235, 235),
                      anchor="midbottom", backdrop=(0, 0, 0, 150), priority=RANGE)
    surface.set_clip(clip)


def ring_label_at(c: tuple[int, int], r: int, bounds: pygame.Rect,
                  size: tuple[int, int]) -> tuple[float, float] | None:
    """The top of the circle if ``bounds`` show it with room for the label, else its
    point nearest the top that does (a label pushed to the board's edge sat far from
    its circle, under the toast); None if no point of the circle has that room."""
    inner = bounds.inflate(-size[0] - 8, -2 * size[1] - 8)
    for k in range(37):
        for a in (-math.pi / 2 + k * math.pi / 36, -math.pi / 2 - k * math.pi / 36):
            p = (c[0] + r * math.cos(a), c[1] + r * math.sin(a))
            if inner.collidepoint(p):
                return p
    return None


def draw_blast(surface: pygame.Surface, cam: Camera, text: BoardText, centre: Point,
               radius: float, label: str) -> None:
    c = cam.to_screen(centre)
    r = max(3, round(radius * cam.scale))
    area = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    pygame.draw.circle(area, (*BAD, 60), (r + 1, r + 1), r)
    hatch_surf = pygame.Surface(area.get_size(), pygame.SRCALPHA)
    hatch(hatch_surf, (*BAD, 160), 6, cross=True)
    disc = pygame.Surface(area.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(disc, (255, 255, 255, 255), (r + 1, r + 1), r)
    hatch_surf.blit(disc, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    area.blit(hatch_surf, (0, 0))
    surface.blit(area, (c[0] - r - 1, c[1] - r - 1))
    pygame.draw.circle(surface, BAD, c, r, 2)
    text.blit(surface, label, (c[0], c[1] + r + 2), 11, (255, 200, 180), anchor="midtop",
              backdrop=(0, 0, 0, 180))


def draw_tape(surface: pygame.Surface, cam: Camera, text: BoardText, a: Point, b: Point,
              label: str) -> None:
    """The measuring tape: ticks every pas, the distance at the end."""
    pa, pb = cam.to_screen(a), cam.to_screen(b)
    pygame.draw.line(surface, (0, 0, 0), pa, pb, 5)
    pygame.draw.line(surface, (255, 255, 255), pa, pb, 2)
    dist = math.dist(a, b)
    if dist > 0 and cam.scale >= 4:
        ux, uy = (b[0] - a[0]) / dist, (b[1] - a[1]) / dist
        for k in range(1, int(dist) + 1):
            p = cam.to_screen((a[0] + ux * k, a[1] + uy * k))
            size = 6 if k % 6 == 0 else 3
            pygame.draw.line(surface, (255, 255, 255), (p[0] - uy * size, p[1] + ux * size),
                             (p[0] + uy * size, p[1] - ux * size), 2)
    text.blit(surface, label, (pb[0] + 8, pb[1] + 8), 13, (255, 255, 255), anchor="topleft",
              backdrop=(0, 0, 0, 200), bold=True)


def scale_bar_width(text: Text) -> int:
    """Pixels the footer keeps for the ruler."""
    return round(150 * text.scale)


def draw_scale_bar(surface: pygame.Surface, cam: Camera, text: Text, at: tuple[int, int],
                   room: int) -> None:
    """A ruler of 1, 2, 3, 6 or 12 pas, the longest that fits in ``room`` pixels."""
    label_w = text.font(11).size("12 pas")[0] + 8
    n = next((k for k in (12, 6, 3, 2, 1) if k * cam.scale + label_w <= room), 1)
    length = round(n * cam.scale)
    x, y = at[0], at[1] + round(16 * text.scale)
    pygame.draw.line(surface, (255, 255, 255), (x, y), (x + length, y), 3)
    for k in range(n + 1):
        px = x + round(k * cam.scale)
        pygame.draw.line(surface, (255, 255, 255), (px, y - (5 if k % 3 == 0 else 3)), (px, y), 1)
    text.blit(surface, f"{n} pas", (x + length + 6, y + 1), 11, (255, 255, 255),
              anchor="bottomleft")


def draw_marker(surface: pygame.Surface, cam: Camera, text: Text, at: Point, label: str,
                hot: bool) -> pygame.Rect:
    """A numbered point a pending decision offers (a destination); returns its box."""
    c = cam.to_screen(at)
    pygame.draw.circle(surface, (0, 0, 0), c, 11)
    pygame.draw.circle(surface, SIGHT if hot else (255, 255, 255), c, 10, 3)
    text.blit(surface, label, c, 12, (255, 255, 255), anchor="center", bold=True)
    return pygame.Rect(c[0] - 11, c[1] - 11, 22, 22)
