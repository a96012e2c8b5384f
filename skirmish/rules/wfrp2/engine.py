"""Apply one WFRP command: check it, change the state, run the resolution steps, then move
the ladder along until a player has something to decide (ARCHITECTURE: the flow of a
command). Every check happens before the first change, so an illegal command leaves the
state exactly as it was.

[WF-A-RETARDEMENT] GAP-WF-4: a held half action is offered in the window just before an
enemy figure in the holder's sight starts an action, and just after it completes a
Mouvement; the command waits in a :class:`Held` step while the holders answer, and is
checked again before it runs (a holder may have changed the table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skirmish.rules import commands as c
from skirmish.rules.errors import GameOver, IllegalCommand
from skirmish.rules.frame import deployment as dep
from skirmish.rules.frame.messages import illegal, say
from skirmish.rules.frame.queries import bands_in_play, gap, in_contact
from skirmish.rules.frame.victory import end_game
from skirmish.rules.wfrp2.actions import (
    Checked,
    best_melee,
    check,
    execute,
    melee_need,
    run_disengage,
    run_heal,
    shot_need,
)
from skirmish.rules.wfrp2.combat import run_attack
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.decisions import answer, ask
from skirmish.rules.wfrp2.ladder import (
    end_figure_turn,
    next_actor,
    order_ladder,
    run_initiative,
    start_turn,
)
from skirmish.rules.wfrp2.passive import note_moves, with_shot_test
from skirmish.rules.wfrp2.passive_steps import run_passive
from skirmish.rules.wfrp2.state import (
    Attack,
    Disengage,
    Heal,
    Held,
    Initiative,
    Passive,
    WfFigure,
)

STEP_HANDLERS: dict[type, Callable[[WfCtx, Any], None]] = {
    Attack: run_attack,
    Initiative: run_initiative,
    Disengage: run_disengage,
    Heal: run_heal,
    Passive: run_passive,
}


def begin(ctx: WfCtx) -> None:
    """Deployment (skipped if the scenario placed everyone), then round 1."""
    dep.start_deployment(ctx)
    if ctx.s.phase == "battle":
        start_turn(ctx)
    settle(ctx)


def apply(ctx: WfCtx, cmd: c.Command) -> None:
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


def run_stack(ctx: WfCtx) -> None:
    """Run the steps, last pushed first; before each, the Spot tests the moves made so far
    owe ([R-MORALE-SPOT])."""
    s = ctx.s
    while s.pending is None:
        note_moves(ctx)
        if not s.stack:
            return
        step = s.stack.pop()
        if isinstance(step, Held):
            _run_held(ctx, step)
        else:
            STEP_HANDLERS[type(step)](ctx, step)


def settle(ctx: WfCtx) -> None:
    """Resolve what is queued; order the ladder once its Fortune is answered; pass a turn
    that is spent (or a routing figure's flight); end the game when one band is left."""
    s = ctx.s
    while True:
        run_stack(ctx)
        if s.pending is not None or s.phase != "battle":
            return
        if s.rolling:
            order_ladder(ctx)
            continue
        if len(bands_in_play(ctx)) <= 1:
            end_game(ctx, "end_one_band")
            return
        if s.active is None:
            next_actor(ctx)
            continue
        f = ctx.fig(s.active)
        if f.status != "in_play" or f.routing or (f.halves <= 0 and (f.bought or f.fortune <= 0)):
            end_figure_turn(ctx, f)
            continue
        return


# -- dispatch ----------------------------------------------------------------------------------
def _dispatch(ctx: WfCtx, cmd: c.Command) -> None:
    s = ctx.s
    if isinstance(cmd, c.Resign):
        _resign(ctx, cmd.band)
        return
    if s.phase == "deployment":
        dep.deployment_command(ctx, cmd, lambda: start_turn(ctx))
        return
    if isinstance(cmd, c.Choose):
        raise illegal("no_decision")
    if isinstance(cmd, (c.Deploy, c.AutoDeploy, c.EndDeployment)):
        raise illegal("deployment_over", "R-DEPLOY")
    f = _active(ctx, cmd)
    if isinstance(cmd, c.EndActivation):
        end_figure_turn(ctx, f)
        return
    a = check(ctx, f, cmd)
    holders = [] if a.action == "fortune" else holding(ctx, f)
    if holders:
        ctx.push(Held(mover=f.id, ask=tuple(holders), cmd=c.to_builtins(cmd)))
        return
    _perform(ctx, f, a)


def _perform(ctx: WfCtx, f: WfFigure, a: Checked) -> None:
    execute(ctx, f, a)
    if a.action == "retardement":
        end_figure_turn(ctx, f)  # [WF-A-RETARDEMENT] its turn ends at once
    elif a.action == "walk":
        holders = holding(ctx, f)
        if holders:
            ctx.push(Held(mover=f.id, ask=tuple(holders)))


def _active(ctx: WfCtx, cmd: c.Command) -> WfFigure:
    fid = getattr(cmd, "figure", None)
    if fid is None or fid not in ctx.s.figures:
        raise illegal("no_figure", figure=fid)
    if ctx.s.active != fid:
        active = ctx.s.active
        raise illegal("wf_not_your_turn", rule="WF-TURN",
                      figure=ctx.fig(active).name if active else "—")
    return ctx.fig(fid)




def _resign(ctx: WfCtx, band_id: str) -> None:
    if not dep.leave_band(ctx, band_id, lambda: start_turn(ctx)):
        return
    s = ctx.s
    s.stack = [st for st in s.stack if not isinstance(st, Initiative)
               or ctx.fig(st.figure).band != band_id]
    if s.active is not None and ctx.fig(s.active).band == band_id:
        end_figure_turn(ctx, ctx.fig(s.active))
    if s.pending is not None and s.pending.band == band_id:
        s.pending = None


# -- held half actions (GAP-WF-4) -------------------------------------------------------------------
def holding(ctx: WfCtx, mover: WfFigure) -> list[str]:
    """The enemies of ``mover`` holding a half action that see it, in ladder order."""
    return [r.figure for r in ctx.s.ladder
            if (h := ctx.fig(r.figure)).held and h.status == "in_play"
            and h.band != mover.band and ctx.sees(h, mover)]


def held_options(ctx: WfCtx, h: WfFigure, mover: WfFigure) -> list[tuple[str, str, dict[str, Any]]]:
    """What ``h`` may do with its held half action at ``mover``: a standard attack (a blow
    in contact, or a shot with a loaded weapon in normal range), a Parade, or nothing yet."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    if in_contact(h, mover):
        w = best_melee(h)
        out.append((f"strike:{w.id}", "wf_opt_held_attack", {"target": mover.id, "weapon": w.id}))
    else:
        for w in h.profile.weapons:
            if w.ranged and (not w.slow or w.id in h.loaded) and not w.heavy \
                    and gap(h, mover) <= w.range:
                try:
                    shot_need(ctx, h, mover, w)
                except IllegalCommand:
                    continue
                out.append((f"shoot:{w.id}", "wf_opt_held_attack",
                            {"target": mover.id, "weapon": w.id}))
    out.append(("parade", "wf_opt_held_parade", {}))
    out.append(("wait", "wf_opt_held_wait", {}))
    return out


def _run_held(ctx: WfCtx, step: Held) -> None:
    """Ask each holder in turn; then the mover's command, checked again, runs."""
    mover = ctx.fig(step.mover)
    if not step.ask:
        _resume(ctx, mover, step.cmd)
        return
    h = ctx.fig(step.ask[0])
    if step.choice is None:
        if not h.held or h.status != "in_play" or mover.status != "in_play":
            ctx.push(Held(mover=step.mover, ask=step.ask[1:], cmd=step.cmd))
            return
        ask(ctx, step, band=h.band, kind="wf_held", figure=h.id, prompt="wf_ask_held",
            params={"figure": h.id, "enemy": mover.id},
            options=held_options(ctx, h, mover), default="wait")
        return
    rest = Held(mover=step.mover, ask=step.ask[1:], cmd=step.cmd)
    kind, _, wid = step.choice.partition(":")
    if kind == "wait":
        ctx.push(rest)
        return
    h.held = 0
    if kind == "parade":
        h.parade = True
        ctx.push(rest)
        return
    w = next(x for x in h.profile.weapons if x.id == wid)
    need, inputs = (melee_need(ctx, h, mover, w, "strike") if kind == "strike"
                    else shot_need(ctx, h, mover, w))
    if w.slow and w.id in h.loaded:
        h.loaded.remove(w.id)
    ctx.push(*with_shot_test(ctx, Attack(
        attacker=h.id, target=mover.id, weapon=w.id, melee=kind == "strike", need=need,
        rule="WF-A-RETARDEMENT", inputs=inputs, blast=w.blast)), rest)


def _resume(ctx: WfCtx, mover: WfFigure, raw: dict[str, Any] | None) -> None:
    if raw is None or ctx.s.active != mover.id or mover.status != "in_play":
        return
    cmd = c.from_builtins(raw)
    try:
        a = check(ctx, mover, cmd)
    except IllegalCommand:
        return  # a holder changed the table so that it can no longer be done
    _perform(ctx, mover, a)
