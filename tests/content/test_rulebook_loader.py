"""Loader validation of the rulebook data: one line per problem, naming file and entry."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

from skirmish.content.errors import ContentError
from skirmish.content.rulebook import DATA_FILES, load_rulebook_from

DATA = Path(str(resources.files("skirmish.content") / "data"))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    return d


def edit(d: Path, file: str, old: str, new: str) -> None:
    p = d / file
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new, 1), encoding="utf-8")


def error(d: Path) -> str:
    with pytest.raises(ContentError) as exc:
        load_rulebook_from(d, "data")
    return str(exc.value)


def test_shipped_data_has_exactly_the_expected_files():
    """The rulebook's files, and one per alternative ruleset (RULESETS §0.5 S13)."""
    from skirmish import rulesets
    from skirmish.rules.registry import RULESETS

    rulesets.load_all()  # each registers itself when loaded, and only then

    own = {f"{r}.toml" for r in RULESETS}
    assert sorted(p.name for p in DATA.glob("*.toml") if p.name not in own) == sorted(DATA_FILES)


def test_copied_data_loads(data_dir: Path):
    rb = load_rulebook_from(data_dir)
    assert len(rb.ranged_weapons) == 16


def test_d6_table_missing_a_face(data_dir: Path):
    edit(data_dir, "potions.toml", "low = 1\nhigh = 2", "low = 1\nhigh = 1")
    assert error(data_dir) == "data/potions.toml: potion.rows: no row for d6 result 2"


def test_d6_table_face_twice(data_dir: Path):
    edit(data_dir, "judgement.toml", "low = 2\nhigh = 5", "low = 1\nhigh = 5")
    assert error(data_dir) == (
        "data/judgement.toml: judgement.rows: d6 result 1 is in several rows: "
        "merciless_judge, fine")


def test_d66_row_with_no_face(data_dir: Path):
    edit(data_dir, "serious_injuries.toml", "low = 16\nhigh = 21", "low = 17\nhigh = 19")
    assert error(data_dir) == (
        "data/serious_injuries.toml: serious_injury.rows.multiple_injuries: "
        "covers no d66 result (17..19)")


def test_2d6_table_missing_a_face(data_dir: Path):
    edit(data_dir, "advancement.toml", "low = 12\nhigh = 12", "low = 13\nhigh = 13")
    assert error(data_dir).startswith("data/advancement.toml: advancement.rows.mvt: covers no")


def test_damage_cell_missing_R_DMG_TABLE(data_dir: Path):
    edit(data_dir, "damage.toml", "[damage.r3]\nf1 = 5\n", "[damage.r3]\n")
    assert error(data_dir) == "data/damage.toml: damage.r3: missing required field 'f1'"


def test_damage_row_missing_R_DMG_TABLE(data_dir: Path):
    edit(data_dir, "damage.toml", "[damage.r10]", "[damage.r11]")
    assert error(data_dir) == "data/damage.toml: damage.r11: unknown row (expected r1 .. r10)"


def test_damage_cell_out_of_range_R_DMG_TABLE(data_dir: Path):
    edit(data_dir, "damage.toml", "[damage.r3]\nf1 = 5\n", "[damage.r3]\nf1 = 7\n")
    assert error(data_dir) == "data/damage.toml: damage.r3.f1: a d6 score must be 2..6, got 7"


def test_wrong_type(data_dir: Path):
    edit(data_dir, "ranged_weapons.toml", "cost = 10", 'cost = "ten"')
    assert error(data_dir) == (
        "data/ranged_weapons.toml: ranged.pistol.cost: expected int, got str")


def test_unknown_field(data_dir: Path):
    edit(data_dir, "melee_weapons.toml", "[melee.sword]\n", "[melee.sword]\nsharp = true\n")
    assert error(data_dir) == "data/melee_weapons.toml: melee.sword: unknown field 'sharp'"


def test_missing_field(data_dir: Path):
    edit(data_dir, "equipment.toml", 'slot = "rope"\ncost = 20\n', 'slot = "rope"\n')
    assert error(data_dir) == "data/equipment.toml: equipment.rope: missing required field 'cost'"


def test_bad_nested_value(data_dir: Path):
    edit(data_dir, "races.toml", '{ stat = "r", op = "add", value = 1 }',
         '{ stat = "luck", op = "add", value = 1 }')
    assert error(data_dir) == (
        "data/races.toml: races.ork.changes[0].stat: invalid enum value 'luck'")


def test_improve_only_target_numbers_R_GEN_TN(data_dir: Path):
    edit(data_dir, "races.toml", '{ stat = "cd", op = "add", value = -1 },',
         '{ stat = "cd", op = "improve", value = 1 },')
    assert error(data_dir) == (
        "data/races.toml: races.goblin.changes[0]: 'improve' applies to ct or ccc only, not 'cd'")


def test_unknown_top_level_table(data_dir: Path):
    edit(data_dir, "profiles.toml", "[profiles.chef]", "[extra]\n[profiles.chef]")
    assert error(data_dir) == (
        "data/profiles.toml: extra: unknown table 'extra' (expected profiles)")


def test_missing_profile_R_BAND_PROFILE(data_dir: Path):
    edit(data_dir, "profiles.toml", "[profiles.sous_fifre]", "[profiles.henchman]")
    assert error(data_dir) == (
        "data/profiles.toml: profiles.henchman.rank: invalid enum value 'henchman'")


def test_missing_vp_entry_R_VP_TABLE(data_dir: Path):
    edit(data_dir, "victory_points.toml", 'state = "dead"\nvp = 10',
         'state = "out_of_action"\nvp = 10')
    assert error(data_dir) == (
        "data/victory_points.toml: victory_points.sous_chef_dead: "
        "second entry for sous_chef out_of_action")


def test_blast_without_radius_R_WPN_BLAST(data_dir: Path):
    edit(data_dir, "ranged_weapons.toml", "blast_radius = 5\n", "")
    assert error(data_dir) == (
        'data/ranged_weapons.toml: ranged.grenade: a blast weapon (targets = "x") needs '
        "blast_radius, and only it")


def test_id_is_the_key(data_dir: Path):
    edit(data_dir, "melee_weapons.toml", "[melee.sword]\n", '[melee.sword]\nid = "sword"\n')
    assert error(data_dir) == (
        "data/melee_weapons.toml: melee.sword.id: 'id' is implied by the key")


def test_weapon_id_in_both_catalogues(data_dir: Path):
    edit(data_dir, "melee_weapons.toml", "[melee.sword]", "[melee.rifle]")
    assert error(data_dir) == (
        "data/melee_weapons.toml: melee.rifle: id 'rifle' is also a ranged weapon")


def test_syntax_error_in_data_file(data_dir: Path):
    edit(data_dir, "experience.toml", "xp = 2", "xp = = 2")
    assert error(data_dir).startswith("data/experience.toml: line ")
    assert ": invalid TOML: " in error(data_dir)


def test_missing_data_file(data_dir: Path):
    (data_dir / "potions.toml").unlink()
    assert error(data_dir) == "data/potions.toml: (top level): missing data file"


def test_every_problem_is_collected(data_dir: Path):
    edit(data_dir, "ranged_weapons.toml", "cost = 10", 'cost = "ten"')
    edit(data_dir, "potions.toml", "low = 1\nhigh = 2", "low = 1\nhigh = 1")
    with pytest.raises(ContentError) as exc:
        load_rulebook_from(data_dir, "data")
    assert len(exc.value.problems) == 2
