"""What the terrain says of the waypoint graph's legs, remembered per table and clearance.

A route search judges thousands of legs between waypoints (:mod:`waysearch`). Whether
a leg keeps clear of the walls, and what it costs through difficult terrain, depends
on its two ends, the clearance and the terrain only; a table's terrain never moves, and
the waypoints round the walls and round figures standing still are the same points
from one search to the next. So those verdicts are remembered here, by the exact bits
of both ends; only the figures (which do move) are checked on every search.

A cost is remembered only when at most two crossing terms make it up: the sum of
more terms may round differently with another window's edges (numpy groups the terms
of a longer row otherwise), and such a leg is costed afresh on every search.
"""

from __future__ import annotations

import numpy as np

#: Legs remembered per table and clearance, at most (then the book starts afresh).
BOOK_SIZE = 400_000
#: Crossing terms a remembered cost may be made of (see the module's docstring).
EXACT_TERMS = 2
_ID_BITS = 32


class LegBook:
    """Terrain verdicts of legs ``p → q``: clear of the walls or not, and their cost (NaN
    where it is not remembered)."""

    def __init__(self) -> None:
        self._ids: dict[tuple[int, int], int] = {}
        self._keys = np.zeros(0, dtype=np.int64)
        self._clear = np.zeros(0, dtype=bool)
        self._cost = np.zeros(0)

    def __len__(self) -> int:
        return int(self._keys.size)

    def point_ids(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """A number for each point, the same for the same bits on every search."""
        ids = self._ids
        bits = zip(np.ascontiguousarray(xs, dtype=float).view(np.int64).tolist(),
                   np.ascontiguousarray(ys, dtype=float).view(np.int64).tolist(), strict=True)
        return np.array([ids.setdefault(p, len(ids)) for p in bits], dtype=np.int64)

    @staticmethod
    def leg_keys(p: np.ndarray, q: np.ndarray) -> np.ndarray:
        """Keys of the legs from points numbered ``p`` to points numbered ``q``."""
        return (p << _ID_BITS) | q

    def recall(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Which legs are remembered, whether each is clear of the walls, and its cost."""
        n = self._keys.size
        if n == 0:
            return np.zeros(keys.size, dtype=bool), np.zeros(keys.size, dtype=bool), \
                np.full(keys.size, np.nan)
        pos = np.minimum(np.searchsorted(self._keys, keys), n - 1)
        found = self._keys[pos] == keys
        return found, self._clear[pos] & found, np.where(found, self._cost[pos], np.nan)

    def remember(self, keys: np.ndarray, clear: np.ndarray, cost: np.ndarray) -> None:
        """Add the verdicts of legs not remembered yet (a leg met twice is kept once)."""
        keys, first = np.unique(keys, return_index=True)
        if self._keys.size + keys.size > BOOK_SIZE or len(self._ids) > BOOK_SIZE:
            self._ids = {}  # start afresh: the keys given are numbered the old way
            self._keys = self._keys[:0]
            self._clear = self._clear[:0]
            self._cost = self._cost[:0]
            return
        pos = np.searchsorted(self._keys, keys)
        self._keys = np.insert(self._keys, pos, keys)
        self._clear = np.insert(self._clear, pos, clear[first])
        self._cost = np.insert(self._cost, pos, cost[first])
