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
from skirmish.rules.frame.figure import Climbing, FigureHead, Option
from skirmish.rules.frame.state import StateHead
from skirmish.rules.skirmish.steps import AnyStep


class Figure(FigureHead, kw_only=True):
    """One character in play (Skirmish-owned figure state, RULESETS §0.5 S10). It has every
    field of the table's :class:`~skirmish.rules.frame.figure.TableFigure`, in the order
    its recorded games were hashed with: the :class:`FigureHead` ones, then its own."""

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


class GameState(StateHead, kw_only=True):
    """The Skirmish game: the :class:`StateHead` fields (its own figures), then its
    scheduler's, in the order its recorded games were hashed with."""

    ruleset: str = "skirmish"
    figures: dict[str, Figure]
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
