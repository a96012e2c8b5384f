"""The warband builder screen: race, ranks, weapons and equipment from the catalogues with
their costs, each figure's modified profile, the running total against the budget, and the
reason for every refusal (the shared band check, ``skirmish.campaign.builder``). Bands
are saved as warband TOML files in the saves folder; ``skirmish validate`` accepts them."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox, UITextEntryLine

from skirmish.app import routes
from skirmish.app.band_words import free_name, item_name, say_problem, warband_labels
from skirmish.app.describe import race_name
from skirmish.app.layout import px
from skirmish.app.menus import close_open, drop_down
from skirmish.app.paths import own_warband, warband_files, warbands_dir
from skirmish.app.rule_tips import RuleTips, linked
from skirmish.app.screen import Host, Screen
from skirmish.app.screens.campaign_shop import selected
from skirmish.app.theme import BAD, GOOD
from skirmish.campaign.builder import Builder, Refused
from skirmish.content.band_rules import BandProblem
from skirmish.content.errors import ContentError

RANKS = ("chef", "sous_chef", "sous_fifre")
#: What a new figure carries: the first dagger, free ([R-BAND-FREE]).
FREE_WEAPON = "dagger"
SETTINGS = ("medieval", "fantasy", "modern", "post-apocalyptic", "space")

__all__ = ["BuilderScreen", "warbands_dir"]


class BuilderScreen(Screen):
    name = "builder"

    def __init__(self, app: Host, builder: Builder | None = None) -> None:
        super().__init__(app)
        if builder is None:  # a band from scratch, named in the window's language
            builder = Builder()
            builder.set_band(name=self.t("builder.new_name"))
        self.builder = builder
        #: The file in the saves folder this band was loaded from or last saved to.
        self.path: Path | None = None
        self.selected: str | None = None
        self.message = ""
        self.good = False
        #: The rank the next figure is added at (kept while the screen rebuilds).
        self.new_rank = "sous_fifre"
        self.tips = RuleTips()

    def _name(self, item: str) -> str:
        return item_name(self.builder.book, item, self.t.lang)

    def build(self) -> None:
        app, t, s = self.app, self.t, self.app.scale
        m = app.manager
        w, h = app.window.get_size()
        margin, row = px(s, 16), px(s, 32)
        b = self.builder
        band = b.band
        self.buttons: dict[object, tuple[str, ...]] = {}
        UILabel(pygame.Rect(margin, margin, w - 2 * margin, px(s, 44)), t("builder.title"), m,
                object_id="@title")
        y = margin + px(s, 52)
        col = (w - 4 * margin) // 3
        x1, x2, x3 = margin, 2 * margin + col, 3 * margin + 2 * col
        # band line
        self.name = UITextEntryLine(pygame.Rect(x1, y, col, row), m)
        self.name.set_text(band.name)
        self.races = {race_name(b.book, r, t.lang): r for r in b.book.races}
        # the race list as wide as its column: "None (base profiles)" was cut at 960 × 600
        self.race = drop_down(list(self.races), race_name(b.book, band.race, t.lang),
                              pygame.Rect(x2, y, col, row), m)
        total = b.cost().total
        UILabel(pygame.Rect(x3, y, col, row), t("builder.total", total=total, budget=b.budget),
                m, object_id="@heading")
        y += row + 6
        top = y  # the chosen figure, under the race
        self.settings = {t(f"builder.setting.{x}"): x for x in SETTINGS}
        self.setting = drop_down(list(self.settings), t(f"builder.setting.{b.setting}"),
                                 pygame.Rect(x1, y, col, row), m)
        y += row + 10
        foot = h - 2 * margin - row - 40  # the columns end above the message line
        # figures: a list that scrolls (a 250-point band may have 21), then a new one
        add_y = foot - row
        entry_y = add_y - row - 4
        self.figure_rows = self._figure_rows()
        rows = list(self.figure_rows)
        chosen = next((r for r, fid in self.figure_rows.items() if fid == self.selected), None)
        self.figure_list = UISelectionList(pygame.Rect(x1, y, col, entry_y - 8 - y),
                                           rows or [t("builder.no_figures")], m,
                                           default_selection=chosen)
        bar = self.figure_list.scroll_bar
        if bar is not None and chosen is not None:
            bar.set_scroll_from_start_percentage(rows.index(chosen) / len(rows))
        self.rank = drop_down([t(f"campaign.rank.{r}") for r in RANKS],
                              t(f"campaign.rank.{self.new_rank}"),
                              pygame.Rect(x1, entry_y, col // 2 - 4, row), m)
        self.new_name = UITextEntryLine(pygame.Rect(x1 + col // 2, entry_y, col // 2, row), m)
        self.new_name.set_text(self.free_name())
        self._button(pygame.Rect(x1, add_y, col, row), t("builder.add_figure"), ("add_figure",))
        # selected figure
        y = top
        fig = next((f for f in band.figures if f.id == self.selected), None)
        self.item = None
        if fig is not None:
            p = b.profile(fig)
            UILabel(pygame.Rect(x2, y, col, row), fig.name, m, object_id="@heading")
            y += row
            UILabel(pygame.Rect(x2, y, col, row),
                    f"Mvt {t.num(p['mvt'])} Cd {p['cd']} CT {p['ct']}+ CCC {p['ccc']}+ F {p['f']} "
                    f"R {p['r']} PV {p['pv']}", m)
            y += row + 4
            for item in (*fig.weapons, *fig.equipment):
                self._button(pygame.Rect(x2, y, col, row), f"✕ {self._name(item)}",
                             ("remove", fig.id, item))
                y += row + 4
            labels = [f"{self._name(i)} ({c})" for i, _, c in b.catalogue()]
            self.catalogue = [i for i, _, _ in b.catalogue()]
            self.item = drop_down(labels, labels[0], pygame.Rect(x2, y, col, row), m,
                                  bottom=foot)
            y += row + 4
            self._button(pygame.Rect(x2, y, col // 2 - 4, row), t("builder.add_item"),
                         ("add_item", fig.id))
            self._button(pygame.Rect(x2 + col // 2, y, col // 2, row), t("builder.remove"),
                         ("remove_figure", fig.id))
        # costs and problems
        self.tips = RuleTips()
        self.tips.watch(UITextBox(linked(self.costs_html()),
                                  pygame.Rect(x3, top, col, h - top - 2 * margin - row - 40), m))
        # bottom
        yb = h - margin - row
        self._button(pygame.Rect(margin, yb, px(s, 140), row), t("back"), ("back",))
        files = warband_files()  # the player's own bands first, then the shipped ones
        self.shipped = dict(zip(warband_labels(files, t.lang,
                                               lambda n: t("builder.own", name=n)),
                                files, strict=True))
        names = list(self.shipped) or ["—"]
        # the bands by name, "(saved)" and all: as wide as the room left beside Save
        mw = min(px(s, 440), w - 2 * margin - px(s, 150 + 130 + 290))
        self.load_menu = drop_down(names, names[0], pygame.Rect(
            margin + px(s, 150), yb, mw, row), m)
        self._button(pygame.Rect(margin + px(s, 160) + mw, yb, px(s, 120), row),
                     t("builder.load"), ("load",))
        self._button(pygame.Rect(w - margin - px(s, 270), yb, px(s, 270), row),
                     t("builder.save"), ("save",), "@primary")

    def _figure_rows(self) -> dict[str, str]:
        """The figure list's rows (name, rank, cost) → the figure's id; two figures of one
        name (a band loaded from a file) still get rows of their own."""
        t = self.t
        costs = {fc.figure: fc.total for fc in self.builder.cost().figures}
        rows: dict[str, str] = {}
        for f in self.builder.band.figures:
            row = (f"{f.name} · {t('campaign.rank.' + f.rank.value)} · "
                   f"{t('campaign.cost', cost=costs.get(f.id, 0))}")
            while row in rows:
                row += " "
            rows[row] = f.id
        return rows

    def free_name(self) -> str:
        """The name offered for the next figure (:func:`free_name`)."""
        return free_name(self.t("campaign.recruit"), {f.name for f in self.builder.band.figures})

    def add_figure(self, rank: str, name: str) -> None:
        """A new figure of ``rank`` with its free first dagger ([R-BAND-FREE], GAP-4), so
        no recruit goes out unarmed; a name the band already has is refused."""
        name = name.strip()
        if name in {f.name for f in self.builder.band.figures}:
            self.message, self.good = self.t("builder.name_taken", name=name), False
            self.app.rebuild()
            return

        def add() -> None:
            fig = self.builder.add_figure(rank, name)
            self.selected = fig.id
            if FREE_WEAPON in self.builder.book.melee_weapons:
                self.builder.add_item(fig.id, FREE_WEAPON)

        self._try(add)

    def _button(self, rect: pygame.Rect, text: str, action: tuple[str, ...],
                object_id: str | None = None) -> UIButton:
        b = UIButton(rect, text, self.app.manager, object_id=object_id)
        self.buttons[b] = action
        return b

    def say(self, why: Refused | BandProblem) -> str:
        return say_problem(self.t, self.builder.book, why)

    def costs_html(self) -> str:
        t = self.t
        cost = self.builder.cost()
        problems = self.builder.problems()
        if problems:
            out = [f"<b>{t('builder.problems')}</b>"]
            out += [f"<font color=#d55e00>• {escape(self.say(p))}</font>" for p in problems]
        else:
            out = [f"<font color=#009e73>{t('builder.ready')}</font>"]
        unarmed = [f.name for f in self.builder.band.figures if not f.weapons]
        if unarmed:  # legal (GAP-40), but seldom meant
            out.append(f"<font color=#e6a03c>• "
                       f"{escape(t('builder.unarmed', names=', '.join(unarmed)))}</font>")
        out += ["", f"<b>{t('builder.costs')}</b>"]
        names = {f.id: f.name for f in self.builder.band.figures}
        for fc in cost.figures:
            out.append(t.pair(f"<b>{escape(names.get(fc.figure, fc.figure))}</b>", str(fc.total)))
            for ln in fc.lines:
                free = f" ({t('builder.free')})" if ln.free else ""
                item = t("campaign.rank." + ln.item) if ln.kind == "profile" else \
                    self._name(ln.item)
                out.append(f"   {escape(item)} {ln.cost}{free}")
        return "<br>".join(out)

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if self.tips.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not close_open(self.app.manager):
                self.app.open(routes.Campaign())
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.figure_list and event.text in self.figure_rows:
            self.selected = self.figure_rows[event.text]
            self.app.rebuild()
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.rank:
                self.new_rank = next(r for r in RANKS
                                     if self.t(f"campaign.rank.{r}") == event.text)
            elif event.ui_element is self.race:
                self._try(lambda: self.builder.set_band(race=self.races[event.text]))
            elif event.ui_element is self.setting:
                self._try(lambda: self.builder.set_band(setting=self.settings[event.text]))
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name:
            name = self.name.get_text().strip()  # kept as typed: every change rebuilds
            if name:
                self.builder.set_band(name=name)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name:
            self._try(lambda: self.builder.set_band(name=self.name.get_text()))
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        action = self.buttons[event.ui_element]
        kind = action[0]
        b = self.builder
        if kind == "add_figure":
            self.new_rank = next(r for r in RANKS
                                 if self.t(f"campaign.rank.{r}") == selected(self.rank))
            self.add_figure(self.new_rank, self.new_name.get_text())
        elif kind == "add_item" and self.item is not None:
            labels = [f"{self._name(i)} ({c})" for i, _, c in b.catalogue()]
            item = self.catalogue[labels.index(selected(self.item))]
            self._try(lambda: b.add_item(action[1], item))
        elif kind == "remove":
            self._try(lambda: b.remove_item(action[1], action[2]))
        elif kind == "remove_figure":
            b.remove_figure(action[1])
            self.selected = None
            self.app.rebuild()
        elif kind == "load":
            path = self.shipped.get(selected(self.load_menu))
            if path is not None:
                try:
                    self.builder = Builder.load(path)
                    self.path = path if own_warband(path) else None
                    self.selected = None
                    self.message, self.good = "", False
                except ContentError as e:
                    self.message, self.good = str(e), False
                self.app.rebuild()
        elif kind == "save":
            self.save()
        elif kind == "back":
            self.app.open(routes.Campaign())

    def save(self) -> Path | None:
        b = self.builder
        name = self.name.get_text().strip()
        if name and name != b.band.name:
            self._try(lambda: b.set_band(name=name))
        path = self.path or self._free_path(b.band.id)
        try:
            b.save(path)
        except Refused as e:
            self.message, self.good = self.say(e), False
            self.app.rebuild()
            return None
        self.path = path
        self.message, self.good = self.t("builder.saved", path=str(path)), True
        self.app.rebuild()
        return path

    @staticmethod
    def _free_path(stem: str) -> Path:
        """A file of its own for a band not saved yet: another band's file is never
        overwritten (``name_2.toml`` beside ``name.toml``)."""
        path, n = warbands_dir() / f"{stem}.toml", 2
        while path.exists():
            path, n = warbands_dir() / f"{stem}_{n}.toml", n + 1
        return path

    def _try(self, change: Any) -> None:
        try:
            change()
            self.message = ""
        except Refused as e:
            self.message, self.good = self.say(e), False
        self.app.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        self.tips.begin()
        if self.message:
            w, h = surface.get_size()
            rect = self.app.text.blit(surface, self.message, (w // 2, h - px(self.app.scale, 58)),
                                      12, GOOD if self.good else BAD, anchor="midbottom")
            self.tips.scan(self.app.text.font(12), self.message, rect.topleft)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.tips.draw(surface, self.app.text, self.t.lang, self.app.manager.tracked_pos)
