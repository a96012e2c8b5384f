"""The table's leg books (what the terrain says of route legs, kept between searches):
a route planned on a table that has searched before is the route a new table plans,
bit for bit, when figures move onto, off or beside the legs it judged (GAP-15, GAP-16)."""

from __future__ import annotations

import numpy as np
import pytest

from skirmish.geometry import Table, legbook
from skirmish.geometry.paths import Path

from .conftest import wall, wood

#: Two walls and two woods between the mover at (4, 16) and the goal at (44, 16).
PIECES = [
    wall("north", (14, 17, 16, 28)),
    wall("south", (26, 3, 28, 15)),
    wood("east", (33, 10, 38, 22)),
    wood("west", (8, 6, 11, 13)),
]
MOVER = (4.0, 16.0, 0.5)
GOAL = (44.0, 16.0)
BYSTANDERS = [(20.0, 12.0, 0.5), (30.0, 22.0, 0.5), (40.0, 9.0, 0.5)]


def fresh(mover: tuple[float, float, float], obstacles: list[tuple[float, float, float]],
          goal: tuple[float, float] = GOAL) -> Path | None:
    return Table(48, 32, PIECES).path(mover, goal, obstacles, memo=False)


def middle_of_a_leg(path: Path) -> tuple[float, float]:
    """The middle of the route's longest leg: a base standing there blocks it."""
    pts = np.asarray(path.points)
    k = int(np.argmax(np.hypot(*(pts[1:] - pts[:-1]).T)))
    return (float(pts[k:k + 2, 0].mean()), float(pts[k:k + 2, 1].mean()))


def test_a_figure_moved_onto_a_remembered_leg_blocks_it_GAP_16():
    table = Table(48, 32, PIECES)
    first = table.path(MOVER, GOAL, BYSTANDERS, memo=False)
    assert first is not None and len(first.points) > 2  # bent round the walls
    assert len(table._leg_book(MOVER[2])) > 0  # the legs judged are remembered
    blocker = (*middle_of_a_leg(first), 0.5)
    moved = [*BYSTANDERS[:2], blocker]  # the third figure walks onto the route
    detour = table.path(MOVER, GOAL, moved, memo=False)
    assert detour is not None and detour.points != first.points
    assert table.path_is_legal(MOVER, detour.points, moved)
    assert detour == fresh(MOVER, moved)
    # walking off again gives the first route back
    assert table.path(MOVER, GOAL, BYSTANDERS, memo=False) == first


def test_a_remembered_table_plans_what_a_new_one_plans_GAP_15():
    """Figures moving about, movers of two sizes, to points and into contact: every
    answer of one table equals a new table's, however much the books hold by then."""
    table = Table(48, 32, PIECES)
    rng = np.random.default_rng(3)
    for _ in range(12):
        crowd = [(float(rng.uniform(12, 40)), float(rng.uniform(4, 28)), 0.5) for _ in range(6)]
        crowd = [d for d in crowd if table.placement_problem(d, []) is None]
        radius = float(rng.choice([0.5, 0.75]))
        mover = (4.0, float(rng.uniform(6, 26)), radius)
        goal = (float(rng.uniform(40, 46)), float(rng.uniform(4, 28)))
        assert table.path(mover, goal, crowd, memo=False) == fresh(mover, crowd, goal)
        if crowd:
            target, others = crowd[0], crowd[1:]
            kept = table.path_to_contact(mover, target, others, memo=False)
            assert kept == Table(48, 32, PIECES).path_to_contact(mover, target, others, memo=False)
    assert len(table._leg_books) == 2  # one book per clearance (base radius)


