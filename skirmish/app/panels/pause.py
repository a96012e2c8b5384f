"""The in-game menu (Esc): resume, save, load, the odds, step-by-step and fast-motion
settings, rules,
main menu, quit — and, before quitting or leaving an unfinished game for the main menu, a
question: save first, go without saving, or stay."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skirmish.app.i18n import Translator

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UIButton, UIPanel

    from skirmish.app.manager import Manager

ENTRIES = ("resume", "save", "load", "odds", "step", "motion", "rules", "menu", "quit")
SETTINGS = ("odds", "step", "motion")  # shown only when the screen gives their state in ``toggles``
QUIT_ENTRIES = ("save_quit", "quit_now", "cancel_quit")
MENU_ENTRIES = ("save_menu", "menu_now", "cancel_quit")


class PauseMenu:
    def __init__(self) -> None:
        self.panel: UIPanel | None = None
        self.buttons: dict[UIButton, str] = {}
        self.asking_quit = False
        #: Asking before leaving an unfinished game for the main menu.
        self.asking_menu = False
        #: On/off settings shown in their entry's words ("pause.odds_on" …).
        self.toggles: dict[str, bool] = {}

    @property
    def entries(self) -> tuple[str, ...]:
        if self.asking_quit:
            return QUIT_ENTRIES
        if self.asking_menu:
            return MENU_ENTRIES
        return tuple(k for k in ENTRIES if k not in SETTINGS or k in self.toggles)

    def build(self, manager: Manager, board: pygame.Rect, t: Translator, scale: float) -> None:
        from pygame_gui.elements import UIButton, UILabel, UIPanel
        self.close()
        bh, gap = round(34 * scale), round(8 * scale)
        w = round(340 * scale)
        asking = self.asking_quit or self.asking_menu
        head = bh + gap if asking else 0
        h = head + len(self.entries) * (bh + gap) + gap + 6
        rect = pygame.Rect(0, 0, w, h)
        rect.center = board.center
        self.panel = UIPanel(rect, starting_height=10, manager=manager)
        if asking:
            ask = t("pause.quit_ask" if self.asking_quit else "pause.menu_ask")
            UILabel(pygame.Rect(gap, gap, w - 2 * gap - 6, bh), ask, manager,
                    container=self.panel)
        for i, key in enumerate(self.entries):
            primary = key in ("resume", "save_quit", "save_menu")
            words = t(f"pause.{key}_{'on' if self.toggles[key] else 'off'}") \
                if key in self.toggles else t(f"pause.{key}")
            b = UIButton(pygame.Rect(gap, head + gap + i * (bh + gap), w - 2 * gap - 6, bh),
                         words, manager, container=self.panel,
                         object_id="@primary" if primary else None)
            self.buttons[b] = key

    def button(self, key: str) -> UIButton:
        return next(b for b, k in self.buttons.items() if k == key)

    def pressed(self, element: object) -> str | None:
        return self.buttons.get(element)  # type: ignore[call-overload]

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = None
        self.buttons.clear()
