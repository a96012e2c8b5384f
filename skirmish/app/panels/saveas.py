"""A save that failed: the reason, and another place to save to.

The game goes on underneath; the player may type any path (one is proposed in a folder
that is likely writable) and try again, or cancel.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import pygame

from skirmish.app.i18n import Translator

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UIButton, UIPanel, UITextEntryLine

    from skirmish.app.manager import Manager


class SaveAs:
    def __init__(self, problem: str, proposal: str) -> None:
        self.problem = problem
        self.proposal = proposal
        self.panel: UIPanel | None = None
        self.entry: UITextEntryLine | None = None
        self.save_button: UIButton | None = None
        self.cancel_button: UIButton | None = None

    def build(self, manager: Manager, board: pygame.Rect, t: Translator, scale: float) -> None:
        from pygame_gui.elements import UIButton, UIPanel, UITextBox, UITextEntryLine
        text = self.entry.get_text() if self.entry is not None else self.proposal
        self.close()
        w = min(board.w - 40, round(520 * scale))
        row = round(32 * scale)
        body_h = round(110 * scale)
        h = body_h + 2 * row + round(30 * scale)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = board.center
        self.panel = UIPanel(rect, starting_height=12, manager=manager)
        UITextBox(f"<b>{escape(t('save.failed_title'))}</b><br>{escape(self.problem)}<br>"
                  f"{escape(t('save.elsewhere'))}",
                  pygame.Rect(4, 4, w - 14, body_h), manager, container=self.panel)
        self.entry = UITextEntryLine(pygame.Rect(6, body_h + 8, w - 20, row), manager,
                                     container=self.panel)
        self.entry.set_text(text)
        bw = (w - 26) // 2
        y = body_h + row + 14
        self.save_button = UIButton(pygame.Rect(6, y, bw, row), t("save.here"), manager,
                                    container=self.panel, object_id="@primary")
        self.cancel_button = UIButton(pygame.Rect(12 + bw, y, bw, row), t("save.cancel"),
                                      manager, container=self.panel)

    @property
    def path(self) -> str:
        return self.entry.get_text().strip() if self.entry is not None else self.proposal

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = self.entry = self.save_button = self.cancel_button = None
