"""Spot along a route (D-4): ``Table.first_sighting`` answers as ``sight`` checked at every
point, and the umbra proofs it uses to skip points never hide a point that is in sight."""

from __future__ import annotations

import math

import numpy as np
import pytest

from skirmish.geometry import Table
from skirmish.geometry.primitives import Point

from .conftest import Piece, rect, wall
from .test_visibility_kernel import random_board

STEP = 0.25


def check_points(path: list[Point]) -> list[tuple[int, Point]]:
    out = []
    for i in range(len(path) - 1):
        (x0, y0), (x1, y1) = path[i], path[i + 1]
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / STEP))
        for k in range(1, n + 1):
            t = k / n
            out.append((i, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)))
    return out


def brute_force(table: Table, path, radius, others, levels, level):
    """The first check point where some of ``others`` is in sight, one ``sight`` at a time."""
    for leg, (x, y) in check_points(path):
        own = table.level_at((x, y)) if level is None else level
        seen = [
            j for j, o in enumerate(others)
            if table.sight((x, y, radius), o, levels=(own, levels[j]), memo=False).visible
        ]
        if seen:
            return leg, (x, y), seen
    return None


def town(seed: int) -> tuple[Table, np.ndarray]:
    """Houses (some L-shaped), hedges and figures among them: most pairs out of sight."""
    rng = np.random.default_rng(seed)
    pieces = []
    for k in range(8):
        x, y = rng.uniform(2, 40), rng.uniform(2, 24)
        w, h = rng.uniform(2, 8), rng.uniform(1, 6)
        if rng.random() < 0.3:  # an L
            poly = ((x, y), (x + w, y), (x + w, y + h / 2), (x + w / 2, y + h / 2), (x + w / 2, y + h),
                    (x, y + h))
        else:
            poly = rect(x, y, x + w, y + h)
        kind = "difficult" if rng.random() < 0.25 else "impassable"
        height = float(rng.choice([0.5, 2.0, 4.0]))
        pieces.append(Piece(f"h{k}", f"Maison {k}", kind, poly, blocks_los=True, height=height))
    discs = np.c_[rng.uniform(0.5, 47.5, 8), rng.uniform(0.5, 31.5, 8), rng.uniform(0.3, 1.0, 8)]
    return Table(48, 32, pieces), discs


def random_route(rng: np.random.Generator) -> list[Point]:
    pts = [(float(rng.uniform(2, 46)), float(rng.uniform(2, 30)))]
    for _ in range(int(rng.integers(1, 4))):
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0.5, 8)
        x, y = pts[-1]
        x = float(np.clip(x + d * math.cos(a), 0.5, 47.5))
        y = float(np.clip(y + d * math.sin(a), 0.5, 31.5))
        pts.append((x, y))
    return pts


@pytest.mark.parametrize("board", [random_board, town])
@pytest.mark.parametrize("seed", range(20))
def test_first_sighting_equals_checking_every_point_D_4(seed, board):
    table, discs = board(seed) if board is town else board(seed, pieces=10, figures=8)
    rng = np.random.default_rng(seed)
    for k in range(12):
        path = random_route(rng)
        first = int(rng.integers(0, len(discs)))
        others = [tuple(map(float, d)) for d in discs[first : first + (1 if k % 2 else 4)]]
        levels = [float(rng.choice([0.0, 0.0, 1.0, 2.5])) for _ in others]
        level = None if rng.random() < 0.7 else float(rng.choice([0.0, 2.0]))
        radius = float(rng.uniform(0.3, 1.0))
        got = table.first_sighting(path, radius, others, levels, STEP, level=level)
        assert got == brute_force(table, path, radius, others, levels, level)


@pytest.mark.parametrize("board", [random_board, town])
@pytest.mark.parametrize("seed", range(20))
def test_proved_stretches_are_never_in_sight(seed, board):
    table, discs = board(seed) if board is town else board(seed, pieces=14, figures=6)
    rng = np.random.default_rng(1000 + seed)
    proved = 0
    for _ in range(10):
        a, b = random_route(rng)[:2]
        radius = float(rng.uniform(0.3, 1.0))
        for other in discs:
            o = tuple(map(float, other))
            floor = float(rng.choice([0.0, 1.0]))
            shadow = table._umbra.shadow(a, b, radius, o, floor)
            if shadow is None:
                continue
            for t0, t1 in ((0.0, 1.0), (0.0, 0.5), (0.5, 1.0), (0.25, 0.5)):
                if not shadow.hides(t0, t1):
                    continue
                proved += 1
                for t in np.linspace(t0, t1, 25):
                    p = (*shadow.point(float(t)), radius)
                    assert not table.sight(p, o, levels=(0.0, floor), memo=False).visible
    assert proved > 0


