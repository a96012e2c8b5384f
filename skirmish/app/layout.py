"""Placing things in proportion to the window, and placing the panels that float over the
board (morale tests, decisions) beside what they are about instead of on top of it."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache
from html import unescape

import pygame

from skirmish.app.board.camera import Camera
from skirmish.app.text import Text

Point = tuple[float, float]


def px(app_scale: float, n: float) -> int:
    """``n`` design pixels (at 1280 × 720) in the current window's pixels."""
    return round(n * app_scale)


def column(x: int, y: int, w: int, h: int, gap: int, n: int) -> list[pygame.Rect]:
    """``n`` rows of height ``h`` stacked from ``(x, y)``."""
    return [pygame.Rect(x, y + i * (h + gap), w, h) for i in range(n)]


def fit_text(font: object, text: str, width: int) -> str:
    """``text`` shortened with an ellipsis to ``width`` pixels (callers put the full text
    in a tooltip), so no widget shows a word cut in the middle. ``font`` is a pygame or
    pygame_gui font (anything with ``size``)."""
    if font.size(text)[0] <= width:  # type: ignore[attr-defined]
        return text
    kept = text
    while len(kept) > 1 and font.size(kept + "…")[0] > width:  # type: ignore[attr-defined]
        kept = kept[:-1]
    if text[len(kept)] != " " and " " in kept:  # the cut fell inside a word: drop it whole
        kept = kept[:kept.rindex(" ")]
    return kept.rstrip(" ·,;:(") + "…"


@lru_cache(maxsize=128)
def fit_lines(text: Text, words: str, size: int, width: int, *, bold: bool = False,
              most: int = 2, least: int | None = None) -> tuple[int, tuple[str, ...]]:
    """``words`` whole, in lines no wider than ``width``: at ``size``, else at the largest
    size down to ``least`` that keeps them to ``most`` lines, else in as many lines as
    they take at ``least``. Lines break between words; only a word wider than a line
    alone (a file's path) is broken, after its ``/`` where it has one. Banners and toasts
    are laid out by this: one line ran out of the window at 960 × 600 in French, and a
    toast's fourth line was dropped. Kept per words and width: banners ask every frame."""
    least = size if least is None else least
    lines: tuple[str, ...] = ()
    for s in range(size, least - 1, -1):
        lines = tuple(text.wrap(words, s, width, bold, break_words=True))
        if len(lines) <= most:
            return s, lines
    return least, lines


