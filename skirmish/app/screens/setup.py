"""New game: pick a scenario and its ruleset (the scenario's is the default, RULESETS
§0.1), say who plays each band (human, or the computer at easy, normal or hard, in any
mix), a seed and the ruleset's options (RULES.md §15, RULESETS §3.f), then start at
deployment."""

from __future__ import annotations

import random
from html import escape

import msgspec
import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine

from skirmish.ai.player import LEVELS
from skirmish.app.describe import in_language, race_name
from skirmish.app.layout import fit_text, px
from skirmish.app.paths import shipped_scenarios
from skirmish.app.screen import Screen
from skirmish.app.screens.options_form import (
    RULESET_NAMES,
    OptionsForm,
    options_heading,
    shown_options,
)
from skirmish.app.theme import BAD
from skirmish.content.errors import ContentError
from skirmish.content.loading import load_scenario
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import Scenario


class SetupScreen(Screen):
    name = "setup"

    def __init__(self, app) -> None:  # noqa: ANN001 - App (import cycle)
        super().__init__(app)
        self.scenarios: list[tuple[str, Scenario]] = []
        self.problems: list[str] = []
        for path in shipped_scenarios():
            try:
                self.scenarios.append((str(path), load_scenario(path)))
            except ContentError as e:
                self.problems.extend(str(p) for p in e.problems)
        self.index = 0
        #: Who plays each band: "human" or a computer level (easy, normal, hard).
        self.controllers: dict[str, str] = {}
        self.seed = random.SystemRandom().randrange(1, 100_000)
        self.ruleset = self.scenario.ruleset if self.scenarios else "skirmish"
        self.form = OptionsForm(self.scenario.options if self.scenarios else {}, self.ruleset)
        self._reset_controllers()
        self.error = ""

    @property
    def scenario(self) -> Scenario:
        return self.scenarios[self.index][1]

    def _reset_controllers(self) -> None:
        if self.scenarios:
            level = self.app.config.ai_level
            self.controllers = {b.warband.id: level if b.controller == "computer" else "human"
                                for b in self.scenario.bands}

    def _names(self) -> list[str]:
        return [f"{in_language(sc, 'name', self.t.lang)} ({sc.id})" for _, sc in self.scenarios]

    def build(self) -> None:
        app, t, s = self.app, self.t, self.app.scale
        m = app.manager
        w, h = app.window.get_size()
        row = px(s, 30)
        margin = px(s, 24)
        left = pygame.Rect(margin, margin, w * 40 // 100, h - 2 * margin)
        right = pygame.Rect(left.right + margin, margin, w - left.right - 2 * margin,
                            h - 2 * margin)
        UILabel(pygame.Rect(left.x, left.y, left.w, row), t("setup.title"), m,
                object_id="@heading")
        self.controller_buttons: dict[object, str] = {}
        self.scenario_menu = None
        self.ruleset_button: UIButton | None = None
        y = left.y + row + 8
        if not self.scenarios:
            UITextBox("<br>".join(self.problems) or t("setup.no_scenarios"),
                      pygame.Rect(left.x, y, left.w, px(s, 200)), m)
        else:
            names = self._names()
            UILabel(pygame.Rect(left.x, y, left.w, row), t("setup.scenario"), m)
            y += row
            self.scenario_menu = UIDropDownMenu(names, names[self.index],
                                                pygame.Rect(left.x, y, left.w, row), m)
            y += row + 6
            sc = self.scenario
            size = t('setup.table', w=t.num(sc.width), h=t.num(sc.height))
            desc = (f"{escape(in_language(sc, 'description', t.lang))}<br>{size}"
                    f" · {t('setup.turns', n=self.form.values['max_turns'])}")
            UITextBox(desc, pygame.Rect(left.x, y, left.w, px(s, 92)), m)
            y += px(s, 98)
            heading = t("setup.bands_levels")  # cut to fit a small window, whole on hover
            lab = UILabel(pygame.Rect(left.x, y, left.w, row), "", m, object_id="@heading")
            words = fit_text(lab.font, heading, lab.rect.w - 16)
            lab.set_text(words)
            if words != heading:
                lab.set_tooltip(heading)
            y += row
            for entry in sc.bands:
                band = entry.warband
                race = race_name(load_rulebook(), band.race, t.lang) \
                    if band.race != "none" else "—"
                full = f"{in_language(band, 'name', t.lang)} ({race}, {len(band.figures)})"
                label_w = left.w * 62 // 100
                words = fit_text(m.get_theme().get_font(["label"]), full, label_w - 8)
                lab = UILabel(pygame.Rect(left.x, y, label_w, row), words, m)
                if words != full:  # cut to fit: the whole line on hover
                    lab.set_tooltip(full)
                b = UIButton(pygame.Rect(left.x + left.w * 63 // 100, y, left.w * 37 // 100, row),
                             "", m, tool_tip_text=t("setup.level_tip"))
                self._label(b, self.controllers[band.id])
                self.controller_buttons[b] = band.id
                y += row + 4
            y += 6
            UILabel(pygame.Rect(left.x, y, left.w // 3, row), t("setup.seed"), m)
            self.seed_entry = UITextEntryLine(
                pygame.Rect(left.x + left.w // 3, y, left.w // 3, row), m)
            self.seed_entry.set_allowed_characters("numbers")
            self.seed_entry.set_text(str(self.seed))
            rw = right.w * 45 // 100
            theme = m.get_theme()
            # beside the ruleset button: cut to fit, whole on hover
            heading = options_heading(t, "setup.options", self.ruleset)
            lab = UILabel(pygame.Rect(right.x, right.y, right.w - rw - 8, row), "", m,
                          object_id="@heading")
            words = fit_text(lab.font, heading, lab.rect.w - 16)
            lab.set_text(words)
            if words != heading:
                lab.set_tooltip(heading)
            name = f"{t('setup.ruleset')} {RULESET_NAMES[self.ruleset]}"
            self.ruleset_button = UIButton(
                pygame.Rect(right.right - rw, right.y, rw, row),
                fit_text(theme.get_font(["button"]), name, rw - 10), m,
                tool_tip_text=f"{name}<br>{t('setup.ruleset_tip')}")
            UILabel(pygame.Rect(right.x, right.y + row, right.w, row), t("setup.tags"), m)
            top = right.y + 2 * row + 4
            room = h - margin - px(s, 48) - top  # down to the Start button
            rows = len(shown_options(self.ruleset))
            self.form.build(m, t, pygame.Rect(right.x, top, right.w, 0),
                            min(px(s, 27), room // rows - 3))
        bw = px(s, 170)
        self.back = UIButton(pygame.Rect(margin, h - margin - px(s, 40), bw, px(s, 40)),
                             t("back"), m)
        sw = px(s, 240)  # "Passer au déploiement" needs more room than "Back"
        self.start = UIButton(pygame.Rect(w - margin - sw, h - margin - px(s, 40), sw,
                                          px(s, 40)), t("setup.start"), m, object_id="@primary")
        if not self.scenarios:
            self.start.disable()

    def _label(self, button: UIButton, who: str) -> None:
        words = self.t(f"setup.level.{who}")
        button.set_text(fit_text(button.font, words, button.rect.w - 10))

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.scenario_menu:
            names = self._names()
            if event.text in names:
                self.index = names.index(event.text)
                self.ruleset = self.scenario.ruleset
                self.form = OptionsForm(self.scenario.options, self.ruleset)
                self._reset_controllers()
                self.app.rebuild()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el in self.controller_buttons:
                band = self.controller_buttons[el]
                order = ("human", *LEVELS)
                new = order[(order.index(self.controllers[band]) + 1) % len(order)]
                self.controllers[band] = new
                self._label(el, new)
            elif el is self.ruleset_button and el is not None:
                order = list(RULESET_NAMES)
                self.ruleset = order[(order.index(self.ruleset) + 1) % len(order)]
                self.form = OptionsForm(self.form.values, self.ruleset)
                self.app.rebuild()
            elif self.form.press(el, self.app.manager, self.t):
                pass
            elif el is self.back:
                from skirmish.app.screens.menu import MenuScreen

                self.app.go(lambda: MenuScreen(self.app))
            elif el is self.start:
                self._start()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from skirmish.app.screens.menu import MenuScreen

            self.app.go(lambda: MenuScreen(self.app))

    def _start(self) -> None:
        from skirmish.app.screens.table import TableScreen
        from skirmish.app.session import Session

        options, problem = self.form.result(self.t)
        raw_seed = self.seed_entry.get_text().strip()
        if options is None:
            self.error = self.t("setup.bad_option", problem=problem)
            return
        seed = int(raw_seed) if raw_seed.isdigit() else self.seed
        scenario = msgspec.structs.replace(self.scenario, ruleset=self.ruleset)
        who = {b: "human" if v == "human" else "computer" for b, v in self.controllers.items()}
        levels = {b: v for b, v in self.controllers.items() if v != "human"}
        session = Session.new(scenario, seed, options, who, level=self.app.config.ai_level,
                              levels=levels)
        self.app.go(lambda: TableScreen(self.app, session))

    def draw(self, surface: pygame.Surface) -> None:
        if self.error:
            w, h = surface.get_size()
            self.app.text.blit(surface, self.error, (w // 2, h - px(self.app.scale, 44)), 13,
                               BAD, anchor="midbottom")
