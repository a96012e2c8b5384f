"""Every rulebook table against values typed here from RULES.md (not from the TOML)."""

from __future__ import annotations

import pytest

from skirmish.content.models import Rank, need_by_pattern
from skirmish.content.rulebook import faces, load_rulebook

RB = load_rulebook()
CHEF, SC, SF = Rank.CHEF, Rank.SOUS_CHEF, Rank.SOUS_FIFRE


def test_load_rulebook_is_cached():
    assert load_rulebook() is RB


# --------------------------------------------------------------- §2 base profiles

# Type | Mvt | Cd | CT | CCC | F | R | PV | Coût  (RULES.md [R-BAND-PROFILE])
BASE_PROFILES = {
    CHEF: ("Chef", 9, 11, 3, 4, 5, 4, 4, 50),
    SC: ("Sous chef", 8, 8, 4, 5, 4, 3, 3, 25),
    SF: ("Sous fifre", 6, 6, 5, 6, 3, 2, 2, 10),
}


@pytest.mark.parametrize("rank", list(Rank))
def test_base_profiles_R_BAND_PROFILE(rank):
    p = RB.profiles[rank]
    name_fr, mvt, cd, ct, ccc, f, r, pv, cost = BASE_PROFILES[rank]
    assert (p.name_fr, p.mvt, p.cd, p.ct, p.ccc, p.f, p.r, p.pv, p.cost) == (
        name_fr, mvt, cd, ct, ccc, f, r, pv, cost)
    assert p.rank is rank
    assert "R-BAND-PROFILE" in p.rule


def test_races_present_R_RACE_OPT():
    assert set(RB.races) == {"none", "human", "ork", "goblin", "elf", "dwarf", "rat_men", "alien"}
    assert RB.races["none"].changes == ()
    assert RB.races["alien"].changes == ()
    assert RB.races["rat_men"].ignores_difficult  # [R-RACE-RAT]
    assert not any(r.ignores_difficult for k, r in RB.races.items() if k != "rat_men")
    names = {k: r.name_fr for k, r in RB.races.items()}
    assert names["human"] == "Race humaine"
    assert names["ork"] == "Race ork"
    assert names["goblin"] == "Race gobeline"
    assert names["elf"] == "Race Elfique"
    assert names["dwarf"] == "Race Naine"
    assert names["rat_men"] == "Race des hommes-rats"
    assert names["alien"] == "Race Alien non-définie"


# --------------------------------------------------------------- §11 ranged weapons

# id: (name_fr, PC, PM, PL, Force, Cibles (None = "x"), reload, Coût)  [R-WPN-RANGED]
RANGED = {
    "pistol": ("Pistolet (moderne, 1er gratuit)", 6, 12, 18, 3, 1, "fast", 10),
    "black_powder_pistol": ("Pistolet à poudre noire", 4, 8, 12, 4, 1, "slow", 10),
    "rifle": ("Fusil", 10, 20, 30, 4, 1, "fast", 20),
    "black_powder_rifle": ("Fusil à poudre noire", 8, 16, 24, 5, 1, "slow", 20),
    "bow": ("Arc", 10, 20, 30, 3, 1, "fast", 10),
    "crossbow": ("Arbalète", 15, 30, 45, 5, 1, "slow", 30),
    "machine_pistol": ("Pistolet mitrailleur", 6, 12, 18, 3, 3, "fast", 30),
    "submachine_gun": ("Mitraillette", 10, 20, 30, 4, 3, "fast", 35),
    "assault_rifle": ("Fusil d’assaut", 10, 20, 30, 4, 5, "fast", 40),
    "machine_gun": ("Mitrailleuse", 15, 20, 25, 5, 5, "fast", 45),
    "grenade": ("Grenade (Rayon 5 pas)", 3, 5, 8, 10, None, "fast", 20),
    "grenade_launcher_fast": ("Lance-grenade (rapide)", 10, 20, 30, 8, None, "fast", 30),
    "grenade_launcher_slow": ("Lance-grenade (lent)", 10, 20, 30, 8, None, "slow", 30),
    "bazooka": ("Bazooka (Rayon 5 pas)", 15, 30, 45, 10, None, "slow", 50),
    "cannon": ("Canon (à poudre) (Rayon 3 pas)", 30, 40, 50, 10, None, "slow", 80),
    "howitzer": ("Obusier (Rayon 5 pas)", 50, 60, 70, 10, None, "slow", 100),
}
BLAST_RADIUS = {"grenade": 5, "grenade_launcher_fast": 3, "grenade_launcher_slow": 3,
                "bazooka": 5, "cannon": 3, "howitzer": 5}  # [R-WPN-BLAST]
