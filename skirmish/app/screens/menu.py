"""The main menu: new game, load game, watch a replay, rules reference, language, quit."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from skirmish.app import routes
from skirmish.app.layout import column, px
from skirmish.app.screen import Screen
from skirmish.app.theme import TEXT_DIM


class MenuScreen(Screen):
    name = "menu"

    def build(self) -> None:
        app, t, s = self.app, self.t, self.app.scale
        w, h = app.window.get_size()
        bw, bh, gap, n = px(s, 320), px(s, 44), px(s, 10), 8
        foot = h - self.footer_room()  # the rows end above the footer line
        # the title block as high as a sixth of the window, higher if the rows need it
        y0 = max(px(s, 12), min(h // 6, foot - px(s, 110) - n * (bh + gap)))
        UILabel(pygame.Rect(0, y0, w, px(s, 48)), "Skirmish", manager=app.manager,
                object_id="@title")
        UILabel(pygame.Rect(0, y0 + px(s, 50), w, px(s, 26)), t("menu.subtitle"),
                manager=app.manager, object_id="@subtitle")
        top = y0 + px(s, 110)
        bh = min(bh, (foot - top) // n - gap)  # eight rows fit down to 960×600
        rows = column((w - bw) // 2, top, bw, bh, gap, n)
        self.buttons = {
            "new": UIButton(rows[0], t("menu.new_game"), app.manager, object_id="@primary"),
            "tutorial": UIButton(rows[1], t("menu.tutorial"), app.manager,
                                 tool_tip_text=t("menu.tutorial_tip")),
            "load": UIButton(rows[2], t("menu.load_game"), app.manager),
            "replay": UIButton(rows[3], t("menu.replay"), app.manager),
            "campaign": UIButton(rows[4], t("menu.campaign"), app.manager),
            "rules": UIButton(rows[5], t("menu.rules"), app.manager),
            "lang": UIButton(rows[6], t("menu.language"), app.manager,
                             tool_tip_text=t("menu.language_tip")),
            "quit": UIButton(rows[7], t("menu.quit"), app.manager),
        }

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._press(event.ui_element)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_n, pygame.K_RETURN):
                self._press(self.buttons["new"])
            elif event.key == pygame.K_ESCAPE:
                self.app.running = False

    def _press(self, el: object) -> None:
        b = self.buttons
        if el is b["new"]:
            self.app.open(routes.Setup())
        elif el is b["tutorial"]:
            self._tutorial()
        elif el is b["load"]:
            self.app.open(routes.LoadGame())
        elif el is b["replay"]:
            self.app.open(routes.ReplayPick())
        elif el is b["campaign"]:
            self.app.open(routes.Campaign())
        elif el is b["rules"]:
            self.app.open(routes.Rules())
        elif el is b["lang"]:
            self.app.switch_language()
        elif el is b["quit"]:
            self.app.running = False

    def _tutorial(self) -> None:
        """The tutorial scenario against the computer, in the loading screen."""
        from skirmish.app.paths import shipped_scenarios
        from skirmish.app.session import Session
        from skirmish.validate import checked_scenario

        path = next(p for p in shipped_scenarios() if p.stem == "tutorial")
        self.app.open(routes.Loading(self.t("loading.label", path=path.name),
                                     lambda: Session.new(checked_scenario(path), 1)))

    def footer_room(self) -> int:
        """The height the footer line takes at the window's foot, with a gap above it."""
        return self.app.text.font(12).get_linesize() + px(self.app.scale, 20)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.app.text.blit(surface, self.t("menu.footer"), (w // 2, h - px(self.app.scale, 8)),
                           12, TEXT_DIM, anchor="midbottom")
