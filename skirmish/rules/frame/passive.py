"""The Leadership test of a passive action (RULES.md §7, [R-MORALE-ALLY], GAP-42), under
any ruleset that keeps Skirmish's passive actions (RULESETS §0.2, GAP-ALT-3): the
ruleset's own Leadership (S12) — the Skirmish 2d6 ≤ Cd, a Cd derived from the system's
willpower, or a native test — with +1 Cd for each ally in play less than 3 pas away."""

from __future__ import annotations

import math
from typing import Any

from skirmish.rules.events import Roll
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.movement import ignores_difficult, move_along
from skirmish.rules.frame.queries import allies_within, point_away
from skirmish.rules.frame.rout import Leadership
from skirmish.rules.geometry import PathLike


def switched_on(ctx: TableCtx, kind: str) -> bool:
    """D-1: the passive action ``kind`` is in use in this game."""
    return bool(getattr(ctx.s.options.passive_actions, kind))


def passive_test(ctx: TableCtx, lead: Leadership, f: Any, *, rule: str, test: str) -> bool:
    """``f``'s test named ``test`` (the source's French name) under ``rule``; True if passed.
    Its roll is left in ``ctx.last_test`` for the reaction that says what it did."""
    allies = allies_within(ctx, f, 3.0)
    return lead.rout_test(ctx, f, rule=rule, key="lbl_test", params={"test": test},
                          cd=lead.cd(f) + len(allies), lender=None, retest=False)


def d3_move(ctx: TableCtx, f: Any, *, rule: str, key: str, test: str) -> int:
    """The 1d3 pas a failed test moves ``f``, rolled and logged under the ruleset's label
    ``key``."""
    dist = ctx.dice.d3()
    ctx.emit(Roll(rule=rule, **ctx.said(key, test=test), dice=(dist,), compare="table",
                  figure=f.id, result=f"{dist} pas"))
    return dist


def forced_move(ctx: TableCtx, f: Any, path: PathLike | None, rule: str, reason: str) -> None:
    """``f`` moves along ``path`` as a test forces it (nothing when the path goes nowhere)."""
    if path is not None and path.cost > 1e-9 and len(path.points) > 1:
        move_along(ctx, f, tuple(path.points), rule=rule, reason=reason,
                   ignore_difficult=ignores_difficult(f))


def away(ctx: TableCtx, f: Any, origin: tuple[float, float], distance: float) -> PathLike:
    """The straight move of ``distance`` pas directly away from ``origin``."""
    return ctx.table.move_straight(f.disc, point_away(f, origin), distance, ctx.obstacles(f),
                                   ignores_difficult(f))


#: Directions tried, clockwise from the east, for a move out of an enemy's sight.
DIRECTIONS = 8


def out_of_sight(ctx: TableCtx, t: Any, e: Any, distance: float) -> PathLike:
    """R-MORALE-SPOT: the first move of ``distance`` pas, clockwise from the east, that
    leaves ``e``'s sight; else straight away from it."""
    for k in range(DIRECTIONS):
        a = 2 * math.pi * k / DIRECTIONS
        goal = (t.x + math.cos(a) * 100, t.y + math.sin(a) * 100)
        path = ctx.table.move_straight(t.disc, goal, distance, ctx.obstacles(t),
                                       ignores_difficult(t))
        if path.cost <= 1e-9:
            continue
        end = (path.end[0], path.end[1], t.radius)
        if not ctx.table.sees(e.disc, end, levels=(ctx.level(e), ctx.level(t))):
            return path
    return away(ctx, t, e.pos, distance)
