"""The screens a screen may lead to, by name, with what each needs to open.

A screen asks the app for the next one (``self.app.open(routes.Table(session))``) and
never imports it: only :mod:`skirmish.app.navigation` knows which class each route
makes, so the screens stay free of one another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from skirmish.app.session import Session
    from skirmish.replay.timeline import Timeline


@dataclass(frozen=True)
class Menu:
    """The main menu."""


@dataclass(frozen=True)
class Setup:
    """A new game: scenario, bands, who plays them, options."""


@dataclass(frozen=True)
class LoadGame:
    """The saves folder, to load a game."""


@dataclass(frozen=True)
class ReplayPick:
    """The saves folder, to watch one as a replay."""


@dataclass(frozen=True)
class Rules:
    """The rules reference with a game's options; Back returns to the screen it was opened
    from, as that screen was."""

    options: dict[str, Any] | None = None
    ruleset: str = "skirmish"


@dataclass(frozen=True)
class Loading:
    """A frame at once saying ``label`` while ``work`` makes the session in the
    background; then its table."""

    label: str
    work: Callable[[], Session]


@dataclass(frozen=True)
class Table:
    """The game's table; ``reviewing``: back from the results to look at the end;
    ``warning``: a problem said on arrival."""

    session: Session
    reviewing: bool = False
    warning: str = ""


@dataclass(frozen=True)
class Results:
    """The end of the session's game."""

    session: Session


@dataclass(frozen=True)
class Campaign:
    """The campaigns saved, or the one at ``path``, or the one ``session``'s game belongs to
    (which records it)."""

    session: Session | None = None
    path: Path | None = None


@dataclass(frozen=True)
class NewCampaign:
    """A new campaign's bands and options."""


@dataclass(frozen=True)
class Builder:
    """The warband builder."""


@dataclass(frozen=True)
class Replay:
    """The replay viewer on ``timeline``."""

    timeline: Timeline


Route: TypeAlias = (Menu | Setup | LoadGame | ReplayPick | Rules | Loading | Table | Results
                    | Campaign | NewCampaign | Builder | Replay)
