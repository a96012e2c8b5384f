"""The hot-seat hand-off: when the next decision belongs to another human player, the
screen names that player and waits for them to take the seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skirmish.app.layout import fit_text

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget
    from pygame_gui.elements import UIButton, UIPanel

    from skirmish.app.manager import Manager


class HandOff:
    def __init__(self) -> None:
        self.panel: UIPanel | None = None
        self.button: UIButton | None = None
        self.band: str | None = None

    @property
    def open(self) -> bool:
        return self.panel is not None

    def show(self, manager: Manager, board: pygame.Rect, band: str, title: str, body: str,
             ready: str, colour: tuple[int, int, int], scale: float) -> None:
        from pygame_gui.elements import UIButton, UIPanel, UITextBox
        if self.panel is not None:
            return
        self.band = band
        w, h = min(board.w - 40, round(420 * scale)), round(170 * scale)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = board.center
        self.panel = UIPanel(rect, starting_height=8, manager=manager)
        hexc = "#{:02x}{:02x}{:02x}".format(*colour)
        UITextBox(f"<font size=5><b>{title}</b></font><br><font color={hexc}>■■■</font> {body}",
                  pygame.Rect(4, 4, w - 14, h - round(56 * scale)), manager, container=self.panel)
        bh = round(36 * scale)
        self.button = UIButton(pygame.Rect(w * 15 // 100, h - bh - 12, w * 70 // 100, bh), ready,
                               manager, container=self.panel, object_id="@handoff")
        # as wide as its words (a long band name in French), shortened only past the panel
        bw = min(w - 16, max(w * 70 // 100, self.button.font.size(ready)[0] + 24))
        self.button.set_dimensions((bw, bh))
        self.button.set_relative_position(((w - 6 - bw) // 2, h - bh - 12))
        self.button.set_text(fit_text(self.button.font, ready, bw - 10))

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = self.button = None
