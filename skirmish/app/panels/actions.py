"""The action bar: only what the engine allows is enabled; a greyed button says why,
with the rule ID, on hover. Below it, the preview of what the pointer would do."""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import TYPE_CHECKING

import pygame

from skirmish.app.layout import fit_text
from skirmish.app.rule_tips import linked

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UIButton

    from skirmish.app.manager import Manager


@dataclass(frozen=True)
class BarItem:
    key: str
    label: str
    enabled: bool = True
    tip: str | None = None
    selected: bool = False
    wide: bool = False


#: What a button keeps of its width from its words: its border (1 pixel) and its text's
#: padding (6, left-aligned: theme.json "@action") on the left, its border and a gap of 2
#: on the right. Measured against 8, a label ran over the right edge ("Retardement demi"
#: at 960 × 600).
TEXT_ROOM = 10


def _rows(items: tuple[BarItem, ...], cols: int) -> int:
    rows = col = 0
    for item in items:
        if item.wide:
            rows += 1 if col == 0 else 2
            col = 0
        else:
            col += 1
            if col == cols:
                rows += 1
                col = 0
    return rows + (1 if col else 0)


def _tight(label: str) -> str:
    """A label with its spaces closed up: "W  Marcher · 1 PA" → "W Marcher 1 PA"."""
    return " ".join(label.replace(" · ", " ").split())


def _squeezed(font: object, label: str, width: int, tight: bool) -> str:
    """``label`` within ``width`` pixels, with its spaces closed up if ``tight`` or if it
    needs it, else without its cost (after " · "), else cut with "…" (the tooltip has it
    whole)."""
    if not tight and font.size(label)[0] <= width:  # type: ignore[attr-defined]
        return label
    for short in (_tight(label), _tight(label.rsplit(" · ", 1)[0])):
        if font.size(short)[0] <= width:  # type: ignore[attr-defined]
            return short
    return fit_text(font, _tight(label), width)  # type: ignore[attr-defined]


def _set_state(button: UIButton, item: BarItem) -> None:
    """``button`` enabled, disabled or selected as ``item`` says."""
    if not item.enabled:
        button.disable()
        return
    button.enable()
    if item.selected and not button.is_selected:
        button.select()
    elif button.is_selected and not item.selected:
        button.unselect()


