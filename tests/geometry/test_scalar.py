"""Single legs in plain Python (``geometry.scalar``) give the vectorised code's answers.

Each fast path is compared with the general numpy path on seeded random boards: the same
booleans, the same points and, for one segment, the same cost to the last bit.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from skirmish.geometry import Table
from skirmish.geometry.arena import Arena
from skirmish.geometry.forced import slide
from skirmish.geometry.paths import Path
from skirmish.geometry.planner import PointGoal, plan
from skirmish.geometry.primitives import FORCED_FIGURE_GAP, FORCED_MOVE_MARGIN
from skirmish.geometry.scalar import Rings, hypot

from .conftest import Piece

W, H = 48.0, 32.0


def random_table(seed: int) -> Table:
    """Overlapping convex and concave woods and walls, some touching the table edge."""
    rng = np.random.default_rng(seed)
    pieces = []
    for k in range(int(rng.integers(3, 9))):
        cx, cy = rng.uniform(3, W - 3), rng.uniform(3, H - 3)
        corners = int(rng.integers(3, 9))
        angles = np.sort(rng.uniform(0, 2 * math.pi, corners))
        radii = rng.uniform(0.8, 4.0, corners)
        if rng.random() < 0.5:
            radii = np.full(corners, radii.max())
        poly = tuple(
            (float(np.clip(cx + r * math.cos(a), 0, W)), float(np.clip(cy + r * math.sin(a), 0, H)))
            for a, r in zip(angles, radii, strict=True)
        )
        kind = "difficult" if rng.random() < 0.5 else "impassable"
        pieces.append(Piece(f"p{k}", f"Piece {k}", kind, poly))
    from skirmish.geometry import polygon_problem

    return Table(W, H, [p for p in pieces if polygon_problem(p.polygon, W, H) is None])


def random_discs(rng: np.random.Generator, n: int) -> list[tuple[float, float, float]]:
    return [
        (float(rng.uniform(0.5, W - 0.5)), float(rng.uniform(0.5, H - 0.5)), float(rng.uniform(0.3, 1.0)))
        for _ in range(n)
    ]


def corner_points(table: Table) -> list[tuple[float, float]]:
    """Points on difficult edges and corners: where a move's start status is subtle."""
    e = table._terrain.difficult_field.edges
    corners = [(float(x), float(y)) for x, y in zip(e.ax, e.ay, strict=True)]
    middles = [(float(x), float(y)) for x, y in zip((e.ax + e.bx) / 2, (e.ay + e.by) / 2, strict=True)]
    return corners + middles


@pytest.mark.parametrize("seed", range(12))
def test_rings_answer_as_the_edge_set(seed):
    table = random_table(seed)
    rng = np.random.default_rng(seed)
    for edges in (table._terrain.walls, table._terrain.difficult_field.edges):
        rings = Rings(edges)
        xs, ys = rng.uniform(-1, W + 1, 300), rng.uniform(-1, H + 1, 300)
        inside = edges.inside(xs, ys)
        dist = edges.distance(xs, ys)
        for x, y, ins, d in zip(xs.tolist(), ys.tolist(), inside, dist, strict=True):
            assert rings.inside(x, y) == bool(ins)
            assert math.sqrt(rings.min_d2(x, y, math.inf)) == d
        qx, qy = rng.uniform(0, W, 300), rng.uniform(0, H, 300)
        crossed = edges.crossed_strictly(xs, ys, qx, qy)
        for k in range(300):
            assert rings.crossed(xs[k], ys[k], qx[k], qy[k]) == bool(crossed[k])


@pytest.mark.parametrize("seed", range(12))
def test_segment_costs_and_intervals_agree_GAP_15(seed):
    table = random_table(seed)
    field = table._terrain.difficult_field
    scalar = table._scene.field
    rng = np.random.default_rng(seed)
    starts = corner_points(table) + [tuple(p) for p in rng.uniform(0, 30, (100, 2)).tolist()]
    for p in starts:
        q = (float(rng.uniform(0, W)), float(rng.uniform(0, H)))
        for ignore in (False, True):
            want = float(field.segment_costs(*(np.array(v) for v in (*p, *q)), ignore))
            assert scalar.segment_cost(p[0], p[1], q[0], q[1], ignore) == pytest.approx(want, abs=1e-12)
        got = scalar.intervals(p, q)
        want_iv = field.intervals(p, q)
        assert [iv[2] for iv in got] == [iv[2] for iv in want_iv]
        assert np.allclose([iv[:2] for iv in got], [iv[:2] for iv in want_iv], atol=1e-12)
        line = [p, q, (float(rng.uniform(0, W)), float(rng.uniform(0, H)))]
        assert table.path_cost(line) == pytest.approx(field.path_cost(line), abs=1e-12)


