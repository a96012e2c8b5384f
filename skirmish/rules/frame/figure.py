"""A figure and a band on the table, whatever rules it fights by (RULESETS §0.2, §0.4).

What the table knows of a figure is the same under every ruleset: who it is, its base,
where it stands, its standing (in play, out of action, dead, fled), whether it routs, who
put it down (for the VP), and the race-modified Skirmish profile every ruleset converts
from (§0.1). :class:`TableFigure` is that much, as a protocol the frame's functions read;
:class:`FrameFigure` is a struct holding it, which a ruleset extends with what it owns
(RULESETS §0.5 S10). The Skirmish figure predates it and keeps its own field order, which
its recorded games hash: it shares only the leading fields, :class:`FigureHead`, and has the
rest of the protocol's fields among its own.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

import msgspec

Point = tuple[float, float]
Status = Literal["reserve", "in_play", "out_of_action", "dead", "fled"]
Phase = Literal["deployment", "battle", "over"]


class Stats(msgspec.Struct, frozen=True, kw_only=True):
    """A figure's Skirmish characteristics as modified by race, trade, equipment and
    campaign: the Skirmish profile, and what every other ruleset converts from.

    ``r`` excludes armour and equipment; ``armour`` is that bonus, shown apart on the card
    ("R 5 (+1 armour)") and added on the damage table ([R-DMG-TABLE])."""

    mvt: float
    cd: int
    ct: int
    ccc: int
    f: int
    r: int
    armour: int
    pv: int
    f_melee: int = 0
    ignores_difficult: bool = False
    bucklers: int = 0


class Climbing(msgspec.Struct, kw_only=True):
    """[R-EQ-ROPE] A figure on its rope: ``done`` pas of the piece's height climbed."""

    piece: str
    done: float
    up: bool


class Band(msgspec.Struct, kw_only=True):
    id: str
    name: str
    race: str
    colour: str | None
    controller: str
    start_strength: int
    chef: str | None
    zone: list[Point] | None = None
    chef_lost_turn: int = 0
    resigned: bool = False


class Option(msgspec.Struct, frozen=True, kw_only=True):
    """One answer to a pending decision; ``at`` is a point to draw (a destination).
    ``label_key``/``params`` say the label in any language (empty: the label is a name)."""

    key: str
    label: str
    at: Point | None = None
    label_key: str = ""
    params: dict[str, Any] = {}


class TableFigure(Protocol):
    """What the frame reads of a figure, under any ruleset."""

    id: str
    band: str
    name: str
    rank: str
    base: float
    stats: Stats
    ranged: list[str]
    melee: list[str]
    equipment: list[str]
    x: float
    y: float
    status: Status
    routing: bool
    routing_since: int
    on_piece: str | None
    climbing: Climbing | None
    downed_by: str | None
    downed_by_band: str | None

    @property
    def pos(self) -> Point: ...

    @property
    def radius(self) -> float: ...

    @property
    def disc(self) -> tuple[float, float, float]: ...


class FigureHead(msgspec.Struct, kw_only=True):
    """Who a figure is, its kit and where it stands: the fields every figure struct begins
    with, in this order (a struct encodes its base's fields first), and what they give."""

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


class FrameFigure(FigureHead, kw_only=True):
    """A figure's table fields (:class:`TableFigure`), for a ruleset's own figure to
    extend with the state it owns."""

    routing: bool = False
    routing_since: int = 0
    on_piece: str | None = None
    climbing: Climbing | None = None
    downed_by: str | None = None
    downed_by_band: str | None = None
