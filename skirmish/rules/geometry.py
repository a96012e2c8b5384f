"""The measured table as the rules see it: a small protocol, so rules never import pymunk.

Everything is in pas. A figure is a *disc* ``(x, y, radius)``. Distances between
figures are edge to edge (GAP-21). ``skirmish.geometry.Table`` implements this
protocol; tests may substitute a fake.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

import numpy as np

Point = tuple[float, float]
Disc = tuple[float, float, float]
TerrainKind = Literal["open", "difficult", "impassable"]

#: GAP-16: bases are in contact when the gap between their edges is at most this.
CONTACT_GAP = 0.1
#: D-2: forced moves stop this far short of figures, impassable terrain and the edge.
FORCED_MOVE_MARGIN = 0.1


class PathLike(Protocol):
    """A legal path: its corner points (start first) and its movement cost in pas."""

    @property
    def points(self) -> tuple[Point, ...]: ...

    @property
    def cost(self) -> float: ...

    @property
    def end(self) -> Point: ...


class SightLike(Protocol):
    """Line of sight between two figures, and the piece that blocks it (for the "why")."""

    @property
    def visible(self) -> bool: ...

    @property
    def blocker(self) -> str | None: ...


class ReachLike(Protocol):
    """The area a figure can reach with an allowance (for the UI shading and the AI)."""

    @property
    def allowance(self) -> float: ...

    def contains(self, p: Point) -> bool: ...

    def path_to(self, p: Point) -> PathLike | None: ...

    def sample(self, n: int) -> list[Point]: ...


class TableLike(Protocol):
    """What the rules ask of the table. ``obstacles`` are the other bases that block."""

    width: float
    height: float

    def level_at(self, p: Point) -> float: ...

    def terrain_at(self, p: Point) -> TerrainKind: ...

    def piece_name(self, piece_id: str) -> str: ...

    def piece_height(self, piece_id: str) -> float: ...

    def sight(
        self, viewer: Disc, target: Disc, blockers: Sequence[Disc] = ()
    ) -> SightLike: ...

    def visibility(self, discs: np.ndarray, blockers: bool = False) -> np.ndarray: ...

    def in_cover(self, target: Disc) -> bool: ...

    def path(
        self,
        mover: Disc,
        goal: Point,
        obstacles: Sequence[Disc],
        ignore_difficult: bool = False,
        limit: float | None = None,
    ) -> PathLike | None: ...

    def path_to_contact(
        self,
        mover: Disc,
        target: Disc,
        obstacles: Sequence[Disc],
        ignore_difficult: bool = False,
        limit: float | None = None,
    ) -> PathLike | None: ...

    def truncate(self, path: PathLike, allowance: float, ignore_difficult: bool = False) -> PathLike:
        ...

    def path_cost(self, points: Sequence[Point], ignore_difficult: bool = False) -> float: ...

    def reach(
        self,
        mover: Disc,
        obstacles: Sequence[Disc],
        allowance: float,
        ignore_difficult: bool = False,
    ) -> ReachLike: ...

    def move_straight(
        self,
        mover: Disc,
        towards: Point,
        allowance: float,
        obstacles: Sequence[Disc],
        ignore_difficult: bool = False,
        leave_table: bool = False,
    ) -> PathLike: ...

    def nearest_cover(
        self, mover: Disc, obstacles: Sequence[Disc], allowance: float
    ) -> PathLike | None: ...

    def nearest_edge(self, p: Point) -> tuple[Point, float]: ...

    def placement_problem(self, disc: Disc, others: Sequence[Disc]) -> str | None: ...

    def touching_pieces(self, disc: Disc) -> list[str]: ...

    def climb_landing(self, disc: Disc, piece_id: str, obstacles: Sequence[Disc]) -> Point | None:
        ...
