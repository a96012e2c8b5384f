"""Passive actions that interrupt others' actions: Spot ([R-MORALE-SPOT]) and "Subir un
tir" ([R-MORALE-SHOT]); GAP-43: they cost no PA and resolve at once."""

from __future__ import annotations

import math

from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Roll
from skirmish.rules.frame.messages import said
from skirmish.rules.frame.movement import ignores_difficult
from skirmish.rules.frame.queries import engaged_with, point_away
from skirmish.rules.frame.rout import react
from skirmish.rules.geometry import Disc, PathLike
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.decisions import ask
from skirmish.rules.skirmish.morale import leadership_test
from skirmish.rules.skirmish.movement import clear_of_contact, untouched_enemies
from skirmish.rules.skirmish.queries import best_ranged_force
from skirmish.rules.skirmish.shooting import check_shot, declare_shot, may_shoot_at, usable_weapons
from skirmish.rules.skirmish.state import Figure
from skirmish.rules.skirmish.steps import (
    ForcedMove,
    MoveAlong,
    ShotTest,
    SpotEscape,
    SpotShot,
    SpotTest,
)

COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def interrupt_moves(ctx: Ctx, f: Figure) -> None:
    """[R-ACT-STOP] D-4: a mover that performs a passive action stops moving."""
    ctx.s.stack[:] = [
        s for s in ctx.s.stack if not (isinstance(s, MoveAlong) and s.figure == f.id and not s.forced)
    ]


# -- Spot --------------------------------------------------------------------------------------
def run_spot(ctx: Ctx, step: SpotTest) -> None:
    """GAP-46: once per (tester, higher-rank enemy) pair; pass → a free shot at once;
    fail → 1d3 pas out of sight, else as far away as possible."""
    t, e = ctx.fig(step.tester), ctx.fig(step.enemy)
    if t.status != "in_play":
        return
    interrupt_moves(ctx, t)
    ok = leadership_test(ctx, t, rule="R-MORALE-SPOT", key="lbl_test",
                         params={"test": "Apercevoir l'ennemi"},
                         kind="passive", against=e, target=e)
    if ok:
        react(ctx, rule="R-MORALE-SPOT", figure=t.id, test="spot", passed=True, cause=e.id,
                          key="stands_free_shot")
        if e.status == "in_play":
            ctx.push(SpotShot(tester=t.id, target=e.id))
        return
    dist = ctx.dice.d3()
    ctx.emit(Roll(rule="R-MORALE-SPOT", **said("lbl_move_d3", test="Apercevoir l'ennemi"),
                  dice=(dist,), compare="table",
                  figure=t.id, result=f"{dist} pas"))
    react(ctx, rule="R-MORALE-SPOT", figure=t.id, test="spot", passed=False, cause=e.id,
                      key="moves_out_of_sight", params={"distance": dist})
    ctx.push(SpotEscape(tester=t.id, enemy=e.id, distance=float(dist)))


def spot_shot_options(ctx: Ctx, t: Figure, e: Figure) -> list[str]:
    """The weapons ``t`` may fire at ``e`` for free. One out of range or sight is passed
    over before :func:`check_shot`, which would refuse it too, but only after writing out
    why (a line of sight with its blocker named, a sentence) for nothing."""
    out = []
    for w in usable_weapons(t):
        if not may_shoot_at(ctx, t, e, ctx.book.ranged_weapons[w]):
            continue
        try:
            check_shot(ctx, t, w, e.id, free=True)
        except IllegalCommand:
            continue
        out.append(w)
    out.sort(key=lambda w: (-ctx.book.ranged_weapons[w].force, w))
    return out


def run_spot_shot(ctx: Ctx, step: SpotShot) -> None:
    """The free shot of a passed Spot test: the question (which weapon, or hold fire),
    then the answer. The answer comes in the position the question was asked in, where
    the chosen weapon was one the tester could shoot with: only that one is checked
    again, not the whole list (each check is a line of sight and a range)."""
    t, e = ctx.fig(step.tester), ctx.fig(step.target)
    if t.status != "in_play" or e.status != "in_play":
        return
    if step.choice is None:
        weapons = spot_shot_options(ctx, t, e)
        if not weapons:
            return
        opts = [(w, "opt_shoot_with", {"target": e.name,
                                       "weapon": ctx.book.ranged_weapons[w].name_fr}, None)
                for w in weapons]
        ask(ctx, step, band=t.band, kind="free_shot", figure=t.id, prompt="ask_free_shot",
            params={"figure": t.id, "target": e.id},
            options=[*opts, ("hold", "opt_hold_fire", {}, None)])
        return
    if step.choice != "hold":
        declare_shot(ctx, check_shot(ctx, t, step.choice, e.id, free=True), free=True)


