"""A simple legal-move player for headless games (``skirmish simulate``).

It is not clever, only purposeful enough that games end by the rules: it answers
decisions with their default, deploys automatically, strikes when in contact, shoots
when it can, charges enemies within reach, and otherwise advances on the nearest enemy.
Its own choices come from its own seeded ``random.Random``, never from the game's dice.
"""

from __future__ import annotations

import math
import random

from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.skirmish.legal import slide_towards
from skirmish.rules.skirmish.movement import run_allowance, walk_allowance
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.rules.skirmish.queries import gap


class SimplePlayer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> c.Command:
        state = game.state
        if state.pending is not None:
            return c.Choose(option=state.pending.default)
        legal = game.legal_commands(sample_moves=False)
        by_type: dict[type, list[c.Command]] = {}
        for cmd in legal:
            by_type.setdefault(type(cmd), []).append(cmd)
        for kind in (c.AutoDeploy, c.EndDeployment):
            if kind in by_type:
                return by_type[kind][0]
        if c.Activate in by_type:
            return self.rng.choice(by_type[c.Activate])
        if not by_type.get(c.EndActivation):
            return legal[0]
        me = state.figures[state.active]
        charges = [cmd for cmd in by_type.get(c.Charge, [])
                   if gap(me, state.figures[cmd.target]) <= run_allowance(me)]  # type: ignore[attr-defined]
        for options, p in ((by_type.get(c.Strike, []), 1.0), (by_type.get(c.Shoot, []), 0.9),
                           (charges, 0.7), (by_type.get(c.UseMedikit, []), 0.8),
                           (by_type.get(c.Flee, []), 0.2)):
            if options and self.rng.random() < p:
                return self.rng.choice(options)
        move = self._advance(game) if self.rng.random() < 0.9 else None
        if move is not None:
            return move
        if c.Climb in by_type and self.rng.random() < 0.3:
            return self.rng.choice(by_type[c.Climb])
        return by_type[c.EndActivation][0]

    def _advance(self, game: Game) -> c.Command | None:
        """Walk (or run) straight at the nearest enemy, or somewhere at random."""
        ctx = ctx_of(game)
        me = ctx.fig(game.state.active)
        if me.climbing is not None or me.routing:
            return None  # on a rope it can only climb; a routing figure moves by itself
        foes = [f for f in ctx.in_play() if f.band != me.band]
        run = me.pa >= 2 and not me.no_run and self.rng.random() < 0.5
        allowance = run_allowance(me) if run else walk_allowance(me)
        if foes and self.rng.random() < 0.8:
            goal = min(foes, key=lambda f: (math.dist(me.pos, f.pos), f.id)).pos
        else:
            a = self.rng.uniform(0, 2 * math.pi)
            goal = (me.x + 100 * math.cos(a), me.y + 100 * math.sin(a))
        end = slide_towards(ctx, me, goal, allowance)
        if end is None:
            return None
        return c.Run(figure=me.id, to=end) if run else c.Walk(figure=me.id, to=end)
