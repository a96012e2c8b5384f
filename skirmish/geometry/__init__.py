"""The measured table in *pas*: terrain, line of sight, movement cost, reach, forced moves.

Sits below the rules (it imports pymunk, numpy, scipy and shapely, never ``skirmish.*``
above it); ``skirmish.rules.geometry`` states what the rules ask of it and
:class:`Table` provides it.
"""

from skirmish.geometry.groups import pair_gaps, within
from skirmish.geometry.paths import Path
from skirmish.geometry.polygons import polygon_problem
from skirmish.geometry.primitives import (
    CONTACT_GAP,
    FORCED_MOVE_MARGIN,
    Disc,
    Point,
    edge_gap,
    in_contact,
)
from skirmish.geometry.reach import Reach
from skirmish.geometry.sight import Sight
from skirmish.geometry.table import Table

__all__ = [
    "CONTACT_GAP",
    "FORCED_MOVE_MARGIN",
    "Disc",
    "Path",
    "Point",
    "Reach",
    "Sight",
    "Table",
    "edge_gap",
    "in_contact",
    "pair_gaps",
    "polygon_problem",
    "within",
]
