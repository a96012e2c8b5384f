"""The table's part of a game state, under any ruleset (RULESETS §0.2).

:class:`TableState` is what the frame's functions read and change: the scenario's
table and bands, the figures, the phase and turn, the deployment order, the objectives
and the result. :class:`FrameState` holds it as a struct a ruleset extends with its
scheduler and its own state (typing ``options`` and ``figures`` with its own structs),
so its games save, hash and replay like any. The Skirmish state predates it and keeps
its field order, which its recorded games hash: it shares only the leading fields,
:class:`StateHead`, and has the rest of the protocol's fields among its own.
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


class StateHead(msgspec.Struct, kw_only=True):
    """The scenario's table and bands, the figures and the deployment: the fields every
    state struct begins with, in this order (a struct encodes its base's fields first)."""

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

    def band(self, band_id: str) -> Band:
        for b in self.bands:
            if b.id == band_id:
                return b
        raise KeyError(band_id)


class FrameState(StateHead, kw_only=True):
    """The table's fields of :class:`TableState`, for a ruleset's state to extend."""

    active: str | None = None
    objectives: list[Objective] = []
    result: dict[str, Any] | None = None
