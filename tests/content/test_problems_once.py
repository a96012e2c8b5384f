"""A file is read once and checked by one list of checks, and each problem is
said once, wherever the file is opened: ``validate`` and the refusal of ``simulate``,
``play`` (under its own rules or another's) and a new campaign give the same lines, in
the order of the checks. A warband file two bands share, and a weapon written twice in
it, were said once per band and per weapon (four lines for one unknown weapon, two for
one figure off the table)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.cli import main
from skirmish.locations import SCENARIOS

BANDS = [str(SCENARIOS / "warbands" / name) for name in ("ork_mob.toml", "elf_rangers.toml")]

BAND = """
[band]
id = "bad"
name = "Bad"
race = "human"

[[band.figures]]
id = "c"
name = "C"
rank = "chef"
weapons = ["lazer", "lazer"]

[[band.figures]]
id = "f"
name = "F"
rank = "sous_fifre"
position = [60, 5]
"""

SCENARIO = """
id = "two"
name = "Two"
width = 48
height = 36

[options]
max_turns = 0

[[objectives]]
id = "well"
name = "Well"
at = [50, 10]

[[bands]]
warband = "warbands/bad.toml"

[[bands]]
warband = "warbands/bad.toml"
"""


def test_each_problem_is_said_once_by_validate_play_simulate_and_campaign_new(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "warbands").mkdir()
    band = tmp_path / "warbands" / "bad.toml"
    band.write_text(BAND, encoding="utf-8")
    path = tmp_path / "two.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    expected = [
        f"{path}: options.max_turns: max_turns must be at least 1, got 0",
        f"{path}: bands[1].warband.id: duplicate band id 'bad' (also bands[0])",
        f"{path}: objectives[0].at: objective (50, 10) is off the 48 x 36 table",
        f"{band}: band.figures[0].weapons: unknown weapon 'lazer'",
        f"{band}: band.figures[1].position: base is off the table",
    ]
    camp = tmp_path / "camp.json"
    for argv in (["validate", str(path)],
                 ["simulate", str(path), "--games", "1"],
                 ["simulate", str(path), "--games", "1", "--ruleset", "clefs_aube"],
                 ["play", str(path), "--frames", "1"],
                 ["campaign", "new", str(camp), "--bands", *BANDS, "--scenario", str(path)]):
        code = main(argv)
        assert (code, capsys.readouterr().err.splitlines()) == (1, expected), argv
    assert not camp.exists()
