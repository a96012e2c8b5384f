"""The all-pairs kernel gives exactly the answers of N² single ``sight`` calls (GAP-20)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.bench.geometry import stress_board
from skirmish.geometry import Table

from .conftest import Piece

KINDS = ("open", "difficult", "impassable")


def random_board(seed: int, pieces: int = 12, figures: int = 18) -> tuple[Table, np.ndarray]:
    """Random convex and concave pieces (overlaps allowed) and figures anywhere."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(pieces):
        cx, cy = rng.uniform(4, 44), rng.uniform(4, 28)
        corners = int(rng.integers(3, 11))
        angles = np.sort(rng.uniform(0, 2 * math.pi, corners))
        radii = rng.uniform(0.5, 3.5, corners)
        if rng.random() < 0.5:  # convex-ish: push radii to the outer ring
            radii = np.full(corners, radii.max())
        poly = tuple(
            (float(cx + r * math.cos(a)), float(cy + r * math.sin(a)))
            for a, r in zip(angles, radii, strict=True)
        )
        if rng.random() < 0.5:
            poly = tuple(reversed(poly))
        out.append(
            Piece(
                f"p{k}",
                f"Piece {k}",
                KINDS[int(rng.integers(0, 3))],
                poly,
                blocks_los=bool(rng.random() < 0.7),
                cover=bool(rng.random() < 0.5),
                height=float(rng.choice([0.0, 0.5, 1.0, 2.0, 3.0])),
                raised=bool(rng.random() < 0.5),
            )
        )
    out = [p for p in out if _valid(p)]
    table = Table(48, 32, out)
    discs = np.c_[
        rng.uniform(0.5, 47.5, figures), rng.uniform(0.5, 31.5, figures), rng.uniform(0.3, 1.2, figures)
    ]
    return table, discs


def _valid(piece: Piece) -> bool:
    from skirmish.geometry import polygon_problem

    return polygon_problem(piece.polygon, 48, 32) is None


def single(
    table: Table, discs: np.ndarray, blockers: bool = False, levels: np.ndarray | None = None
) -> np.ndarray:
    n = len(discs)
    out = np.ones((n, n), dtype=bool)
    rows = [tuple(map(float, d)) for d in discs]
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            lv = None if levels is None else (float(levels[i]), float(levels[j]))
            others = [rows[k] for k in range(n) if k not in (i, j)] if blockers else ()
            out[i, j] = table.sight(rows[i], rows[j], others, levels=lv).visible
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_kernel_equals_single_queries_on_random_boards_GAP_20(seed):
    table, discs = random_board(seed)
    vis = table.visibility(discs)
    assert (vis == vis.T).all()
    assert vis.diagonal().all()
    assert (vis == single(table, discs)).all()


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_kernel_equals_single_queries_with_figures_blocking_and_levels(seed):
    """Option ``figures_block_los`` and caller-given levels (figures on roofs)."""
    table, discs = random_board(seed, figures=14)
    levels = np.random.default_rng(seed).choice([0.0, 1.0, 2.5, 4.0], len(discs))
    assert (table.visibility(discs, blockers=True) == single(table, discs, blockers=True)).all()
    assert (table.visibility(discs, levels=levels) == single(table, discs, levels=levels)).all()


def test_kernel_equals_single_queries_on_the_stress_board():
    table, discs = stress_board(0)
    vis = table.visibility(discs)
    assert 0.05 < vis.mean() < 0.95  # a board where sight matters
    assert (vis == single(table, discs)).all()


def test_kernel_blocker_mask_selects_who_blocks():
    table = Table(48, 32, [])
    discs = np.array([(5, 10, 0.5), (15, 10, 0.5), (10, 10, 0.6)])
    assert table.visibility(discs).all()
    vis = table.visibility(discs, blockers=np.array([False, False, True]))
    assert not vis[0, 1] and not vis[1, 0]
    assert vis[0, 2] and vis[2, 1]
    assert not table.visibility(discs, blockers=True)[0, 1]
    assert table.visibility(discs, blockers=np.array([True, True, False]))[0, 1]


def test_kernel_handles_tiny_inputs():
    table = Table(48, 32, [])
    assert table.visibility(np.zeros((0, 3))).shape == (0, 0)
    assert table.visibility(np.array([(1, 1, 0.5)])).tolist() == [[True]]


def test_levels_must_be_passed_by_keyword():
    table = Table(48, 32, [])
    discs = np.array([(5, 10, 0.5), (15, 10, 0.5)])
    with pytest.raises(TypeError):
        table.visibility(discs, np.array([1.0, 2.0]))
