"""The computer levels by name: the one module that knows them all, so each level builds
on the shared interface of :mod:`skirmish.ai.player` and none on the factory."""

from __future__ import annotations

from skirmish.ai.hard import HardPlayer
from skirmish.ai.kart7 import K7Player
from skirmish.ai.normal import NormalPlayer
from skirmish.ai.player import LEVELS, Plan, Player
from skirmish.ai.simple import SimplePlayer
from skirmish.rules import commands as c
from skirmish.rules.game import Game


class ByRuleset:
    """One seat, played by the level's player of the game's ruleset: the Skirmish
    engine's players (Skirmish, Les Clefs de l'Aube), or KART 7's own."""

    def __init__(self, engine: Player, kart7: K7Player) -> None:
        self.engine = engine
        self.kart7 = kart7
        self._last: Player = engine

    def choose(self, game: Game) -> c.Command:
        self._last = self.kart7 if game.ruleset.id == "kart7" else self.engine
        return self._last.choose(game)

    def take_plan(self) -> Plan | None:
        return self._last.take_plan()


def make_player(level: str, seed: int, *, budget: float = 1.0, rollouts: int = 0,
                clock: bool = True) -> Player:
    """A computer player of ``level`` (easy, normal or hard) with its own seeded choices.
    ``budget`` is the hard level's time per activation in seconds, turned into a fixed
    count of rollouts; ``rollouts`` > 0 sets that count instead; ``clock=False`` drops the
    wall-clock safety, so the choice never depends on the machine (batch runs, tests)."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r} (expected one of "
                         f"{', '.join(LEVELS)})")
    engine: Player
    if level == "easy":
        engine = SimplePlayer(seed)
    elif level == "normal":
        engine = NormalPlayer(seed)
    else:
        engine = HardPlayer(seed, budget=budget, rollouts=rollouts, clock=clock)
    return ByRuleset(engine, K7Player(level, seed))
