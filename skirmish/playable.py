"""The zones, playability and warnings checks: what makes a sound table unplayable.

A scenario can be well formed — every polygon simple and on the table, no two zones
shared — and still break a game: an objective buried in impassable terrain that nobody
can climb never scores, a zone wholly inside a building leaves its band nowhere to stand,
and a third band without a zone deploys anywhere (the engine has default zones for two
bands only, GAP-8). These are errors. Some overlaps of terrain are only suspicious — a
piece hidden inside an impassable one does nothing, an objective on a roof can only be
held by a climber — and are warnings: ``validate`` prints them and still passes the file.

A replay is a game already played, so these checks are for scenario files only (they come
after the geometry in the list of ``skirmish.validate``, where a replay's checks end).
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely

from skirmish.content.document import Document
from skirmish.content.errors import Problem, quote
from skirmish.content.models import Rulebook
from skirmish.content.pipeline import Problems
from skirmish.content.scenario import Objective, Scenario, TerrainPiece
from skirmish.rules.frame.deployment import band_zones
from skirmish.rules.skirmish.movement import MAX_CLIMB

__all__ = ["WARNING", "check_playability", "check_warnings", "check_zones"]

#: Starts the text of a problem that does not stop the game (``validate`` still passes).
WARNING = "warning: "
#: Less than this area (pas²) left free counts as none: a sliver no base can stand on.
NO_AREA = 1e-6

Zone = Sequence[tuple[float, float]]


def check_zones(doc: Document, found: Problems) -> None:
    """Every band has somewhere to deploy (:func:`zoneless_bands`)."""
    if isinstance(doc.record, Scenario):
        found.extend(zoneless_bands(doc.record, doc.file))


def check_playability(doc: Document, found: Problems) -> None:
    """On a sound table: no zone and no objective buried in impassable terrain."""
    if isinstance(doc.record, Scenario):
        found.extend(playability_problems(doc.record, doc.file, band_zones(doc.record),
                                          doc.book))


def check_warnings(doc: Document, found: Problems) -> None:
    """On a sound file: what impassable terrain hides, said without refusing the file."""
    if isinstance(doc.record, Scenario):
        for problem in playability_warnings(doc.record, doc.file):
            found.warn(problem)


def zoneless_bands(scenario: Scenario, file: str) -> list[Problem]:
    """GAP-8: only the first two bands have default zones (strips along the long edges);
    a further band without one would deploy anywhere, even inside another band's zone.
    Guessing a third zone would put it nearer one band or on the author's terrain, so
    the author is asked for one."""
    return [Problem(file, f"bands[{i}].zone",
                    f"band {quote(b.warband.name)} has no deployment zone: only the first two "
                    "bands have a default one (GAP-8); without one it could deploy anywhere, "
                    "even in another band's zone")
            for i, b in enumerate(scenario.bands) if i >= 2 and b.zone is None]


def _shape(points: Sequence[tuple[float, float]]) -> shapely.Polygon:
    return shapely.Polygon(points)


def _impassable(scenario: Scenario) -> list[tuple[int, TerrainPiece, shapely.Polygon]]:
    return [(i, p, _shape(p.polygon)) for i, p in enumerate(scenario.terrain)
            if p.kind == "impassable"]


def _names(pieces: Sequence[tuple[int, TerrainPiece, shapely.Polygon]]) -> str:
    return " and ".join(f"{quote(p.name)} (terrain[{i}])" for i, p, _ in pieces)


def _covering(area: shapely.Geometry, scenario: Scenario
              ) -> list[tuple[int, TerrainPiece, shapely.Polygon]] | None:
    """The impassable pieces that cover ``area`` wholly (together), or None if some of it
    is free ground."""
    pieces = [x for x in _impassable(scenario) if x[2].intersects(area)]
    if not pieces or area.difference(shapely.union_all([x[2] for x in pieces])).area > NO_AREA:
        return None
    return pieces


def _objective_area(obj: Objective, scenario: Scenario) -> shapely.Geometry:
    """The ground a base must reach to hold ``obj`` (GAP-57), cut to the table."""
    table = shapely.box(0, 0, scenario.width, scenario.height)
    return shapely.Point(obj.at).buffer(obj.radius).intersection(table)


def _climbers(scenario: Scenario, book: Rulebook) -> bool:
    """Some figure carries a rope and grapple, the one way onto impassable terrain."""
    return any(book.equipment[e].slot == "rope" for b in scenario.bands
               for f in b.warband.figures for e in f.equipment if e in book.equipment)


def _at(obj: Objective) -> str:
    return f"objective {quote(obj.name)} at ({obj.at[0]:g}, {obj.at[1]:g})"


def playability_problems(scenario: Scenario, file: str, zones: Sequence[Zone | None],
                         book: Rulebook) -> list[Problem]:
    """Zones wholly inside impassable terrain (``zones``: each band's, defaults included)
    and objectives no figure can ever hold: wholly inside impassable terrain that nobody
    here can climb ([R-EQ-ROPE]: a rope and grapple, up to 10 pas)."""
    out: list[Problem] = []
    for i, zone in enumerate(zones):
        if zone is None:
            continue
        pieces = _covering(_shape(zone), scenario)
        if pieces:
            which = "the zone" if scenario.bands[i].zone is not None else \
                "its default zone (GAP-8)"
            out.append(Problem(file, f"bands[{i}].zone",
                               f"{which} lies wholly inside impassable terrain "
                               f"{_names(pieces)}: band "
                               f"{quote(scenario.bands[i].warband.name)} has nowhere to deploy"))
    climbers = _climbers(scenario, book)
    for i, obj in enumerate(scenario.objectives):
        pieces = _covering(_objective_area(obj, scenario), scenario)
        if not pieces:
            continue
        high = [x for x in pieces if x[1].height > MAX_CLIMB]
        if not climbers:
            why = "and no figure carries a rope and grapple to climb it [R-EQ-ROPE]"
        elif len(high) == len(pieces):
            why = f"higher than a rope reaches ({MAX_CLIMB:g} pas) [R-EQ-ROPE]"
        else:
            continue  # a climber can stand on the roof: a warning
        out.append(Problem(file, f"objectives[{i}].at",
                           f"{_at(obj)} lies inside impassable terrain {_names(pieces)}, {why}: "
                           "no figure can ever hold it"))
    return out


def playability_warnings(scenario: Scenario, file: str) -> list[Problem]:
    """What an impassable piece hides without breaking the game: a piece wholly inside it
    (its difficult ground, cover or hill do nothing there) and an objective that only a
    climber can hold. An impassable piece merely crossing another (a tower cutting a
    hedge) hides nothing and is not reported."""
    out: list[Problem] = []
    walls = _impassable(scenario)
    for j, piece in enumerate(scenario.terrain):
        if piece.kind == "impassable":
            continue  # a spire on a building: heights differ, both are walls
        shape = _shape(piece.polygon)
        inside = [x for x in walls if shape.difference(x[2]).area <= NO_AREA]
        if inside:
            out.append(Problem(file, f"terrain[{j}]",
                               f"{WARNING}{quote(piece.name)} lies wholly inside impassable "
                               f"terrain {_names(inside[:1])}: no figure can ever stand on it"))
    for i, obj in enumerate(scenario.objectives):
        pieces = _covering(_objective_area(obj, scenario), scenario)
        if pieces:
            out.append(Problem(file, f"objectives[{i}].at",
                               f"{WARNING}{_at(obj)} lies inside impassable terrain "
                               f"{_names(pieces)}: only a figure climbing onto it with a rope "
                               "and grapple can hold it [R-EQ-ROPE]"))
    return out
