"""The easy computer player: a simple legal-move player.

It is not clever, only purposeful enough that games end by the rules: it answers
decisions with their default (a secret manoeuvre of Les Clefs de l'Aube by a quick look
at the odds, :mod:`skirmish.ai.answers`, with fewer copies than the normal level's),
deploys automatically, strikes when in contact, shoots when it can, charges enemies
within reach, and otherwise advances on the nearest enemy.
It asks the rules for one kind of action at a time, in that order, so it does not pay
for the whole list of legal commands at every step. Its own choices come from its own
seeded ``random.Random``, never from the game's dice. To be less predictable it
advances on one of the three nearest enemies (the nearer, the likelier) and aims a
little to one side. Its plan line only says what it does, without odds.
"""

from __future__ import annotations

import math
import random

from skirmish.ai.answers import by_the_odds, secret_question
from skirmish.ai.player import Plan, Planner, finish_plan, finishing, plain_plan
from skirmish.rules import commands as c
from skirmish.rules.frame.queries import enemies_in_play, engaged_with, gap
from skirmish.rules.game import Game
from skirmish.rules.skirmish import legal
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.movement import move_allowance, run_allowance
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.rules.skirmish.state import Figure

#: Copies of the game per answer to a secret manoeuvre: one for each of the enemy's.
SECRET_SAMPLES = 3
#: The nearest enemies' odds of being the one advanced on, 4 : 2 : 1, summed up as
#: ``random.choices`` sums its weights (the same draw, without summing them each time).
NEAR_ODDS = [4, 6, 7]


class SimplePlayer(Planner):
    def __init__(self, seed: int) -> None:
        super().__init__()
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> c.Command:
        cmd = self._choose(game)
        state = game.state
        if state.active is not None and state.pending is None and self._planned != (
                state.turn, state.active):
            self._planned = (state.turn, state.active)
            self._plan = _plan_line(game, state.active, cmd)
        return cmd

    def _choose(self, game: Game) -> c.Command:
        state = game.state
        if state.pending is not None:
            if secret_question(game):
                return by_the_odds(game, SECRET_SAMPLES)
            return c.Choose(option=state.pending.default)
        if state.active is None:
            cmds = game.legal_commands(sample_moves=False)
            if state.phase == "deployment":  # no Activate to choose from there
                for kind in (c.AutoDeploy, c.EndDeployment):
                    found = next((cmd for cmd in cmds if isinstance(cmd, kind)), None)
                    if found is not None:
                        return found
            activations = [cmd for cmd in cmds if type(cmd) is c.Activate]
            return self.rng.choice(activations) if activations else cmds[0]
        ctx = ctx_of(game)
        return self._act(game, ctx, ctx.fig(state.active))

    def _act(self, game: Game, ctx: Ctx, me: Figure) -> c.Command:
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
            # the ruleset's own (Les Clefs de l'Aube heals fatigue, GAP-CA-23)
            heal = [x for x in game.legal_commands(sample_moves=False)
                    if isinstance(x, c.UseMedikit)]
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
            near = sorted(foes, key=lambda f: (gap(me, f), f.id))[:3]
            foe = self.rng.choices(near, cum_weights=NEAR_ODDS[:len(near)], k=1)[0]
            side = self.rng.uniform(-1.5, 1.5)
            goal = (foe.x + side, foe.y - side)
        else:
            a = self.rng.uniform(0, 2 * math.pi)
            goal = (me.x + 100 * math.cos(a), me.y + 100 * math.sin(a))
        end = legal.slide_towards(ctx, me, goal, budget)
        if end is None:
            return None
        return c.Run(figure=me.id, to=end) if run else c.Walk(figure=me.id, to=end)


def _plan_line(game: Game, figure: str, cmd: c.Command) -> Plan:
    fig = game.state.figures[figure]
    target = getattr(cmd, "target", None)
    tname = game.state.figures[target].name if target in game.state.figures else ""
    verb = {c.Strike: "strikes", c.Shoot: "shoots at", c.Charge: "charges",
            c.UseMedikit: "tends"}.get(type(cmd))
    if isinstance(cmd, c.Strike) and finishing(game, cmd.target):
        return finish_plan(game, figure, cmd.target)
    if verb and tname:
        return Plan(band=fig.band, figure=figure, text=f"{fig.name} {verb} {tname}",
                    key="ai.plan_" + type(cmd).__name__.lower() + "_plain",
                    params={"figure": fig.name, "target": tname})
    if isinstance(cmd, (c.Walk, c.Run)):
        return Plan(band=fig.band, figure=figure, text=f"{fig.name} advances",
                    key="ai.plan_advance", params={"figure": fig.name})
    return plain_plan(game, figure, cmd)
