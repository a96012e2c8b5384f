"""A game that kept its state hashes as it was played is recorded from them, without
playing it again (ARCHITECTURE: replay files): the file must be the very one that
re-running the game gives, under every ruleset, and a game whose hashes cannot be
trusted (a retry) is re-run instead."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from skirmish.content.loading import load_scenario
from skirmish.match import new_game
from skirmish.replay import record
from skirmish.rules.events import Roll
from skirmish.rules.game import Game
from skirmish.sim import play
from tests.rules.ruleset_files import ruleset_copy

RULESETS = ("skirmish", "clefs_aube", "wfrp2", "cle_en_main", "kart7")


def _replayed(game: Game) -> bytes:
    """The replay file of ``game`` recorded by re-running it (its kept hashes set aside)."""
    kept, game.hashes = game.hashes, None
    try:
        return record.encoded(record.from_game(game))
    finally:
        game.hashes = kept


@pytest.mark.parametrize("ruleset", RULESETS)
def test_recorded_from_kept_hashes_is_the_replayed_file(tmp_path: Path, ruleset: str) -> None:
    """Byte for byte the same replay file: forty commands of the street fight a ruleset,
    drawn from the legal ones with a fixed seed (rolls and their dice included)."""
    scenario = load_scenario(ruleset_copy(tmp_path, "street_fight", ruleset))
    game = new_game(scenario, 5)
    game.keep_hashes()
    pick = random.Random(7)
    while len(game.commands) < 40 and not game.over:
        game.apply(pick.choice(game.legal_commands(sample_moves=False)))
    assert any(isinstance(e, Roll) and e.dice for e in game.log)
    assert game.hashes is not None and len(game.hashes) == len(game.commands) + 1
    assert record.encoded(record.from_game(game)) == _replayed(game)
    state, digest = game.state_and_hash()  # the state encoded once for a snapshot and hash
    assert game.state_bytes().startswith(state)
    assert digest == hashlib.blake2b(game.state_bytes(), digest_size=8).hexdigest()


def test_undo_drops_the_kept_hash(tmp_path: Path) -> None:
    """An undone command (ARCHITECTURE convention 6) takes its hash with it; the file
    stays the re-run one."""
    scenario = load_scenario(ruleset_copy(tmp_path, "street_fight", "skirmish", turns=1))
    game = new_game(scenario, 5, undo=True)
    game.keep_hashes()
    while not game.can_undo():  # the first command that rolls no dice can be undone
        game.apply(game.legal_commands()[0])
    played = len(game.commands)
    game.undo()
    assert game.hashes is not None and len(game.hashes) == played
    assert record.encoded(record.from_game(game)) == _replayed(game)


def test_a_retry_stops_keeping_hashes_and_hashes_start_at_the_start(tmp_path: Path) -> None:
    """A retried activation is recorded with its discarded attempt, which only a re-run
    gives: the game stops keeping hashes; and hashes are never kept from mid-game."""
    scenario = load_scenario(ruleset_copy(tmp_path, "street_fight", "skirmish", turns=1))
    game = play(scenario, 5, hashes=True)
    back_to = game.snapshot()
    game.retry(back_to, 1, "x")
    assert game.hashes is None
    with pytest.raises(ValueError, match="from a game's start"):
        game.keep_hashes()
