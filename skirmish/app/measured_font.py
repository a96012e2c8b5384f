"""pygame_gui's font, remembering the size of the texts it has measured.

pygame_gui measures a text by rendering it (``GUIFontPygame.get_rect``: the only way it
finds kerning), and measures the same words again each time a button or text box is
built, and a text box's prefixes again while it splits its lines: a screen's widgets
spent about a sixth of their building time rendering words only to throw the picture
away. A font object is one file at one size and style, so its own memo needs only what
else changes the picture: the text, the underline and the antialiasing.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame
import pygame_gui.core.utility
from pygame_gui.core.gui_font_pygame import GUIFontPygame

#: Texts remembered per font; the least recently measured goes first.
MEMO_SIZE = 1024


class MeasuredFont(GUIFontPygame):
    """A :class:`GUIFontPygame` whose ``get_rect`` renders each text once."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._rects: OrderedDict[tuple[str, bool, bool], pygame.Rect] = OrderedDict()

    def get_rect(self, text: str) -> pygame.Rect:
        key = (text, self.underline, self.antialiased)
        rect = self._rects.get(key)
        if rect is None:
            rect = super().get_rect(text)
            self._rects[key] = rect
            if len(self._rects) > MEMO_SIZE:
                self._rects.popitem(last=False)
        else:
            self._rects.move_to_end(key)
        return pygame.Rect(rect)  # a copy: callers move the rect they are given


def install() -> None:
    """Make pygame_gui load its fonts as :class:`MeasuredFont` (its font loader names
    the class in ``pygame_gui.core.utility``)."""
    pygame_gui.core.utility.GUIFontPygame = MeasuredFont  # type: ignore[misc]
