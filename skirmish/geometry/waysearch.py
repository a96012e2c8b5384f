"""The cheapest route through the waypoint graph (:mod:`visibility`), searched in
widening ellipses round the straight line: a route found in a small one that it fits is
the whole graph's route, ties and all (see :func:`route`), and small ellipses hold few
waypoints and fewer legs.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

import numpy as np

from skirmish.geometry.arena import Arena
from skirmish.geometry.costs import DifficultField
from skirmish.geometry.legbook import EXACT_TERMS, LegBook
from skirmish.geometry.primitives import Point
from skirmish.geometry.visibility import (
    Arcs,
    Target,
    approaches,
    refract,
    rough_corners,
    taut,
    waypoints,
)

#: A leg is dropped unchecked only if it comes this much nearer its own circle's centre
#: than the clearance (surely illegal, whatever the tolerances of the exact check).
_SURE = 1e-6


@dataclass(frozen=True)
class Verdict:
    """The graph's best route within the bound: its corners and exact cost (None and
    ``inf`` when no route fits); ``least``: what the cheapest chain of the graph it
    came from costs in that graph (no chain of a smaller ellipse costs less), and
    ``searched`` False when the search stopped short (see :func:`route`'s ``whole``)."""

    points: list[Point] | None
    cost: float
    least: float = math.inf
    searched: bool = True
    held_none: float = -math.inf  # (not searched) the widest ellipse searched, which held no route


@dataclass(frozen=True)
class _Nodes:
    """The start and some free waypoints, their goal points (and which are free) and the
    goal's free rims: what one search builds its graph from."""

    start: Point
    arcs: Arcs
    px: np.ndarray  # the start, then the waypoints
    py: np.ndarray
    g: np.ndarray  # straight distance from the start: a lower bound on reaching each
    h: np.ndarray  # the goal's lower bound on the cost on from each
    proj: np.ndarray  # each node's goal point
    proj_ok: np.ndarray  # ... where it is free
    rims: np.ndarray  # the free rims
    ids: np.ndarray  # each node's place among the candidates (the start: 0)


class _Candidates:
    """The start and every waypoint within the bound, with their goal points and the
    goal's free rims; whether a waypoint and its goal point are free is found when a
    search first takes it in (each point is judged on its own, in any batch)."""

    def __init__(self, start: Point, goal: Target, arena: Arena, field: DifficultField,
                 ignore_difficult: bool, bound: float, book: LegBook | None) -> None:
        sx, sy = start
        s = np.array([[sx, sy]])
        rims = goal.rims(arena)
        aims = np.concatenate([rims, goal.project(s[:, 0], s[:, 1])])
        arcs = Arcs.join(waypoints(arena), approaches(arena, aims))
        if field and not ignore_difficult:
            arcs = Arcs.join(arcs, rough_corners(field))
        arcs = arcs.take(np.hypot(arcs.x - sx, arcs.y - sy) + goal.remaining(arcs.x, arcs.y) <= bound)
        self.start, self.arena, self.arcs, self.book = start, arena, arcs, book
        self.px = np.concatenate([[sx], arcs.x])
        self.py = np.concatenate([[sy], arcs.y])
        self.proj = goal.project(self.px, self.py)
        self.g = np.hypot(self.px - sx, self.py - sy)
        self.h = goal.remaining(self.px, self.py)
        self.rims = rims[arena.free(rims[:, 0], rims[:, 1])] if rims.size else rims
        self.known = np.zeros(self.px.size, dtype=bool)
        self.free = np.zeros(self.px.size, dtype=bool)
        self.proj_free = np.zeros(self.px.size, dtype=bool)
        self.pid = np.full(self.px.size, -1, dtype=np.int64)  # each one's number in the book
        self.proj_pid = np.full(self.px.size, -1, dtype=np.int64)  # ... and its goal point's
        self.pid_generation = -1

    def nodes(self, keep: np.ndarray) -> _Nodes:
        """The start and the free waypoints among those ``keep`` marks, in their order."""
        keep = keep.copy()
        keep[0] = True
        todo = np.flatnonzero(keep & ~self.known)
        if todo.size:
            proj = self.proj[todo]
            if (proj == proj[0]).all():  # one goal point for all (a point goal): judged once
                proj = proj[:1]
            pts = np.concatenate([np.stack([self.px[todo], self.py[todo]], axis=-1), proj])
            free = self._free(todo, pts[:, 0], pts[:, 1])
            self.free[todo], self.proj_free[todo] = free[: todo.size], free[todo.size :]
            self.known[todo] = True
        node = keep & self.free
        node[0] = True
        return _Nodes(self.start, self.arcs.take(node[1:]), self.px[node], self.py[node],
                      self.g[node], self.h[node], self.proj[node], self.proj_free[node], self.rims,
                      np.flatnonzero(node))

    def book_ids(self, idx: np.ndarray) -> np.ndarray:
        """The book's numbers of the candidates ``idx`` (worked out once per search, and
        again only if the book has started afresh since)."""
        assert self.book is not None
        self._same_generation()
        need = idx[self.pid[idx] < 0]
        if need.size:
            self.pid[need] = self.book.point_ids(self.px[need], self.py[need])
        return self.pid[idx]

    def proj_ids(self, idx: np.ndarray) -> np.ndarray:
        """The book's numbers of the goal points of the candidates ``idx``, as
        :meth:`book_ids` (most were numbered when the candidate was judged free)."""
        assert self.book is not None
        self._same_generation()
        need = idx[self.proj_pid[idx] < 0]
        if need.size:
            self.proj_pid[need] = self.book.point_ids(self.proj[need, 0], self.proj[need, 1])
        return self.proj_pid[idx]

    def _same_generation(self) -> None:
        """Forget the book's numbers if the book has started afresh since."""
        assert self.book is not None
        if self.pid_generation != self.book.generation:
            self.pid[:] = -1
            self.proj_pid[:] = -1
            self.pid_generation = self.book.generation

    def _free(self, todo: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """:meth:`Arena.free` of the candidates ``todo`` then other points: what the walls
        say of each is remembered in the book (waypoints round walls and still figures
        come back search after search)."""
        if self.book is None:
            return self.arena.free(xs, ys)
        more = self.book.point_ids(xs[todo.size :], ys[todo.size :])
        self._same_generation()
        self.proj_pid[todo] = more if more.size == todo.size else more[0]
        ids = np.concatenate([self.book_ids(todo), more])
        free = self.book.points_clear(ids, xs, ys, self.arena.clear_of_walls)
        idx = np.flatnonzero(free)
        free[idx] = self.arena.figures_only().free(xs[idx], ys[idx])
        return free


class _Legs:
    """The legs a search of one route has judged: legal or not, and the cost of a legal
    one, by a key naming its two ends among all the nodes built (a wider search meets the
    legs of the narrower ones again). Legality and cost are those of the leg alone
    (every leg is judged on its own, in any batch), so a remembered answer is the answer.
    Only for searches whose leg book does not keep the verdicts on the bases (or with
    no book): one that does answers for those legs already."""

    def __init__(self, nodes: int, rims: int) -> None:
        self.nodes = nodes + 1
        self.rims = rims + 1
        self.keys = np.zeros(0, dtype=np.int64)
        self.legal = np.zeros(0, dtype=bool)
        self.cost = np.zeros(0)
        # legs judged by the last search, sorted in only when another search asks
        # (most routes are settled by their first search)
        self._pending: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    def _sort_in(self) -> None:
        if self._pending is None:
            return
        keys, legal, cost = self._pending
        self._pending = None
        order = np.argsort(np.concatenate([self.keys, keys]), kind="stable")
        self.keys = np.concatenate([self.keys, keys])[order]
        self.legal = np.concatenate([self.legal, legal])[order]
        self.cost = np.concatenate([self.cost, cost])[order]

    def pair_keys(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        return i.astype(np.int64) * self.nodes + j

    def end_keys(self, i: np.ndarray, end: np.ndarray) -> np.ndarray:
        """``end``: 0 for the node's own goal point, 1 + k for the ``k``-th rim."""
        return self.nodes * self.nodes + i.astype(np.int64) * self.rims + end

    def judge(self, keys: np.ndarray,
              judge_new: Callable[[np.ndarray | slice], tuple[np.ndarray, np.ndarray]]
              ) -> tuple[np.ndarray, np.ndarray]:
        """Whether each leg is legal, and its cost (NaN if not): remembered, or from
        ``judge_new(mask of the legs not seen yet)`` (a whole slice when none was seen:
        the first search of a route)."""
        self._sort_in()
        if not self.keys.size:
            legal, cost = judge_new(slice(None))
            self._pending = (keys, legal, cost)
            return legal, cost
        legal = np.zeros(keys.size, dtype=bool)
        cost = np.full(keys.size, np.nan)
        pos = np.minimum(np.searchsorted(self.keys, keys), self.keys.size - 1)
        known = self.keys.take(pos) == keys
        legal[known] = self.legal[pos[known]]
        cost[known] = self.cost[pos[known]]
        new = ~known
        if new.any():
            legal[new], cost[new] = judge_new(new)
            self._pending = (keys[new], legal[new], cost[new])
        return legal, cost


@dataclass(frozen=True)
class _Graph:
    """The legal legs among some nodes and on to the goal: node ``i`` of ``n``, end
    ``n + j`` (the ``j``-th of ``ends``); ``cost`` and ``length`` of each leg."""

    nodes: _Nodes
    n: int
    src: np.ndarray
    dst: np.ndarray
    cost: np.ndarray
    length: np.ndarray
    ends: np.ndarray
    on_rim: np.ndarray
    rough: bool  # some leg crosses difficult terrain

    @cached_property
    def order(self) -> np.ndarray:
        """The legs a search follows, by the node they leave (in their order from each):
        not those back to the start, whose distance 0 no leg can better. (Numbers of 16
        bits sort stably by radix, in one pass, where wider ones are merge-sorted.)"""
        src = self.src.astype(np.int16) if self.n < 2**15 else self.src
        order = np.argsort(src, kind="stable")
        return order[self.dst[order] != 0]

    @cached_property
    def rows(self) -> tuple[np.ndarray, np.ndarray]:
        """Where each node's and end's legs start in :attr:`order`, and where each leads."""
        rows = np.searchsorted(self.src[self.order], np.arange(self.n + self.ends.shape[0] + 1))
        return rows, self.dst[self.order]

    @cached_property
    def adjacency(self) -> tuple[list[int], list[int], list[float]]:
        """:attr:`rows` of the nodes, and each node's straight distance on to the goal (0
        for an end): what the search here reads, as Python lists."""
        first, to = self.rows
        rest = self.nodes.h.tolist() + [0.0] * self.ends.shape[0]
        return first[: self.n + 1].tolist(), to.tolist(), rest

    @cached_property
    def compressed(self) -> tuple[np.ndarray, np.ndarray]:
        """:attr:`rows` as a compressed sparse row matrix's row starts and columns: what
        scipy's Dijkstra reads."""
        rows, to = self.rows
        return rows.astype(np.int32), to.astype(np.int32)


def _graph(nodes: _Nodes, arena: Arena, field: DifficultField, ignore_difficult: bool,
           bound: float, legs: _Legs | None, book: LegBook | None, node_ids: np.ndarray | None,
           proj_ids: np.ndarray | None = None, figures: int = -1) -> _Graph:
    """Every legal leg whose route from the start to the goal may cost ≤ ``bound``;
    what the terrain (and the bases ``figures``, :func:`_judge_in_book`) says of each is
    looked up in ``book`` first, and kept there (``node_ids``: the nodes' numbers in the
    book, ``proj_ids`` their goal points')."""
    px, py, g, h = nodes.px, nodes.py, nodes.g, nodes.h
    n = px.size
    arcs = nodes.arcs
    ox = np.concatenate([[px[0]], arcs.cx])
    oy = np.concatenate([[py[0]], arcs.cy])
    orad = np.concatenate([[0.0], arcs.r]) - _SURE
    orad2 = np.where(orad > 0.0, orad * orad, 0.0)
    iu, ju, span = _pairs(px, py, g, h, ox - px, oy - py, orad2, bound)
    rims = nodes.rims
    ei = np.concatenate([np.flatnonzero(nodes.proj_ok), np.repeat(np.arange(n), rims.shape[0])])
    ends = np.concatenate([nodes.proj[nodes.proj_ok], np.tile(rims, (n, 1))])
    end_of = np.concatenate([np.zeros(int(nodes.proj_ok.sum()), dtype=np.int64),
                             1 + np.tile(np.arange(rims.shape[0]), n)])
    on_rim = np.arange(ei.size) >= int(nodes.proj_ok.sum())
    ex_end, ey_end = ends[:, 0] - px[ei], ends[:, 1] - py[ei]
    reach = np.hypot(ex_end, ey_end)
    ok = g[ei] + reach <= bound
    xs = np.concatenate([px, ends[ok, 0]])
    ys = np.concatenate([py, ends[ok, 1]])
    box = (xs.min(), ys.min(), xs.max(), ys.max())  # every leg lies in it
    # a leg to an end that cuts into the circle of the waypoint it leaves is surely
    # illegal (as between nodes, :func:`_pairs`)
    e = np.flatnonzero(ok)
    ee = ei[e]
    ex_end, ey_end = ex_end[e], ey_end[e]
    e = e[~_enters(ox[ee] - px[ee], oy[ee] - py[ee], ex_end, ey_end,
                   ex_end * ex_end + ey_end * ey_end, orad2[ee])]
    ok[:] = False
    ok[e] = True
    ei, ends, on_rim, end_of, reach = ei[e], ends[e], on_rim[e], end_of[e], reach[e]
    # every other leg, node to node (both ways) and node to end, is judged in one batch,
    # unless an earlier search judged it: exactly, against the obstacles near the box of
    # the nodes and ends (every leg lies in it)
    # (each leg's far end: node ``j`` or end ``n + k``; its point and its number in the
    # book are gathered only for the legs not judged yet in this search)
    start = np.concatenate([iu, ei])
    dest = np.concatenate([ju, n + np.arange(ends.shape[0])])
    if book is not None:  # the legs' numbers in the book: by their ends' exact bits
        assert node_ids is not None
        if proj_ids is None:
            proj_ids = book.point_ids(nodes.proj[:, 0], nodes.proj[:, 1])
        rim_ids = book.point_ids(rims[:, 0], rims[:, 1])
        end_ids = np.concatenate([proj_ids[nodes.proj_ok], np.tile(rim_ids, n)])[ok]
        point_ids = np.concatenate([node_ids, end_ids])

    def judge_new(new: np.ndarray | slice) -> tuple[np.ndarray, np.ndarray]:
        s, d = start[new], dest[new]
        xs, ys = np.concatenate([px, ends[:, 0]]), np.concatenate([py, ends[:, 1]])
        if book is not None:
            return _judge_in_book(book, book.leg_keys(node_ids.take(s), point_ids.take(d)), arena, box,
                                  field, ignore_difficult, px, py, s, d, xs, ys, figures)
        qx, qy = xs.take(d), ys.take(d)
        legal = arena.near(box).legal(px[s], py[s], qx, qy)
        cost = np.full(s.size, np.nan)
        idx = np.flatnonzero(legal)
        cost[idx] = field.costs_from_nodes(px, py, s[idx], qx[idx], qy[idx], ignore_difficult)
        return legal, cost

    if legs is None:  # the book remembers every verdict
        legal, cost = judge_new(slice(None))
    else:
        ids = nodes.ids
        keys = np.concatenate([legs.pair_keys(ids.take(iu), ids.take(ju)),
                               legs.end_keys(ids.take(ei), end_of)])
        legal, cost = legs.judge(keys, judge_new)
    cost = cost[legal]
    length = np.concatenate([span, reach])[legal]  # each leg's, as the ellipse measured it
    rough = bool((cost > length + 1e-12).any())
    pair, last = legal[: iu.size], legal[iu.size :]
    k = int(pair.sum())
    src = np.concatenate([iu[pair], ju[pair], ei[last]])
    dst = np.concatenate([ju[pair], iu[pair], n + np.arange(int(last.sum()))])
    return _Graph(nodes, n, src, dst, np.concatenate([cost[:k], cost]),
                  np.concatenate([length[:k], length]), ends[last], on_rim[last], rough)


def _pairs(px: np.ndarray, py: np.ndarray, g: np.ndarray, h: np.ndarray, wx: np.ndarray,
           wy: np.ndarray, r2: np.ndarray, bound: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pairs of nodes ``i < j`` (in the order of ``np.triu_indices``) whose leg may lie
    on a route of cost ≤ ``bound`` and does not surely cut into the circle of either end
    (its centre at ``p + w``, ``r2`` its squared clearance less :data:`_SURE`): about
    half the legs do, as a waypoint stands beside its circle. With each pair's length.

    Worked out on the whole ``n × n`` table (row ``j``, column ``i``: the leg ``i → j``,
    so that the numbers of the leg's start vary along a row, where numpy reads them in
    place: a number fixed along a row is copied out for every row), where numpy runs
    every step in one pass, without gathering ends: the leg ``j → i`` is the same leg
    reversed, its vector the exact negative, so the test from ``j`` is the transposed
    test from ``i``. Each number is the one the leg's own ends give (the
    same operations on the same operands), and only the pairs left are measured (a
    hypotenuse costs several products). A pair's bound without the leg's length is
    worked out for those left too: the bound with it drops every pair the bound
    without it would."""
    n = px.size
    ex = px[:, None] - px[None, :]
    ey = py[:, None] - py[None, :]
    len2 = ex * ex
    len2 += ey * ey
    # (each of w's rows is read twice: laid out whole once, the products run on plain
    # rows, cheaper than broadcasting one row over the table each time)
    wx = np.tile(wx, (n, 1))
    wy = np.tile(wy, (n, 1))
    dot = ex * wx
    dot += ey * wy
    cross = ey * wx
    cross -= ex * wy
    cross *= cross
    into = dot > 0.0
    into &= dot < len2
    len2 *= r2
    into &= cross < len2
    into |= into.T  # (symmetric: the same either way round)
    np.greater(_upper(n), into, out=into)  # (i < j and neither end's circle entered)
    pair = np.flatnonzero(into)
    iu = pair // n  # (a division by one number: cheaper than divmod's)
    ju = pair - iu * n
    # cell (i, j) holds the leg j → i: the same length (its vector the exact negative)
    # (``take`` gathers by index for fewer instructions than ``[]``)
    span = np.hypot(ex.ravel().take(pair), ey.ravel().take(pair))
    lower = np.minimum(g.take(iu) + h.take(ju), g.take(ju) + h.take(iu))
    keep = lower + span <= bound
    return iu[keep], ju[keep], span[keep]


def _judge_in_book(book: LegBook, keys: np.ndarray, arena: Arena,
                   box: tuple[float, float, float, float], field: DifficultField,
                   ignore_difficult: bool, px: np.ndarray, py: np.ndarray, s: np.ndarray,
                   d: np.ndarray, xs: np.ndarray, ys: np.ndarray, figures: int = -1
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Whether the legs ``node[s] → q`` (all in ``box``; ``q`` the point ``d`` of ``xs, ys``,
    gathered only for the legs judged here) are legal, and their cost (NaN if
    not): what the terrain says of each is remembered in the book, or judged now and
    remembered with the cost of the legal ones; whether it keeps clear of the bases too,
    for the bases numbered ``figures`` (the arena's, :meth:`LegBook.figures`; -1: judged
    every time)."""
    found, legal, cost, slot = book.recall(keys)
    new = np.flatnonzero(~found)
    if new.size:
        dn = d.take(new)
        legal[new] = arena.terrain_only().near(box).legal(px[s[new]], py[s[new]], xs.take(dn), ys.take(dn))
    clear = legal.copy()
    idx = np.flatnonzero(legal)
    past = np.full(keys.size, -1, dtype=np.int8)  # clear of the bases: 1, 0, or -1 not known
    if figures >= 0:
        past[idx] = book.past_bases(slot.take(idx), figures)
        idx = idx[past.take(idx) < 0]
    if idx.size:  # (all known: nothing to judge)
        si, di = s.take(idx), d.take(idx)
        ok = arena.legal_past_bases(px.take(si), py.take(si), xs.take(di), ys.take(di), box)
        past[idx] = ok
        if figures >= 0:
            told = found.take(idx)
            book.note_past_bases(slot.take(idx[told]), figures, ok[told])
    legal &= past > 0
    cost[~legal] = np.nan
    idx = np.flatnonzero(legal)
    unknown = idx if ignore_difficult else idx[np.isnan(cost[idx])]
    exact = np.zeros(keys.size, dtype=bool)  # costed here of at most EXACT_TERMS terms
    window = field.signature()  # the window a cost of more terms was summed over
    if unknown.size and not ignore_difficult:  # such a cost, summed in this window before
        cost[unknown] = book.rough_costs(window, keys[unknown])
        unknown = unknown[np.isnan(cost[unknown])]
    if unknown.size:
        terms = np.zeros(unknown.size, dtype=np.int64)
        du = d[unknown]
        cost[unknown] = field.costs_from_nodes(px, py, s[unknown], xs.take(du), ys.take(du),
                                               ignore_difficult, terms=terms)
        if not ignore_difficult:
            exact[unknown] = terms <= EXACT_TERMS
            rough = unknown[terms > EXACT_TERMS]
            if rough.size:
                book.remember_rough(window, keys[rough], cost[rough])
    if new.size:
        book.remember(keys[new], clear[new], np.where(exact[new], cost[new], np.nan), past[new], figures)
    return legal, cost


@lru_cache(maxsize=256)
def _upper(n: int) -> np.ndarray:
    """The ``n × n`` mask of the pairs ``i < j``, read-only and remembered (a byte a
    cell): every search of a graph of ``n`` nodes starts from every pair."""
    mask = np.triu(np.ones((n, n), dtype=bool), 1)
    mask.flags.writeable = False
    return mask


#: A first search keeps to the waypoints of routes dearer than the straight distance by
#: at most this factor plus margin; the next looks three times as far afield (dearer
#: than the straight distance), but no farther than the route the last one found if it
#: found one dearer than its ellipse holds (an ellipse that size holds the best). A
#: graph of at most ``PRUNE_NODES`` nodes is searched whole at once: small, it costs
#: less than two tries.
PRUNE_SLACK = 1.03
PRUNE_MARGIN = 0.25
PRUNE_WIDEN = 3.0
PRUNE_NODES = 100
#: A graph of at least this many legs is searched by scipy's Dijkstra (the library's
#: fixed cost, about that of a Python search of that many legs, is then the lesser);
#: one with a leg of no length (two nodes at one point) by the search here: the
#: library's sparse matrices drop a weight of 0.
LIBRARY_LEGS = 750
#: Rounding allowance of the lower bounds that leave a waypoint or leg out of a search.
_PRUNE_EPS = 1e-6
#: Rounding allowance of the lower bound that leaves a node unfollowed in a search (far
#: above the float noise of sums of a few dozen legs).
_HOPELESS = 1e-7


def route(
    start: Point,
    goal: Target,
    arena: Arena,
    field: DifficultField,
    ignore_difficult: bool,
    bound: float,
    book: LegBook | None = None,
    floor: float = -math.inf,
    whole: bool = True,
    aim: float = -math.inf,
    figures: int = -1,
) -> Verdict:
    """The cheapest route of cost ≤ ``bound`` through the waypoints (see :class:`Verdict`);
    ``book`` holds what the terrain says of legs judged before (:mod:`legbook`);
    ``floor``: a cost no route is expected within (a narrower search found none), so
    the ellipses of that size or less are not searched. ``whole`` False: when the thin
    ellipses searched held no route within the bound, the whole graph is not searched
    (a verdict not ``searched``): a wider search that finds its cheapest chain dearer
    than the bound settles it (:func:`planner.graph_route`). ``aim``: the first ellipse
    searched, when wider than the thin one. ``figures``: the arena's bases' number in
    the book (:meth:`LegBook.figures`), whose verdicts on legs it keeps too (-1: none).

    Dijkstra over every legal leg within the bound's ellipse gives it; so does Dijkstra
    over the legs within a smaller ellipse of size ``u``, whenever the route found costs
    at most ``u``. Every waypoint and leg of a route of cost ≤ ``u`` lies in that
    ellipse (its straight distance from the start plus the leg plus the straight
    distance on to the goal is a lower bound on the route's cost), so the smaller graph
    holds every such route, with the same costs, and the waypoints in the same order:
    the same search settles the same nodes in the same order up to that route, and
    returns it, ties and all. So a search starts in a thin ellipse round the straight
    line and widens it until it holds the route it finds (a route found dearer than the
    ellipse bounds the next one: that holds the best). The one thing a smaller graph
    cannot tell is whether some leg outside it crosses difficult terrain (which decides
    whether the route is bent where it crosses woods, :func:`visibility.refract`): where
    that could change the answer, the whole graph is searched."""
    cands = _Candidates(start, goal, arena, field, ignore_difficult, bound, book)
    # (a book that keeps the verdicts on the bases too answers for the legs met before)
    legs = _Legs(cands.px.size, cands.rims.shape[0]) if book is None or figures < 0 else None
    certain = not field or ignore_difficult  # no leg crosses difficult terrain anywhere
    h0 = float(cands.h[0])
    u = min(bound, PRUNE_SLACK * h0 + PRUNE_MARGIN) if cands.px.size > PRUNE_NODES else bound
    u = max(u, min(aim, bound))
    thin = held = False  # a thin ellipse was searched; one held a route within the bound
    while u < bound:
        if u <= floor:
            u = min(bound, h0 + (u - h0) * PRUNE_WIDEN)
            continue
        top = u + _PRUNE_EPS
        nodes = cands.nodes(cands.g + cands.h <= top)
        graph = _graph(nodes, arena, field, ignore_difficult, top, legs, book,
                       None if book is None else cands.book_ids(nodes.ids),
                   None if book is None else cands.proj_ids(nodes.ids), figures)
        best = _shortest(graph, graph.cost, bound)
        thin = True
        if best is None:
            u = min(bound, h0 + (u - h0) * PRUNE_WIDEN)
            continue
        held = True
        if best[1] > u:  # the best route costs no more: a search that wide finds it
            u = min(best[1], h0 + (u - h0) * PRUNE_WIDEN)
            continue
        rough = True if graph.rough else (False if certain else None)
        verdict = _settle(graph, best, goal, arena, field, ignore_difficult, bound, rough)
        if verdict is not None:
            return replace(verdict, least=best[1])
        break
    if thin and not held and not whole:
        return Verdict(None, math.inf, searched=False, held_none=top)
    nodes = cands.nodes(np.ones(cands.px.size, dtype=bool))
    graph = _graph(nodes, arena, field, ignore_difficult, bound, legs, book,
                   None if book is None else cands.book_ids(nodes.ids),
                   None if book is None else cands.proj_ids(nodes.ids), figures)
    best = _shortest(graph, graph.cost, bound)
    if best is None:
        return Verdict(None, math.inf)
    verdict = _settle(graph, best, goal, arena, field, ignore_difficult, bound, graph.rough)
    assert verdict is not None
    return replace(verdict, least=best[1])


def _settle(graph: _Graph, best: tuple[list[int], float], goal: Target, arena: Arena,
            field: DifficultField, ignore_difficult: bool, bound: float, rough: bool | None
            ) -> Verdict | None:
    """The route from the graph's best chain: set taut on its circles, and where legs
    cross difficult terrain (``rough``) bent at the crossings, or the shortest chain's
    if that comes out cheaper. ``rough`` None: not known (no leg of this graph crosses
    difficult terrain, some leg outside it might); the route is returned only if it is
    the same either way, else None."""
    n, ends, nodes = graph.n, graph.ends, graph.nodes
    px, py = nodes.px, nodes.py
    chains = [best[0]]
    if rough is not False:  # the shortest route goes through woods the cheapest goes round:
        short = _shortest(graph, graph.length, bound)
        if short is not None and short[0] != best[0]:  # bent at its crossings, it may win
            if rough is None:
                return None
            chains.append(short[0])
    found: list[tuple[float, list[Point]]] = []
    for chain in chains:
        e = chain[-1] - n
        route_pts = [(float(px[c]), float(py[c])) for c in chain[:-1]]
        route_pts.append((float(ends[e, 0]), float(ends[e, 1])))
        circles = [nodes.arcs.circle(c - 1) for c in chain[1:-1]]
        corners = taut(route_pts, circles, goal, not graph.on_rim[e], arena)
        exact = None
        if rough is not False:  # only ever with difficult terrain that counts
            bent, exact = refract(corners, goal, not graph.on_rim[e], arena, field)
            if rough is None and bent != corners:
                return None
            corners = bent
        if exact is None:
            exact = field.path_cost(corners, ignore_difficult)
        graph_cost = best[1] if chain is best[0] else field.path_cost(route_pts, ignore_difficult)
        if exact > graph_cost:  # a tauter route dearer through difficult terrain
            corners, exact = route_pts, graph_cost
        found.append((exact, corners))
    exact, corners = min(found, key=lambda f: f[0])
    return Verdict(corners, exact)


def _enters(wx: np.ndarray, wy: np.ndarray, ex: np.ndarray, ey: np.ndarray, len2: np.ndarray,
            r2: np.ndarray) -> np.ndarray:
    """Which legs ``a → a + e`` (``len2`` = |e|²) pass nearer than ``√r2`` to a centre at
    ``a + w`` with the nearest point strictly inside the leg: those surely cut into the
    circle. (A leg from a waypoint, which stands outside its circle, to a free point
    can come that near its circle's centre nowhere else.)"""
    dot = wx * ex + wy * ey
    cross = wx * ey - wy * ex
    return (dot > 0.0) & (dot < len2) & (cross * cross < r2 * len2)


def _shortest(graph: _Graph, w: np.ndarray, bound: float) -> tuple[list[int], float] | None:
    """The route Dijkstra from node 0 finds to the cheapest end (nodes ``n`` on), over
    legs weighing ``w`` (their cost or their length): its chain and cost.

    Large graphs go to scipy's Dijkstra (:data:`LIBRARY_LEGS`); small ones, where a
    library call costs more than the search, to a plain heap here. It settles nodes in
    the order of their distance plus their straight distance on to the goal (A*: a lower
    bound, as no leg is shorter than the straight line, so the nodes of the cheapest
    routes come first), and a node for which that sum
    exceeds the cheapest end reached so far is not followed: no route through it can
    win or tie. The search goes on until every node left is that hopeless; then every
    node of a route to an end at most that cheap is settled, at the distance Dijkstra
    gives it, and so is every leg that ties on the way into one. Dijkstra's own answer
    follows from those distances (see :func:`_dijkstra_chain`), ties and all, settling
    fewer nodes than Dijkstra (which settles every node nearer than the goal)."""
    n, ends = graph.n, graph.ends.shape[0]
    if ends == 0:
        return None
    weights = w[graph.order]
    if weights.size >= LIBRARY_LEGS and bool((weights > 0.0).all()):
        dist = _library_distances(graph, weights, bound + 1e-9)
        best = min(dist[n:])
        if best == math.inf:
            return None
        return _dijkstra_chain(graph, *graph.rows, weights, dist), best
    first, to, rest = graph.adjacency
    cost = weights.tolist()
    dist = [math.inf] * (n + ends)
    dist[0] = 0.0
    top = bound + 1e-9
    best = math.inf  # the cheapest end reached so far
    heap = [(rest[0], 0)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        f, u = pop(heap)
        if f > best + _HOPELESS:
            break  # every node left is hopeless
        d = dist[u]
        if u >= n or f > d + rest[u]:
            continue  # an end, or reached more cheaply since
        a, b = first[u], first[u + 1]
        cut = best + _HOPELESS
        for v, c in zip(to[a:b], cost[a:b], strict=False):  # the legs out of u, in order
            nd = d + c
            if nd < dist[v] and nd <= top and nd + rest[v] <= cut:
                dist[v] = nd
                push(heap, (nd + rest[v], v))
                if v >= n and nd < best:
                    best = nd
    if best == math.inf:
        return None
    return _dijkstra_chain(graph, *graph.rows, weights, dist), best


def _library_distances(graph: _Graph, weights: np.ndarray, top: float) -> list[float]:
    """Every node's and end's distance from the start by scipy's Dijkstra over the legs a
    search follows (``weights``, in their order), ``inf`` beyond ``top``: the distances
    :func:`_shortest`'s own search gives the nodes it settles (the same sums, each the
    least over the legs into the node), and a larger one (so never that of a chain's
    node, or of a leg tying into one) to every node beyond the cheapest end. Imported
    on the first large graph: the import costs a third of a second."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    size = graph.n + graph.ends.shape[0]
    rows, columns = graph.compressed
    dist = dijkstra(csr_matrix((weights, columns, rows), shape=(size, size)), indices=0)
    dist[dist > top] = math.inf
    return dist.tolist()


def _dijkstra_chain(graph: _Graph, first: np.ndarray, to: np.ndarray, cost: np.ndarray,
                    dist: list[float]) -> list[int]:
    """The chain Dijkstra returns, from the distances of the nodes on the cheapest routes.

    Dijkstra settles nodes in the order of ``(distance, number)`` and returns the first
    end it settles: the one of least ``(distance, number)``. A node's predecessor is
    the first settled node whose leg reaches it at its distance: of the nodes ``u``
    with ``dist[u] + c == dist[v]``, the one of least ``(dist[u], u)`` (settled before
    ``v``). Legs between nodes run both ways at the same weight, so the legs into a
    node are read from those out of it (those from the start apart: a search follows
    no leg back to it); each end is the end of one leg, the last legs of the graph. (The
    legs are read as :attr:`_Graph.rows` lists them, with their weights ``cost``: only
    those of the chain's nodes.)

    Two nodes may stand at one point (the corners of two bases' rims that meet), joined
    by a leg a rounding error long: both then have one distance, and the one of the
    larger number may be settled first and lead into the other. Where no node settled
    before ``v`` leads into it, its predecessor is the least ``(dist[u], u)`` of the
    nodes that reach it at its distance and are not on the chain already (a search
    never goes back along its own chain)."""
    n, ends = graph.n, graph.ends.shape[0]
    e = min(range(n, n + ends), key=dist.__getitem__)
    chain = [e, int(graph.src[graph.src.size - ends + e - n])]
    a, b = first[0], first[1]
    from_start = dict(zip(to[a:b].tolist(), cost[a:b].tolist(), strict=True))
    while chain[-1] != 0:
        v = chain[-1]
        dv = dist[v]
        if v in from_start and from_start[v] == dv:
            chain.append(0)
            continue
        a, b = first[v], first[v + 1]
        into = min(((dist[u], u) for u, c in zip(to[a:b].tolist(), cost[a:b].tolist(), strict=True)
                    if u < n and dist[u] + c == dv and u not in chain), default=None)
        assert into is not None, "a settled node with no leg into it at its distance"
        chain.append(into[1])
    return chain[::-1]
