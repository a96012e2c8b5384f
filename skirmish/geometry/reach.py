"""The area a figure can reach with an allowance (UI shading, AI destinations; GAP-15).

Costs combine exact straight legs from the mover (a ray sweep over every cell, so a Walk
of 6 in the open reaches 6.0 pas, not a grid's 5.8) with grid routes elsewhere (around
walls, through woods). Every cost is an upper bound of a real legal route, which is
what makes the promises hold: if ``contains(p)``, ``path_to(p)`` is a legal route
costing at most the allowance.
"""

from __future__ import annotations

import math

import numpy as np

from skirmish.geometry.grid import Raster, build_raster, search, walk_back
from skirmish.geometry.paths import Path, pull, tighten
from skirmish.geometry.planner import GRID_MARGIN, GRID_SLACK, Mover, PointGoal, Window, plan
from skirmish.geometry.primitives import COST_EPS, Point

#: Cells within this distance of a queried point may finish its route with an exact
#: straight leg: the grid over-estimates (16 directions, safety clearance), so the longer
#: the exact last leg, the closer a bent route's cost comes to the truth.
_FINISH_RADIUS = 3.0


class Reach:
    """Where a mover can get to with ``allowance`` pas of movement."""

    def __init__(self, mover: Mover, allowance: float) -> None:
        self._allowance = float(allowance)
        s = mover.start
        a = self._allowance
        window: Window = (
            max(s[0] - a, mover.table[0]),
            max(s[1] - a, mover.table[1]),
            min(s[0] + a, mover.table[2]),
            min(s[1] + a, mover.table[3]),
        )
        mover = mover.near(window)
        self.mover = mover
        reach2 = (a + 1e-9) ** 2

        def within(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
            return (xs - s[0]) ** 2 + (ys - s[1]) ** 2 <= reach2

        self.raster: Raster = build_raster(mover.arena, mover.grid_field(), s, window, keep=within)
        cells = np.flatnonzero(self.raster.free)
        xs = self.raster.xs[cells]
        ys = self.raster.ys[cells]
        legal = mover.arena.legal_from(s, xs, ys)
        seeds = cells[legal]
        seed_costs = mover.field.costs_from(s, xs[legal], ys[legal], mover.ignore_difficult)
        fits = seed_costs <= a + COST_EPS
        seeds = seeds[fits]
        seed_costs = seed_costs[fits]
        g = self.raster.size
        if seeds.size:
            dist, pred = search(self.raster, (seeds, seed_costs), a * GRID_SLACK + GRID_MARGIN)
        else:
            dist, pred = np.full(g + 1, np.inf), np.full(g + 1, -9999)
        self._dist = dist[:g]
        self._pred = pred
        self._best: dict[Point, tuple[float, Path | int | None]] = {}

    @property
    def allowance(self) -> float:
        """The movement allowance in pas this area was computed for."""
        return self._allowance

    # -- the raster, for the UI -------------------------------------------------------------
    @property
    def origin(self) -> Point:
        """Centre of cell (0, 0) of ``mask`` / ``costs``."""
        return self.raster.origin

    @property
    def resolution(self) -> float:
        return self.raster.res

    @property
    def costs(self) -> np.ndarray:
        """(rows × columns) cost to reach each cell centre (``inf`` if out of reach)."""
        return self._dist.reshape(self.raster.shape)

    @property
    def mask(self) -> np.ndarray:
        """(rows × columns) cells whose centre is reachable; row = y, column = x."""
        return self.costs <= self.allowance + COST_EPS

    # -- queries ------------------------------------------------------------------------------
    def _solve(self, p: Point) -> tuple[float, Path | int | None]:
        """Cheapest known cost to ``p`` and how: None = straight, a cell = the grid route
        through it then a straight leg, a Path = an exact search (round a corner near the
        rim, where the grid's safety clearance and 16 directions cost a few tenths)."""
        key = (float(p[0]), float(p[1]))
        cached = self._best.get(key)
        if cached is not None:
            return cached
        best: tuple[float, Path | int | None] = (math.inf, None)
        mover = self.mover
        s = mover.start
        euclid = math.hypot(key[0] - s[0], key[1] - s[1])
        if euclid <= self.allowance + COST_EPS and mover.arena.point_free(key):
            if key == s:
                best = (0.0, None)
            elif mover.legal(s, key):
                best = (mover.cost(s, key), None)
            if best[0] > self.allowance + COST_EPS:
                best = min(best, self._via_grid(key), key=lambda b: b[0])
            if self.allowance + COST_EPS < best[0] <= self.allowance * GRID_SLACK + GRID_MARGIN:
                exact = plan(mover, PointGoal(key), self.allowance)
                if exact is not None:
                    best = (exact.cost, exact)
        self._best[key] = best
        return best

    def _via_grid(self, key: Point) -> tuple[float, Path | int | None]:
        """Best grid route to a nearby cell followed by an exact straight leg to ``key``."""
        mover = self.mover
        cells = self.raster.around(key[0], key[1], _FINISH_RADIUS)
        cells = cells[np.isfinite(self._dist[cells])]
        if cells.size == 0:
            return (math.inf, None)
        xs = self.raster.xs[cells]
        ys = self.raster.ys[cells]
        legal = mover.arena.legal_from(key, xs, ys)
        if not legal.any():
            return (math.inf, None)
        cells = cells[legal]
        total = self._dist[cells] + mover.field.costs_from(key, xs[legal], ys[legal], mover.ignore_difficult)
        k = int(np.argmin(total))
        return (float(total[k]), int(cells[k]))

    def grid_cost(self, p: Point, around: float) -> float:
        """A quick estimate of the cost to ``p`` from the grid alone (no exact search, for
        callers that read it thousands of times): the nearest cell's cost plus the step
        from it; by a wall, where that cell lies in the safety margin, the best cell within
        ``around`` pas. A little over the true cost; ``inf`` if no cell there is reached."""
        ras = self.raster
        col = round((p[0] - ras.origin[0]) / ras.res)
        row = round((p[1] - ras.origin[1]) / ras.res)
        if 0 <= row < ras.shape[0] and 0 <= col < ras.shape[1]:
            cost = float(self._dist[row * ras.shape[1] + col])
            if cost < math.inf:
                return cost + math.hypot(ras.origin[0] + col * ras.res - p[0],
                                         ras.origin[1] + row * ras.res - p[1])
        cells = ras.around(p[0], p[1], around)
        cells = cells[np.isfinite(self._dist[cells])]
        if cells.size == 0:
            return math.inf
        return float(np.min(self._dist[cells] + np.hypot(ras.xs[cells] - p[0], ras.ys[cells] - p[1])))

    def cost_to(self, p: Point) -> float:
        """Cost of the cheapest route found to ``p`` (``inf`` if none within the allowance)."""
        cost = self._solve(p)[0]
        return cost if cost <= self.allowance + COST_EPS else math.inf

    def contains(self, p: Point) -> bool:
        """Whether the mover can end its move with its centre at ``p``."""
        return self.cost_to(p) <= self.allowance + COST_EPS

    def path_to(self, p: Point) -> Path | None:
        """A legal route to ``p`` costing at most the allowance, or None."""
        cost, how = self._solve(p)
        if cost > self.allowance + COST_EPS:
            return None
        s = self.mover.start
        key = (float(p[0]), float(p[1]))
        if isinstance(how, Path):
            return how
        if how is None:
            return Path.stay(s) if key == s else Path((s, key), cost)
        chain = walk_back(self._pred, how, self.raster.size)
        if chain is None:
            return None
        points = [s, *(self.raster.point(c) for c in [*chain, how]), key]
        m = self.mover
        pts, _ = pull(points, m.arena, m.field, m.ignore_difficult)
        pts, exact = tighten(pts, m.arena, m.field, m.ignore_difficult)
        return Path(tuple(pts), exact)

    def sample(self, n: int) -> list[Point]:
        """``n`` well-spread reachable points (farthest-point sampling, deterministic)."""
        cells = np.flatnonzero(self._dist <= self.allowance + COST_EPS)
        if cells.size == 0 or n <= 0:
            return []
        xs = self.raster.xs[cells]
        ys = self.raster.ys[cells]
        s = self.mover.start
        gap = np.hypot(xs - s[0], ys - s[1])
        chosen: list[int] = []
        for _ in range(min(n, cells.size)):
            k = int(np.argmax(gap))
            if chosen and gap[k] <= 0.0:
                break
            chosen.append(k)
            gap = np.minimum(gap, np.hypot(xs - xs[k], ys - ys[k]))
        return [(float(xs[k]), float(ys[k])) for k in chosen]
