"""The continue-from-here panel: one button per band toggling human / computer, then
start (a new game from the viewer's step, saved as a branch) or cancel."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel

from skirmish.app.i18n import Translator
from skirmish.app.manager import Manager


class ContinuePanel:
    def __init__(self, bands: list[tuple[str, str]], controllers: dict[str, str]) -> None:
        self.bands = bands  # (id, name)
        self.controllers = dict(controllers)
        self.panel: UIPanel | None = None
        self.toggles: dict[UIButton, str] = {}
        self.start: UIButton | None = None
        self.cancel: UIButton | None = None

    @property
    def open(self) -> bool:
        return self.panel is not None

    def show(self, manager: Manager, around: pygame.Rect, t: Translator, step: int,
             scale: float) -> None:
        self.close()
        row = round(34 * scale)
        w = min(around.w - 20, round(520 * scale))
        h = row * (len(self.bands) + 3) + 30
        rect = pygame.Rect(0, 0, w, h)
        rect.center = around.center
        self.panel = UIPanel(rect, starting_height=8, manager=manager)
        UILabel(pygame.Rect(8, 6, w - 20, row), t("replay.continue_title", step=step), manager,
                container=self.panel)
        self.toggles = {}
        for i, (bid, _name) in enumerate(self.bands):
            b = UIButton(pygame.Rect(12, 10 + row * (i + 1), w - 28, row - 4),
                         self._label(bid, t), manager, container=self.panel)
            self.toggles[b] = bid
        y = h - row - 14
        half = (w - 40) // 2
        self.cancel = UIButton(pygame.Rect(12, y, half, row), t("replay.cancel"), manager,
                               container=self.panel)
        self.start = UIButton(pygame.Rect(w - 16 - half, y, half, row), t("replay.start"),
                              manager, container=self.panel, object_id="@primary")

    def _label(self, band: str, t: Translator) -> str:
        name = dict(self.bands)[band]
        return t("replay.plays", band=t.name(name), who=t("replay." + self.controllers.get(band, "human")))

    def toggle(self, button: UIButton, t: Translator) -> None:
        band = self.toggles[button]
        now = self.controllers.get(band, "human")
        self.controllers[band] = "computer" if now == "human" else "human"
        button.set_text(self._label(band, t))

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = self.start = self.cancel = None
        self.toggles = {}
