"""The actions of a tour de jeu and their checks (RULESETS §2.c, §2.d; [CM-ACTION]
[CM-MOVE-ACT] [CM-ATTACK] [CM-SPECIAL] [CM-MEP] [CM-FIRSTAID]; GAP-CM-6, 7, 17, 23,
27, 28).

One action per tour: move only (up to 20 pas; the tour ends), or move up to 10 pas then
act with Difficulté, or act in place; a figure standing up may act in place with
Difficulté. Every check is made before anything changes, so a refused command leaves
the game as it was.
"""

from __future__ import annotations

import math

from skirmish.rules import commands as c
from skirmish.rules.cle_en_main import attack
from skirmish.rules.cle_en_main.content import tables
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow_state import Tour
from skirmish.rules.cle_en_main.harm import kill
from skirmish.rules.cle_en_main.rolls import skill_test
from skirmish.rules.cle_en_main.state import CmFigure
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActionDeclared, Healed, StatusChanged, TimedStatus
from skirmish.rules.frame.figure import FrameFigure
from skirmish.rules.frame.messages import illegal
from skirmish.rules.frame.movement import move_along, plan_path, rout_path
from skirmish.rules.frame.queries import engaged_with, gap, in_contact
from skirmish.rules.geometry import CONTACT_GAP, PathLike

#: [GAP-CM-6] (a): "courir sur une vingtaine de mètres", "se déplacer de 10 mètres".
MOVE_ONLY = 20.0
MOVE_ACT = 10.0
#: Directions tried around a target for a charge's place of contact.
CONTACT_DIRECTIONS = 16


def move_only(ctx: CmCtx, f: FrameFigure) -> float:
    """[GAP-CM-6] 20 pas, or twice the Mvt (b)."""
    return MOVE_ONLY if ctx.cm.options.cem_moves == "fixed" else 2 * f.stats.mvt


def move_act(ctx: CmCtx, f: FrameFigure) -> float:
    return MOVE_ACT if ctx.cm.options.cem_moves == "fixed" else f.stats.mvt


def _can_act(ctx: CmCtx, tour: Tour) -> None:
    if tour.acted:
        raise illegal("cm_action_taken", "CM-ACTION", figure=ctx.fig(tour.figure).name)


def _enemy(ctx: CmCtx, f: FrameFigure, target: str | None) -> tuple[FrameFigure, CmFigure]:
    if target is None or target not in ctx.s.figures:
        raise illegal("no_figure", figure=target)
    t, ct = ctx.pair(target)
    if t.band == f.band:
        raise illegal("cm_not_enemy", "CM-ATTACK", target=t.name)
    if t.status != "in_play" or ct.unconscious or ct.dead:
        raise illegal("cm_target_down", "CM-ATTACK", target=t.name)
    return t, ct


def _held(ctx: CmCtx, fid: str, wid: str | None, *, melee: bool) -> None:
    cf = ctx.cmf(fid)
    if wid is None:
        return
    w = cf.profile.weapons.get(wid)
    if w is None or wid in cf.dropped or (melee and not w.melee) or (not melee and w.range is None):
        raise illegal("cm_no_weapon", "CM-WPN-PARAMS", figure=ctx.fig(fid).name, weapon=wid)


# -- moves -----------------------------------------------------------------------------------
def check_move(ctx: CmCtx, tour: Tour, cmd: c.Walk | c.Run) -> PathLike:
    """[CM-ACTION] [CM-MOVE-ACT] Run = move only, up to 20 pas; Walk = up to 10 pas, then
    the action with Difficulté. Leaving contact is free [GAP-CM-7]."""
    f = ctx.fig(tour.figure)
    _can_act(ctx, tour)
    if tour.walked > 0:
        raise illegal("cm_moved", "CM-MOVE-ACT", figure=f.name)
    if tour.stood:
        raise illegal("cm_prone", "CM-SPECIAL", figure=f.name)
    run = isinstance(cmd, c.Run)
    allowance = move_only(ctx, f) if run else move_act(ctx, f)
    return plan_path(ctx, f, cmd.to, allowance, "Run" if run else "Walk", may_contact=True)


