"""GAP-ALT-7: a campaign played under Clé en main keeps the Skirmish campaign layer by
rank (return rolls, injuries, XP, band points) on the converted figures; its games are
played by each level's player for the game's ruleset (the Clé en main player: the hand,
interrupts, primes and heroism), end by the rules, repeat byte for byte, and verify."""

from __future__ import annotations

from pathlib import Path

from skirmish.ai.cle_en_main import CleEnMainPlayer
from skirmish.ai.levels import make_player
from skirmish.campaign import files, headless
from skirmish.cli import main
from skirmish.locations import SCENARIOS
from skirmish.replay import record
from skirmish.rules.events import DecisionTaken, TurnOrder
from tests.rules.ruleset_files import ruleset_copy

BANDS = [str(SCENARIOS / "warbands" / "ork_boyz.toml"),
         str(SCENARIOS / "warbands" / "survivors.toml")]


def run(folder: Path, scenario: Path, games: int) -> Path:
    path = folder / "camp.json"
    assert main(["campaign", "new", str(path), "--bands", *BANDS, "--seed", "5",
                 "--computer", "all", "--scenario", str(scenario)]) == 0
    assert main(["campaign", "play", str(path), "--games", str(games), "-q"]) == 0
    return path


def test_every_level_plays_cle_en_main_with_its_own_player(tmp_path: Path) -> None:
    from skirmish.content.loading import load_scenario
    from skirmish.match import new_game

    game = new_game(load_scenario(ruleset_copy(tmp_path, "street_fight", "cle_en_main")), 3)
    for level in ("easy", "normal", "hard"):
        player = make_player(level, 1)
        player.choose(game)
        assert isinstance(player._last, CleEnMainPlayer)  # type: ignore[attr-defined]


def test_a_cle_en_main_campaign_plays_repeats_and_verifies_GAP_ALT_7(tmp_path: Path) -> None:
    scenario = ruleset_copy(tmp_path, "street_fight", "cle_en_main")
    a = run(tmp_path / "a", scenario, 2)
    c = files.load(a)
    assert len(c.state.games) == 2 and c.state.phase == "ready"
    for g in c.state.games:
        replay = tmp_path / "a" / g.replay
        assert main(["replay", "--verify", str(replay)]) == 0
        assert record.load(replay).scenario["ruleset"] == "cle_en_main"
    # the games were played by the hand, with decisions answered inside the resolution
    log = (tmp_path / "a" / c.state.games[0].log).read_text(encoding="utf-8")
    assert '"turn_order"' in log and '"decided"' in log
    b = run(tmp_path / "b", scenario, 2)
    assert b.read_bytes() == a.read_bytes()


def test_a_campaign_game_is_played_to_the_end_by_the_rules(tmp_path: Path) -> None:
    from skirmish.content.loading import load_scenario

    game = headless.play(load_scenario(ruleset_copy(tmp_path, "street_fight", "cle_en_main")), 11)
    assert game.over and game.ruleset.id == "cle_en_main"
    assert any(isinstance(e, TurnOrder) for e in game.log)
    assert any(isinstance(e, DecisionTaken) for e in game.log)
