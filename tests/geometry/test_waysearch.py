"""The waypoint graph's search (GAP-15): settling nodes nearest the goal first (A*) and
leaving unfollowed the nodes no route through which can win or tie changes no answer:
the route is plain Dijkstra's, ties included."""

from __future__ import annotations

import heapq
import math

import numpy as np
import pytest

from skirmish.content.loading import load_scenario
from skirmish.geometry.planner import PointGoal
from skirmish.geometry.visibility import Arcs
from skirmish.geometry.waysearch import LIBRARY_LEGS, _Graph, _Nodes, _shortest, route
from skirmish.locations import SCENARIOS
from skirmish.match import build_table
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
                  share: float = 0.45, twins: bool = False) -> _Graph:
    """Nodes on an integer lattice (equal sums of leg lengths abound: ties), legs
    between random pairs (``share`` of them) weighing their length or twice it, some
    nodes joined to the goal point at the lattice's far corner. ``twins``: a third of
    the nodes have a twin at their point, numbered anywhere, the two always joined (by
    a leg of length 0), as where the rims of two bases meet."""
    pts = np.unique(rng.integers(0, side, size=(count, 2)), axis=0).astype(float)
    pts = np.concatenate([[[0.0, 0.0]], pts[(pts != 0.0).any(axis=1)]])
    if twins:
        pts = np.concatenate([pts, pts[rng.choice(np.arange(1, pts.shape[0]),
                                                  size=max(1, pts.shape[0] // 3), replace=False)]])
        pts = pts[np.concatenate([[0], 1 + rng.permutation(pts.shape[0] - 1)])]
    n = pts.shape[0]
    goal = np.array([[float(side), float(side)]])
    iu, ju = np.triu_indices(n, 1)
    pair = (rng.random(iu.size) < share) | (pts[iu] == pts[ju]).all(axis=1)
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


def corners(graph: _Graph, chain: list[int]) -> list[tuple[float, float]]:
    """The points a chain passes, a point where twins meet once."""
    out: list[tuple[float, float]] = []
    for i in chain:
        p = (float(graph.nodes.px[i]), float(graph.nodes.py[i])) if i < graph.n \
            else (float(graph.ends[i - graph.n, 0]), float(graph.ends[i - graph.n, 1]))
        if not out or p != out[-1]:
            out.append(p)
    return out


@pytest.mark.parametrize(("side", "count", "share", "graphs"), [(6, 14, 0.45, 300),
                                                                 (12, 130, 0.25, 20)])
def test_twin_nodes_at_one_point_give_dijkstras_route_GAP_15(side: int, count: int,
                                                            share: float, graphs: int):
    """Two nodes at one point, joined by a leg of no length (or a rounding error's, as
    where two bases' rims meet): the node of the larger number may be settled first and
    lead into the other. The search gives Dijkstra's cost and corners, the shared point
    passed once, where it once found no leg into a node of the chain and stopped."""
    rng = np.random.default_rng(side)
    found = 0
    for _ in range(graphs):
        graph = lattice_graph(rng, side, count, share, twins=True)
        tiny = np.where(graph.length == 0.0, 1e-15, graph.cost)  # positive: the library's
        for w in (graph.cost, graph.length, tiny):
            expected = every_node_followed(graph, w, math.inf)
            got = _shortest(graph, w, math.inf)
            assert (got is None) == (expected is None)
            if got is not None and expected is not None:
                assert got[1] == expected[1]
                assert corners(graph, got[0]) == corners(graph, expected[0])
                found += 1
    assert found > graphs


def test_a_route_onto_a_point_between_touching_bases_is_found_GAP_15_GAP_16():
    """On the salt pans, to a point beside two touching bases: their rims meet at one
    point, two nodes of the graph, and the search once stopped there with an error in
    the middle of a game. The route is found, legal, and costs what it says."""
    table = build_table(load_scenario(SCENARIOS / "objectives" / "salt_pans.toml"))
    mover = (28.81710704978531, 27.889999733502567, 0.5)
    others = [(34.999999998999996, 13.0, 0.5), (35.617316567252225, 13.923879533435166, 0.5),
              (26.351678953834696, 13.351678953834693, 0.5), (29.003327136961843, 17.400000000000002, 0.5),
              (31.242640687119284, 12.242640687119284, 0.5), (29.072688004564004, 16.00388640107125, 0.5),
              (28.49300426273586, 10.410024283166186, 0.5), (27.0, 10.0, 0.5),
              (31.57390432403132, 10.011241255207516, 0.5), (27.28485351093341, 12.7690939763562, 0.5),
              (36.86060817005974, 36.01225280868043, 0.5), (38.0, 35.632455532033674, 0.5),
              (23.24423478019336, 32.27207793864214, 0.5), (36.08608520641839, 36.79349168942832, 0.5),
              (36.5690089040826, 14.475696265709875, 0.5)]
    path = table.path(mover, (36.0, 13.0), others, False, on=None)
    assert path is not None
    assert path.points[0] == mover[:2] and path.points[-1] == (36.0, 13.0)
    assert table.path_is_legal(mover, path.points, others)
    assert path.cost == pytest.approx(table.path_cost(path.points))


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