class ActionBar:
    def __init__(self, manager: Manager, rect: pygame.Rect, row_h: int) -> None:
        from pygame_gui.elements import UITextBox
        self.manager = manager
        self.rect = rect
        self.row_h = row_h
        self.items: tuple[BarItem, ...] = ()
        self.buttons: dict[UIButton, BarItem] = {}
        #: Each button's place, words and tooltip, to keep it when the next items agree.
        self.specs: dict[UIButton, tuple[tuple[int, ...], str, str | None]] = {}
        #: where the preview box stands unless the buttons need some of its room
        self.preview_home = pygame.Rect(rect.x, rect.bottom - rect.h * 36 // 100,
                                        rect.w, rect.h * 36 // 100)
        self.preview = UITextBox("", self.preview_home.copy(), manager)
        self.preview_text = ""

    def set_items(self, items: list[BarItem]) -> None:
        """Lay the buttons out for ``items``. A button standing where one was, with the
        same words and tooltip, is kept with its state set (a tool chosen, an action no
        longer allowed): building a button was a good part of each click's cost."""
        from pygame_gui.elements import UIButton
        new = tuple(items)
        if new == self.items:
            return
        self.items = new
        spare = {spec: b for b, spec in self.specs.items()}
        self.buttons.clear()
        self.specs.clear()
        cols, row_h, laid = self._fit(new)
        x0, y = self.rect.x, self.rect.y
        cell = (self.rect.w - 4 * (cols - 1)) // cols
        # a label too wide for its cell has its spaces closed up, and the other half-width
        # buttons' with it, to look alike: at 960 × 600 "W  Marcher · 1 PA" lost its cost
        tight = any(self._font().size(i.label)[0] > cell - TEXT_ROOM for i in laid if not i.wide)
        col = 0
        for item, wide in zip(new, (i.wide for i in laid), strict=True):
            if wide and col:
                y += row_h + 4
                col = 0
            w = self.rect.w if wide else cell
            r = pygame.Rect(x0 + col * (cell + 4), y, w, row_h)
            label = _squeezed(self._font(), item.label, w - TEXT_ROOM, tight and not wide)
            tip = item.tip if label == item.label else \
                f"{item.label}<br>{item.tip}" if item.tip else item.label
            spec = (tuple(r), label, tip)
            b = spare.pop(spec, None)
            if b is None:
                b = UIButton(r, label, self.manager, tool_tip_text=tip,
                             object_id="@action")
            _set_state(b, item)
            self.buttons[b] = item
            self.specs[b] = spec
            col = 0 if wide else col + 1
            if wide or col == cols:
                y += row_h + 4
                col = 0
        for b in spare.values():
            b.kill()
        self._place_preview(y + (row_h + 4 if col else 0))

    def _place_preview(self, top: int) -> None:
        """The preview box takes the room the buttons leave, up to them (a long preview
        scrolled in its fixed box), and never shrinks below a third of its own room."""
        home = self.preview_home
        top = min(top + 4, home.bottom - home.h // 3)
        if self.preview.rect.y != top:
            self.preview.set_relative_position((home.x, top))
            self.preview.set_dimensions((home.w, home.bottom - top))

    def _fit(self, items: tuple[BarItem, ...]) -> tuple[int, int, tuple[BarItem, ...]]:
        """Columns, row height and the items as laid out, so every button sits above
        the preview box: two columns, three when a long list (ten figures to deploy)
        would not fit, then full-width buttons whose words fit half the width two to a
        row (a Chef with five weapons), then shorter rows; when even the shortest would
        reach past the preview's third, every button half wide with its words cut (a
        WFRP figure's eighteen actions in French; the tooltip has them whole)."""
        room = self.preview_home.y - self.rect.y - 4
        font = self._font()
        widest = max((font.size(i.label)[0] for i in items if not i.wide), default=0)
        half = (self.rect.w - 4) // 2 - TEXT_ROOM
        given = items
        # a label too long for half the bar even closed up takes the whole width, rather
        # than losing its end ("C · Thrain…" in the deployment's list)
        items = tuple(replace(i, wide=True) if not i.wide and
                      font.size(_tight(i.label))[0] > half else i for i in items)
        for cols in (2, 3):
            rows = _rows(items, cols)
            cell = (self.rect.w - 4 * (cols - 1)) // cols
            if rows * (self.row_h + 4) <= room and (cols == 2 or widest <= cell - TEXT_ROOM):
                return cols, self.row_h, items
        paired = tuple(replace(i, wide=False) if i.wide and font.size(i.label)[0] <= half else i
                       for i in items)
        rows = _rows(paired, 2)
        low = font.size("Ag")[1] + 4
        # the preview box gives up its top down to a third of its room (_place_preview):
        # when even the shortest rows would not fit above that, each button is half wide
        spare = self.preview_home.bottom - self.preview_home.h // 3 - self.rect.y - 4
        if rows * (low + 4) > spare:
            paired = tuple(replace(i, wide=g.wide) for i, g in zip(paired, given, strict=True))
            rows = _rows(paired, 2)
        return 2, min(self.row_h, max(low, room // max(1, rows) - 4)), paired

    def _font(self):  # noqa: ANN202 - pygame_gui's font interface
        return self.manager.get_theme().get_font(["button", "@action"])

    def pressed(self, element: object) -> BarItem | None:
        return self.buttons.get(element)  # type: ignore[call-overload]

    def item_at(self, pos: tuple[int, int]) -> BarItem | None:
        for b, item in self.buttons.items():
            if b.rect.collidepoint(pos):
                return item
        return None

    def set_preview(self, text: str) -> None:
        if text != self.preview_text:
            self.preview_text = text
            self.preview.set_text(linked(escape(text)).replace("\n", "<br>"))

    def kill(self) -> None:
        for b in self.buttons:
            b.kill()
        self.buttons.clear()
        self.specs.clear()
        self.items = ()