def do_move(ctx: CmCtx, tour: Tour, cmd: c.Walk | c.Run, path: PathLike) -> None:
    f = ctx.fig(tour.figure)
    run = isinstance(cmd, c.Run)
    ctx.emit(ActionDeclared(rule="CM-ACTION" if run else "CM-MOVE-ACT", figure=f.id,
                            action="run" if run else "walk", cost=1 if run else 0))
    if path.cost > 1e-9:
        move_along(ctx, f, tuple(path.points), rule="GAP-CM-6", reason="run" if run else "walk",
                   ignore_difficult=f.stats.ignores_difficult)
    if run:
        tour.acted = True
    else:
        tour.walked = max(path.cost, 1e-6)


def rout_flee(ctx: CmCtx, tour: Tour) -> None:
    """GAP-55 [GAP-ALT-3]: a routing figure's tour is a move-only run for the nearest
    table edge, and off it."""
    f = ctx.fig(tour.figure)
    path = rout_path(ctx, f, move_only(ctx, f))
    ctx.emit(ActionDeclared(rule="GAP-55", figure=f.id, action="flee", cost=1))
    if path.cost > 1e-9:
        move_along(ctx, f, tuple(path.points), rule="GAP-55", reason="rout",
                   ignore_difficult=f.stats.ignores_difficult, leaving=True)
    tour.acted = True


# -- attacks ----------------------------------------------------------------------------------
def check_strike(ctx: CmCtx, tour: Tour, target: str | None, wid: str | None) -> str | None:
    """[CM-ATTACK] an enemy in contact; the weapon named, else the best in hand."""
    f = ctx.fig(tour.figure)
    _can_act(ctx, tour)
    t, _ = _enemy(ctx, f, target)
    if not in_contact(f, t):
        raise illegal("cm_not_in_contact", "CM-ATTACK", figure=f.name, target=t.name)
    _held(ctx, f.id, wid, melee=True)
    return wid if wid is not None else attack.best_melee(ctx, f.id)


def check_shot(ctx: CmCtx, tour: Tour, wid: str, target: str) -> None:
    """§2.d Shoot: line of sight; within the weapon's one range ([GAP-CM-28]: up to twice
    with the option); not while engaged (GAP-23)."""
    f = ctx.fig(tour.figure)
    _can_act(ctx, tour)
    t, _ = _enemy(ctx, f, target)
    _held(ctx, f.id, wid, melee=False)
    if engaged_with(ctx, f):
        raise illegal("cm_engaged_no_shot", "GAP-23", figure=f.name)
    if not ctx.sees(f, t):
        raise illegal("cm_no_sight", "R-SHOOT-LOS", figure=f.name, target=t.name)
    w = ctx.cmf(f.id).profile.weapons[wid]
    reach = (w.range or 0) * (2 if ctx.cm.options.cem_beyond_range else 1)
    if gap(f, t) > reach:
        raise illegal("cm_out_of_range", "GAP-CM-28", target=t.name,
                      distance=f"{gap(f, t):.1f}", range=f"{w.range:g}", weapon=wid)


def charge_path(ctx: CmCtx, f: FrameFigure, t: FrameFigure) -> PathLike:
    """§2.d Charge: a way into contact with ``t`` within the move-and-act allowance, to
    the nearest place around it that can be reached."""
    allowance = move_act(ctx, f)
    reach = t.radius + f.radius + CONTACT_GAP / 2
    places = []
    for k in range(CONTACT_DIRECTIONS):
        a = 2 * math.pi * k / CONTACT_DIRECTIONS + math.atan2(f.y - t.y, f.x - t.x)
        places.append((t.x + reach * math.cos(a), t.y + reach * math.sin(a)))
    places.sort(key=lambda p: math.dist(p, f.pos))
    for to in places:
        if math.dist(to, f.pos) > allowance:
            break
        try:
            return plan_path(ctx, f, to, allowance, "Charge", may_contact=True)
        except IllegalCommand:
            continue
    raise illegal("cm_charge_too_far", "CM-MOVE-ACT", figure=f.name, target=t.name,
                  allowance=f"{allowance:g}")


