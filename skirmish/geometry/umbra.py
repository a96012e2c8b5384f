"""Proofs that a figure walking a straight leg stays out of another's sight (D-4 Spot).

Spot is checked every 0.25 pas along a move, against every enemy that might trigger a
test; most such enemies stay hidden behind one building the whole way. Sampling that
costs a few hundred sight lines per move, so a leg is first offered to this proof, and
only the samples it cannot clear are looked at one by one.

The sight lines between two bases (:mod:`sightlines`) run from a disc X of radius
0.9 r round the mover's centre to a disc D of radius 0.9 r' round the other's. A convex
blocking part K disjoint from X and D that meets both outer common tangent segments of X
and D meets every segment from X to D: a chord of K joins the two tangents, and it cuts
the hull of X ∪ D in two with X on one side and D on the other. The points from which K
hides all of D form a convex set (an intersection of convex shadows), so K hides D from
every disc along a leg as soon as it hides it from the discs at both ends. The part must
stay active for every sample too: its piece contains neither centre and is not lower
than both figures.

Every test keeps a margin far above rounding error, so a proof holds for the exact
geometry and for the rounded arithmetic of the sampled checks alike; a case too close
to call is simply not proved, and gets sampled.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from skirmish.geometry.convex import Part
from skirmish.geometry.primitives import INSIDE_EPS, Point
from skirmish.geometry.sightlines import SIDE_OFFSET

#: Margin of every test in a proof (pas): far above rounding, far below anything visible.
MARGIN = 1e-6
#: An unproved leg is halved while its halves are at least this long (pas).
MIN_LEG = 1.0
#: Figures whose candidate parts are remembered, at most (then the memo starts afresh).
MEMO_SIZE = 10_000

def tangents(
    px: float, py: float, r1: float, ox: float, oy: float, r2: float
) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]] | None:
    """The two outer common tangent segments of discs ``(p, r1)`` and ``(o, r2)`` (from
    tangent point to tangent point), or None when the discs come within ``MARGIN``."""
    dx = ox - px
    dy = oy - py
    d = math.hypot(dx, dy)
    if d <= r1 + r2 + MARGIN:
        return None
    ux = dx / d
    uy = dy / d
    c = (r1 - r2) / d
    s = math.sqrt(1.0 - c * c)
    out = []
    for sign in (1.0, -1.0):
        nx = ux * c - sign * uy * s
        ny = uy * c + sign * ux * s
        out.append((px + r1 * nx, py + r1 * ny, ox + r2 * nx, oy + r2 * ny))
    return out[0], out[1]


class Umbra:
    """The blocking parts of a table, and the proof that a leg stays hidden."""

    def __init__(self, parts: list[Part]) -> None:
        self.parts = parts
        self.by_piece: dict[int, list[Part]] = {}
        for part in parts:
            self.by_piece.setdefault(part.piece, []).append(part)
        self._memo: dict[tuple[float, float, float, float], list[Part]] = {}

    def hidden_spans(
        self, path: Sequence[Point], radius: float, other: tuple[float, float, float], floor: float
    ) -> list[list[tuple[float, float]]]:
        """For each leg of ``path``, the stretches ``(t0, t1)`` (fractions) along which one
        part provably blocks every sight line between a base of ``radius`` and the
        ``other`` base: the whole leg, or else halves, quarters… down to ``MIN_LEG`` pas.
        Only parts at least ``floor`` high count (lower ones may be seen over)."""
        ox, oy, orad = other
        ro = SIDE_OFFSET * orad + MARGIN
        rx = SIDE_OFFSET * radius + MARGIN
        candidates = self._candidates(other, floor)
        if not candidates:
            return [[] for _ in path[1:]]
        return [
            self._leg(path[i], path[i + 1], candidates, rx, (ox, oy, ro))
            for i in range(len(path) - 1)
        ]

    def _candidates(self, other: tuple[float, float, float], floor: float) -> list[Part]:
        """The parts that may hide things from ``other``: high enough, clear of its sight
        disc, their piece not holding its centre. Remembered: figures stand still while
        others move past them."""
        key = (*other, floor)
        found = self._memo.get(key)
        if found is None:
            ox, oy, orad = other
            ro = SIDE_OFFSET * orad + MARGIN
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            found = self._memo[key] = [
                part for part in self.parts
                if part.height >= floor and part.clear_of(ox, oy, ro + MARGIN)
                and self._keeps_out(part.piece, ox, oy, ox, oy)
            ]
        return found

    def _leg(
        self, a: Point, b: Point, candidates: list[Part], rx: float, other: tuple[float, float, float]
    ) -> list[tuple[float, float]]:
        """:meth:`hidden_spans` for one leg; the parts hiding the other from each end
        point tried are remembered, as halving shares them."""
        ox, oy, ro = other
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        hiders: dict[float, list[Part]] = {}

        def at(t: float) -> list[Part]:
            found = hiders.get(t)
            if found is None:
                x = a[0] + (b[0] - a[0]) * t
                y = a[1] + (b[1] - a[1]) * t
                found = hiders[t] = _hiders(candidates, x, y, rx, ox, oy, ro)
            return found

        out: list[tuple[float, float]] = []
        todo = [(0.0, 1.0)]
        while todo:
            t0, t1 = todo.pop()
            ends = at(t1)
            shared = [part for part in at(t0) if part in ends] if ends else []
            if shared and self._leg_clear(shared, a, b, t0, t1):
                out.append((t0, t1))
            elif (t1 - t0) * length >= 2.0 * MIN_LEG:
                mid = (t0 + t1) / 2.0
                todo += [(mid, t1), (t0, mid)]
        return out

    def _keeps_out(self, piece: int, px: float, py: float, qx: float, qy: float) -> bool:
        """Whether no part of the piece comes near ``p → q``: a piece containing the
        centre of either figure does not block their sight."""
        m = INSIDE_EPS + MARGIN
        return all(part.misses(px, py, qx, qy, m) for part in self.by_piece[piece])

    def _leg_clear(self, parts: list[Part], a: Point, b: Point, t0: float, t1: float) -> bool:
        """Whether one of ``parts`` belongs to a piece the stretch ``t0 → t1`` keeps out of."""
        px = a[0] + (b[0] - a[0]) * t0
        py = a[1] + (b[1] - a[1]) * t0
        qx = a[0] + (b[0] - a[0]) * t1
        qy = a[1] + (b[1] - a[1]) * t1
        return any(self._keeps_out(part.piece, px, py, qx, qy) for part in parts)


def _hiders(
    parts: list[Part], x: float, y: float, rx: float, ox: float, oy: float, ro: float
) -> list[Part]:
    """The parts that hide the disc ``(o, ro)`` from the disc ``(x, rx)`` whole: clear of
    both and meeting both outer tangents."""
    both = tangents(x, y, rx, ox, oy, ro)
    if both is None:
        return []
    (ax, ay, bx, by), (cx, cy, dx, dy) = both
    r = max(rx, ro)
    x0 = min(x, ox) - r
    y0 = min(y, oy) - r
    x1 = max(x, ox) + r
    y1 = max(y, oy) + r
    return [
        part for part in parts
        if part.box[0] <= x1 and part.box[2] >= x0 and part.box[1] <= y1 and part.box[3] >= y0
        and part.meets(ax, ay, bx, by, MARGIN) and part.meets(cx, cy, dx, dy, MARGIN)
        and part.clear_of(x, y, rx + MARGIN)
    ]
