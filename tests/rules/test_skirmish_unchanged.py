"""Adding a ruleset changes no Skirmish game: a few whole Skirmish games — the
replay (scenario, options, seed, commands) and the log it made — are stored gzipped under
``tests/rules/golden``; re-running the commands must give the same log, byte for byte.

They are refreshed only by a Skirmish rules fix that says why:
``python -m tests.rules.test_skirmish_unchanged`` (run from the repository root).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import msgspec
import pytest

from skirmish.replay import record
from skirmish.rules import events

GOLDEN = Path(__file__).parent / "golden"
GAMES = (("street_fight", 1), ("open_field", 2), ("three_band_brawl", 3))
TURNS = 3  # short games keep the files small


def _log_lines(log: list[events.Event]) -> list[str]:
    return [events.encode(e).decode("utf-8") for e in log]


def _path(name: str, seed: int) -> Path:
    return GOLDEN / f"skirmish_{name}_{seed}.json.gz"


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_stored_skirmish_games_replay_to_the_same_log(name: str, seed: int) -> None:
    stored = json.loads(gzip.decompress(_path(name, seed).read_bytes()))
    replay = msgspec.convert(stored["replay"], record.Replay)
    assert replay.ruleset == "skirmish"
    game = record.start(replay)
    for i in range(len(replay.steps)):
        game.apply(record.command_at(replay, i, name))
        assert game.state_hash() == replay.steps[i].hash, f"{name}: step {i} diverges"
    got = _log_lines(game.log)
    for i, (a, b) in enumerate(zip(got, stored["log"], strict=False)):
        assert a == b, f"{name}: log line {i} differs"
    assert len(got) == len(stored["log"])


def regenerate() -> None:
    from skirmish.content.loading import load_scenario
    from skirmish.sim import play

    GOLDEN.mkdir(exist_ok=True)
    for name, seed in GAMES:
        scn = load_scenario(Path("scenarios") / f"{name}.toml")
        scn = msgspec.structs.replace(scn, options={**scn.options, "max_turns": TURNS})
        game = play(scn, seed)
        data = {"replay": msgspec.to_builtins(record.from_game(game)),
                "log": _log_lines(game.log)}
        raw = json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8")
        _path(name, seed).write_bytes(gzip.compress(raw, mtime=0))


if __name__ == "__main__":
    regenerate()
