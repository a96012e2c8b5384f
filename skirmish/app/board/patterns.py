"""Fill patterns, so terrain kinds and overlays differ by texture as well as colour."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

Colour = tuple[int, int, int] | tuple[int, int, int, int]
PointPx = tuple[float, float]


def hatch(surface: pygame.Surface, colour: Colour, spacing: int, *, cross: bool = False,
          width: int = 1) -> None:
    """Diagonal lines over the whole surface (and the other diagonal with ``cross``)."""
    w, h = surface.get_size()
    for k in range(-h, w, max(3, spacing)):
        pygame.draw.line(surface, colour, (k, 0), (k + h, h), width)
        if cross:
            pygame.draw.line(surface, colour, (k, h), (k + h, 0), width)


def dots(surface: pygame.Surface, colour: Colour, spacing: int, radius: int = 1) -> None:
    w, h = surface.get_size()
    step = max(4, spacing)
    for y in range(step // 2, h, step):
        shift = step // 2 if (y // step) % 2 else 0
        for x in range(shift, w, step):
            pygame.draw.circle(surface, colour, (x, y), radius)


def polygon_fill(target: pygame.Surface, points: Sequence[PointPx], fill: Colour | None,
                 pattern: str | None, pattern_colour: Colour, spacing: int) -> None:
    """Fill a polygon with a colour and a pattern ("hatch", "cross", "dots"), clipped to it."""
    if len(points) < 3:
        return
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2,
                      int(max(ys) - min(ys)) + 2)
    clip = box.clip(target.get_rect())
    if clip.w <= 0 or clip.h <= 0:
        return
    tmp = pygame.Surface(box.size, pygame.SRCALPHA)
    if fill is not None:
        tmp.fill(fill)
    if pattern == "hatch":
        hatch(tmp, pattern_colour, spacing)
    elif pattern == "cross":
        hatch(tmp, pattern_colour, spacing, cross=True)
    elif pattern == "dots":
        dots(tmp, pattern_colour, spacing)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in points])
    tmp.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    target.blit(tmp, box)


def dashed_line(surface: pygame.Surface, colour: Colour, a: PointPx, b: PointPx,
                width: int = 2, dash: int = 8) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    n = int(length // dash)
    for i in range(0, n + 1, 2):
        t0, t1 = i * dash / length, min(1.0, (i + 1) * dash / length)
        pygame.draw.line(surface, colour, (a[0] + dx * t0, a[1] + dy * t0),
                         (a[0] + dx * t1, a[1] + dy * t1), width)


def dashed_polygon(surface: pygame.Surface, colour: Colour, points: Sequence[PointPx],
                   width: int = 2, dash: int = 6) -> None:
    for i, a in enumerate(points):
        dashed_line(surface, colour, a, points[(i + 1) % len(points)], width, dash)
