"""The normal computer player: greedy on the exact odds.

Each command is scored by :mod:`skirmish.ai.evaluate` (expected VP dealt, threat and
cover after a move, objectives, morale risk) and the best is played; the figure to
activate is the one with the best attack or in most danger. Decisions the rules ask
(step back, free shot, first target) take their default, but for the secret manoeuvre
of Les Clefs de l'Aube, chosen by the odds (:mod:`skirmish.ai.answers`), and a way out of
sight, chosen by the place it leads to.
It reads the game through ``legal_commands``, the odds and copies of the game with dice
of their own, so it never sees the dice.

On the scenario's last turn it ends its first wave early ([R-TURN-WAVE], GAP-10) once the
figures left are those that can stand on a contested objective
(:func:`objectives.answers_late`): they act in wave 2, after every band's first wave, so
an enemy who steps onto the objective late is answered; earlier, and for the figures in
contact, the order is by attacks and danger.

A command the evaluator has no model of (a climb with a rope, the Clefs Éviter) is played
on a copy of the game and weighed by the place it leaves the figure in; a flight by where
the engine puts the figure, played on a copy too. Moves come from the plain sample of
destinations: the dense one (the hard player's) costs several times a decision, would put
a whole activation over its 100 ms, and wins no more games against the easy player.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from skirmish.ai import evaluate as ev
from skirmish.ai.answers import by_the_odds, secret_question
from skirmish.ai.objectives import answers_late, destinations, onward
from skirmish.ai.player import Plan, Planner, default_answer, finish_plan, finishing, plain_plan
from skirmish.ai.wording import move_plan
from skirmish.percent import percent
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.queries import gap
from skirmish.rules.game import Game
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.movement import run_allowance
from skirmish.rules.skirmish.preview import ctx_of, move_path

SPOT_CHECKED = 3  # moves whose Spot risk is worked out (the best few by position)
SAME_SPOT = 1.0  # pas: two moves ending this close are one choice
CHARGE_MARGIN = 0.5  # pas beyond the Run allowance a charge is still worth pricing

VERBS = {
    "strike": ("strikes", "ai.plan_strike"),
    "shoot": ("shoots at", "ai.plan_shoot"),
    "charge": ("charges", "ai.plan_charge"),
    "heal": ("tends", "ai.plan_heal"),
}
#: The plan's second choice of chance (``Scored.alt``), when the first rounds to 0 %.
ALT_WORDS = {"strike": ("to wound", "ai.plan_strike_wound"),
             "shoot": ("to wound", "ai.plan_shoot_wound"),
             "charge": ("to reach them", "ai.plan_charge_reach")}


def plan_of(game: Game, figure: str, best: ev.Scored) -> Plan:
    """One line: "Grishnak charges the crossbowman: 58 % to take him out of action"; a
    move in the table's words (:func:`wording.move_plan`)."""
    fig = game.state.figures[figure]
    kind, _, target = best.why.partition(":")
    if kind == "strike" and target and finishing(game, target):
        return finish_plan(game, figure, target, best.p)
    if kind in VERBS and target:
        verb, key = VERBS[kind]
        tname = game.state.figures[target].name
        pct = percent(best.p or 0.0)
        text = f"{fig.name} {verb} {tname}"
        if kind in ALT_WORDS and round(100 * (best.p or 0.0)) == 0 and best.alt is not None:
            # "1 % to take them out of action" hides why the figure acts: it may wound,
            # or a charge may reach and pin (the line quotes that instead)
            words, key = ALT_WORDS[kind]
            pct = percent(best.alt)
            text += f": {pct} % {words}"
        elif best.p is not None and kind != "heal":
            text += f": {pct} % to take them out of action"
        params: dict[str, object] = {"figure": fig.name, "target": tname, "pct": pct}
    elif kind == "move" and isinstance(best.cmd, (c.Walk, c.Run)):
        return move_plan(game, figure, best.cmd)
    else:
        return plain_plan(game, figure, best.cmd)
    return Plan(band=fig.band, figure=figure, text=text, key=key, params=params)


def _towards(start: tuple[float, float], end: tuple[float, float],
             foes: list[tuple[float, float]]) -> bool:
    """Runs are kept only when they close on an enemy (walks cover the other ways)."""
    return any(math.dist(end, p) < math.dist(start, p) - 2.0 for p in foes)


def _distinct(cmds: list[c.Command]) -> list[c.Command]:
    """Moves ending within ``SAME_SPOT`` of an earlier one of the same kind (slides along
    the same wall) are weighed once: weighing a place is the costly part of a decision."""
    out: list[c.Command] = []
    seen: list[tuple[type, tuple[float, float]]] = []
    for x in cmds:
        if isinstance(x, (c.Walk, c.Run)):
            if any(k is type(x) and math.dist(p, x.to) < SAME_SPOT for k, p in seen):
                continue
            seen.append((type(x), x.to))
        out.append(x)
    return out


def flight_end(game: Game, cmds: list[c.Command]) -> tuple[float, float] | None:
    """Where a Flee among ``cmds`` would leave the figure, played on a copy of the game
    with forked dice (the engine picks the way out; the AI does not guess it)."""
    flee = next((x for x in cmds if isinstance(x, c.Flee)), None)
    if flee is None:
        return None
    g = game.copy(fork_dice=0)
    g.apply(flee)
    return g.state.figures[flee.figure].pos


