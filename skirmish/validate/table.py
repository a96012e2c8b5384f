"""The geometry check of a scenario: its terrain, zones and placed figures, measured.

The measuring is the geometry's (:func:`~skirmish.geometry.polygon_problem`, the table's
placement test, :mod:`skirmish.geometry.polygons`); this module says which entry of which
file each finding is about, as only the layer that knows both the scenario record and the
measured table can. A figure's position written in a referenced warband file is reported
against that file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from skirmish.content.errors import Problem, quote
from skirmish.content.scenario import Scenario
from skirmish.geometry import Disc, Point, Table, polygon_problem
from skirmish.geometry.polygons import disc_inside, polygons_overlap
from skirmish.match import build_table
from skirmish.rules.frame.deployment import band_zones

__all__ = ["table_problems"]


def table_problems(scenario: Scenario, file: str, band_files: Mapping[int, str]
                   ) -> tuple[list[Problem], Table | None]:
    """Bad terrain and zone polygons, shared zones, deployed figures' placement and zones,
    and the table (None if a piece is broken: placement then waits for the fix). The table
    is the one the games of this scenario share (:func:`~skirmish.match.build_table`), so
    the sight and routes the deployment check learns serve the game that follows."""
    out: list[Problem] = []
    w, h = scenario.width, scenario.height
    bad_pieces = len({p.id for p in scenario.terrain}) < len(scenario.terrain)  # reported
    bad_zone: set[int] = set()
    for i, piece in enumerate(scenario.terrain):
        msg = polygon_problem(piece.polygon, w, h)
        if msg:
            bad_pieces = True
            out.append(Problem(file, f"terrain[{i}].polygon", msg))
    for i, band in enumerate(scenario.bands):
        if band.zone is not None:
            msg = polygon_problem(band.zone, w, h)
            if msg:
                bad_zone.add(i)
                out.append(Problem(file, f"bands[{i}].zone", msg))
    out.extend(_shared_zones(band_zones(scenario), file, bad_zone))
    table = None if bad_pieces else build_table(scenario)
    placed: list[Disc] = []
    for i, band in enumerate(scenario.bands):
        where_file = band_files.get(i, file)
        prefix = "band" if i in band_files else f"bands[{i}].warband"
        for j, fig in enumerate(band.warband.figures):
            if fig.position is None:
                continue
            disc: Disc = (fig.position[0], fig.position[1], fig.base / 2)
            entry = f"{prefix}.figures[{j}].position"
            msg = table.placement_problem(disc=disc, others=list(placed)) if table else None
            if msg:
                out.append(Problem(where_file, entry, msg))
            elif band.zone is not None and i not in bad_zone and not disc_inside(disc, band.zone):
                out.append(Problem(where_file, entry,
                                   f"figure {quote(fig.id)} at ({fig.position[0]:g}, "
                                   f"{fig.position[1]:g}) is outside its band's deployment "
                                   f"zone (bands[{i}].zone)"))
            placed.append(disc)
    return out, table


def _shared_zones(zones: Sequence[Sequence[Point] | None], file: str, bad: set[int]
                  ) -> list[Problem]:
    """Two bands may not deploy in overlapping zones (GAP-8): who deploys first would take
    the other's room. ``zones``: each band's as the game uses it, defaults included."""
    out = []
    for i, a in enumerate(zones):
        if a is None or i in bad:
            continue
        other = next((j for j, b in enumerate(zones[:i])
                      if b is not None and j not in bad and polygons_overlap(a, b)), None)
        if other is not None:
            out.append(Problem(file, f"bands[{i}].zone", f"overlaps the deployment zone of "
                                                        f"bands[{other}]: each band needs its "
                                                        "own zone"))
    return out
