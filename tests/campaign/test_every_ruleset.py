"""GAP-ALT-7: a campaign played under any ruleset keeps the Skirmish campaign layer by rank
(return rolls, injuries, XP, band points) on the converted figures: two games played by
the computer (one turn of the street fight each by default, two under ``-m slow``) end by
the rules, each replay verifies and names the ruleset, and the same seed writes the same
campaign file byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.campaign import files
from skirmish.cli import main
from skirmish.locations import SCENARIOS
from skirmish.replay import record
from tests.rules.ruleset_files import ruleset_copy
from tests.sizes import sizes

BANDS = [str(SCENARIOS / "warbands" / "ork_boyz.toml"),
         str(SCENARIOS / "warbands" / "survivors.toml")]


def campaign(folder: Path, scenario: Path, games: int) -> Path:
    path = folder / "camp.json"
    assert main(["campaign", "new", str(path), "--bands", *BANDS, "--seed", "5",
                 "--computer", "all", "--scenario", str(scenario)]) == 0
    assert main(["campaign", "play", str(path), "--games", str(games), "-q"]) == 0
    return path


@pytest.mark.parametrize("turns", sizes(1, 2))
@pytest.mark.parametrize("ruleset", ["clefs_aube", "wfrp2", "cle_en_main", "kart7"])
def test_a_campaign_plays_repeats_and_verifies_GAP_ALT_7(tmp_path: Path, ruleset: str,
                                                         turns: int) -> None:
    scenario = ruleset_copy(tmp_path, "street_fight", ruleset, turns=turns)
    a = campaign(tmp_path / "a", scenario, 2)
    c = files.load(a)
    assert len(c.state.games) == 2 and c.state.phase == "ready"
    for g in c.state.games:
        replay = tmp_path / "a" / g.replay
        assert main(["replay", "--verify", str(replay)]) == 0
        assert record.load(replay).scenario["ruleset"] == ruleset
    b = campaign(tmp_path / "b", scenario, 2)
    assert b.read_bytes() == a.read_bytes()
