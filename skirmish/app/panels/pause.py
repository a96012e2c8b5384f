"""The in-game menu (Esc): resume, save, load, rules, main menu, quit."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UIPanel

from skirmish.app.i18n import Translator
from skirmish.app.manager import Manager

ENTRIES = ("resume", "save", "load", "rules", "menu", "quit")


class PauseMenu:
    def __init__(self) -> None:
        self.panel: UIPanel | None = None
        self.buttons: dict[UIButton, str] = {}

    def build(self, manager: Manager, board: pygame.Rect, t: Translator, scale: float) -> None:
        self.close()
        bh, gap = round(34 * scale), round(8 * scale)
        w = round(280 * scale)
        h = len(ENTRIES) * (bh + gap) + gap + 6
        rect = pygame.Rect(0, 0, w, h)
        rect.center = board.center
        self.panel = UIPanel(rect, starting_height=10, manager=manager)
        for i, key in enumerate(ENTRIES):
            b = UIButton(pygame.Rect(gap, gap + i * (bh + gap), w - 2 * gap - 6, bh),
                         t(f"pause.{key}"), manager, container=self.panel,
                         object_id="@primary" if key == "resume" else None)
            self.buttons[b] = key

    def pressed(self, element: object) -> str | None:
        return self.buttons.get(element)  # type: ignore[call-overload]

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = None
        self.buttons.clear()
