"""The game log: every event in words, newest at the bottom, scrollable.

Drawn with pygame, not a rich-text widget: a text box lays out everything it holds
again on each append (14-28 ms a line once it holds a few dozen). Here each line is
wrapped and rendered once, the first time it is shown, and kept; a frame in which a line
arrives renders that line only and blits the visible ones. ``set_lines`` (the replay
viewer's seek, an undo) swaps the list and reuses the surfaces of lines already seen.
The mouse wheel over the panel scrolls back by lines; the bar on the right can be
clicked or dragged; a new line keeps the view where it is unless it shows the newest.
:meth:`GameLog.rule_spots` says where each rule ID shown lies, so a hover or a click on
it shows the rule's text (:mod:`skirmish.app.rule_tips`).
"""

from __future__ import annotations

import pygame

from skirmish.app.rows import odd_rows
from skirmish.app.rule_texts import RULE_ID
from skirmish.app.text import Text, elide, glued
from skirmish.app.theme import BAD, GOOD, PANEL, PANEL_EDGE, TEXT, TEXT_DIM

KEPT = 2000  # lines kept in memory (the replay file holds the whole game)
LINE_CHARS = 300  # a line holding a file's megabyte name is cut, not laid out
SIZE = 11  # font size of a line (scaled by Text)
TAG = (156, 195, 255)  # the "[R-…]" rule ID that starts a line
WHEEL_LINES = 3
BAR_W = 8
#: A roll line's "→ ✓ …" / "→ ✗ …" tail (describe.roll_line) is coloured by whether the
#: roll was good for the roller (``Roll.outcome``), not by ``success``.
OUTCOME_COLOURS = {"→ ✓": GOOD, "→ ✗": BAD}

Segment = tuple[str, tuple[int, int, int], bool]  # text, colour, bold
Placed = tuple[str, tuple[int, int, int], int]  # a word, its colour, its x in its row


