"""pygame_gui's font, remembering the size of the texts it has measured.

pygame_gui measures a text by rendering it (``GUIFontPygame.get_rect``: the only way it
finds kerning), and measures the same words again each time a button or text box is
built, and a text box's prefixes again while it splits its lines: a screen's widgets
spent about a sixth of their building time rendering words only to throw the picture
away. A font object is one file at one size and style, so its own memo needs only what
else changes the picture: the text, the underline and the antialiasing.

It draws a text the same way: a button draws its words once for each of its looks
(normal, hovered, selected, pressed), always in white, to be tinted after, and a text box
draws each of its runs again when its text is set. The font keeps the last texts' pictures
(rendered, converted and premultiplied as pygame_gui makes them) and puts a kept one on
the fresh surface each call returns, so callers still tint their own copy.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame
import pygame_gui.core.utility
from pygame_gui.core.gui_font_pygame import GUIFontPygame

#: Texts remembered per font; the least recently measured goes first.
MEMO_SIZE = 1024
#: Pictures of texts kept per font (a line of a text box is a few tens of kilobytes).
PICTURES = 256


class MeasuredFont(GUIFontPygame):
    """A :class:`GUIFontPygame` whose ``get_rect`` renders each text once."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._rects: OrderedDict[tuple[str, bool, bool], pygame.Rect] = OrderedDict()
        self._pictures: OrderedDict[tuple[str, tuple[int, ...], bool, bool],
                                    pygame.Surface] = OrderedDict()

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

    def render_premul_to(self, text: str, text_colour: pygame.Color,
                         surf_size: tuple[int, int],
                         surf_position: tuple[int, int]) -> pygame.Surface:
        """``text`` premultiplied on a new clear surface of ``surf_size``, as
        :meth:`GUIFontPygame.render_premul_to` draws it, from the text's kept picture."""
        font = self._GUIFontPygame__internal_font  # type: ignore[attr-defined]
        key = (text, tuple(pygame.Color(text_colour)), self.underline, self.antialiased)
        picture = self._pictures.get(key)
        if picture is None:
            picture = font.render(text, self.antialiased, text_colour).convert_alpha()
            if picture.get_width() > 0 and picture.get_height() > 0:
                picture = picture.premul_alpha()
            self._pictures[key] = picture
            if len(self._pictures) > PICTURES:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        out = pygame.Surface(surf_size, depth=32, flags=pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        if picture.get_width() > 0 and picture.get_height() > 0:
            out.blit(picture, (surf_position[0], surf_position[1] - font.get_ascent()),
                     special_flags=pygame.BLEND_PREMULTIPLIED)
        return out


def install() -> None:
    """Make pygame_gui load its fonts as :class:`MeasuredFont` (its font loader names
    the class in ``pygame_gui.core.utility``)."""
    pygame_gui.core.utility.GUIFontPygame = MeasuredFont  # type: ignore[misc]
