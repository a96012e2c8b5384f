"""A figure's Clefs de l'Aube profile (RULESETS §3.b, §0.5 S2): converted from its
race-modified Skirmish profile, weapons and equipment, then overridden field by field by
the optional ``native.clefs_aube`` block of the warband entry."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Annotated, Any

import msgspec

from skirmish.content.models import Rank, Rulebook
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules.clefs_aube.content import tables
from skirmish.rules.frame.figure import Stats
from skirmish.rules.frame.native import (
    NativeProblem,
    first_problem,
    named_fields,
    override_weapons,
    parse_native,
)

RULESET = "clefs_aube"
ASPECTS = ("ph", "me", "my")
MOYENS = ("pu", "re", "ma", "pr", "ex", "pe")


class CaWeapon(msgspec.Struct, frozen=True, kw_only=True):
    """[CA-TOTALS] [CA-SHOOT] BA / BP / BD; a ranged weapon also has its three bands."""

    ba: int
    bp: int
    bd: int
    hands: int = 1
    short: float | None = None
    medium: float | None = None
    long: float | None = None


class CaProfile(msgspec.Struct, frozen=True, kw_only=True):
    """[CA-ASPECTS] [CA-MOYENS] [CA-NC] and the weapons and armour of §3.b."""

    ph: int
    me: int
    my: int
    pu: int
    re: int
    ma: int
    pr: int
    ex: int
    pe: int
    nc_melee: int
    nc_tir: int
    nc_evitement: int
    nc_volonte: int = 10
    be: int = 0
    shield_bp: int = 0
    tir_bonus: int = 0
    melee: dict[str, CaWeapon] = {}
    ranged: dict[str, CaWeapon] = {}


#: The bounds of a native block's values. An aspect starts at 5 to 15, up to 20 by the
#: creation dice, and rises with experience ([CA-ASPECTS], [CA-XP]); below 1 a figure
#: would be out of action before it moved (GAP-CA-9), above 30 every roll would need the
#: heroism levels, not offered (GAP-CA-19). Moyens normally run from −5 to +5
#: ([CA-MOYENS]), with room for race and equipment deltas; NC 0 to 20 ([CA-NC]). Armour,
#: shields and weapons keep to a few times the §3.b catalogue's largest values.
Aspect = Annotated[int, msgspec.Meta(ge=1, le=30)]
Moyen = Annotated[int, msgspec.Meta(ge=-10, le=10)]
Skill = Annotated[int, msgspec.Meta(ge=0, le=20)]
Bonus = Annotated[int, msgspec.Meta(ge=-10, le=10)]
Armour = Annotated[int, msgspec.Meta(ge=0, le=20)]
Damage = Annotated[int, msgspec.Meta(ge=0, le=40)]


class NativeWeapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    ba: Bonus | None = None
    bp: Bonus | None = None
    bd: Damage | None = None


class Native(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The ``native.clefs_aube`` block of a warband figure: any field it names wins."""

    ph: Aspect | None = None
    me: Aspect | None = None
    my: Aspect | None = None
    pu: Moyen | None = None
    re: Moyen | None = None
    ma: Moyen | None = None
    pr: Moyen | None = None
    ex: Moyen | None = None
    pe: Moyen | None = None
    nc_melee: Skill | None = None
    nc_tir: Skill | None = None
    nc_evitement: Skill | None = None
    nc_volonte: Skill | None = None
    be: Armour | None = None
    shield_bp: Armour | None = None
    tir_bonus: Bonus | None = None
    weapons: dict[str, NativeWeapon] = {}


def bc(nc: int) -> int:
    """[CA-BC] BC = NC − 10."""
    return nc - 10


def _nc(target: int, base_target: int) -> int:
    """[GAP-CA-24] the table ([GAP-CA-3] levels) is read on the rank's *base* target
    number, before race; race, trade and equipment then move it by the delta line, ±5 NC
    per step (cap 20), so a race's better CT and a trade's worse one both show (a Human
    Sous-fifre's CT 4+ gives NC tir 20, not the table's 15 for 4+)."""
    sl = tables().skill_levels
    base = sl.by_target[str(min(6, max(2, base_target)))]
    return max(0, min(sl.cap, base + sl.step * (base_target - target)))


def weapon_bd(force: int) -> int:
    """[GAP-CA-12] BD = 10 + ⌈2.5 × Force⌉."""
    w = tables().weapons
    return w.bd_base + math.ceil(w.bd_per_force * force)


