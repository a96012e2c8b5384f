"""Movement: Walk, Run, Flee, Climb, routing moves and forced moves (§6.1, D-2, D-4).

A move is a :class:`MoveAlong` step. It walks the path in 0.25-pas samples and stops
where a character sees a higher-rank enemy for the first time ([R-MORALE-SPOT]): the
Spot tests run first, and the rest of the path resumes only if the mover itself took
no passive action ([R-ACT-STOP], D-4).
"""

from __future__ import annotations

import math

from skirmish.rules.events import ActionDeclared, Moved, StatusChanged
from skirmish.rules.frame.context import outranks, rank_level
from skirmish.rules.frame.figure import Climbing
from skirmish.rules.frame.messages import illegal
from skirmish.rules.frame.movement import disc_gap, ignores_difficult, move_along, plan_path, rout_path
from skirmish.rules.frame.queries import allies_within, centroid, engaged_with, has_equipment, point_away
from skirmish.rules.geometry import CONTACT_GAP, PathLike, Point
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.state import Figure
from skirmish.rules.skirmish.steps import ForcedMove, MoveAlong, SpotTest

SPOT_STEP = 0.25  # D-4: Spot is checked at least every 0.25 pas along a path
MAX_CLIMB = 10.0  # [R-EQ-ROPE]: the rope cannot be used beyond 10 pas of height


# -- allowances ----------------------------------------------------------------------------
def walk_allowance(f: Figure) -> float:
    """[R-ACT-WALK] GAP-15: up to Mvt."""
    return f.stats.mvt


def run_allowance(f: Figure) -> float:
    """[R-ACT-RUN] 1.5 × Mvt; difficult terrain still burns 2 pas per pas (GAP-15)."""
    return 1.5 * f.stats.mvt


def move_allowance(f: Figure, run: bool) -> float:
    """The pas a Walk or a Run pays for."""
    return run_allowance(f) if run else walk_allowance(f)


# -- checks ---------------------------------------------------------------------------------
def require_free_to_move(ctx: Ctx, f: Figure, action: str) -> None:
    """GAP-16: an engaged character may only Strike, Flee or use an item."""
    if f.climbing is not None:
        raise illegal("on_rope", "R-EQ-ROPE", figure=f.name)
    foes = engaged_with(ctx, f)
    if foes:
        raise illegal("engaged_no", "GAP-16", figure=f.name, enemy=foes[0].name, action=action)


def check_stepping(ctx: Ctx, f: Figure, run: bool) -> None:
    """A Walk or Run may start: not routing (GAP-55), free to move (GAP-16) and, for a
    Run, not forbidden by a failed charge test (GAP-44). PA are checked by the caller."""
    if f.routing:
        raise illegal("routing_edge", "GAP-55", figure=f.name)
    require_free_to_move(ctx, f, "Run" if run else "Walk")
    if run and f.no_run:
        raise illegal("no_run", "GAP-44", figure=f.name)


def plan_move(ctx: Ctx, f: Figure, to: Point, allowance: float, action: str) -> PathLike:
    """The cheapest legal path for a Walk or Run to ``to`` (raises if there is none): only
    a Charge ends in contact (GAP-16)."""
    return plan_path(ctx, f, to, allowance, action, may_contact=False)


# -- commands -------------------------------------------------------------------------------
def do_move(ctx: Ctx, f: Figure, path: PathLike, action: str, cost: int, rule: str) -> None:
    f.pa -= cost
    ctx.emit(ActionDeclared(rule=rule, figure=f.id, action=action, cost=cost))
    ctx.push(MoveAlong(figure=f.id, path=tuple(path.points), reason=action, rule=rule,
                       ignore_difficult=ignores_difficult(f)))


def flee_cost(ctx: Ctx, f: Figure) -> int:
    """[R-ACT-FLEE-ALLY] max(1, engaged enemies − allies within 1 pas, engaged or not)."""
    foes = engaged_with(ctx, f)
    allies = allies_within(ctx, f, 1.0, strict=False, routing_count=True)
    return max(1, len(foes) - len(allies))


def flee_path(ctx: Ctx, f: Figure) -> PathLike:
    """[R-ACT-FLEE] half Mvt directly away from the engaging enemies, "même en terrain
    difficile" (GAP-15, GAP-41)."""
    foes = engaged_with(ctx, f)
    away = point_away(f, centroid(foes))
    path = ctx.table.move_straight(f.disc, away, f.stats.mvt / 2, ctx.obstacles(f), True)
    return keep_out_of_contact(ctx, f, path, ignore={e.id for e in foes})


