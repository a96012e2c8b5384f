"""What may be done now under Clé en main: every legal command (moves sampled, as they
are continuous) and the action bar of the figure taking its tour (RULESETS §0.7)."""

from __future__ import annotations

import math
from collections.abc import Callable

from skirmish.rules import commands as c
from skirmish.rules.cle_en_main import actions as act
from skirmish.rules.cle_en_main import attack
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow import can_act, check, to_activate
from skirmish.rules.cle_en_main.flow_state import Attack, Tour
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.legal import table_commands
from skirmish.rules.frame.messages import say
from skirmish.rules.frame.queries import gap
from skirmish.rules.ruleset import ActionInfo


def legal_commands(ctx: CmCtx, *, sample_moves: bool = True, dense_moves: bool = False
                   ) -> list[c.Command]:
    s = ctx.s
    table = table_commands(ctx, s.pending, sample_moves=sample_moves)
    if table is not None:
        return table
    if s.tour is None:
        now = to_activate(s)
        if now is None:
            return []
        band, reason, choices = now
        out: list[c.Command] = [c.Activate(figure=fid) for fid in choices]
        if reason == "hand":
            out += [c.Cede(band=band, to=b) for b in s.hand.order if b != band and can_act(s, b)]
        return out
    return tour_commands(ctx, s.tour, sample_moves=sample_moves, dense_moves=dense_moves)


def _ok(ctx: CmCtx, tour: Tour, cmd: c.Command) -> bool:
    try:
        check(ctx, tour, cmd)
    except IllegalCommand:
        return False
    return True


def move_samples(ctx: CmCtx, tour: Tour, *, run: bool, dense: bool) -> list[c.Command]:
    """Destinations around the figure at fractions of its allowance."""
    f = ctx.fig(tour.figure)
    reach = act.move_only(ctx, f) if run else act.move_act(ctx, f)
    kind: Callable[..., c.Command] = c.Run if run else c.Walk
    out = []
    directions = 16 if dense else 8
    for k in range(directions):
        a = 2 * math.pi * k / directions
        for frac in ((0.35, 0.7, 1.0) if dense else (0.5, 1.0)):
            d = reach * frac - 0.05
            to = (round(f.x + d * math.cos(a), 3), round(f.y + d * math.sin(a), 3))
            cmd = kind(figure=f.id, to=to)
            if _ok(ctx, tour, cmd):
                out.append(cmd)
    return out


def tour_commands(ctx: CmCtx, tour: Tour, *, sample_moves: bool = True,
                  dense_moves: bool = False) -> list[c.Command]:
    f = ctx.fig(tour.figure)
    fid = f.id
    cf = ctx.cmf(fid)
    out: list[c.Command] = [c.EndActivation(figure=fid)]
    if tour.acted:
        return out
    enemies = [e for e in ctx.in_play() if e.band != f.band]
    tries: list[c.Command] = []
    for e in enemies:
        tries.append(c.Strike(figure=fid, target=e.id, weapon=attack.best_melee(ctx, fid)))
        tries += [c.Act(figure=fid, action=a, target=e.id) for a in act.SPECIAL]
        for wid, w in cf.profile.weapons.items():
            if w.range is not None:
                tries.append(c.Shoot(figure=fid, weapon=wid, target=e.id))
        if tour.walked == 0 and not tour.stood and gap(f, e) <= act.move_act(ctx, f) + 0.5:
            tries.append(c.Charge(figure=fid, target=e.id))
    for other, oc in ctx.cm.figures.items():
        o = ctx.fig(other)
        if o.band != f.band and oc.unconscious and not oc.dead:
            tries.append(c.Act(figure=fid, action="finish_off", target=other))
        if o.band == f.band and o.status in ("in_play", "out_of_action"):
            tries.append(c.UseMedikit(figure=fid, target=other))
    if cf.dropped:
        tries.append(c.Act(figure=fid, action="pick_up"))
    out += [cmd for cmd in tries if _ok(ctx, tour, cmd)]
    out += _together(ctx, tour, [x for x in out if isinstance(x, (c.Strike, c.Shoot))])
    if sample_moves and tour.walked == 0 and not tour.stood:
        out += move_samples(ctx, tour, run=False, dense=dense_moves)
        out += move_samples(ctx, tour, run=True, dense=dense_moves)
    return out


def _together(ctx: CmCtx, tour: Tour, attacks: list[c.Command]) -> list[c.Command]:
    """[CM-GROUP] [CM-COOP] an attack made together, where another may join it."""
    out: list[c.Command] = []
    for cmd in attacks:
        assert isinstance(cmd, (c.Strike, c.Shoot))
        kind = "strike" if isinstance(cmd, c.Strike) else "shot"
        probe = Attack(kind=kind, attacker=tour.figure, target=cmd.target, weapon=cmd.weapon)
        if attack.partners(ctx, probe):
            out.append(c.Act(figure=tour.figure, action="together", target=cmd.target,
                             weapon=cmd.weapon if kind == "shot" else None))
    return out


#: The action bar, in order: each action's kind and its cost (``cost.<key>`` in the
#: window's words): moving and then acting, the whole action, or each figure's action.
MENU: tuple[tuple[str, str], ...] = (
    ("walk", "cm_move_act"), ("run", "cm_move_only"), ("strike", "cm_action"),
    ("shoot", "cm_action"), ("charge", "cm_move_act"), ("trip", "cm_action"),
    ("disarm", "cm_action"), ("together", "cm_each"), ("finish_off", "cm_action"),
    ("first_aid", "cm_action"), ("pick_up", "cm_action"), ("end", "—"),
)