def melee_weapon(force: int, hands: int) -> CaWeapon:
    """[GAP-CA-12] melee BA +1 (0 for Force ≤ 1); BP one-handed +1, two-handed −3."""
    w = tables().weapons
    weak = force <= w.weak_force
    return CaWeapon(
        ba=0 if weak else w.melee_ba,
        bp=0 if weak else (w.bp_two_handed if hands >= 2 else w.bp_one_handed),
        bd=weapon_bd(force), hands=hands,
    )


def unarmed() -> CaWeapon:
    """[GAP-CA-22]."""
    w = tables().weapons
    return CaWeapon(ba=w.unarmed_ba, bp=w.unarmed_bp, bd=w.unarmed_bd)


def convert(book: Rulebook, band: Warband, spec: FigureSpec, stats: Stats) -> CaProfile:
    """§3.b from the race-modified Skirmish ``stats`` (those the Skirmish rules use)."""
    t = tables()
    rank = Rank(spec.rank)
    base = book.profiles[rank]
    gift = t.ranks[rank.value]
    sights = sum(1 for e in spec.equipment if book.equipment[e].slot == "sight")
    ct_no_sight = stats.ct + sights  # the sighting device is an avantage here, not NC
    df, dr = stats.f - base.f, stats.r - base.r
    be = shield = tir = pu_eq = 0
    for e in spec.equipment:
        g = t.equipment.get(e)
        if g is not None:
            be, shield, tir, pu_eq = be + g.be, shield + g.bp, tir + g.tir, pu_eq + g.pu
    melee = {w: melee_weapon(book.melee_weapons[w].force, book.melee_weapons[w].hands)
             for w in spec.weapons if w in book.melee_weapons}
    ranged = {}
    for w in spec.weapons:
        if w in book.ranged_weapons:
            rw = book.ranged_weapons[w]
            ranged[w] = CaWeapon(ba=t.weapons.ranged_ba, bp=0, bd=weapon_bd(rw.force),
                                 short=rw.short, medium=rw.medium, long=rw.long)
    return CaProfile(
        ph=7 + stats.r + stats.pv // 2, me=stats.cd + 1, my=8,
        pu=gift.pu + df + pu_eq, re=gift.re + dr, ma=gift.ma, pr=gift.pr,
        ex=gift.ex - df, pe=gift.pe - dr,
        nc_melee=_nc(stats.ccc, base.ccc), nc_tir=_nc(ct_no_sight, base.ct),
        nc_evitement=gift.nc_evitement, be=be, shield_bp=shield, tir_bonus=tir,
        melee=melee, ranged=ranged,
    )


def apply_native(p: CaProfile, raw: Mapping[str, Any]) -> CaProfile:
    """Override converted values; [CA-MOYENS] constraints hold when the block sets moyens.
    A weapon is adjusted in the pool that holds it, melee first."""
    native = parse_native(raw, Native)
    fields = (k for k in CaProfile.__struct_fields__ if k not in ("melee", "ranged"))
    out = msgspec.structs.replace(p, **named_fields(native, fields))
    melee = {wid: nw for wid, nw in native.weapons.items() if wid in out.melee}
    ranged = {wid: nw for wid, nw in native.weapons.items() if wid not in out.melee}
    out = msgspec.structs.replace(out, melee=override_weapons(out.melee, melee),
                                  ranged=override_weapons(out.ranged, ranged))
    if any(getattr(native, m) is not None for m in MOYENS):
        _check_moyens(out)
    return out


def _check_moyens(p: CaProfile) -> None:
    """[CA-MOYENS] sum 0; Pu ≤ Ré + 5; Ma ≤ Pr + 5; Ex ≤ Pe + 5."""
    total = sum(getattr(p, m) for m in MOYENS)
    if total != 0:
        raise NativeProblem("moyens", f"the six moyens must sum to 0, not {total} [CA-MOYENS]")
    for a, b in (("pu", "re"), ("ma", "pr"), ("ex", "pe")):
        if getattr(p, a) > getattr(p, b) + 5:
            raise NativeProblem(a, f"{a} may be at most {b} + 5 [CA-MOYENS]")


def native_block(spec: FigureSpec) -> Mapping[str, Any] | None:
    return spec.native.get(RULESET)


def profile_for(book: Rulebook, band: Warband, spec: FigureSpec, stats: Stats) -> CaProfile:
    p = convert(book, band, spec, stats)
    raw = native_block(spec)
    return apply_native(p, raw) if raw is not None else p


def native_problem(book: Rulebook, band: Warband, spec: FigureSpec, stats: Stats
                   ) -> tuple[str, str] | None:
    """The first problem of ``spec``'s native block as (entry, problem), or None."""
    return first_problem(lambda: profile_for(book, band, spec, stats))
