"""Fonts and a cache of rendered text: rendering glyphs is the costliest thing a frame
does, so each (text, size, colour) is rendered once and reused."""

from __future__ import annotations

import re
from collections import OrderedDict
from functools import lru_cache

import pygame

from skirmish.app.paths import FONT_BOLD, FONT_REGULAR

Colour = tuple[int, int, int] | tuple[int, int, int, int]
_CACHE_SIZE = 2048
#: Wrapped texts kept per :class:`Text` (panels wrap the same words every frame).
_WRAPS_KEPT = 1024


#: The smallest text any screen draws (pixels), whatever the window's size and the
#: player's UI scale: at 960 × 600 the table's top bar was about 9 px, the campaign's
#: chart and the band builder's notes 10 or 11.
MIN_PX = 12
#: No line drawn on screen needs more; a file's megabyte name is cut, not rendered.
MAX_CHARS = 160
#: A word broken over several lines (a file's path) may be this long before it is cut.
MAX_WORD = 1024


#: French puts a space before these marks ("pour +1d10 ?"); the log's wrapping must not
#: leave one at the start of a line on its own.
_HIGH_MARKS = re.compile(r" ([?!:;»])")


def glued(text: str) -> str:
    """``text`` with a no-break space before each French high mark, so a line wrapped at
    its spaces never starts with "?" or ":"."""
    return _HIGH_MARKS.sub("\u00a0\\1", text)


def signed(v: int) -> str:
    """A modifier with its sign: "+10", "−20" (a true minus), "±0"."""
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "±0"


def elide(text: str, limit: int = MAX_CHARS) -> str:
    """``text`` cut to ``limit`` characters, ending with "…" when cut."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


class Text:
    def __init__(self, scale: float = 1.0, least: int = MIN_PX) -> None:
        self.scale = scale
        #: No font smaller than this many pixels, whatever the size asked and the scale.
        self.least = least
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._cache: OrderedDict[tuple[str, int, bool, Colour], pygame.Surface] = OrderedDict()
        self._wraps = lru_cache(maxsize=_WRAPS_KEPT)(self._wrapped)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        px = max(self.least, round(size * self.scale))
        key = (px, bold)
        f = self._fonts.get(key)
        if f is None:
            f = pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), px)
            self._fonts[key] = f
        return f

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        text = elide(text)
        key = (text, size, bold, colour)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self.font(size, bold).render(text, True, colour)
        self._cache[key] = surf
        if len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)
        return surf

    def blit(self, target: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             colour: Colour, *, bold: bool = False, anchor: str = "topleft",
             backdrop: Colour | None = None) -> pygame.Rect:
        """Draw ``text`` with its ``anchor`` (a Rect attribute) at ``pos``; an optional
        translucent backdrop keeps labels readable over any terrain."""
        surf = self.render(text, size, colour, bold)
        rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if backdrop is not None:
            pad = rect.inflate(6, 2)
            if len(backdrop) == 4:
                box = pygame.Surface(pad.size, pygame.SRCALPHA)
                box.fill(backdrop)
                target.blit(box, pad)
            else:
                target.fill(backdrop, pad)
        target.blit(surf, rect)
        return rect

    def wrap(self, text: str, size: int, width: int, bold: bool = False, *,
             break_words: bool = False) -> list[str]:
        """Greedy word wrap to ``width`` pixels. ``break_words``: a word wider than a line
        alone (a file's path) goes on lines of its own in pieces (:func:`_pieces`), where
        it would otherwise run past ``width``. Kept per words, size and width: the
        post-game's events, the dice tray and the toasts wrap the same words each frame,
        each word measured again; a fresh list is returned each time."""
        return list(self._wraps(text, size, width, bold, break_words))

    def _wrapped(self, text: str, size: int, width: int, bold: bool,
                 break_words: bool) -> tuple[str, ...]:
        font = self.font(size, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            words = [elide(w, MAX_WORD if break_words else MAX_CHARS) for w in para.split(" ")]
            line = ""
            for w in words:
                first, *rest = _pieces(font, w, width) if break_words else [w]
                cand = f"{line} {first}" if line else first
                if line and font.size(cand)[0] > width:
                    lines.append(line)
                    cand = first
                if rest:
                    lines.append(cand)
                    *middle, cand = rest
                    lines += middle
                line = cand
            lines.append(line)
        return tuple(lines)


def _pieces(font: pygame.font.Font, word: str, width: int) -> list[str]:
    """``word`` as it is when it fits ``width``, else cut into pieces that do: after a
    ``/`` or ``\\`` (a path's folders), between letters only within a part still too wide."""
    if font.size(word)[0] <= width:
        return [word]
    units: list[str] = []
    for part in re.findall(r"[^/\\]*[/\\]|[^/\\]+", word):
        units += list(part) if font.size(part)[0] > width else [part]
    pieces, piece = [], ""
    for unit in units:
        if piece and font.size(piece + unit)[0] > width:
            pieces.append(piece)
            piece = ""
        piece += unit
    return pieces + [piece]

