"""RULESETS §2.b: the conversion of a Skirmish figure ([CM-SKILLS] [CM-BOSS]
[CM-NPC-TIERS] [CM-VITALITY] [CM-HERO-POOL] [CM-WPN-PARAMS] [CM-WEAPONS] [CM-ARMOUR];
GAP-CM-1, 2, 3, 8, 9, 10) and the native override block (S2)."""

from __future__ import annotations

import pytest

from skirmish.rules.cle_en_main.options import CemOptions
from skirmish.rules.cle_en_main.profile import weapon_penalties
from skirmish.rules.frame.native import NativeProblem
from tests.rules.cle_en_main.helpers import profile

#: §2.b table: tier, Physique, Habileté, Social, Mental, Combat (mêlée), Combat (tir),
#: melee bonus, ranged bonus, vitality, heroism, trainings.
TABLE = {
    "chef": ("boss", 8, 8, 9, 9, 8, 10, 3, 0, 15, 4,
             ("war_weapons", "heavy_weapons", "war_armour")),
    "sous_chef": ("second", 6, 7, 6, 6, 6, 8, 2, 0, 10, 0, ("war_weapons", "war_armour")),
    "sous_fifre": ("figurant", 4, 5, 4, 4, 4, 6, 1, 0, 1, 0, ("war_weapons",)),
}


@pytest.mark.parametrize("rank", list(TABLE))
def test_conversion_table_by_rank_GAP_CM_1_GAP_CM_2_GAP_CM_3_GAP_CM_10(rank: str) -> None:
    p = profile(rank)
    got = (p.tier, p.physique, p.habilete, p.social, p.mental, p.combat_melee, p.combat_tir,
           p.melee_bonus, p.ranged_bonus, p.vitality, p.heroism, p.trainings)
    assert got == TABLE[rank]
    # [CM-BOSS] the specific skills read their category.
    assert (p.defence, p.resistance, p.muscles, p.acrobatie) == (p.physique,) * 4
    assert (p.reflexes, p.soins, p.volonte) == (p.habilete, p.habilete, p.mental)
    assert p.pj_rules == (rank == "chef")  # GAP-CM-1 (a): the Chef plays as a PJ


def test_race_modified_profile_is_converted_GAP_CM_2() -> None:
    """An ork Sous-fifre (R +1, CCC improved) converts from its race-modified profile."""
    p = profile("sous_fifre", race="ork")
    assert (p.physique, p.combat_melee) == (6, 6)


def test_tier_readings_GAP_CM_1() -> None:
    npc = profile("chef", options=CemOptions(cem_tiers="all_npc"))
    assert (npc.tier, npc.pj_rules, npc.heroism) == ("boss", False, 0)
    pjs = CemOptions(cem_tiers="chefs_pj", cem_heroism_chef=10)
    assert profile("sous_chef", options=pjs).pj_rules
    assert profile("sous_chef", options=pjs).heroism == 10  # GAP-CM-3 (b): 10
    assert not profile("sous_fifre", options=pjs).pj_rules


def test_vitality_and_training_options_GAP_CM_2_GAP_CM_10() -> None:
    o = CemOptions(cem_vitality_chef=20, cem_vitality_sous_fifre=3, cem_training="none")
    assert profile("chef", options=o).vitality == 20
    assert profile("sous_fifre", options=o).vitality == 3
    assert profile("chef", options=o).trainings == ()


def test_weapons_by_name_CM_WEAPONS_GAP_CM_8() -> None:
    p = profile("chef", ("pistol", "bow", "machine_pistol", "assault_rifle", "grenade",
                         "bazooka", "dagger", "axe", "sword", "two_handed_axe"))
    w = p.weapons
    assert (w["pistol"].dice, w["pistol"].category, w["pistol"].range) == (1, "standard", 20)
    assert (w["bow"].dice, w["bow"].category, w["bow"].range) == (2, "war", 20)
    assert w["machine_pistol"].targets == 3 and w["assault_rifle"].targets == 4
    assert w["assault_rifle"].range == 40
    assert (w["grenade"].zone, w["grenade"].six_plus, w["grenade"].range) == (3, True, 15)
    assert (w["bazooka"].dice, w["bazooka"].category, w["bazooka"].source) == (
        3, "heavy", "Lance roquettes")
    assert (w["dagger"].melee, w["dagger"].range, w["dagger"].source) == (True, 10, "Couteau")
    assert (w["axe"].dice, w["axe"].range) == (1, 5)
    assert (w["sword"].dice, w["sword"].category, w["sword"].range) == (2, "war", None)
    assert w["two_handed_axe"].source == "Hache d'armes"
    assert w["pistol"].targets == 2  # [CM-P-MULTI] two targets unless Cibles multiples


