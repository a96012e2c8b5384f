"""New game: pick a scenario and its ruleset (the scenario's is the default, RULESETS
§0.1), the band in each of its places (the scenario's own by default, or one the player
saved with the band builder, or a shipped warband: the table, zones, objectives and turns
stay the scenario's), say who plays each band (human, or the computer at easy, normal or
hard, in any mix), a seed and the ruleset's options (RULES.md §15, RULESETS §3.f), then
start at deployment.

A band may only take a place if it is legal there ([R-BAND-COMP], [R-BAND-COST] against
the game's budget, the §12 limits: the shared band check) and no other place fields it;
else the place keeps its band and the reason is said in the window's language. The game
embeds the bands it fields, so its saves and replays need no band file."""

from __future__ import annotations

import random
import re
from html import escape
from pathlib import Path

import msgspec
import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine

from skirmish.ai.player import LEVELS
from skirmish.app import routes, scenario_checks
from skirmish.app.band_words import say_problem, warband_labels
from skirmish.app.describe import in_language, race_name
from skirmish.app.layout import fit_text, px
from skirmish.app.paths import shipped_scenarios, warband_files
from skirmish.app.screen import Host, Screen
from skirmish.app.screens.options_form import (
    RULESET_NAMES,
    OptionsForm,
    options_heading,
    window_ruleset,
)
from skirmish.app.theme import BAD
from skirmish.campaign.builder import Refused
from skirmish.content.band_rules import band_problems
from skirmish.content.errors import ContentError
from skirmish.content.loading import load_warband
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import Scenario, field_band
from skirmish.content.warband import Warband
from skirmish.rules.native_blocks import native_problems
from skirmish.rulesets import load_all

#: The choice of a place's drop-down that fields the scenario's own band.
OWN = "own"
FIGURE = re.compile(r"figures\[(\d+)\]")