HEAVY = {"machine_gun", "bazooka", "cannon", "howitzer"}  # GAP-18 a
ONE_HANDED = {"pistol", "black_powder_pistol", "machine_pistol", "grenade"}  # GAP-28 a
MISFIRE = {  # GAP-34, GAP-35, GAP-37, GAP-38
    "pistol": "jam", "black_powder_pistol": "black_powder", "rifle": "jam",
    "black_powder_rifle": "black_powder", "bow": "none", "crossbow": "none",
    "machine_pistol": "jam", "submachine_gun": "jam", "assault_rifle": "jam",
    "machine_gun": "jam", "grenade": "jam", "grenade_launcher_fast": "jam",
    "grenade_launcher_slow": "jam", "bazooka": "jam", "cannon": "black_powder",
    "howitzer": "miss",
}
ARTILLERY = {"cannon", "howitzer"}  # GAP-38 a
LIMITED_AMMO = {"grenade", "grenade_launcher_fast", "grenade_launcher_slow", "bazooka"}  # GAP-69


def test_ranged_catalogue_complete_R_WPN_RANGED():
    assert set(RB.ranged_weapons) == set(RANGED)


@pytest.mark.parametrize("wid", sorted(RANGED))
def test_ranged_weapon_row_R_WPN_RANGED(wid):
    w = RB.ranged_weapons[wid]
    name_fr, pc, pm, pl, force, targets, reload, cost = RANGED[wid]
    assert (w.name_fr, w.short, w.medium, w.long, w.force, w.targets, w.reload, w.cost) == (
        name_fr, pc, pm, pl, force, targets, reload, cost)
    assert w.id == wid and w.name_en
    assert w.blast_radius == BLAST_RADIUS.get(wid)
    assert w.is_blast == (wid in BLAST_RADIUS)
    assert w.heavy == (wid in HEAVY)
    assert w.hands == (1 if wid in ONE_HANDED else 2)
    assert w.misfire == MISFIRE[wid]
    assert w.artillery == (wid in ARTILLERY)
    assert w.limited_ammo == (wid in LIMITED_AMMO)
    assert w.rule.startswith("R-WPN-RANGED")


def test_pa_cost_R_ACT_SHOOT_SLOW_GAP_17_18_19():
    """[R-ACT-SHOOT-SLOW]"""
    pa = {wid: w.pa_cost for wid, w in RB.ranged_weapons.items()}
    assert pa["bow"] == 1  # GAP-17 a: the table wins
    assert pa["machine_gun"] == 2  # heavy though Rapide (GAP-18 a)
    assert pa["grenade_launcher_fast"] == 1 and pa["grenade_launcher_slow"] == 2  # GAP-19 a
    assert {w for w, n in pa.items() if n == 2} == {
        "black_powder_pistol", "black_powder_rifle", "crossbow", "machine_gun",
        "grenade_launcher_slow", "bazooka", "cannon", "howitzer"}
    assert "GAP-19" in RB.ranged_weapons["grenade_launcher_slow"].rule


def test_free_first_pistol_R_BAND_FREE_GAP_4():
    """[R-WPN-FREE]"""
    """[R-BAND-FREE]"""
    free = {wid: w.free_first_in for wid, w in RB.ranged_weapons.items() if w.free_first_in}
    assert free == {"pistol": frozenset({"modern", "post-apocalyptic"})}


# --------------------------------------------------------------- §11 melee weapons

# id: (name_fr, Mains, Force, Coût)  [R-WPN-MELEE]
MELEE = {
    "dagger": ("Dague (1ère gratuite)", 1, 1, 2),
    "club": ("Matraque - Gourdin", 1, 1, 3),
    "sword": ("Epée", 1, 2, 5),
    "axe": ("Hache une main", 1, 2, 5),
    "mace": ("Masse d’arme", 1, 2, 8),
    "morning_star": ("Mörgensten (étoile du matin)", 1, 3, 10),
    "two_handed_sword": ("Epée à deux mains", 2, 3, 10),
    "two_handed_axe": ("Hache à deux mains", 2, 4, 10),
    "double_morning_star": ("Double Mörgensten", 1, 4, 20),
    "two_handed_mace": ("Masse d’arme à deux mains", 2, 5, 16),
    "pike": ("Pique", 2, 2, 5),
    "spear": ("Lance", 2, 3, 5),
    "halberd": ("Hallebarde", 2, 4, 10),
    "small_chainsaw": ("Petite Tronçonneuse", 1, 3, 10),
    "large_chainsaw": ("Grande tronçonneuse", 2, 4, 15),
    "power_sword": ("Epée énergétique", 1, 4, 15),
    "two_handed_power_sword": ("Epée énergétique à deux mains", 2, 5, 20),
    "chain_axe": ("Hache tronçonneuse", 1, 4, 15),
    "two_handed_chain_axe": ("Hache tronçonneuse à deux mains", 2, 5, 20),
    "power_axe": ("Hache énergétique", 1, 5, 20),
    "two_handed_power_axe": ("Hache énergétique à deux mains", 2, 6, 25),
    "laser_sword": ("Epée laser", 1, 7, 50),
}