def check_charge(ctx: CmCtx, tour: Tour, target: str) -> PathLike:
    f = ctx.fig(tour.figure)
    _can_act(ctx, tour)
    t, _ = _enemy(ctx, f, target)
    if tour.walked > 0:
        raise illegal("cm_moved", "CM-MOVE-ACT", figure=f.name)
    if tour.stood:
        raise illegal("cm_prone", "CM-SPECIAL", figure=f.name)
    if in_contact(f, t):
        raise illegal("cm_in_contact", "CM-MOVE-ACT", figure=f.name, target=t.name)
    return charge_path(ctx, f, t)


def do_charge(ctx: CmCtx, tour: Tour, target: str, path: PathLike) -> None:
    """Move into contact, then strike with Difficulté; leaving a height of 1 pas or more
    above the target gives a free prime (L642–647)."""
    f, t = ctx.fig(tour.figure), ctx.fig(target)
    height = ctx.level(f) - ctx.level(t) >= 1
    ctx.emit(ActionDeclared(rule="CM-MOVE-ACT", figure=f.id, action="charge", cost=1,
                            target=target))
    if path.cost > 1e-9:
        move_along(ctx, f, tuple(path.points), rule="CM-MOVE-ACT", reason="charge",
                   ignore_difficult=f.stats.ignores_difficult)
    attack.start(ctx, tour, "charge", target, attack.best_melee(ctx, f.id), free_prime=height)


# -- the other actions -------------------------------------------------------------------------
SPECIAL = ("trip", "disarm")


def check_act(ctx: CmCtx, tour: Tour, cmd: c.Act) -> None:
    f = ctx.fig(tour.figure)
    cf = ctx.cmf(f.id)
    _can_act(ctx, tour)
    if cmd.action in SPECIAL:
        check_strike(ctx, tour, cmd.target, cmd.weapon)
    elif cmd.action == "together":
        _together_kind(ctx, tour, cmd)
    elif cmd.action == "finish_off":
        _finish_target(ctx, f, cmd.target)
    elif cmd.action == "pick_up":
        if not cf.dropped:
            raise illegal("cm_nothing_dropped", "CM-SPECIAL", figure=f.name)
    else:
        raise illegal("cm_unknown_action", action=cmd.action)


def _together_kind(ctx: CmCtx, tour: Tour, cmd: c.Act) -> tuple[str, str | None]:
    """[CM-GROUP] [CM-COOP] an attack made together: a blow at an enemy in contact, else
    a shot with the weapon named."""
    f = ctx.fig(tour.figure)
    t, _ = _enemy(ctx, f, cmd.target)
    if in_contact(f, t):
        return "strike", check_strike(ctx, tour, cmd.target, cmd.weapon)
    if cmd.weapon is None:
        raise illegal("cm_not_in_contact", "CM-ATTACK", figure=f.name, target=t.name)
    check_shot(ctx, tour, cmd.weapon, t.id)
    return "shot", cmd.weapon


def _finish_target(ctx: CmCtx, f: FrameFigure, target: str | None) -> FrameFigure:
    """[CM-MEP] "achever" [GAP-CM-17]: an unconscious enemy in contact; under option (b)
    only one with the PJ rules."""
    if target is None or target not in ctx.s.figures:
        raise illegal("no_figure", figure=target)
    t, ct = ctx.pair(target)
    if t.band == f.band:
        raise illegal("cm_not_enemy", "CM-MEP", target=t.name)
    if not ct.unconscious or ct.dead:
        raise illegal("cm_not_unconscious", "CM-MEP", target=t.name)
    if ctx.cm.options.cem_finish_off == "pj_rules" and not ct.profile.pj_rules:
        raise illegal("cm_finish_pj_only", "GAP-CM-17")
    if gap(f, t) > CONTACT_GAP:
        raise illegal("cm_not_in_contact", "CM-MEP", figure=f.name, target=t.name)
    return t