def general_path(table: Table, mover, goal, obstacles, ignore, limit, direct_ok) -> Path | None:
    """``Table.path`` without its plain-Python straight leg: the arena and the planner."""
    m = table._mover(mover, obstacles, ignore, None)
    if not m.arena.point_free(goal):
        return None
    return plan(m, PointGoal(goal), limit, direct_ok)


@pytest.mark.parametrize("seed", range(10))
def test_straight_routes_agree_with_the_planner_GAP_16(seed):
    table = random_table(seed)
    rng = np.random.default_rng(100 + seed)
    discs = random_discs(rng, 14)
    for k in range(len(discs)):
        mover = discs[k]
        others = discs[:k] + discs[k + 1 :]
        for _ in range(6):
            a = rng.uniform(0, 2 * math.pi)
            d = rng.uniform(0.0, 9.0)
            goal = (mover[0] + d * math.cos(a), mover[1] + d * math.sin(a))
            ignore = bool(rng.random() < 0.3)
            limit = None if rng.random() < 0.2 else float(rng.uniform(2, 12))
            direct_ok = bool(rng.random() < 0.7)
            got = table.path(mover, goal, others, ignore, limit, direct_ok=direct_ok)
            want = general_path(table, mover, goal, others, ignore, limit, direct_ok)
            assert (got is None) == (want is None)
            if got is not None:
                assert got.points == want.points
                assert got.cost == want.cost


@pytest.mark.parametrize("seed", range(10))
def test_forced_moves_agree_with_the_arena_D_2(seed):
    table = random_table(seed)
    rng = np.random.default_rng(200 + seed)
    discs = random_discs(rng, 14)
    m = FORCED_MOVE_MARGIN
    for k in range(len(discs)):
        x, y, r = discs[k]
        others = np.asarray(discs[:k] + discs[k + 1 :])
        for leave in (False, True):
            bounds = (-r, -r, W + r, H + r) if leave else (r + m, r + m, W - r - m, H - r - m)
            arena = Arena(r, table._terrain.walls, others, bounds, wall_gap=m, disc_gap=FORCED_FIGURE_GAP)
            for _ in range(5):
                towards = (float(rng.uniform(-5, W + 5)), float(rng.uniform(-5, H + 5)))
                allowance = float(rng.choice([0.0, 1.0, 3.0, 6.0, 12.0]))
                ignore = bool(rng.random() < 0.3)
                got = table.move_straight((x, y, r), towards, allowance, others, ignore, leave)
                want = slide(arena, table._terrain.difficult_field, (x, y), towards, allowance, ignore)
                assert got.points == want.points
                assert got.cost == want.cost


def test_forced_moves_from_touching_starts_agree_D_2():
    """Bases touching walls, each other and woods' edges: the clearances a slide starts at."""
    table = random_table(3)
    rng = np.random.default_rng(7)
    field = table._terrain.difficult_field
    walls = table._terrain.walls
    m = FORCED_MOVE_MARGIN
    for x, y in corner_points(table):
        r = 0.5
        bounds = (r + m, r + m, W - r - m, H - r - m)
        others = np.asarray([(x + 1.0 + 1e-12, y, 0.5)])
        arena = Arena(r, walls, others, bounds, wall_gap=m, disc_gap=FORCED_FIGURE_GAP)
        for a in np.linspace(0, 2 * math.pi, 9)[:-1]:
            towards = (x + math.cos(a), y + math.sin(a))
            allowance = float(rng.uniform(0.5, 6))
            got = table.move_straight((x, y, r), towards, allowance, others)
            want = slide(arena, field, (x, y), towards, allowance, False)
            assert got.points == want.points
            assert got.cost == want.cost


