"""Line of sight between two figures, one pair at a time, with pymunk (R-SHOOT-LOS, GAP-20).

Each LOS-blocking piece's convex parts are static pymunk shapes whose category bit is the
piece's own (modulo 32), so a query can leave out the pieces that must not block this
pair with a plain ``ShapeFilter`` mask:

* a piece containing the viewer's or the target's centre (a figure in a wood or on a
  roof sees out and is seen);
* a piece lower than both figures' standing levels (GAP-20, R-SHOOT-ELEV).

Figures block only when the caller passes ``blockers`` (option ``figures_block_los``).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

import pymunk

from skirmish.geometry.primitives import INSIDE_EPS, Disc, Point, as_disc
from skirmish.geometry.sightlines import disc_entry, side_lines
from skirmish.geometry.terrain import CAT_LOS, CAT_RAISED, PieceGeom, Terrain

_ALL_BITS = 0xFFFFFFFF
_CENTRE_FILTER = pymunk.ShapeFilter(mask=CAT_LOS | CAT_RAISED)

Line = tuple[Point, Point, bool]


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
    """The pymunk space of LOS-blocking parts and the single-pair query over it."""

    def __init__(self, terrain: Terrain) -> None:
        self.terrain = terrain
        self.blocking: tuple[PieceGeom, ...] = tuple(p for p in terrain.pieces if p.blocks_los)
        self.bit: dict[int, int] = {p.index: 1 << (k % 32) for k, p in enumerate(self.blocking)}
        #: more than 32 blocking pieces share bits: filter hits in Python instead.
        self.shared_bits = len(self.blocking) > 32
        self.space = pymunk.Space()
        self.shape_piece: dict[pymunk.Shape, PieceGeom] = {}
        shapes: list[pymunk.Shape] = []
        for piece in self.blocking:
            for part in piece.parts:
                shape = pymunk.Poly(self.space.static_body, part)
                shape.filter = pymunk.ShapeFilter(categories=self.bit[piece.index])
                self.shape_piece[shape] = piece
                shapes.append(shape)
        if shapes:
            self.space.add(*shapes)
        ordered = sorted(self.blocking, key=lambda p: p.height)
        self._heights = [p.height for p in ordered]
        self._below: list[int] = [0]
        self._below_ids: list[frozenset[int]] = [frozenset()]
        for p in ordered:
            self._below.append(self._below[-1] | self.bit[p.index])
            self._below_ids.append(self._below_ids[-1] | {p.index})
        self._filters: dict[int, pymunk.ShapeFilter] = {}

    def _filter(self, excluded_bits: int) -> pymunk.ShapeFilter:
        filt = self._filters.get(excluded_bits)
        if filt is None:
            filt = pymunk.ShapeFilter(mask=_ALL_BITS & ~excluded_bits)
            self._filters[excluded_bits] = filt
        return filt

    def _centre_info(self, p: Point) -> tuple[set[int], float]:
        """Blocking pieces containing ``p`` (by index) and the standing level there."""
        inside: set[int] = set()
        level = 0.0
        owner = self.terrain.shape_piece
        for hit in self.terrain.space.point_query(p, INSIDE_EPS, _CENTRE_FILTER):
            piece = owner[hit.shape]
            if piece.blocks_los:
                inside.add(piece.index)
            if piece.raised and piece.height > level:
                level = piece.height
        return inside, level

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
        in_v, lv = self._centre_info(a)
        in_t, lt = self._centre_info(b)
        if levels is not None:
            lv, lt = float(levels[0]), float(levels[1])
        excluded = in_v | in_t
        k = bisect.bisect_left(self._heights, min(lv, lt))
        excluded_ids = excluded | self._below_ids[k]
        bits = self._below[k]
        for idx in excluded:
            bits |= self.bit[idx]
        filt = self._filter(bits)
        others = [as_disc(d) for d in blockers]
        others = [d for d in others if d != viewer and d != target]

        def first_block(p: Point, q: Point) -> tuple[float, str, Point] | None:
            hit = self._terrain_hit(p, q, filt, excluded_ids)
            fig = disc_entry(p, q, others) if others else None
            if fig is not None and (hit is None or fig[0] < hit[0]):
                t = fig[0]
                return t, "figure", (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
            return hit

        centre = first_block(a, b)
        if centre is None:
            return Sight(True, None, None, ((a, b, True),))
        lines: list[Line] = [(a, b, False)]
        for p, q in side_lines(viewer, target):
            clear = first_block(p, q) is None
            lines.append((p, q, clear))
            if clear:
                return Sight(True, None, None, tuple(lines))
        return Sight(False, centre[1], centre[2], tuple(lines))

    def _terrain_hit(
        self, p: Point, q: Point, filt: pymunk.ShapeFilter, excluded: set[int] | frozenset[int]
    ) -> tuple[float, str, Point] | None:
        """First blocking piece along ``p → q`` that is not excluded for this pair."""
        if not self.shared_bits:
            hit = self.space.segment_query_first(p, q, 0.0, filt)
            if hit is None:
                return None
            piece = self.shape_piece[hit.shape]
            return hit.alpha, piece.id, (float(hit.point.x), float(hit.point.y))
        best: tuple[float, str, Point] | None = None
        for hit in self.space.segment_query(p, q, 0.0, pymunk.ShapeFilter()):
            piece = self.shape_piece[hit.shape]
            if piece.index in excluded:
                continue
            if best is None or hit.alpha < best[0]:
                best = (hit.alpha, piece.id, (float(hit.point.x), float(hit.point.y)))
        return best
