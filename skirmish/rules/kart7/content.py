"""The ruleset's TOML tables (``content/data/kart7.toml``, RULESETS §0.5 S13), typed."""

from __future__ import annotations

from functools import cache

import msgspec

from skirmish.content.ruleset_tables import Record, cited_table, read_tables


class RankGift(Record, kw_only=True):
    intellect: int
    pioche_max: int
    hand: int
    rule: str


class Conversion(Record, kw_only=True):
    carrure_offset: int
    rapidite_offset: int
    sens_base: int
    volonte_offset: int
    equilibre_offset: int
    skill_per_step: int
    skill_base: int
    skill_plus: int
    skill_cap: int
    floor: int
    rule: str


class WeaponRow(Record, kw_only=True):
    force: int
    lethality: int
    bonus: int
    rule: str


class EquipmentGift(Record, kw_only=True):
    armour: int = 0
    melee_armour: int = 0
    carrure: int = 0
    distance: int = 0
    rule: str


class Tables(Record, kw_only=True):
    ranks: dict[str, RankGift]
    conversion: Conversion
    wound_table: dict[int, tuple[int, int, int, int, int]]
    weapons: tuple[WeaponRow, ...]
    equipment: dict[str, EquipmentGift]


@cache
def tables() -> Tables:
    raw = read_tables("kart7")
    raw["wound_table"] = {int(k): v for k, v in cited_table(raw["wound_table"]).items()}
    return msgspec.convert(raw, Tables)


def wound_capacity(carrure: int) -> tuple[int, int, int, int, int]:
    """[K7-WOUND-TABLE] wounds per lethality level, the nearest row for a Carrure off it."""
    rows = tables().wound_table
    return rows[min(max(carrure, min(rows)), max(rows))]


def weapon_row(force: int) -> WeaponRow:
    """[GAP-K7-12] the last row whose Force is not above ``force`` (unarmed below 0)."""
    rows = tables().weapons
    found = rows[0]
    for row in rows:
        if row.force <= force:
            found = row
    return found
