"""The computer levels by name: the one module that knows them all, so each level builds
on the shared interface of :mod:`skirmish.ai.player` and none on the factory."""

from __future__ import annotations

from skirmish.ai.cle_en_main import CleEnMainPlayer
from skirmish.ai.hard import HardPlayer
from skirmish.ai.normal import NormalPlayer
from skirmish.ai.player import LEVELS, Plan, Player
from skirmish.ai.simple import SimplePlayer
from skirmish.rules.cle_en_main.profile import RULESET
from skirmish.rules.commands import Command
from skirmish.rules.game import Game


def make_player(level: str, seed: int, *, budget: float = 1.0, rollouts: int = 0,
                clock: bool = True) -> Player:
    """A computer player of ``level`` (easy, normal or hard) with its own seeded choices.
    ``budget`` is the hard level's time per activation in seconds, turned into a fixed
    count of rollouts; ``rollouts`` > 0 sets that count instead; ``clock=False`` drops the
    wall-clock safety, so the choice never depends on the machine (batch runs, tests)."""
    if level == "easy":
        return ByRuleset(SimplePlayer(seed), seed)
    if level == "normal":
        return ByRuleset(NormalPlayer(seed), seed)
    if level == "hard":
        return ByRuleset(HardPlayer(seed, budget=budget, rollouts=rollouts, clock=clock), seed)
    raise ValueError(f"unknown computer level {level!r} (expected one of {', '.join(LEVELS)})")


class ByRuleset:
    """A level's player, which plays the games of the rulesets on the Skirmish engine,
    and the Clé en main player for that ruleset's games (its scheduler and odds are its
    own: :mod:`skirmish.ai.cle_en_main`)."""

    def __init__(self, player: Player, seed: int) -> None:
        self.player = player
        self.cle_en_main = CleEnMainPlayer(seed)
        self._last: Player = player

    def choose(self, game: Game) -> Command:
        self._last = self.cle_en_main if game.state.ruleset == RULESET else self.player
        return self._last.choose(game)

    def take_plan(self) -> Plan | None:
        return self._last.take_plan()
