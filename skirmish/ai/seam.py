"""The computer player of a ruleset with its own scheduler (WFRP's ladder…), at every
level, through the seam alone: ``legal_commands`` (the ruleset samples the moves), the
turn view (who acts, S4), the exact odds of each command (``Game.odds``, S14), the action
bar's costs and prices (§0.7) and the decisions' options (S7). It names no ruleset's
action or resource.

A command of the acting figure is weighed in VP (:mod:`.seam_worth`): an attack by what
its odds expect it to take, a move by how near it brings the figure to its goal — the
nearest enemy, or an objective nearer than any enemy — less the price of any resource
it spends. The levels differ in how far they look:

- easy is simple: any attack it may make, at random, whatever its odds; else the best
  move;
- normal takes the best by weight per unit of budget (one step, by the odds);
- hard looks one activation ahead: for its most promising commands it plays each on
  copies of the game with forked dice and adds the best the figure can still do with
  what is left of its budget (a move that reaches contact and the blow after it, an aim
  before a long shot), and takes the best total. A resource spent on an action (WFRP's
  Fortune half action) is priced at what a point kept is worth.

Every level answers a decision by the exact odds of each answer (:mod:`.seam_answers`).
"""

from __future__ import annotations

import math
import random

from skirmish.ai.player import BAND_DOES, Plan, Planner, band_plan, odds_plan
from skirmish.ai.seam_answers import by_the_odds, settle
from skirmish.ai.seam_worth import Costs, harm_worth, price
from skirmish.rules import commands as c
from skirmish.rules.game import Game

#: The value of a unit of budget spent without harming anyone (a move is worth its progress).
STEP_VALUE = 0.02
#: Progress towards the goal, in VP per pas.
PROGRESS = 0.01
#: The hard level's look-ahead: how many commands it plays out (the best by one step, and
#: the best moves among them), and on how many copies one with dice.
AHEAD, AHEAD_MOVES, AHEAD_SAMPLES = 6, 3, 3
SALT = 4_999  # keeps the look-ahead's dice apart from every other copy's


class SeamPlayer(Planner):
    def __init__(self, seed: int, level: str = "normal") -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.level = level
        self.costs = Costs()

    def choose(self, game: Game) -> c.Command:
        state = game.state
        if getattr(state, "pending", None) is not None:
            return by_the_odds(game)
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
        fid = view.figure
        scored = [(self._gain(game, fid, cmd) / max(1, self._units(game, fid, cmd)), i, cmd)
                  for i, cmd in enumerate(cmds)]
        attacks = [cmd for cmd in cmds if self._harms(game, cmd)] if self.level == "easy" else []
        if attacks:
            cmd = self.rng.choice(attacks)
        elif self.level == "hard":
            cmd = self._ahead(game, fid, scored)
        else:
            cmd = max(scored, key=lambda x: (x[0], -x[1]))[2]
        key = (state.turn, fid)
        if self._planned != key:
            self._planned = key
            self._plan = self._line(game, fid, cmd)
        return cmd

    # -- weighing ------------------------------------------------------------------------
    @staticmethod
    def _harms(game: Game, cmd: c.Command) -> bool:
        o = game.odds(cmd)
        return o is not None and bool(o.harms)

    def _units(self, game: Game, fid: str, cmd: c.Command) -> int:
        return self.costs.of(game, fid, cmd)[0]

    def _gain(self, game: Game, fid: str, cmd: c.Command) -> float:
        """What ``cmd`` is worth in VP for its whole cost, less what it pays."""
        if isinstance(cmd, c.EndActivation):
            return 0.0
        units, paid = self.costs.of(game, fid, cmd)
        o = game.odds(cmd)
        if o is not None and o.harms:
            return harm_worth(game, o) - price(paid)
        if isinstance(cmd, (c.Walk, c.Run)):
            f = game.state.figures[fid]
            goal = self._goal(game, fid)
            if goal is None:
                return -STEP_VALUE * units
            gain = math.dist(f.pos, goal) - math.dist(cmd.to, goal)
            return PROGRESS * gain if gain > 0 else -STEP_VALUE * units
        return -STEP_VALUE * max(1, units) - price(paid)

    def _ahead(self, game: Game, fid: str, scored: list[tuple[float, int, c.Command]]
               ) -> c.Command:
        """The hard level: the best total of a command and the best one after it in the
        same activation, over copies with forked dice."""
        ranked = sorted(scored, key=lambda x: (-x[0], x[1]))
        moves = [x for x in ranked if isinstance(x[2], (c.Walk, c.Run))][:AHEAD_MOVES]
        pool = ranked[:AHEAD] + [x for x in moves if x not in ranked[:AHEAD]]
        base = SALT * (len(game.commands) + 1)
        best, choice = float("-inf"), pool[0][2]
        for *_, cmd in sorted(pool, key=lambda x: x[1]):
            samples = AHEAD_SAMPLES if game.odds(cmd) is not None else 1
            then = 0.0
            for k in range(samples):
                g = game.copy(fork_dice=base + k)
                g.apply(cmd)
                settle(g)
                then += self._after(g, fid)
            total = self._gain(game, fid, cmd) + then / samples
            if total > best + 1e-9:
                best, choice = total, cmd
        return choice

    def _after(self, g: Game, fid: str) -> float:
        """The best one command ``fid`` may still take on the copy ``g`` is worth (0 once
        its activation is over)."""
        if g.over or g.turn_view().figure != fid:
            return 0.0
        return max((self._gain(g, fid, cmd) for cmd in g.legal_commands(sample_moves=True)),
                   default=0.0)

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
