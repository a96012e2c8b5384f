"""The screens a screen may lead to, by name, with what each needs to open.

A screen asks the app for the next one (``self.app.open(routes.Table(session))``) and
never imports it: only :mod:`skirmish.app.navigation` knows which class each route
makes, so the screens stay free of one another.

Plain classes, each naming its fields in ``__match_args__`` for the navigation's
``match``: the window imports this module before its first frame, and a dozen
dataclasses cost that frame some 10 ms of generated code.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from skirmish.app.session import Session
    from skirmish.replay.timeline import Timeline


class Menu:
    """The main menu."""


class Setup:
    """A new game: scenario, bands, who plays them, options."""


class LoadGame:
    """The saves folder, to load a game."""


class ReplayPick:
    """The saves folder, to watch one as a replay."""


class Rules:
    """The rules reference with a game's options; Back returns to the screen it was opened
    from, as that screen was."""

    __match_args__ = ("options", "ruleset")

    def __init__(self, options: dict[str, Any] | None = None,
                 ruleset: str = "skirmish") -> None:
        self.options = options
        self.ruleset = ruleset


class Loading:
    """A frame at once saying ``label`` while ``work`` makes the session in the
    background; then its table."""

    __match_args__ = ("label", "work")

    def __init__(self, label: str, work: Callable[[], Session]) -> None:
        self.label = label
        self.work = work


class Table:
    """The game's table; ``reviewing``: back from the results to look at the end;
    ``warning``: a problem said on arrival."""

    __match_args__ = ("session", "reviewing", "warning")

    def __init__(self, session: Session, reviewing: bool = False, warning: str = "") -> None:
        self.session = session
        self.reviewing = reviewing
        self.warning = warning


class Results:
    """The end of the session's game."""

    __match_args__ = ("session",)

    def __init__(self, session: Session) -> None:
        self.session = session


class Campaign:
    """The campaigns saved, or the one at ``path``, or the one ``session``'s game belongs to
    (which records it)."""

    __match_args__ = ("session", "path")

    def __init__(self, session: Session | None = None, path: Path | None = None) -> None:
        self.session = session
        self.path = path


class NewCampaign:
    """A new campaign's bands and options."""


class Builder:
    """The warband builder."""


class Replay:
    """The replay viewer on ``timeline``."""

    __match_args__ = ("timeline",)

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline


Route: TypeAlias = (Menu | Setup | LoadGame | ReplayPick | Rules | Loading | Table | Results
                    | Campaign | NewCampaign | Builder | Replay)