def place_after(game: Game, ctx: Ctx, figure: str) -> Callable[[c.Command], float | None]:
    """How well ``figure`` stands after a command the evaluator has no model of (a climb,
    a ruleset's stance): the command is played on a copy of ``game`` (whose context is
    ``ctx``) with forked dice and the place it leaves is weighed there; None if it cannot
    be played."""
    def weigh(cmd: c.Command) -> float | None:
        g = game.copy(fork_dice=0)
        try:
            g.apply(cmd)
        except IllegalCommand:
            return None
        after = ctx_of(g)
        me = after.fig(figure)
        if me.status != "in_play":
            return None
        ev.carry_over(ctx, after, figure)
        return ev.place_value(after, me)
    return weigh


#: Copies of the game per answer when choosing a secret manoeuvre: a multiple of the three
#: manoeuvres, so an attacker tries each of the defender's answers alike.
SECRET_SAMPLES = 12


class NormalPlayer(Planner):
    """``dense`` weighs about six times the destinations (``legal_commands(dense_moves=True)``):
    it beats the plain player, at several times the cost of a decision, so it is the
    hard player's own choice, not the normal level's. ``secrets=False`` answers a secret
    manoeuvre with the rules' default, at no cost: the hard player's rollouts, which
    sample many activations a decision, play so."""

    def __init__(self, seed: int, *, dense: bool = False, secrets: bool = True) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.dense = dense
        self.secrets = secrets

    def choose(self, game: Game) -> c.Command:
        if self.secrets and secret_question(game):
            return by_the_odds(game, SECRET_SAMPLES)
        placed = self.place_answer(game)
        if placed is not None:
            return placed
        forced = default_answer(game)
        if forced is not None:
            return forced
        state = game.state
        if state.active is None:
            return self.choose_activation(game)
        return self.play(game, self.ranked(game)[0])

    def play(self, game: Game, best: ev.Scored) -> c.Command:
        """``best``'s command for the active figure; its plan is the activation's first
        command's (one line an activation)."""
        state = game.state
        key = (state.turn, state.active)
        if self._planned != key:
            self._planned = key
            self._plan = plan_of(game, state.active or "", best)
        return best.cmd

    @staticmethod
    def place_answer(game: Game) -> c.Command | None:
        """A decision whose every answer is a place for the figure (the way out of an
        enemy's sight after a failed Spot test, [R-MORALE-SPOT]) is answered by the best
        of those places (:func:`evaluate.standing`); None for any other. The rules'
        default goes one way whatever lies there: on the last turn it took a figure
        away from the ford it was walking onto, when another way kept it in reach."""
        pending = game.state.pending
        if pending is None or pending.figure is None or not pending.options \
                or any(o.at is None for o in pending.options):
            return None
        ctx = ctx_of(game.copy())
        me = ctx.fig(pending.figure)
        if me.band != pending.band:
            return None
        best = max(pending.options, key=lambda o: ev.standing(ctx, me, o.at))  # type: ignore[arg-type]
        return c.Choose(option=best.key)

    def choose_activation(self, game: Game) -> c.Command:
        cmds = game.legal_commands(sample_moves=False)
        for kind in (c.AutoDeploy, c.EndDeployment):
            found = [cmd for cmd in cmds if isinstance(cmd, kind)]
            if found:
                return found[0]
        acts = [cmd for cmd in cmds if isinstance(cmd, c.Activate)]
        if not acts:
            return cmds[0]
        ctx = ctx_of(game.copy())
        if any(isinstance(cmd, c.EndWave) for cmd in cmds):
            early = [a for a in acts if not answers_late(ctx, ctx.fig(a.figure))]
            if not early:
                return self.end_wave(game)
            acts = early
        scored = [(ev.activation_priority(ctx, ctx.fig(a.figure)) + 1e-3 * self.rng.random(), a)
                  for a in acts]
        return max(scored, key=lambda s: s[0])[1]

    def end_wave(self, game: Game) -> c.Command:
        """[R-TURN-WAVE] GAP-10: the first wave ends, the figures left act after every
        band's first wave, and the plan says so; the hard player's early end says it in
        the same words."""
        band = game.to_act or ""
        self._plan = Plan(band=band, figure="", key="ai.plan_wait",
                          text=f"{game.state.band(band).name} ends its first wave: "
                               "the figures left act in wave 2")
        return c.EndWave(band=band)

    def ranked(self, game: Game) -> list[ev.Scored]:
        """The active figure's candidates, best first (Spot risk on the best moves)."""
        work = game.copy()
        ctx = ctx_of(work)
        me = ctx.fig(work.state.active)
        reach = run_allowance(me) + CHARGE_MARGIN  # a charge beyond it only becomes a Run
        foes = [e.pos for e in ctx.in_play() if e.band != me.band]
        legal = work.legal_commands(dense_moves=self.dense)
        cmds = _distinct(destinations(ctx, me)
                         + [x for x in legal
                            if (not isinstance(x, c.Charge) or gap(me, ctx.fig(x.target)) <= reach)
                            and (not isinstance(x, c.Run) or _towards(me.pos, x.to, foes))])
        scored = ev.score(ctx, me, cmds, flight_end(work, cmds), place_after(work, ctx, me.id),
                          onward(ctx, me))
        moves = [s for s in scored if isinstance(s.cmd, (c.Walk, c.Run))][:SPOT_CHECKED]
        for s in moves:
            kind = "walk" if isinstance(s.cmd, c.Walk) else "run"
            path, _ = move_path(work, me.id, s.cmd.to, kind)  # type: ignore[union-attr]
            if path is not None:
                s.value -= ev.spot_risk(ctx, me, tuple(path.points))  # type: ignore[attr-defined]
        scored.sort(key=lambda s: -s.value)
        return scored
