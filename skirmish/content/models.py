"""Typed, frozen records for the rulebook's tables (RULES.md §2, §3, §8, §10–§13).

Every record is a ``msgspec.Struct``: immutable, slotted (fast attribute access in
the rules' hot loops) and decoded from TOML with error paths that name the entry.
Each record carries the rule ID it restates so that code and the UI can cite it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

import msgspec


class Rank(StrEnum):
    """[R-GEN-RANK] Chef > Sous-chef > Sous-fifre."""

    CHEF = "chef"
    SOUS_CHEF = "sous_chef"
    SOUS_FIFRE = "sous_fifre"

    @property
    def level(self) -> int:
        """Higher is better: used for "a character of a better level" comparisons."""
        return _RANK_LEVEL[self]


_RANK_LEVEL = {Rank.CHEF: 3, Rank.SOUS_CHEF: 2, Rank.SOUS_FIFRE: 1}

Stat = Literal["mvt", "cd", "ct", "ccc", "f", "r", "pv"]
TARGET_NUMBER_STATS: frozenset[str] = frozenset({"ct", "ccc"})


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every content record."""


class Profile(Record, kw_only=True):
    """[R-BAND-PROFILE] One base profile. ``ct``/``ccc`` are target numbers (3 means 3+)."""

    rank: Rank
    mvt: float
    cd: int
    ct: int
    ccc: int
    f: int
    r: int
    pv: int
    cost: int
    rule: str
    name_fr: str = ""
    name_en: str = ""


class StatChange(Record, kw_only=True):
    """One race or trade modifier.

    ``op``: ``add`` adds ``value`` (Mvt, Cd, F, R, PV); ``improve`` lowers a target number
    by ``value`` ([R-GEN-TN]: improved by 1 = 3+ → 2+; a negative value worsens it);
    ``set`` replaces the characteristic. ``when`` makes the change depend on a rules
    option, e.g. ``{"elf_resistance": "a"}`` for GAP-6.
    """

    stat: Stat
    op: Literal["add", "improve", "set"]
    value: float
    ranks: frozenset[Rank] = frozenset(Rank)
    when: dict[str, str] = {}
    rule: str = ""


class Race(Record, kw_only=True):
    """[R-RACE-*] An optional race: stat changes applied to the base profiles."""

    id: str
    name_fr: str
    name_en: str
    rule: str
    changes: tuple[StatChange, ...] = ()
    ignores_difficult: bool = False
    short_fr: str | None = None  # the window's French name, where the heading is long


class AlienTrade(Record, kw_only=True):
    """[R-RACE-ALIEN] / GAP-7: one trade a figure of the alien race may take."""

    id: str
    name_en: str
    name_fr: str
    rule: str
    changes: tuple[StatChange, ...]


Reload = Literal["fast", "slow"]
Misfire = Literal["none", "black_powder", "jam", "miss"]


class RangedWeapon(Record, kw_only=True):
    """[R-WPN-RANGED] A ranged weapon. ``targets`` is ``None`` for blast weapons ("x").

    ``misfire`` says what a natural 1 to hit does: ``black_powder`` [R-SHOOT-BP],
    ``jam`` [R-SHOOT-JAM], ``miss`` (modern artillery, GAP-38) or ``none`` (GAP-34).
    """

    id: str
    name_fr: str
    name_en: str
    short: float
    medium: float
    long: float
    force: int
    targets: int | None
    blast_radius: float | None = None
    reload: Reload
    heavy: bool = False
    hands: int
    cost: int
    misfire: Misfire
    artillery: bool = False
    limited_ammo: bool = False
    free_first_in: frozenset[str] = frozenset()
    rule: str

    @property
    def is_blast(self) -> bool:
        return self.targets is None

    @property
    def pa_cost(self) -> int:
        """[R-ACT-SHOOT] 1 PA; [R-ACT-SHOOT-SLOW] 2 PA when slow to reload or heavy."""
        return 2 if self.reload == "slow" or self.heavy else 1


class MeleeWeapon(Record, kw_only=True):
    """[R-WPN-MELEE] A melee weapon; ``force`` adds to the wielder's F."""

    id: str
    name_fr: str
    name_en: str
    hands: int
    force: int
    cost: int
    free_first: bool = False
    rule: str


