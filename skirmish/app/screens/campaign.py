"""The post-game (campaign) screen. A placeholder: experience, injuries and purchases
between games belong to the campaign issue; this screen says so and leads back."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox

from skirmish.app.layout import px
from skirmish.app.screen import Screen


class CampaignScreen(Screen):
    name = "campaign"

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app)
        self.session = session

    def build(self) -> None:
        app, s = self.app, self.app.scale
        m = app.manager
        w, h = app.window.get_size()
        margin, row = px(s, 24), px(s, 40)
        UILabel(pygame.Rect(margin, margin, w - 2 * margin, row), self.t("campaign.title"), m,
                object_id="@title")
        UITextBox(self.t("campaign.body"), pygame.Rect(margin * 3, margin + row + 20,
                                                        w - 6 * margin, px(s, 160)), m)
        self.back = UIButton(pygame.Rect((w - px(s, 220)) // 2, h - margin - row, px(s, 220), row),
                             self.t("results.menu"), m, object_id="@primary")

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            from skirmish.app.screens.menu import MenuScreen

            self.app.go(lambda: MenuScreen(self.app))
