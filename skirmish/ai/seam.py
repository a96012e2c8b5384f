"""The computer player of a ruleset with its own scheduler (WFRP's ladder…), at every level.

It reads only the seam: ``legal_commands`` (the ruleset samples the moves), the turn view
(who acts, RULESETS S4), the exact odds of each command (``Game.odds``, S14) and the
decisions' options. Each command of the acting figure is weighed in VP: an attack by the
VP its odds expect to take (out of action, dead, and a share of the health it takes), per
half action it costs; a move by how near it brings the figure to its goal — the nearest
enemy, or an objective nearer than any enemy — so that figures close in and fight. The
normal and hard levels take the best; the easy level chooses among the near-best at
random. Decisions: a parry or dodge by its chance (the ruleset's default is its best), a
Fortune reroll when a point is left, Destin always; the others by their default.
"""

from __future__ import annotations

import math
import random

from skirmish.ai.player import BAND_DOES, Plan, Planner, band_plan, odds_plan
from skirmish.content.models import Rank
from skirmish.rules import commands as c
from skirmish.rules.game import Game

#: The value of a half action spent without harming anyone (a move is worth its progress).
STEP_VALUE = 0.02
#: Progress towards the goal, in VP per pas.
PROGRESS = 0.01
#: The easy level picks at random among commands within this much of the best.
EASY_SLACK = 0.15
#: The decisions answered by the player itself rather than by their default.
REROLL, DESTIN = "reroll", "destin"


def _cost(cmd: c.Command) -> int:
    """Half actions a command spends (the heavier actions two)."""
    if isinstance(cmd, (c.Run, c.Charge, c.Flee, c.UseMedikit)):
        return 2
    if isinstance(cmd, c.Act):
        return 2 if cmd.action in ("rapide", "brutale", "prudente", "defensive",
                                   "rechargement") else 1
    return 1


class SeamPlayer(Planner):
    def __init__(self, seed: int, *, easy: bool = False) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.easy = easy

    def choose(self, game: Game) -> c.Command:
        state = game.state
        pending = getattr(state, "pending", None)
        if pending is not None:
            keys = [o.key for o in pending.options]
            for wanted in (REROLL, DESTIN):
                if wanted in keys:
                    return c.Choose(option=wanted)
            return c.Choose(option=pending.default)
        cmds = game.legal_commands(sample_moves=True)
        band = game.to_act or ""
        for kind in BAND_DOES:
            found = [cmd for cmd in cmds if isinstance(cmd, kind)]
            if found:
                self._plan = band_plan(game, band, found[0])
                return found[0]
        view = game.turn_view()
        if view.figure is None:
            return cmds[0]
        scored = [(self._value(game, view.figure, cmd), i, cmd) for i, cmd in enumerate(cmds)]
        best = max(v for v, _, _ in scored)
        if self.easy:
            near = [cmd for v, _, cmd in scored if v >= best - EASY_SLACK]
            cmd = self.rng.choice(near)
        else:
            cmd = max(scored, key=lambda x: (x[0], -x[1]))[2]
        key = (state.turn, view.figure)
        if self._planned != key:
            self._planned = key
            self._plan = self._line(game, view.figure, cmd)
        return cmd

    # -- weighing ------------------------------------------------------------------------
    def _value(self, game: Game, fid: str, cmd: c.Command) -> float:
        if isinstance(cmd, c.EndActivation):
            return 0.0
        o = game.odds(cmd)
        if o is not None and o.harms:
            vp = game.book.victory_points
            worth = 0.0
            for h in o.harms:
                rank = Rank(game.state.figures[h.figure].rank)
                worth += h.p_out * vp.out_of_action[rank] \
                    + h.p_dead * (vp.dead[rank] - vp.out_of_action[rank]) + h.loss
            return o.attacks * worth / _cost(cmd)
        if isinstance(cmd, (c.Walk, c.Run)):
            f = game.state.figures[fid]
            goal = self._goal(game, fid)
            if goal is None:
                return -STEP_VALUE
            gain = math.dist(f.pos, goal) - math.dist(cmd.to, goal)
            return PROGRESS * gain / _cost(cmd) if gain > 0 else -STEP_VALUE
        if isinstance(cmd, c.Act) and cmd.action in ("visee", "parade"):
            return STEP_VALUE / 2
        return -STEP_VALUE

    def _goal(self, game: Game, fid: str) -> tuple[float, float] | None:
        """The nearest enemy in play, or an objective nearer than it that no ally holds."""
        s = game.state
        f = s.figures[fid]
        foes = [e.pos for e in s.figures.values() if e.band != f.band and e.status == "in_play"]
        near = min(foes, key=lambda p: math.dist(f.pos, p), default=None)
        for obj in s.objectives:
            held = any(a.band == f.band and a.status == "in_play"
                       and math.dist(a.pos, obj.at) <= obj.radius + a.base / 2
                       for a in s.figures.values() if a.id != fid)
            if not held and (near is None or math.dist(f.pos, obj.at) < math.dist(f.pos, near)):
                near = obj.at
        return near

    def _line(self, game: Game, fid: str, cmd: c.Command) -> Plan:
        """The activation's line, worded as the other levels word theirs."""
        return odds_plan(game, fid, cmd)
