"""The ready bands cover every race of RULES.md §3 and validate ([R-RACE-*], [R-BAND-COMP])."""

from __future__ import annotations

from skirmish.content.loading import load_warband
from skirmish.locations import SCENARIOS
from skirmish.validate import validate_file

RACES_OF_SECTION_3 = {"human", "ork", "goblin", "elf", "dwarf", "rat_men", "alien"}


def test_six_ready_bands_cover_every_race_r_race_opt() -> None:
    files = sorted((SCENARIOS / "warbands").glob("*.toml"))
    assert len(files) >= 6
    assert all(validate_file(f) == [] for f in files)
    assert {load_warband(f).race for f in files} >= RACES_OF_SECTION_3
