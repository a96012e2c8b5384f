"""RULESETS §4.b: the conversion of a Skirmish figure ([K7-SHEET], [K7-WOUND-TABLE],
[K7-THRESHOLDS]; GAP-K7-3, GAP-K7-11, GAP-K7-12, GAP-K7-13) and the native block."""

from __future__ import annotations

import pytest

from skirmish.content.models import Rank
from skirmish.content.rulebook import load_rulebook
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules.frame.native import NativeProblem
from skirmish.rules.frame.profile import figure_stats
from skirmish.rules.kart7.profile import (
    apply_native,
    convert,
    native_problem,
    profile_for,
    skill,
    weapon,
)

BOOK = load_rulebook()

#: §4.b table: Carrure, Rapidité, Sens, Volonté, Intellect, Équilibre, Contact, Distance,
#: Poursuite, KO / OK, wounds N/F/M/Fo/É, pioche max, hand.
TABLE = {
    "chef": (8, 7, 6, 9, 5, 8, 10, 12, 7, (9, 5), (4, 3, 3, 2, 2), 7, 3),
    "sous_chef": (6, 6, 5, 6, 4, 5, 7, 10, 6, (6, 3), (3, 2, 2, 2, 1), 6, 2),
    "sous_fifre": (4, 4, 4, 4, 3, 3, 4, 7, 4, (4, 2), (2, 2, 1, 1, 0), 5, 1),
}


def _profile(rank: str, weapons: tuple[str, ...] = (), equipment: tuple[str, ...] = (),
             race: str = "none", native: dict | None = None):
    spec = FigureSpec(id="x", name="X", rank=Rank(rank), weapons=weapons, equipment=equipment,
                      native={"kart7": native} if native is not None else {})
    band = Warband(id="b", name="B", race=race, figures=(spec,))
    return profile_for(BOOK, spec, figure_stats(BOOK, band, spec, {})), spec, band


@pytest.mark.parametrize("rank", list(TABLE))
def test_conversion_table_by_rank_GAP_K7_3_GAP_K7_11(rank: str) -> None:
    p, _, _ = _profile(rank)
    got = (p.carrure, p.rapidite, p.sens, p.volonte, p.intellect, p.equilibre, p.contact,
           p.distance, p.poursuite, (p.ko, p.ok), p.wounds, p.pioche_max, p.hand)
    assert got == TABLE[rank]


@pytest.mark.parametrize("rank,total", [("chef", 43), ("sous_chef", 32), ("sous_fifre", 22)])
def test_characteristics_total_of_the_table_K7_CREATE(rank: str, total: int) -> None:
    p, _, _ = _profile(rank)
    assert p.carrure + p.rapidite + p.sens + p.volonte + p.intellect + p.equilibre == total


@pytest.mark.parametrize("carrure,row", [
    (1, (1, 0, 0, 0, 0)), (4, (2, 2, 1, 1, 0)), (6, (3, 2, 2, 2, 1)), (8, (4, 3, 3, 2, 2)),
    (13, (7, 6, 5, 5, 4)), (20, (7, 6, 5, 5, 4)),
])
def test_wound_capacity_by_carrure_K7_WOUND_TABLE(carrure: int, row: tuple) -> None:
    p, _, _ = _profile("chef", native={"carrure": carrure})
    assert p.wounds == row


@pytest.mark.parametrize("volonte,ko,ok", [(9, 9, 5), (6, 6, 3), (4, 4, 2), (1, 1, 1)])
def test_ko_and_ok_from_volonte_K7_THRESHOLDS(volonte: int, ko: int, ok: int) -> None:
    p, _, _ = _profile("chef", native={"volonte": volonte})
    assert (p.ko, p.ok) == (ko, ok)


def test_skills_capped_at_12_GAP_K7_11() -> None:
    assert [skill(tn) for tn in (2, 3, 4, 5, 6)] == [12, 12, 10, 7, 4]


@pytest.mark.parametrize("force,lethality,bonus", [
    (0, 0, 0), (1, 1, 0), (2, 2, 0), (3, 2, 1), (4, 3, 1), (5, 3, 2), (6, 4, 2), (7, 4, 2),
    (8, 4, 3), (10, 4, 3),
])
def test_weapon_table_by_force_GAP_K7_12(force: int, lethality: int, bonus: int) -> None:
    w = weapon(force)
    assert (w.lethality, w.bonus) == (lethality, bonus)


