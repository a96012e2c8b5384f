"""Apply one command: check it, change the state, run the resolution steps, then move the
turn along until a player has something to decide (ARCHITECTURE: the flow of a command).

Every check happens before the first change, so an illegal command raises
:class:`IllegalCommand` and leaves the state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skirmish.rules import commands as c
from skirmish.rules.errors import GameOver, IllegalCommand
from skirmish.rules.events import ActionDeclared, Activated, Healed, StatusChanged
from skirmish.rules.frame import deployment as dep
from skirmish.rules.frame.messages import illegal, say
from skirmish.rules.frame.queries import bands_in_play, engaged_with, in_contact
from skirmish.rules.frame.victory import end_game
from skirmish.rules.skirmish import steps as st
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.decisions import answer
from skirmish.rules.skirmish.deployment import see_deployed
from skirmish.rules.skirmish.melee import (
    check_charge,
    check_strike,
    declare_charge,
    do_strike,
    run_charge,
    run_step_back,
)
from skirmish.rules.skirmish.movement import (
    check_stepping,
    do_climb,
    do_move,
    flee_check,
    flee_path,
    move_allowance,
    plan_move,
    rout_move,
    run_forced,
    run_move,
)
from skirmish.rules.skirmish.reactions import (
    run_shot_test,
    run_spot,
    run_spot_escape,
    run_spot_shot,
)
from skirmish.rules.skirmish.shooting import check_shot, declare_shot, run_first_target, run_shot
from skirmish.rules.skirmish.state import Figure
from skirmish.rules.skirmish.turns import (
    action_points,
    activatable,
    current_band,
    end_activation,
    end_wave,
    start_turn,
)

STEP_HANDLERS: dict[type, Callable[[Ctx, Any], None]] = {
    st.MoveAlong: run_move,
    st.SpotTest: run_spot,
    st.SpotShot: run_spot_shot,
    st.SpotEscape: run_spot_escape,
    st.ChooseFirstTarget: run_first_target,
    st.ResolveShot: run_shot,
    st.ShotTest: run_shot_test,
    st.ForcedMove: run_forced,
    st.ChargeStep: run_charge,
    st.StepBack: run_step_back,
}


def begin(ctx: Ctx) -> None:
    """Start a new game: deployment (skipped if the scenario placed everyone), turn 1."""
    dep.start_deployment(ctx)
    if ctx.s.phase == "battle":
        begin_battle(ctx)
    settle(ctx)


def begin_battle(ctx: Ctx) -> None:
    """Deployment is over: who already sees whom (GAP-46), then turn 1."""
    see_deployed(ctx)
    start_turn(ctx)


def apply(ctx: Ctx, cmd: c.Command) -> None:
    s = ctx.s
    if s.phase == "over":
        raise GameOver(say("game_over"), key="game_over")
    if s.pending is not None:
        if not isinstance(cmd, c.Choose):
            raise illegal("waiting_for", band=s.band(s.pending.band).name, prompt=s.pending.prompt)
        answer(ctx, cmd)
    else:
        _dispatch(ctx, cmd)
    settle(ctx)


def run_stack(ctx: Ctx) -> None:
    s = ctx.s
    while s.stack and s.pending is None:
        step = s.stack.pop()
        (ctx.hooks.step_handler(step) or STEP_HANDLERS[type(step)])(ctx, step)


def settle(ctx: Ctx) -> None:
    """Resolve what is queued, then end the activation or the game when the rules say."""
    s = ctx.s
    run_stack(ctx)
    if s.pending is not None or s.phase != "battle":
        return
    if len(bands_in_play(ctx)) <= 1:
        end_game(ctx, "end_one_band")
        return
    if s.active is not None:
        f = ctx.fig(s.active)
        if f.routing and f.status == "in_play" and f.pa > 0 and not engaged_with(ctx, f):
            rout_move(ctx, f)  # GAP-55: after fleeing a melee, on to the table edge
            run_stack(ctx)
            if s.pending is not None:
                return
        if f.status != "in_play" or f.pa <= 0:
            end_activation(ctx, f)


# -- dispatch --------------------------------------------------------------------------------
def _dispatch(ctx: Ctx, cmd: c.Command) -> None:
    s = ctx.s
    if isinstance(cmd, c.Resign):
        _resign(ctx, cmd.band)
        return
    if s.phase == "deployment":
        dep.deployment_command(ctx, cmd, lambda: begin_battle(ctx))
        return
    if isinstance(cmd, c.Choose):
        raise illegal("no_decision")
    if isinstance(cmd, (c.Deploy, c.AutoDeploy, c.EndDeployment)):
        raise illegal("deployment_over", "R-DEPLOY")
    if isinstance(cmd, c.Activate):
        _activate(ctx, cmd.figure)
        return
    if isinstance(cmd, c.EndWave):
        if s.active is not None:
            raise illegal("finish_activation", figure=ctx.fig(s.active).name)
        if current_band(ctx.s) != cmd.band or s.wave != 1:
            raise illegal("wave_stop", "GAP-10")
        end_wave(ctx)
        return
    f = _active(ctx, cmd)
    if f.routing and isinstance(cmd, c.EndActivation | c.Strike) and must_flee(ctx, f):
        raise illegal("routing_must_flee", "GAP-55", figure=f.name)
    if isinstance(cmd, c.EndActivation):
        end_activation(ctx, f)
    elif isinstance(cmd, (c.Walk, c.Run)):
        _move(ctx, f, cmd)
    elif isinstance(cmd, c.Shoot):
        declare_shot(ctx, check_shot(ctx, f, cmd.weapon, cmd.target))
    elif isinstance(cmd, c.Charge):
        declare_charge(ctx, f, check_charge(ctx, f, cmd.target))
    elif isinstance(cmd, c.Strike):
        t, weapon = check_strike(ctx, f, cmd.target, cmd.weapon)
        do_strike(ctx, f, t, weapon)
    elif isinstance(cmd, c.Flee):
        cost = flee_check(ctx, f)
        path = flee_path(ctx, f)
        f.pa -= cost
        ctx.emit(ActionDeclared(rule="R-ACT-FLEE", figure=f.id, action="flee", cost=cost))
        if path.cost > 1e-9:
            ctx.push(st.MoveAlong(figure=f.id, path=tuple(path.points), reason="flee",
                                  rule="R-ACT-FLEE", ignore_difficult=True))
    elif isinstance(cmd, c.UseMedikit):
        _medikit(ctx, f, cmd.target)
    elif isinstance(cmd, c.Climb):
        if f.routing:
            raise illegal("routing_edge", "GAP-55", figure=f.name)
        do_climb(ctx, f, cmd.piece, cmd.run)
    else:
        raise illegal("unknown_command", command=type(cmd).__name__)


def _active(ctx: Ctx, cmd: c.Command) -> Figure:
    fid = getattr(cmd, "figure", None)
    if fid is None or fid not in ctx.s.figures:
        raise illegal("no_figure", figure=fid)
    if ctx.s.active != fid:
        raise illegal("not_active", "R-TURN-ALT", figure=ctx.fig(fid).name)
    return ctx.fig(fid)




def _activate(ctx: Ctx, fid: str) -> None:
    s = ctx.s
    if s.active is not None:
        raise illegal("still_active", "GAP-10", figure=ctx.fig(s.active).name)
    if fid not in s.figures:
        raise illegal("no_figure", figure=fid)
    f = ctx.fig(fid)
    band = current_band(ctx.s)
    if f.band != band:
        raise illegal("not_band_turn", "R-TURN-WAVE", band=s.band(band).name if band else "—")
    if f not in activatable(ctx, band):
        key = "not_in_play" if f.status != "in_play" else "already_activated"
        raise illegal(key, "R-TURN-ALT", figure=f.name)
    s.active = f.id
    f.activated = True
    f.pa = action_points(ctx, f)
    ctx.emit(Activated(figure=f.id, pa=f.pa))
    if f.routing and not engaged_with(ctx, f):
        rout_move(ctx, f)


def _move(ctx: Ctx, f: Figure, cmd: c.Walk | c.Run) -> None:
    run = isinstance(cmd, c.Run)
    name = "Run" if run else "Walk"
    cost = 2 if run else 1
    check_stepping(ctx, f, run)
    if f.pa < cost:
        raise illegal("pa_short", "R-ACT-RUN" if run else "R-ACT-WALK", action=name, cost=cost,
                      figure=f.name, left=f.pa)
    path = plan_move(ctx, f, cmd.to, move_allowance(f, run), name)
    do_move(ctx, f, path, "run" if run else "walk", cost, "R-ACT-RUN" if run else "R-ACT-WALK")


def must_flee(ctx: Ctx, f: Figure) -> bool:
    """GAP-55: a routing character in melee flees when it can afford to; only when it
    cannot may it strike or pass."""
    try:
        flee_check(ctx, f)
    except IllegalCommand:
        return False
    return True


def check_medikit(ctx: Ctx, f: Figure, target_id: str) -> Figure:
    """[R-EQ-MEDIKIT] GAP-14: 1 PA, one use per medikit, never above starting PV; on the
    user or an ally in contact, which may be out of action (back in play at 1 PV)."""
    t = check_medikit_use(ctx, f, target_id)
    if t.pv >= t.stats.pv:
        raise illegal("full_pv", "GAP-14", target=t.name)
    return t


def check_medikit_use(ctx: Ctx, f: Figure, target_id: str) -> Figure:
    """Who may use a medikit on whom ([R-EQ-MEDIKIT], GAP-14), whatever the ruleset counts
    as healing: a medikit left, off the rope, 1 PA, an ally in contact or oneself."""
    if f.medikit_left < 1:
        raise illegal("no_medikit", "R-EQ-MEDIKIT", figure=f.name)
    if f.climbing is not None:
        raise illegal("on_rope", "R-EQ-ROPE", figure=f.name)
    if f.pa < 1:
        raise illegal("pa_short", "GAP-14", action="Medikit", cost=1, figure=f.name, left=f.pa)
    if target_id not in ctx.s.figures:
        raise illegal("no_figure", figure=target_id)
    t = ctx.fig(target_id)
    if t.band != f.band:
        raise illegal("not_ally", "R-EQ-MEDIKIT", target=t.name)
    if t.status not in ("in_play", "out_of_action"):
        raise illegal("beyond_help", "R-EQ-MEDIKIT", target=t.name)
    if t is not f and not in_contact(f, t):
        raise illegal("must_touch", "R-EQ-MEDIKIT", figure=f.name, target=t.name)
    return t


def _medikit(ctx: Ctx, f: Figure, target_id: str) -> None:
    t = check_medikit(ctx, f, target_id)
    f.pa -= 1
    f.medikit_left -= 1
    ctx.emit(ActionDeclared(rule="R-EQ-MEDIKIT", figure=f.id, action="medikit", cost=1,
                            target=t.id))
    t.pv = max(t.pv, 0) + 1
    if t.status == "out_of_action":
        t.status = "in_play"
        t.downed_by = t.downed_by_band = None
        ctx.moved()
        ctx.emit(StatusChanged(rule="GAP-14", figure=t.id, status="revived"))
    ctx.emit(Healed(figure=t.id, by=f.id, pv=t.pv))


def _resign(ctx: Ctx, band_id: str) -> None:
    if not dep.leave_band(ctx, band_id, lambda: begin_battle(ctx)):
        return
    s = ctx.s
    if s.active is not None and ctx.fig(s.active).band == band_id:
        s.active = None
    if current_band(ctx.s) == band_id and len(bands_in_play(ctx)) > 1:
        end_wave(ctx)
