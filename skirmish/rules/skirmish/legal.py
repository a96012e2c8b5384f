"""What may be done now: ``legal_commands`` and the action menu with reasons.

Movement is continuous, so ``legal_commands`` lists a finite, deterministic sample of
destinations (the eight compass points at full allowance and the way to the nearest
enemies, or with ``dense_moves`` about six times as many); any point of ``reach(...)`` is
just as legal and ``apply`` checks it exactly.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.legal import table_commands
from skirmish.rules.frame.messages import illegal
from skirmish.rules.frame.queries import enemies_in_play, engaged_with, gap
from skirmish.rules.geometry import CONTACT_GAP
from skirmish.rules.ruleset import ActionInfo
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.engine import check_medikit, must_flee
from skirmish.rules.skirmish.melee import charge_path, check_charger, check_strike, target_problem
from skirmish.rules.skirmish.movement import (
    check_stepping,
    climb_plan,
    flee_check,
    move_allowance,
    run_allowance,
)
from skirmish.rules.skirmish.shooting import check_shooter, shootable_targets, usable_weapons
from skirmish.rules.skirmish.state import Figure
from skirmish.rules.skirmish.turns import activatable, current_band

COMPASS_POINTS = 8
DENSE_POINTS = 24  # the dense sample's directions, 15° apart
DENSE_SHARES = (0.25, 0.75)  # of the allowance: shorter moves on the compass points
OUT_OF_REACH = 0.6  # pas beyond an enemy's charge reach the dense sample may stop


def _ok(fn: Callable[[], object]) -> bool:
    try:
        fn()
    except IllegalCommand:
        return False
    return True


def legal_commands(ctx: Ctx, *, sample_moves: bool = True, dense_moves: bool = False
                   ) -> list[c.Command]:
    """Everything that may be done now. ``sample_moves=False`` leaves out Walk and Run
    (a caller that picks its own destination checks it with ``apply``); ``dense_moves``
    samples them densely (:func:`move_goals`)."""
    s = ctx.s
    table = table_commands(ctx, s.pending, sample_moves=sample_moves)
    if table is not None:
        return table
    if s.active is None:
        band = current_band(ctx.s)
        if band is None:
            return []
        out: list[c.Command] = [c.Activate(figure=f.id) for f in activatable(ctx, band)]
        if s.wave == 1:
            out.append(c.EndWave(band=band))
        return out
    return figure_commands(ctx, ctx.fig(s.active), sample_moves=sample_moves,
                           dense_moves=dense_moves)


def figure_commands(ctx: Ctx, f: Figure, *, sample_moves: bool = True,
                    dense_moves: bool = False) -> list[c.Command]:
    engaged = engaged_with(ctx, f)
    if f.routing and must_flee(ctx, f):
        return [c.Flee(figure=f.id)]  # GAP-55: a routing figure flees while it can pay
    out: list[c.Command] = [c.EndActivation(figure=f.id)]
    if engaged and _ok(lambda: flee_check(ctx, f)):
        out.append(c.Flee(figure=f.id))
    out += strike_commands(ctx, f)
    if f.routing:
        return out
    if not engaged:
        if sample_moves:
            out += move_commands(ctx, f, dense=dense_moves)
        out += shoot_commands(ctx, f)
        out += charge_commands(ctx, f)
        out += climb_commands(ctx, f)
    out += medikit_commands(ctx, f)
    return out


def strike_commands(ctx: Ctx, f: Figure) -> list[c.Command]:
    out: list[c.Command] = []
    x, y, base, band, hypot = f.x, f.y, f.base, f.band, math.hypot
    for e in ctx.figures():  # in_contact(f, e) written out: asked at every step
        if e.band == band or e.status not in ("in_play", "out_of_action") \
                or hypot(x - e.x, y - e.y) - (base + e.base) / 2 > CONTACT_GAP:
            continue
        for w in f.melee or [None]:
            cmd = c.Strike(figure=f.id, target=e.id, weapon=w)
            if _ok(lambda cmd=cmd: check_strike(ctx, f, cmd.target, cmd.weapon)):
                out.append(cmd)
    return out


def shoot_commands(ctx: Ctx, f: Figure) -> list[c.Command]:
    out: list[c.Command] = []
    foes = enemies_in_play(ctx, f)
    for wid in usable_weapons(f):
        try:
            w = check_shooter(ctx, f, wid)
        except IllegalCommand:
            continue
        out += [c.Shoot(figure=f.id, weapon=wid, target=e.id)
                for e in shootable_targets(ctx, f, w, foes)]
    return out


def charge_commands(ctx: Ctx, f: Figure, near: float | None = None) -> list[c.Command]:
    """Legal charges; ``near`` keeps only enemies within that many pas (a charge beyond
    its reach is legal but fails, GAP-39)."""
    foes = [e for e in enemies_in_play(ctx, f) if near is None or gap(f, e) <= near]
    if not foes or not _ok(lambda: check_charger(ctx, f)):
        return []
    return [c.Charge(figure=f.id, target=e.id) for e in foes if target_problem(ctx, f, e) is None]


def medikit_commands(ctx: Ctx, f: Figure) -> list[c.Command]:
    return [c.UseMedikit(figure=f.id, target=t.id) for t in ctx.band_figures(f.band)
            if _ok(lambda t=t: check_medikit(ctx, f, t.id))]


def climb_commands(ctx: Ctx, f: Figure) -> list[c.Command]:
    pieces = set(ctx.table.touching_pieces(f.disc)) if f.climbing is None else set()
    for p in (f.on_piece, f.climbing.piece if f.climbing else None):
        if p is not None:
            pieces.add(p)
    out: list[c.Command] = []
    for p in sorted(pieces):
        for run in (False, True):
            cost = 2 if run else 1
            if f.pa >= cost and _ok(lambda p=p, run=run: climb_plan(ctx, f, p, run)):
                out.append(c.Climb(figure=f.id, piece=p, run=run))
    return out


def _bearings(f: Figure, points: int) -> list[tuple[float, float]]:
    """Points far off in ``points`` directions evenly round ``f``, east first."""
    return [(f.x + math.cos(2 * math.pi * i / points) * 100,
             f.y + math.sin(2 * math.pi * i / points) * 100) for i in range(points)]


def move_goals(ctx: Ctx, f: Figure, allowance: float, dense: bool = False
               ) -> list[tuple[float, float]]:
    """Candidate destinations: compass points and the way to the three nearest enemies,
    the whole allowance each. ``dense`` adds the directions between (every 15°), half
    moves on every one of them, quarter and three-quarter moves on the compass points,
    a stop just beyond each near enemy's charge reach on the way to it and a stop on
    each objective in straight reach: a figure may then close in without being charged,
    or stop on an objective it would walk past. About six times the places to weigh, so
    the plain sample is the default (the dense one is the hard player's)."""
    compass = _bearings(f, COMPASS_POINTS)
    foes = sorted(enemies_in_play(ctx, f), key=lambda e: (gap(f, e), e.id))[:3]
    ends = [slide_towards(ctx, f, g, allowance) for g in compass + [e.pos for e in foes]]
    if dense:
        step = DENSE_POINTS // COMPASS_POINTS
        bearings = _bearings(f, DENSE_POINTS)
        ends += [slide_towards(ctx, f, g, allowance) for i, g in enumerate(bearings) if i % step]
        ends += [slide_towards(ctx, f, g, allowance / 2) for g in bearings]
        ends += [slide_towards(ctx, f, g, allowance * k) for k in DENSE_SHARES for g in compass]
        ends += [_short_of_reach(ctx, f, e, allowance) for e in foes]
        for obj in ctx.s.objectives:
            d = math.dist(f.pos, obj.at)
            if 0.5 < d <= allowance + obj.radius + f.radius:
                ends.append(slide_towards(ctx, f, obj.at, min(allowance, d)))
    return [e for e in ends if e is not None]


def _short_of_reach(ctx: Ctx, f: Figure, e: Figure, allowance: float
                    ) -> tuple[float, float] | None:
    """The stop on the way to ``e`` just beyond its charge (its Run, [R-ACT-CHARGE]):
    within ``allowance``, or None when ``f`` already stands that close (the stop would
    be a step back: the sample's other bearings go away) or cannot get there this move
    (a whole move towards ``e`` is in the sample anyway)."""
    closer = gap(f, e) - run_allowance(e) - OUT_OF_REACH  # how far f may close in
    if closer <= 0 or closer > allowance:
        return None
    return slide_towards(ctx, f, e.pos, closer)


def slide_towards(ctx: Ctx, f: Figure, goal: tuple[float, float], allowance: float
                  ) -> tuple[float, float] | None:
    """The end of a straight move towards ``goal``: legal by construction (the table stops
    it short of terrain and bases, within the allowance) unless it ends in contact with an
    enemy (GAP-16); None then, or if it barely moves."""
    path = ctx.table.move_straight(f.disc, goal, allowance, ctx.obstacles(f),
                                   f.stats.ignores_difficult, on=f.on_piece)
    end = (float(path.end[0]), float(path.end[1]))
    if path.cost <= 0.25:
        return None
    for e in enemies_in_play(ctx, f):
        if math.dist(end, e.pos) - f.radius - e.radius <= CONTACT_GAP:
            return None
    return end


def move_commands(ctx: Ctx, f: Figure, dense: bool = False) -> list[c.Command]:
    out: list[c.Command] = []
    for run in (False, True):
        if f.pa < (2 if run else 1) or not _ok(lambda run=run: check_stepping(ctx, f, run)):
            continue
        for end in move_goals(ctx, f, move_allowance(f, run), dense):
            out.append(c.Run(figure=f.id, to=end) if run else c.Walk(figure=f.id, to=end))
    return out


# -- the action menu (UI) ---------------------------------------------------------------------
def _why(fn: Callable[[], object]) -> IllegalCommand | None:
    try:
        fn()
    except IllegalCommand as e:
        return e
    return None


def menu_item(kind: str, cost: str, check: Callable[[], object], none_key: str = "",
              cmds: list[c.Command] | None = None, rule: str = "") -> ActionInfo:
    """A button: greyed with ``check``'s refusal, or with ``none_key`` (under ``rule``)
    when ``cmds`` is given and empty (nobody to strike, shoot, heal…); else enabled."""
    err = _why(check)
    if err is None and cmds is not None and not cmds:
        err = illegal(none_key, rule)
    return ActionInfo(kind=kind, cost=cost, enabled=True) if err is None \
        else ActionInfo.refused(kind, cost, err)


def action_menu(ctx: Ctx, f: Figure) -> list[ActionInfo]:
    """Every active action with whether ``f`` may take it now, and why not."""

    def pa(n: int, name: str) -> None:
        if f.pa < n:
            raise illegal("pa_short", "R-TURN-PA", action=name, cost=n, figure=f.name, left=f.pa)

    def walk() -> None:
        check_stepping(ctx, f, run=False)
        pa(1, "Walk")

    def run() -> None:
        check_stepping(ctx, f, run=True)
        pa(2, "Run")

    shots = shoot_commands(ctx, f) if not f.routing else []
    charges = [] if f.routing else charge_commands(ctx, f)
    items = [
        menu_item("walk", "1", walk),
        menu_item("run", "2", run),
        menu_item("shoot", "1–2", lambda: _shoot_reason(ctx, f), "no_enemy_in_sight", shots,
                  "R-SHOOT-LOS"),
        _charge_in_reach(ctx, f, menu_item("charge", "1", lambda: check_charger(ctx, f),
                                           "no_charge_target", charges, "D-5"), charges),
        menu_item("strike", "1", lambda: pa(1, "Strike"), "no_contact",
                  strike_commands(ctx, f), "R-ACT-STRIKE"),
        menu_item("flee", "1+", lambda: flee_check(ctx, f)),
        menu_item("medikit", "1", lambda: medikit_reason(ctx, f), "nobody_to_heal",
                  medikit_commands(ctx, f), "R-EQ-MEDIKIT"),
    ]
    if any(ctx.book.equipment[e].slot == "rope" for e in f.equipment):
        items.append(menu_item("climb", "1–2", lambda: pa(1, "Climb"), "nothing_to_climb",
                               climb_commands(ctx, f), "R-EQ-ROPE"))
    items.append(ActionInfo(kind="end", cost="0", enabled=True))
    if f.routing and must_flee(ctx, f):  # GAP-55: the engine takes only the flight
        err = illegal("routing_must_flee", "GAP-55", figure=f.name)
        items = [i if i.kind == "flee" or not i.enabled else ActionInfo.refused(i.kind, i.cost, err)
                 for i in items]
    return items


def _charge_in_reach(ctx: Ctx, f: Figure, item: ActionInfo, charges: list[c.Command]
                     ) -> ActionInfo:
    """Charge stays offered only if some charge reaches contact. One that falls short is
    legal (R-ACT-CHARGE-FAIL) but, with every distance measured before the player
    commits, it is never better than a Walk or a Run: the same Run for 2 PA, or half a
    Walk for the last PA. So the window greys it and says why, as it rings only the
    enemies in reach (``ChargeTool``)."""
    if not item.enabled:
        return item
    allowance = run_allowance(f)
    for cmd in charges:
        if isinstance(cmd, c.Charge) and \
                charge_path(ctx, f, ctx.fig(cmd.target), allowance) is not None:
            return item
    return ActionInfo.refused(item.kind, item.cost, illegal(
        "no_charge_in_reach", "R-ACT-CHARGE-FAIL", allowance=f"{allowance:g}"))


def _shoot_reason(ctx: Ctx, f: Figure) -> None:
    if f.routing:
        raise illegal("routing_no_shoot", "R-END-ROUT-FAIL", figure=f.name)
    if not usable_weapons(f):
        raise illegal("no_ranged", "R-ACT-SHOOT", figure=f.name)
    foes = engaged_with(ctx, f)
    if foes:
        raise illegal("engaged_no_shoot", "GAP-23", figure=f.name, enemy=foes[0].name)
    cheapest = min(ctx.book.ranged_weapons[w].pa_cost for w in usable_weapons(f))
    if f.pa < cheapest:
        raise illegal("pa_short", "R-ACT-SHOOT", action="Shoot", cost=cheapest, figure=f.name,
                      left=f.pa)


def medikit_reason(ctx: Ctx, f: Figure) -> None:
    """Why ``f`` may not use a medikit at all, whoever needs it (every ruleset's)."""
    if f.medikit_left < 1:
        raise illegal("no_medikit", "R-EQ-MEDIKIT", figure=f.name)
    if f.pa < 1:
        raise illegal("pa_short", "GAP-14", action="Medikit", cost=1, figure=f.name, left=f.pa)
