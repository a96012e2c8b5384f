"""The computer levels by name: the one module that knows them all, so each level builds
on the shared interface of :mod:`skirmish.ai.player` and none on the factory."""

from __future__ import annotations

from skirmish.ai.hard import HardPlayer
from skirmish.ai.normal import NormalPlayer
from skirmish.ai.player import LEVELS, Player
from skirmish.ai.simple import SimplePlayer


def make_player(level: str, seed: int, *, budget: float = 1.0, rollouts: int = 0,
                clock: bool = True) -> Player:
    """A computer player of ``level`` (easy, normal or hard) with its own seeded choices.
    ``budget`` is the hard level's time per activation in seconds, turned into a fixed
    count of rollouts; ``rollouts`` > 0 sets that count instead; ``clock=False`` drops the
    wall-clock safety, so the choice never depends on the machine (batch runs, tests)."""
    if level == "easy":
        return SimplePlayer(seed)
    if level == "normal":
        return NormalPlayer(seed)
    if level == "hard":
        return HardPlayer(seed, budget=budget, rollouts=rollouts, clock=clock)
    raise ValueError(f"unknown computer level {level!r} (expected one of {', '.join(LEVELS)})")
