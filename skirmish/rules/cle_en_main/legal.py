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


#: The action bar, in order: kind, cost words, the command class (and Act's action).
MENU: tuple[tuple[str, str], ...] = (
    ("walk", "10 pas, then act"), ("run", "20 pas, the action"), ("strike", "the action"),
    ("shoot", "the action"), ("charge", "the action"), ("trip", "the action"),
    ("disarm", "the action"), ("together", "the action of each"), ("finish_off", "the action"),
    ("first_aid", "the action"), ("pick_up", "the action"), ("end", "—"),
)


def _kind(cmd: c.Command) -> str:
    if isinstance(cmd, c.Act):
        return cmd.action
    return {c.Walk: "walk", c.Run: "run", c.Strike: "strike", c.Shoot: "shoot",
            c.Charge: "charge", c.UseMedikit: "first_aid", c.EndActivation: "end"}[type(cmd)]


def action_menu(ctx: CmCtx, fid: str) -> list[ActionInfo]:
    tour = ctx.s.tour
    if tour is None or tour.figure != fid or ctx.s.pending is not None:
        return []
    offered = {_kind(cmd) for cmd in tour_commands(ctx, tour, sample_moves=False)}
    moving = not tour.acted and tour.walked == 0 and not tour.stood
    offered |= {"walk", "run"} if moving else set()
    return [ActionInfo(kind=k, cost=cost, enabled=k in offered,
                       reason="" if k in offered else "not possible now", rule="CM-ACTION")
            for k, cost in MENU]
