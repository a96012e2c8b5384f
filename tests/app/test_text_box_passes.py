"""A text box too tall for its text lays the text out at its full width without drawing
it, then draws it once beside its scroll bar (:mod:`skirmish.app.text_box_passes`): the
box, scrolled or not, is the picture pygame_gui's own two drawings make."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.elements import UITextBox

from skirmish.app import text_box_passes
from tests.app.drive import make_app, step

LONG = "<br>".join(f"<b>Line {i}</b> — a roster's row, long enough to wrap at the box's width "
                   f"once or twice: Mvt 9, Cd 11, CT 4+" for i in range(30))
SHORT = "<b>Ann</b> — Chef · Reds<br>Mvt 9  Cd 11"


def _pictures(texts: list[str]) -> list[tuple[bytes, bool, tuple[int, int, int, int]]]:
    """Each text's box, at its top and scrolled to its end: the box's pixels, whether it
    has a scroll bar and its layout's rect."""
    app = make_app()
    out = []
    for i, text in enumerate(texts):
        box = UITextBox(text, pygame.Rect(20, 20 + 10 * i, 300, 200), app.manager)
        step(app)
        out.append((pygame.image.tobytes(box.image, "RGBA"), box.scroll_bar is not None,
                    tuple(box.text_box_layout.layout_rect)))
        assert type(box.text_box_layout) is TextBoxLayout  # the box's layout is pygame_gui's
        if box.scroll_bar is not None:
            box.scroll_bar.set_scroll_from_start_percentage(0.9)
            step(app, n=2)
            out.append((pygame.image.tobytes(box.image, "RGBA"), True,
                        tuple(box.text_box_layout.layout_rect)))
        box.kill()
    return out


def _drawings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The heights of the text layouts drawn from now on (the window's buttons and labels
    draw theirs too)."""
    drawn: list[int] = []
    finalise = TextBoxLayout.finalise_to_surf

    def counted(self: TextBoxLayout, surface: pygame.Surface) -> None:
        drawn.append(self.layout_rect.height)
        finalise(self, surface)

    monkeypatch.setattr(TextBoxLayout, "finalise_to_surf", counted)
    return drawn


def test_a_box_too_tall_draws_its_text_once_and_as_pygame_gui_draws_it(monkeypatch) -> None:
    drawn = _drawings(monkeypatch)
    ours = _pictures([LONG, SHORT])
    assert ours[0][1] and not ours[-1][1]  # the long text scrolls, the short one does not
    assert sum(h > 200 for h in drawn) == 1  # the long text drawn beside its bar only
    monkeypatch.setattr(UITextBox, "parse_html_into_style_data", text_box_passes._parse)
    monkeypatch.setattr(UITextBox, "_build_scrollbar_for_oversized_text",
                        text_box_passes._build_scroll_bar)
    drawn.clear()
    assert _pictures([LONG, SHORT]) == ours
    assert sum(h > 200 for h in drawn) == 2  # pygame_gui's own: at full width first
