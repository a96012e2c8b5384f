"""The action bar: only what the engine allows is enabled; a greyed button says why,
with the rule ID, on hover. Below it, the preview of what the pointer would do."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import pygame
from pygame_gui.elements import UIButton, UITextBox

from skirmish.app.manager import Manager


@dataclass(frozen=True)
class BarItem:
    key: str
    label: str
    enabled: bool = True
    tip: str | None = None
    selected: bool = False
    wide: bool = False


class ActionBar:
    def __init__(self, manager: Manager, rect: pygame.Rect, row_h: int) -> None:
        self.manager = manager
        self.rect = rect
        self.row_h = row_h
        self.items: tuple[BarItem, ...] = ()
        self.buttons: dict[UIButton, BarItem] = {}
        self.preview = UITextBox("", pygame.Rect(rect.x, rect.bottom - rect.h * 36 // 100,
                                                 rect.w, rect.h * 36 // 100), manager)
        self.preview_text = ""

    def set_items(self, items: list[BarItem]) -> None:
        new = tuple(items)
        if new == self.items:
            return
        self.items = new
        for b in self.buttons:
            b.kill()
        self.buttons.clear()
        x0, y = self.rect.x, self.rect.y
        half = (self.rect.w - 4) // 2
        col = 0
        for item in new:
            if item.wide and col:
                y += self.row_h + 4
                col = 0
            w = self.rect.w if item.wide else half
            r = pygame.Rect(x0 + col * (half + 4), y, w, self.row_h)
            b = UIButton(r, item.label, self.manager, tool_tip_text=item.tip,
                         object_id="@action")
            if not item.enabled:
                b.disable()
            elif item.selected:
                b.select()
            self.buttons[b] = item
            if item.wide or col == 1:
                y += self.row_h + 4
                col = 0
            else:
                col = 1

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
            self.preview.set_text(escape(text).replace("\n", "<br>"))

    def kill(self) -> None:
        for b in self.buttons:
            b.kill()
        self.buttons.clear()
        self.items = ()
