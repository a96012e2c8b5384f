"""The measured table: what the rules ask of geometry, in pas (``rules.geometry.TableLike``).

A thin façade: it owns the terrain, the sight index and kernel, and builds for each
movement query the mover's configuration space (:class:`Arena`) and cost field; the
work happens in the modules named after each job.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Sequence
from itertools import accumulate, pairwise
from typing import Any, Literal

import numpy as np
import pymunk
import shapely
import shapely.ops

from skirmish.geometry import groups, placement
from skirmish.geometry.arena import Arena
from skirmish.geometry.convex import parts_of
from skirmish.geometry.costs import DifficultField
from skirmish.geometry.edges import EdgeSet
from skirmish.geometry.forced import nearest_edge, slide
from skirmish.geometry.legbook import LegBook
from skirmish.geometry.paths import Path
from skirmish.geometry.paths import truncate as truncate_path
from skirmish.geometry.planner import (
    ContactGoal,
    CoverGoal,
    Mover,
    PointGoal,
    plan,
    straight_verdict,
)
from skirmish.geometry.primitives import (
    CONTACT_GAP,
    COST_EPS,
    FORCED_FIGURE_GAP,
    FORCED_MOVE_MARGIN,
    INSIDE_EPS,
    TOUCH_EPS,
    Disc,
    Point,
    as_disc,
    as_point,
    edge_gap,
    in_contact,
)
from skirmish.geometry.reach import Reach
from skirmish.geometry.scalar import Scene, hypot
from skirmish.geometry.sight import Sight, SightIndex
from skirmish.geometry.sightkernel import VisibilityKernel
from skirmish.geometry.terrain import CAT_DIFFICULT, CAT_IMPASSABLE, PieceGeom, PieceLike, Terrain
from skirmish.geometry.umbra import MIN_LEG, Shadow, Umbra

TerrainKind = Literal["open", "difficult", "impassable"]
_NO_DIFFICULT = DifficultField(EdgeSet.empty())
#: Single sight answers (and levels) are remembered per table (terrain never moves): the
#: rules ask the same pairs again and again while figures stand still.
SIGHT_MEMO_SIZE = 100_000
#: Routes remembered per table, at most (then the memo starts afresh): a charge plans the
#: same route to contact for its tests and again for its move, a preview the one ``apply``
#: takes, a look-ahead the ones of the game it copied.
ROUTE_MEMO_SIZE = 20_000
#: Clearances whose leg books a table keeps, at most (a base's radius, or less when it
#: starts nearer a wall; then the books start afresh).
LEG_BOOKS = 8
_MISSING = object()


class Table:
    """A ``width × height`` table in pas with its terrain pieces (GAP-20/21/22, GAP-15/16, D-2)."""

    def __init__(self, width: float, height: float, pieces: Sequence[PieceLike] = ()) -> None:
        if width <= 0 or height <= 0:
            raise ValueError("the table needs a positive width and height")
        self.width = float(width)
        self.height = float(height)
        self._terrain = Terrain(pieces, self.width, self.height)
        self._kernel = VisibilityKernel(self._terrain)
        self._sight = SightIndex(self._kernel)
        self._scene = Scene(self._terrain.walls, self._terrain.difficult_field)
        self._umbra = Umbra(parts_of(self._kernel.parts, self._kernel.blocking))
        self._sight_memo: dict[tuple[object, ...], Sight] = {}
        self._sees_memo: dict[tuple[object, ...], bool] = {}
        self._ground_sees_memo: dict[tuple[Disc, Disc], bool] = {}
        self._level_memo: dict[Point, float] = {}
        self._way_memo: dict[tuple[float, float, float, bool], Reach] = {}
        self._route_memo: dict[tuple[object, ...], Path | None] = {}
        self._leg_books: dict[float, LegBook] = {}
        self._impassable_boxes = [(p, p.shape.bounds) for p in self._terrain.impassable]

    @property
    def los_space(self) -> pymunk.Space:
        """The pymunk space of LOS-blocking parts (for benchmarks and debug drawing)."""
        return self._sight.space

    # -- pieces -------------------------------------------------------------------------------
    @property
    def pieces(self) -> tuple[Any, ...]:
        """The terrain records, as given."""
        return tuple(p.source for p in self._terrain.pieces)

    def _geom(self, piece_id: str) -> PieceGeom:
        try:
            return self._terrain.by_id[piece_id]
        except KeyError:
            raise KeyError(f"no terrain piece {piece_id!r}") from None

    def piece(self, piece_id: str) -> Any:
        """The terrain record with this id."""
        return self._geom(piece_id).source

    def piece_name(self, piece_id: str) -> str:
        return self._geom(piece_id).name

    def piece_height(self, piece_id: str) -> float:
        """Height in pas (a rope climb costs 2 pas per pas of it, GAP-60)."""
        return self._geom(piece_id).height

    # -- where things are ---------------------------------------------------------------------
    def level_at(self, p: Point) -> float:
        """Standing level at ``p``: the highest hill (walkable piece with height) there, else 0.
        Remembered per point, like sight: figures stand still between questions."""
        if not self._kernel.raised:  # no hill on this table: level 0 everywhere
            return 0.0
        key = as_point(p)
        found = self._level_memo.get(key)
        if found is None:
            if len(self._level_memo) >= SIGHT_MEMO_SIZE:
                self._level_memo.clear()
            found = self._level_memo[key] = self._terrain.level_at(key)
        return found

    def terrain_at(self, p: Point) -> TerrainKind:
        """R-ACT-TERRAIN: impassable if inside such a piece, else difficult, else open."""
        inside = self._terrain.containing(as_point(p), CAT_IMPASSABLE | CAT_DIFFICULT)
        if any(piece.impassable for piece in inside):
            return "impassable"
        if any(piece.difficult for piece in inside):
            return "difficult"
        return "open"

    def in_cover(self, target: Disc) -> bool:
        """GAP-22: the base touches (gap ≤ 0.1) or overlaps a piece flagged ``cover``."""
        union = self._terrain.cover_union
        if union is None:
            return False
        x, y, r = as_disc(target)
        return bool(union.distance(shapely.Point(x, y)) <= r + CONTACT_GAP + INSIDE_EPS)

    def touching_pieces(self, disc: Disc) -> list[str]:
        """Impassable pieces the base touches (gap ≤ 0.1): what a rope could climb (GAP-60)."""
        x, y, r = as_disc(disc)
        reach = r + CONTACT_GAP + INSIDE_EPS
        near = [p for p, (x0, y0, x1, y1) in self._impassable_boxes
                if x0 - reach <= x <= x1 + reach and y0 - reach <= y <= y1 + reach]
        if not near:  # every piece far off: no shapely point to build (asked at most steps)
            return []
        point = shapely.Point(x, y)
        return [p.id for p in near if p.shape.distance(point) - r <= CONTACT_GAP + INSIDE_EPS]

    def nearest_edge(self, p: Point) -> tuple[Point, float]:
        """Nearest point of the table edge and the distance to it (GAP-55 rout)."""
        return nearest_edge(as_point(p), self.width, self.height)

    # -- groups ---------------------------------------------------------------------------------
    @staticmethod
    def gap(a: Disc, b: Disc) -> float:
        """Edge-to-edge distance (GAP-21)."""
        return edge_gap(as_disc(a), as_disc(b))

    @staticmethod
    def in_contact(a: Disc, b: Disc) -> bool:
        """Bases in contact: gap ≤ 0.1 pas (GAP-16)."""
        return in_contact(as_disc(a), as_disc(b))

    @staticmethod
    def within(centre: Point, radius: float, discs: np.ndarray) -> np.ndarray:
        """Indices of bases reaching within ``radius`` of a point (GAP-32 blasts, GAP-42)."""
        return groups.within(as_point(centre), float(radius), discs)

    @staticmethod
    def pair_gaps(discs: np.ndarray) -> np.ndarray:
        """(N × N) edge gaps, ``inf`` on the diagonal (chains, allies within N pas)."""
        return groups.pair_gaps(discs)

    # -- sight --------------------------------------------------------------------------------
    def sight(
        self,
        viewer: Disc,
        target: Disc,
        blockers: Sequence[Disc] = (),
        *,
        levels: tuple[float, float] | None = None,
        memo: bool = True,
    ) -> Sight:
        """R-SHOOT-LOS / GAP-20: can ``viewer`` see ``target``? ``blockers`` are the bases
        that block sight (option ``figures_block_los``); ``levels`` override the standing
        levels (a figure on a roof). ``memo=False`` skips the per-table memo (benchmarks)."""
        if blockers or not memo:
            return self._sight.sight(viewer, target, blockers, levels)
        key = (tuple(viewer), tuple(target), levels)  # cheap; equal discs give equal keys
        found = self._sight_memo.get(key)
        if found is None:
            if len(self._sight_memo) >= SIGHT_MEMO_SIZE:
                self._sight_memo.clear()
            found = self._sight_memo[key] = self._sight.sight(viewer, target, blockers, levels)
        return found

    def sees(self, viewer: Disc, target: Disc, *, levels: tuple[float, float] | None = None
             ) -> bool:
        """``sight(viewer, target, levels=levels).visible`` with no figure in the way: the
        yes or no alone, without the lines and blocker that explain a no (the rules ask it
        for every enemy at every step; only the window explains). Remembered per table, as
        :meth:`sight` is."""
        key = (tuple(viewer), tuple(target), levels)
        found = self._sees_memo.get(key)
        if found is None:
            if len(self._sees_memo) >= SIGHT_MEMO_SIZE:
                self._sees_memo.clear()
            found = self._sees_memo[key] = self._sight.visible(as_disc(viewer), as_disc(target),
                                                               levels)
        return found

    def sees_on_ground(self, viewer: tuple[float, float, float],
                       target: tuple[float, float, float]) -> bool:
        """:meth:`sees` for two bases standing on the ground, each at the level of the
        table where it stands (:meth:`level_at`): remembered by the two bases alone, so a
        question asked again (every enemy at every step) looks up no level first."""
        key = (viewer, target)
        found = self._ground_sees_memo.get(key)
        if found is None:
            if len(self._ground_sees_memo) >= SIGHT_MEMO_SIZE:
                self._ground_sees_memo.clear()
            levels = (self.level_at((viewer[0], viewer[1])), self.level_at((target[0], target[1])))
            found = self._ground_sees_memo[key] = self.sees(viewer, target, levels=levels)
        return found

    def first_sighting(
        self,
        path: Sequence[Point],
        radius: float,
        others: Sequence[Disc],
        levels: Sequence[float],
        step: float,
        *,
        level: float | None = None,
    ) -> tuple[int, Point, list[int]] | None:
        """Spot along a route (D-4): a base of ``radius`` walks ``path``, checked every
        ``step`` pas at most (each leg cut in equal parts, its start left out). The first
        check point where it and some of ``others`` (standing at ``levels``) see each other:
        its leg, the point, and which of ``others``; None if there is none. ``level`` is
        the mover's standing level if fixed (a roof), else the ground's at each point.

        The answers of :meth:`sight` at every check point (without its memo: the points
        are new); stretches that one blocking part provably hides whole (:mod:`umbra`) are
        not checked point by point, nor points past the first sighting found so far. The
        legs are taken in order, every figure on one before the next: a sighting on a leg
        spares the later legs for every figure, not only for those after the one seen."""
        counts = [max(1, math.ceil(math.hypot(q[0] - p[0], q[1] - p[1]) / step)) for p, q in pairwise(path)]
        starts = list(accumulate(counts, initial=0))  # number of each leg's first point
        figures = [(as_disc(other), lv) for other, lv in zip(others, levels, strict=True)]
        own: dict[int, float] = {}  # the mover's level at each point
        for leg, (p, q) in enumerate(pairwise(path)):
            best = starts[-1]  # the first point where someone is seen, so far
            seen: list[int] = []
            for j, (o, lv) in enumerate(figures):
                floor = lv if level is None else min(level, lv)
                shadow = self._umbra.shadow(p, q, radius, o, floor)
                k = self._first_seen(path, leg, counts[leg], starts[leg], shadow, radius, level, own,
                                     o, lv, best)
                if k is not None:
                    if k < best:
                        best, seen = k, []
                    seen.append(j)
            if seen:
                return leg, _check_point(path, leg, best - starts[leg], counts[leg]), seen
        return None

    def _first_seen(
        self,
        path: Sequence[Point],
        leg: int,
        n: int,
        start: int,
        shadow: Shadow | None,
        radius: float,
        level: float | None,
        own: dict[int, float],
        other: Disc,
        other_level: float,
        last: int,
    ) -> int | None:
        """The first check point of the leg (its ``n`` points numbered from ``start``), up
        to number ``last``, from which ``other`` is in sight (:meth:`first_sighting`). The
        leg is taken a stretch at a time: one proved hidden is skipped, one that is not is
        halved down to ``MIN_LEG`` pas, then its points are checked one by one."""
        k = 0  # the leg's points before its k-th are settled
        todo = [(0.0, 1.0)]
        while todo and k < n:
            if start + k > last:
                return None
            t0, t1 = todo.pop()
            if shadow is not None and shadow.hides(t0, t1):
                while k < n and (k + 1) / n <= t1:
                    k += 1
            elif shadow is not None and (t1 - t0) * shadow.length >= 2.0 * MIN_LEG:
                mid = (t0 + t1) / 2.0
                todo += [(mid, t1), (t0, mid)]
            else:
                (x0, y0), (x1, y1) = path[leg], path[leg + 1]
                ex, ey = x1 - x0, y1 - y0
                sight = self._sight
                while k < n and (k + 1) / n <= t1:
                    i = start + k
                    if i > last:
                        return None
                    t = (k + 1) / n  # _check_point(path, leg, k, n), written out
                    x, y = x0 + ex * t, y0 + ey * t
                    lv = own.get(i)
                    if lv is None:
                        lv = own[i] = sight.level_at(x, y) if level is None else level
                    if sight.visible((x, y, radius), other, (lv, other_level)):
                        return i
                    k += 1
        return None

    def visibility(
        self,
        discs: np.ndarray,
        blockers: bool | np.ndarray = False,
        *,
        levels: np.ndarray | None = None,
    ) -> np.ndarray:
        """(N × N) symmetric "who sees whom", the same answers as N² :meth:`sight` calls.

        ``blockers``: True = every figure blocks the others; a boolean array = those do.
        """
        arr = np.asarray(discs, dtype=float).reshape(-1, 3)
        if isinstance(blockers, bool | np.bool_):
            mask = np.ones(arr.shape[0], dtype=bool) if blockers else None
        else:
            mask = np.asarray(blockers)
            if mask.dtype != np.bool_:
                raise TypeError("blockers is True/False or a boolean mask; pass levels= by keyword")
        return self._kernel.matrix(arr, levels, mask)

    # -- movement -----------------------------------------------------------------------------
    def _obstacles(self, mover: Disc, obstacles: Sequence[Disc] | np.ndarray) -> np.ndarray:
        """Other bases as an array, without the mover itself if the caller left it in."""
        arr = np.asarray(obstacles, dtype=float).reshape(-1, 3)
        if arr.size:
            same = np.hypot(arr[:, 0] - mover[0], arr[:, 1] - mover[1]) < 1e-9
            arr = arr[~same]
        return arr

    def _roof(self, on: str | None) -> PieceGeom | None:
        if on is None:
            return None
        piece = self._geom(on)
        if not piece.impassable:
            raise ValueError(f"{piece.name!r} is not a piece one stands on by climbing")
        return piece

    def _mover(
        self,
        mover: Disc,
        obstacles: Sequence[Disc] | np.ndarray,
        ignore_difficult: bool,
        on: str | None,
        margin: float = 0.0,
        figure_gap: float = 0.0,
    ) -> Mover:
        x, y, r = as_disc(mover)
        roof = self._roof(on)
        bounds = (r + margin, r + margin, self.width - r - margin, self.height - r - margin)
        arena = Arena(
            r,
            self._terrain.walls,
            self._obstacles((x, y, r), obstacles),
            bounds,
            roof=None if roof is None else EdgeSet.from_rings([roof.ring]),
            roof_convex=True if roof is None else roof.convex,
            wall_gap=margin,
            disc_gap=figure_gap,
        )
        arena.relax_for((x, y))
        field = self._terrain.difficult_field if roof is None else _NO_DIFFICULT
        book = None if roof is not None else self._leg_book(arena.rho)
        # the bases are numbered over the whole table, and the number serves every window
        # a search cuts from it: whether a leg clears the bases depends only on those that
        # can touch it, and every window round the leg keeps them (Arena.near)
        return Mover(
            (x, y),
            arena,
            field,
            ignore_difficult or roof is not None,
            (0.0, 0.0, self.width, self.height),
            book,
            -1 if book is None else book.figures(arena.cx, arena.cy, arena.R),
        )

    def _leg_book(self, clearance: float) -> LegBook:
        """What the terrain says of route legs at this clearance from the walls, kept
        per table (the terrain never moves; see :mod:`legbook`)."""
        book = self._leg_books.get(clearance)
        if book is None:
            if len(self._leg_books) >= LEG_BOOKS:
                self._leg_books.clear()
            book = self._leg_books[clearance] = LegBook()
        return book

    def _field(self, on: str | None) -> DifficultField:
        return self._terrain.difficult_field if on is None else _NO_DIFFICULT

    def path_cost(
        self, points: Sequence[Point], ignore_difficult: bool = False, *, on: str | None = None
    ) -> float:
        """Exact cost of a polyline: length + length inside difficult terrain (GAP-15 a)."""
        pts = [as_point(p) for p in points]
        if on is None:
            return self._scene.field.path_cost(pts, ignore_difficult)
        return _NO_DIFFICULT.path_cost(pts, True)

    def path_is_legal(
        self,
        mover: Disc,
        points: Sequence[Point],
        obstacles: Sequence[Disc] | np.ndarray,
        *,
        on: str | None = None,
    ) -> bool:
        """Whether a base can follow this polyline (a player-drawn route, or a check in tests)."""
        x, y, r = as_disc(mover)
        pts = [as_point(p) for p in points]
        if not pts or pts[0] != (x, y):
            return False
        m = self._mover((x, y, r), obstacles, False, on)
        arr = np.asarray(pts, dtype=float)
        if not m.arena.free(arr[:, 0], arr[:, 1]).all():
            return False
        if len(pts) < 2:
            return True
        return bool(m.arena.legal(arr[:-1, 0], arr[:-1, 1], arr[1:, 0], arr[1:, 1]).all())

    def _remembered(self, key: tuple[object, ...], plan: Callable[[], Path | None]) -> Path | None:
        """``plan()``, remembered under ``key``.

        Safe: a route depends only on the query and the terrain, and a table's terrain
        never changes; the key holds every input of the query (the mover, the goal, every
        obstacle and option) bit for bit, and a :class:`Path` is immutable."""
        found = self._route_memo.get(key, _MISSING)
        if found is _MISSING:
            if len(self._route_memo) >= ROUTE_MEMO_SIZE:
                self._route_memo.clear()
            found = self._route_memo[key] = plan()
        return found  # type: ignore[return-value]

    def path(
        self,
        mover: Disc,
        goal: Point,
        obstacles: Sequence[Disc] | np.ndarray,
        ignore_difficult: bool = False,
        limit: float | None = None,
        *,
        on: str | None = None,
        direct_ok: bool = False,
        memo: bool = True,
    ) -> Path | None:
        """Cheapest legal route to ``goal`` (None if there is none or it costs over ``limit``);
        with ``direct_ok``, the straight route whenever it is legal and within ``limit``.
        Remembered per table; ``memo=False`` plans afresh (benchmarks)."""
        def plan_it() -> Path | None:
            return self._path(mover, goal, obstacles, ignore_difficult, limit, on, direct_ok)

        if not memo:
            return plan_it()
        key = ("path", _bits(*as_disc(mover), *as_point(goal), limit), _disc_bits(obstacles),
               limit is None, ignore_difficult, on, direct_ok)
        return self._remembered(key, plan_it)

    def _path(
        self,
        mover: Disc,
        goal: Point,
        obstacles: Sequence[Disc] | np.ndarray,
        ignore_difficult: bool,
        limit: float | None,
        on: str | None,
        direct_ok: bool,
    ) -> Path | None:
        g = as_point(goal)
        if on is None:
            # Most moves go straight: settle those in plain Python before building an arena.
            md = as_disc(mover)
            r = md[2]
            bounds = (r, r, self.width - r, self.height - r)
            free, straight = self._scene.straight(md, g, obstacles, bounds, ignore_difficult)
            if not free:
                return None
            if limit is not None and math.hypot(g[0] - md[0], g[1] - md[1]) > limit + COST_EPS:
                return None
            if straight is not None:
                settled, found = straight_verdict(straight, limit, direct_ok)
                if settled:
                    return found
        m = self._mover(mover, obstacles, ignore_difficult, on)
        if not m.arena.point_free(g):
            return None
        return plan(m, PointGoal(g), limit, direct_ok)

    def path_to_contact(
        self,
        mover: Disc,
        target: Disc,
        obstacles: Sequence[Disc] | np.ndarray,
        ignore_difficult: bool = False,
        limit: float | None = None,
        *,
        on: str | None = None,
        gap: float = 0.0,
        direct_ok: bool = False,
        memo: bool = True,
    ) -> Path | None:
        """Cheapest legal route ending in base contact with ``target`` (R-ACT-CHARGE, D-5).

        It aims at ``gap`` (default: touching); when only a route ending up to 0.1 pas
        short fits in ``limit``, that shorter route is returned (still contact, GAP-16).
        Remembered per table; ``memo=False`` plans afresh (benchmarks).
        """
        def plan_it() -> Path | None:
            return self._path_to_contact(mover, target, obstacles, ignore_difficult, limit, on,
                                         gap, direct_ok)

        if not memo:
            return plan_it()
        key = ("contact", _bits(*as_disc(mover), *as_disc(target), limit, gap),
               _disc_bits(obstacles), limit is None, ignore_difficult, on, direct_ok)
        return self._remembered(key, plan_it)

    def _path_to_contact(
        self,
        mover: Disc,
        target: Disc,
        obstacles: Sequence[Disc] | np.ndarray,
        ignore_difficult: bool,
        limit: float | None,
        on: str | None,
        gap: float,
        direct_ok: bool,
    ) -> Path | None:
        md = as_disc(mover)
        td = as_disc(target)
        if edge_gap(md, td) <= CONTACT_GAP:
            return Path.stay((md[0], md[1]))
        ignore = ignore_difficult or on is not None
        goal = ContactGoal(td, md[2] + td[2] + max(gap, 0.0) + 1e-9)
        budget = None if limit is None else limit + CONTACT_GAP * (1.0 if ignore else 2.0)
        settled, found = False, None
        if on is None:
            settled, found = self._straight_contact(md, goal, obstacles, ignore, budget, direct_ok)
        if not settled:
            obs = np.vstack([self._obstacles(md, obstacles), np.asarray([td])])
            found = plan(self._mover(md, obs, ignore_difficult, on), goal, budget, direct_ok)
        if found is None or limit is None or found.cost <= limit:
            return found
        cut = truncate_path(found, limit, self._field(on), ignore)
        end = (cut.end[0], cut.end[1], md[2])
        return cut if edge_gap(end, td) <= CONTACT_GAP + INSIDE_EPS else None

    def _straight_contact(
        self,
        mover: Disc,
        goal: ContactGoal,
        obstacles: Sequence[Disc] | np.ndarray,
        ignore_difficult: bool,
        budget: float | None,
        direct_ok: bool,
    ) -> tuple[bool, Path | None]:
        """What :func:`planner.plan` answers from the straight leg to the nearest contact
        point, in plain Python: ``(True, answer)`` when that settles it, else ``(False,
        None)`` (another side of the target or a bent route may still do)."""
        sx, sy, r = mover
        tx, ty, _ = goal.target
        if budget is not None and goal.estimate((sx, sy)) > budget + COST_EPS:
            return True, None
        dx = sx - tx
        dy = sy - ty
        d = hypot(dx, dy) or 1.0
        end = (tx + dx * goal.reach / d, ty + dy * goal.reach / d)
        bounds = (r, r, self.width - r, self.height - r)
        free, straight = self._scene.straight(mover, end, [*obstacles, goal.target], bounds, ignore_difficult)
        if not free or straight is None:
            return False, None
        return straight_verdict(straight, budget, direct_ok)

    def truncate(
        self, path: Path, allowance: float, ignore_difficult: bool = False, *, on: str | None = None
    ) -> Path:
        """The start of a route that ``allowance`` pays for (a failed charge, GAP-39)."""
        pts = tuple(as_point(p) for p in path.points)
        field = self._field(on)
        ignore = ignore_difficult or on is not None
        whole = Path(pts, field.path_cost(list(pts), ignore))
        return truncate_path(whole, float(allowance), field, ignore)

    def reach(
        self,
        mover: Disc,
        obstacles: Sequence[Disc] | np.ndarray,
        allowance: float,
        ignore_difficult: bool = False,
        *,
        on: str | None = None,
    ) -> Reach:
        """Everywhere the mover can end a move of ``allowance`` pas (UI shading, AI)."""
        return Reach(self._mover(mover, obstacles, ignore_difficult, on), allowance)

    def way_to(self, goal: Point, radius: float, ignore_difficult: bool = False) -> Reach:
        """The cost of the way on foot to ``goal`` from anywhere on the table, for a base
        of ``radius``, round the terrain only (figures move; the terrain does not, so it
        is worked out once per table: a few tens of ms). Read it with ``grid_cost``."""
        key = (float(goal[0]), float(goal[1]), float(radius), ignore_difficult)
        if key not in self._way_memo:
            self._way_memo[key] = self.reach((key[0], key[1], radius), (),
                                             self.width + self.height, ignore_difficult)
        return self._way_memo[key]

    # -- forced moves (D-2) -------------------------------------------------------------------
    def move_straight(
        self,
        mover: Disc,
        towards: Point,
        allowance: float,
        obstacles: Sequence[Disc] | np.ndarray,
        ignore_difficult: bool = False,
        leave_table: bool = False,
        *,
        on: str | None = None,
    ) -> Path:
        """Straight forced move in the direction of ``towards`` (a point behind = "away").

        Goes as far as the allowance and terrain cost permit, stopping 0.1 pas short of
        impassable terrain and the table edge and just over 0.1 pas from figures (so no
        contact is created). With ``leave_table`` (a routing figure) the edge does not stop
        it: it may run until its base is wholly off, and ``leaves_table`` tells whether its
        base ends not wholly on the table.
        """
        x, y, r = as_disc(mover)
        roof = self._roof(on)
        m = FORCED_MOVE_MARGIN
        if leave_table:
            bounds = (-r, -r, self.width + r, self.height + r)
        else:
            bounds = (r + m, r + m, self.width - r - m, self.height - r - m)
        if roof is None:
            path = self._scene.slide(
                (x, y, r), as_point(towards), float(allowance), obstacles, bounds,
                ignore_difficult, m, FORCED_FIGURE_GAP,
            )
        else:
            arena = Arena(
                r,
                self._terrain.walls,
                self._obstacles((x, y, r), obstacles),
                bounds,
                roof=EdgeSet.from_rings([roof.ring]),
                roof_convex=roof.convex,
                wall_gap=m,
                disc_gap=FORCED_FIGURE_GAP,
            )
            path = slide(arena, _NO_DIFFICULT, (x, y), as_point(towards), float(allowance), True)
        if leave_table:
            ex, ey = path.end
            off = (
                ex < r - TOUCH_EPS
                or ey < r - TOUCH_EPS
                or ex > self.width - r + TOUCH_EPS
                or ey > self.height - r + TOUCH_EPS
            )
            if off:
                return Path(path.points, path.cost, leaves_table=True)
        return path

    def nearest_cover(
        self,
        mover: Disc,
        obstacles: Sequence[Disc] | np.ndarray,
        allowance: float,
        ignore_difficult: bool = False,
    ) -> Path | None:
        """Cheapest forced route (D-2) to where the base touches or is inside ``cover``
        terrain, within ``allowance``; None if no cover is that close ("Subir un tir")."""
        if self._terrain.cover_union is None:
            return None
        md = as_disc(mover)
        if self.in_cover(md):
            return Path.stay((md[0], md[1]))
        m = self._mover(md, obstacles, ignore_difficult, None, FORCED_MOVE_MARGIN, FORCED_FIGURE_GAP)
        reach = md[2] + CONTACT_GAP
        pad = float(allowance) + reach + 2.0
        box = (md[0] - pad, md[1] - pad, md[0] + pad, md[1] + pad)
        edges = self._terrain.cover_edges
        local = edges.near(*box)
        if len(local) == 0:
            return None
        goal = CoverGoal(local, edges.strip(*box).inside, reach)
        return plan(m, goal, float(allowance))

    # -- placement and climbing ---------------------------------------------------------------
    def placement_problem(
        self, disc: Disc, others: Sequence[Disc] | np.ndarray, *, on: str | None = None
    ) -> str | None:
        """Why a base cannot stand here (deployment, scenario checks), or None if it can."""
        return placement.problem(
            self._terrain, self.width, self.height, as_disc(disc), others, self._roof(on)
        )

    def climb_landing(
        self,
        disc: Disc,
        piece_id: str,
        obstacles: Sequence[Disc] | np.ndarray,
        up: bool = True,
    ) -> Point | None:
        """Where a rope climber stands after climbing (R-EQ-ROPE, GAP-60), or None if no room.

        Up: a point inside the roof (the whole base on it if it fits), clear of other bases,
        as near as possible. Down: a free point just outside the piece, next to the climber.
        """
        d = as_disc(disc)
        piece = self._roof(piece_id)
        assert piece is not None
        obs = self._obstacles(d, obstacles)
        if up:
            return placement.landing_up(piece, d, obs)
        arena = Arena(d[2], self._terrain.walls, obs, (d[2], d[2], self.width - d[2], self.height - d[2]))
        return placement.landing_down(piece, d, arena)


def _bits(*numbers: float | None) -> bytes:
    """The numbers of a query as float64 bytes, bit for bit (a memo key: -0.0 and 0.0 are
    told apart, as the arithmetic may tell them); None is written as NaN. Packed by
    ``struct``, as numpy's ``tobytes`` writes them, without building an array."""
    return struct.pack(f"{len(numbers)}d", *(math.nan if x is None else x for x in numbers))


def _disc_bits(discs: Sequence[Disc] | np.ndarray) -> tuple[tuple[int, ...], bytes]:
    """Bases as float64 bytes, bit for bit and in their order, with their shape (a memo
    key). A list of bases (what the rules pass) is packed by ``struct``, with the bytes
    and shape its array would have."""
    if isinstance(discs, list) and discs:
        flat = [v for d in discs for v in d]
        if len(flat) == 3 * len(discs):
            return (len(discs), 3), struct.pack(f"{len(flat)}d", *flat)
    arr = np.asarray(discs, dtype=float)
    return arr.shape, arr.tobytes()


def _check_point(path: Sequence[Point], leg: int, k: int, n: int) -> Point:
    """The ``k``-th (from 0) of the ``n`` check points of a leg, its start left out."""
    (x0, y0), (x1, y1) = path[leg], path[leg + 1]
    t = (k + 1) / n
    return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
