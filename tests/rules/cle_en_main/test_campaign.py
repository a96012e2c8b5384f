"""GAP-ALT-7: a campaign's games under Clé en main are played by each level's player for
the game's ruleset (the Clé en main player: the hand, interrupts, primes and heroism) and
end by the rules; the campaign itself plays, repeats and verifies in
``tests/campaign/test_every_ruleset.py``."""

from __future__ import annotations

from pathlib import Path

from skirmish.ai.cle_en_main import CleEnMainPlayer
from skirmish.ai.levels import make_player
from skirmish.campaign import headless
from skirmish.rules.events import DecisionTaken, TurnOrder
from tests.rules.ruleset_files import ruleset_copy


def test_every_level_plays_cle_en_main_with_its_own_player(tmp_path: Path) -> None:
    from skirmish.content.loading import load_scenario
    from skirmish.match import new_game

    game = new_game(load_scenario(ruleset_copy(tmp_path, "street_fight", "cle_en_main")), 3)
    for level in ("easy", "normal", "hard"):
        player = make_player(level, 1)
        player.choose(game)
        assert isinstance(player._last, CleEnMainPlayer)  # type: ignore[attr-defined]


def test_a_campaign_game_is_played_to_the_end_by_the_rules(tmp_path: Path) -> None:
    from skirmish.content.loading import load_scenario

    game = headless.play(load_scenario(ruleset_copy(tmp_path, "street_fight", "cle_en_main")), 11)
    assert game.over and game.ruleset.id == "cle_en_main"
    assert any(isinstance(e, TurnOrder) for e in game.log)
    assert any(isinstance(e, DecisionTaken) for e in game.log)
