"""The ruleset's TOML tables (``content/data/clefs_aube.toml``, RULESETS §0.5 S13), typed."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import msgspec

import skirmish.content

DATA = Path(skirmish.content.__file__).parent / "data" / "clefs_aube.toml"


class _Rec(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


class RankGift(_Rec, kw_only=True):
    pu: int
    re: int
    ma: int
    pr: int
    ex: int
    pe: int
    nc_evitement: int
    rule: str


class SkillLevels(_Rec, kw_only=True):
    by_target: dict[str, int]
    step: int
    cap: int
    rule: str


class WeaponRules(_Rec, kw_only=True):
    bd_base: int
    bd_per_force: float
    melee_ba: int
    weak_force: int
    bp_one_handed: int
    bp_two_handed: int
    ranged_ba: int
    unarmed_ba: int
    unarmed_bp: int
    unarmed_bd: int
    rule: str


class EquipmentGift(_Rec, kw_only=True):
    be: int = 0
    bp: int = 0
    pu: int = 0
    tir: int = 0
    rule: str


class DamageRow(_Rec, kw_only=True):
    upto: int
    row: str
    pf: int


class Tables(_Rec, kw_only=True):
    ranks: dict[str, RankGift]
    skill_levels: SkillLevels
    weapons: WeaponRules
    equipment: dict[str, EquipmentGift]
    range_nd: dict[str, int]
    damage_table: tuple[DamageRow, ...]
    wound_boxes: dict[str, int]


@cache
def tables() -> Tables:
    raw = tomllib.loads(DATA.read_text(encoding="utf-8"))
    levels = raw["skill_levels"]
    raw["skill_levels"] = {
        "by_target": {k: v for k, v in levels.items() if k.isdigit()},
        **{k: v for k, v in levels.items() if not k.isdigit()},
    }
    raw["range_nd"] = {k: v for k, v in raw["range_nd"].items() if k != "rule"}
    return msgspec.convert(raw, Tables)


def damage_row(effective: int) -> DamageRow:
    """[CA-DMG-TABLE] Table 3.1."""
    for row in tables().damage_table:
        if effective <= row.upto:
            return row
    return tables().damage_table[-1]
