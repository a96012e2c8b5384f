"""The waypoint graph's search (GAP-15): settling nodes nearest the goal first (A*) and
leaving unfollowed the nodes no route through which can win or tie changes no answer:
the route is plain Dijkstra's, ties included."""

from __future__ import annotations

import heapq
import math

import numpy as np

from skirmish.geometry.planner import PointGoal
from skirmish.geometry.visibility import Arcs
from skirmish.geometry.waysearch import LIBRARY_LEGS, _Graph, _Nodes, _shortest, route
from tests.geometry.stress import board


def every_node_followed(graph: _Graph, w: np.ndarray, bound: float) -> tuple[list[int], float] | None:
    """Dijkstra following every node it settles, to the first end it settles."""
    n = graph.n
    out: dict[int, list[tuple[int, float]]] = {}
    for a, b, c in zip(graph.src.tolist(), graph.dst.tolist(), w.tolist(), strict=True):
        out.setdefault(a, []).append((b, c))
    dist = [math.inf] * (n + graph.ends.shape[0])
    pred = [-1] * len(dist)
    dist[0] = 0.0
    heap = [(0.0, 0)]
    while heap:
        d, u = heapq.heappop(heap)
        if u >= n:
            chain = [u]
            while chain[-1] != 0:
                chain.append(pred[chain[-1]])
            return chain[::-1], d
        if d > dist[u]:
            continue
        for v, c in out.get(u, []):
            nd = d + c
            if nd < dist[v] and nd <= bound + 1e-9:
                dist[v], pred[v] = nd, u
                heapq.heappush(heap, (nd, v))
    return None


def lattice_graph(rng: np.random.Generator, side: int = 6, count: int = 14,
                  share: float = 0.45) -> _Graph:
    """Nodes on an integer lattice (equal sums of leg lengths abound: ties), legs
    between random pairs (``share`` of them) weighing their length or twice it, some
    nodes joined to the goal point at the lattice's far corner."""
    pts = np.unique(rng.integers(0, side, size=(count, 2)), axis=0).astype(float)
    pts = np.concatenate([[[0.0, 0.0]], pts[(pts != 0.0).any(axis=1)]])
    n = pts.shape[0]
    goal = np.array([[float(side), float(side)]])
    iu, ju = np.triu_indices(n, 1)
    pair = rng.random(iu.size) < share
    iu, ju = iu[pair], ju[pair]
    ends = np.flatnonzero(rng.random(n) < 0.3)
    length = np.hypot(*(pts[ju] - pts[iu]).T)
    cost = length * rng.choice([1.0, 2.0], size=length.size)
    end_length = np.hypot(*(goal - pts[ends]).T)
    src = np.concatenate([iu, ju, ends])
    dst = np.concatenate([ju, iu, n + np.arange(ends.size)])
    h = np.hypot(*(goal - pts).T)
    zero = np.zeros(n - 1)
    nodes = _Nodes((0.0, 0.0), Arcs(zero, zero, zero, zero, zero, zero, zero), pts[:, 0], pts[:, 1],
                   np.hypot(*pts.T), h, np.repeat(goal, n, axis=0), np.ones(n, dtype=bool),
                   np.zeros((0, 2)), np.arange(n))
    return _Graph(nodes, n, src, dst, np.concatenate([cost, cost, end_length]),
                  np.concatenate([length, length, end_length]), np.repeat(goal, ends.size, axis=0),
                  np.zeros(ends.size, dtype=bool), True)


def test_unfollowed_nodes_change_no_route_ties_and_all_GAP_15():
    rng = np.random.default_rng(11)
    found = 0
    for _ in range(400):
        graph = lattice_graph(rng)
        for w in (graph.cost, graph.length):
            for bound in (math.inf, 12.0):
                expected = every_node_followed(graph, w, bound)
                assert _shortest(graph, w, bound) == expected
                found += expected is not None
    assert found > 400  # most graphs hold a route


def test_large_graphs_searched_by_the_library_give_the_same_routes_ties_and_all_GAP_15():
    """Graphs of more than LIBRARY_LEGS legs go to scipy's Dijkstra: the same chains as
    the search that follows every node, ties included."""
    rng = np.random.default_rng(12)
    found = 0
    for _ in range(40):
        graph = lattice_graph(rng, side=12, count=130, share=0.25)
        assert graph.order.size >= LIBRARY_LEGS
        for w in (graph.cost, graph.length):
            for bound in (math.inf, 18.0):
                expected = every_node_followed(graph, w, bound)
                assert _shortest(graph, w, bound) == expected
                found += expected is not None
    assert found > 100


def test_a_floor_changes_which_ellipses_are_searched_not_the_route_GAP_15():
    """``route(floor=...)`` skips the ellipses up to the floor (a narrower try found
    nothing there): whatever the floor, the same route, corners and cost to the bit."""
    table, discs = board(0)
    found = 0
    for k in range(8):
        mover = tuple(map(float, discs[k]))
        goal = (table.width - mover[0], table.height - mover[1])
        m = table._mover(mover, np.delete(discs, k, axis=0), False, None)
        if not m.arena.point_free(goal):
            continue
        h0 = math.hypot(goal[0] - mover[0], goal[1] - mover[1])
        bound = 1.3 * h0 + 2.0
        verdicts = [route(m.start, PointGoal(goal), m.arena, m.field, False, bound, m.book, floor)
                    for floor in (-math.inf, 1.05 * h0, 1.1 * h0, bound)]
        assert all(v == verdicts[0] for v in verdicts[1:])
        found += verdicts[0].points is not None
    assert found >= 4
