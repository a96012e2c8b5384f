"""The simple computer player only ever sends legal commands, whatever happens."""

import pytest

from skirmish.content.loading import load_scenario
from skirmish.match import build_table
from skirmish.sim import play

SCENARIOS = {n: load_scenario(f"scenarios/{n}.toml")
             for n in ("street_fight", "open_field", "three_band_brawl", "ten_v_ten")}
TABLES = {n: build_table(s) for n, s in SCENARIOS.items()}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
@pytest.mark.parametrize("seed", [2, 39])
def test_whole_games_end_by_the_rules(name, seed):
    """Seeds 2 and 39 once sent a figure hanging on its rope walking ([R-EQ-ROPE])."""
    game = play(SCENARIOS[name], seed, TABLES[name])
    assert game.over and game.state.result["reason"]
