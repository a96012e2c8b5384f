"""Reachable area (UI shading, AI destinations): exact where straight, consistent everywhere."""

from __future__ import annotations

import math

import numpy as np
import pytest

from skirmish.geometry import Table
from tests.geometry.stress import board

from .conftest import Piece, rect, wood


def test_walk_of_6_reaches_exactly_6_pas_in_the_open_R_ACT_WALK(open_table: Table):
    """GAP-15 (a): fractional pas, no grid shortfall along any straight line."""
    reach = open_table.reach((20, 16, 0.5), [], 6.0)
    assert reach.contains((26, 16))
    assert reach.cost_to((26, 16)) == pytest.approx(6.0, abs=1e-9)
    assert not reach.contains((26.001, 16))
    for angle in (0.3, 1.1, 2.0, 4.4):
        edge = (20 + 6 * math.cos(angle), 16 + 6 * math.sin(angle))
        assert reach.contains(edge), angle
        assert reach.cost_to(edge) == pytest.approx(6.0, abs=1e-9)
        beyond = (20 + 6.01 * math.cos(angle), 16 + 6.01 * math.sin(angle))
        assert not reach.contains(beyond)
    path = reach.path_to((26, 16))
    assert path is not None and path.points == ((20, 16), (26, 16))


def test_difficult_terrain_halves_a_walk_R_ACT_TERRAIN():
    table = Table(48, 32, [wood(box=(10, 0, 40, 32))])
    reach = table.reach((20, 16, 0.5), [], 6.0)
    assert reach.contains((23, 16)) and not reach.contains((23.01, 16))
    fast = table.reach((20, 16, 0.5), [], 6.0, ignore_difficult=True)
    assert fast.contains((26, 16))


def test_reach_goes_round_a_wall_but_not_through_it(wall_table: Table):
    reach = wall_table.reach((8, 14, 0.5), [], 6.0)
    assert not reach.contains((10.5, 14))  # inside the wall
    behind = (12.5, 14)  # straight line blocked; round the top corner it is ≈ 5 pas
    assert reach.contains(behind)
    path = reach.path_to(behind)
    assert path is not None and len(path.points) > 2
    assert wall_table.path_is_legal((8, 14, 0.5), path.points, [])
    assert path.cost <= reach.cost_to(behind) + 1e-9 <= 6.0 + 1e-9


def test_grid_cost_reads_the_way_round_a_wall_a_little_long(wall_table: Table):
    """The quick estimate the AI reads thousands of times (an objective's pull): never
    under the true route, within a pas of it, from the open and from against the wall."""
    reach = wall_table.reach((8, 10, 0.5), [], 80.0)
    for p in [(14, 10), (11.6, 10), (9.45, 12), (20, 28)]:
        true = wall_table.path((p[0], p[1], 0.5), (8, 10), [], False).cost
        assert true <= reach.grid_cost(p, 0.5) <= true + 1.0, p
    assert reach.grid_cost((10.5, 10), 0.5) == math.inf  # inside the wall


def test_reach_keeps_clear_of_other_bases_GAP_16(open_table: Table):
    other = (23, 16, 0.5)
    reach = open_table.reach((20, 16, 0.5), [other], 6.0)
    assert not reach.contains((23, 16.5))
    assert not reach.contains((22.1, 16))
    assert reach.contains((22.0, 16))  # touching
    assert reach.contains((25, 16))  # round it
    assert reach.cost_to((25, 16)) > 5.0


@pytest.mark.parametrize("figure", [0, 7, 19, 33])
def test_contains_promises_a_legal_affordable_path(figure: int):
    """If ``contains(p)``, ``path_to(p)`` is legal and costs at most the allowance; the cost
    it reports is the exact cost of its points."""
    table, discs = board(0)
    mover = tuple(map(float, discs[figure]))
    others = np.delete(discs, figure, axis=0)
    reach = table.reach(mover, others, 6.0)
    rng = np.random.default_rng(figure)
    points = mover[:2] + rng.uniform(-7, 7, size=(150, 2))
    inside = 0
    for p in map(tuple, points):
        p = (float(p[0]), float(p[1]))
        path = reach.path_to(p)
        if reach.contains(p):
            inside += 1
            assert path is not None
            assert path.end == p
            assert path.cost <= 6.0 + 1e-9
            assert path.cost <= reach.cost_to(p) + 1e-9
            assert table.path_is_legal(mover, path.points, others)
            assert table.path_cost(path.points) == pytest.approx(path.cost, abs=1e-9)
        else:
            assert path is None
            assert reach.cost_to(p) == math.inf
    assert inside > 10


def test_mask_and_sample_match_contains():
    table, discs = board(0)
    mover = tuple(map(float, discs[3]))
    others = np.delete(discs, 3, axis=0)
    reach = table.reach(mover, others, 6.0)
    mask = reach.mask
    assert mask.shape == reach.costs.shape
    assert mask.any()
    ox, oy = reach.origin
    rows, cols = np.nonzero(mask)
    for r, c in list(zip(rows, cols, strict=True))[:: max(1, len(rows) // 40)]:
        assert reach.contains((ox + c * reach.resolution, oy + r * reach.resolution))
    sample = reach.sample(12)
    assert sample == reach.sample(12)  # deterministic
    assert len(sample) == 12
    assert all(reach.contains(p) for p in sample)
    spread = min(math.dist(a, b) for i, a in enumerate(sample) for b in sample[i + 1 :])
    assert spread > 1.0


def test_reach_on_a_roof_stays_on_it_GAP_60():
    house = Piece("house", "Maison", "impassable", rect(10, 5, 16, 15), True, True, 3.0)
    table = Table(48, 32, [house])
    reach = table.reach((12, 8, 0.5), [], 6.0, on="house")
    assert reach.contains((15, 13))
    assert not reach.contains((17, 8))
    assert all(10 <= x <= 16 and 5 <= y <= 15 for x, y in reach.sample(20))
