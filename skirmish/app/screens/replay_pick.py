"""Watch a replay: every replay the player has as a list (newest first) — the saves
folder's files (every save is a replay of its game so far) and the campaigns' games —
each by what it holds, an unreadable file flagged, or a path typed in; opening one shows
the viewer."""

from __future__ import annotations

from pathlib import Path

from skirmish.app import routes
from skirmish.app.paths import saves_dir
from skirmish.app.saves import SaveInfo, list_replays
from skirmish.app.screens.file_list import FileListScreen
from skirmish.content.errors import ContentError


class ReplayPickScreen(FileListScreen):
    name = "replay_pick"
    title_key = "pick.title"
    action_key = "pick.open"
    none_key = "pick.none"

    def infos(self) -> list[SaveInfo]:
        return list_replays()

    def folder(self) -> Path:
        return saves_dir()

    @property
    def open(self) -> object:
        """The Watch button."""
        return self.action

    def watch(self) -> None:
        self.act()

    def open_file(self, path: str) -> str:
        """Load the timeline (re-running and checking every step), or say why not."""
        from skirmish.replay.timeline import Timeline

        try:
            tl = Timeline.load(path)
        except ContentError as e:
            return "; ".join(str(p) for p in e.problems)
        self.app.open(routes.Replay(tl))
        return ""
