"""Load game: the saves folder as a list (newest first) that names each save's scenario,
ruleset, turn, bands (in the window's language) and date, or a path typed in."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextEntryLine

from skirmish.app import routes
from skirmish.app.layout import px
from skirmish.app.paths import saves_dir
from skirmish.app.saves import SaveInfo, list_saves
from skirmish.app.screen import Host, Screen
from skirmish.app.screens.options_form import RULESET_NAMES
from skirmish.app.theme import BAD
from skirmish.content.errors import ContentError


class LoadScreen(Screen):
    name = "load"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.saves = list_saves()
        self.files = [x.path for x in self.saves]
        self.rows: dict[str, str] = {}  # the list's text → the save's path
        self.error = ""

    def row(self, info: SaveInfo) -> str:
        t = self.t
        if info.problem:
            return t("load.row_bad", name=info.path.rsplit("/", 1)[-1], problem=info.problem)
        when = t("load.over") if info.over else t("load.turn", n=info.turn) if info.turn \
            else t("load.deployment")
        key = "load.row_auto" if info.autosave else "load.row"
        fr = t.lang == "fr"
        name = info.scenario_fr if fr and info.scenario_fr else info.scenario
        bands = info.bands_fr if fr and info.bands_fr else info.bands
        rules = RULESET_NAMES.get(info.ruleset, info.ruleset or RULESET_NAMES["skirmish"])
        return t(key, scenario=name, ruleset=rules, when=when, bands=" – ".join(bands),
                 date=info.date)

    def build(self) -> None:
        app, t, s = self.app, self.t, self.app.scale
        self.rows = {}
        for info in self.saves:
            text, n = self.row(info), 2
            while text in self.rows:
                text, n = f"{self.row(info)} ({n})", n + 1
            self.rows[text] = info.path
        m = app.manager
        w, h = app.window.get_size()
        margin, row = px(s, 24), px(s, 30)
        UILabel(pygame.Rect(margin, margin, w - 2 * margin, row),
                t("load.title", folder=str(saves_dir())), m, object_id="@heading")
        self.list = UISelectionList(
            pygame.Rect(margin, margin + row + 6, w - 2 * margin, h - 3 * margin - 3 * row),
            list(self.rows) or [t("load.none")], m)
        self.path = UITextEntryLine(pygame.Rect(margin, h - margin - 2 * row - 8,
                                                w - 2 * margin, row), m)
        self.path.set_text(self.files[0] if self.files else "")
        bw = px(s, 170)
        self.back = UIButton(pygame.Rect(margin, h - margin - row, bw, row), t("back"), m)
        self.load = UIButton(pygame.Rect(w - margin - bw, h - margin - row, bw, row),
                             t("load.load"), m, object_id="@primary")

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.text in self.rows:
            self.path.set_text(self.rows[event.text])
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            if event.text in self.rows:
                self.path.set_text(self.rows[event.text])
                self._load()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self._back()
            elif event.ui_element is self.load:
                self._load()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()

    def _back(self) -> None:
        self.app.open(routes.Menu())

    def _load(self) -> None:
        from skirmish.app.session import Session

        path = self.path.get_text().strip()
        try:
            session = Session.load(path)
        except ContentError as e:
            self.error = "; ".join(str(p) for p in e.problems)[:300]
            return
        except Exception as e:  # noqa: BLE001 - a save from an older engine must not crash us
            self.error = self.t("load.failed", problem=str(e)[:200])
            return
        self.app.open(routes.Table(session))

    def draw(self, surface: pygame.Surface) -> None:
        if self.error:
            w, h = surface.get_size()
            self.app.text.blit(surface, self.error, (w // 2, h - px(self.app.scale, 70)), 13,
                               BAD, anchor="midbottom")
