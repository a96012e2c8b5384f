"""A simple legal-move player for headless games (``skirmish simulate``).

It is not clever, only purposeful enough that games end by the rules: it answers
decisions with their default, deploys automatically, strikes when in contact, shoots
when it can, charges enemies within reach, and otherwise advances on the nearest enemy.
It asks the rules for one kind of action at a time, in that order, so it does not pay
for the whole list of legal commands at every step. Its own choices come from its own
seeded ``random.Random``, never from the game's dice.
"""

from __future__ import annotations

import math
import random

from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.skirmish import legal
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.movement import move_allowance, run_allowance
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.rules.skirmish.queries import enemies_in_play, engaged_with, gap
from skirmish.rules.skirmish.state import Figure


class SimplePlayer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> c.Command:
        state = game.state
        if state.pending is not None:
            return c.Choose(option=state.pending.default)
        if state.active is None:
            cmds = game.legal_commands(sample_moves=False)
            for kind in (c.AutoDeploy, c.EndDeployment):
                found = [cmd for cmd in cmds if isinstance(cmd, kind)]
                if found:
                    return found[0]
            activations = [cmd for cmd in cmds if isinstance(cmd, c.Activate)]
            return self.rng.choice(activations) if activations else cmds[0]
        ctx = ctx_of(game)
        return self._act(ctx, ctx.fig(state.active))

    def _act(self, ctx: Ctx, me: Figure) -> c.Command:
        rng = self.rng
        if me.routing:  # it flees a melee if it can, else strikes or passes (GAP-55)
            return rng.choice(legal.figure_commands(ctx, me, sample_moves=False))
        strikes = legal.strike_commands(ctx, me)
        if strikes:
            return rng.choice(strikes)
        if rng.random() < 0.9:
            shots = legal.shoot_commands(ctx, me)
            if shots:
                return rng.choice(shots)
        if rng.random() < 0.7 and me.pa >= 1:
            charges = legal.charge_commands(ctx, me, near=run_allowance(me))
            if charges:
                return rng.choice(charges)
        if me.medikit_left and rng.random() < 0.8:
            heal = legal.medikit_commands(ctx, me)
            if heal:
                return rng.choice(heal)
        if engaged_with(ctx, me):
            if rng.random() < 0.2:
                flee = [cmd for cmd in legal.figure_commands(ctx, me, sample_moves=False)
                        if isinstance(cmd, c.Flee)]
                if flee:
                    return flee[0]
            return c.EndActivation(figure=me.id)
        move = self._advance(ctx, me) if rng.random() < 0.9 else None
        if move is not None:
            return move
        if rng.random() < 0.3:
            climbs = legal.climb_commands(ctx, me)
            if climbs:
                return rng.choice(climbs)
        return c.EndActivation(figure=me.id)

    def _advance(self, ctx: Ctx, me: Figure) -> c.Command | None:
        """Walk (or run) straight at the nearest enemy, or somewhere at random."""
        if me.climbing is not None or me.pa < 1:
            return None  # on a rope it can only climb
        foes = enemies_in_play(ctx, me)
        run = me.pa >= 2 and not me.no_run and self.rng.random() < 0.5
        budget = move_allowance(me, run)
        if foes and self.rng.random() < 0.8:
            goal = min(foes, key=lambda f: (gap(me, f), f.id)).pos
        else:
            a = self.rng.uniform(0, 2 * math.pi)
            goal = (me.x + 100 * math.cos(a), me.y + 100 * math.sin(a))
        end = legal.slide_towards(ctx, me, goal, budget)
        if end is None:
            return None
        return c.Run(figure=me.id, to=end) if run else c.Walk(figure=me.id, to=end)
