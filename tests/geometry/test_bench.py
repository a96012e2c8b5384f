"""The benchmark's stress board is reproducible and legal (timings are not tested here)."""

from __future__ import annotations

import numpy as np

from skirmish.bench.geometry import stress_board
from skirmish.geometry.polygons import is_convex, normalise


def test_stress_board_is_deterministic_and_busy():
    table, discs = stress_board(0)
    again, discs_again = stress_board(0)
    assert np.array_equal(discs, discs_again)
    assert [p.polygon for p in table.pieces] == [p.polygon for p in again.pieces]
    assert len(table.pieces) == 30
    assert discs.shape == (40, 3)
    kinds = {p.kind for p in table.pieces}
    assert kinds == {"open", "difficult", "impassable"}
    assert any(not is_convex(normalise(p.polygon)) for p in table.pieces)
    assert any(p.blocks_los for p in table.pieces) and any(p.height > 0 for p in table.pieces)
    for k, d in enumerate(discs):
        others = np.delete(discs, k, axis=0)
        assert table.placement_problem(tuple(d), others) is None


def test_other_seeds_give_other_boards():
    a, _ = stress_board(1)
    b, _ = stress_board(2)
    assert [p.polygon for p in a.pieces] != [p.polygon for p in b.pieces]
