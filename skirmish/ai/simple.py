"""A simple legal-move player for headless games (``skirmish simulate``).

It is not clever, only purposeful enough that games end by the rules: it answers
decisions with their default, deploys automatically, strikes when in contact, shoots
when it can, charges or advances on the nearest enemy, and otherwise ends its
activation. Its own choices come from its own seeded ``random.Random``, never from the
game's dice.
"""

from __future__ import annotations

import math
import random

from skirmish.rules import commands as c
from skirmish.rules.game import Game


class SimplePlayer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> c.Command:
        state = game.state
        if state.pending is not None:
            return c.Choose(option=state.pending.default)
        legal = game.legal_commands()
        if not legal:
            raise RuntimeError("no legal command")
        by_type: dict[type, list[c.Command]] = {}
        for cmd in legal:
            by_type.setdefault(type(cmd), []).append(cmd)
        for kind in (c.AutoDeploy, c.EndDeployment):
            if kind in by_type:
                return by_type[kind][0]
        if c.Activate in by_type:
            return self.rng.choice(by_type[c.Activate])
        for kind, p in ((c.Strike, 1.0), (c.Shoot, 0.9), (c.Charge, 0.5), (c.UseMedikit, 0.8),
                        (c.Flee, 0.2)):
            if kind in by_type and self.rng.random() < p:
                return self.rng.choice(by_type[kind])
        moves = by_type.get(c.Walk, []) + by_type.get(c.Run, [])
        if moves and self.rng.random() < 0.9:
            return self._advance(game, moves)
        if c.Climb in by_type and self.rng.random() < 0.3:
            return self.rng.choice(by_type[c.Climb])
        return by_type.get(c.EndActivation, legal)[0]

    def _advance(self, game: Game, moves: list[c.Command]) -> c.Command:
        """The move that ends nearest an enemy (ties broken by the player's own dice)."""
        me = game.state.figures[game.state.active]
        foes = [f for f in game.state.figures.values()
                if f.status == "in_play" and f.band != me.band]
        if not foes or self.rng.random() < 0.2:
            return self.rng.choice(moves)

        def score(cmd: c.Command) -> float:
            to = cmd.to  # type: ignore[attr-defined]
            return min(math.dist(to, f.pos) for f in foes)

        return min(moves, key=lambda m: (score(m), self.rng.random()))
