"""A figure's WFRP profile (RULESETS §1.b): converted from its race-modified Skirmish
profile and kit [GAP-WF-1], [GAP-WF-6], [GAP-WF-16], or set by a native block.

*Check:* BF equals Skirmish F and BE equals Skirmish R, so "damage minus bonus
d'Endurance" keeps the F − R balance of [R-DMG-TABLE] (tests/rules/wfrp2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec

from skirmish.content.models import Rank, Rulebook
from skirmish.content.warband import FigureSpec
from skirmish.rules.frame.figure import Stats
from skirmish.rules.frame.native import named_fields, parse_native

Percent = Annotated[int, msgspec.Meta(ge=1, le=99)]
Location = Literal["head", "right_arm", "left_arm", "body", "right_leg", "left_leg"]
LOCATIONS: tuple[Location, ...] = ("head", "right_arm", "left_arm", "body", "right_leg", "left_leg")
LeftHand = Literal["none", "shield", "buckler", "weapon"]

#: [WF-LOC] the reversed d100 to the location hit: (highest value, location).
LOCATION_TABLE: tuple[tuple[int, Location], ...] = (
    (15, "head"), (35, "right_arm"), (55, "left_arm"), (80, "body"), (90, "right_leg"),
    (100, "left_leg"))

#: [GAP-WF-11] Fortune and [GAP-WF-12] Destin by rank; the Esquive skill by rank (§0.4).
FORTUNE = {Rank.CHEF: 2, Rank.SOUS_CHEF: 1, Rank.SOUS_FIFRE: 0}
DESTIN = {Rank.CHEF: 1, Rank.SOUS_CHEF: 0, Rank.SOUS_FIFRE: 0}
ESQUIVE = {Rank.CHEF: True, Rank.SOUS_CHEF: True, Rank.SOUS_FIFRE: False}


class WfWeapon(msgspec.Struct, frozen=True, kw_only=True):
    """[GAP-WF-6] one weapon: its catalogue id (empty: bare hands), damage added to the
    d10, and for a missile weapon its normal and maximum range (pas), reload, heavy,
    shots of an Attaque rapide (``targets``) or blast radius."""

    id: str
    ranged: bool
    damage: int
    hands: int = 1
    range: float = 0.0
    max_range: float = 0.0
    slow: bool = False
    heavy: bool = False
    targets: int | None = 1
    blast: float | None = None

    @property
    def unarmed(self) -> bool:
        return self.id == ""


class WfProfile(msgspec.Struct, frozen=True, kw_only=True):
    """§1.b: characteristics in percent, A, B (maximum), Mvt in pas per Mouvement,
    Esquive, Fortune and Destin at the start of the game, AP per location, weapons and
    the left-hand item."""

    cc: int
    ct: int
    f: int
    e: int
    ag: int
    fm: int
    int_: int
    soc: int
    a: int
    b: int
    mvt: float
    esquive: bool
    fortune: int
    destin: int
    ap: dict[str, int]
    weapons: tuple[WfWeapon, ...]
    left_hand: LeftHand
    surprised: bool = False

    @property
    def bf(self) -> int:
        """Bonus de Force: the tens digit of F."""
        return self.f // 10

    @property
    def be(self) -> int:
        """Bonus d'Endurance: the tens digit of E."""
        return self.e // 10


