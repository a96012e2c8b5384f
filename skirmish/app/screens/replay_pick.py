"""Watch a replay: the saves folder's files as a list (newest first) — every save is a
replay of its game so far — or a path typed in; opening one shows the viewer."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextEntryLine

from skirmish.app import routes
from skirmish.app.layout import px
from skirmish.app.paths import saves_dir
from skirmish.app.screen import Host, Screen
from skirmish.app.theme import BAD
from skirmish.content.errors import ContentError


class ReplayPickScreen(Screen):
    name = "replay_pick"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        folder = saves_dir()
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) \
            if folder.is_dir() else []
        self.files = [str(p) for p in files]
        self.error = ""

    def build(self) -> None:
        app, t, s = self.app, self.t, self.app.scale
        m = app.manager
        w, h = app.window.get_size()
        margin, row = px(s, 24), px(s, 30)
        title = UILabel(pygame.Rect(margin, margin, w - 2 * margin, row), "", m,
                        object_id="@heading")
        title.set_text(self._title(title, w - 2 * margin - 8))
        self.list = UISelectionList(
            pygame.Rect(margin, margin + row + 6, w - 2 * margin, h - 3 * margin - 3 * row),
            self.files or [t("pick.none")], m)
        self.path = UITextEntryLine(pygame.Rect(margin, h - margin - 2 * row - 8,
                                                w - 2 * margin, row), m)
        self.path.set_text(self.files[0] if self.files else "")
        bw = px(s, 170)
        self.back = UIButton(pygame.Rect(margin, h - margin - row, bw, row), t("back"), m)
        self.open = UIButton(pygame.Rect(w - margin - bw, h - margin - row, bw, row),
                             t("pick.open"), m, object_id="@primary")

    def _title(self, label: UILabel, width: int) -> str:
        """The heading with the saves folder, its start cut ("…/saves") until it fits."""
        folder = str(saves_dir())
        words = self.t("pick.title", folder=folder)
        while label.font.size(words)[0] > width and len(folder) > 12:
            folder = folder[max(2, len(folder) // 6):]
            words = self.t("pick.title", folder="…" + folder)
        return words

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.text in self.files:
            self.path.set_text(event.text)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            if event.text in self.files:
                self.path.set_text(event.text)
                self.watch()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self._back()
            elif event.ui_element is self.open:
                self.watch()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()

    def _back(self) -> None:
        self.app.open(routes.Menu())

    def watch(self) -> None:
        """Load the timeline (re-running and checking every step); a bad file is one line
        on this screen."""
        from skirmish.replay.timeline import Timeline

        path = self.path.get_text().strip()
        try:
            tl = Timeline.load(path)
        except ContentError as e:
            self.error = str(e.problems[0])[:300]
            return
        self.app.open(routes.Replay(tl))

    def draw(self, surface: pygame.Surface) -> None:
        if self.error:
            w, h = surface.get_size()
            self.app.text.blit(surface, self.error, (w // 2, h - px(self.app.scale, 70)), 13,
                               BAD, anchor="midbottom")