def test_weapons_by_force_GAP_CM_8() -> None:
    p = profile("chef", ("club", "mace", "morning_star", "halberd", "rifle", "crossbow",
                         "submachine_gun", "grenade_launcher_fast", "cannon"))
    w = p.weapons
    assert (w["club"].dice, w["club"].category) == (1, "standard")  # Force 1
    assert (w["mace"].dice, w["morning_star"].dice) == (2, 2)  # Force 2, 3: war
    assert (w["halberd"].dice, w["halberd"].category) == (3, "heavy")  # Force 4
    assert (w["rifle"].dice, w["rifle"].category, w["rifle"].range) == (2, "war", 30)
    assert (w["crossbow"].dice, w["crossbow"].range) == (2, 45)  # Force 5; range = PL
    assert w["submachine_gun"].targets == 3  # Cibles 3 → Cibles multiples 3
    gl = w["grenade_launcher_fast"]
    assert (gl.dice, gl.zone, gl.six_plus) == (3, 3, True)  # Force 8; blast → Zone, 6+
    assert w["cannon"].category == "heavy"


def test_range_in_metres_scaled_GAP_ALT_1() -> None:
    p = profile("chef", ("pistol", "rifle"), options=CemOptions(metres_per_pas=2.0))
    assert p.weapons["pistol"].range == 10  # 20 m at 2 m per pas
    assert p.weapons["rifle"].range == 30  # a Skirmish PL is already in pas


def test_weapon_trainings_CM_WPN_PARAMS_GAP_CM_24() -> None:
    """War untrained: Difficulté (with Risque); heavy: twice untrained, once with war."""
    chef = profile("chef", ("bazooka", "sword"))
    fifre = profile("sous_fifre", ("bazooka", "sword"))
    untrained = profile("sous_fifre", ("bazooka", "sword"),
                        options=CemOptions(cem_training="none"))
    assert weapon_penalties(chef, chef.weapons["bazooka"]) == 0
    assert weapon_penalties(fifre, fifre.weapons["bazooka"]) == 1
    assert weapon_penalties(fifre, fifre.weapons["sword"]) == 0
    assert weapon_penalties(untrained, untrained.weapons["bazooka"]) == 2
    assert weapon_penalties(untrained, untrained.weapons["sword"]) == 1


def test_armour_shield_and_gear_GAP_CM_9_CM_ARMOUR() -> None:
    light = profile("sous_fifre", equipment=("light_armour",))
    assert (light.protection, light.armour_malus()) == (2, 0)
    heavy = profile("sous_fifre", equipment=("heavy_armour",))
    assert (heavy.protection, heavy.armour) == (4, "war")
    assert heavy.armour_malus() == -2  # a Sous-fifre has no war-armour training
    assert heavy.test_value("defence") == heavy.defence - 2
    assert heavy.test_value("volonte") == heavy.volonte  # a mental test is not hampered
    assert profile("sous_chef", equipment=("heavy_armour",)).armour_malus() == 0
    both = profile("chef", equipment=("light_armour", "heavy_armour"))
    assert both.protection == 4  # [CM-ARMOUR] protections do not stack: the best
    kit = profile("chef", equipment=("shield", "sight", "cyber_arm", "light_armour"))
    assert (kit.shield, kit.sight, kit.melee_bonus, kit.protection) == (2, 2, 4, 3)
    assert profile("chef", equipment=("buckler",)).shield == 1
    as_protection = profile("chef", equipment=("shield", "light_armour"),
                            options=CemOptions(cem_shield="protection"))
    assert (as_protection.shield, as_protection.protection) == (0, 3)  # GAP-CM-9 (b)


def test_native_block_overrides_S2() -> None:
    p = profile("sous_fifre", ("sword",), native={
        "physique": 7, "defence": 9, "vitality": 3, "trainings": ["heavy_weapons"],
        "weapons": {"sword": {"dice": 3, "six_plus": True}}})
    assert (p.physique, p.resistance, p.muscles, p.defence) == (7, 7, 7, 9)
    assert (p.vitality, p.trainings) == (3, ("heavy_weapons",))
    assert (p.weapons["sword"].dice, p.weapons["sword"].six_plus) == (3, True)
    assert profile("chef", native={"heroism": 8}).heroism == 8


@pytest.mark.parametrize(("native", "entry", "words"), [
    ({"weapons": {"bow": {"dice": 2}}}, "weapons.bow", "does not carry"),
    ({"heroism": 2}, "heroism", "PJ rules"),
    ({"defence": 30}, "defence", "<= 20"),
    ({"vitality": "many"}, "vitality", "Expected `int"),
    ({"shield_bonus": 1}, "native", "unknown field"),
])
def test_native_block_problems_name_the_field_S2(native: dict, entry: str, words: str) -> None:
    with pytest.raises(NativeProblem) as err:
        profile("sous_fifre", ("sword",), native=native)
    assert err.value.entry == entry and words in err.value.problem