def keep_out_of_contact(ctx: Ctx, f: Figure, path: PathLike, ignore: set[str] = frozenset()
                        ) -> PathLike:
    """D-2: a forced move never creates contact with an enemy: shorten it until the end
    is more than 0.1 pas from every enemy it was not already touching."""
    return clear_of_contact(ctx, f, path, untouched_enemies(ctx, f, ignore))


def untouched_enemies(ctx: Ctx, f: Figure, ignore: set[str] = frozenset()) -> list[Figure]:
    """The enemies a forced move of ``f`` may not come to touch (D-2): those in play that
    it does not touch now, but for ``ignore``."""
    start = (f.x, f.y, f.radius)
    return [e for e in ctx.in_play()
            if e.band != f.band and e.id not in ignore and disc_gap(start, e) > CONTACT_GAP]


def clear_of_contact(ctx: Ctx, f: Figure, path: PathLike, others: list[Figure]) -> PathLike:
    """:func:`keep_out_of_contact` against ``others`` (:func:`untouched_enemies`), for a
    caller that tries several moves of the same figure from where it stands."""
    p = path
    for _ in range(8):
        end = (p.end[0], p.end[1], f.radius)
        if p.cost <= 0 or all(disc_gap(end, e) > CONTACT_GAP for e in others):
            return p
        p = ctx.table.truncate(p, max(0.0, p.cost - 0.05), True)
    return ctx.table.truncate(p, 0.0, True)


# -- the move step ------------------------------------------------------------------------
def _spot_candidates(ctx: Ctx, mover: Figure) -> list[tuple[Figure, Figure]]:
    """(tester, seen) pairs that could trigger a first-sighting Spot test (GAP-46)."""
    if not ctx.s.options.passive_actions.spot:
        return []
    pairs = []
    for e in ctx.in_play():
        if e.band == mover.band:
            continue
        if outranks(e, mover) and e.id not in mover.seen:
            pairs.append((mover, e))
        elif outranks(mover, e) and mover.id not in e.seen:
            pairs.append((e, mover))
    return pairs


def run_move(ctx: Ctx, step: MoveAlong) -> None:
    f = ctx.fig(step.figure)
    if f.status != "in_play" or len(step.path) < 2:
        return
    pairs = _spot_candidates(ctx, f) if step.spot else []
    if not pairs:
        _finish_move(ctx, f, step, step.path, interrupted=False)
        return
    others = [t if t.id != f.id else s for t, s in pairs]
    hit = ctx.table.first_sighting(
        step.path, f.radius, [o.disc for o in others], [ctx.level(o) for o in others], SPOT_STEP,
        level=None if f.on_piece is None else ctx.table.piece_height(f.on_piece),
    )
    if hit is None:
        _finish_move(ctx, f, step, step.path, interrupted=False)
        return
    seg, point, seen_now = hit
    triggered = [pairs[j] for j in seen_now]
    done = (*step.path[: seg + 1], point)
    rest = (point, *step.path[seg + 1:])
    for t, s in triggered:
        t.seen[s.id] = True
    # GAP-46, D-4: one test per pair, the mover's own first (the enemy of highest rank
    # first), then the other testers by rank; each resolves fully before the next.
    mover_tests = sorted((p for p in triggered if p[0].id == f.id),
                         key=lambda p: (-rank_level(p[1]), p[1].id))
    others = sorted((p for p in triggered if p[0].id != f.id),
                    key=lambda p: (-rank_level(p[0]), p[0].id))
    interrupted = bool(mover_tests) and _length(rest) > 1e-6
    _finish_move(ctx, f, step, done, interrupted=interrupted)
    cont = []
    if not mover_tests and _length(rest) > 1e-6:
        cont.append(MoveAlong(
            figure=f.id, path=rest, reason=step.reason, rule=step.rule, spot=True,
            forced=step.forced, ignore_difficult=step.ignore_difficult,
            leave_table=step.leave_table,
        ))
    tests = [SpotTest(tester=t.id, enemy=s.id) for t, s in (*mover_tests, *others)]
    ctx.push(*tests, *cont)


def _length(points: tuple[Point, ...]) -> float:
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def _finish_move(ctx: Ctx, f: Figure, step: MoveAlong, points: tuple[Point, ...],
                 interrupted: bool) -> None:
    move_along(ctx, f, points, rule=step.rule, reason=step.reason,
               ignore_difficult=step.ignore_difficult, interrupted=interrupted,
               leaving=step.leave_table)