EquipmentSlot = Literal["arm", "leg", "armour", "shield", "buckler", "sight", "rope", "medikit"]


class Equipment(Record, kw_only=True):
    """[R-EQ-*] One piece of equipment. ``max_count`` is per figure (GAP-28)."""

    id: str
    name_fr: str
    name_en: str
    slot: EquipmentSlot
    cost: int
    max_count: int = 1
    r: int = 0
    f_melee: int = 0
    ct_improve: int = 0
    pair_ignores_difficult: bool = False
    pair_mvt: float = 0
    rule: str


class DamageTable(Record, kw_only=True):
    """[R-DMG-TABLE] ``rows[r - 1][f - 1]`` is the d6 score needed for R 1..10, F 1..10."""

    rows: tuple[tuple[int, ...], ...]
    rule: str

    def need(self, force: int, resistance: int) -> int:
        """The minimum d6 to inflict a damage, extended beyond 1..10 per GAP-50."""
        if 1 <= force <= 10 and 1 <= resistance <= 10:
            return self.rows[resistance - 1][force - 1]
        return need_by_pattern(force - resistance)


def need_by_pattern(d: int) -> int:
    """§8 Informative: every cell follows d = F − R (used to extend the table, GAP-50)."""
    if d >= 4:
        return 2
    if d >= 2:
        return 3
    if d >= -1:
        return 4
    if d >= -3:
        return 5
    return 6


class VpEvent(Record, kw_only=True):
    """One line of [R-VP-TABLE]: the VP for an enemy of ``rank`` ending in ``state``."""

    id: str
    rank: Rank
    state: Literal["out_of_action", "dead"]
    vp: int
    name_fr: str
    name_en: str
    rule: str


class VictoryPoints(Record, kw_only=True):
    """[R-VP-TABLE] VP for an enemy's final state, by rank (GAP-57, GAP-58).

    ``events`` keeps each source line (bilingual, with its rule) for the UI and the log.
    """

    out_of_action: dict[Rank, int]
    dead: dict[Rank, int]
    rule: str
    events: dict[str, VpEvent] = {}


class XpAward(Record, kw_only=True):
    """[R-CAMP-XP] One experience award."""

    id: str
    xp: int
    text_en: str
    rule: str
    text_fr: str = ""
    actor: Rank | None = None
    victim: Rank | None = None


class RangeResult(Record, kw_only=True):
    """One row of a die-roll table: results ``low``..``high`` give ``result``."""

    low: int
    high: int
    result: str
    text_en: str
    text_fr: str = ""
    rule: str
    name_fr: str = ""
    name_en: str = ""
    changes: tuple[StatChange, ...] = ()


class RollTable(Record, kw_only=True):
    """A table read with one roll (d6, D66 or 2d6); rows cover every face exactly once."""

    id: str
    dice: Literal["d6", "d66", "2d6"]
    rows: tuple[RangeResult, ...]
    rule: str

    def lookup(self, roll: int) -> RangeResult:
        for row in self.rows:
            if row.low <= roll <= row.high:
                return row
        raise KeyError(f"{self.id}: no row for roll {roll}")


class SlotLimit(Record, kw_only=True):
    """GAP-28: how many items of one equipment slot a figure may carry (one armour, …)."""

    slot: EquipmentSlot
    name_en: str
    max_count: int
    rule: str


class Rulebook(Record, kw_only=True):
    """Every table of RULES.md, loaded once and shared by rules, campaign and app."""

    profiles: dict[Rank, Profile]
    races: dict[str, Race]
    alien_trades: dict[str, AlienTrade]
    ranged_weapons: dict[str, RangedWeapon]
    melee_weapons: dict[str, MeleeWeapon]
    equipment: dict[str, Equipment]
    damage: DamageTable
    victory_points: VictoryPoints
    experience: dict[str, XpAward]
    tables: dict[str, RollTable]
    equipment_slots: dict[str, SlotLimit] = {}
    return_tables: dict[Rank, str] = {}

    def weapon(self, weapon_id: str) -> RangedWeapon | MeleeWeapon:
        """A weapon by catalogue id; ranged and melee ids never collide (checked on load)."""
        if weapon_id in self.ranged_weapons:
            return self.ranged_weapons[weapon_id]
        return self.melee_weapons[weapon_id]
