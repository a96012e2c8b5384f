"""pygame_gui's fonts remember the size of each text they measured
(:mod:`skirmish.app.measured_font`): the size remembered is the size measured, and it
changes with everything it depends on — the text, the font's size and boldness, the
underline and the antialiasing."""

from __future__ import annotations

import pygame
from pygame_gui.core.gui_font_pygame import GUIFontPygame

from skirmish.app.measured_font import MEMO_SIZE, PICTURES, MeasuredFont
from skirmish.app.paths import FONT_BOLD, FONT_REGULAR
from tests.app.drive import make_app

STYLE = {"antialiased": True, "italic": False, "bold": False}


def _pair(size: int = 14, bold: bool = False) -> tuple[MeasuredFont, GUIFontPygame]:
    pygame.font.init()
    path = str(FONT_BOLD if bold else FONT_REGULAR)
    style = dict(STYLE, bold=bold)
    return MeasuredFont(path, size, False, style), GUIFontPygame(path, size, False, style)


def test_the_window_s_widgets_use_fonts_that_remember_sizes() -> None:
    app = make_app()
    fonts = app.manager.ui_theme.get_font_dictionary()
    assert isinstance(fonts.get_default_font(), MeasuredFont)
    button = next(iter(app.screen.buttons.values()))
    assert isinstance(button.font, MeasuredFont)


def test_a_remembered_size_is_the_size_measured_and_follows_the_text() -> None:
    memo, plain = _pair()
    for text in ("Walk", "Walk", "Wa", "Marcher vers l'ennemi", "", "Walk"):
        assert memo.get_rect(text) == plain.get_rect(text)
    assert memo.get_rect("Walk") != memo.get_rect("Walk and run")


def test_the_size_follows_the_font_s_size_and_boldness() -> None:
    small, _ = _pair(12)
    large, _ = _pair(20)
    bold, plain_bold = _pair(20, bold=True)
    words = "Charge the enemy"
    assert small.get_rect(words).width < large.get_rect(words).width
    assert bold.get_rect(words) == plain_bold.get_rect(words)
    assert bold.get_rect(words).width != large.get_rect(words).width


def test_the_size_follows_the_underline_and_the_antialiasing() -> None:
    memo, plain = _pair()
    words = "Shoot"
    memo.get_rect(words)
    for underline in (True, False):
        memo.underline = plain.underline = underline
        assert memo.get_rect(words) == plain.get_rect(words)
    memo.antialiased = plain.antialiased = False
    assert memo.get_rect(words) == plain.get_rect(words)
    assert len(memo._rects) == 3  # one entry per (text, underline, antialiasing)


def test_a_rect_given_out_is_a_copy_and_the_memo_is_bounded() -> None:
    memo, plain = _pair()
    memo.get_rect("Rally").move_ip(50, 50)
    assert memo.get_rect("Rally") == plain.get_rect("Rally")
    for i in range(MEMO_SIZE + 10):
        memo.get_rect(str(i))
    assert len(memo._rects) == MEMO_SIZE
    assert ("0", False, True) not in memo._rects  # the oldest went first
    assert memo.get_rect("0") == plain.get_rect("0")



def _drawn(font: GUIFontPygame, text: str, colour: str, size: tuple[int, int] = (220, 30),
           at: tuple[int, int] = (3, 20)) -> bytes:
    return pygame.image.tobytes(font.render_premul_to(text, pygame.Color(colour), size, at),
                                "RGBA")


def test_a_text_drawn_from_its_kept_picture_is_the_picture_drawn_afresh() -> None:
    pygame.display.init()
    pygame.display.set_mode((64, 64))  # pictures are converted to the display's format
    memo, plain = _pair()
    for text, colour in (("Walk", "#FFFFFFFF"), ("Walk", "#FFFFFFFF"), ("Walk", "#FF000080"),
                         ("", "#FFFFFFFF"), ("Marcher vers l'ennemi", "#FFFFFFFF")):
        assert _drawn(memo, text, colour) == _drawn(plain, text, colour)
    assert _drawn(memo, "Walk", "#FFFFFFFF", (90, 40), (10, 30)) == \
        _drawn(plain, "Walk", "#FFFFFFFF", (90, 40), (10, 30))
    memo.underline = plain.underline = True
    assert _drawn(memo, "Walk", "#FFFFFFFF") == _drawn(plain, "Walk", "#FFFFFFFF")
    assert len(memo._pictures) == 5  # Walk ×2 colours, "", Marcher, Walk underlined


def test_each_drawn_text_is_a_surface_of_its_own_and_the_pictures_are_bounded() -> None:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    memo, plain = _pair()
    first = memo.render_premul_to("Rally", pygame.Color("white"), (80, 30), (0, 20))
    first.fill((255, 0, 0, 255))  # pygame_gui tints the surface it is given
    assert _drawn(memo, "Rally", "white") == _drawn(plain, "Rally", "white")
    for i in range(PICTURES + 10):
        memo.render_premul_to(str(i), pygame.Color("white"), (40, 30), (0, 20))
    assert len(memo._pictures) == PICTURES
