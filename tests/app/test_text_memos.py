"""The window's text measures kept between frames: ``Text.wrap`` keeps each wrapped text
(the post-game's events and the dice tray wrap the same words every frame) and
``html_height`` each measured line (the morale panel measures its lines again as it adds
one), and the window keeps its ``Text`` through a rebuild at the same scale. Kept answers
are the ones measured afresh."""

from __future__ import annotations

import pygame

from skirmish.app import layout, text
from skirmish.app.layout import html_height
from skirmish.app.text import Text
from tests.app.drive import make_app

WORDS = [
    "Ann tire sur Grub : il faut 7+ pour toucher ; le tir passe à couvert ?",
    "A short line",
    "C:/Users/someone/a/very/long/folder/name/that/cannot/fit/on/one/line/at/all/save.json",
    "First paragraph\nsecond paragraph, longer than the first one by a few words",
]


def test_a_kept_wrap_is_the_wrap_measured_afresh_and_a_list_of_its_own() -> None:
    pygame.font.init()
    kept = Text()
    for words in WORDS:
        for size, width, bold, brk in ((12, 160, False, False), (14, 90, True, True)):
            first = kept.wrap(words, size, width, bold, break_words=brk)
            first.append("changed by its caller")
            again = kept.wrap(words, size, width, bold, break_words=brk)
            assert again == Text().wrap(words, size, width, bold, break_words=brk)
            assert "changed by its caller" not in again


def test_wraps_kept_are_bounded(monkeypatch) -> None:
    pygame.font.init()
    monkeypatch.setattr(text, "_WRAPS_KEPT", 3)
    kept = Text()
    for i in range(10):
        kept.wrap(f"words {i}", 12, 100)
    assert kept._wraps.cache_info().currsize == 3


def test_html_height_measures_each_line_once_with_the_same_answer() -> None:
    pygame.font.init()
    font = Text().font(13)
    lines = ["<b>Grub</b> tests his morale: 2d6 under Cd 7", "Passed &amp; stays",
             "A longer line<br>broken in two, and wrapped to the width of the panel"]
    layout._rows.cache_clear()
    growing = [html_height(font, lines[:n], 150) for n in range(1, len(lines) + 1)]
    measured = layout._rows.cache_info().misses
    assert measured == 4  # each line (a <br> part apiece) measured once
    layout._rows.cache_clear()
    assert [html_height(font, lines[:n], 150) for n in range(1, len(lines) + 1)] == growing
    assert growing[0] < growing[1] < growing[2]


def test_the_window_keeps_its_texts_through_a_rebuild_at_the_same_scale() -> None:
    """A change of language (or of size at the same height) keeps the rendered and wrapped
    texts; a new UI scale draws at new sizes, with a new ``Text``."""
    app = make_app()
    kept = app.text
    kept.wrap("Next wave", 12, 80)
    app.switch_language()
    assert app.text is kept and app.text.scale == app.scale and kept._wraps.cache_info().currsize
    app.config.ui_scale = 1.2
    app.rebuild()
    assert app.text is not kept and app.text.scale == app.scale != kept.scale
