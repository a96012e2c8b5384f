"""Scenario records: the table, its terrain, deployment zones, bands and options.

Scenarios are TOML files under ``scenarios/``. The loaded record is plain data so that
a replay or a save can embed it whole and be replayed without the original file.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from skirmish.content.models import Record
from skirmish.content.warband import Point, Setting, Warband

__all__ = ["DEFAULT_BAND_POINTS", "DEFAULT_MAX_TURNS", "BandEntry", "Objective", "Scenario",
           "Setting", "TerrainKind", "TerrainPiece", "field_band"]

#: GAP-2 [HOUSE]: the band-point budget when neither the scenario nor the options set
#: ``band_points``.
DEFAULT_BAND_POINTS = 250
#: GAP-13 [HOUSE]: the default number of turns (option ``max_turns``).
DEFAULT_MAX_TURNS = 6

TerrainKind = Literal["open", "difficult", "impassable"]


class TerrainPiece(Record, kw_only=True):
    """One terrain polygon (concave allowed) in pas, counter-clockwise or clockwise.

    ``height`` is in pas: an LOS-blocking piece lower than both figures' levels does not
    block (GAP-20), and a rope climbs an impassable piece's height ([R-EQ-ROPE]). Only a
    ``raised`` walkable piece (a hill, a platform) lifts the figures standing on it to its
    height; a tall wood blocks sight without lifting anyone.
    """

    id: str
    name: str
    #: The name in French (shown when the window speaks French); unset, ``name`` shows.
    name_fr: str | None = None
    kind: TerrainKind = "open"
    polygon: tuple[Point, ...]
    blocks_los: bool = False
    cover: bool = False
    height: float = 0.0
    raised: bool = False


class Objective(Record, kw_only=True, omit_defaults=True):
    """A scenario objective (GAP-13, GAP-57): a band holding it at game end scores ``vp``.

    Objectives live in the game state, so their encoding is in every state hash: unset
    fields are left out of it, and replays recorded before a field existed still verify.

    A band holds it when it has a figure in play (not routing) whose base reaches within
    ``radius`` pas of the point and no enemy figure in play does.
    """

    id: str
    name: str
    #: The name in French (shown when the window speaks French); unset, ``name`` shows.
    name_fr: str | None = None
    at: Point
    radius: float = 1.0
    vp: int = 5


class BandEntry(Record, kw_only=True):
    """A band taking part: inline ``band`` or a ``warband`` file reference, and its zone."""

    warband: Warband
    zone: tuple[Point, ...] | None = None
    controller: Literal["human", "computer"] = "human"


def field_band(slot: BandEntry, warband: Warband,
               controller: Literal["human", "computer"] | None = None) -> BandEntry:
    """``warband`` in the place of ``slot``'s band — a campaign's roster, a band the player
    saved — with the slot's deployment zone and (unless given) its controller. The
    figures' own positions are dropped: they were written for some other table, so the
    band deploys in the zone."""
    figures = tuple(msgspec.structs.replace(f, position=None) for f in warband.figures)
    return BandEntry(warband=msgspec.structs.replace(warband, figures=figures), zone=slot.zone,
                     controller=controller or slot.controller)


class Scenario(Record, kw_only=True):
    """Everything needed to start a game, apart from the seed."""

    id: str
    name: str
    description: str = ""
    #: The name and description in French (the window shows them when it speaks French).
    name_fr: str = ""
    description_fr: str = ""
    ruleset: str = "skirmish"
    setting: Setting = "medieval"
    width: float
    height: float
    terrain: tuple[TerrainPiece, ...] = ()
    bands: tuple[BandEntry, ...]
    objectives: tuple[Objective, ...] = ()
    options: dict[str, Any] = {}
    #: A campaign's game (set by the campaign): its bands are rosters after losses, injuries
    #: and purchases, so [R-BAND-COMP]'s counts no longer bind them (RULES.md §13).
    campaign: bool = False
