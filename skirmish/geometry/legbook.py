"""What the terrain says of the waypoint graph's legs (and waypoints), remembered per
table and clearance.

A route search judges thousands of legs between waypoints (:mod:`waysearch`). Whether
a leg keeps clear of the walls, and what it costs through difficult terrain, depends
on its two ends, the clearance and the terrain only; a table's terrain never moves, and
the waypoints round the walls and round figures standing still are the same points
from one search to the next. So those verdicts are remembered here, by the exact bits
of both ends; the figures (which do move) are checked again whenever they stand
otherwise (see the last paragraph).

A cost is remembered only when at most two crossing terms make it up: the sum of
more terms may round differently with another window's edges (numpy groups the terms
of a longer row otherwise). Such a cost is remembered apart, under the exact edges of
the window it was summed over (:meth:`LegBook.rough_costs`): a search in that window
reads it back, one in any other costs the leg afresh.

Beside each leg the book also keeps whether it keeps clear of the other bases, for one
set of them (:meth:`LegBook.figures`): the queries of one mover against the same
figures (both searches of a far route, an AI weighing many destinations) meet the same
legs round the same bases; a verdict for another set is judged afresh.
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
#: Sets of bases numbered per book, at most (then numbering goes on afresh).
FIGURE_SETS = 1024
_ID_BITS = 32


@dataclass(frozen=True)
class _Run:
    """Verdicts sorted by key."""

    keys: np.ndarray
    clear: np.ndarray
    cost: np.ndarray
    slot: np.ndarray  # each leg's place in the book's verdicts on the bases

    def merged(self, other: _Run) -> _Run:
        pos = np.searchsorted(self.keys, other.keys)
        return _Run(np.insert(self.keys, pos, other.keys), np.insert(self.clear, pos, other.clear),
                    np.insert(self.cost, pos, other.cost), np.insert(self.slot, pos, other.slot))


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
        # by slot (0: no leg): twice the number of the figure set whose verdict on the leg
        # is kept, plus 1 if the leg keeps clear of it (-1: none kept)
        self._past = np.full(1, -1, dtype=np.int64)
        self._slots = 1  # slots taken
        self._figure_sets: dict[bytes, int] = {}
        self._figure_count = 0  # sets numbered so far (a number is never reused)
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

    def recall(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Which legs are remembered, whether each is clear of the walls, its cost, and its
        slot (for :meth:`past_bases`; 0 if not remembered).

        A leg is kept in one run only, so each run is asked only of the legs the runs
        before it did not hold (often none: then the answers are read off whole)."""
        found = np.zeros(keys.size, dtype=bool)
        clear = np.zeros(keys.size, dtype=bool)
        cost = np.full(keys.size, np.nan)
        slot = np.zeros(keys.size, dtype=np.int64)
        todo = None  # the legs not found yet (None: all of them)
        for run in self._runs:
            ask = keys if todo is None else keys[todo]
            pos = np.minimum(np.searchsorted(run.keys, ask), run.keys.size - 1)
            hit = run.keys.take(pos) == ask
            if todo is None and hit.all():
                return (np.ones(keys.size, dtype=bool), run.clear.take(pos), run.cost.take(pos),
                        run.slot.take(pos))
            idx = np.flatnonzero(hit)
            at = idx if todo is None else todo[idx]
            found[at] = True
            clear[at] = run.clear[pos[idx]]
            cost[at] = run.cost[pos[idx]]
            slot[at] = run.slot[pos[idx]]
            todo = np.flatnonzero(~found)
            if not todo.size:
                break
        return found, clear, cost, slot

    def figures(self, cx: np.ndarray, cy: np.ndarray, reach: np.ndarray) -> int:
        """A number for a set of bases (centres and clearances, by their exact bits): the
        same set gets the same number while the book remembers it."""
        key = b"".join(np.ascontiguousarray(a, dtype=float).tobytes() for a in (cx, cy, reach))
        known = self._figure_sets.get(key)
        if known is None:
            if len(self._figure_sets) >= FIGURE_SETS:
                self._figure_sets = {}
            known = self._figure_sets[key] = self._figure_count
            self._figure_count += 1
        return known

    def past_bases(self, slots: np.ndarray, figures: int) -> np.ndarray:
        """For the legs in ``slots`` (from :meth:`recall`): 1 if it keeps clear of the
        bases numbered ``figures``, 0 if not, -1 if not known."""
        kept = self._past.take(slots)
        return np.where(kept >> 1 == figures, kept & 1, -1).astype(np.int8)

    def note_past_bases(self, slots: np.ndarray, figures: int, ok: np.ndarray) -> None:
        """Keep the verdicts ``ok`` of the legs in ``slots`` (not 0) on the bases ``figures``."""
        self._past[slots] = 2 * figures + ok.astype(np.int64)

    def remember(self, keys: np.ndarray, clear: np.ndarray, cost: np.ndarray,
                 past: np.ndarray | None = None, figures: int = -1) -> None:
        """Add the verdicts of legs not remembered yet (a leg met twice is kept once), with
        ``past``: whether each keeps clear of the bases ``figures`` (-1 if not known)."""
        keys, first = np.unique(keys, return_index=True)
        if len(self) + keys.size > BOOK_SIZE or len(self._ids) > BOOK_SIZE:
            self._ids = {}  # start afresh: the keys given are numbered the old way
            self._runs = []
            self._clear = np.zeros(0, dtype=np.int8)
            self._rough, self._rough_size = {}, 0
            self._past = np.full(1, -1, dtype=np.int64)
            self._slots = 1
            self.generation += 1
            return
        slot = np.arange(self._slots, self._slots + keys.size)
        self._slots += keys.size
        if self._slots > self._past.size:  # (grown by half again: appended to rarely)
            more = max(self._slots, self._past.size * 3 // 2) - self._past.size
            self._past = np.concatenate([self._past, np.full(more, -1, dtype=np.int64)])
        if past is not None and figures >= 0:
            past = past[first]
            self._past[slot] = np.where(past >= 0, 2 * figures + past.astype(np.int64), -1)
        runs = self._runs
        runs.append(_Run(keys, clear[first], cost[first], slot))
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
