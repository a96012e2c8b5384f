"""Load game: the saves folder as a list (newest first) that names each save's scenario,
ruleset, turn, bands (in the window's language), date and file, or a path typed in."""

from __future__ import annotations

from pathlib import Path

from skirmish.app import routes
from skirmish.app.paths import saves_dir
from skirmish.app.saves import SaveInfo, list_saves
from skirmish.app.screens.file_list import FileListScreen
from skirmish.content.errors import ContentError


class LoadScreen(FileListScreen):
    name = "load"
    title_key = "load.title"
    action_key = "load.load"
    none_key = "load.none"

    def infos(self) -> list[SaveInfo]:
        return list_saves()

    def folder(self) -> Path:
        return saves_dir()

    @property
    def load(self) -> object:
        """The Load button."""
        return self.action

    def open_file(self, path: str) -> str:
        from skirmish.app.session import Session

        try:
            session = Session.load(path)
        except ContentError as e:
            return "; ".join(str(p) for p in e.problems)
        except Exception as e:  # noqa: BLE001 - a save from an older engine must not crash us
            return self.t("load.failed", problem=str(e))
        self.app.open(routes.Table(session))
        return ""