def do_act(ctx: CmCtx, tour: Tour, cmd: c.Act) -> None:
    f = ctx.fig(tour.figure)
    cf = ctx.cmf(f.id)
    rule = {"finish_off": "CM-MEP", "pick_up": "CM-SPECIAL",
            "together": "CM-GROUP" if attack.figurant(ctx, f.id) else "CM-COOP"
            }.get(cmd.action, "CM-SPECIAL")
    ctx.emit(ActionDeclared(rule=rule, figure=f.id, action=cmd.action, cost=1,
                            target=cmd.target, weapon=cmd.weapon))
    if cmd.action in SPECIAL:
        wid = cmd.weapon if cmd.weapon is not None else attack.best_melee(ctx, f.id)
        assert cmd.target is not None
        attack.start(ctx, tour, cmd.action, cmd.target, wid)
        return
    if cmd.action == "together":
        kind, wid = _together_kind(ctx, tour, cmd)
        assert cmd.target is not None
        attack.start(ctx, tour, kind, cmd.target, wid, together=True)
        return
    if cmd.action == "finish_off":
        assert cmd.target is not None
        kill(ctx, cmd.target, f.id, rule="CM-MEP")
        tour.attacked.setdefault(ctx.fig(cmd.target).band, []).append(cmd.target)
    else:
        cf.dropped = []
        ctx.emit(StatusChanged(rule="CM-SPECIAL", figure=f.id, status="disarmed", on=False))
    tour.acted = True


def care_need(ct: CmFigure) -> int | None:
    """[CM-FIRSTAID] the difficulty of first aid for a patient's state, None if it needs
    none: the worst of danger of death 20, unconscious 20, mal en point 15, hurt 10."""
    d = tables().first_aid
    if ct.dead:
        return None
    if ct.dies_at is not None:
        return d.danger_of_death
    if ct.unconscious:
        return d.unconscious
    if ct.mal_en_point:
        return d.mal_en_point
    return d.normal if ct.vitality < ct.profile.vitality else None


def check_first_aid(ctx: CmCtx, tour: Tour, target: str) -> int:
    """[CM-FIRSTAID] [GAP-CM-27] Soins on oneself or an ally in contact."""
    f = ctx.fig(tour.figure)
    _can_act(ctx, tour)
    if not ctx.cm.options.cem_first_aid:
        raise illegal("cm_no_first_aid", "GAP-CM-27")
    if target not in ctx.s.figures:
        raise illegal("no_figure", figure=target)
    t, ct = ctx.pair(target)
    if t.band != f.band:
        raise illegal("cm_not_ally", "CM-FIRSTAID", target=t.name, figure=f.name)
    need = care_need(ct)
    if need is None or t.status not in ("in_play", "out_of_action"):
        raise illegal("cm_no_care_needed", "CM-FIRSTAID", target=t.name)
    if t.id != f.id and gap(f, t) > CONTACT_GAP:
        raise illegal("cm_not_in_contact", "CM-FIRSTAID", figure=f.name, target=t.name)
    return need


def do_first_aid(ctx: CmCtx, tour: Tour, target: str, need: int) -> None:
    """A Soins test; a medikit (once per game) gives +2 ([GAP-CM-27], [CM-GOODS]).
    Success: +1 vitality; the danger of death ends; an unconscious patient wakes; once no
    longer mal en point its wound count is erased."""
    f, cf = ctx.pair(tour.figure)
    ct = ctx.cmf(target)
    mods = {}
    if not cf.medikit_used and any(ctx.book.equipment[e].slot == "medikit" for e in f.equipment):
        cf.medikit_used = True
        mods["medikit"] = tables().first_aid.medikit
    ctx.emit(ActionDeclared(rule="CM-FIRSTAID", figure=f.id, action="first_aid", cost=1,
                            target=target))
    _, ok = skill_test(ctx, f.id, "soins", need, mods, rule="CM-FIRSTAID", target=target)
    tour.acted = True
    if not ok:
        return
    ct.vitality = min(ct.profile.vitality, ct.vitality + 1)
    if ct.dies_at is not None:
        ct.dies_at = None
        ctx.emit(TimedStatus(rule="CM-FIRSTAID", figure=target, status="danger_of_death",
                             on=False))
    if ct.unconscious:
        ct.unconscious, ct.wakes_at = False, None
        ctx.emit(TimedStatus(rule="CM-FIRSTAID", figure=target, status="unconscious", on=False))
    if ct.vitality > 0 and ct.mal_en_point:
        ct.mal_en_point, ct.wounds = False, 0
        ctx.emit(TimedStatus(rule="CM-FIRSTAID", figure=target, status="mal_en_point", on=False))
    ctx.emit(Healed(rule="CM-FIRSTAID", figure=target, by=f.id, pv=ct.vitality))
