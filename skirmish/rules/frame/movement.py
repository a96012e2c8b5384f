"""Moving on the table under any ruleset (RULESETS §0.2, §0.5 S6): a path within an
allowance in pas that the ruleset supplies, where difficult terrain costs 2 pas of
allowance per pas ([R-ACT-TERRAIN], the "halved distance" of the other systems); the move
itself; and a routing figure's way off the table (GAP-55)."""

from __future__ import annotations

import math

from skirmish.content.models import Rank
from skirmish.rules.events import Moved, StatusChanged
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.figure import TableFigure
from skirmish.rules.frame.messages import illegal
from skirmish.rules.geometry import CONTACT_GAP, PathLike, Point


def ignores_difficult(f: TableFigure) -> bool:
    """[R-ACT-TERRAIN]: rat-men and a pair of cybernetic legs ignore difficult terrain."""
    return f.stats.ignores_difficult


def plan_path(ctx: TableCtx, f: TableFigure, to: Point, allowance: float, action: str, *,
              may_contact: bool) -> PathLike:
    """The cheapest legal path to ``to`` within ``allowance`` pas (raises if there is
    none); unless ``may_contact``, it may not end touching an enemy (GAP-16)."""
    if not (0 <= to[0] <= ctx.s.width and 0 <= to[1] <= ctx.s.height):
        raise illegal("off_table", "R-ACT-WALK", action=action)
    ign = ignores_difficult(f)
    obstacles = ctx.obstacles(f)
    path = ctx.table.path(f.disc, to, obstacles, ign, limit=allowance + 1e-6, on=f.on_piece,
                          direct_ok=True)
    if path is None:
        # Out of reach or no way at all: say which, with the cost when there is a way.
        longer = ctx.table.path(f.disc, to, obstacles, ign,
                                limit=2 * math.dist(f.pos, to) + 4 * f.base, on=f.on_piece)
        if longer is None:
            raise illegal("no_way", "R-ACT-TERRAIN", figure=f.name)
        raise illegal("too_far", "R-ACT-TERRAIN", action=action, allowance=f"{allowance:g}",
                      figure=f.name, needed=f"{longer.cost:.1f}")
    if not may_contact:
        end = (path.end[0], path.end[1], f.radius)
        for e in ctx.in_play():
            if e.band != f.band and disc_gap(end, e) <= CONTACT_GAP:
                raise illegal("only_charge_contacts", "GAP-16", enemy=e.name)
    return path


def disc_gap(d: tuple[float, float, float], e: TableFigure) -> float:
    """Edge-to-edge distance from a base at ``d`` to ``e``'s."""
    return math.hypot(d[0] - e.x, d[1] - e.y) - d[2] - e.radius


def move_along(ctx: TableCtx, f: TableFigure, points: tuple[Point, ...], *, rule: str,
               reason: str, ignore_difficult: bool, interrupted: bool = False,
               leaving: bool = False) -> None:
    """Put ``f`` at the end of ``points`` and say so; ``leaving`` (a rout) takes it off
    the table when the move ends beyond its edge."""
    cost = ctx.table.path_cost(points, ignore_difficult, on=f.on_piece)
    end = points[-1]
    f.x, f.y = float(end[0]), float(end[1])
    ctx.moved()
    ctx.emit(Moved(rule=rule, figure=f.id, path=points, cost=round(cost, 3), reason=reason,
                   interrupted=interrupted))
    if leaving and not (0 <= end[0] <= ctx.s.width and 0 <= end[1] <= ctx.s.height
                        and _inside(ctx, f)):
        leave_table(ctx, f)


def _inside(ctx: TableCtx, f: TableFigure) -> bool:
    r = f.radius
    return r <= f.x <= ctx.s.width - r and r <= f.y <= ctx.s.height - r


def leave_table(ctx: TableCtx, f: TableFigure) -> None:
    """GAP-55: a routing figure leaving the table is out of the game, with no VP to
    anyone; a routed Chef counts as lost for [R-END-ROUT] once."""
    f.status = "fled"
    f.routing = False
    ctx.moved()
    if Rank(f.rank) is Rank.CHEF:
        ctx.s.band(f.band).chef_lost_turn = ctx.s.turn
    ctx.emit(StatusChanged(rule="R-END-ROUT-FAIL", figure=f.id, status="fled"))


def rout_path(ctx: TableCtx, f: TableFigure, allowance: float) -> PathLike:
    """GAP-55: ``allowance`` pas straight for the nearest table edge, and beyond it."""
    edge, _ = ctx.table.nearest_edge(f.pos)
    dx, dy = edge[0] - f.x, edge[1] - f.y
    d = math.hypot(dx, dy) or 1.0
    beyond = (edge[0] + dx / d * 2 * f.base, edge[1] + dy / d * 2 * f.base)
    return ctx.table.move_straight(f.disc, beyond, allowance, ctx.obstacles(f),
                                   ignores_difficult(f), leave_table=True)
