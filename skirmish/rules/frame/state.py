"""The table's part of a game state, under any ruleset (RULESETS §0.2).

:class:`TableState` is what the frame's functions read and change: the scenario's
table and bands, the figures, the phase and turn, the deployment order, the objectives
and the result. :class:`FrameState` holds it as a struct a ruleset extends with its
scheduler and its own state (typing ``options`` and ``figures`` with its own structs),
so its games save, hash and replay like any. The Skirmish state predates it and keeps
its field order, which its recorded games hash; it has every field of the protocol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import msgspec

from skirmish.content.scenario import Objective
from skirmish.rules.frame.figure import Band, FrameFigure, Phase, TableFigure
from skirmish.rules.frame.options import TableOptions


class TableState(Protocol):
    ruleset: str
    ruleset_version: int
    scenario: str
    width: float
    height: float
    bands: list[Band]
    phase: Phase
    turn: int
    deploy_order: list[str]
    deploy_index: int
    objectives: list[Objective]
    result: dict[str, object] | None
    active: str | None

    @property
    def figures(self) -> Mapping[str, TableFigure]: ...

    @property
    def options(self) -> TableOptions: ...

    def band(self, band_id: str) -> Band: ...


class FrameState(msgspec.Struct, kw_only=True):
    """The table's fields of :class:`TableState`, for a ruleset's state to extend."""

    ruleset: str
    ruleset_version: int = 1
    scenario: str
    setting: str
    options: TableOptions
    width: float
    height: float
    bands: list[Band]
    figures: dict[str, FrameFigure]
    phase: Phase = "deployment"
    turn: int = 0
    deploy_order: list[str] = []
    deploy_index: int = 0
    active: str | None = None
    objectives: list[Objective] = []
    result: dict[str, Any] | None = None

    def band(self, band_id: str) -> Band:
        for b in self.bands:
            if b.id == band_id:
                return b
        raise KeyError(band_id)
