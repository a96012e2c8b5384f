"""A pygame_gui text box too tall for its text draws the text once, at its final width.

pygame_gui lays a text box's text out at the box's full width, draws it, and only then
sees that it is taller than the box: it lays it out again, narrower by the scroll bar, and
draws it again (``UITextBox.rebuild``). The first picture is thrown away unseen; on the
campaign's rosters and logs it was about a third of the box's building time. Here the
first layout is measured and not drawn when it overflows: the box builds its scroll bar
and draws the narrower layout, as before. What is on screen is the same picture.
"""

from __future__ import annotations

from typing import Any

from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.elements import ui_text_box
from pygame_gui.elements.ui_text_box import UITextBox

_parse = UITextBox.parse_html_into_style_data
_build_scroll_bar = UITextBox._build_scrollbar_for_oversized_text


class _FirstLayout(TextBoxLayout):
    """A box's first layout: not drawn when taller than the box (the box lays its text
    out again beside a scroll bar)."""

    def finalise_to_new(self) -> Any:
        if self.layout_rect.height > self.view_rect.height:
            return None
        return super().finalise_to_new()


def _parse_first_undrawn(self: UITextBox) -> None:
    """The box's text laid out; at the box's full width, drawn only if it fits."""
    if self.dynamic_height or self.dynamic_width or self.__dict__.pop("_beside_bar", False):
        _parse(self)
        return
    ui_text_box.TextBoxLayout = _FirstLayout  # the name the parse builds its layout by
    try:
        _parse(self)
    finally:
        ui_text_box.TextBoxLayout = TextBoxLayout
    if self.text_box_layout is not None:  # kept when it fits: pygame_gui's own from now on
        self.text_box_layout.__class__ = TextBoxLayout


def _scroll_bar_then_parse(self: UITextBox, *offsets: int) -> None:
    """pygame_gui's scroll bar for oversized text, whose parse lays out and draws."""
    self._beside_bar = True  # type: ignore[attr-defined]
    _build_scroll_bar(self, *offsets)


def install() -> None:
    """Make every text box parse its text this way (class attributes of ``UITextBox``)."""
    UITextBox.parse_html_into_style_data = _parse_first_undrawn  # type: ignore[method-assign]
    UITextBox._build_scrollbar_for_oversized_text = _scroll_bar_then_parse  # type: ignore[method-assign]