class Native(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The ``native.wfrp2`` block of a warband figure: any field it names wins over the
    conversion; ``surprised`` marks it surprised in turn 1 ([WF-SURPRISE], GAP-WF-22)."""

    cc: Percent | None = None
    ct: Percent | None = None
    f: Percent | None = None
    e: Percent | None = None
    ag: Percent | None = None
    fm: Percent | None = None
    int_: Percent | None = msgspec.field(default=None, name="int")
    soc: Percent | None = None
    a: Annotated[int, msgspec.Meta(ge=1, le=10)] | None = None
    b: Annotated[int, msgspec.Meta(ge=1, le=99)] | None = None
    mvt: Annotated[float, msgspec.Meta(gt=0, le=30)] | None = None
    esquive: bool | None = None
    fortune: Annotated[int, msgspec.Meta(ge=0, le=9)] | None = None
    destin: Annotated[int, msgspec.Meta(ge=0, le=9)] | None = None
    surprised: bool | None = None


def clamp_percent(v: int) -> int:
    """§1.b: percentages are clamped to 1..99."""
    return max(1, min(99, v))


def location_of(value: int) -> Location:
    """[WF-LOC] the location of a reversed d100 value 1..100."""
    for top, where in LOCATION_TABLE:
        if value <= top:
            return where
    raise ValueError(f"d100 value {value} is not 1..100")


def reverse(value: int) -> int:
    """[WF-LOC] swap the tens and units of a d100 result (37 → 73; 100 is 00 → 00; 10 →
    01)."""
    tens, units = divmod(value % 100, 10)
    return units * 10 + tens or 100


def convert(book: Rulebook, spec: FigureSpec, stats: Stats,
            native: Mapping[str, Any] | None = None) -> WfProfile:
    """[GAP-WF-1] §1.b from the race-modified Skirmish ``stats``; ``native`` overrides."""
    rank = Rank(spec.rank)
    kit = Counter(spec.equipment)
    arms = sum(n for e, n in kit.items() if book.equipment[e].slot == "arm")
    legs = sum(n for e, n in kit.items() if book.equipment[e].slot == "leg")
    f = clamp_percent(10 * stats.f + 5 + 10 * arms)
    profile = WfProfile(
        cc=clamp_percent(25 + 10 * (6 - stats.ccc)),
        ct=clamp_percent(25 + 10 * (6 - stats.ct)),
        f=f,
        e=clamp_percent(10 * stats.r + 5 + 10 * (arms + legs)),
        ag=clamp_percent(round(4 * stats.mvt + 10)),
        fm=clamp_percent(5 * stats.cd),
        int_=30, soc=30,
        a=2 if stats.ccc <= 4 else 1,
        b=3 * stats.pv,
        mvt=stats.mvt,
        esquive=ESQUIVE[rank],
        fortune=FORTUNE[rank],
        destin=DESTIN[rank],
        ap=armour_points(book, spec.equipment),
        weapons=weapons(book, spec, f // 10),
        left_hand=left_hand(book, spec),
    )
    if not native:
        return profile
    block = parse_native(native, Native)
    return msgspec.structs.replace(profile, **named_fields(block, Native.__struct_fields__))


def armour_points(book: Rulebook, equipment: tuple[str, ...] | list[str]) -> dict[str, int]:
    """[GAP-WF-16] light armour 1 AP on body, arms and legs (head 0); heavy 2 AP on all six
    locations; a shield or rondache gives no AP (its free parry instead)."""
    slots = {book.equipment[e].id for e in equipment if book.equipment[e].slot == "armour"}
    if "heavy_armour" in slots:
        return dict.fromkeys(LOCATIONS, 2)
    if "light_armour" in slots:
        return {loc: 0 if loc == "head" else 1 for loc in LOCATIONS}
    return dict.fromkeys(LOCATIONS, 0)


def weapons(book: Rulebook, spec: FigureSpec, bf: int) -> tuple[WfWeapon, ...]:
    """[GAP-WF-6] melee damage BF + (Force − 2); missile damage the Force, normal range PM,
    maximum 2 × PM; bare hands BF − 4 ([WF-UNARMED]), always there."""
    out: list[WfWeapon] = []
    for wid in spec.weapons:
        if wid in book.melee_weapons:
            m = book.melee_weapons[wid]
            out.append(WfWeapon(id=wid, ranged=False, damage=bf + m.force - 2, hands=m.hands))
        elif wid in book.ranged_weapons:
            r = book.ranged_weapons[wid]
            out.append(WfWeapon(id=wid, ranged=True, damage=r.force, hands=r.hands,
                                range=r.medium, max_range=2 * r.medium,
                                slow=r.reload == "slow", heavy=r.heavy, targets=r.targets,
                                blast=r.blast_radius))
    out.append(WfWeapon(id="", ranged=False, damage=bf - 4))
    return tuple(out)


def left_hand(book: Rulebook, spec: FigureSpec) -> LeftHand:
    """[WF-A-PARADE] what the left hand holds: a shield, a rondache, or a second one-handed
    melee weapon (each gives the free parry once a round); else nothing."""
    slots = {book.equipment[e].slot for e in spec.equipment}
    if "shield" in slots:
        return "shield"
    if "buckler" in slots:
        return "buckler"
    one_handed = [w for w in spec.weapons
                  if w in book.melee_weapons and book.melee_weapons[w].hands == 1]
    return "weapon" if len(one_handed) >= 2 else "none"


def cd_of(fm: int) -> int:
    """[GAP-WF-23] Cd = clamp(round(FM / 5), 2, 12): 11 / 8 / 6 for the ready-made ranks
    (halves round up)."""
    return max(2, min(12, (2 * fm + 5) // 10))
