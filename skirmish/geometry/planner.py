"""Cheapest legal routes: to a point (Walk, Run), to contact (Charge), to cover (D-2).

Each query tries the straight leg first: when it is legal and crosses no difficult
terrain it is optimal (nothing is shorter than a straight line). Otherwise routes to a
point or to contact come from the waypoint graph (:mod:`visibility`): bends round bases,
wall corners and woods, searched in a window that provably holds every route no dearer
than the bound (an ellipse around the mover and the goal). A figure on a roof, a cover
goal, or a route with no limit that the graph did not find gets a grid search instead:
exact straight legs join the mover and the goal to the grid, and the grid route is
string-pulled. The cheapest candidate wins.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from skirmish.geometry.arena import Arena
from skirmish.geometry.costs import DifficultField
from skirmish.geometry.edges import EdgeSet, point_segment_d2
from skirmish.geometry.grid import Raster, best_goal, build_raster, search, walk_back
from skirmish.geometry.legbook import LegBook
from skirmish.geometry.paths import Path, pull, tighten
from skirmish.geometry.primitives import COST_EPS, Disc, Point
from skirmish.geometry.visibility import circle_rims
from skirmish.geometry.waysearch import Verdict, route

#: Cells within this distance of the mover (or the goal) get an exact straight leg.
SEED_RADIUS = 1.5
#: Grid costs over-estimate (16 directions, cells near difficult terrain count double):
#: a route of true cost C is searched for with grid budget C × slack + margin, in a window
#: that margin wider, and judged on its exact cost afterwards.
GRID_SLACK = 1.08
GRID_MARGIN = 1.0
#: The waypoint graph first looks for routes dearer than the straight distance by at
#: most this factor plus margin (a bend round a few bases), then within the limit.
GRAPH_SLACK = 1.15
GRAPH_MARGIN = 1.5
#: Each wider ellipse is this much longer than the one before; without a limit the
#: graph gives up (for a whole-table grid search) past this factor of the distance
#: plus margin.
GRAPH_GROWTH = 1.5
GRAPH_REACH = 3.0
GRAPH_REACH_MARGIN = 8.0
#: Bending where a route crosses difficult terrain saves at most about this fraction
#: of its cost in practice (a steep crossing of a thin hedge).
REFRACT_SLACK = 0.1
#: A chain of one window's graph costs within this of the same chain in another's
#: (sums of the same terms over other edges round differently, by far less).
LEAST_MARGIN = 1e-6
#: The next bound searched before the rest of the first's graph starts with an ellipse
#: this much wider than the first bound's (in detour): it holds the first's chains, and
#: the route of a detour a little longer than the first bound allows.
NEXT_AIM = 0.25
Window = tuple[float, float, float, float]


@dataclass
class Mover:
    """One base about to move: where it starts, what it must avoid, what terrain costs."""

    start: Point
    arena: Arena
    field: DifficultField
    ignore_difficult: bool
    table: Window
    book: LegBook | None = None  # the terrain's verdicts on legs, for this arena's walls
    figures: int = -1  # the arena's bases' number in the book (-1: none)

    def costs(self, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
        return self.field.segment_costs(px, py, qx, qy, self.ignore_difficult)

    def cost(self, a: Point, b: Point) -> float:
        return float(self.costs(np.array(a[0]), np.array(a[1]), np.array(b[0]), np.array(b[1])))

    def legal(self, a: Point, b: Point) -> bool:
        return bool(self.arena.legal(a[0], a[1], b[0], b[1]))

    def grid_field(self) -> DifficultField | None:
        return None if self.ignore_difficult or not self.field else self.field

    def near(self, window: Window) -> Mover:
        """The same mover with obstacles and terrain cut down to a window (faster, and exact
        for everything inside it)."""
        return Mover(
            self.start,
            self.arena.near(window),
            self.field.near(window),
            self.ignore_difficult,
            self.table,
            self.book,
            self.figures,
        )


class Goal(Protocol):
    """Where a route may end."""

    def direct(self, s: Point) -> Point | None:
        """The end a straight leg from ``s`` would aim at (the nearest goal point)."""

    def ends(self, raster: Raster) -> tuple[np.ndarray, np.ndarray]:
        """Cells that may finish with a straight leg, and the end point of each leg."""

    def window(self, s: Point, bound: float) -> Window:
        """A box holding every route from ``s`` to the goal of cost ≤ ``bound``."""

    def estimate(self, s: Point) -> float:
        """A lower bound on the cost (straight-line distance to the goal)."""


def _ellipse_box(a: Point, b: Point, total: float) -> Window:
    """Bounding box of the points x with |x − a| + |x − b| ≤ total."""
    cx = (a[0] + b[0]) / 2.0
    cy = (a[1] + b[1]) / 2.0
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    semi_a = max(total / 2.0, d / 2.0)
    semi_b = math.sqrt(max(semi_a * semi_a - d * d / 4.0, 0.0))
    if d > 0:
        ux = (b[0] - a[0]) / d
        uy = (b[1] - a[1]) / d
    else:
        ux, uy = 1.0, 0.0
    hx = math.sqrt((semi_a * ux) ** 2 + (semi_b * uy) ** 2)
    hy = math.sqrt((semi_a * uy) ** 2 + (semi_b * ux) ** 2)
    return (cx - hx, cy - hy, cx + hx, cy + hy)


@dataclass
class PointGoal:
    """End exactly at a point (Walk, Run, an AI destination)."""

    goal: Point

    def direct(self, s: Point) -> Point | None:
        return self.goal

    def ends(self, raster: Raster) -> tuple[np.ndarray, np.ndarray]:
        cells = raster.around(self.goal[0], self.goal[1], SEED_RADIUS)
        return cells, np.tile(np.asarray(self.goal, dtype=float), (cells.size, 1))

    def window(self, s: Point, bound: float) -> Window:
        return _ellipse_box(s, self.goal, bound)

    def estimate(self, s: Point) -> float:
        return math.hypot(self.goal[0] - s[0], self.goal[1] - s[1])

    def project(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return np.tile(np.asarray(self.goal, dtype=float), (np.size(x), 1))

    def rims(self, arena: Arena) -> np.ndarray:
        return np.zeros((0, 2))

    def remaining(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return np.hypot(self.goal[0] - x, self.goal[1] - y)


@dataclass
class ContactGoal:
    """End with the base ``gap`` pas from a target base (a Charge, GAP-39 / D-5)."""

    target: Disc
    reach: float  # centre distance at the end: r + r_target + gap

    def _project(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        tx, ty, _ = self.target
        dx = x - tx
        dy = y - ty
        d = np.hypot(dx, dy)
        d = np.where(d == 0.0, 1.0, d)
        return np.stack([tx + dx * self.reach / d, ty + dy * self.reach / d], axis=-1)

    def direct(self, s: Point) -> Point | None:
        if (s[0], s[1]) == (self.target[0], self.target[1]):
            return None
        x, y = self._project(np.array(s[0]), np.array(s[1]))
        return (float(x), float(y))

    def ends(self, raster: Raster) -> tuple[np.ndarray, np.ndarray]:
        cells = raster.around(self.target[0], self.target[1], self.reach + SEED_RADIUS)
        return cells, self._project(raster.xs[cells], raster.ys[cells]).reshape(-1, 2)

    def window(self, s: Point, bound: float) -> Window:
        return _ellipse_box(s, (self.target[0], self.target[1]), bound + self.reach)

    def estimate(self, s: Point) -> float:
        return max(math.hypot(self.target[0] - s[0], self.target[1] - s[1]) - self.reach, 0.0)

    def project(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return self._project(x, y).reshape(-1, 2)

    def rims(self, arena: Arena) -> np.ndarray:
        return circle_rims(arena, (self.target[0], self.target[1]), self.reach)

    def remaining(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return np.maximum(np.hypot(self.target[0] - x, self.target[1] - y) - self.reach, 0.0)


@dataclass
class CoverGoal:
    """End with the base touching or inside a ``cover`` piece (D-2 "towards cover")."""

    edges: EdgeSet  # the cover union's edges near the mover
    inside: Callable[[np.ndarray, np.ndarray], np.ndarray]  # inside the cover union
    reach: float  # base radius + contact gap: how close the centre must come

    def nearest(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Nearest cover point (boundary) to each point, and its distance (0 inside)."""
        d2 = point_segment_d2(
            x[:, None], y[:, None], self.edges.ax, self.edges.ay, self.edges.bx, self.edges.by
        )
        k = d2.argmin(axis=1)
        ax, ay = self.edges.ax[k], self.edges.ay[k]
        ex, ey = self.edges.bx[k] - ax, self.edges.by[k] - ay
        len2 = np.where(ex * ex + ey * ey == 0.0, 1.0, ex * ex + ey * ey)
        t = np.clip(((x - ax) * ex + (y - ay) * ey) / len2, 0.0, 1.0)
        px = ax + t * ex
        py = ay + t * ey
        dist = np.sqrt(d2[np.arange(len(k)), k])
        dist = np.where(self.inside(x, y), 0.0, dist)
        return np.stack([px, py], axis=-1), dist

    def _ends_for(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        near, dist = self.nearest(x, y)
        out = np.stack([x, y], axis=-1).astype(float)
        far = dist > self.reach
        scale = np.where(far, 1.0 - self.reach / np.where(far, dist, 1.0), 0.0)
        out[:, 0] += scale * (near[:, 0] - x)
        out[:, 1] += scale * (near[:, 1] - y)
        return out

    def direct(self, s: Point) -> Point | None:
        end = self._ends_for(np.array([s[0]]), np.array([s[1]]))[0]
        return (float(end[0]), float(end[1]))

    def ends(self, raster: Raster) -> tuple[np.ndarray, np.ndarray]:
        cells = np.flatnonzero(raster.free)
        if cells.size == 0 or len(self.edges) == 0:
            return cells[:0], np.zeros((0, 2))
        _, dist = self.nearest(raster.xs[cells], raster.ys[cells])
        cells = cells[dist <= self.reach + SEED_RADIUS]
        return cells, self._ends_for(raster.xs[cells], raster.ys[cells])

    def window(self, s: Point, bound: float) -> Window:
        return (s[0] - bound, s[1] - bound, s[0] + bound, s[1] + bound)

    def estimate(self, s: Point) -> float:
        return 0.0


def _clip(window: Window, table: Window) -> Window:
    return (
        max(window[0], table[0]),
        max(window[1], table[1]),
        min(window[2], table[2]),
        min(window[3], table[3]),
    )


def _legs(
    mover: Mover, starts: np.ndarray, ends: np.ndarray, cells: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keep the straight legs ``starts → ends`` that are legal: their cells, ends and costs."""
    if cells.size == 0:
        return cells, ends, np.zeros(0)
    ok = mover.arena.free(ends[:, 0], ends[:, 1]) & mover.arena.free(starts[:, 0], starts[:, 1])
    idx = np.flatnonzero(ok)
    if idx.size:
        legal = mover.arena.legal(starts[idx, 0], starts[idx, 1], ends[idx, 0], ends[idx, 1])
        ok[idx] = legal
    cells = cells[ok]
    costs = mover.costs(starts[ok, 0], starts[ok, 1], ends[ok, 0], ends[ok, 1])
    return cells, ends[ok], costs


def straight_leg(mover: Mover, end: Point) -> Path | None:
    """The straight route to ``end`` if it is legal."""
    s = mover.start
    if end == s:
        return Path.stay(s)
    if not mover.arena.point_free(end) or not mover.legal(s, end):
        return None
    return Path((s, end), mover.cost(s, end))


def straight_verdict(straight: Path, limit: float | None, direct_ok: bool) -> tuple[bool, Path | None]:
    """Whether a legal straight route settles a query by itself, and the answer then:
    with ``direct_ok`` whenever it fits the limit; otherwise when it crosses no difficult
    terrain (nothing is shorter than a straight line)."""
    within = limit is None or straight.cost <= limit + COST_EPS
    if direct_ok and limit is not None and within:
        return True, straight
    if straight.cost <= straight.length + 1e-9:
        return True, straight if within else None
    return False, None


RING_POINTS = 32  # contact points tried around a charge target before a grid search


def ring_leg(mover: Mover, goal: ContactGoal, limit: float) -> Path | None:
    """The cheapest straight leg to some contact point around the target, within ``limit``.

    A charge whose direct line is blocked (a friend in the way, another enemy touching
    the target) can usually still run straight to another side of the target: trying a
    ring of contact points in one vectorised pass avoids most graph searches."""
    tx, ty, _ = goal.target
    a = np.linspace(0.0, 2.0 * np.pi, RING_POINTS, endpoint=False)
    ends = np.stack([tx + goal.reach * np.cos(a), ty + goal.reach * np.sin(a)], axis=-1)
    s = mover.start
    ends = ends[np.hypot(ends[:, 0] - s[0], ends[:, 1] - s[1]) <= limit + COST_EPS]
    if ends.size == 0:
        return None
    box = (
        min(s[0], tx - goal.reach),
        min(s[1], ty - goal.reach),
        max(s[0], tx + goal.reach),
        max(s[1], ty + goal.reach),
    )
    local = mover.near(box)  # every leg lies in the box: exact there, and cheaper
    ends = ends[local.arena.free(ends[:, 0], ends[:, 1])]
    ends = ends[local.arena.legal_from(s, ends[:, 0], ends[:, 1])]
    if ends.size == 0:
        return None
    costs = local.field.costs_from(s, ends[:, 0], ends[:, 1], mover.ignore_difficult)
    k = int(np.argmin(costs))
    if costs[k] > limit + COST_EPS:
        return None
    return Path((s, (float(ends[k, 0]), float(ends[k, 1]))), float(costs[k]))


def plan(mover: Mover, goal: Goal, limit: float | None, direct_ok: bool = False) -> Path | None:
    """Cheapest legal route from the mover to the goal, or None (none, or dearer than ``limit``).

    With ``direct_ok`` a legal straight route within ``limit`` is taken as it is, even
    through difficult terrain: a player who moves straight somewhere within reach expects
    to go straight, and any route within the allowance makes the move legal.

    A blocked straight route goes to the waypoint graph (:mod:`visibility`); the grid
    search serves a figure on a roof, cover goals, and routes without a limit that the
    graph did not find within its generous bound."""
    s = mover.start
    if limit is not None and goal.estimate(s) > limit + COST_EPS:
        return None  # not even a straight line would fit
    candidates: list[Path] = []
    end = goal.direct(s)
    if end is not None:
        straight = straight_leg(mover, end)
        if straight is None and direct_ok and limit is not None and isinstance(goal, ContactGoal):
            straight = ring_leg(mover, goal, limit)
        if straight is not None:
            settled, found = straight_verdict(straight, limit, direct_ok)
            if settled:
                return found
            candidates.append(straight)
    graphed = isinstance(goal, PointGoal | ContactGoal) and mover.arena.roof is None
    if graphed:
        found, settled = graph_route(mover, goal, limit)
        if found is not None:
            candidates.append(found)
        if settled:
            return _cheapest(candidates, limit)
    bound = limit if limit is not None else 1.5 * goal.estimate(s) + 4.0
    if candidates:
        bound = min(bound, min(p.cost for p in candidates))
    whole = graphed  # the graph found nothing within its generous bound: search everywhere
    while True:
        if whole:
            window = mover.table
        else:
            window = _clip(_pad(goal.window(s, bound), GRID_MARGIN), mover.table)
        found = _grid_route(mover, goal, window, math.inf if whole else bound * GRID_SLACK + GRID_MARGIN)
        if found is not None:
            candidates.append(found)
            break
        if limit is not None or whole or candidates:
            break
        whole = True
    return _cheapest(candidates, limit)


def _cheapest(candidates: list[Path], limit: float | None) -> Path | None:
    if not candidates:
        return None
    best = min(candidates, key=lambda p: p.cost)
    if limit is not None and best.cost > limit + COST_EPS:
        return None
    return best


def _pad(window: Window, margin: float) -> Window:
    return (window[0] - margin, window[1] - margin, window[2] + margin, window[3] + margin)


def graph_route(
    mover: Mover, goal: PointGoal | ContactGoal, limit: float | None
) -> tuple[Path | None, bool]:
    """The waypoint graph's route, and whether that settles the query (else a search of
    the whole table must: a route without ``limit`` longer than the graph looked for).

    It looks first in the thin ellipse of modest detours, then in ellipses half as
    wide again up to the limit: a route found within a bound is the graph's best
    overall (every dearer route's waypoints lie outside that bound's ellipse), and
    small ellipses hold few waypoints.

    When the first bound's thin ellipses hold no route, the next bound is searched
    before the rest of the first's graph (a long detour, round a crowd or a wood, is
    the likelier), from an ellipse a little wider than the first bound's: if the
    cheapest chain of the graph it searched (which holds every chain of the first
    bound's ellipse) costs more than the first bound, the first bound holds no route
    and the answer is that of the next, as when both are searched in turn; else the
    rest of the first bound's graph is searched, as it would have been (its thin
    ellipses are not searched again)."""
    s = mover.start
    estimate = goal.estimate(s)
    top = limit if limit is not None else GRAPH_REACH * estimate + GRAPH_REACH_MARGIN
    bound = min(GRAPH_SLACK * estimate + GRAPH_MARGIN, top)
    floor = -math.inf  # the last bound the graph held no route within
    first: float | None = None  # the first bound, its whole graph not searched yet
    thin = -math.inf  # the widest of its thin ellipses (searched: no route)
    while True:
        last = bound >= top
        whole = last or floor > -math.inf  # only the first bound's search may stop short
        aim = -math.inf if first is None else first + (first - estimate) * NEXT_AIM
        verdict = _graph(mover, goal, bound, last, floor, whole, aim)
        if not verdict.searched:
            first, thin = bound, verdict.held_none
        elif first is not None:
            if verdict.points is None or verdict.least <= first + LEAST_MARGIN:
                again = _graph(mover, goal, first, False, thin, True)
                if again.points is not None:
                    verdict = again
            first = None
        if verdict.points is not None:
            found = Path(tuple(verdict.points), verdict.cost)
            return (found if limit is None or found.cost <= limit + COST_EPS else None), True
        if last:
            return None, limit is not None
        floor = bound
        bound = top if bound * GRAPH_GROWTH * GRAPH_GROWTH > top else bound * GRAPH_GROWTH


def _graph(mover: Mover, goal: PointGoal | ContactGoal, bound: float, last: bool,
           floor: float, whole: bool, aim: float = -math.inf) -> Verdict:
    """The graph's route of cost ≤ ``bound``, looked for in the window holding every
    such route. On the ``last`` try, with difficult terrain there, routes up to
    ``REFRACT_SLACK`` dearer in the graph are looked for too: bending their crossings
    may bring one within the bound (the best is returned, whatever its cost). ``floor``:
    the bound of a try that found nothing (its ellipses are not searched again: the
    answer does not depend on which ellipses are searched, only the work); ``whole``
    and ``aim``: see :func:`waysearch.route`."""
    s = mover.start
    reach = bound * (1.0 + REFRACT_SLACK) if last else bound
    window = _clip(_pad(goal.window(s, reach), GRID_MARGIN), mover.table)
    if window[2] < window[0] or window[3] < window[1]:
        return Verdict(None, math.inf)
    local = mover.near(window)
    rough = len(local.field.edges) > 0 and not local.ignore_difficult
    return route(s, goal, local.arena, local.field, local.ignore_difficult, reach if rough else bound,
                 local.book, floor, whole, aim, local.figures)


def _grid_route(mover: Mover, goal: Goal, window: Window, bound: float) -> Path | None:
    """One grid search in a window; the string-pulled route or None."""
    if window[2] < window[0] or window[3] < window[1]:
        return None
    mover = mover.near(window)
    s = mover.start
    raster = build_raster(mover.arena, mover.grid_field(), s, window)
    seed_cells = raster.around(s[0], s[1], SEED_RADIUS)
    starts = np.tile(np.asarray(s, dtype=float), (seed_cells.size, 1))
    seed_ends = np.stack([raster.xs[seed_cells], raster.ys[seed_cells]], axis=-1)
    seed_cells, _, seed_costs = _legs(mover, starts, seed_ends, seed_cells)
    if seed_cells.size == 0:
        return None
    goal_cells, goal_ends = goal.ends(raster)
    cell_pts = np.stack([raster.xs[goal_cells], raster.ys[goal_cells]], axis=-1)
    keep_cells, keep_ends, goal_costs = _legs(mover, cell_pts, goal_ends, goal_cells)
    if keep_cells.size == 0:
        return None
    dist, pred = search(raster, (seed_cells, seed_costs), bound + 1e-6)
    g = raster.size
    best = best_goal(dist, keep_cells, goal_costs)
    if best is None or best[1] > bound + 1e-6:
        return None
    k = best[0]
    last = int(keep_cells[k])
    end = (float(keep_ends[k, 0]), float(keep_ends[k, 1]))
    chain = walk_back(pred, last, g)
    if chain is None:
        return None
    points = [s, *(raster.point(c) for c in [*chain, last]), end]
    pts, _ = pull(points, mover.arena, mover.field, mover.ignore_difficult)
    pts, cost = tighten(pts, mover.arena, mover.field, mover.ignore_difficult)
    return Path(tuple(pts), cost)
