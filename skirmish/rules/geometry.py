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
    """A legal path: its corner points (start first) and its movement cost in pas.

    ``leaves_table`` is set only by a routing figure's forced move that runs off the table.
    """

    @property
    def points(self) -> tuple[Point, ...]: ...

    @property
    def cost(self) -> float: ...

    @property
    def end(self) -> Point: ...

    @property
    def leaves_table(self) -> bool: ...


class SightLike(Protocol):
    """Line of sight between two figures, and the piece that blocks it (for the "why")."""

    @property
    def visible(self) -> bool: ...

    @property
    def blocker(self) -> str | None: ...


class ReachLike(Protocol):
    """The area a figure can reach with an allowance (for the UI shading and the AI).

    ``mask`` is a (rows × columns) raster of reachable cell centres, row = y, cell (0, 0)
    at ``origin``, ``resolution`` pas apart; it is conservative (``contains`` may accept
    a little more round corners, never less).
    """

    @property
    def allowance(self) -> float: ...

    def contains(self, p: Point) -> bool: ...

    def cost_to(self, p: Point) -> float: ...

    def grid_cost(self, p: Point, around: float) -> float: ...

    def path_to(self, p: Point) -> PathLike | None: ...

    def sample(self, n: int) -> list[Point]: ...

    @property
    def mask(self) -> np.ndarray: ...

    @property
    def origin(self) -> Point: ...

    @property
    def resolution(self) -> float: ...


class TableLike(Protocol):
    """What the rules ask of the table. ``obstacles`` are the other bases that block.

    ``on`` (movement queries) is the id of the impassable piece whose roof the mover
    stands on after a rope climb (GAP-60): it then moves on that roof only, at open cost.
    ``levels`` (sight) override the standing levels of the two figures.
    """

    width: float
    height: float

    def level_at(self, p: Point) -> float: ...

    def terrain_at(self, p: Point) -> TerrainKind: ...

    def piece_name(self, piece_id: str) -> str: ...

    def piece_height(self, piece_id: str) -> float: ...

    def sight(
        self,
        viewer: Disc,
        target: Disc,
        blockers: Sequence[Disc] = (),
        *,
        levels: tuple[float, float] | None = None,
    ) -> SightLike: ...

    def sees(self, viewer: Disc, target: Disc, *, levels: tuple[float, float] | None = None
             ) -> bool: ...

    def sees_on_ground(self, viewer: tuple[float, float, float],
                       target: tuple[float, float, float]) -> bool: ...

    def visibility(
        self,
        discs: np.ndarray,
        blockers: bool | np.ndarray = False,
        *,
        levels: np.ndarray | None = None,
    ) -> np.ndarray: ...

    def in_cover(self, target: Disc) -> bool: ...

    def path(
        self,
        mover: Disc,
        goal: Point,
        obstacles: Sequence[Disc],
        ignore_difficult: bool = False,
        limit: float | None = None,
        *,
        on: str | None = None,
        direct_ok: bool = False,
    ) -> PathLike | None: ...

    def path_to_contact(
        self,
        mover: Disc,
        target: Disc,
        obstacles: Sequence[Disc],
        ignore_difficult: bool = False,
        limit: float | None = None,
        *,
        on: str | None = None,
        gap: float = 0.0,
        direct_ok: bool = False,
    ) -> PathLike | None: ...

    def truncate(
        self,
        path: PathLike,
        allowance: float,
        ignore_difficult: bool = False,
        *,
        on: str | None = None,
    ) -> PathLike: ...

    def path_cost(
        self, points: Sequence[Point], ignore_difficult: bool = False, *, on: str | None = None
    ) -> float: ...

    def path_is_legal(
        self, mover: Disc, points: Sequence[Point], obstacles: Sequence[Disc], *, on: str | None = None
    ) -> bool: ...

    def reach(
        self,
        mover: Disc,
        obstacles: Sequence[Disc],
        allowance: float,
        ignore_difficult: bool = False,
        *,
        on: str | None = None,
    ) -> ReachLike: ...

    def way_to(self, goal: Point, radius: float, ignore_difficult: bool = False) -> ReachLike: ...

    def move_straight(
        self,
        mover: Disc,
        towards: Point,
        allowance: float,
        obstacles: Sequence[Disc],
        ignore_difficult: bool = False,
        leave_table: bool = False,
        *,
        on: str | None = None,
    ) -> PathLike: ...

    def nearest_cover(
        self,
        mover: Disc,
        obstacles: Sequence[Disc],
        allowance: float,
        ignore_difficult: bool = False,
    ) -> PathLike | None: ...

    def nearest_edge(self, p: Point) -> tuple[Point, float]: ...

    def placement_problem(
        self, disc: Disc, others: Sequence[Disc], *, on: str | None = None
    ) -> str | None: ...

    def touching_pieces(self, disc: Disc) -> list[str]: ...

    def climb_landing(
        self, disc: Disc, piece_id: str, obstacles: Sequence[Disc], up: bool = True
    ) -> Point | None: ...

    def within(self, centre: Point, radius: float, discs: np.ndarray) -> np.ndarray: ...

    def pair_gaps(self, discs: np.ndarray) -> np.ndarray: ...
