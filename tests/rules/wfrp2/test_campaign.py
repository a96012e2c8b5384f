"""GAP-ALT-7: a campaign played under WFRP keeps the Skirmish campaign layer by rank (return
rolls, injuries, XP, band points) on the converted figures: its games end by the rules,
repeat byte for byte, and verify."""

from __future__ import annotations

from pathlib import Path

from skirmish.campaign import files
from skirmish.cli import main
from skirmish.locations import SCENARIOS
from tests.rules.ruleset_files import ruleset_copy

BANDS = [str(SCENARIOS / "warbands" / "ork_boyz.toml"),
         str(SCENARIOS / "warbands" / "survivors.toml")]


def run(folder: Path, scenario: Path, games: int) -> Path:
    path = folder / "camp.json"
    assert main(["campaign", "new", str(path), "--bands", *BANDS, "--seed", "5",
                 "--computer", "all", "--scenario", str(scenario)]) == 0
    assert main(["campaign", "play", str(path), "--games", str(games), "-q"]) == 0
    return path


def test_a_wfrp_campaign_plays_repeats_and_verifies_GAP_ALT_7(tmp_path: Path) -> None:
    scenario = ruleset_copy(tmp_path, "street_fight", "wfrp2")
    a = run(tmp_path / "a", scenario, 2)
    c = files.load(a)
    assert len(c.state.games) == 2 and c.state.phase == "ready"
    for g in c.state.games:
        assert main(["replay", "--verify", str(tmp_path / "a" / g.replay)]) == 0
        assert '"ruleset":"wfrp2"' in (tmp_path / "a" / g.replay).read_text(encoding="utf-8") \
            .replace(" ", "")
    b = run(tmp_path / "b", scenario, 2)
    assert b.read_bytes() == a.read_bytes()