class GameLog:
    def __init__(self, text: Text, rect: pygame.Rect, title: str) -> None:
        self.text = text
        self.rect = rect
        self.title = title
        self.lines: list[str] = []
        self.back = 0  # lines scrolled back from the newest (0: the newest is shown)
        self.renders = 0  # lines wrapped and rendered so far (tests read it)
        #: Times the lines changed (added, replaced): a new line may leave their count the
        #: same, the oldest going.
        self.version = 0
        self._laid: dict[str, list[pygame.Surface]] = {}  # a line's rendered rows
        #: A line's rule IDs and their boxes in it (as laid out in ``_laid``).
        self._line_ids: dict[str, list[tuple[pygame.Rect, str]]] = {}
        self._cache: pygame.Surface | None = None  # the whole panel, until it changes
        self._fresh = 0  # lines added since it was drawn, the newest shown: scrolled in
        self._shown = 0  # lines drawn in the last frame (for the bar's thumb)
        self._drag = False
        self._pointer = (-1, -1)
        #: The rule IDs shown, with their boxes on the window, until the panel changes.
        self._spots: list[tuple[pygame.Rect, str]] | None = None

    @property
    def body(self) -> pygame.Rect:
        """Where the lines go: under the title, left of the scroll bar."""
        top = round(18 * self.text.scale) + 4
        return pygame.Rect(self.rect.x + 6, self.rect.y + top, self.rect.w - 14 - BAR_W,
                           self.rect.h - top - 4)

    @property
    def bar(self) -> pygame.Rect:
        b = self.body
        return pygame.Rect(self.rect.right - BAR_W - 4, b.y, BAR_W, b.h)

    # -- content ------------------------------------------------------------------------------
    def set_lines(self, lines: list[str]) -> None:
        self.lines = lines[-KEPT:]
        self.version += 1
        self.back = self._fresh = 0
        if len(self._laid) > 2 * KEPT:  # the rows of lines no longer held go
            keep = set(self.lines)
            self._laid = {k: v for k, v in self._laid.items() if k in keep}
            self._line_ids = {k: v for k, v in self._line_ids.items() if k in keep}
        self._cache = None

    def add(self, lines: list[str]) -> None:
        if not lines:
            return
        self.lines.extend(lines)
        self.version += 1
        if len(self.lines) > KEPT:
            del self.lines[:-KEPT]
        if self.back:  # reading further up: the same lines stay in view
            self.back = min(self.back + len(lines), len(self.lines) - 1)
            self._cache = None
        else:
            self._fresh += len(lines)

    def scroll(self, by: int) -> None:
        """Move ``by`` lines towards older (positive) or newer (negative) ones."""
        back = max(0, min(len(self.lines) - 1, self.back + by))
        if back != self.back:
            self.back = back
            self._cache = None
            self._fresh = 0

    # -- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Wheel over the panel, click or drag on its bar; True when the event was the
        log's (the board then does not zoom or select)."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self._pointer):
                self.scroll(WHEEL_LINES * event.y)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.bar.inflate(6, 0).collidepoint(event.pos):
            self._drag = True
            self._bar_to(event.pos[1])
            return True
        if event.type == pygame.MOUSEMOTION:
            self._pointer = (event.pos[0], event.pos[1])
            if self._drag:
                self._bar_to(event.pos[1])
            return self._drag
        if event.type == pygame.MOUSEBUTTONUP and self._drag:
            self._drag = False
            return True
        return False

    def _bar_to(self, y: int) -> None:
        """The pointer at height ``y`` of the bar: the top is the oldest line."""
        b = self.bar
        frac = min(1.0, max(0.0, (y - b.y) / max(1, b.h)))
        self.scroll(round((1.0 - frac) * (len(self.lines) - 1)) - self.back)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        local = self.rect.move(-self.rect.x, -self.rect.y)
        if self._cache is None or self._fresh:
            self._spots = None
        if self._cache is not None and self._fresh:
            self._scroll_in(self._cache, local)
        if self._cache is None:
            # rows an odd number of pixels apart: blitted every frame, fast (skirmish.app.rows)
            self._cache = odd_rows(self.rect.size, pygame.display.get_surface())
            self._draw(self._cache, local)
        self._fresh = 0
        surface.blit(self._cache, self.rect)

    def _scroll_in(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The newest lines pushed in at the bottom, what was shown moved up: only the new
        lines are rendered and drawn."""
        body = self.body.move(rect.x - self.rect.x, rect.y - self.rect.y)
        rows: list[pygame.Surface] = []
        h = 0
        for line in reversed(self.lines[-self._fresh:]):
            new = self.rows(line)
            rows[:0] = new
            h += sum(r.get_height() for r in new)
            if h >= body.h:  # nothing that was shown stays: drawn anew
                self._cache = None
                return
        if self._fresh >= len(self.lines):
            self._cache = None
            return
        clip = surface.get_clip()
        surface.set_clip(body)
        surface.scroll(0, -h)
        y = body.bottom - h
        surface.fill(PANEL, (body.x, y, body.w, h))
        for r in rows:
            surface.blit(r, (body.x, y))
            y += r.get_height()
        surface.set_clip(clip)
        self._shown = self._fitting(body.h)
        bar = self.bar.move(rect.x - self.rect.x, rect.y - self.rect.y)
        surface.fill(PANEL, bar)
        self._draw_bar(surface, bar)

    def rows(self, line: str) -> list[pygame.Surface]:
        """``line`` wrapped to the panel and rendered, once."""
        laid = self._laid.get(line)
        if laid is None:
            laid = _render(self.text, line, self.body.w)
            self._laid[line] = laid
            self.renders += 1
        return laid

    def rule_spots(self) -> list[tuple[pygame.Rect, str]]:
        """Each rule ID in the lines shown ("[R-SHOOT-HIT]", "(GAP-47)") and where it is
        drawn on the window, laid out as :meth:`_draw` lays the lines out: a line's IDs
        are found once (:meth:`_line_spots`), so a frame in which a line arrives only
        moves the others' boxes."""
        if self._spots is not None:
            return self._spots
        body = self.body
        out: list[tuple[pygame.Rect, str]] = []
        y = body.bottom
        for i in range(len(self.lines) - 1 - self.back, -1, -1):
            line = self.lines[i]
            y -= sum(r.get_height() for r in self.rows(line))
            for box, rule in self._line_spots(line):
                if y + box.bottom > body.y:  # its row shows, if only in part
                    out.append((box.move(body.x, y).clip(body), rule))
            if y <= body.y:
                break
        self._spots = out
        return out

    def _line_spots(self, line: str) -> list[tuple[pygame.Rect, str]]:
        """The rule IDs of ``line`` with their boxes from its top left corner, found once."""
        spots = self._line_ids.get(line)
        if spots is None:
            spots = []
            font = self.text.font(SIZE, _fmt(line)[0][2])
            at = 0
            for row, surf in zip(_layout(self.text, line, self.body.w), self.rows(line),
                                 strict=False):
                for word, _, x in row:
                    for m in RULE_ID.finditer(word):
                        left = _width(font, word[:m.start()]) if m.start() else 0
                        spots.append((pygame.Rect(x + left, at, _width(font, m[0]),
                                                  surf.get_height()), m[0]))
                at += surf.get_height()
            self._line_ids[line] = spots
        return spots

    def _fitting(self, height: int) -> int:
        """How many of the newest lines (all rendered already) show in ``height``."""
        n = 0
        for line in reversed(self.lines):
            n += 1
            height -= sum(r.get_height() for r in self.rows(line))
            if height <= 0:
                break
        return n

    def _draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.fill(PANEL)
        pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
        self.text.blit(surface, self.title, (rect.x + 6, rect.y + 4), 12, TEXT, bold=True)
        body = self.body.move(rect.x - self.rect.x, rect.y - self.rect.y)
        y = body.bottom
        shown = 0
        clip = surface.get_clip()
        surface.set_clip(body)
        for i in range(len(self.lines) - 1 - self.back, -1, -1):
            rows = self.rows(self.lines[i])
            y -= sum(r.get_height() for r in rows)
            at = y
            for r in rows:
                surface.blit(r, (body.x, at))
                at += r.get_height()
            shown += 1
            if y <= body.y:
                break
        surface.set_clip(clip)
        self._shown = shown
        self._draw_bar(surface, self.bar.move(rect.x - self.rect.x, rect.y - self.rect.y))

    def _draw_bar(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        n = len(self.lines)
        if n <= self._shown:
            return
        pygame.draw.rect(surface, PANEL_EDGE, bar, border_radius=3)
        thumb_h = max(12, bar.h * self._shown // n)
        end = 1.0 - self.back / n  # where the newest line shown sits among all
        bottom = bar.y + round(end * bar.h)
        thumb = pygame.Rect(bar.x, max(bar.y, bottom - thumb_h), bar.w, thumb_h)
        pygame.draw.rect(surface, TEXT_DIM, thumb, border_radius=3)


def _fmt(line: str) -> list[Segment]:
    """``line`` in coloured pieces: the rule ID tag, the roll's outcome tail by whether it
    went the roller's way, a "—" heading in bold."""
    text = elide(line, LINE_CHARS)
    if text.startswith("—"):
        return [(text, TEXT, True)]
    out: list[Segment] = []
    if text.startswith("["):
        end = text.find("]") + 1
        if end > 0:
            out.append((text[:end], TAG, False))
            text = text[end:]
    for mark, colour in OUTCOME_COLOURS.items():
        at = text.rfind(mark)
        if at >= 0:
            return [*out, (text[:at], TEXT, False), (text[at:], colour, False)]
    return [*out, (text, TEXT, False)]


_widths: dict[tuple[pygame.font.Font, str], int] = {}  # names and words recur line after line


def _width(font: pygame.font.Font, word: str) -> int:
    w = _widths.get((font, word))
    if w is None:
        if len(_widths) > 50_000:
            _widths.clear()
        w = _widths[font, word] = font.size(word)[0]
    return w


def _layout(text: Text, line: str, width: int) -> list[list[Placed]]:
    """The rows of ``line`` wrapped to ``width`` at word boundaries: each word with its
    piece's colour and its place in the row."""
    pieces = _fmt(line)
    font = text.font(SIZE, pieces[0][2])
    space = _width(font, " ")
    rows: list[list[Placed]] = [[]]
    x = 0
    for piece, colour, _ in pieces:  # a piece may end inside a word: split there too
        for w in glued(piece).split(" "):
            if not w:
                continue
            ww = _width(font, w)
            if rows[-1] and x + space + ww > width:
                rows.append([])
                x = 0
            at = x + space if rows[-1] else 0
            rows[-1].append((w, colour, at))
            x = at + ww
    return rows


def _render(text: Text, line: str, width: int) -> list[pygame.Surface]:
    """The rows of ``line`` (:func:`_layout`) rendered, each piece in its colour, on the
    panel's colour (opaque rows blit fast)."""
    font = text.font(SIZE, _fmt(line)[0][2])
    out = []
    for row in _layout(text, line, width):
        runs = []  # words of one colour side by side, rendered in one go
        for w, colour, at in row:
            if runs and runs[-1][1] == colour:
                runs[-1][0].append(w)
            else:
                runs.append(([w], colour, at))
        if len(runs) == 1:
            out.append(font.render(" ".join(runs[0][0]), True, runs[0][1], PANEL))
            continue
        surf = pygame.Surface((width, font.get_linesize()))
        surf.fill(PANEL)
        for words, colour, at in runs:
            surf.blit(font.render(" ".join(words), True, colour, PANEL), (at, 0))
        out.append(surf)
    return out
