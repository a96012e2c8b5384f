"""Pas ↔ pixels: the board's zoom and pan inside its screen rectangle."""

from __future__ import annotations

import pygame

Point = tuple[float, float]

MIN_PX_PER_PAS = 4.0
MAX_PX_PER_PAS = 80.0


class Camera:
    """``scale`` pixels per pas; ``offset`` is the screen position of table point (0, 0)."""

    def __init__(self, rect: pygame.Rect, width: float, height: float) -> None:
        self.rect = pygame.Rect(rect)
        self.width = width
        self.height = height
        self.scale = 10.0
        self.offset = (0.0, 0.0)
        self.version = 0  # bumped on every change so cached layers know to redraw
        self.fit()

    def fit(self) -> None:
        """The whole table, centred, filling the board but for a thin margin."""
        margin = 6
        sx = (self.rect.w - 2 * margin) / self.width
        sy = (self.rect.h - 2 * margin) / self.height
        self.scale = max(MIN_PX_PER_PAS, min(MAX_PX_PER_PAS, min(sx, sy)))
        self.fit_scale = self.scale
        self.offset = (self.rect.centerx - self.width * self.scale / 2,
                       self.rect.centery - self.height * self.scale / 2)
        self.version += 1

    def to_screen(self, p: Point) -> tuple[int, int]:
        return (round(self.offset[0] + p[0] * self.scale),
                round(self.offset[1] + p[1] * self.scale))

    def to_table(self, pos: tuple[float, float]) -> Point:
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)

    def shown_table(self) -> pygame.Rect:
        """The part of the table the board shows, on screen (empty if none): words about
        the table belong there, not on the dark margin around it."""
        a, b = self.to_screen((0.0, 0.0)), self.to_screen((self.width, self.height))
        return pygame.Rect(a, (b[0] - a[0], b[1] - a[1])).clip(self.rect)

    def on_table(self, p: Point) -> bool:
        return 0 <= p[0] <= self.width and 0 <= p[1] <= self.height

    def pan(self, dx: float, dy: float) -> None:
        self.offset = (self.offset[0] + dx, self.offset[1] + dy)
        self._clamp()
        self.version += 1

    def zoom(self, factor: float, around: tuple[float, float] | None = None) -> None:
        """Zoom keeping the table point under ``around`` (default: the centre) still."""
        pivot = around if around is not None else self.rect.center
        before = self.to_table(pivot)
        self.scale = max(MIN_PX_PER_PAS, min(MAX_PX_PER_PAS, self.scale * factor))
        self.offset = (pivot[0] - before[0] * self.scale, pivot[1] - before[1] * self.scale)
        self._clamp()
        self.version += 1

    def _clamp(self) -> None:
        """Keep at least a quarter of the board rectangle showing table."""
        w, h = self.width * self.scale, self.height * self.scale
        keep_x, keep_y = self.rect.w / 4, self.rect.h / 4
        ox = min(max(self.offset[0], self.rect.left + keep_x - w), self.rect.right - keep_x)
        oy = min(max(self.offset[1], self.rect.top + keep_y - h), self.rect.bottom - keep_y)
        self.offset = (ox, oy)
