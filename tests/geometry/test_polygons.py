"""Terrain polygons: the scenario validator's checks and the convex split for pymunk."""

from __future__ import annotations

import pytest
import shapely

from skirmish.geometry import Table, polygon_problem
from skirmish.geometry.polygons import MAX_PART_CORNERS, convex_parts, is_convex, normalise

from .conftest import Piece


@pytest.mark.parametrize(
    ("polygon", "problem"),
    [
        (((1, 1), (5, 1)), "fewer than 3 corners"),
        (((1, 1), (5, 1), (5, 1), (1, 1)), "fewer than 3 corners"),
        (((1, 1), (52, 3), (5, 8)), "corner (52, 3) is off the 48 × 32 table"),
        (((1, 1), (2.5, -0.5), (5, 8)), "corner (2.5, -0.5) is off the 48 × 32 table"),
        (((1, 1), (3, 3), (5, 5)), "zero area"),
        (((0, 0), (4, 4), (4, 0), (0, 4)), "self-intersecting polygon"),
        (((1, 1), (6, 1), (6, 4), (1, 4)), None),
        (((0, 0), (48, 0), (48, 32), (0, 32)), None),
    ],
)
def test_polygon_problem_is_player_readable(polygon, problem):
    """Scenario validation (the validator shows the message next to the piece)."""
    assert polygon_problem(polygon, 48, 32) == problem


def test_table_refuses_a_bad_polygon():
    with pytest.raises(ValueError, match="'bad'.*self-intersecting"):
        Table(48, 32, [Piece("bad", "Bad", "impassable", ((0, 0), (4, 4), (4, 0), (0, 4)))])


L_SHAPE = ((0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6))
STAR = ((10, 0), (11, 3), (14, 3), (12, 5), (13, 8), (10, 6), (7, 8), (8, 5), (6, 3), (9, 3))


@pytest.mark.parametrize("polygon", [L_SHAPE, tuple(reversed(L_SHAPE)), STAR, tuple(reversed(STAR))])
def test_concave_polygon_splits_into_convex_parts_that_tile_it(polygon):
    """Concave pieces, either winding: pymunk gets convex parts covering exactly the piece."""
    ring = normalise(polygon)
    parts = convex_parts(ring)
    assert len(parts) >= 2
    original = shapely.Polygon(ring)
    union = shapely.union_all([shapely.Polygon(p) for p in parts])
    assert union.symmetric_difference(original).area < 1e-9
    assert sum(shapely.Polygon(p).area for p in parts) == pytest.approx(original.area)
    for part in parts:
        assert is_convex(part)
        assert len(part) <= MAX_PART_CORNERS
        assert set(part) <= set(ring)  # no new corners


def test_big_convex_polygon_is_capped_in_small_parts():
    import math

    circle = tuple(
        (10 + 3 * math.cos(k * math.pi / 10), 10 + 3 * math.sin(k * math.pi / 10)) for k in range(20)
    )
    parts = convex_parts(normalise(circle))
    assert all(len(p) <= MAX_PART_CORNERS for p in parts)
    assert sum(shapely.Polygon(p).area for p in parts) == pytest.approx(shapely.Polygon(circle).area)


def test_concave_piece_blocks_sight_only_where_it_is():
    """An L-shaped house: a line through its notch is clear, a line through an arm is not."""
    house = Piece("L", "Ferme", "impassable", tuple((x + 20, y + 10) for x, y in L_SHAPE), True, True, 3)
    table = Table(48, 32, [house])
    assert table.sight((18, 17, 0.5), (30, 11, 0.5)).visible is False
    # (25, 15) → (27, 13) stays in the notch (x ≥ 22, y ≥ 12)
    assert table.sight((25, 15, 0.5), (27, 13, 0.5)).visible is True
    assert table.terrain_at((23, 14)) == "open"
    assert table.terrain_at((21, 14)) == "impassable"


def _rescan_merge(parts: list) -> list:
    """The former merge, kept as the reference: rescan from the start after every merge."""
    from skirmish.geometry.polygons import _join

    parts = list(parts)
    changed = True
    while changed:
        changed = False
        for i in range(len(parts)):
            for j in range(i + 1, len(parts)):
                joined = _join(parts[i], parts[j])
                if joined is not None and is_convex(joined) and len(joined) <= MAX_PART_CORNERS:
                    parts[i] = joined
                    del parts[j]
                    changed = True
                    break
            if changed:
                break
    return parts


def _star(n: int, seed: int) -> tuple:
    import math
    import random

    rnd = random.Random(seed)
    radii = [(6 if i % 2 else 3) + rnd.uniform(-1, 1) for i in range(n)]
    return tuple((24 + r * math.cos(2 * math.pi * i / n), 18 + r * math.sin(2 * math.pi * i / n))
                 for i, r in enumerate(radii))


@pytest.mark.parametrize(("n", "seed"), [(10, 1), (40, 2), (60, 3), (80, 4), (25, 5), (120, 6)])
def test_fast_merge_gives_the_parts_of_the_rescan(n, seed):
    """The heap merge is the rescan's result, part for part, in order."""
    from skirmish.geometry.polygons import _merge_convex

    ring = normalise(_star(n, seed))
    assert polygon_problem(ring, 48, 36) is None
    triangles = shapely.constrained_delaunay_triangles(shapely.Polygon(ring))
    tris = [normalise([(float(x), float(y)) for x, y in t.exterior.coords[:-1]])
            for t in shapely.get_parts(triangles)]
    assert _merge_convex(tris) == _rescan_merge(tris)
