"""A figure's Clé en main profile (RULESETS §2.b, §0.5 S2): converted from its
race-modified Skirmish profile, weapons and equipment, then overridden field by field by
the optional ``native.cle_en_main`` block of the warband entry.

Skills are the source's values ([CM-SKILLS]); what equipment or training adds or takes
off at a test (armour, shield, sighting device) stays apart, because a tie in an
opposition is broken by the skill alone ([CM-OPPOSE]).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Protocol

import msgspec

from skirmish.content.models import Rank, Rulebook
from skirmish.content.warband import FigureSpec
from skirmish.rules.cle_en_main.content import Category, Tier, Training, force_band, tables
from skirmish.rules.cle_en_main.options import CemOptions
from skirmish.rules.frame.figure import Stats
from skirmish.rules.frame.native import (
    NativeProblem,
    first_problem,
    named_fields,
    override_weapons,
    parse_native,
)

RULESET = "cle_en_main"

#: [CM-BOSS] the four categories and, apart, the specific skills the table reads, each
#: with its category (Combat has its own formulas, §2.b).
SPECIFIC: dict[str, str] = {
    "defence": "physique", "resistance": "physique", "muscles": "physique",
    "acrobatie": "physique", "reflexes": "habilete", "soins": "habilete",
    "volonte": "mental",
}
#: [CM-ARMOUR] the physical skills a war armour worn untrained hampers ([CM-BOSS] Physique).
PHYSICAL = frozenset({"combat_melee", "combat_tir", "defence", "resistance", "muscles",
                      "acrobatie"})


class CmWeapon(msgspec.Struct, frozen=True, kw_only=True):
    """[CM-WPN-PARAMS] [CM-RANGED]: damage dice (0 = the damage bonus alone), category,
    range in pas (None: melee only), Cibles multiples, Zone radius in pas, 6+."""

    dice: int
    category: Category
    melee: bool
    range: float | None = None
    targets: int = 2
    zone: float | None = None
    six_plus: bool = False
    #: The source's weapon this one is read as ([CM-WEAPONS]), or "" when by Force.
    source: str = ""


class CmProfile(msgspec.Struct, frozen=True, kw_only=True):
    """The §2.b schema (monitor and mal en point are figure state, ``state.py``)."""

    tier: Tier
    pj_rules: bool
    physique: int
    habilete: int
    social: int
    mental: int
    combat_melee: int
    combat_tir: int
    defence: int
    resistance: int
    muscles: int
    acrobatie: int
    reflexes: int
    soins: int
    volonte: int
    melee_bonus: int
    ranged_bonus: int
    trainings: tuple[Training, ...]
    weapons: dict[str, CmWeapon]
    protection: int
    #: Défense against melee from a shield or rondache ([CM-MODS], GAP-CM-9).
    shield: int = 0
    #: Combat (tir) from a sighting device.
    sight: int = 0
    #: A war or heavy armour worn: "war" / "heavy" / "".
    armour: Literal["", "war", "heavy"] = ""
    vitality: int
    heroism: int
    atouts: tuple[str, ...] = ()
    #: [CM-SURPRISE] [GAP-CM-11] the scenario surprises it: in round 1 it neither acts nor
    #: defends. Set only by a native block; unset, it is left out of the state's encoding
    #: (the hashes of games without it stay as they were).
    surprised: bool | msgspec.UnsetType = msgspec.UNSET

    def trained(self, training: Training) -> bool:
        return training in self.trainings

    def armour_malus(self) -> int:
        """[CM-ARMOUR] war armour −2 unless trained; heavy −4 (−2 with war training)."""
        if self.armour == "war":
            return 0 if self.trained("war_armour") else -2
        if self.armour == "heavy":
            if self.trained("heavy_armour"):
                return 0
            return -2 if self.trained("war_armour") else -4
        return 0

    def skill(self, name: str) -> int:
        return int(getattr(self, name))

    def test_value(self, name: str) -> int:
        """The skill with what the figure's armour takes off physical tests."""
        return self.skill(name) + (self.armour_malus() if name in PHYSICAL else 0)


def weapon_penalties(p: CmProfile, w: CmWeapon) -> int:
    """[CM-WPN-PARAMS] the mandatory Difficulté count of a weapon in these hands (each
    comes with a mandatory Risque): war untrained 1; heavy untrained 2, with only the war
    training 1 ("Difficile" read as Difficulté, GAP-CM-24)."""
    if w.category == "war":
        return 0 if p.trained("war_weapons") else 1
    if w.category == "heavy":
        if p.trained("heavy_weapons"):
            return 0
        return 1 if p.trained("war_weapons") else 2
    return 0


