"""Warband records: the bands a scenario fields (RULES.md §2, §12, §13).

A warband file is TOML with a ``[band]`` table and ``[[band.figures]]`` entries. The same
record is embedded in scenarios, saves and replays, so it is plain data (no paths).
"""

from __future__ import annotations

from typing import Any, Literal

from skirmish.content.models import Rank, Record, StatChange

Point = tuple[float, float]
Setting = Literal["medieval", "fantasy", "modern", "post-apocalyptic", "space"]


class FigureSpec(Record, kw_only=True):
    """One character as its player wrote it down.

    ``weapons`` names ranged and melee weapons by catalogue id; ``equipment`` repeats an
    id to take several (two cybernetic arms). Campaign fields (``xp``, ``injuries``,
    ``advances``, ``hates``) are empty in a one-off game.
    """

    id: str
    name: str
    rank: Rank
    weapons: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    alien_trade: str | None = None
    base: float = 1.0
    position: Point | None = None
    xp: int = 0
    injuries: tuple[str, ...] = ()
    advances: tuple[StatChange, ...] = ()
    hates: str | None = None
    ignore_first_wound: bool = False
    #: Per-ruleset overrides of the converted profile (RULESETS §0.1, §0.5 S2), keyed by
    #: ruleset id; each ruleset checks its own block (``validate`` names the field).
    native: dict[str, dict[str, Any]] = {}


class Warband(Record, kw_only=True):
    """[R-BAND-COMP] One band: 1 Chef, 0–2 Sous-chefs, at least one Sous-fifre."""

    id: str
    name: str
    #: The name in French (shown when the window speaks French); unset, ``name`` shows.
    #: None rather than "" so that records without it encode exactly as before.
    name_fr: str | None = None
    race: str = "none"
    colour: str | None = None
    figures: tuple[FigureSpec, ...]
    #: The setting the band was built for (GAP-4: a free first modern pistol). Used when
    #: the warband file is checked on its own; inside a scenario the scenario's setting wins.
    setting: Setting | None = None
