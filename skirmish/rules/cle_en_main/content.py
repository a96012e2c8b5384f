"""The ruleset's TOML tables (``content/data/cle_en_main.toml``, RULESETS §0.5 S13), typed."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

import msgspec

import skirmish.content

DATA = Path(skirmish.content.__file__).parent / "data" / "cle_en_main.toml"

Tier = Literal["boss", "second", "figurant"]
Category = Literal["standard", "war", "heavy"]
Training = Literal["war_weapons", "heavy_weapons", "war_armour", "heavy_armour"]


class _Rec(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


class RankRow(_Rec, kw_only=True):
    tier: Tier
    trainings: tuple[Training, ...]
    rule: str


class SourceWeapon(_Rec, kw_only=True):
    name: str
    dice: int
    category: Category
    range_m: float | None = None
    targets: int = 1
    zone_m: float | None = None
    six_plus: bool = False
    throwable: bool = False
    rule: str


class ForceBand(_Rec, kw_only=True, rename={"start": "from"}):
    start: int
    dice: int
    category: Category
    rule: str


class Gear(_Rec, kw_only=True):
    armour: int = 0
    war_armour: bool = False
    protection: int = 0
    defence_melee: int = 0
    shield_protection: int = 0
    combat_tir: int = 0
    melee_bonus: int = 0
    rule: str


class Difficulty(_Rec, kw_only=True):
    facile: int
    moyen: int
    difficile: int
    heroique: int
    rule: str


class FirstAid(_Rec, kw_only=True):
    normal: int
    mal_en_point: int
    unconscious: int
    danger_of_death: int
    medikit: int
    rule: str


class Tables(_Rec, kw_only=True):
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
    raw = tomllib.loads(DATA.read_text(encoding="utf-8"))
    raw["name_match"] = {k: v for k, v in raw["name_match"].items() if k != "rule"}
    return msgspec.convert(raw, Tables)


def force_band(bands: tuple[ForceBand, ...], force: int) -> ForceBand:
    """[GAP-CM-8] the band of a Skirmish Force: the last whose lower bound it reaches."""
    return [b for b in bands if force >= b.start][-1]