# -- forced moves (D-2) -----------------------------------------------------------------------
def run_forced(ctx: Ctx, step: ForcedMove) -> None:
    f = ctx.fig(step.figure)
    if f.status != "in_play":
        return
    if engaged_with(ctx, f) or f.climbing is not None:
        return  # D-3: an engaged figure makes no forced move
    path: PathLike | None = None
    if step.kind == "cover":
        path = ctx.table.nearest_cover(f.disc, ctx.obstacles(f), step.distance)
    if path is None:
        path = ctx.table.move_straight(f.disc, point_away(f, step.origin), step.distance,
                                       ctx.obstacles(f), step.ignore_difficult)
    path = keep_out_of_contact(ctx, f, path)
    if len(path.points) < 2 or path.cost <= 1e-9:
        return
    ctx.push(MoveAlong(figure=f.id, path=tuple(path.points), reason=step.reason, rule=step.rule,
                       forced=True, ignore_difficult=step.ignore_difficult))


# -- routing (GAP-55) ------------------------------------------------------------------------
def rout_move(ctx: Ctx, f: Figure) -> None:
    """A routing character not engaged spends its PA walking to the nearest edge."""
    allowance = f.pa * f.stats.mvt
    ctx.emit(ActionDeclared(rule="GAP-55", figure=f.id, action="rout", cost=f.pa))
    f.pa = 0
    path = rout_path(ctx, f, allowance)
    if len(path.points) >= 2:
        ctx.push(MoveAlong(figure=f.id, path=tuple(path.points), reason="rout", rule="GAP-55",
                           forced=True, ignore_difficult=ignores_difficult(f), leave_table=True))


# -- rope and grapple (GAP-60) ---------------------------------------------------------------
def climb_plan(ctx: Ctx, f: Figure, piece: str, run: bool) -> tuple[bool, float]:
    """Check a Climb; return (going up, height still to climb)."""
    if not has_equipment(ctx, f, "rope"):
        raise illegal("no_rope", "R-EQ-ROPE", figure=f.name)
    foes = engaged_with(ctx, f)
    if foes:
        raise illegal("engaged_no", "GAP-16", figure=f.name, enemy=foes[0].name, action="Climb")
    if run and f.no_run:
        raise illegal("no_run", "GAP-44", figure=f.name)
    height = ctx.table.piece_height(piece)
    if f.climbing is not None:
        if f.climbing.piece != piece:
            raise illegal("other_climb", "R-EQ-ROPE", figure=f.name)
        up = f.climbing.up
        left = height - f.climbing.done if up else f.climbing.done
        return up, left
    if f.on_piece == piece:
        return False, height
    if f.on_piece is not None:
        raise illegal("climb_down_first", "R-EQ-ROPE", figure=f.name)
    if piece not in ctx.table.touching_pieces(f.disc):
        raise illegal("not_touching", "R-EQ-ROPE", figure=f.name, piece=ctx.table.piece_name(piece))
    if height > MAX_CLIMB:
        raise illegal("too_high", "R-EQ-ROPE", piece=ctx.table.piece_name(piece),
                      height=f"{height:g}")
    return True, height


def do_climb(ctx: Ctx, f: Figure, piece: str, run: bool) -> None:
    """[R-EQ-ROPE] 1 pas of height costs 2 pas of the Walk or Run allowance."""
    up, left = climb_plan(ctx, f, piece, run)
    cost = 2 if run else 1
    budget = move_allowance(f, run)
    if f.pa < cost:
        raise illegal("pa_short", "R-TURN-PA", action="Run" if run else "Walk", cost=cost,
                      figure=f.name, left=f.pa)
    climbed = min(left, budget / 2)
    landing: Point | None = None
    if climbed >= left - 1e-9:
        landing = ctx.table.climb_landing(f.disc, piece, ctx.obstacles(f), up=up)
        if landing is None:
            raise illegal("no_landing", "R-EQ-ROPE", figure=f.name)
    f.pa -= cost
    ctx.emit(ActionDeclared(rule="R-EQ-ROPE", figure=f.id, action="climb", cost=cost))
    height = ctx.table.piece_height(piece)
    start = f.pos
    if landing is not None:
        f.x, f.y = float(landing[0]), float(landing[1])
        f.climbing = None
        f.on_piece = piece if up else None
    else:
        done = (height - left + climbed) if up else (left - climbed)
        f.climbing = Climbing(piece=piece, done=done, up=up)
    ctx.moved()
    ctx.emit(Moved(rule="R-EQ-ROPE", figure=f.id, path=(start, f.pos), cost=2 * climbed,
                   reason="climb"))
    ctx.emit(StatusChanged(rule="R-EQ-ROPE", figure=f.id, status="climbing",
                           on=f.climbing is not None))


def flee_check(ctx: Ctx, f: Figure) -> int:
    if not engaged_with(ctx, f):
        raise illegal("not_engaged_flee", "R-ACT-FLEE", figure=f.name)
    cost = flee_cost(ctx, f)
    if f.pa < cost:
        raise illegal("flee_pa", "GAP-41", cost=cost, figure=f.name, left=f.pa)
    return cost