def general_contact(table: Table, mover, target, obstacles, ignore, limit, direct_ok) -> Path | None:
    """``Table.path_to_contact`` without its plain-Python straight leg."""
    from skirmish.geometry.paths import truncate
    from skirmish.geometry.planner import ContactGoal
    from skirmish.geometry.primitives import CONTACT_GAP, INSIDE_EPS, edge_gap

    if edge_gap(mover, target) <= CONTACT_GAP:
        return Path.stay(mover[:2])
    obs = np.vstack([table._obstacles(mover, obstacles), np.asarray([target])])
    m = table._mover(mover, obs, ignore, None)
    budget = None if limit is None else limit + CONTACT_GAP * (1.0 if ignore else 2.0)
    found = plan(m, ContactGoal(target, mover[2] + target[2] + 1e-9), budget, direct_ok)
    if found is None or limit is None or found.cost <= limit:
        return found
    cut = truncate(found, limit, m.field, ignore)
    return cut if edge_gap((*cut.end, mover[2]), target) <= CONTACT_GAP + INSIDE_EPS else None


@pytest.mark.parametrize("seed", range(8))
def test_charges_agree_with_the_planner_GAP_39(seed):
    table = random_table(seed)
    rng = np.random.default_rng(300 + seed)
    discs = random_discs(rng, 12)
    for k in range(len(discs)):
        for t in rng.choice(len(discs), 3, replace=False):
            if t == k:
                continue
            mover, target = discs[k], discs[t]
            others = [d for i, d in enumerate(discs) if i not in (k, t)]
            ignore = bool(rng.random() < 0.3)
            limit = None if rng.random() < 0.2 else float(rng.uniform(3, 20))
            direct_ok = bool(rng.random() < 0.7)
            got = table.path_to_contact(mover, target, others, ignore, limit, direct_ok=direct_ok)
            want = general_contact(table, mover, target, others, ignore, limit, direct_ok)
            assert (got is None) == (want is None)
            if got is not None:
                assert got.points == want.points
                assert got.cost == want.cost


@pytest.mark.parametrize("scale", [1e-300, 1e-3, 1.0, 60.0, 1e150])
def test_hypot_is_numpys_to_the_last_bit_GAP_21(scale):
    """GAP-21 distances along single legs equal the vectorised code's: the scalar hypot
    gives np.hypot's bits (math.hypot rounds differently in the last one), zeros and
    infinities included."""
    rng = np.random.default_rng(7)
    xs, ys = rng.normal(size=(2, 20_000)) * scale
    want = np.hypot(xs, ys)
    got = np.array([hypot(x, y) for x, y in zip(xs.tolist(), ys.tolist(), strict=True)])
    assert np.array_equal(got, want)
    for x, y in [(0.0, -0.0), (3.0, 4.0), (math.inf, 1.0), (math.nan, math.inf), (5e-324, 0.0)]:
        assert hypot(x, y) == float(np.hypot(x, y))


@pytest.mark.parametrize("seed", range(4))
def test_remembered_segment_costs_are_the_costs_worked_out_GAP_15(seed, monkeypatch):
    """GAP-15 a: a segment's cost through difficult terrain is remembered per table (a
    computer's walk is costed where it slides, when it is planned and when it is made);
    the answer remembered is the one worked out afresh, to the last bit, and the memo
    starts afresh when full rather than growing."""
    table = random_table(seed)
    scalar = table._scene.field
    rng = np.random.default_rng(100 + seed)
    segments = [tuple(s) for s in rng.uniform(0, 30, (200, 4)).tolist()]
    first = [scalar.segment_cost(*s, False) for s in segments]
    assert first == [scalar._segment_cost(*s) for s in segments]
    assert [scalar.segment_cost(*s, False) for s in segments] == first  # from the memo
    assert len(scalar._costs) == len(set(segments))
    monkeypatch.setattr("skirmish.geometry.scalar.SEGMENT_MEMO_SIZE", 10)
    scalar.segment_cost(1.0, 2.0, 3.0, 4.0, False)
    assert len(scalar._costs) == 1
    # ignoring difficult terrain is the length alone, never remembered
    assert scalar.segment_cost(0.0, 0.0, 3.0, 4.0, True) == 5.0
    assert (0.0, 0.0, 3.0, 4.0) not in scalar._costs
