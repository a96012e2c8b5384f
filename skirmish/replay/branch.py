"""Continue from here: a new game that starts where a replay stands at some step.

The branch is a game of its own — the same scenario, seed and options, the replay's
first ``step`` commands, then whatever is played next — with each band human or
computer as asked. It is written at once to its own file (a replay that verifies),
never over the original.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from skirmish.content.scenario import Scenario
from skirmish.match import new_game
from skirmish.replay import record
from skirmish.replay.timeline import Timeline
from skirmish.rules.game import Game


def free_path(folder: Path, stem: str, step: int) -> Path:
    """``<stem>.branch-<step>.json`` in ``folder``, numbered if that name is taken."""
    path = folder / f"{stem}.branch-{step}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}.branch-{step}-{n}.json"
        n += 1
    return path


def _controlled(scenario: Scenario, controllers: dict[str, str]) -> Scenario:
    bands = tuple(msgspec.structs.replace(b, controller=controllers.get(b.warband.id,
                                                                        b.controller))
                  for b in scenario.bands)
    return msgspec.structs.replace(scenario, bands=bands)


def branch(timeline: Timeline, step: int, controllers: dict[str, str], path: Path) -> Game:
    """The game at ``step`` as a new game (with undo, as the window plays it), saved to
    ``path``; ``controllers`` maps band ids to "human" or "computer"."""
    if Path(path).resolve() == Path(timeline.source).resolve():
        raise ValueError("a branch never overwrites the replay it comes from")
    source = timeline.game.scenario
    game = new_game(_controlled(source, controllers), timeline.replay.seed,
                    timeline.replay.options, table=timeline.game.table, undo=True,
                    rules_version=timeline.replay.ruleset_version)
    for i, cmd in enumerate(timeline.commands[:step]):
        record.play_retries(game, timeline.replay, i, timeline.source)  # as it was played
        game.apply(cmd)
    record.save(record.from_game(game), path)
    return game
