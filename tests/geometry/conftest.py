"""Shared fixtures: a hand-built terrain record and small tables with known layouts."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from skirmish.geometry import Table


@dataclass(frozen=True)
class Piece:
    """Same attributes as ``skirmish.content.scenario.TerrainPiece`` (not imported here)."""

    id: str
    name: str
    kind: str
    polygon: tuple[tuple[float, float], ...]
    blocks_los: bool = False
    cover: bool = False
    height: float = 0.0
    raised: bool = False


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def wall(
    id: str = "wall",
    box: tuple[float, float, float, float] = (10, 5, 11, 15),
    name: str = "Mur",
    **kw: object,
) -> Piece:
    """An impassable, sight-blocking piece giving cover (a wall or a house)."""
    args = {"blocks_los": True, "cover": True, "height": 2.0} | kw
    return Piece(id, name, "impassable", rect(*box), **args)  # type: ignore[arg-type]


def wood(
    id: str = "wood",
    box: tuple[float, float, float, float] = (20, 0, 25, 10),
    name: str = "Bois",
    **kw: object,
) -> Piece:
    """Difficult terrain that blocks sight and gives cover."""
    args = {"blocks_los": True, "cover": True, "height": 0.0} | kw
    return Piece(id, name, "difficult", rect(*box), **args)  # type: ignore[arg-type]


@pytest.fixture
def open_table() -> Table:
    """48 × 32 and empty."""
    return Table(48, 32, [])


@pytest.fixture
def wall_table() -> Table:
    """One 1 × 10 wall from (10, 5) to (11, 15): blocks sight and movement."""
    return Table(48, 32, [wall()])
