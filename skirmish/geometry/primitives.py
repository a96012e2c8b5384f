"""Units, tolerances and the tiny vocabulary every geometry module shares.

Everything is in *pas*. A figure's base is a disc ``(x, y, radius)`` (GAP-21: distances
are measured base edge to base edge). The constants mirror ``skirmish.rules.geometry``;
they are repeated here because geometry sits below the rules and must not import them.
"""

from __future__ import annotations

import math

Point = tuple[float, float]
Disc = tuple[float, float, float]

#: GAP-16: bases are in contact when the gap between their edges is at most this.
CONTACT_GAP = 0.1
#: D-2: forced moves stop this far short of figures, impassable terrain and the table edge.
FORCED_MOVE_MARGIN = 0.1
#: A forced move never *creates* contact, so it stops a hair beyond ``CONTACT_GAP`` from bases.
FORCED_FIGURE_GAP = FORCED_MOVE_MARGIN + 1e-4
#: Touching is legal: an overlap smaller than this is float noise, not an overlap.
TOUCH_EPS = 1e-7
#: Containment tolerance: a point this close to a polygon counts as inside it (closed sets).
INSIDE_EPS = 1e-9
#: Cost comparisons: a cost this much above an allowance still fits (float noise).
COST_EPS = 1e-9


def edge_gap(a: Disc, b: Disc) -> float:
    """Edge-to-edge distance between two bases (GAP-21); negative when they overlap."""
    return math.hypot(a[0] - b[0], a[1] - b[1]) - a[2] - b[2]


def in_contact(a: Disc, b: Disc) -> bool:
    """Bases touch within ``CONTACT_GAP`` (GAP-16 engagement, GAP-39 charge contact)."""
    return edge_gap(a, b) <= CONTACT_GAP + COST_EPS


def as_point(p: tuple[float, ...] | list[float]) -> Point:
    """A plain ``(float, float)`` tuple, whatever sequence or numpy row came in."""
    return (float(p[0]), float(p[1]))


def as_disc(d: tuple[float, ...] | list[float]) -> Disc:
    """A plain ``(float, float, float)`` tuple, whatever sequence or numpy row came in."""
    return (float(d[0]), float(d[1]), float(d[2]))
