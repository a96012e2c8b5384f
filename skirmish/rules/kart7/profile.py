"""A figure's KART 7 profile (RULESETS §4.b, §0.5 S2): converted from its race-modified
Skirmish profile, weapons and equipment ([GAP-K7-3], [GAP-K7-11], [GAP-K7-12],
[GAP-K7-13]), then overridden field by field by the optional ``native.kart7`` block of
the warband entry. KO, OK and the wound capacity are always derived from Volonté and
Carrure ([K7-THRESHOLDS], [K7-WOUND-TABLE]), so a block cannot make them disagree."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, Protocol

import msgspec

from skirmish.content.models import Rank, Rulebook
from skirmish.content.warband import FigureSpec
from skirmish.rules.frame.native import (
    first_problem,
    named_fields,
    override_weapons,
    parse_native,
)
from skirmish.rules.kart7.content import tables, weapon_row, wound_capacity

RULESET = "kart7"
CHARACTERISTICS = ("carrure", "rapidite", "sens", "volonte", "intellect", "equilibre")
SKILLS = ("contact", "distance", "poursuite")
#: [GAP-K7-16] the five holders, Nulle … Énorme.
LETHALITY = ("nulle", "faible", "moyenne", "forte", "enorme")
HOLDERS = ("vert", "bleu", "jaune", "rouge", "noir")


class SkirmishStats(Protocol):
    """What the conversion reads of a figure's Skirmish characteristics: race, trade,
    advances and lasting injuries applied; ``ct`` with the sighting device's improvement,
    ``r`` without armour (the Skirmish rules' own reading)."""

    mvt: float
    cd: int
    ct: int
    ccc: int
    f: int
    r: int


class K7Weapon(msgspec.Struct, frozen=True, kw_only=True):
    """[GAP-K7-12] lethality (0 Nulle … 4 Énorme) and the bonus to the card."""

    lethality: int
    bonus: int


class K7Profile(msgspec.Struct, frozen=True, kw_only=True):
    """[K7-SHEET]: characteristics, skills, card resources, armour and weapons; KO, OK
    and the wound capacity per lethality derived."""

    carrure: int
    rapidite: int
    sens: int
    volonte: int
    intellect: int
    equilibre: int
    contact: int
    distance: int
    poursuite: int
    pioche_max: int
    hand: int
    armour: int = 0
    melee_armour: int = 0
    weapons: dict[str, K7Weapon] = {}

    @property
    def ko(self) -> int:
        """[K7-THRESHOLDS] KO = Volonté."""
        return self.volonte

    @property
    def ok(self) -> int:
        """[K7-THRESHOLDS] OK = ⌈Volonté / 2⌉."""
        return math.ceil(self.volonte / 2)

    @property
    def wounds(self) -> tuple[int, int, int, int, int]:
        """[K7-WOUND-TABLE] by Carrure."""
        return wound_capacity(self.carrure)

    def weapon(self, weapon: str | None) -> K7Weapon:
        """A carried weapon, or the unarmed row ([GAP-K7-12], Force 0)."""
        if weapon is not None and weapon in self.weapons:
            return self.weapons[weapon]
        row = weapon_row(0)
        return K7Weapon(lethality=row.lethality, bonus=row.bonus)


#: The bounds of a native block's values: a characteristic or skill of 1 to 20 (cards go
#: to 13, so above 13 every Moyenne draw succeeds); a pioche of 0 to 20, a hand of 0 to 10
#: (the §4.b table gives 5–7 and 1–3); armour and weapon bonuses a few times §4.b's.
Score = Annotated[int, msgspec.Meta(ge=1, le=20)]
Cards = Annotated[int, msgspec.Meta(ge=0, le=20)]
HandSize = Annotated[int, msgspec.Meta(ge=0, le=10)]
Armour = Annotated[int, msgspec.Meta(ge=0, le=10)]
Lethality = Annotated[int, msgspec.Meta(ge=0, le=4)]
Bonus = Annotated[int, msgspec.Meta(ge=-5, le=10)]


class NativeWeapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    lethality: Lethality | None = None
    bonus: Bonus | None = None


class Native(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The ``native.kart7`` block of a warband figure: any field it names wins."""

    carrure: Score | None = None
    rapidite: Score | None = None
    sens: Score | None = None
    volonte: Score | None = None
    intellect: Score | None = None
    equilibre: Score | None = None
    contact: Score | None = None
    distance: Score | None = None
    poursuite: Score | None = None
    pioche_max: Cards | None = None
    hand: HandSize | None = None
    armour: Armour | None = None
    melee_armour: Armour | None = None
    weapons: dict[str, NativeWeapon] = {}


def skill(target_number: int) -> int:
    """[GAP-K7-11] Contact / Distance = min(12, 3 × (7 − target number) + 1)."""
    c = tables().conversion
    return max(c.floor, min(c.skill_cap,
                            c.skill_per_step * (c.skill_base - target_number) + c.skill_plus))


def weapon(force: int) -> K7Weapon:
    """[GAP-K7-12] by Skirmish Force."""
    row = weapon_row(force)
    return K7Weapon(lethality=row.lethality, bonus=row.bonus)


def convert(book: Rulebook, spec: FigureSpec, stats: SkirmishStats) -> K7Profile:
    """§4.b from the race-modified Skirmish ``stats``."""
    t = tables()
    c = t.conversion
    gift = t.ranks[Rank(spec.rank).value]
    counts = Counter(spec.equipment)
    sights = sum(n for e, n in counts.items() if book.equipment[e].slot == "sight")
    carrure_eq = distance_eq = armour = melee_armour = 0
    for e, n in counts.items():
        g = t.equipment.get(e)
        if g is not None:
            carrure_eq += g.carrure * n
            distance_eq += g.distance * n
            armour += g.armour * n
            melee_armour += g.melee_armour * n
    carrure = max(c.floor, stats.f + stats.r + c.carrure_offset + carrure_eq)
    rapidite = max(c.floor, math.floor(stats.mvt) + c.rapidite_offset)
    ct_no_sight = stats.ct + sights  # the device is +1 Distance here ([GAP-K7-13])
    weapons: dict[str, K7Weapon] = {}
    for w in spec.weapons:
        if w in book.melee_weapons:
            weapons[w] = weapon(book.melee_weapons[w].force)
        elif w in book.ranged_weapons:
            weapons[w] = weapon(book.ranged_weapons[w].force)
    return K7Profile(
        carrure=carrure, rapidite=rapidite,
        sens=max(c.floor, c.sens_base - ct_no_sight),
        volonte=max(c.floor, stats.cd + c.volonte_offset), intellect=gift.intellect,
        equilibre=max(c.floor, stats.cd + c.equilibre_offset),
        contact=skill(stats.ccc), distance=skill(ct_no_sight) + distance_eq,
        poursuite=rapidite, pioche_max=gift.pioche_max, hand=gift.hand,
        armour=armour, melee_armour=melee_armour, weapons=weapons,
    )


def apply_native(p: K7Profile, raw: Mapping[str, Any]) -> K7Profile:
    """Override converted values; a weapon the figure does not carry is refused."""
    native = parse_native(raw, Native)
    fields = (k for k in K7Profile.__struct_fields__ if k != "weapons")
    return msgspec.structs.replace(p, **named_fields(native, fields),
                                   weapons=override_weapons(p.weapons, native.weapons))


def profile_for(book: Rulebook, spec: FigureSpec, stats: SkirmishStats) -> K7Profile:
    p = convert(book, spec, stats)
    raw = spec.native.get(RULESET)
    return apply_native(p, raw) if raw is not None else p


def native_problem(book: Rulebook, spec: FigureSpec, stats: SkirmishStats
                   ) -> tuple[str, str] | None:
    """The first problem of ``spec``'s native block as (entry, problem), or None."""
    return first_problem(lambda: profile_for(book, spec, stats))