@pytest.mark.parametrize("wid,lethality,bonus", [
    ("dagger", 1, 0), ("sword", 2, 0), ("spear", 2, 1), ("pistol", 2, 1), ("bow", 2, 1),
    ("two_handed_axe", 3, 1), ("rifle", 3, 1), ("assault_rifle", 3, 1),
    ("crossbow", 3, 2), ("machine_gun", 3, 2), ("grenade", 4, 3), ("bazooka", 4, 3),
])
def test_the_tables_examples_GAP_K7_12(wid: str, lethality: int, bonus: int) -> None:
    p, _, _ = _profile("sous_fifre", weapons=(wid,))
    assert (p.weapons[wid].lethality, p.weapons[wid].bonus) == (lethality, bonus)


def test_unarmed_is_nulle_GAP_K7_12() -> None:
    p, _, _ = _profile("sous_fifre")
    assert (p.weapon(None).lethality, p.weapon("sword").bonus) == (0, 0)


def test_armour_and_equipment_GAP_K7_13() -> None:
    light, _, _ = _profile("chef", equipment=("light_armour",))
    heavy, _, _ = _profile("chef", equipment=("heavy_armour", "shield"))
    arms, _, _ = _profile("chef", equipment=("cyber_arm", "cyber_arm"))
    sight, _, _ = _profile("sous_fifre", equipment=("sight",))
    assert (light.armour, light.melee_armour) == (1, 0)
    assert (heavy.armour, heavy.melee_armour) == (2, 1)
    assert arms.carrure == 8 + 2  # +1 Carrure per arm, not its Skirmish +1 R again
    assert (sight.distance, sight.sens) == (7 + 1, 4)  # +1 Distance, Sens from the bare CT


def test_race_modified_profile_is_converted_GAP_K7_11() -> None:
    """An Ork Sous-fifre (R +1, CCC improved by 1) and a Dwarf one (Mvt −2, R 4, CT 4+)."""
    ork, _, _ = _profile("sous_fifre", race="ork")
    dwarf, _, _ = _profile("sous_fifre", race="dwarf")
    assert (ork.carrure, ork.contact) == (5, 7)
    assert (dwarf.carrure, dwarf.rapidite, dwarf.distance, dwarf.sens) == (6, 2, 10, 5)


def test_native_block_overrides_field_by_field_S2() -> None:
    p, _, _ = _profile("sous_fifre", weapons=("sword",),
                       native={"volonte": 8, "pioche_max": 9, "hand": 0,
                               "weapons": {"sword": {"bonus": 2}}})
    assert (p.volonte, p.ko, p.ok, p.pioche_max, p.hand) == (8, 8, 4, 9, 0)
    assert (p.weapons["sword"].lethality, p.weapons["sword"].bonus) == (2, 2)
    assert p.carrure == 4  # untouched fields stay converted


@pytest.mark.parametrize("block,entry,words", [
    ({"volonte": 0}, "volonte", ">= 1"),
    ({"carrure": "big"}, "carrure", "Expected `int"),
    ({"luck": 3}, "native", "unknown field"),
    ({"weapons": {"bow": {"bonus": 1}}}, "weapons.bow", "does not carry"),
    ({"weapons": {"sword": {"lethality": 5}}}, "weapons[...].lethality", "<= 4"),
])
def test_native_block_problems_name_the_field_S2(block: dict, entry: str, words: str) -> None:
    spec = FigureSpec(id="x", name="X", rank=Rank.CHEF, weapons=("sword",),
                      native={"kart7": block})
    band = Warband(id="b", name="B", race="none", figures=(spec,))
    found = native_problem(BOOK, spec, figure_stats(BOOK, band, spec, {}))
    assert found is not None
    assert found[0] == entry and words in found[1]


def test_apply_native_refuses_an_unknown_weapon() -> None:
    spec = FigureSpec(id="x", name="X", rank=Rank.CHEF)
    band = Warband(id="b", name="B", race="none", figures=(spec,))
    p = convert(BOOK, spec, figure_stats(BOOK, band, spec, {}))
    with pytest.raises(NativeProblem, match="does not carry"):
        apply_native(p, {"weapons": {"axe": {"bonus": 1}}})
