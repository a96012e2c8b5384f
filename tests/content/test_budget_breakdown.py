"""The budget error says what the band's points are made of, figure by figure, and which
setting priced them ([R-BAND-COST], GAP-2, GAP-4): an audit's warband was "worth 266
points, over 250" alone yet passed inside a modern scenario, with no hint why."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w

from skirmish.cli import main

FIGURES = [
    {"id": "anne", "name": "Anne", "rank": "chef", "weapons": ["pistol", "sword"],
     "equipment": ["heavy_armour"]},
    {"id": "hook", "name": "Hook", "rank": "sous_chef", "weapons": ["pistol", "dagger"]},
    {"id": "swab", "name": "Swab", "rank": "sous_fifre", "weapons": ["pistol", "bazooka"]},
    {"id": "mop", "name": "Mop", "rank": "sous_fifre", "weapons": ["pistol", "crossbow"]},
]
BREAKDOWN = ("anne {a} = chef 50 + pistol {p} + sword 5 + heavy_armour 50; hook {h} = sous_chef "
             "25 + pistol {p} + dagger free; swab {s} = sous_fifre 10 + pistol {p} + bazooka 50; "
             "mop {m} = sous_fifre 10 + pistol {p} + crossbow 30")
#: 270 points at medieval prices; a modern setting frees each character's first pistol: 230.
MEDIEVAL = BREAKDOWN.format(a=115, h=35, s=70, m=50, p=10)
MODERN = BREAKDOWN.format(a=105, h=25, s=60, m=40, p="free")
HINT = "GAP-4: a character's first pistol is free in a modern or post-apocalyptic setting"


def validate(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str]:
    code = main(["validate", str(path)])
    out, err = capsys.readouterr()
    return code, err or out


def warband(tmp_path: Path, **band: str) -> Path:
    path = tmp_path / "band.toml"
    path.write_text(tomli_w.dumps({"band": {"id": "crew", "name": "Crew", **band,
                                            "figures": FIGURES}}), encoding="utf-8")
    return path


def scenario(tmp_path: Path, setting: str, band_points: int) -> Path:
    warband(tmp_path, setting="modern")
    path = tmp_path / "scn.toml"
    other = {"id": "b", "name": "B", "figures": [{"id": "c", "name": "C", "rank": "chef"},
                                                  {"id": "f", "name": "F", "rank": "sous_fifre"}]}
    path.write_text(tomli_w.dumps({
        "id": "s", "name": "S", "width": 40, "height": 30, "setting": setting,
        "options": {"band_points": band_points},
        "bands": [{"warband": "band.toml"}, {"warband": other}]}), encoding="utf-8")
    return path


def test_alone_priced_medieval_says_so_and_why_R_BAND_COST_GAP_4(tmp_path, capsys):
    path = warband(tmp_path)
    assert validate(capsys, path) == (1, (
        f"{path}: band: band 'crew' is worth 270 points, over the 250-point budget, at "
        f"medieval prices (the default, as the band sets none; {HINT}): {MEDIEVAL}\n"))
    path = warband(tmp_path, setting="modern")
    assert validate(capsys, path) == (0, f"{path}: ok\n")


def test_in_a_scenario_its_setting_prices_the_band_R_BAND_COST_GAP_2_GAP_4(tmp_path, capsys):
    """The band's own setting (modern) gives way to the scenario's."""
    path = scenario(tmp_path, "medieval", 250)
    assert validate(capsys, path) == (1, (
        f"{path}: bands[0]: band 'crew' is worth 270 points, over the 250-point budget, at "
        f"medieval prices (the game's setting; {HINT}): {MEDIEVAL}\n"))
    path = scenario(tmp_path, "modern", 220)
    assert validate(capsys, path) == (1, (
        f"{path}: bands[0]: band 'crew' is worth 230 points, over the 220-point budget, at "
        f"modern prices (the game's setting): {MODERN}\n"))
    path = scenario(tmp_path, "modern", 250)
    assert validate(capsys, path) == (0, f"{path}: ok\n")