def escape_routes(ctx: Ctx, t: Figure, e: Figure, distance: float) -> list[tuple[str, PathLike]]:
    """Moves of ``distance`` pas that leave ``e``'s sight, or else the one directly away."""
    obstacles = ctx.obstacles(t)
    enemies = untouched_enemies(ctx, t)
    hidden: list[tuple[str, PathLike]] = []
    for i, name in enumerate(COMPASS):
        path = _hidden_route(ctx, t, e, distance, i, obstacles, enemies)
        if path is not None:
            hidden.append((name, path))
    if hidden:
        return hidden
    away = ctx.table.move_straight(t.disc, point_away(t, e.pos), distance, obstacles,
                                   ignores_difficult(t))
    return [("away", clear_of_contact(ctx, t, away, enemies))]


def _hidden_route(ctx: Ctx, t: Figure, e: Figure, distance: float, i: int,
                  obstacles: list[Disc], enemies: list[Figure]) -> PathLike | None:
    """The move of ``distance`` pas towards ``COMPASS[i]``, if it goes somewhere and
    ends out of ``e``'s sight (one of :func:`escape_routes`); ``enemies`` are those it may
    not come to touch (:func:`untouched_enemies`)."""
    a = i * math.pi / 4
    goal = (t.x + math.cos(a) * 100, t.y + math.sin(a) * 100)
    path = clear_of_contact(
        ctx, t, ctx.table.move_straight(t.disc, goal, distance, obstacles, ignores_difficult(t)),
        enemies,
    )
    if path.cost <= 1e-9:
        return None
    end = (path.end[0], path.end[1], t.radius)
    level = ctx.level(t) if t.on_piece is not None else ctx.table.level_at(path.end)
    if ctx.table.sees(e.disc, end, levels=(ctx.level(e), level)):
        return None
    return path


def run_spot_escape(ctx: Ctx, step: SpotEscape) -> None:
    t, e = ctx.fig(step.tester), ctx.fig(step.enemy)
    if t.status != "in_play" or engaged_with(ctx, t) or t.climbing is not None:
        return
    chosen = None
    if step.choice in COMPASS:
        # the answer to the question asked below, in the same position: its one route,
        # without the seven others (the same route, as every route is worked out alone)
        chosen = _hidden_route(ctx, t, e, step.distance, COMPASS.index(step.choice),
                               ctx.obstacles(t), untouched_enemies(ctx, t))
    if chosen is None:
        routes = escape_routes(ctx, t, e, step.distance)
        if step.choice is None and len(routes) > 1:
            ask(ctx, step, band=t.band, kind="escape", figure=t.id, prompt="ask_escape",
                params={"figure": t.id, "enemy": e.id},
                options=[(k, "opt_escape", {"distance": f"{p.cost:.1f}", "direction": k}, p.end)
                         for k, p in routes])
            return
        chosen = dict(routes).get(step.choice or routes[0][0], routes[0][1])
    if chosen.cost > 1e-9:
        ctx.push(MoveAlong(figure=t.id, path=tuple(chosen.points), reason="spot", forced=True,
                           rule="R-MORALE-SPOT", ignore_difficult=ignores_difficult(t)))


# -- Subir un tir -----------------------------------------------------------------------------
def run_shot_test(ctx: Ctx, step: ShotTest) -> None:
    """GAP-48: the test is taken if the weapon's Force beats the target's best ranged
    weapon, or the target has none; GAP-47: 2d6 by default (option ``shot_test_dice``)."""
    f, s = ctx.fig(step.figure), ctx.fig(step.shooter)
    if f.status != "in_play":
        return
    w = ctx.book.ranged_weapons[step.weapon]
    own = best_ranged_force(ctx, f)
    if own is not None and w.force <= own:
        return
    interrupt_moves(ctx, f)
    dice = ctx.s.options.shot_test_dice
    ok = leadership_test(ctx, f, rule="R-MORALE-SHOT", key="lbl_test", params={"test": "Subir un tir"},
                         kind="passive", dice=dice, against=s, target=s,
                         deviation="GAP-47" if dice == 2 else None)
    if ok:
        react(ctx, rule="R-MORALE-SHOT", figure=f.id, test="shot", passed=True, cause=s.id,
                          key="holds_ground")
        return
    dist = ctx.dice.d3()
    ctx.emit(Roll(rule="R-MORALE-SHOT", **said("lbl_move_d3", test="Subir un tir"), dice=(dist,),
                  compare="table", figure=f.id, result=f"{dist} pas"))
    react(ctx, rule="R-MORALE-SHOT", figure=f.id, test="shot", passed=False, cause=s.id,
                      key="moves_to_cover", params={"distance": dist})
    ctx.push(ForcedMove(figure=f.id, kind="cover", origin=s.pos, distance=float(dist),
                        rule="R-MORALE-SHOT", reason="Subir un tir",
                        ignore_difficult=ignores_difficult(f)))