def test_a_wall_hides_a_whole_leg_without_checking_points_D_4():
    """Walking along behind a long wall: one proof covers the whole leg."""
    table = Table(48, 32, [wall(box=(10, 5, 11, 25))])
    path = [(5.0, 8.0), (5.0, 22.0)]
    enemy = (20.0, 15.0, 0.5)
    assert table._umbra.shadow(*path, 0.5, enemy, 0.0).hides(0.0, 1.0)
    assert table.first_sighting(path, 0.5, [enemy], [0.0], STEP) is None
    # past the wall's end the enemy comes into sight, first at the wall's far corner line
    longer = [(5.0, 8.0), (5.0, 31.0)]
    leg, point, seen = table.first_sighting(longer, 0.5, [enemy], [0.0], STEP)
    assert (leg, seen) == (0, [0]) and 25.0 < point[1] < 31.0
    assert table.sight((*point, 0.5), enemy).visible
    assert not table.sight((point[0], point[1] - STEP, 0.5), enemy).visible


@pytest.mark.parametrize("seed", range(10))
def test_visible_answers_as_sight(seed):
    """The bare yes/no used along routes is ``sight(...).visible``, levels and all."""
    table, discs = random_board(seed)
    rng = np.random.default_rng(seed)
    rows = [tuple(map(float, d)) for d in discs]
    for a in rows:
        for b in rows:
            levels = None if rng.random() < 0.5 else (float(rng.choice([0.0, 2.0])), 0.0)
            want = table.sight(a, b, levels=levels, memo=False).visible
            assert table._sight.visible(a, b, levels) == want


def test_remembered_proofs_follow_the_enemy_and_its_level_D_4():
    """The parts found hiding an enemy from a point are remembered per table (a move
    starts where the last one ended); the same walk against the enemy moved round the
    wall's end, or both standing above it (on roofs), is seen (D-4, GAP-20, R-SHOOT-ELEV)."""
    table = Table(48, 32, [wall(box=(10, 5, 11, 25))])  # 2 pas high
    path = [(5.0, 8.0), (5.0, 22.0)]
    behind, round_the_end = (20.0, 15.0, 0.5), (12.0, 28.0, 0.5)
    assert table.first_sighting(path, 0.5, [behind], [0.0], STEP) is None
    assert table._umbra.hiders  # the proofs at both ends of the leg, kept
    assert table.first_sighting(path, 0.5, [behind], [0.0], STEP) is None
    for enemy, level, own in ((round_the_end, 0.0, None), (behind, 3.0, 3.0)):
        want = brute_force(table, path, 0.5, [enemy], [level], own)
        assert want is not None
        assert table.first_sighting(path, 0.5, [enemy], [level], STEP, level=own) == want


def test_a_sighting_on_a_leg_spares_the_later_legs_of_every_figure_D_4(monkeypatch):
    """The legs are searched in order, every figure on one before the next: an enemy seen
    on the first leg settles the answer without checking the second leg against an enemy
    listed before it (who would see the mover there)."""
    table = Table(48, 32, [wall(box=(10, 2, 11, 20))])
    path = [(5.0, 10.0), (5.0, 14.0), (5.0, 30.0)]  # behind the wall, then past its end
    late = (20.0, 16.0, 0.5)  # behind the wall until the mover walks past its end
    early = (2.0, 6.0, 0.5)  # on the mover's side of the wall, in sight from the start
    checked: list[tuple[float, float]] = []
    visible = table._sight.visible

    def counting(viewer, target, levels=None):
        checked.append((viewer[0], viewer[1]))
        return visible(viewer, target, levels)

    monkeypatch.setattr(table._sight, "visible", counting)
    leg, point, seen = table.first_sighting(path, 0.5, [late, early], [0.0, 0.0], STEP)
    assert (leg, seen) == (0, [1])
    assert point == (5.0, 10.0 + STEP)
    assert all(y <= 14.0 for _, y in checked)  # no point of the second leg was looked at
    monkeypatch.undo()
    assert table.first_sighting(path, 0.5, [late, early], [0.0, 0.0], STEP) == brute_force(
        table, path, 0.5, [late, early], [0.0, 0.0], None)
