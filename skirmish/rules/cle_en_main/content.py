"""The ruleset's TOML tables (``content/data/cle_en_main.toml``, RULESETS §0.5 S13), typed."""

from __future__ import annotations

from functools import cache
from typing import Literal

import msgspec

from skirmish.content.ruleset_tables import Record, cited_table, read_tables

Tier = Literal["boss", "second", "figurant"]
Category = Literal["standard", "war", "heavy"]
Training = Literal["war_weapons", "heavy_weapons", "war_armour", "heavy_armour"]


class RankRow(Record, kw_only=True):
    tier: Tier
    trainings: tuple[Training, ...]
    rule: str


class SourceWeapon(Record, kw_only=True):
    name: str
    dice: int
    category: Category
    range_m: float | None = None
    targets: int = 1
    zone_m: float | None = None
    six_plus: bool = False
    throwable: bool = False
    rule: str


class ForceBand(Record, kw_only=True, rename={"start": "from"}):
    start: int
    dice: int
    category: Category
    rule: str


class Gear(Record, kw_only=True):
    armour: int = 0
    war_armour: bool = False
    protection: int = 0
    defence_melee: int = 0
    shield_protection: int = 0
    combat_tir: int = 0
    melee_bonus: int = 0
    rule: str


class Difficulty(Record, kw_only=True):
    facile: int
    moyen: int
    difficile: int
    heroique: int
    rule: str


class FirstAid(Record, kw_only=True):
    normal: int
    mal_en_point: int
    unconscious: int
    danger_of_death: int
    medikit: int
    rule: str


class Tables(Record, kw_only=True):
    ranks: dict[str, RankRow]
    source_weapons: dict[str, SourceWeapon]
    name_match: dict[str, str]
    force_melee: tuple[ForceBand, ...]
    force_ranged: tuple[ForceBand, ...]
    equipment: dict[str, Gear]
    difficulty: Difficulty
    first_aid: FirstAid


@cache
def tables() -> Tables:
    raw = read_tables("cle_en_main")
    raw["name_match"] = cited_table(raw["name_match"])
    return msgspec.convert(raw, Tables)


def force_band(bands: tuple[ForceBand, ...], force: int) -> ForceBand:
    """[GAP-CM-8] the band of a Skirmish Force: the last whose lower bound it reaches."""
    return [b for b in bands if force >= b.start][-1]
