"""The game log: every event in words, newest at the bottom, scrollable.

The text box shows a window of the newest lines. Laying out rich text costs time in
proportion to what the box holds, so a long game must not make every new line slower:
lines are appended to the box, and once it holds ``SHOWN_MAX`` lines it is laid out
again with only the newest ``SHOWN_KEEP`` — one full layout every few dozen lines, of a
bounded size, however long the game.
"""

from __future__ import annotations

from html import escape

import pygame
from pygame_gui.elements import UITextBox

from skirmish.app.manager import Manager
from skirmish.app.text import elide
from skirmish.app.theme import BAD, GOOD

KEPT = 2000  # lines kept in memory (the replay file holds the whole game)
SHOWN_MAX = 40
SHOWN_KEEP = 25
LINE_CHARS = 300  # a line holding a file's megabyte name is cut, not laid out
#: A roll line's "→ ✓ …" / "→ ✗ …" tail (describe.roll_line) is coloured by whether the
#: roll was good for the roller (``Roll.outcome``), not by ``success``.
OUTCOME_COLOURS = {f"→ {mark}": "#{:02x}{:02x}{:02x}".format(*rgb)
                   for mark, rgb in (("✓", GOOD), ("✗", BAD))}


class GameLog:
    def __init__(self, manager: Manager, rect: pygame.Rect, title: str) -> None:
        self.title = title
        self.lines: list[str] = []
        self.shown = 0  # lines in the box now
        self.renders = 0  # full layouts so far (the frame bench and tests read it)
        self.box = UITextBox(f"<b>{escape(title)}</b>", rect, manager)

    def set_lines(self, lines: list[str]) -> None:
        self.lines = lines[-KEPT:]
        self._render()

    def add(self, lines: list[str]) -> None:
        if not lines:
            return
        self.lines.extend(lines)
        if len(self.lines) > KEPT:
            del self.lines[:-KEPT]
        if self.shown + len(lines) > SHOWN_MAX:
            self._render()
            return
        self.shown += len(lines)
        self.box.append_html_text("<br>" + "<br>".join(_fmt(x) for x in lines))
        self._scroll_to_end()

    def _render(self) -> None:
        window = self.lines[-SHOWN_KEEP:]
        self.shown = len(window)
        self.renders += 1
        body = "<br>".join(_fmt(x) for x in window)
        self.box.set_text(f"<b>{escape(self.title)}</b><br>{body}")
        self._scroll_to_end()

    def _scroll_to_end(self) -> None:
        bar = self.box.scroll_bar
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)


def _fmt(line: str) -> str:
    text = escape(elide(line, LINE_CHARS))
    for mark, colour in OUTCOME_COLOURS.items():
        at = text.rfind(mark)
        if at >= 0:
            text = f"{text[:at]}<font color={colour}>{text[at:]}</font>"
            break
    if text.startswith("["):
        end = text.find("]")
        return f"<font color=#9cc3ff>{text[:end + 1]}</font>{text[end + 1:]}"
    if text.startswith("—"):
        return f"<b>{text}</b>"
    return text