def test_melee_catalogue_complete_R_WPN_MELEE():
    assert set(RB.melee_weapons) == set(MELEE)
    assert not set(RB.melee_weapons) & set(RB.ranged_weapons)


@pytest.mark.parametrize("wid", sorted(MELEE))
def test_melee_weapon_row_R_WPN_MELEE(wid):
    w = RB.melee_weapons[wid]
    assert (w.name_fr, w.hands, w.force, w.cost) == MELEE[wid]
    assert w.free_first == (wid == "dagger")  # [R-BAND-FREE] GAP-4
    assert w.rule.startswith("R-WPN-MELEE") and w.name_en


# --------------------------------------------------------------- §12 equipment

# id: (name_fr, cost, max per figure, R, F (melee), CT improvement)  [R-EQ-*], GAP-14, GAP-28
EQUIPMENT = {
    "cyber_arm": ("Bras techno-organique ou cybernétique", 20, 2, 1, 1, 0),
    "cyber_leg": ("Jambe techno-organique ou cybernétique", 30, 2, 1, 0, 0),
    "light_armour": ("Armure légère", 30, 1, 1, 0, 0),
    "heavy_armour": ("Armure lourde", 50, 1, 2, 0, 0),
    "shield": ("Bouclier", 30, 1, 1, 0, 0),
    "buckler": ("Rondache / protège avant-bras / bracelets renforcés", 10, 2, 0, 0, 0),
    "sight": ("Organe de visée (lunette, pointeur laser, œil cybernétique ou magique, etc…)",
              10, 1, 0, 0, 1),
    "rope": ("Corde et grappin", 20, 1, 0, 0, 0),
    "medikit": ("Médikit, potion de soin, parchemin de soins, etc.", 10, 1, 0, 0, 0),
}


@pytest.mark.parametrize("eid", sorted(EQUIPMENT))
def test_equipment_row_R_EQ(eid):
    e = RB.equipment[eid]
    assert (e.name_fr, e.cost, e.max_count, e.r, e.f_melee, e.ct_improve) == EQUIPMENT[eid]
    assert e.rule.startswith("R-EQ-") and e.name_en


def test_equipment_catalogue_and_slots_GAP_28():
    assert set(RB.equipment) == set(EQUIPMENT)
    leg = RB.equipment["cyber_leg"]
    assert leg.pair_ignores_difficult and leg.pair_mvt == 2  # [R-EQ-CYBERLEG]
    assert "GAP-14" in RB.equipment["medikit"].rule
    slots = {k: s.max_count for k, s in RB.equipment_slots.items()}
    assert slots == {"arm": 2, "leg": 2, "armour": 1, "shield": 1, "buckler": 2, "sight": 1,
                     "rope": 1, "medikit": 1}
    assert RB.equipment["light_armour"].slot == RB.equipment["heavy_armour"].slot == "armour"


# --------------------------------------------------------------- §8 damage table

# R \ F 1..10, typed from RULES.md [R-DMG-TABLE]
DAMAGE = """
4 4 3 3 2 2 2 2 2 2
4 4 4 3 3 2 2 2 2 2
5 4 4 4 3 3 2 2 2 2
5 5 4 4 4 3 3 2 2 2
6 5 5 4 4 4 3 3 2 2
6 6 5 5 4 4 4 3 3 2
6 6 6 5 5 4 4 4 3 3
6 6 6 6 5 5 4 4 4 3
6 6 6 6 6 5 5 4 4 4
6 6 6 6 6 6 5 5 4 4
"""
DAMAGE_ROWS = [[int(x) for x in line.split()] for line in DAMAGE.strip().splitlines()]
CELLS = [(r, f) for r in range(1, 11) for f in range(1, 11)]


@pytest.mark.parametrize(("r", "f"), CELLS)
def test_damage_table_R_DMG_TABLE(r, f):
    assert RB.damage.need(f, r) == DAMAGE_ROWS[r - 1][f - 1]
    assert RB.damage.rows[r - 1][f - 1] == DAMAGE_ROWS[r - 1][f - 1]