def pj_rules(tier: Tier, rank: Rank, o: CemOptions) -> bool:
    """[GAP-CM-1] who plays with the PJ rules (heroism, mal en point)."""
    if o.cem_tiers == "all_npc":
        return False
    if o.cem_tiers == "chefs_pj":
        return rank in (Rank.CHEF, Rank.SOUS_CHEF)
    return tier == "boss"


def vitality(rank: Rank, o: CemOptions) -> int:
    """[GAP-CM-2] vitality by rank."""
    return {Rank.CHEF: o.cem_vitality_chef, Rank.SOUS_CHEF: o.cem_vitality_sous_chef,
            Rank.SOUS_FIFRE: o.cem_vitality_sous_fifre}[rank]


def weapon(book: Rulebook, wid: str, o: CemOptions) -> CmWeapon:
    """[GAP-CM-8] a Skirmish weapon read as the source's by name, else by its Force."""
    t = tables()
    scale = 1 / o.metres_per_pas
    source = t.name_match.get(wid)
    if source is not None:
        sw = t.source_weapons[source]
        return CmWeapon(
            dice=sw.dice, category=sw.category, melee=wid in book.melee_weapons,
            range=sw.range_m * scale if sw.range_m is not None else None,
            targets=max(2, sw.targets), zone=sw.zone_m * scale if sw.zone_m else None,
            six_plus=sw.six_plus, source=sw.name)
    if wid in book.melee_weapons:
        band = force_band(t.force_melee, book.melee_weapons[wid].force)
        return CmWeapon(dice=band.dice, category=band.category, melee=True)
    rw = book.ranged_weapons[wid]
    band = force_band(t.force_ranged, rw.force)
    blast = rw.targets is None
    return CmWeapon(dice=band.dice, category=band.category, melee=False, range=rw.long,
                    targets=max(2, rw.targets or 1), zone=rw.blast_radius if blast else None,
                    six_plus=blast)


class Base(Protocol):
    """The race-modified Skirmish characteristics §2.b reads (a content profile, or a
    figure's :func:`base_of`)."""

    @property
    def mvt(self) -> float: ...

    @property
    def cd(self) -> int: ...

    @property
    def ct(self) -> int: ...

    @property
    def ccc(self) -> int: ...

    @property
    def f(self) -> int: ...

    @property
    def r(self) -> int: ...


class Read(msgspec.Struct, frozen=True, kw_only=True):
    mvt: float
    cd: int
    ct: int
    ccc: int
    f: int
    r: int


def base_of(book: Rulebook, spec: FigureSpec, stats: Stats) -> Read:
    """A figure's game characteristics (race, trade, injuries, equipment) without what its
    equipment gives, which §2.b converts on its own: a sighting device's CT (it is +2
    Combat (tir)) and a pair of cybernetic legs' Mvt (they move the figure, they do not
    make it more skilled)."""
    counts = Counter(spec.equipment)
    ct = stats.ct + sum(book.equipment[e].ct_improve * n for e, n in counts.items())
    mvt = stats.mvt - sum(book.equipment[e].pair_mvt for e, n in counts.items() if n >= 2)
    return Read(mvt=mvt, cd=stats.cd, ct=ct, ccc=stats.ccc, f=stats.f, r=stats.r)


def convert(book: Rulebook, spec: FigureSpec, prof: Base, o: CemOptions) -> CmProfile:
    """§2.b from the race-modified Skirmish profile ``prof`` [GAP-CM-1] [GAP-CM-2]."""
    t = tables()
    rank = Rank(spec.rank)
    row = t.ranks[rank.value]
    physique, habilete, mental = 2 * prof.r, int(prof.mvt) - 1, prof.cd - 2
    cats = {"physique": physique, "habilete": habilete, "mental": mental}
    armour = protection = shield = sight = bonus = 0
    kind: Literal["", "war", "heavy"] = ""
    for eid in spec.equipment:
        g = t.equipment.get(eid)
        if g is None:
            continue
        if g.armour > armour:
            armour, kind = g.armour, "war" if g.war_armour else ""
        protection += g.protection
        if o.cem_shield == "protection":
            protection += g.shield_protection
        else:
            shield += g.defence_melee
        sight += g.combat_tir
        bonus += g.melee_bonus
    pj = pj_rules(row.tier, rank, o)
    return CmProfile(
        tier=row.tier, pj_rules=pj, physique=physique, habilete=habilete,
        social=prof.cd - 2, mental=mental,
        combat_melee=2 * (8 - prof.ccc), combat_tir=2 * (8 - prof.ct),
        **{k: cats[c] for k, c in SPECIFIC.items()},
        melee_bonus=prof.f - 2 + bonus, ranged_bonus=0,
        trainings=row.trainings if o.cem_training == "rank" else (),
        weapons={w: weapon(book, w, o) for w in dict.fromkeys(spec.weapons)},
        protection=armour + protection, shield=shield, sight=sight, armour=kind,
        vitality=vitality(rank, o),
        heroism=o.cem_heroism_chef if pj else 0,
    )


