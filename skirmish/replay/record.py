"""Replay files: the scenario, the rules options, the seed and the player-issued
commands, each with the state hash after it (ARCHITECTURE: replay files; Wesnoth-style
check values so a divergence is caught at the exact step).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from skirmish.content.errors import ContentError, Problem, from_validation_error
from skirmish.content.loading import scenario_from_dict, scenario_to_dict
from skirmish.match import new_game
from skirmish.replay.files import read_json, write_json_atomic
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.game import Game
from skirmish.validate import validate_scenario_geometry

FORMAT = "skirmish-replay"
VERSION = 1

class Step(msgspec.Struct, frozen=True):
    command: dict[str, Any]
    hash: str


class Bookmark(msgspec.Struct, kw_only=True):
    """A marked step (0 = the start) with a title and a free note; not part of what
    ``verify`` checks, so bookmarking never changes a replay's verdict."""

    step: int
    label: str = ""
    note: str = ""


class Replay(msgspec.Struct, kw_only=True):
    """A replay (or a save: a replay of a game not finished)."""

    format: str = FORMAT
    version: int = VERSION
    ruleset: str
    ruleset_version: int
    scenario: dict[str, Any]
    options: dict[str, Any]
    seed: int
    start_hash: str
    steps: list[Step] = []
    result: dict[str, Any] | None = None
    bookmarks: list[Bookmark] = []


def from_game(game: Game) -> Replay:
    """Record a game so far. The hashes come from re-running, so ``game`` is untouched."""
    rerun = _fresh(game)
    steps = []
    start = rerun.state_hash()
    for cmd in game.commands:
        rerun.apply(cmd)
        steps.append(Step(command=c.to_builtins(cmd), hash=rerun.state_hash()))
    return Replay(
        ruleset=game.ruleset.id, ruleset_version=game.ruleset.version,
        scenario=scenario_to_dict(game.scenario),
        options=game.ruleset.options_to_dict(game.options), seed=game.seed, start_hash=start,
        steps=steps, result=getattr(game.state, "result", None),
    )


def _fresh(game: Game) -> Game:
    return new_game(game.scenario, game.seed, game.ruleset.options_to_dict(game.options),
                    table=game.table)  # type: ignore[arg-type]


def save(replay: Replay, path: str | Path) -> None:
    write_json_atomic(path, msgspec.to_builtins(replay))


def load(path: str | Path) -> Replay:
    """Read and check the envelope; errors name the file and the entry."""
    data = read_json(path)
    fmt = data.get("format")
    if fmt != FORMAT:
        raise ContentError(str(path), "format", f"not a Skirmish replay (format {fmt!r})")
    version = data.get("version")
    if version != VERSION:
        raise ContentError(str(path), "version",
                           f"replay version {version!r} is not supported (expected {VERSION})")
    try:
        return msgspec.convert(data, Replay)
    except msgspec.ValidationError as e:
        raise ContentError.from_problems([from_validation_error(e, str(path))]) from None


def start(replay: Replay, source: str = "<replay>") -> Game:
    """The game at the replay's start (before its first command); a broken embedded
    scenario is reported against the replay file, entry ``scenario.…``."""
    try:
        scenario = scenario_from_dict(replay.scenario, source)
    except ContentError as e:
        raise ContentError.from_problems([_in_scenario(p, source) for p in e.problems]) from None
    problems = validate_scenario_geometry(scenario, source)
    if problems:
        raise ContentError.from_problems([_in_scenario(p, source) for p in problems])
    try:
        return new_game(scenario, replay.seed, replay.options)
    except msgspec.ValidationError as e:
        raise ContentError.from_problems([from_validation_error(e, source, "options")]) from None


def _in_scenario(p: Problem, source: str) -> Problem:
    entry = p.entry if p.entry.startswith("scenario") else f"scenario.{p.entry}"
    return Problem(source, entry, p.problem)


def command_at(replay: Replay, i: int, source: str) -> c.Command:
    try:
        return c.from_builtins(replay.steps[i].command)
    except msgspec.ValidationError as e:
        raise ContentError(source, f"steps[{i}].command", str(e)) from None


class Divergence(msgspec.Struct, frozen=True):
    """The first step whose state hash differs (``step`` −1 = the start)."""

    step: int
    expected: str
    actual: str
    command: dict[str, Any] | None = None


def verify(replay: Replay, source: str = "<replay>") -> Divergence | None:
    """Re-run every command and compare hashes; None if the replay reproduces exactly."""
    game = start(replay, source)
    if game.state_hash() != replay.start_hash:
        return Divergence(step=-1, expected=replay.start_hash, actual=game.state_hash())
    for i, step in enumerate(replay.steps):
        cmd = command_at(replay, i, source)
        try:
            game.apply(cmd)
        except IllegalCommand as e:
            raise ContentError(source, f"steps[{i}].command", f"illegal here: {e}") from None
        actual = game.state_hash()
        if actual != step.hash:
            return Divergence(step=i, expected=step.hash, actual=actual, command=step.command)
    return None