def test_damage_table_follows_its_pattern_R_DMG_TABLE():
    """§8 Informative: every cell follows d = F − R, which is what GAP-50 extends."""
    for r, f in CELLS:
        assert need_by_pattern(f - r) == DAMAGE_ROWS[r - 1][f - 1]


@pytest.mark.parametrize(("f", "r", "need"), [
    (12, 3, 2),   # Chef F 5 + Epée laser 7 (GAP-50's example)
    (11, 10, 4),  # d = 1
    (13, 10, 3),  # d = 3
    (14, 10, 2),  # d = 4
    (10, 11, 4),  # R > 10, d = -1
    (10, 12, 5),  # d = -2
    (10, 14, 6),  # d = -4
    (1, 0, 4),    # R 0: d = 1 (a charged Rat-men Sous-fifre)
    (3, 0, 3),    # d = 3
    (4, 0, 2),    # d = 4
    (1, -1, 3),   # R below 0, d = 2
    (0, 3, 5),    # F 0, d = -3
    (0, 4, 6),    # d = -4
    (20, 1, 2),
    (1, 20, 6),
])
def test_damage_table_extension_GAP_50(f, r, need):
    assert RB.damage.need(f, r) == need


# --------------------------------------------------------------- §10 victory points

def test_victory_points_R_VP_TABLE_GAP_58():
    """[R-VP-TABLE]"""
    vp = RB.victory_points
    assert vp.out_of_action == {CHEF: 10, SC: 8, SF: 5}
    assert vp.dead == {CHEF: 15, SC: 10, SF: 8}
    ev = vp.events
    assert ev["chef_out_of_action"].name_fr == "Un chef ennemi mis hors de combat"
    assert ev["chef_dead"].name_fr == "Un chef ennemi tué"
    assert ev["sous_chef_out_of_action"].name_fr == "Un sous chef mis hors de combat"
    assert ev["sous_chef_dead"].name_fr == "Un chef ennemi mis tué"  # GAP-58 a
    assert "GAP-58" in ev["sous_chef_dead"].rule
    assert ev["sous_fifre_out_of_action"].name_fr == "Un sous fifre mis hors de combat"
    assert ev["sous_fifre_dead"].name_fr == "Un sous fifre tué"


# --------------------------------------------------------------- §13 campaign tables

def test_experience_awards_R_CAMP_XP():
    xp = {k: (a.xp, a.actor, a.victim) for k, a in RB.experience.items()}
    assert xp == {
        "survived": (1, None, None),
        "out_of_action_survived": (1, None, None),
        "sous_fifre_vs_sous_chef": (1, SF, SC),
        "sous_fifre_vs_chef": (2, SF, CHEF),
        "sous_chef_vs_chef": (1, SC, CHEF),
        "chef_vs_chef": (1, CHEF, CHEF),
        "winning_band_survivor": (1, None, None),
        "survives_against_all_odds": (1, None, None),
    }
    assert all(a.rule.startswith("R-CAMP-XP") for a in RB.experience.values())


def test_return_roll_R_CAMP_RET_SF():
    t = RB.tables["return_sous_fifre"]
    assert t.dice == "d6"
    assert [t.lookup(n).result for n in range(1, 7)] == ["dead"] * 2 + ["returns"] * 4


def test_return_tables_by_rank_R_CAMP_RET_HERO():
    assert RB.return_tables == {CHEF: "serious_injury", SC: "serious_injury",
                                SF: "return_sous_fifre"}


