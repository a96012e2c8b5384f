"""The three computer levels: whole games by the rules in any mix, plans logged without
touching the state, look-ahead that never consumes the real dice."""

from __future__ import annotations

import pytest

from skirmish.ai.player import Plan, make_player, play_turn
from skirmish.content.loading import load_scenario
from skirmish.match import build_table, new_game
from skirmish.replay import record

SCENARIOS = {n: load_scenario(f"scenarios/{n}.toml")
             for n in ("street_fight", "open_field", "three_band_brawl", "ten_v_ten")}


def play(name: str, levels: tuple[str, ...], seed: int, limit: int = 100_000, **kw):
    scn = SCENARIOS[name]
    game = new_game(scn, seed, table=build_table(scn))
    players = {b.warband.id: make_player(levels[i % len(levels)], seed + i, **kw)
               for i, b in enumerate(scn.bands)}
    n = 0
    while not game.over and n < limit:
        play_turn(game, players[game.to_act])
        n += 1
    return game


@pytest.mark.parametrize("name", ["street_fight", "three_band_brawl"])
def test_normal_plays_whole_games_by_the_rules_in_a_mix_R_TURN_ALT_R_END_ROUT(name):
    """Deployment, activations, reactions and decisions, rout, three bands: every command
    the normal player sends is legal (``apply`` would raise otherwise) and the game ends."""
    game = play(name, ("normal", "easy", "normal"), seed=5)
    assert game.over and game.state.result["reason"]
    plans = [e for e in game.log if isinstance(e, Plan)]
    assert plans and all(p.text.startswith(game.state.figures[p.figure].name) for p in plans)


def test_plans_are_log_notes_that_leave_the_replay_hashes_alone():
    """A replay recorded from a game with plans verifies step by step: the notes are in
    ``game.log`` only, never in the state that is hashed."""
    game = play("street_fight", ("normal", "easy"), seed=3)
    assert any(isinstance(e, Plan) for e in game.log)
    rep = record.from_game(game)
    fresh = new_game(game.scenario, game.seed, table=game.table)
    for step, cmd in zip(rep.steps, game.commands, strict=True):
        fresh.apply(cmd)
        assert fresh.state_hash() == step.hash
    assert fresh.state_hash() == game.state_hash()


def test_plan_line_quotes_the_odds_of_an_attack():
    game = play("street_fight", ("normal", "normal"), seed=8)
    attacks = [e.text for e in game.log if isinstance(e, Plan) and " % to take" in e.text]
    assert attacks, "no attack plan quoted its odds"


def test_hard_looks_ahead_on_forked_dice_only():
    """The hard level's search plays thousands of rolls on copies; the real stream is
    exactly where it was before each choice."""
    scn = SCENARIOS["street_fight"]
    game = new_game(scn, 4, table=build_table(scn))
    hard = make_player("hard", 1, rollouts=6)
    easy = make_player("easy", 2)
    bands = [b.warband.id for b in scn.bands]
    checked = 0
    for _ in range(80):
        if game.over:
            break
        player = hard if game.to_act == bands[0] else easy
        before = game.dice.snapshot()
        cmd = player.choose(game)
        assert game.dice.snapshot() == before
        game.apply(cmd)
        player.take_plan()
        checked += player is hard
    assert checked > 10


def test_every_level_deploys_and_answers_decisions_three_bands():
    """Hard included (small fixed search): deployment, then play on for a while."""
    game = play("three_band_brawl", ("hard", "normal", "easy"), seed=2, limit=120, rollouts=4)
    assert game.state.phase != "deployment"
    assert len(game.commands) >= 100 or game.over
