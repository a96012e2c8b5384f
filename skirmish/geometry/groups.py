"""Distances between many figures at once: blasts, chains, "allies within N pas".

GAP-21: distances are base edge to base edge. GAP-32: a blast hits every base that
reaches within its radius of the target point. GAP-30 chains (≤ 1 pas), GAP-41 allies
within 1 pas, GAP-42 within 3, GAP-54 within 4 all read off one gap matrix.
"""

from __future__ import annotations

import numpy as np

from skirmish.geometry.primitives import COST_EPS, Point


def within(centre: Point, radius: float, discs: np.ndarray) -> np.ndarray:
    """Indices of the bases reaching within ``radius`` of a point (centre distance − r ≤ radius)."""
    arr = np.asarray(discs, dtype=float).reshape(-1, 3)
    d = np.hypot(arr[:, 0] - centre[0], arr[:, 1] - centre[1]) - arr[:, 2]
    return np.flatnonzero(d <= radius + COST_EPS)


def pair_gaps(discs: np.ndarray) -> np.ndarray:
    """(N × N) edge-to-edge gaps; the diagonal is ``inf`` so a figure is never "near itself"."""
    arr = np.asarray(discs, dtype=float).reshape(-1, 3)
    dx = arr[:, 0, None] - arr[None, :, 0]
    dy = arr[:, 1, None] - arr[None, :, 1]
    gaps = np.hypot(dx, dy) - arr[:, 2, None] - arr[None, :, 2]
    np.fill_diagonal(gaps, np.inf)
    return gaps
