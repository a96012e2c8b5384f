"""Terrain pieces as the table holds them: normalised rings, convex parts, unions, lookups.

The scenario's pieces are duck-typed (``id, name, kind, polygon, blocks_los, cover,
height``); this module turns them into what the queries need once, at table set-up:
a counter-clockwise ring, its convex parts, shapely unions per kind for movement, and a
pymunk space of every part for fast point queries (levels, terrain type, containment).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pymunk
import shapely

from skirmish.geometry.costs import DifficultField
from skirmish.geometry.edges import EdgeSet
from skirmish.geometry.polygons import Ring, convex_parts, is_convex, normalise, polygon_problem
from skirmish.geometry.primitives import INSIDE_EPS, Point

#: pymunk category bits of the point-query space (one bit per property a query asks about).
CAT_LOS = 1
CAT_RAISED = 2
CAT_IMPASSABLE = 4
CAT_DIFFICULT = 8
CAT_COVER = 16


class PieceLike(Protocol):
    """What a terrain piece must offer (``skirmish.content.scenario.TerrainPiece`` does)."""

    id: str
    name: str
    kind: str
    polygon: Sequence[Sequence[float]]
    blocks_los: bool
    cover: bool
    height: float
    # optional ``raised: bool`` (default False): a hill that lifts the figures on it


@dataclass(frozen=True, slots=True)
class PieceGeom:
    """One piece, normalised: the original record plus the geometry derived from it."""

    index: int
    id: str
    name: str
    kind: str
    blocks_los: bool
    cover: bool
    height: float
    lifts: bool
    ring: Ring
    parts: tuple[Ring, ...]
    convex: bool
    shape: shapely.Polygon
    source: Any

    @property
    def impassable(self) -> bool:
        return self.kind == "impassable"

    @property
    def difficult(self) -> bool:
        return self.kind == "difficult"

    @property
    def raised(self) -> bool:
        """A hill: a walkable piece marked ``raised``; it sets the level of figures on it."""
        return self.lifts and self.kind != "impassable" and self.height > 0.0


def build_piece(index: int, piece: PieceLike, width: float, height: float) -> PieceGeom:
    """Normalise one piece, refusing polygons the scenario validator would refuse."""
    problem = polygon_problem(piece.polygon, width, height)
    if problem is not None:
        raise ValueError(f"terrain piece {piece.id!r}: {problem}")
    if piece.kind not in ("open", "difficult", "impassable"):
        raise ValueError(f"terrain piece {piece.id!r}: unknown kind {piece.kind!r}")
    ring = normalise(piece.polygon)
    shape = shapely.Polygon(ring)
    shapely.prepare(shape)
    return PieceGeom(
        index=index,
        id=str(piece.id),
        name=str(piece.name),
        kind=str(piece.kind),
        blocks_los=bool(piece.blocks_los),
        cover=bool(piece.cover),
        height=float(piece.height),
        lifts=bool(getattr(piece, "raised", False)),
        ring=ring,
        parts=tuple(convex_parts(ring)),
        convex=is_convex(ring),
        shape=shape,
        source=piece,
    )


def _union(pieces: list[PieceGeom]) -> shapely.Geometry | None:
    if not pieces:
        return None
    geom = shapely.union_all([p.shape for p in pieces])
    shapely.prepare(geom)
    return geom


class Terrain:
    """All pieces of a table, with the per-kind unions and indexes movement and sight use."""

    def __init__(self, pieces: Sequence[PieceLike], width: float, height: float) -> None:
        self.pieces: tuple[PieceGeom, ...] = tuple(
            build_piece(i, p, width, height) for i, p in enumerate(pieces)
        )
        ids = [p.id for p in self.pieces]
        if len(set(ids)) != len(ids):
            raise ValueError("terrain piece ids must be unique")
        self.by_id: dict[str, PieceGeom] = {p.id: p for p in self.pieces}
        self.impassable = [p for p in self.pieces if p.impassable]
        self.difficult = [p for p in self.pieces if p.difficult]
        self.cover = [p for p in self.pieces if p.cover]
        self.impassable_union = _union(self.impassable)
        self.difficult_union = _union(self.difficult)
        self.cover_union = _union(self.cover)
        self.walls = EdgeSet.from_geometry(self.impassable_union)
        self.difficult_field = DifficultField(EdgeSet.from_geometry(self.difficult_union))
        self.cover_edges = EdgeSet.from_geometry(self.cover_union)
        self.space, self.shape_piece = self._point_space()

    def _point_space(self) -> tuple[pymunk.Space, dict[pymunk.Shape, PieceGeom]]:
        """Every convex part as a static pymunk shape, tagged with the piece's properties."""
        space = pymunk.Space()
        owner: dict[pymunk.Shape, PieceGeom] = {}
        shapes: list[pymunk.Shape] = []
        for piece in self.pieces:
            cats = (
                (CAT_LOS if piece.blocks_los else 0)
                | (CAT_RAISED if piece.raised else 0)
                | (CAT_IMPASSABLE if piece.impassable else 0)
                | (CAT_DIFFICULT if piece.difficult else 0)
                | (CAT_COVER if piece.cover else 0)
            )
            for part in piece.parts:
                shape = pymunk.Poly(space.static_body, part)
                shape.filter = pymunk.ShapeFilter(categories=cats)
                owner[shape] = piece
                shapes.append(shape)
        if shapes:
            space.add(*shapes)
        return space, owner

    def containing(self, p: Point, mask: int) -> list[PieceGeom]:
        """Pieces (of the categories in ``mask``) whose closed polygon contains ``p``."""
        hits = self.space.point_query(p, INSIDE_EPS, pymunk.ShapeFilter(mask=mask))
        seen: dict[int, PieceGeom] = {}
        for hit in hits:
            piece = self.shape_piece[hit.shape]
            seen[piece.index] = piece
        return [seen[k] for k in sorted(seen)]

    def level_at(self, p: Point) -> float:
        """Standing level: the highest walkable raised piece under ``p`` (a hill), else 0."""
        hits = self.space.point_query(p, INSIDE_EPS, _RAISED_FILTER)
        level = 0.0
        for hit in hits:
            h = self.shape_piece[hit.shape].height
            if h > level:
                level = h
        return level


_RAISED_FILTER = pymunk.ShapeFilter(mask=CAT_RAISED)
