"""The commands this ruleset resolves itself: Strike, Shoot (declaration only), Éviter
(GAP-CA-18) and the medikit (GAP-CA-23). Everything else goes to the Skirmish engine."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.clefs_aube.damage import out_of_action
from skirmish.rules.clefs_aube.melee import ca_state, declare_strike, plan_step
from skirmish.rules.clefs_aube.state import CaFigure
from skirmish.rules.events import ActionDeclared, StatusChanged
from skirmish.rules.frame.messages import illegal
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.engine import check_medikit_use, must_flee
from skirmish.rules.skirmish.melee import check_strike
from skirmish.rules.skirmish.shooting import check_shot, declare_shot
from skirmish.rules.skirmish.state import Figure

MEDIKIT_PF = 3  # GAP-CA-23: a légère's worth of PF(Ph)
OWN = (c.Strike, c.Shoot, c.Evade, c.UseMedikit)


def active(ctx: Ctx, fid: str) -> Figure:
    if fid not in ctx.s.figures:
        raise illegal("no_figure", figure=fid)
    if ctx.s.active != fid:
        raise illegal("not_active", "R-TURN-ALT", figure=ctx.fig(fid).name)
    return ctx.fig(fid)


def check_attack(ctx: Ctx, f: Figure) -> None:
    if ca_state(ctx).ca[f.id].evading:
        raise illegal("ca_evading", "GAP-CA-18", figure=f.name)


def check_evade(ctx: Ctx, f: Figure) -> CaFigure:
    cf = ca_state(ctx).ca[f.id]
    if cf.evading:
        raise illegal("ca_evading", "GAP-CA-18", figure=f.name)
    if cf.rolled:
        raise illegal("ca_already_attacked", "GAP-CA-18", figure=f.name)
    if f.routing:
        raise illegal("routing_no_shoot", "R-END-ROUT-FAIL", figure=f.name)
    if f.pa < 1:
        raise illegal("pa_short", "GAP-CA-18", action="Éviter", cost=1, figure=f.name, left=f.pa)
    return cf


def check_medikit(ctx: Ctx, f: Figure, target_id: str) -> Figure:
    """GAP-CA-23 with the Skirmish conditions of [R-EQ-MEDIKIT] / GAP-14."""
    t = check_medikit_use(ctx, f, target_id)
    if ca_state(ctx).ca[t.id].fatigue() < 1:
        raise illegal("ca_no_fatigue", "GAP-CA-23", target=t.name)
    return t


def dispatch(ctx: Ctx, cmd: c.Command) -> None:
    f = active(ctx, getattr(cmd, "figure", ""))
    if isinstance(cmd, c.Strike):
        if f.routing and must_flee(ctx, f):
            raise illegal("routing_must_flee", "GAP-55", figure=f.name)
        check_attack(ctx, f)
        t, wid = check_strike(ctx, f, cmd.target, cmd.weapon)
        declare_strike(ctx, f, t, wid)
    elif isinstance(cmd, c.Shoot):
        check_attack(ctx, f)
        plan = check_shot(ctx, f, cmd.weapon, cmd.target)
        declare_shot(ctx, plan)
        ctx.push(plan_step(f.id))
    elif isinstance(cmd, c.Evade):
        cf = check_evade(ctx, f)
        f.pa -= 1
        cf.evading = True
        ctx.emit(ActionDeclared(rule="GAP-CA-18", figure=f.id, action="evade", cost=1))
        ctx.emit(StatusChanged(rule="GAP-CA-18", figure=f.id, status="evading"))
    elif isinstance(cmd, c.UseMedikit):
        medikit(ctx, f, check_medikit(ctx, f, cmd.target))


def medikit(ctx: Ctx, f: Figure, t: Figure) -> None:
    s = ca_state(ctx)
    f.pa -= 1
    f.medikit_left -= 1
    ctx.emit(ActionDeclared(rule="GAP-CA-23", figure=f.id, action="medikit", cost=1,
                            target=t.id))
    cf = s.ca[t.id]
    cf.pf["ph"] = max(0, cf.fatigue() - MEDIKIT_PF)
    ctx.emit(StatusChanged(rule="GAP-CA-23", figure=t.id, status="medikit_pf"))
    if t.status == "out_of_action" and not out_of_action(cf, s):
        t.status = "in_play"
        t.downed_by = t.downed_by_band = None
        ctx.moved()
        ctx.emit(StatusChanged(rule="GAP-CA-23", figure=t.id, status="revived"))


def new_activation(ctx: Ctx, fid: str) -> None:
    """[CA-MULTI] an activation is one CA turn; [GAP-CA-18] Éviter lasts until now."""
    cf = ca_state(ctx).ca[fid]
    cf.planned = cf.rolled = 0
    if cf.evading:
        cf.evading = False
        ctx.emit(StatusChanged(rule="GAP-CA-18", figure=fid, status="evading", on=False))
