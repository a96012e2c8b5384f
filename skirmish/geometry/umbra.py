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
    """The blocking parts of a table, and the proofs that stretches of a leg stay hidden."""

    def __init__(self, parts: list[Part]) -> None:
        self.parts = parts
        self.by_piece: dict[int, list[Part]] = {}
        for part in parts:
            self.by_piece.setdefault(part.piece, []).append(part)
        self._memo: dict[tuple[float, float, float, float], list[Part]] = {}
        #: The parts hiding a disc from a point (:func:`_hiders`), by point, its disc's
        #: radius, the hidden disc and the floor: a move starts where the last one ended.
        self.hiders: dict[tuple[float, ...], list[Part]] = {}

    def shadow(
        self, a: Point, b: Point, radius: float, other: tuple[float, float, float], floor: float
    ) -> Shadow | None:
        """Proofs for stretches of the leg ``a → b`` walked by a base of ``radius``, against
        the ``other`` base; only parts at least ``floor`` high count (lower ones may be seen
        over). None when no part could hide anything from ``other``."""
        candidates = self._candidates(other, floor)
        return Shadow(self, a, b, radius, other, floor, candidates) if candidates else None

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
                and self.keeps_out(part.piece, ox, oy, ox, oy)
            ]
        return found

    def keeps_out(self, piece: int, px: float, py: float, qx: float, qy: float) -> bool:
        """Whether no part of the piece comes near ``p → q``: a piece containing the
        centre of either figure does not block their sight."""
        m = INSIDE_EPS + MARGIN
        for part in self.by_piece[piece]:  # noqa: SIM110 - all() over a generator costs more
            if not part.misses(px, py, qx, qy, m):
                return False
        return True


class Shadow:
    """One leg against one other figure: which stretches ``t0 → t1`` (fractions of the
    leg) one part provably hides whole. The parts hiding the other from each point tried
    are remembered, as halving a stretch shares its ends."""

    def __init__(
        self, umbra: Umbra, a: Point, b: Point, radius: float, other: tuple[float, float, float],
        floor: float, candidates: list[Part],
    ) -> None:
        self.umbra = umbra
        self._ax, self._ay = a
        self._dx = b[0] - a[0]
        self._dy = b[1] - a[1]
        self.length = math.hypot(self._dx, self._dy)
        self.rx = SIDE_OFFSET * radius + MARGIN
        self.other = (other[0], other[1], SIDE_OFFSET * other[2] + MARGIN)
        self.floor = floor
        self.candidates = candidates
        self._hiders: dict[float, list[Part]] = {}

    def point(self, t: float) -> Point:
        """The point a fraction ``t`` of the way along the leg."""
        return (self._ax + self._dx * t, self._ay + self._dy * t)

    def _at(self, t: float) -> list[Part]:
        found = self._hiders.get(t)
        if found is None:
            x = self._ax + self._dx * t  # self.point(t), written out
            y = self._ay + self._dy * t
            ox, oy, ro = self.other
            key = (x, y, self.rx, ox, oy, ro, self.floor)  # the candidates follow from these
            memo = self.umbra.hiders
            found = memo.get(key)
            if found is None:
                if len(memo) >= MEMO_SIZE:
                    memo.clear()
                found = memo[key] = _hiders(self.candidates, x, y, self.rx, ox, oy, ro)
            self._hiders[t] = found
        return found

    def hides(self, t0: float, t1: float) -> bool:
        """Whether one part blocks every sight line from anywhere on the stretch."""
        ends = self._at(t1)
        if not ends:
            return False
        starts = self._at(t0)
        if not starts:
            return False
        ax, ay, dx, dy = self._ax, self._ay, self._dx, self._dy
        px, py, qx, qy = ax + dx * t0, ay + dy * t0, ax + dx * t1, ay + dy * t1
        keeps_out = self.umbra.keeps_out
        for part in starts:  # noqa: SIM110 - any() over a generator costs more here
            if part in ends and keeps_out(part.piece, px, py, qx, qy):
                return True
        return False


def _hiders(
    parts: list[Part], x: float, y: float, rx: float, ox: float, oy: float, ro: float
) -> list[Part]:
    """The parts that hide the disc ``(o, ro)`` from the disc ``(x, rx)`` whole: clear of
    both and meeting both outer tangents. Such a part meets the centre line too, the
    cheaper test, tried first."""
    x0, x1 = (x, ox) if x < ox else (ox, x)
    y0, y1 = (y, oy) if y < oy else (oy, y)
    near = []
    for part in parts:
        bx0, by0, bx1, by1 = part.box
        if bx0 <= x1 and bx1 >= x0 and by0 <= y1 and by1 >= y0 and part.hit(x, y, ox, oy):
            near.append(part)
    if not near:
        return []
    both = tangents(x, y, rx, ox, oy, ro)
    if both is None:
        return []
    (ax, ay, bx, by), (cx, cy, dx, dy) = both
    return [
        part for part in near
        if part.meets(ax, ay, bx, by, MARGIN) and part.meets(cx, cy, dx, dy, MARGIN)
        and part.clear_of(x, y, rx + MARGIN)
    ]
