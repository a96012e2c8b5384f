"""Whole KART 7 games (RULESETS §4; S1, S4, S15, S17): a game deals, shuffles and draws,
ends by the rules twice alike for a seed and its replay verifies; the state hash covers
every pile; the computer's choices owe nothing to the order of the face-down cards. Every
shipped scenario under KART 7 is played in ``tests/rules/test_every_ruleset_cli.py``."""

from __future__ import annotations

import msgspec

from skirmish import rulesets  # noqa: F401 - registers the shipped rulesets
from skirmish.ai.kart7 import K7Player
from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.replay import record
from skirmish.rules.dice import Dice
from skirmish.rules.events import GameEnded
from skirmish.rules.kart7.events import CardDraw, CardsDealt, DeckShuffled
from skirmish.rules.kart7.visibility import conceal, unseen
from skirmish.sim import play


def _kart7(name: str):
    return msgspec.structs.replace(load_scenario(SCENARIOS / f"{name}.toml"), ruleset="kart7")


def test_a_game_ends_by_the_rules_twice_alike_and_its_replay_verifies_S1() -> None:
    scn = _kart7("tutorial")
    one = play(scn, 3, levels=("normal", "easy"))
    two = play(scn, 3, levels=("normal", "easy"))
    assert one.over and isinstance(one.log[-1], GameEnded)
    assert one.state_hash() == two.state_hash() and one.commands == two.commands
    assert record.verify(record.from_game(one)) is None
    assert any(isinstance(e, DeckShuffled) for e in one.log)
    assert sum(isinstance(e, CardsDealt) for e in one.log) == len(one.state.figures)
    assert any(isinstance(e, CardDraw) for e in one.log)


def test_the_state_hash_covers_every_pile_S1() -> None:
    game = play(_kart7("tutorial"), 5, levels=("easy",))
    before = game.state_hash()
    p = game.state.k7.piles
    p.general[0], p.general[1] = p.general[1], p.general[0]
    assert game.state_hash() != before


def test_computer_choices_owe_nothing_to_the_hidden_order_S15_GAP_K7_29() -> None:
    """At each decision of a game, the same position with its face-down cards dealt again
    (each generation among its own places) gets the same choice from every level."""
    scn = _kart7("tutorial")
    game = play(scn, 7, levels=("normal", "easy"))
    replay = record.from_game(game)
    live = record.start(replay)
    asked = 0
    for i, cmd in enumerate(game.commands):
        if live.state.phase == "battle":
            other = live.copy()
            conceal(other.state.k7.piles, Dice(1000 + i))
            assert unseen(other.state.k7.piles) == unseen(live.state.k7.piles)
            assert other.state.k7.piles.pioches != live.state.k7.piles.pioches
            for level in ("easy", "normal"):
                assert K7Player(level, i).choose(live) == K7Player(level, i).choose(other)
            asked += 1
        live.apply(cmd)
    assert asked >= 10


def test_the_window_draws_kart7() -> None:
    from skirmish.cli import _window_refusal

    assert _window_refusal("kart7") is None