# D66: (result id, name_fr, rule) typed from RULES.md §13.4 for all 36 results.
_D66_RANGES = [
    ((11, 12, 13, 14, 15), "dead", "Mort", "R-CAMP-INJ-11"),
    ((16, 21), "multiple_injuries", "Blessures Multiples", "R-CAMP-INJ-16"),
    ((22,), "leg_wound", "Blessé à la jambe", "R-CAMP-INJ-22"),
    ((23,), "arm_wound", "Blessé au Bras", "R-CAMP-INJ-23"),
    ((24,), "madness", "Folie", "R-CAMP-INJ-24"),
    ((25,), "nervous_trauma", "Traumatisme nerveux", "R-CAMP-INJ-25"),
    ((26,), "reroll", "Relancez", "R-CAMP-INJ-26"),
    ((31,), "lose_an_eye", "Perdre un œil", "R-CAMP-INJ-31"),
    ((32,), "old_war_wound", "Vieille Blessure de Guerre", "R-CAMP-INJ-32"),
    ((33,), "dodgy_potion_seller", "Le Vendeur de potions louches", "R-CAMP-INJ-33"),
    ((34,), "hand_wound", "Blessé à la main", "R-CAMP-INJ-34"),
    ((35,), "deep_wound", "Blessure profonde", "R-CAMP-INJ-35"),
    ((36,), "robbed", "Dévalisé", "R-CAMP-INJ-36"),
    ((41, 42, 43, 44, 45, 46, 51, 52, 53, 54, 55, 56), "full_recovery", "Guérison Complète",
     "R-CAMP-INJ-41"),
    ((61,), "bitter_hatred", "Haine implacable", "R-CAMP-INJ-61"),
    ((62,), "captured", "Capturé", "R-CAMP-INJ-62"),
    ((63, 64), "hardened", "Endurci", "R-CAMP-INJ-63"),
    ((65,), "judged", "Jugé", "R-CAMP-INJ-65"),
    ((66,), "survives_against_all_odds", "Survit contre toute probabilité", "R-CAMP-INJ-66"),
]
D66 = {roll: (rid, fr, rule) for rolls, rid, fr, rule in _D66_RANGES for roll in rolls}


def test_d66_typed_table_has_36_results():
    assert sorted(D66) == sorted(faces("d66")) and len(D66) == 36


@pytest.mark.parametrize("roll", sorted(D66))
def test_serious_injury_R_CAMP_RET_HERO(roll):
    row = RB.tables["serious_injury"].lookup(roll)
    rid, name_fr, rule = D66[roll]
    assert (row.result, row.name_fr) == (rid, name_fr)
    assert row.rule.split()[0] == rule


def test_serious_injury_changes_R_CAMP_INJ_22_25_31_34():
    """[R-CAMP-INJ-22]"""
    t = {r.result: r for r in RB.tables["serious_injury"].rows}
    def one(result):
        (ch,) = t[result].changes
        return ch.stat, ch.op, ch.value
    assert one("leg_wound") == ("mvt", "add", -1)
    assert one("nervous_trauma") == ("cd", "add", -1)
    assert one("lose_an_eye") == ("ct", "improve", -1)  # 3+ becomes 4+
    assert one("hand_wound") == ("ccc", "improve", -1)
    assert RB.tables["serious_injury"].dice == "d66"


def test_potion_R_CAMP_POTION():
    t = RB.tables["potion"]
    assert t.dice == "d6"
    got = [t.lookup(n).result for n in range(1, 7)]
    assert got == ["worse", "worse", "coloured_water", "coloured_water", "coloured_water",
                   "beneficial"]


def test_judgement_R_CAMP_JUDGE():
    t = RB.tables["judgement"]
    assert t.dice == "d6"
    got = [t.lookup(n).result for n in range(1, 7)]
    assert got == ["merciless_judge"] + ["fine"] * 4 + ["acquitted"]
    assert t.lookup(1).name_fr == "Juge impitoyable"
    assert t.lookup(3).name_fr == "Amende"
    assert t.lookup(6).name_fr == "Acquitté"


def test_advancement_GAP_62():
    t = RB.tables["advancement"]
    assert t.dice == "2d6"
    expected = {2: ("pv", "add"), 3: ("pv", "add"), 4: ("ccc", "improve"),
                5: ("ccc", "improve"), 6: ("ct", "improve"), 7: ("ct", "improve"),
                8: ("ct", "improve"), 9: ("cd", "add"), 10: ("cd", "add"), 11: ("f", "add"),
                12: ("mvt", "add")}
    for roll, (stat, op) in expected.items():
        (ch,) = t.lookup(roll).changes
        assert (ch.stat, ch.op, ch.value) == (stat, op, 1)
        assert "GAP-62" in t.lookup(roll).rule


@pytest.mark.parametrize("table", ["return_sous_fifre", "serious_injury", "potion",
                                   "judgement", "advancement"])
def test_roll_tables_cover_every_face_once(table):
    t = RB.tables[table]
    for face in faces(t.dice):
        assert sum(r.low <= face <= r.high for r in t.rows) == 1


def test_every_entry_cites_a_rule():
    entries = [*RB.profiles.values(), *RB.races.values(), *RB.alien_trades.values(),
               *RB.ranged_weapons.values(), *RB.melee_weapons.values(),
               *RB.equipment.values(), *RB.experience.values(),
               *RB.victory_points.events.values(), *RB.equipment_slots.values()]
    entries += [row for t in RB.tables.values() for row in t.rows]
    for e in entries:
        assert e.rule.startswith(("R-", "GAP-")), e