def _spots(board: pygame.Rect, size: tuple[int, int]) -> list[pygame.Rect]:
    """Candidate places for a panel of ``size`` inside ``board``: corners, edges, centre."""
    w, h = size
    m = 8
    xs = (board.left + m, board.centerx - w // 2, board.right - m - w)
    ys = (board.bottom - m - h, board.top + m, board.centery - h // 2)
    return [pygame.Rect(x, y, w, h) for y in ys for x in xs]


def _covered(rect: pygame.Rect, points: Sequence[tuple[int, int]], margin: int) -> int:
    grown = rect.inflate(2 * margin, 2 * margin)
    return sum(1 for p in points if grown.collidepoint(p))


def place_beside(board: pygame.Rect, size: tuple[int, int], cam: Camera,
                 points: Sequence[Point], margin: int = 24,
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a panel of ``size`` goes so that the table ``points`` it is about stay in
    view: the free spot nearest to them; when every spot covers one, the camera pans so
    that the points move into the part of the board the best spot leaves free. Spots on
    any of ``avoid`` (the tutorial's hint, a banner, another panel) are not used while
    another one is left: two floating panels never lie on each other."""
    size = (min(size[0], board.w - 16), min(size[1], board.h - 16))
    spots = everywhere = _spots(board, size)
    clear = [r for r in spots if r.collidelist(list(avoid)) < 0]
    if clear:
        spots = clear
    else:  # a window too small for both: the spots least covered
        least = min(_overlap(r, avoid) for r in spots)
        spots = [r for r in spots if _overlap(r, avoid) == least]
    screen_pts = [cam.to_screen(p) for p in points]
    if not screen_pts:
        return everywhere[1] if everywhere[1] in spots else spots[0]  # bottom centre
    cx = sum(p[0] for p in screen_pts) / len(screen_pts)
    cy = sum(p[1] for p in screen_pts) / len(screen_pts)

    def far(r: pygame.Rect) -> float:
        return math.dist(r.center, (cx, cy))

    free = [r for r in spots if _covered(r, screen_pts, margin) == 0]
    visible = all(board.collidepoint(p) for p in screen_pts)
    if free and visible:
        return min(free, key=far)
    # pan: the points' centre goes to the middle of the largest strip the panel leaves
    best = max(spots, key=lambda r: _free_strip(board, r).w * _free_strip(board, r).h)
    strip = _free_strip(board, best)
    cam.pan(strip.centerx - cx, strip.centery - cy)
    return best


def _overlap(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    """The area of ``rect`` under ``others`` (counted once per other)."""
    return sum(rect.clip(o).w * rect.clip(o).h for o in others)


def _free_strip(board: pygame.Rect, panel: pygame.Rect) -> pygame.Rect:
    """The largest rectangle of the board beside or above/below ``panel``."""
    above = pygame.Rect(board.left, board.top, board.w, panel.top - board.top)
    below = pygame.Rect(board.left, panel.bottom, board.w, board.bottom - panel.bottom)
    left = pygame.Rect(board.left, board.top, panel.left - board.left, board.h)
    right = pygame.Rect(panel.right, board.top, board.right - panel.right, board.h)
    return max((above, below, left, right), key=lambda r: max(0, r.w) * max(0, r.h))


def tip_spot(size: tuple[int, int], anchor: pygame.Rect, window: pygame.Rect,
             avoid: Sequence[pygame.Rect], first: pygame.Rect | None = None) -> pygame.Rect:
    """Where a tooltip of ``size`` about the widget at ``anchor`` goes: ``first`` (where
    the widget library put it) if it covers none of ``avoid`` (the other buttons), else
    under, above, right of or left of the widget, whichever inside ``window`` covers the
    least of them (Next wave's tip lay on Undo and Retry, the buttons under it)."""
    w, h = size
    spots = [] if first is None else [pygame.Rect(first)]
    spots += [pygame.Rect(anchor.x, anchor.bottom + 2, w, h),
              pygame.Rect(anchor.x, anchor.top - 2 - h, w, h),
              pygame.Rect(anchor.right + 4, anchor.y, w, h),
              pygame.Rect(anchor.x - 4 - w, anchor.y, w, h)]
    inside = [r.clamp(window) for r in spots]
    return min(inside, key=lambda r: (_overlap(r, avoid), inside.index(r)))


def html_height(font: object, lines: Sequence[str], width: int) -> int:
    """Pixels a pygame_gui text box in ``font`` needs for ``lines`` (simple markup, <br>
    inside them too) wrapped to ``width``: panels are sized to their words, so that none
    is cut or scrolls out of sight in a box too short."""
    n = sum(_rows(font, part, width) for html in lines for part in html.split("<br>"))
    return n * (font.size("Ag")[1] + 3) + 8  # type: ignore[attr-defined]


@lru_cache(maxsize=512)
def _rows(font: object, part: str, width: int) -> int:
    """The rows one line of simple markup takes wrapped to ``width``; kept per line, as the
    morale panel measures its lines again each time it adds one."""
    plain = unescape(re.sub(r"<[^>]+>", "", part))
    row, rows = "", 1
    for word in plain.split(" "):
        cand = f"{row} {word}" if row else word
        if row and font.size(cand)[0] > width * 0.92:  # type: ignore[attr-defined]
            rows, row = rows + 1, word  # (bold words are wider: 8 % to spare)
        else:
            row = cand
    return rows
