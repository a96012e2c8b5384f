"""Line of sight between two figures, one pair at a time (R-SHOOT-LOS, GAP-20).

Each line is tested in plain Python against the LOS-blocking pieces' convex parts
(:mod:`convex`, the planes and formulas of the vectorised kernel), leaving out the pieces
that must not block this pair:

* a piece containing the viewer's or the target's centre (a figure in a wood or on a
  roof sees out and is seen);
* a piece lower than both figures' standing levels (GAP-20, R-SHOOT-ELEV).

Figures block only when the caller passes ``blockers`` (option ``figures_block_los``).
The same parts also sit in a pymunk space, for benchmarks and debug drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pymunk

from skirmish.geometry.convex import Part, parts_of
from skirmish.geometry.primitives import Disc, Point, as_disc
from skirmish.geometry.sightkernel import VisibilityKernel
from skirmish.geometry.sightlines import disc_entry, side_lines

Line = tuple[Point, Point, bool]
#: Points whose containing pieces are remembered, at most (then the memo starts afresh).
POINT_MEMO_SIZE = 10_000


@dataclass(frozen=True, slots=True)
class Sight:
    """The answer to "can A see B?", with what the UI needs to explain a "no".

    ``blocker`` is the id of the piece (or ``"figure"``) that blocks the centre line when
    the target is not visible; ``point`` is where that line is first blocked; ``lines``
    are the lines tried, with whether each was clear.
    """

    visible: bool
    blocker: str | None = None
    point: Point | None = None
    lines: tuple[Line, ...] = ()


class SightIndex:
    """The LOS-blocking parts (and the raised ones, for levels) and the single-pair query."""

    def __init__(self, kernel: VisibilityKernel) -> None:
        self.blocking = kernel.blocking
        self.parts = parts_of(kernel.parts, kernel.blocking)
        self.raised = parts_of(kernel.raised_parts, kernel.raised)
        self.space = pymunk.Space()
        self.space.add(*(pymunk.Poly(self.space.static_body, part.corners) for part in self.parts))
        self._inside_memo: dict[Point, frozenset[int]] = {}

    def level_at(self, x: float, y: float) -> float:
        """Standing level at a point: the highest raised part containing it, else 0."""
        level = 0.0
        for part in self.raised:
            if part.height > level and part.near(x, y, x, y) and part.contains(x, y):
                level = part.height
        return level

    def _inside(self, x: float, y: float) -> frozenset[int]:
        """Blocking pieces containing the point (by index), remembered per point: figures
        stand still while many pairs are asked about."""
        found = self._inside_memo.get((x, y))
        if found is None:
            if len(self._inside_memo) >= POINT_MEMO_SIZE:
                self._inside_memo.clear()
            found = self._inside_memo[(x, y)] = frozenset(
                [part.piece for part in self.parts if part.near(x, y, x, y) and part.contains(x, y)]
            )
        return found

    def _active(self, viewer: Disc, target: Disc, levels: tuple[float, float] | None) -> list[Part]:
        """The parts that may block this pair: not in a piece holding either centre, not
        lower than both levels, and meeting the box of the two bases (every line lies in it)."""
        if levels is None:
            levels = (self.level_at(viewer[0], viewer[1]), self.level_at(target[0], target[1]))
        low = min(float(levels[0]), float(levels[1]))
        excluded = self._inside(viewer[0], viewer[1]) | self._inside(target[0], target[1])
        x0 = min(viewer[0] - viewer[2], target[0] - target[2])
        y0 = min(viewer[1] - viewer[2], target[1] - target[2])
        x1 = max(viewer[0] + viewer[2], target[0] + target[2])
        y1 = max(viewer[1] + viewer[2], target[1] + target[2])
        return [
            p for p in self.parts
            if p.height >= low and p.box[0] <= x1 and p.box[2] >= x0 and p.box[1] <= y1
            and p.box[3] >= y0 and p.piece not in excluded
        ]

    def visible(self, viewer: Disc, target: Disc, levels: tuple[float, float] | None = None) -> bool:
        """``sight(viewer, target, (), levels).visible`` without building the answer (many
        points along a route, D-4; every enemy at every step). The centre line is tried
        against the active parts as they are found, and the side lines only against those
        (the part that blocked the centre first): the same tests as :meth:`sight`."""
        vx, vy, vr = viewer
        tx, ty, tr = target
        if levels is None:
            levels = (self.level_at(vx, vy), self.level_at(tx, ty))
        low, high = levels
        if high < low:  # min() of the two, without the call (levels compare exactly)
            low = high
        inside = self._inside_memo
        out_v = inside.get((vx, vy))
        if out_v is None:
            out_v = self._inside(vx, vy)
        out_t = inside.get((tx, ty))
        if out_t is None:
            out_t = self._inside(tx, ty)
        # the box of both bases, min() and max() written out
        x0, a = vx - vr, tx - tr
        if a < x0:
            x0 = a
        y0, a = vy - vr, ty - tr
        if a < y0:
            y0 = a
        x1, a = vx + vr, tx + tr
        if a > x1:
            x1 = a
        y1, a = vy + vr, ty + tr
        if a > y1:
            y1 = a
        active = []
        hit = None
        for p in self.parts:
            bx0, by0, bx1, by1 = p.box
            if (p.height >= low and bx0 <= x1 and bx1 >= x0 and by0 <= y1
                    and by1 >= y0 and p.piece not in out_v and p.piece not in out_t):
                if hit is None and p.hit(vx, vy, tx, ty):
                    hit = p
                else:
                    active.append(p)
        if hit is None:
            return True
        active.insert(0, hit)
        for (px, py), (qx, qy) in side_lines(viewer, target):
            for part in active:
                if part.hit(px, py, qx, qy):
                    break
            else:
                return True
        return False

    def sight(
        self,
        viewer: Disc,
        target: Disc,
        blockers: Sequence[Disc] = (),
        levels: tuple[float, float] | None = None,
    ) -> Sight:
        """Whether ``viewer`` sees ``target`` (GAP-20 a); if not, what blocks the centre line."""
        viewer = as_disc(viewer)
        target = as_disc(target)
        a = (viewer[0], viewer[1])
        b = (target[0], target[1])
        active = self._active(viewer, target, levels)
        others = [d for d in map(as_disc, blockers) if d != viewer and d != target] if blockers else []
        hit = _terrain_hit(active, a, b)
        fig = disc_entry(a, b, others) if others else None
        if fig is not None and (hit is None or fig[0] < hit[0]):
            at, blocker = fig[0], "figure"
        elif hit is not None:
            at, blocker = hit[0], self.blocking[hit[1].piece].id
        else:
            return Sight(True, None, None, ((a, b, True),))
        if hit is not None:  # what blocks the centre line most likely blocks the others too
            active.remove(hit[1])
            active.insert(0, hit[1])
        lines: list[Line] = [(a, b, False)]
        for p, q in side_lines(viewer, target):
            clear = _first_blocking(active, p, q) is None and (
                not others or disc_entry(p, q, others) is None
            )
            lines.append((p, q, clear))
            if clear:
                return Sight(True, None, None, tuple(lines))
        point = (a[0] + at * (b[0] - a[0]), a[1] + at * (b[1] - a[1]))
        return Sight(False, blocker, point, tuple(lines))


def _first_blocking(parts: list[Part], p: Point, q: Point) -> Part | None:
    """The first of ``parts`` that meets ``p → q`` (plain loops: on these hot paths,
    ``any`` or ``next`` over a generator costs more than the tests)."""
    px, py = p
    qx, qy = q
    for part in parts:
        if part.hit(px, py, qx, qy):
            return part
    return None


def _terrain_hit(parts: list[Part], p: Point, q: Point) -> tuple[float, Part] | None:
    """The first of ``parts`` along ``p → q``, and where (fraction of the way)."""
    best: tuple[float, Part] | None = None
    for part in parts:
        if part.hit(p[0], p[1], q[0], q[1]):
            t = part.entry(p[0], p[1], q[0], q[1])
            if best is None or t < best[0]:
                best = (t, part)
    return best