# -- the native block (S2) -----------------------------------------------------------------
#: Bounds of a native block's values: skills run 0 (none) to 20 (above 10 is first-rate,
#: [CM-SKILLS]; 20 leaves room for a legend); vitality 1 to 50 (the source's bosses have
#: up to about 40 for 5 PCs); heroism to 20 (10 per scenario, +1 per scenario of XP).
Skill = Annotated[int, msgspec.Meta(ge=0, le=20)]
Bonus = Annotated[int, msgspec.Meta(ge=-5, le=10)]
Dice = Annotated[int, msgspec.Meta(ge=0, le=6)]
Pas = Annotated[float, msgspec.Meta(ge=0, le=200)]


class NativeWeapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    dice: Dice | None = None
    category: Category | None = None
    range: Pas | None = None
    targets: Annotated[int, msgspec.Meta(ge=2, le=10)] | None = None
    zone: Pas | None = None
    six_plus: bool | None = None


class Native(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The ``native.cle_en_main`` block of a warband figure: any field it names wins; a
    category it sets is the value of every skill of that category it does not set."""

    physique: Skill | None = None
    habilete: Skill | None = None
    social: Skill | None = None
    mental: Skill | None = None
    combat_melee: Skill | None = None
    combat_tir: Skill | None = None
    defence: Skill | None = None
    resistance: Skill | None = None
    muscles: Skill | None = None
    acrobatie: Skill | None = None
    reflexes: Skill | None = None
    soins: Skill | None = None
    volonte: Skill | None = None
    melee_bonus: Bonus | None = None
    ranged_bonus: Bonus | None = None
    trainings: tuple[Training, ...] | None = None
    protection: Annotated[int, msgspec.Meta(ge=0, le=10)] | None = None
    vitality: Annotated[int, msgspec.Meta(ge=1, le=50)] | None = None
    heroism: Annotated[int, msgspec.Meta(ge=0, le=20)] | None = None
    surprised: bool | None = None
    weapons: dict[str, NativeWeapon] = {}


def apply_native(p: CmProfile, raw: Mapping[str, Any]) -> CmProfile:
    if "atouts" in raw:  # [CM-ATOUTS]: the sheets that define them are not in the source
        raise NativeProblem("atouts", "no atouts on this table (GAP-CM-25)")
    native = parse_native(raw, Native)
    changes: dict[str, Any] = {}
    for cat in ("physique", "habilete", "social", "mental"):
        value = getattr(native, cat)
        if value is not None:
            changes[cat] = value
            changes.update({k: value for k, c in SPECIFIC.items() if c == cat})
    changes.update(named_fields(native, (
        *SPECIFIC, "combat_melee", "combat_tir", "melee_bonus", "ranged_bonus",
        "trainings", "protection", "vitality", "heroism", "surprised")))
    if changes.get("heroism") and not p.pj_rules:
        raise NativeProblem("heroism", "only a figure with the PJ rules has heroism points "
                                       "(GAP-CM-1: the Chef, by default)")
    return msgspec.structs.replace(p, **changes,
                                   weapons=override_weapons(p.weapons, native.weapons))


def profile_for(book: Rulebook, spec: FigureSpec, prof: Base, o: CemOptions) -> CmProfile:
    p = convert(book, spec, prof, o)
    raw = spec.native.get(RULESET)
    return apply_native(p, raw) if raw is not None else p


def native_problem(book: Rulebook, spec: FigureSpec, prof: Base, o: CemOptions
                   ) -> tuple[str, str] | None:
    """The first problem of ``spec``'s native block as (entry, problem), or None."""
    return first_problem(lambda: profile_for(book, spec, prof, o))
