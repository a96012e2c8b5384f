"""Small helpers for placing widgets in proportion to the window."""

from __future__ import annotations

import pygame


def px(app_scale: float, n: float) -> int:
    """``n`` design pixels (at 1280 × 720) in the current window's pixels."""
    return round(n * app_scale)


def column(x: int, y: int, w: int, h: int, gap: int, n: int) -> list[pygame.Rect]:
    """``n`` rows of height ``h`` stacked from ``(x, y)``."""
    return [pygame.Rect(x, y + i * (h + gap), w, h) for i in range(n)]
