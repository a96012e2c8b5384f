"""Headless games across every shipped scenario, saved as replay files."""

from __future__ import annotations

from pathlib import Path

from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.match import build_table
from skirmish.replay import record
from skirmish.sim import game_seed, play


def shipped() -> list[Path]:
    return sorted(SCENARIOS.glob("*.toml"))


def replay_files(out: Path, games: int, seed: int = 9) -> list[Path]:
    """``games`` games spread evenly over the shipped scenarios, one replay file each."""
    scenarios = [load_scenario(p) for p in shipped()]
    return [_saved(out, scenarios, i, seed) for i in range(games)]


def replay_file(out: Path, i: int, seed: int = 9) -> Path:
    """The ``i``-th file :func:`replay_files` would write, without playing the others."""
    return _saved(out, [load_scenario(p) for p in shipped()], i, seed)


def _saved(out: Path, scenarios: list, i: int, seed: int) -> Path:
    scn = scenarios[i % len(scenarios)]
    game = play(scn, game_seed(seed, i), build_table(scn), hashes=True)
    path = out / f"{scn.id}-{i:04d}.replay.json"
    record.save(record.from_game(game), path)
    return path


def walk_and_check(path: Path, seed: int, moves: int = 60) -> int:
    """Verify ``path``, then move its timeline at random — seeks, single steps both ways
    and jumps to turns, waves and activations — checking after every move that the game
    has the recorded state hash and the log as it stood at that step. Returns the number
    of positions checked."""
    import random

    from skirmish.replay.timeline import Timeline

    replay = record.load(path)
    assert record.verify(replay, str(path)) is None, f"{path} does not verify"
    tl = Timeline(replay, str(path))
    rng = random.Random(seed)
    kinds = ("turn", "wave", "activation")
    checked = 0
    for _ in range(moves):
        move = rng.random()
        if move < 0.3:
            tl.seek(rng.randrange(tl.length + 1))
        elif move < 0.55:
            for _ in range(rng.randint(1, 5)):
                tl.back()
        elif move < 0.8:
            for _ in range(rng.randint(1, 5)):
                tl.forward()
        else:
            mark = tl.next_mark(rng.choice(kinds), forward=rng.random() < 0.5)
            if mark is not None:
                tl.seek(mark.step)
        p = tl.position
        assert tl.game.state_hash() == tl.hashes[p], f"{path}: step {p} hash differs"
        assert tl.game.log == tl.events_until(p)
        assert len(tl.game.commands) == p
        checked += 1
    return checked
