"""Far routes (GAP-15, GAP-16): two savings of work that change no route, bit for bit.

Searching the next bound before the rest of the first bound's graph when its thin
ellipses hold no route (``planner.graph_route``) returns the corners and cost that
searching each bound whole in turn returns; finding a graph's pairs of nodes on the
whole n × n table (``waysearch._pairs``) finds the pairs, in the order and with the
lengths, that gathering each pair's ends finds.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from skirmish.bench.report import deployed_discs
from skirmish.content.loading import load_scenario
from skirmish.geometry import Table, planner
from skirmish.geometry.visibility import _polygon
from skirmish.geometry.waysearch import _SURE, Verdict, _pairs, _upper
from skirmish.locations import SCENARIOS
from skirmish.match import build_table

#: The objective tables whose long routes bend round crowds and fords (the first
#: bound's thin ellipses hold no route there) and one whose first bound holds it.
TABLES = ("quarry", "two_fords", "hill_farm")


def gathered_pairs(px: np.ndarray, py: np.ndarray, g: np.ndarray, h: np.ndarray, ox: np.ndarray,
                   oy: np.ndarray, orad2: np.ndarray, bound: float
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pairs as found by gathering each pair's ends (the reference)."""
    n = px.size
    lower = np.minimum(g[:, None] + h[None, :], g[None, :] + h[:, None])
    pair = np.flatnonzero((lower <= bound) & _upper(n))
    iu = pair // n
    ju = pair - iu * n
    ax, ay, qx, qy = px[iu], py[iu], px[ju], py[ju]
    ex, ey = qx - ax, qy - ay
    span = np.hypot(ex, ey)
    keep = lower.ravel()[pair] + span <= bound
    iu, ju, ax, ay, qx, qy, ex, ey, span = (v[keep] for v in (iu, ju, ax, ay, qx, qy, ex, ey, span))
    len2 = ex * ex + ey * ey

    def enters(wx: np.ndarray, wy: np.ndarray, dx: np.ndarray, dy: np.ndarray,
               r2: np.ndarray) -> np.ndarray:
        dot = wx * dx + wy * dy
        cross = wx * dy - wy * dx
        return (dot > 0.0) & (dot < len2) & (cross * cross < r2 * len2)

    out = ~enters(ox[iu] - ax, oy[iu] - ay, ex, ey, orad2[iu])
    out &= ~enters(ox[ju] - qx, oy[ju] - qy, -ex, -ey, orad2[ju])
    return iu[out], ju[out], span[out]


def test_pairs_on_the_whole_table_are_the_gathered_pairs():
    rng = np.random.default_rng(14)
    compared = 0
    for _ in range(25):
        k = int(rng.integers(2, 12))
        cx, cy = rng.uniform(0, 30, k), rng.uniform(0, 20, k)
        r = rng.choice([0.0, 0.5, 1.0, 1.5], size=k)  # 0: a wood's corner, nothing to hug
        arcs = _polygon(cx, cy, r, np.zeros(k), np.full(k, 2 * np.pi))
        start, goal = rng.uniform(0, 30, 2), rng.uniform(0, 30, 2)
        px = np.concatenate([[start[0]], arcs.x])
        py = np.concatenate([[start[1]], arcs.y])
        ox = np.concatenate([[start[0]], arcs.cx])
        oy = np.concatenate([[start[1]], arcs.cy])
        orad = np.concatenate([[0.0], arcs.r]) - _SURE
        orad2 = np.where(orad > 0.0, orad * orad, 0.0)
        g = np.hypot(px - start[0], py - start[1])
        h = np.hypot(px - goal[0], py - goal[1])
        bound = float(h[0] * rng.uniform(1.0, 1.6) + rng.uniform(0.0, 3.0))
        want = gathered_pairs(px, py, g, h, ox, oy, orad2, bound)
        got = _pairs(px, py, g, h, ox - px, oy - py, orad2, bound)
        compared += want[0].size
        for a, b in zip(got, want, strict=True):
            assert np.array_equal(a, b)
    assert compared > 1000


@pytest.fixture(scope="module")
def boards() -> list[tuple[str, Table, np.ndarray]]:
    out = []
    for name in TABLES:
        scn = load_scenario(Path(SCENARIOS / "objectives" / f"{name}.toml"))
        out.append((name, build_table(scn), deployed_discs(scn)))
    return out


def routes(table: Table, discs: np.ndarray, seed: int) -> list[object]:
    """Long routes of a few figures, with and without a limit, and to contact."""
    rng = np.random.default_rng(seed)
    out: list[object] = []
    for k in rng.permutation(len(discs))[:3]:
        mover = tuple(map(float, discs[k]))
        others = np.delete(discs, k, axis=0)
        far = (table.width - mover[0], table.height - mover[1])
        goals = [far] + [(float(rng.uniform(1, table.width - 1)), float(rng.uniform(1, table.height - 1)))
                         for _ in range(6)]
        for q, goal in enumerate(goals):
            limit = (None, 30.0, 45.0)[q % 3]
            p = table.path(mover, goal, others, False, limit, memo=False)
            out.append(None if p is None else (p.points, p.cost))
        j = int((k + 7) % len(discs))
        if j != k:
            p = table.path_to_contact(mover, tuple(map(float, discs[j])), np.delete(discs, [k, j], axis=0),
                                      memo=False)
            out.append(None if p is None else (p.points, p.cost))
    return out


def test_next_bound_first_gives_the_routes_of_each_bound_in_turn(boards, monkeypatch):
    searched: list[Verdict] = []
    graph = planner._graph

    def counting(*args: object) -> Verdict:
        verdict = graph(*args)  # type: ignore[arg-type]
        searched.append(verdict)
        return verdict

    monkeypatch.setattr(planner, "_graph", counting)
    found = [routes(table, discs, 37) for _, table, discs in boards]
    assert any(not v.searched for v in searched)  # the first bound left unsearched, somewhere

    def each_in_turn(mover, goal, bound, last, floor, whole, aim=None):  # type: ignore[no-untyped-def]
        return graph(mover, goal, bound, last, floor, True)  # (then ``aim`` is never set)

    monkeypatch.setattr(planner, "_graph", each_in_turn)
    again = [routes(table, discs, 37) for _, table, discs in boards]
    assert sum(r is not None for rs in found for r in rs) > 30
    assert found == again