def test_a_full_book_starts_afresh_and_still_answers_right_GAP_15(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(legbook, "BOOK_SIZE", 1500)  # about four searches' legs
    table = Table(48, 32, PIECES)
    sizes = []
    for blocker_x in (18.0, 22.0, 31.0, 18.0, 22.0):
        crowd = [(blocker_x, 16.0, 0.5), *BYSTANDERS]
        assert table.path(MOVER, GOAL, crowd, memo=False) == fresh(MOVER, crowd)
        sizes.append(len(table._leg_book(MOVER[2])))
    assert max(sizes) <= 1500
    assert 0 in sizes and sizes[-1] > 0  # emptied once full, then filled again
    assert table._leg_book(MOVER[2]).generation > 0  # points numbered afresh since


def test_a_search_without_a_book_plans_what_one_with_a_book_plans_GAP_15(
        monkeypatch: pytest.MonkeyPatch):
    """The route search judges its legs through the book or, without one, against the
    whole arena at once: the same legs reach either judge, so the same routes come out,
    bit for bit, bent round walls, woods and figures, to points and into contact."""
    rng = np.random.default_rng(5)
    queries = []
    for _ in range(10):
        crowd = [(float(rng.uniform(12, 40)), float(rng.uniform(4, 28)), 0.5) for _ in range(8)]
        crowd = [d for d in crowd if Table(48, 32, PIECES).placement_problem(d, []) is None]
        mover = (4.0, float(rng.uniform(6, 26)), float(rng.choice([0.5, 0.75])))
        queries.append((mover, (float(rng.uniform(40, 46)), float(rng.uniform(4, 28))), crowd))

    def answers(table: Table) -> list[object]:
        out: list[object] = []
        for mover, goal, crowd in queries:
            out.append(table.path(mover, goal, crowd, memo=False))
            out.append(table.path_to_contact(mover, crowd[0], crowd[1:], memo=False))
        return out

    booked = answers(Table(48, 32, PIECES))
    assert sum(p is not None and len(p.points) > 2 for p in booked) >= 10  # bent routes
    monkeypatch.setattr(Table, "_leg_book", lambda self, clearance: None)
    assert answers(Table(48, 32, PIECES)) == booked


def test_waypoints_clear_of_the_walls_are_remembered_as_judged_GAP_16():
    """What the book remembers of points (clear of the walls or not), with the figures
    checked afresh, is what the arena says of each point, on the first search and on
    the next, with other figures standing elsewhere."""
    table = Table(48, 32, PIECES)
    book = table._leg_book(MOVER[2])
    rng = np.random.default_rng(8)
    pts = rng.uniform((0.0, 0.0), (48.0, 32.0), (400, 2))
    for crowd in (BYSTANDERS, [(18.0, 16.0, 0.5), (36.0, 26.0, 0.5)]):
        arena = table._mover(MOVER, crowd, False, None).arena
        ids = book.point_ids(pts[:, 0], pts[:, 1])
        clear = book.points_clear(ids, pts[:, 0], pts[:, 1], arena.clear_of_walls)
        got = clear & arena.figures_only().free(pts[:, 0], pts[:, 1])
        assert np.array_equal(got, arena.free(pts[:, 0], pts[:, 1]))
        assert 0 < clear.sum() < clear.size  # some points in or by the walls


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_recall_answers_from_every_run_what_was_remembered_GAP_15(seed: int):
    """Legs remembered over many searches lie in several runs: each is recalled with the
    verdict and cost it was remembered with, wherever it lies, and an unknown leg as
    unknown (all found in the first run, found across runs, some not found)."""
    rng = np.random.default_rng(seed)
    book = legbook.LegBook()
    truth: dict[int, tuple[bool, float]] = {}
    for size in (400, 150, 60, 30, 500, 7):
        keys = rng.choice(1 << 40, size=size, replace=False).astype(np.int64)
        keys = np.array([k for k in keys.tolist() if k not in truth], dtype=np.int64)
        clear = rng.random(keys.size) < 0.5
        cost = np.where(rng.random(keys.size) < 0.3, np.nan, rng.random(keys.size))
        book.remember(keys, clear, cost)
        truth.update(zip(keys.tolist(), zip(clear.tolist(), cost.tolist(), strict=True), strict=True))
    assert len(book._runs) > 1
    known = np.array(list(truth), dtype=np.int64)
    first = book._runs[0].keys
    unknown = rng.choice(1 << 40, size=50).astype(np.int64)
    for ask in (first[rng.permutation(first.size)], known[rng.permutation(known.size)],
                np.concatenate([known[:300], unknown]), unknown, known[:0]):
        found, clear, cost, _ = book.recall(ask)
        for k, f, c, x in zip(ask.tolist(), found.tolist(), clear.tolist(), cost.tolist(), strict=True):
            if k in truth:
                assert f and c == truth[k][0]
                assert (np.isnan(x) and np.isnan(truth[k][1])) or x == truth[k][1]
            else:
                assert not f and not c and np.isnan(x)


def test_points_are_numbered_in_the_order_first_met_GAP_15():
    """A point keeps its number; new points take the next numbers in the order they are
    first met, a repeat within one call the number of its first."""
    book = legbook.LegBook()
    first = book.point_ids(np.array([1.0, 2.0, 3.0]), np.array([0.5, 0.5, 0.5]))
    assert first.tolist() == [0, 1, 2]
    xs = np.array([2.0, 7.0, 1.0, 7.0, -0.0, 0.0, 3.0, 8.0])
    ys = np.array([0.5, 1.0, 0.5, 1.0, 0.5, 0.5, 0.5, 1.0])
    assert book.point_ids(xs, ys).tolist() == [1, 3, 0, 3, 4, 5, 2, 6]  # (-0.0 and 0.0: two bit patterns)
    assert book.point_ids(np.array([8.0, 0.0]), np.array([1.0, 0.5])).tolist() == [6, 5]


#: Two woods in a row: a leg across both crosses four edges (a cost of four terms).
TWO_WOODS = [wood("a", (10, 8, 14, 22)), wood("b", (24, 8, 28, 22)), wall("w", (18, 2, 20, 12))]


def test_costs_of_many_terms_are_remembered_per_window_GAP_15():
    """A cost summed of more than two crossing terms is read back only in the window it
    was summed over (another window's row of edges may round it otherwise)."""
    book = legbook.LegBook()
    keys = np.array([7, 3], dtype=np.int64)
    book.remember_rough(b"window one", keys, np.array([1.5, 2.25]))
    assert book.rough_costs(b"window one", np.array([3, 7, 9], dtype=np.int64)).tolist()[:2] == [2.25, 1.5]
    assert np.isnan(book.rough_costs(b"window one", np.array([9], dtype=np.int64))).all()
    assert np.isnan(book.rough_costs(b"window two", keys)).all()


def test_a_route_across_two_woods_is_the_same_from_a_remembered_book_GAP_15():
    """Legs across both woods cost four terms: a table that searched before reads their
    costs back, and plans what a new table plans, bit for bit."""
    crowd = [(19.0, 20.0, 0.5), (33.0, 12.0, 0.5)]
    mover, goal = (4.0, 15.0, 0.5), (40.0, 15.0)
    table = Table(48, 32, TWO_WOODS)
    first = table.path(mover, goal, crowd, memo=False)
    assert first is not None
    assert table._leg_book(mover[2])._rough_size > 0  # costs of four terms were kept
    assert table.path(mover, goal, crowd, memo=False) == first
    assert Table(48, 32, TWO_WOODS).path(mover, goal, crowd, memo=False) == first
    moved = [(19.0, 21.0, 0.5), (33.0, 12.0, 0.5)]
    assert table.path(mover, goal, moved, memo=False) == Table(48, 32, TWO_WOODS).path(
        mover, goal, moved, memo=False)


def test_verdicts_on_the_bases_are_kept_for_one_set_of_bases_GAP_16():
    """Beside a leg the book keeps whether it clears one set of bases: asked for that set
    it answers, for another it does not know, and a verdict for a new set replaces it."""
    book = legbook.LegBook()
    crowd = book.figures(np.array([1.0, 2.0]), np.array([3.0, 4.0]), np.array([1.0, 1.0]))
    assert book.figures(np.array([1.0, 2.0]), np.array([3.0, 4.0]), np.array([1.0, 1.0])) == crowd
    moved = book.figures(np.array([1.0, 2.5]), np.array([3.0, 4.0]), np.array([1.0, 1.0]))
    wider = book.figures(np.array([1.0, 2.0]), np.array([3.0, 4.0]), np.array([1.0, 1.25]))
    assert len({crowd, moved, wider}) == 3
    keys = np.array([5, 9, 2, 7], dtype=np.int64)
    past = np.array([1, 0, -1, 1], dtype=np.int8)
    book.remember(keys, np.ones(4, dtype=bool), np.full(4, np.nan), past, crowd)
    _, _, _, slot = book.recall(keys)
    assert book.past_bases(slot, crowd).tolist() == [1, 0, -1, 1]
    assert book.past_bases(slot, moved).tolist() == [-1, -1, -1, -1]
    book.note_past_bases(slot[:2], moved, np.array([False, True]))
    assert book.past_bases(slot, moved).tolist() == [0, 1, -1, -1]
    assert book.past_bases(slot, crowd).tolist() == [-1, -1, -1, 1]
    _, _, _, none = book.recall(np.array([4], dtype=np.int64))  # not remembered: never known
    assert book.past_bases(none, crowd).tolist() == [-1]


def test_a_table_asked_again_among_the_same_figures_plans_what_a_new_one_plans_GAP_16():
    """One mover's routes to many goals among the same figures, another mover's among
    others in between, and the first crowd again: the legs' verdicts on the bases kept
    for one crowd give every answer a new table gives."""
    table = Table(48, 32, PIECES)
    rng = np.random.default_rng(11)
    crowds = [[*BYSTANDERS, (18.0, 16.0, 0.5)], BYSTANDERS, [*BYSTANDERS, (18.0, 16.0, 0.5)]]
    for crowd in crowds:
        for mover in (MOVER, (5.0, 24.0, 0.75), MOVER):
            for _ in range(3):
                goal = (float(rng.uniform(40, 46)), float(rng.uniform(4, 28)))
                assert table.path(mover, goal, crowd, memo=False) == fresh(mover, crowd, goal)
            target, others = crowd[0], crowd[1:]
            assert (table.path_to_contact(mover, target, others, memo=False)
                    == Table(48, 32, PIECES).path_to_contact(mover, target, others, memo=False))
