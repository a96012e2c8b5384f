"""The game state: plain, mutable, serialisable data with no behaviour.

Everything the rules need to continue a game is here (with the dice state beside it),
so a save is this struct encoded as JSON, a state hash is a hash of that encoding, and
an AI look-ahead works on a decoded copy. Mappings are dicts (insertion-ordered), never
sets, so the encoding — and the hash — is the same on every run.
"""

from __future__ import annotations

from typing import Any

import msgspec

from skirmish.content.scenario import Objective
from skirmish.rules.frame.figure import Band, Climbing, Option, Phase, Point, Stats, Status
from skirmish.rules.frame.options import TableOptions
from skirmish.rules.skirmish.steps import AnyStep


class Figure(msgspec.Struct, kw_only=True):
    """One character in play (Skirmish-owned figure state, RULESETS §0.5 S10). It has every
    field of the table's :class:`~skirmish.rules.frame.figure.TableFigure`, in the order
    its recorded games were hashed with."""

    id: str
    band: str
    name: str
    rank: str
    base: float
    stats: Stats
    ranged: list[str]
    melee: list[str]
    equipment: list[str]
    x: float = 0.0
    y: float = 0.0
    status: Status = "reserve"
    pv: int = 0
    pa: int = 0
    activated: bool = False
    stunned: bool = False
    routing: bool = False
    routing_since: int = 0
    no_run: bool = False
    charged_malus: bool = False
    medikit_left: int = 0
    lost_weapons: list[str] = []
    on_piece: str | None = None
    climbing: Climbing | None = None
    seen: dict[str, bool] = {}
    mad: bool = False
    hardened: bool = False
    hates: str | None = None
    ignore_first_wound: bool = False
    downed_by: str | None = None
    downed_by_band: str | None = None

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    @property
    def radius(self) -> float:
        return self.base / 2

    @property
    def disc(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.base / 2)

    @property
    def in_play(self) -> bool:
        return self.status == "in_play"


class Pending(msgspec.Struct, frozen=True, kw_only=True):
    """A decision owed by ``band`` (ARCHITECTURE convention 5); ``resume`` continues."""

    band: str
    kind: str
    prompt: str
    figure: str | None
    options: tuple[Option, ...]
    default: str
    resume: AnyStep
    prompt_key: str = ""
    params: dict[str, Any] = {}


class GameState(msgspec.Struct, kw_only=True):
    ruleset: str = "skirmish"
    ruleset_version: int = 1
    scenario: str
    setting: str
    options: TableOptions
    width: float
    height: float
    bands: list[Band]
    figures: dict[str, Figure]
    phase: Phase = "deployment"
    turn: int = 0
    deploy_order: list[str] = []
    deploy_index: int = 0
    order: list[str] = []
    band_index: int = 0
    wave: int = 1
    wave_cap: int | None = None
    wave_used: int = 0
    active: str | None = None
    pending: Pending | None = None
    stack: list[AnyStep] = []
    objectives: list[Objective] = []
    result: dict[str, object] | None = None

    def band(self, band_id: str) -> Band:
        for b in self.bands:
            if b.id == band_id:
                return b
        raise KeyError(band_id)
