"""The game log: every event in words, newest at the bottom, scrollable."""

from __future__ import annotations

from html import escape

import pygame
from pygame_gui.elements import UITextBox

from skirmish.app.manager import Manager
from skirmish.app.theme import BAD, GOOD

MAX_LINES = 300
#: A roll line's "→ ✓ …" / "→ ✗ …" tail (describe.roll_line) is coloured by whether the
#: roll was good for the roller (``Roll.outcome``), not by ``success``.
OUTCOME_COLOURS = {f"→ {mark}": "#{:02x}{:02x}{:02x}".format(*rgb)
                   for mark, rgb in (("✓", GOOD), ("✗", BAD))}


class GameLog:
    def __init__(self, manager: Manager, rect: pygame.Rect, title: str) -> None:
        self.title = title
        self.lines: list[str] = []
        self.box = UITextBox(f"<b>{escape(title)}</b>", rect, manager)

    def set_lines(self, lines: list[str]) -> None:
        self.lines = lines[-MAX_LINES:]
        self._render()

    def add(self, lines: list[str]) -> None:
        if not lines:
            return
        self.lines.extend(lines)
        if len(self.lines) > MAX_LINES:
            self.lines = self.lines[-MAX_LINES:]
            self._render()
            return
        self.box.append_html_text("<br>" + "<br>".join(_fmt(x) for x in lines))
        self._scroll_to_end()

    def _render(self) -> None:
        body = "<br>".join(_fmt(x) for x in self.lines)
        self.box.set_text(f"<b>{escape(self.title)}</b><br>{body}")
        self._scroll_to_end()

    def _scroll_to_end(self) -> None:
        bar = self.box.scroll_bar
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)


def _fmt(line: str) -> str:
    text = escape(line)
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
