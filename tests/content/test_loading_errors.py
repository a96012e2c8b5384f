"""Bad warband and scenario input: each case gives ONE line naming file, entry and problem."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from skirmish.content.errors import ContentError
from skirmish.content.loading import (
    load_scenario,
    load_warband,
    scenario_from_dict,
    scenario_to_dict,
    warband_from_dict,
)

SRC = "scenarios/x.toml"
WSRC = "warbands/w.toml"


def figure(fid: str, rank: str, weapons=("dagger",), equipment=(), **kw: Any) -> dict[str, Any]:
    return {"id": fid, "name": fid.title(), "rank": rank, "weapons": list(weapons),
            "equipment": list(equipment), **kw}


def band(bid: str = "w", race: str = "human", figures=None) -> dict[str, Any]:
    figs = figures if figures is not None else [
        figure("c", "chef", ["sword"]), figure("s1", "sous_chef"), figure("f1", "sous_fifre")]
    return {"id": bid, "name": bid.upper(), "race": race, "figures": figs}


def scenario(**kw: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "x", "name": "X", "width": 48, "height": 36,
        "bands": [
            {"warband": band("a"), "zone": [[0, 0], [48, 0], [48, 8], [0, 8]]},
            {"warband": band("b"), "zone": [[0, 28], [48, 28], [48, 36], [0, 36]]},
        ],
    }
    data.update(kw)
    return data


def scenario_error(data: dict[str, Any]) -> str:
    with pytest.raises(ContentError) as exc:
        scenario_from_dict(data, SRC)
    msg = str(exc.value)
    assert "\n" not in msg
    return msg


def warband_error(b: dict[str, Any], **kw: Any) -> str:
    with pytest.raises(ContentError) as exc:
        warband_from_dict({"band": b}, WSRC, **kw)
    msg = str(exc.value)
    assert "\n" not in msg
    return msg


def with_figure(fig: dict[str, Any], race: str = "human") -> dict[str, Any]:
    b = band(race=race)
    b["figures"].append(fig)
    return b


# ------------------------------------------------------------------ valid input


def test_valid_scenario_and_round_trip():
    s = scenario_from_dict(scenario(), SRC)
    assert [b.warband.id for b in s.bands] == ["a", "b"]
    d = scenario_to_dict(s)
    assert scenario_from_dict(d, SRC) == s
    assert "alien_trade" not in d["bands"][0]["warband"]["figures"][0]  # None omitted


def test_content_error_attributes():
    with pytest.raises(ContentError) as exc:
        scenario_from_dict(scenario(width=0), SRC)
    e = exc.value
    assert (e.file, e.entry, e.problem) == (SRC, "width", "table width must be > 0 and <= 500, got 0")
    assert e.problems[0].file == SRC


# ------------------------------------------------------------------ file syntax and types


def test_toml_syntax_error_names_the_line(tmp_path: Path):
    p = tmp_path / "w.toml"
    p.write_text('[band]\nid = "w"\nname = \n', encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_warband(p)
    assert str(exc.value) == f"{p}: line 3: invalid TOML: Invalid value (column 8)"


def test_wrong_type_is_translated_from_msgspec_path():
    data = scenario()
    data["bands"][1]["warband"]["figures"][2]["weapons"] = "dagger"
    assert scenario_error(data) == (
        f"{SRC}: bands[1].warband.figures[2].weapons: expected array, got str")


def test_wrong_type_width():
    assert scenario_error(scenario(width="wide")) == f"{SRC}: width: expected float, got str"


def test_unknown_field():
    data = scenario()
    data["bands"][0]["warband"]["figures"][0]["colr"] = "red"
    assert scenario_error(data) == (
        f"{SRC}: bands[0].warband.figures[0]: unknown field 'colr'")


def test_unknown_top_level_field_in_warband_file(tmp_path: Path):
    p = tmp_path / "w.toml"
    p.write_text('[band]\nid = "w"\nname = "W"\nfigures = []\n[extra]\n', encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_warband(p)
    assert str(exc.value) == (f"{p}: (top level): unknown field 'extra' (a warband file holds "
                              "a [band] table and its [[band.figures]])")


def test_missing_field():
    b = band()
    del b["figures"][1]["rank"]
    assert warband_error(b) == f"{WSRC}: band.figures[1]: missing required field 'rank'"


def test_bad_rank_value():
    b = band()
    b["figures"][1]["rank"] = "boss"
    assert warband_error(b) == f"{WSRC}: band.figures[1].rank: invalid enum value 'boss'"


# ------------------------------------------------------------------ catalogue ids


def test_unknown_weapon():
    data = scenario()
    data["bands"][1]["warband"]["figures"][2]["weapons"] = ["dagger", "lazer"]
    assert scenario_error(data) == (
        f"{SRC}: bands[1].warband.figures[2].weapons: unknown weapon 'lazer'")


def test_unknown_equipment():
    b = with_figure(figure("f2", "sous_fifre", equipment=["jetpack"]))
    assert warband_error(b) == f"{WSRC}: band.figures[3].equipment: unknown equipment 'jetpack'"


def test_unknown_race():
    assert warband_error(band(race="hobbit")) == f"{WSRC}: band.race: unknown race 'hobbit'"


def test_unknown_alien_trade():
    b = with_figure(figure("f2", "sous_fifre", alien_trade="z"), race="alien")
    assert warband_error(b) == f"{WSRC}: band.figures[3].alien_trade: unknown alien trade 'z'"


def test_alien_trade_on_non_alien_band_GAP_7():
    b = with_figure(figure("f2", "sous_fifre", alien_trade="a"), race="ork")
    assert warband_error(b) == (
        f"{WSRC}: band.figures[3].alien_trade: alien trade 'a' on a non-alien band (race 'ork')")


def test_alien_trade_on_alien_band_is_fine():
    b = with_figure(figure("f2", "sous_fifre", alien_trade="a"), race="alien")
    assert warband_from_dict({"band": b}, WSRC).figures[3].alien_trade == "a"


# ------------------------------------------------------------------ composition R-BAND-COMP


def test_two_chefs_R_BAND_COMP():
    b = with_figure(figure("c2", "chef"))
    assert warband_error(b) == f"{WSRC}: band.figures: a band needs exactly 1 Chef, has 2"


def test_no_chef_R_BAND_COMP():
    b = band(figures=[figure("s", "sous_chef"), figure("f", "sous_fifre")])
    assert warband_error(b) == f"{WSRC}: band.figures: a band needs exactly 1 Chef, has 0"


def test_three_sous_chefs_R_BAND_COMP():
    b = band(figures=[figure("c", "chef"), *(figure(f"s{i}", "sous_chef") for i in range(3)),
                      figure("f", "sous_fifre")])
    assert warband_error(b) == f"{WSRC}: band.figures: a band may have at most 2 Sous-chefs, has 3"


def test_no_sous_fifre_R_BAND_COMP():
    b = band(figures=[figure("c", "chef"), figure("s", "sous_chef")])
    assert warband_error(b) == f"{WSRC}: band.figures: a band needs at least 1 Sous-fifre, has 0"


def test_duplicate_figure_id():
    b = with_figure(figure("s1", "sous_fifre"))
    assert warband_error(b) == (
        f"{WSRC}: band.figures[3].id: duplicate figure id 's1' (also figures[1])")


# ------------------------------------------------------------------ budget GAP-2


def _rich_band(bid: str = "a") -> dict[str, Any]:
    """Worth 50 + 100 + 25 + (10 + 5 + 5) + 10 * 7 = 265 points (the first dagger is free)."""
    figs = [figure("c", "chef", ["howitzer"]), figure("s", "sous_chef"),
            figure("f0", "sous_fifre", ["dagger", "sword", "sword"])]
    figs += [figure(f"f{i}", "sous_fifre") for i in range(1, 8)]
    return band(bid, figures=figs)


def test_over_budget_warband_file_GAP_2():
    assert warband_error(_rich_band()).startswith(
        f"{WSRC}: band: band 'a' is worth 265 points, over the 250-point budget, at medieval "
        "prices (the default, as the band sets none): c 150 = chef 50 + howitzer 100; ")


def test_over_budget_in_scenario_GAP_2():
    data = scenario()
    data["bands"][0]["warband"] = _rich_band()
    assert scenario_error(data).startswith(
        f"{SRC}: bands[0].warband: band 'a' is worth 265 points, over the 250-point budget, at "
        "medieval prices (the game's setting): c 150 = chef 50 + howitzer 100; ")


def test_scenario_band_points_overrides_budget_GAP_2():
    data = scenario(options={"band_points": 300})
    data["bands"][0]["warband"] = _rich_band()
    assert scenario_from_dict(data, SRC).options["band_points"] == 300
    data = scenario(options={"band_points": 60})
    assert scenario_error(data) == (
        f"{SRC}: bands[0].warband: band 'a' is worth 90 points, over the 60-point budget, at "
        "medieval prices (the game's setting): c 55 = chef 50 + sword 5; s1 25 = sous_chef 25 "
        "+ dagger free; f1 10 = sous_fifre 10 + dagger free")


def test_free_pistol_counts_in_a_modern_scenario_GAP_4():
    figs = [figure("c", "chef", ["pistol"] * 1 + ["bazooka", "rifle"]), figure("s", "sous_chef")]
    figs += [figure(f"f{i}", "sous_fifre", ["pistol", "dagger"]) for i in range(10)]
    # 50 + 50 + 20 + 25 + 10 * 10 = 245 in a modern setting, 255 + 100 = 355 otherwise
    data = scenario(setting="modern")
    data["bands"][0]["warband"] = band("a", figures=figs)
    assert scenario_from_dict(data, SRC).setting == "modern"
    data["setting"] = "medieval"
    assert scenario_error(data).startswith(
        f"{SRC}: bands[0].warband: band 'a' is worth 355 points, over the 250-point budget, at "
        "medieval prices (the game's setting; GAP-4: a character's first pistol is free in a "
        "modern or post-apocalyptic setting): c 130 = chef 50 + pistol 10 + bazooka 50 + "
        "rifle 20; ")


# ------------------------------------------------------------------ hands and equipment GAP-28


def test_shield_with_two_handed_weapon_GAP_28():
    b = with_figure(figure("f2", "sous_fifre", ["sword", "rifle"], ["shield"]))
    assert warband_error(b) == (
        f"{WSRC}: band.figures[3].equipment: a shield cannot be used with the two-handed "
        "weapon 'rifle'")


def test_shield_with_two_handed_melee_weapon_R_EQ_SHIELD():
    """[R-WPN-HANDS]: the number of hands matters for the shield."""
    b = with_figure(figure("f2", "sous_fifre", ["halberd"], ["shield"]))
    assert warband_error(b) == (
        f"{WSRC}: band.figures[3].equipment: a shield cannot be used with the two-handed "
        "weapon 'halberd'")


def test_shield_needs_one_handed_melee_weapon_R_EQ_SHIELD():
    b = with_figure(figure("f2", "sous_fifre", ["pistol"], ["shield"]))
    assert warband_error(b) == (
        f"{WSRC}: band.figures[3].equipment: a shield needs a one-handed melee weapon")


def test_buckler_with_two_handed_melee_weapon_R_EQ_BUCKLER():
    b = with_figure(figure("f2", "sous_fifre", ["two_handed_axe"], ["buckler"]))
    assert warband_error(b) == (
        f"{WSRC}: band.figures[3].equipment: a buckler cannot be used with the two-handed "
        "melee weapon 'two_handed_axe'")


def test_buckler_with_two_handed_ranged_weapon_is_allowed_R_EQ_BUCKLER():
    b = with_figure(figure("f2", "sous_fifre", ["rifle", "dagger"], ["buckler"]))
    assert warband_from_dict({"band": b}, WSRC).figures[3].equipment == ("buckler",)


def test_equipment_max_count_GAP_28():
    b = with_figure(figure("f2", "sous_fifre", equipment=["buckler"] * 3))
    assert warband_error(b) == (
        f"{WSRC}: band.figures[3].equipment: at most 2 'buckler' per figure, has 3")


def test_three_cybernetic_arms_GAP_28():
    b = band(figures=[figure("c", "chef", equipment=["cyber_arm"] * 3), figure("f", "sous_fifre")])
    assert warband_error(b) == (
        f"{WSRC}: band.figures[0].equipment: at most 2 'cyber_arm' per figure, has 3")


def test_one_armour_only_GAP_28():
    b = band(figures=[figure("c", "chef", equipment=["light_armour", "heavy_armour"]),
                      figure("f", "sous_fifre")])
    assert warband_error(b) == (
        f"{WSRC}: band.figures[0].equipment: at most 1 armour (light or heavy) per figure, "
        "has 2: 'light_armour', 'heavy_armour'")


def test_shield_and_two_bucklers_need_three_arms_GAP_28():
    b = band(figures=[figure("c", "chef", ["sword"], ["shield", "buckler", "buckler"]),
                      figure("f", "sous_fifre")])
    assert warband_error(b) == (
        f"{WSRC}: band.figures[0].equipment: a shield and 2 bucklers need 3 arms, "
        "a figure has 2")


def test_bad_base():
    b = with_figure(figure("f2", "sous_fifre", base=0))
    assert warband_error(b) == f"{WSRC}: band.figures[3].base: base diameter must be >= 0.25 and <= 10, got 0"


# ------------------------------------------------------------------ scenario checks


def test_duplicate_band_ids():
    data = scenario()
    data["bands"][1]["warband"]["id"] = "a"
    assert scenario_error(data) == (
        f"{SRC}: bands[1].warband.id: duplicate band id 'a' (also bands[0])")


def test_zone_off_the_table():
    data = scenario()
    data["bands"][1]["zone"] = [[0, 28], [50, 28], [50, 36], [0, 36]]
    assert scenario_error(data) == f"{SRC}: bands[1].zone: point (50, 28) is off the 48 x 36 table"


def test_zone_with_too_few_points():
    data = scenario()
    data["bands"][0]["zone"] = [[0, 0], [4, 4]]
    assert scenario_error(data) == f"{SRC}: bands[0].zone: a zone needs at least 3 points, has 2"


def test_objective_off_the_table():
    data = scenario(objectives=[{"id": "o", "name": "O", "at": [10, 40]}])
    assert scenario_error(data) == (
        f"{SRC}: objectives[0].at: objective (10, 40) is off the 48 x 36 table")


def test_max_turns_below_one_GAP_13():
    assert scenario_error(scenario(options={"max_turns": 0})) == (
        f"{SRC}: options.max_turns: max_turns must be at least 1, got 0")


def test_max_turns_not_a_number_GAP_13():
    assert scenario_error(scenario(options={"max_turns": "six"})) == (
        f"{SRC}: options.max_turns: must be a whole number, got 'six'")


def test_band_points_below_one_GAP_2():
    assert scenario_error(scenario(options={"band_points": -5})) == (
        f"{SRC}: options.band_points: band_points must be at least 1, got -5")


def test_elf_resistance_option_GAP_6():
    assert scenario_error(scenario(options={"elf_resistance": "c"})) == (
        f"{SRC}: options.elf_resistance: must be \"a\" or \"b\" (GAP-6), got 'c'")


@pytest.mark.parametrize("key", ["width", "height"])
@pytest.mark.parametrize("value", [0, -3])
def test_table_size_must_be_positive(key, value):
    assert scenario_error(scenario(**{key: value})) == (
        f"{SRC}: {key}: table {key} must be > 0 and <= 500, got {value}")


def test_duplicate_terrain_ids():
    piece = {"id": "t", "name": "T", "polygon": [[10, 10], [12, 10], [12, 12]]}
    assert scenario_error(scenario(terrain=[piece, dict(piece)])) == (
        f"{SRC}: terrain[1].id: duplicate terrain id 't' (also terrain[0])")


def test_terrain_polygon_too_short():
    piece = {"id": "t", "name": "T", "polygon": [[10, 10], [12, 10]]}
    assert scenario_error(scenario(terrain=[piece])) == (
        f"{SRC}: terrain[0].polygon: a polygon needs at least 3 points, has 2")


def test_bad_terrain_kind():
    piece = {"id": "t", "name": "T", "kind": "lava", "polygon": [[10, 10], [12, 10], [12, 12]]}
    assert scenario_error(scenario(terrain=[piece])) == (
        f"{SRC}: terrain[0].kind: invalid enum value 'lava'")


def test_one_band_is_not_a_scenario():
    data = scenario()
    data["bands"] = data["bands"][:1]
    assert scenario_error(data) == f"{SRC}: bands: a scenario needs at least 2 bands, has 1"


def test_band_entry_unknown_field():
    data = scenario()
    data["bands"][0]["zones"] = []
    assert scenario_error(data) == f"{SRC}: bands[0]: unknown field 'zones'"


# ------------------------------------------------------------------ warband file references


WARBAND_TOML = """
[band]
id = "{bid}"
name = "Band"
race = "ork"

