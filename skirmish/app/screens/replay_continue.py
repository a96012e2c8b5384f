"""The continue-from-here panel: one button per band cycling human / computer at easy,
normal or hard, then start (a new game from the viewer's step, saved as a branch) or cancel.

Each band starts as the replay recorded it: a computer band (its scenario's controller,
or a level in the replay's ``meta["levels"]``, which saves and ``skirmish simulate``
write for every computer band) stays a computer at its recorded level. A game no human
played (a simulation, a campaign's game between computer bands) is continued by the
player: its first band starts human — every band at "Computer · easy" left nobody to
play it."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel

from skirmish.ai.player import LEVELS
from skirmish.app.i18n import Translator
from skirmish.app.manager import Manager
from skirmish.app.saves import recorded_levels

#: What one band's button cycles through: human, then the computer at each level.
SEATS = ("human", *LEVELS)


def recorded_seats(controllers: dict[str, str], meta: dict[str, Any] | None
                   ) -> tuple[dict[str, str], dict[str, str]]:
    """Who plays each band from here, as the replay records it: (band → "human" /
    "computer", band → level of each computer band). A band with a level in
    ``meta["levels"]`` was a computer even if its scenario says "human" (older saves,
    simulated games); with no human at all, the first band is the player's."""
    recorded = recorded_levels(meta)
    seats = {b: "computer" if who == "computer" or b in recorded else "human"
             for b, who in controllers.items()}
    if seats and "human" not in seats.values():  # the player takes the first seat
        seats[next(iter(seats))] = "human"
    levels = {b: recorded.get(b, "normal") for b, who in seats.items() if who == "computer"}
    return seats, levels


class ContinuePanel:
    def __init__(self, bands: list[tuple[str, str]], controllers: dict[str, str],
                 levels: dict[str, str] | None = None) -> None:
        self.bands = bands  # (id, name)
        self.controllers = dict(controllers)
        #: The computer level of each computer band (what the branch's computer plays).
        self.levels = {b: (levels or {}).get(b, "normal") for b, who in controllers.items()
                       if who == "computer"}
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
                         self._label(bid, t), manager, container=self.panel,
                         tool_tip_text=t("setup.level_tip"))
            self.toggles[b] = bid
        y = h - row - 14
        half = (w - 40) // 2
        self.cancel = UIButton(pygame.Rect(12, y, half, row), t("replay.cancel"), manager,
                               container=self.panel)
        self.start = UIButton(pygame.Rect(w - 16 - half, y, half, row), t("replay.start"),
                              manager, container=self.panel, object_id="@primary")

    def seat(self, band: str) -> str:
        """"human", or the level of the computer playing ``band``."""
        if self.controllers.get(band, "human") == "human":
            return "human"
        return self.levels.get(band, "normal")

    def _label(self, band: str, t: Translator) -> str:
        name = dict(self.bands)[band]
        return t("replay.plays", band=t.name(name), who=t("setup.level." + self.seat(band)))

    def toggle(self, button: UIButton, t: Translator) -> None:
        """The next seat: human → computer easy → normal → hard → human."""
        band = self.toggles[button]
        new = SEATS[(SEATS.index(self.seat(band)) + 1) % len(SEATS)]
        self.controllers[band] = "human" if new == "human" else "computer"
        if new != "human":
            self.levels[band] = new
        else:
            self.levels.pop(band, None)
        button.set_text(self._label(band, t))

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = self.start = self.cancel = None
        self.toggles = {}
