"""The rasterised configuration space and its shortest-path search (GAP-15, GAP-16).

Cells every ``res`` pas (0.25 by default) hold free / not free for the mover's centre,
with 16-neighbour moves (straight, diagonal and knight's moves). The grid is an *upper
bound* on reality so that every grid route is a legal route no dearer than its grid cost:

* a cell is free only with a safety slack: if both ends of a move of length L have
  clearance ``ρ + δ`` with ``δ = √(ρ² + L²/4) − ρ``, the whole move keeps clearance ρ
  (no obstacle point can be within ρ of a chord whose ends are ρ + δ away from it);
* a move costs 2 × L unless one of its ends is at least L away from difficult terrain.

Exact straight segments (from the mover, to the goal) are added as extra edges, so
routes are exact where it matters and the string-puller only ever shortens them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from skirmish.geometry.arena import Arena
from skirmish.geometry.costs import DifficultField
from skirmish.geometry.edges import edges_cover

#: Cell size in pas.
RESOLUTION = 0.25
_OFFSETS = (
    (1, 0), (-1, 0), (0, 1), (0, -1),
    (1, 1), (1, -1), (-1, 1), (-1, -1),
    (1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1),
)  # fmt: skip
_STEP = np.array([math.hypot(dx, dy) for dx, dy in _OFFSETS])
#: The longest grid move, in cells (a knight's move).
LONGEST_STEP = math.sqrt(5.0)


@lru_cache(maxsize=32)
def _neighbours(ny: int, nx: int) -> np.ndarray:
    """(cells × 16) neighbour indices of a ny × nx grid, −1 off the grid."""
    iy, ix = np.divmod(np.arange(ny * nx), nx)
    out = np.empty((ny * nx, len(_OFFSETS)), dtype=np.int32)
    for k, (dx, dy) in enumerate(_OFFSETS):
        jx = ix + dx
        jy = iy + dy
        ok = (jx >= 0) & (jx < nx) & (jy >= 0) & (jy < ny)
        out[:, k] = np.where(ok, jy * nx + jx, -1)
    out.setflags(write=False)
    return out


@dataclass
class Raster:
    """A window of cells: where their centres are, which are free, which cost double."""

    origin: tuple[float, float]
    res: float
    shape: tuple[int, int]
    xs: np.ndarray
    ys: np.ndarray
    free: np.ndarray
    near_difficult: np.ndarray | None

    @property
    def size(self) -> int:
        return self.shape[0] * self.shape[1]

    def point(self, idx: int) -> tuple[float, float]:
        return (float(self.xs[idx]), float(self.ys[idx]))

    def around(self, x: float, y: float, radius: float) -> np.ndarray:
        """Indices of free cells within ``radius`` of a point."""
        x0, y0 = self.origin
        ny, nx = self.shape
        k = int(math.ceil(radius / self.res))
        cx = int(round((x - x0) / self.res))
        cy = int(round((y - y0) / self.res))
        ix = np.arange(max(cx - k, 0), min(cx + k, nx - 1) + 1)
        iy = np.arange(max(cy - k, 0), min(cy + k, ny - 1) + 1)
        if ix.size == 0 or iy.size == 0:
            return np.zeros(0, dtype=np.int64)
        idx = (iy[:, None] * nx + ix[None, :]).ravel()
        d2 = (self.xs[idx] - x) ** 2 + (self.ys[idx] - y) ** 2
        return idx[(d2 <= radius * radius) & self.free[idx]]


def build_raster(
    arena: Arena,
    field: DifficultField | None,
    anchor: tuple[float, float],
    window: tuple[float, float, float, float],
    res: float = RESOLUTION,
    keep: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
) -> Raster:
    """Rasterise a window, the grid aligned so that ``anchor`` (the mover) is a cell centre.

    ``keep`` (optional) restricts the free cells further, e.g. to a disc the mover can reach.
    ``field`` None means difficult terrain is ignored (or there is none).
    """
    ax, ay = anchor
    x0 = ax - math.floor((ax - window[0]) / res) * res
    y0 = ay - math.floor((ay - window[1]) / res) * res
    nx = int(math.floor((window[2] - x0) / res)) + 1
    ny = int(math.floor((window[3] - y0) / res)) + 1
    nx = max(nx, 1)
    ny = max(ny, 1)
    gx = x0 + res * np.arange(nx)
    gy = y0 + res * np.arange(ny)
    xs = np.broadcast_to(gx[None, :], (ny, nx)).ravel()
    ys = np.broadcast_to(gy[:, None], (ny, nx)).ravel()
    step = res * LONGEST_STEP
    half2 = (step / 2.0) ** 2
    wall_slack = math.sqrt(arena.rho**2 + half2) - arena.rho
    disc_slack = np.sqrt(arena.R**2 + half2) - arena.R
    roof_slack = 0.0 if arena.roof_convex else step / 2.0
    candidates = np.ones(xs.shape, dtype=bool) if keep is None else keep(xs, ys)
    free = arena.free_grid(gx, gy, candidates, wall_slack, disc_slack, roof_slack)
    near = None
    if field is not None and field:
        fidx = np.flatnonzero(free)
        near = np.zeros(xs.shape, dtype=bool)
        local = field.edges.near(window[0] - step, window[1] - step, window[2] + step, window[3] + step)
        close = field.parity.inside_grid(gx, gy)
        if len(local):
            close |= edges_cover(gx, gy, local, step + 1e-9)
        near[fidx] = close.ravel()[fidx]
    return Raster((x0, y0), res, (ny, nx), xs, ys, free, near)


def search(
    raster: Raster, seeds: tuple[np.ndarray, np.ndarray], limit: float
) -> tuple[np.ndarray, np.ndarray]:
    """Dijkstra from a virtual source (node ``G``) joined to ``seeds`` = (cells, exact costs).

    Returns the distance and predecessor arrays over ``G + 1`` nodes; a goal reached by
    exact last legs is then the cell minimising ``dist[cell] + leg`` (see :func:`best_goal`).
    """
    g = raster.size
    ny, nx = raster.shape
    nb = _neighbours(ny, nx)
    cells = np.flatnonzero(raster.free)
    rows = nb[cells]  # free cells × 16, −1 off the grid
    free_ext = np.append(raster.free, False)
    ok = free_ext[rows]
    weight = _step_weights(raster.res)
    if raster.near_difficult is not None:
        near_ext = np.append(raster.near_difficult, False)
        both = near_ext[cells][:, None] & near_ext[rows]
        weight = np.where(both, 2.0 * weight, weight)
    else:
        weight = np.broadcast_to(weight, rows.shape)
    counts = np.zeros(g + 1, dtype=np.int32)
    counts[cells] = ok.sum(axis=1)
    seed_cells, seed_costs = seeds
    counts[g] = seed_cells.size
    indptr = np.zeros(g + 2, dtype=np.int32)
    np.cumsum(counts, out=indptr[1:])
    indices = np.concatenate([rows[ok], seed_cells.astype(np.int32)])
    data = np.concatenate([weight[ok], np.maximum(seed_costs, 1e-12)])
    # scipy's graph search, imported on the first search: its import took a third of a
    # second of the window's way to its first board frame
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    graph = csr_matrix((data, indices, indptr), shape=(g + 1, g + 1))
    dist, pred = dijkstra(graph, directed=True, indices=g, return_predecessors=True, limit=limit)
    return dist, pred


@lru_cache(maxsize=8)
def _step_weights(res: float) -> np.ndarray:
    out = _STEP * res
    out.setflags(write=False)
    return out


def best_goal(dist: np.ndarray, cells: np.ndarray, legs: np.ndarray) -> tuple[int, float] | None:
    """The goal cell with the cheapest total (route to it + its exact last leg)."""
    if cells.size == 0:
        return None
    total = dist[cells] + legs
    k = int(np.argmin(total))
    if not np.isfinite(total[k]):
        return None
    return k, float(total[k])


def walk_back(pred: np.ndarray, node: int, source: int) -> list[int] | None:
    """Node chain from the source to ``node`` (both excluded), or None if unreachable."""
    chain: list[int] = []
    cur = int(pred[node])
    while cur != source:
        if cur < 0:
            return None
        chain.append(cur)
        cur = int(pred[cur])
    chain.reverse()
    return chain