def _kind(cmd: c.Command) -> str:
    if isinstance(cmd, c.Act):
        return cmd.action
    return {c.Walk: "walk", c.Run: "run", c.Strike: "strike", c.Shoot: "shoot",
            c.Charge: "charge", c.UseMedikit: "first_aid", c.EndActivation: "end"}[type(cmd)]


def _note(ctx: CmCtx, tour: Tour, kind: str) -> tuple[str, dict[str, object]]:
    """What a move offers before it is made: its allowance in pas ([CM-MOVE-ACT], GAP-CM-6)."""
    f = ctx.fig(tour.figure)
    if kind == "walk":
        return "cm_note_walk", {"pas": round(act.move_act(ctx, f), 1)}
    if kind == "run":
        return "cm_note_run", {"pas": round(act.move_only(ctx, f), 1)}
    if kind == "charge":
        return "cm_note_charge", {"pas": round(act.move_act(ctx, f), 1)}
    return "", {}


def _probe(ctx: CmCtx, tour: Tour, kind: str) -> c.Command | None:
    """A command of ``kind`` at the nearest figure it could be aimed at, whose refusal
    says why the action is greyed; None when nobody could be aimed at."""
    f = ctx.fig(tour.figure)
    cf = ctx.cmf(f.id)
    fid = f.id
    if kind in ("walk", "run"):
        return (c.Walk if kind == "walk" else c.Run)(figure=fid, to=(f.x, f.y))
    if kind == "pick_up":
        return c.Act(figure=fid, action="pick_up")
    if kind == "first_aid":
        mine = sorted((o for o in ctx.s.figures.values() if o.band == f.band),
                      key=lambda o: (gap(f, o) if o.id != fid else -1.0, o.id))
        return c.UseMedikit(figure=fid, target=mine[0].id)
    if kind == "finish_off":
        down = sorted((o for o in ctx.s.figures.values() if o.band != f.band
                       and ctx.cmf(o.id).unconscious), key=lambda o: (gap(f, o), o.id))
        return c.Act(figure=fid, action="finish_off", target=down[0].id) if down else None
    enemies = sorted((e for e in ctx.in_play() if e.band != f.band),
                     key=lambda e: (gap(f, e), e.id))
    if not enemies:
        return None
    e = enemies[0].id
    if kind == "shoot":
        ranged = [w for w, cw in cf.profile.weapons.items() if cw.range is not None]
        return c.Shoot(figure=fid, weapon=ranged[0], target=e) if ranged else None
    if kind == "strike":
        return c.Strike(figure=fid, target=e, weapon=attack.best_melee(ctx, fid))
    if kind == "charge":
        return c.Charge(figure=fid, target=e)
    return c.Act(figure=fid, action=kind, target=e)


def _refusal(ctx: CmCtx, tour: Tour, kind: str, cost: str) -> ActionInfo:
    """A greyed action with the engine's own reason, or a plain one when its probe
    passes (a group nobody can join) or has nobody to aim at."""
    probe = _probe(ctx, tour, kind)
    if probe is not None:
        try:
            check(ctx, tour, probe)
        except IllegalCommand as err:
            return ActionInfo.refused(kind, cost, err)
    key = {"shoot": "cm_no_ranged", "together": "cm_nobody_joins",
           "finish_off": "cm_nobody_down"}.get(kind, "cm_not_now")
    return ActionInfo(kind=kind, cost=cost, enabled=False, reason=say(key), reason_key=key,
                      rule={"together": "GAP-CM-15"}.get(kind, "CM-ACTION"))


def _unheard_of(ctx: CmCtx, tour: Tour, kind: str) -> bool:
    """An action with nothing to act on in this game now is left off the bar: a weapon to
    pick up, an unconscious enemy, a figure of the band needing first aid, a figure that
    could join an attack."""
    f = ctx.fig(tour.figure)
    if kind == "pick_up":
        return not ctx.cmf(f.id).dropped
    if kind == "finish_off":
        return not any(o.band != f.band and ctx.cmf(o.id).unconscious and not ctx.cmf(o.id).dead
                       for o in ctx.s.figures.values())
    if kind == "first_aid":
        return not ctx.cm.options.cem_first_aid or not any(
            o.band == f.band and act.care_need(ctx.cmf(o.id)) is not None
            for o in ctx.s.figures.values())
    return kind == "together"


def action_menu(ctx: CmCtx, fid: str) -> list[ActionInfo]:
    """The bar of the figure taking its tour: each action with its cost, greyed with the
    engine's reason; those with nothing to act on left off (:func:`_unheard_of`)."""
    tour = ctx.s.tour
    if tour is None or tour.figure != fid or ctx.s.pending is not None:
        return []
    offered = {_kind(cmd) for cmd in tour_commands(ctx, tour, sample_moves=False)}
    moving = not tour.acted and tour.walked == 0 and not tour.stood
    offered |= {"walk", "run"} if moving else set()
    out = []
    for k, cost in MENU:
        if k not in offered:
            if not _unheard_of(ctx, tour, k):
                out.append(_refusal(ctx, tour, k, cost))
            continue
        key, params = _note(ctx, tour, k)
        out.append(ActionInfo(kind=k, cost=cost, enabled=True,
                              note=say(key, **params) if key else "", note_key=key,
                              note_params=params))
    return out
