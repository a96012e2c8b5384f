"""What the terrain says of the waypoint graph's legs (and waypoints), remembered per
table and clearance.

A route search judges thousands of legs between waypoints (:mod:`waysearch`). Whether
a leg keeps clear of the walls, and what it costs through difficult terrain, depends
on its two ends, the clearance and the terrain only; a table's terrain never moves, and
the waypoints round the walls and round figures standing still are the same points
from one search to the next. So those verdicts are remembered here, by the exact bits
of both ends; only the figures (which do move) are checked on every search.

A cost is remembered only when at most two crossing terms make it up: the sum of
more terms may round differently with another window's edges (numpy groups the terms
of a longer row otherwise). Such a cost is remembered apart, under the exact edges of
the window it was summed over (:meth:`LegBook.rough_costs`): a search in that window
reads it back, one in any other costs the leg afresh.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

#: Legs remembered per table and clearance, at most (then the book starts afresh).
BOOK_SIZE = 100_000
#: Crossing terms a remembered cost may be made of (see the module's docstring).
EXACT_TERMS = 2
_ID_BITS = 32


@dataclass(frozen=True)
class _Run:
    """Verdicts sorted by key."""

    keys: np.ndarray
    clear: np.ndarray
    cost: np.ndarray

    def merged(self, other: _Run) -> _Run:
        pos = np.searchsorted(self.keys, other.keys)
        return _Run(np.insert(self.keys, pos, other.keys), np.insert(self.clear, pos, other.clear),
                    np.insert(self.cost, pos, other.cost))


class LegBook:
    """Terrain verdicts of legs ``p → q``: clear of the walls or not, and their cost (NaN
    where it is not remembered).

    Kept as a few sorted runs, each at least twice as long as the next: a search adds
    its new legs as a run of their own, merged into the one before while that is not
    twice as long, so adding a leg copies it a few times at most over the book's life
    (one sorted array would be copied whole on every search)."""

    def __init__(self) -> None:
        self._ids: dict[tuple[int, int], int] = {}
        self._runs: list[_Run] = []
        self._clear = np.zeros(0, dtype=np.int8)  # by point number: 1 clear of the walls, 0 not, -1 not known
        self._rough: dict[bytes, dict[int, float]] = {}  # by window: costs of more than EXACT_TERMS terms
        self._rough_size = 0
        self.generation = 0  # how many times the book started afresh (numbering points anew)

    def __len__(self) -> int:
        return sum(run.keys.size for run in self._runs)

    def point_ids(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """A number for each point, the same for the same bits on every search."""
        ids = self._ids
        bx = np.ascontiguousarray(xs, dtype=float).view(np.int64)
        by = np.ascontiguousarray(ys, dtype=float).view(np.int64)
        if bx.size > 1 and (bx == bx[0]).all() and (by == by[0]).all():  # a point goal's end
            return np.full(bx.size, ids.setdefault((int(bx[0]), int(by[0])), len(ids)), dtype=np.int64)
        bits = zip(bx.tolist(), by.tolist(), strict=True)
        return np.array([ids.setdefault(p, len(ids)) for p in bits], dtype=np.int64)

    def points_clear(self, ids: np.ndarray, xs: np.ndarray, ys: np.ndarray,
                     judge: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> np.ndarray:
        """Whether each point (numbered ``ids`` by :meth:`point_ids`) keeps clear of the
        walls: remembered, or ``judge(xs, ys)`` of those not seen yet (a verdict on each
        point alone), remembered."""
        if self._clear.size < len(self._ids):
            self._clear = np.concatenate([self._clear, np.full(len(self._ids) - self._clear.size, -1,
                                                               dtype=np.int8)])
        known = self._clear[ids]
        new = np.flatnonzero(known < 0)
        if new.size:
            known[new] = judge(xs[new], ys[new])
            self._clear[ids[new]] = known[new]
        return known.astype(bool)

    @staticmethod
    def leg_keys(p: np.ndarray, q: np.ndarray) -> np.ndarray:
        """Keys of the legs from points numbered ``p`` to points numbered ``q``."""
        return (p << _ID_BITS) | q

    def recall(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Which legs are remembered, whether each is clear of the walls, and its cost.

        A leg is kept in one run only, so each run is asked only of the legs the runs
        before it did not hold (often none: then the answers are read off whole)."""
        found = np.zeros(keys.size, dtype=bool)
        clear = np.zeros(keys.size, dtype=bool)
        cost = np.full(keys.size, np.nan)
        todo = None  # the legs not found yet (None: all of them)
        for run in self._runs:
            ask = keys if todo is None else keys[todo]
            pos = np.minimum(np.searchsorted(run.keys, ask), run.keys.size - 1)
            hit = run.keys.take(pos) == ask
            if todo is None and hit.all():
                return np.ones(keys.size, dtype=bool), run.clear.take(pos), run.cost.take(pos)
            idx = np.flatnonzero(hit)
            at = idx if todo is None else todo[idx]
            found[at] = True
            clear[at] = run.clear[pos[idx]]
            cost[at] = run.cost[pos[idx]]
            todo = np.flatnonzero(~found)
            if not todo.size:
                break
        return found, clear, cost

    def remember(self, keys: np.ndarray, clear: np.ndarray, cost: np.ndarray) -> None:
        """Add the verdicts of legs not remembered yet (a leg met twice is kept once)."""
        keys, first = np.unique(keys, return_index=True)
        if len(self) + keys.size > BOOK_SIZE or len(self._ids) > BOOK_SIZE:
            self._ids = {}  # start afresh: the keys given are numbered the old way
            self._runs = []
            self._clear = np.zeros(0, dtype=np.int8)
            self._rough, self._rough_size = {}, 0
            self.generation += 1
            return
        runs = self._runs
        runs.append(_Run(keys, clear[first], cost[first]))
        while len(runs) > 1 and runs[-2].keys.size < 2 * runs[-1].keys.size:
            last = runs.pop()
            runs[-1] = runs[-1].merged(last)

    def rough_costs(self, window: bytes, keys: np.ndarray) -> np.ndarray:
        """The costs of more than :data:`EXACT_TERMS` terms remembered for the legs ``keys``
        in the window ``window`` (:meth:`DifficultField.signature`), NaN where none is."""
        known = self._rough.get(window)
        if not known:
            return np.full(keys.size, np.nan)
        nan = math.nan
        return np.array([known.get(k, nan) for k in keys.tolist()], dtype=float)

    def remember_rough(self, window: bytes, keys: np.ndarray, costs: np.ndarray) -> None:
        """Keep the costs of more than :data:`EXACT_TERMS` terms of the legs ``keys``, summed
        over the edges of the window ``window`` (all of them dropped past ``BOOK_SIZE``)."""
        if self._rough_size + keys.size > BOOK_SIZE:
            self._rough, self._rough_size = {}, 0
        known = self._rough.setdefault(window, {})
        before = len(known)
        known.update(zip(keys.tolist(), costs.tolist(), strict=True))
        self._rough_size += len(known) - before
