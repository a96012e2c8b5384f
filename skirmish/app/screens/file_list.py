"""The base of the two screens that open a game file, Load game and Watch a replay: the
files as a list (newest first) that says what each holds — scenario, ruleset, turn,
bands, date and the file's own name, an unreadable one flagged with its reason — a path
typed in, and why a file was refused, said in its own line above the path (it was drawn
under the path field, where nobody saw it)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextEntryLine

from skirmish.app import routes
from skirmish.app.i18n import Translator
from skirmish.app.layout import fit_text, px
from skirmish.app.saves import SaveInfo
from skirmish.app.screen import Host, Screen
from skirmish.app.screens.options_form import RULESET_NAMES
from skirmish.app.theme import BAD

#: Lines of the refusal's place above the path field.
MESSAGE_LINES = 3


def save_row(t: Translator, info: SaveInfo) -> str:
    """One file as its list row: what it holds in the window's language and its name (two
    saves of one game, a minute apart, read alike but for it); an unreadable file says
    so, with its reason, first."""
    file = Path(info.path).name
    if info.problem:
        return t("load.row_bad", name=file, problem=info.problem)
    when = t("load.over") if info.over else t("load.turn", n=info.turn) if info.turn \
        else t("load.deployment")
    fr = t.lang == "fr"
    name = info.scenario_fr if fr and info.scenario_fr else info.scenario
    bands = info.bands_fr if fr and info.bands_fr else info.bands
    rules = RULESET_NAMES.get(info.ruleset, info.ruleset or RULESET_NAMES["skirmish"])
    key = "load.row_auto" if info.autosave else "load.row"
    return t(key, scenario=name, ruleset=rules, when=when, bands=" – ".join(bands),
             date=info.date, file=file)


class FileListScreen(Screen):
    """A list of game files to open one of; subclasses say which files, and how a file
    opens (:meth:`open_file` returns why it could not)."""

    title_key = ""
    action_key = ""
    none_key = ""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.saves = self.infos()
        self.files = [x.path for x in self.saves]
        self.rows: dict[str, str] = {}  # the list's text → the file's path
        self.error = ""

    def infos(self) -> list[SaveInfo]:
        """The files listed, newest first."""
        raise NotImplementedError

    def folder(self) -> Path:
        """The folder the heading names."""
        raise NotImplementedError

    def open_file(self, path: str) -> str:
        """Open the game file at ``path`` (another screen follows), or say why not."""
        raise NotImplementedError

    def build(self) -> None:
        app, t, s = self.app, self.t, self.app.scale
        self.rows = {}
        for info in self.saves:
            text, n = save_row(t, info), 2
            while text in self.rows:
                text, n = f"{save_row(t, info)} ({n})", n + 1
            self.rows[text] = info.path
        m = app.manager
        w, h = app.window.get_size()
        margin, row = px(s, 24), px(s, 30)
        title = UILabel(pygame.Rect(margin, margin, w - 2 * margin, row), "", m,
                        object_id="@heading")
        title.set_text(self._title(title, w - 2 * margin - 8))
        path_y = h - margin - 2 * row - 8
        self.message_rect = pygame.Rect(margin, path_y - 6 - MESSAGE_LINES * self._line(),
                                        w - 2 * margin, MESSAGE_LINES * self._line())
        top = margin + row + 6
        self.list = UISelectionList(
            pygame.Rect(margin, top, w - 2 * margin, self.message_rect.y - 6 - top),
            list(self.rows) or [t(self.none_key)], m)
        self.path = UITextEntryLine(pygame.Rect(margin, path_y, w - 2 * margin, row), m)
        self.path.set_text(self.files[0] if self.files else "")
        bw = px(s, 170)
        self.back = UIButton(pygame.Rect(margin, h - margin - row, bw, row), t("back"), m)
        self.action = UIButton(pygame.Rect(w - margin - bw, h - margin - row, bw, row),
                               t(self.action_key), m, object_id="@primary")

    def _line(self) -> int:
        return self.app.text.font(13).get_linesize()

    def _title(self, label: UILabel, width: int) -> str:
        """The heading with the folder, its start cut ("…/saves") until it fits."""
        folder = str(self.folder())
        words = self.t(self.title_key, folder=folder)
        while label.font.size(words)[0] > width and len(folder) > 12:
            folder = folder[max(2, len(folder) // 6):]
            words = self.t(self.title_key, folder="…" + folder)
        return words

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.text in self.rows:
            self.path.set_text(self.rows[event.text])
            self.error = ""
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            if event.text in self.rows:
                self.path.set_text(self.rows[event.text])
                self.act()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.open(routes.Menu())
            elif event.ui_element is self.action:
                self.act()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open(routes.Menu())

    def act(self) -> None:
        """Open the file the path names; a refusal is said above the path."""
        self.error = self.open_file(self.path.get_text().strip())

    def draw(self, surface: pygame.Surface) -> None:
        """The refusal in full, wrapped, its last line shortened if it runs longer."""
        if not self.error:
            return
        text, rect = self.app.text, self.message_rect
        lines = text.wrap(self.error, 13, rect.w, break_words=True)
        if len(lines) > MESSAGE_LINES:
            lines = [*lines[:MESSAGE_LINES - 1],
                     fit_text(text.font(13), " ".join(lines[MESSAGE_LINES - 1:]), rect.w)]
        for i, line in enumerate(lines):
            text.blit(surface, line, (rect.x, rect.y + i * self._line()), 13, BAD)