class SetupScreen(Screen):
    name = "setup"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        load_all()  # it offers every ruleset, and checks a band's blocks for each
        self.scenarios: list[tuple[str, Scenario]] = []
        self.problems: list[str] = []
        for path in shipped_scenarios():
            try:
                self.scenarios.append((str(path), scenario_checks.checked(path)))
            except ContentError as e:
                self.problems.extend(str(p) for p in e.problems)
        self.index = 0
        #: Who plays each band: "human" or a computer level (easy, normal, hard).
        self.controllers: dict[str, str] = {}
        #: The bands a place may field instead of the scenario's: the player's, then shipped.
        self.band_files: list[Path] = warband_files()
        #: The place (band slot) → the index in ``band_files`` and the band it fields; a
        #: place not in it fields the scenario's own band.
        self.picks: dict[int, tuple[int, Warband]] = {}
        given = app.config.seed  # ``play --seed N`` is what New game offers
        self.seed = random.SystemRandom().randrange(1, 100_000) if given is None else given
        self.ruleset = window_ruleset(self.scenario.ruleset) if self.scenarios else "skirmish"
        self.form = OptionsForm(self.scenario.options if self.scenarios else {}, self.ruleset)
        self._reset_controllers()
        self.error = ""

    @property
    def scenario(self) -> Scenario:
        return self.scenarios[self.index][1]

    def bands(self) -> list[Warband]:
        """The band each place of the scenario fields now."""
        return [self.picks[i][1] if i in self.picks else entry.warband
                for i, entry in enumerate(self.scenario.bands)]

    def _reset_controllers(self) -> None:
        """A new scenario: its own bands in every place, played as its file says."""
        self.picks = {}
        self.error = ""
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
        #: Each place's band drop-down → the place.
        self.band_menus: dict[object, int] = {}
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
            # each place: the band's line the whole width (its name, race and figures were
            # cut at 960 × 600 beside the button), under it who plays and which band
            indent, bw = px(s, 16), left.w * 37 // 100
            menu_x = left.x + indent + bw + 4
            self.band_choices = self._choices(left.right - menu_x)
            self.band_labels: list[UILabel] = []
            for slot, band in enumerate(self.bands()):
                self.band_labels.append(UILabel(pygame.Rect(left.x, y, left.w, row), "", m))
                self._show_band(slot)
                y += row + 2
                b = UIButton(pygame.Rect(left.x + indent, y, bw, row), "", m,
                             tool_tip_text=t("setup.level_tip"))
                self._label(b, self.controllers[band.id])
                self.controller_buttons[b] = band.id
                self._band_menu(slot, pygame.Rect(menu_x, y, left.right - menu_x, row))
                y += row + 8
            y += 6
            UILabel(pygame.Rect(left.x, y, left.w // 3, row), t("setup.seed"), m)
            self.seed_entry = UITextEntryLine(
                pygame.Rect(left.x + left.w // 3, y, left.w // 3, row), m)
            self.seed_entry.set_allowed_characters("numbers")
            self.seed_entry.set_text(str(self.seed))
            self._left_out(pygame.Rect(left.x, y + row + px(s, 12), left.w, 0),
                           h - margin - px(s, 48))
            theme = m.get_theme()
            name = f"{t('setup.ruleset')} {RULESET_NAMES[self.ruleset]}"
            # the ruleset button as wide as its words (up to 45 %), the heading beside it
            # the rest ("Options de règles…" at 960 × 600)
            rw = min(right.w * 45 // 100, theme.get_font(["button"]).size(name)[0] + px(s, 40))
            # beside the ruleset button: cut to fit, whole on hover
            heading = options_heading(t, "setup.options", self.ruleset)
            lab = UILabel(pygame.Rect(right.x, right.y, right.w - rw - 8, row), "", m,
                          object_id="@heading")
            words = fit_text(lab.font, heading, lab.rect.w - 16)
            lab.set_text(words)
            if words != heading:
                lab.set_tooltip(heading)
            self.ruleset_button = UIButton(
                pygame.Rect(right.right - rw, right.y, rw, row),
                fit_text(theme.get_font(["button"]), name, rw - 10), m,
                tool_tip_text=f"{name}<br>{t('setup.ruleset_tip')}")
            UILabel(pygame.Rect(right.x, right.y + row, right.w, row), t("setup.tags"), m)
            top = right.y + 2 * row + 4
            room = h - margin - px(s, 48) - top  # down to the Start button
            pitch = room // self.form.rows(m, t, right.w)
            # a long list (Clé en main's at 960 × 600) gives up the gaps between its rows
            # before its rows get shorter than their words
            gap = min(3, max(0, pitch - theme.get_font(["label"]).size("Ég")[1]))
            self.form.build(m, t, pygame.Rect(right.x, top, right.w, 0),
                            min(px(s, 27), pitch - gap), gap)
        bw = px(s, 170)
        self.back = UIButton(pygame.Rect(margin, h - margin - px(s, 40), bw, px(s, 40)),
                             t("back"), m)
        sw = px(s, 240)  # "Passer au déploiement" needs more room than "Back"
        self.start = UIButton(pygame.Rect(w - margin - sw, h - margin - px(s, 40), sw,
                                          px(s, 40)), t("setup.start"), m, object_id="@primary")
        if not self.scenarios:
            self.start.disable()

    def _left_out(self, rect: pygame.Rect, bottom: int) -> None:
        """The scenario files the list leaves out and why, as ``skirmish validate`` says
        it (an author who put a broken file in ``scenarios/`` learns why it is missing),
        down to ``bottom`` and scrolled there, if there is room for a few lines."""
        room = bottom - rect.y
        if not self.problems or room < px(self.app.scale, 60):
            return
        html = (f"<b>{escape(self.t('setup.left_out'))}</b><br>"
                + "<br>".join(escape(p) for p in self.problems))
        rect.h = -1  # as tall as its text; past the room left, a box that scrolls
        box = UITextBox(html, rect, self.app.manager)
        if box.rect.h > room:
            box.kill()
            rect.h = room
            UITextBox(html, rect, self.app.manager)

    def _choices(self, width: int) -> list[tuple[str, str]]:
        """A place's choices as (words, id): the scenario's band, then every band file
        ("(saved)" marks the player's), cut to the drop-down's width."""
        t = self.t
        font = self.app.manager.get_theme().get_font(["drop_down_menu"])
        room = width - 34  # the open button and the padding
        files = warband_labels(self.band_files, t.lang, lambda n: t("builder.own", name=n))
        return [(fit_text(font, t("setup.band_own"), room), OWN),
                *((fit_text(font, words, room), str(k)) for k, words in enumerate(files))]

    def _show_band(self, slot: int) -> None:
        """Place ``slot``'s line: the band it fields, its race and figures (cut to fit, whole
        on hover)."""
        band = self.bands()[slot]
        race = race_name(load_rulebook(), band.race, self.t.lang) if band.race != "none" \
            else "—"
        full = f"{in_language(band, 'name', self.t.lang)} ({race}, {len(band.figures)})"
        label = self.band_labels[slot]
        words = fit_text(label.font, full, label.rect.w - 8)
        label.set_text(words)
        label.set_tooltip(full if words != full else None)

    def _band_menu(self, slot: int, rect: pygame.Rect) -> UIDropDownMenu:
        """The drop-down of place ``slot``, showing the band it fields now."""
        chosen = self.band_choices[self.picks[slot][0] + 1 if slot in self.picks else 0]
        menu = UIDropDownMenu(self.band_choices, chosen, rect, self.app.manager)
        self.band_menus[menu] = slot
        return menu

    def _pick(self, menu: UIDropDownMenu, choice: str) -> None:
        """Field the band ``choice`` names (``OWN``: the scenario's) in the menu's place,
        unless it may not play there: then the place keeps its band, the drop-down shows
        it again and the reason is said."""
        slot = self.band_menus[menu]
        old = self.bands()[slot]
        band, why = self._chosen(slot, choice)
        if band is not None:
            why = self._refusal(slot, band, self._budget())
        if why:
            self.error = why
            del self.band_menus[menu]
            rect = menu.relative_rect
            menu.kill()
            self._band_menu(slot, rect)
            return
        assert band is not None
        if choice == OWN:
            self.picks.pop(slot, None)
        else:
            self.picks[slot] = (int(choice), band)
        self.controllers[band.id] = self.controllers.pop(old.id)
        button = next(b for b, bid in self.controller_buttons.items() if bid == old.id)
        self.controller_buttons[button] = band.id
        self._show_band(slot)
        self.error = ""

    def _chosen(self, slot: int, choice: str) -> tuple[Warband | None, str]:
        """The band ``choice`` names for place ``slot``, or why its file cannot be read."""
        if choice == OWN:
            return self.scenario.bands[slot].warband, ""
        path = self.band_files[int(choice)]
        try:
            return load_warband(path, band_points=None), ""
        except ContentError as e:
            return None, self.t("setup.band_unreadable", file=path.name,
                                problem=e.problems[0].problem)

    def _budget(self) -> int:
        """The band-point budget the options say now (as typed, else as last valid)."""
        options, _ = self.form.result(self.t)
        return int((options or self.form.values)["band_points"])

    def _refusal(self, slot: int, band: Warband, budget: int) -> str:
        """Why ``band`` may not take place ``slot`` (in the window's language), or "": it
        is already in another place, or the shared band check refuses it."""
        t, book = self.t, load_rulebook()
        name = in_language(band, "name", t.lang)
        for other, there in enumerate(self.bands()):
            if other != slot and there.id == band.id:
                return t("setup.band_taken", band=name, n=other + 1)
        words = [say_problem(t, book, Refused.of(p, self._figure(band, p.entry)))
                 for p in band_problems(band, book, budget=budget,
                                        setting=self.scenario.setting)]
        words += [str(p) for p in native_problems(book, band, name, "band")]
        return t("setup.band_refused", n=slot + 1, band=name, problem="; ".join(words)) \
            if words else ""

    @staticmethod
    def _figure(band: Warband, entry: str) -> str:
        """The name of the figure a problem's entry (``figures[2].equipment``) is about."""
        found = FIGURE.match(entry)
        return band.figures[int(found.group(1))].name if found else ""

    def _label(self, button: UIButton, who: str) -> None:
        words = self.t(f"setup.level.{who}")
        button.set_text(fit_text(button.font, words, button.rect.w - 10))

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element in self.band_menus:
            self._pick(event.ui_element, event.ui_element.selected_option[1])
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.scenario_menu:
            names = self._names()
            if event.text in names:
                self.index = names.index(event.text)
                self.ruleset = window_ruleset(self.scenario.ruleset)
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
                self.app.open(routes.Menu())
            elif el is self.start:
                self._start()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open(routes.Menu())

    def _start(self) -> None:
        from skirmish.app.session import Session

        options, problem = self.form.result(self.t)
        raw_seed = self.seed_entry.get_text().strip()
        if options is None:
            self.error = self.t("setup.bad_option", problem=problem)
            return
        seed = int(raw_seed) if raw_seed.isdigit() else self.seed
        budget = int(options["band_points"])
        for slot, band in enumerate(self.bands()):  # the budget may be new since a pick
            why = self._refusal(slot, band, budget)
            if why:
                self.error = why
                return
        sc = self.scenario
        # the scenario as played: the bands fielded and the budget they were checked
        # against, so its saves load with the same check
        scenario = msgspec.structs.replace(
            sc, ruleset=self.ruleset, options={**sc.options, "band_points": budget},
            bands=tuple(field_band(entry, self.picks[i][1]) if i in self.picks else entry
                        for i, entry in enumerate(sc.bands)))
        who = {b: "human" if v == "human" else "computer" for b, v in self.controllers.items()}
        levels = {b: v for b, v in self.controllers.items() if v != "human"}
        session = Session.new(scenario, seed, options, who, level=self.app.config.ai_level,
                              levels=levels)
        self.app.open(routes.Table(session))

    def draw(self, surface: pygame.Surface) -> None:
        """The last refusal, wrapped between Back and Start (a band's reasons run long)."""
        if self.error:
            text, s = self.app.text, self.app.scale
            gap = px(s, 12)
            width = self.start.rect.left - self.back.rect.right - 2 * gap
            lines = text.wrap(self.error, 13, width)[:4]
            step = text.font(13).get_linesize()
            top = self.back.rect.centery - len(lines) * step // 2  # beside the buttons
            for i, line in enumerate(lines):
                text.blit(surface, line, (self.back.rect.right + gap, top + i * step), 13, BAD)
