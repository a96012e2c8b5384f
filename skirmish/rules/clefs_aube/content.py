"""The ruleset's TOML tables (``content/data/clefs_aube.toml``, RULESETS §0.5 S13), typed."""

from __future__ import annotations

from functools import cache

import msgspec

from skirmish.content.ruleset_tables import Record, cited_table, read_tables


class RankGift(Record, kw_only=True):
    pu: int
    re: int
    ma: int
    pr: int
    ex: int
    pe: int
    nc_evitement: int
    rule: str


class SkillLevels(Record, kw_only=True):
    by_target: dict[str, int]
    step: int
    cap: int
    rule: str


class WeaponRules(Record, kw_only=True):
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


class EquipmentGift(Record, kw_only=True):
    be: int = 0
    bp: int = 0
    pu: int = 0
    tir: int = 0
    rule: str


class DamageRow(Record, kw_only=True):
    upto: int
    row: str
    pf: int


class Tables(Record, kw_only=True):
    ranks: dict[str, RankGift]
    skill_levels: SkillLevels
    weapons: WeaponRules
    equipment: dict[str, EquipmentGift]
    range_nd: dict[str, int]
    damage_table: tuple[DamageRow, ...]
    wound_boxes: dict[str, int]


@cache
def tables() -> Tables:
    raw = read_tables("clefs_aube")
    levels = raw["skill_levels"]
    raw["skill_levels"] = {
        "by_target": {k: v for k, v in levels.items() if k.isdigit()},
        **{k: v for k, v in levels.items() if not k.isdigit()},
    }
    raw["range_nd"] = cited_table(raw["range_nd"])
    return msgspec.convert(raw, Tables)


def damage_row(effective: int) -> DamageRow:
    """[CA-DMG-TABLE] Table 3.1."""
    for row in tables().damage_table:
        if effective <= row.upto:
            return row
    return tables().damage_table[-1]
