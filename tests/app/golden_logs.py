"""The stored Skirmish games (tests/rules/golden) replayed and said by the window's
Describer, for tests that read whole-game logs in a language."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import msgspec

from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator
from skirmish.replay import record
from skirmish.rules.game import Game

GOLDEN = Path(__file__).parents[1] / "rules" / "golden"


def golden_games() -> Iterator[Game]:
    """Each stored game, replayed to its end."""
    for path in sorted(GOLDEN.glob("*.json.gz")):
        stored = json.loads(gzip.decompress(path.read_bytes()))
        replay = msgspec.convert(stored["replay"], record.Replay)
        game = record.start(replay)
        for i in range(len(replay.steps)):
            game.apply(record.command_at(replay, i, path.name))
        yield game


def log_lines(game: Game, lang: str) -> list[str]:
    """The game's log as the window writes it in ``lang``."""
    say = Describer(game.state, game.book, Translator(lang), game.scenario)
    return [x for x in map(say.line, game.log) if x]