[[band.figures]]
id = "c"
name = "C"
rank = "chef"
weapons = [{weapon}]

[[band.figures]]
id = "f"
name = "F"
rank = "sous_fifre"
"""

SCENARIO_TOML = """
id = "x"
name = "X"
width = 48
height = 36
{options}

[[bands]]
warband = "warbands/a.toml"
zone = [[0, 0], [48, 0], [48, 8], [0, 8]]

[[bands]]
warband = "warbands/b.toml"
zone = [[0, 28], [48, 28], [48, 36], [0, 36]]
"""


def _files(tmp_path: Path, weapon_b: str = '"dagger"', options: str = "") -> Path:
    (tmp_path / "warbands").mkdir()
    (tmp_path / "warbands" / "a.toml").write_text(
        WARBAND_TOML.format(bid="a", weapon='"sword"'), encoding="utf-8")
    (tmp_path / "warbands" / "b.toml").write_text(
        WARBAND_TOML.format(bid="b", weapon=weapon_b), encoding="utf-8")
    path = tmp_path / "x.toml"
    path.write_text(SCENARIO_TOML.format(options=options), encoding="utf-8")
    return path


def test_scenario_embeds_referenced_warbands(tmp_path: Path):
    s = load_scenario(_files(tmp_path))
    assert [b.warband.id for b in s.bands] == ["a", "b"]
    assert s.bands[1].warband.race == "ork"


def test_problem_in_referenced_warband_names_that_file(tmp_path: Path):
    path = _files(tmp_path, weapon_b='"lazer"')
    with pytest.raises(ContentError) as exc:
        load_scenario(path)
    assert str(exc.value) == (
        f"{tmp_path / 'warbands' / 'b.toml'}: band.figures[0].weapons: unknown weapon 'lazer'")


def test_type_error_in_referenced_warband_names_that_file(tmp_path: Path):
    path = _files(tmp_path, weapon_b="42")
    with pytest.raises(ContentError) as exc:
        load_scenario(path)
    assert str(exc.value) == (
        f"{tmp_path / 'warbands' / 'b.toml'}: band.figures[0].weapons[0]: expected str, got int")


def test_budget_of_referenced_warband_is_the_scenarios(tmp_path: Path):
    path = _files(tmp_path, options="[options]\nband_points = 60")
    with pytest.raises(ContentError) as exc:
        load_scenario(path)
    assert str(exc.value).startswith(
        f"{path}: bands[0]: band 'a' is worth 65 points, over the 60-point budget, at medieval "
        "prices (the game's setting): ")


def test_missing_warband_file(tmp_path: Path):
    path = _files(tmp_path)
    (tmp_path / "warbands" / "b.toml").unlink()
    with pytest.raises(ContentError) as exc:
        load_scenario(path)
    assert str(exc.value) == f"{path}: bands[1].warband: warband file 'warbands/b.toml' not found"


def test_unresolvable_reference_in_dict():
    data = scenario()
    data["bands"][0]["warband"] = "warbands/a.toml"
    assert scenario_error(copy.deepcopy(data)).startswith(f"{SRC}: bands[0].warband: ")
    with pytest.raises(ContentError) as exc:
        scenario_from_dict(data, "<replay>")
    assert str(exc.value) == (
        "<replay>: bands[0].warband: warband file 'warbands/a.toml' cannot be resolved here: "
        "embed the warband")


def test_content_error_lists_every_problem():
    data = scenario(width=0, options={"max_turns": 0})
    with pytest.raises(ContentError) as exc:
        scenario_from_dict(data, SRC)
    assert [str(p) for p in exc.value.problems] == [
        f"{SRC}: width: table width must be > 0 and <= 500, got 0",
        f"{SRC}: options.max_turns: max_turns must be at least 1, got 0",
    ]
