"""``skirmish validate FILE``: every problem of a scenario or warband file, one line each.

The content checks (syntax, types, ids, band composition and budget, hands) come from
``skirmish.content.loading``; this module adds what needs the measured table, through
``skirmish.geometry``: bad terrain or zone polygons, figures deployed off the table, in
impassable terrain, on top of each other or outside their band's zone. It also runs the
rules' option parser so a misspelt option is caught before a game starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from skirmish.content.errors import TOP_LEVEL, Problem, from_validation_error
from skirmish.content.loading import (
    file_kind,
    read_scenario_files,
    read_toml,
    read_warband,
)
from skirmish.content.models import Rulebook
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import Scenario
from skirmish.geometry import Table, polygon_problem
from skirmish.rules.game import RULESETS
from skirmish.rules.native_blocks import native_problems

__all__ = ["Problem", "validate_file", "validate_scenario_geometry"]

Disc = tuple[float, float, float]


def _rules_options_problems(options: dict[str, Any], file: str,
                            ruleset: str = "skirmish") -> list[Problem]:
    """Unknown or mistyped rules options, as the scenario's ruleset would reject them."""
    if ruleset not in RULESETS:
        return [Problem(file, "ruleset", f"unknown ruleset '{ruleset}' (known: "
                                         f"{', '.join(sorted(RULESETS))})")]
    try:
        RULESETS[ruleset].parse_options(options)
    except msgspec.ValidationError as err:
        problem = from_validation_error(err, file, "options")
        text = problem.problem.replace("unknown field", "unknown option")
        return [Problem(problem.file, problem.entry, text)]
    return []


def _disc_in_zone(disc: Disc, zone: Sequence[tuple[float, float]]) -> bool:
    """The whole base lies in the zone polygon (edges included)."""
    from shapely.geometry import Point as SPoint
    from shapely.geometry import Polygon

    poly = Polygon(zone)
    if not poly.is_valid:
        return True  # reported as a bad zone polygon instead
    centre = SPoint(disc[0], disc[1])
    return poly.covers(centre) and poly.exterior.distance(centre) >= disc[2] - 1e-9


def validate_scenario_geometry(
    scenario: Scenario, file: str, band_files: dict[int, str] | None = None
) -> list[Problem]:
    """Terrain and zone polygons, deployed figures' placement and zones.

    A position written in a referenced warband file is reported against that file.
    """
    band_files = band_files or {}
    out: list[Problem] = []
    w, h = scenario.width, scenario.height
    if w <= 0 or h <= 0:
        return out  # the content checks report the size; nothing can be measured
    bad_pieces = False
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
    # A table with a broken piece cannot be built; placement then waits for the fix.
    table = None if bad_pieces else Table(w, h, scenario.terrain)
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
            elif (band.zone is not None and i not in bad_zone
                  and not _disc_in_zone(disc, band.zone)):
                out.append(Problem(where_file, entry,
                                   f"figure '{fig.id}' at ({fig.position[0]:g}, "
                                   f"{fig.position[1]:g}) is outside its band's deployment "
                                   f"zone (bands[{i}].zone)"))
            placed.append(disc)
    return out


def validate_file(path: str | Path, *, rulebook: Rulebook | None = None) -> list[Problem]:
    """Every problem found in a scenario or warband file (an empty list means valid).

    The kind is told by the top-level table: ``[band]`` is a warband, ``[[bands]]`` a
    scenario. Structural problems (syntax, types, unknown fields) stop the checks there;
    content and geometric problems are all reported.
    """
    name = str(path)
    data, problems = read_toml(path)
    if data is None:
        return problems
    kind = file_kind(data)
    rb = rulebook or load_rulebook()
    if kind == "warband":
        wb, problems = read_warband(data, name, rulebook=rb)
        if wb is not None and not problems:
            problems = native_problems(rb, wb, name, "band")
        return problems
    if kind is None:
        return [Problem(name, TOP_LEVEL,
                        "neither a warband (a [band] table) nor a scenario ([[bands]] entries)")]
    scenario, problems, band_files = read_scenario_files(
        data, name, rulebook=rb, base_dir=Path(path).parent
    )
    if scenario is None:
        return problems
    if not any(p.entry.startswith("options") for p in problems):
        problems.extend(_rules_options_problems(dict(scenario.options), name, scenario.ruleset))
    if not problems:
        for i, entry in enumerate(scenario.bands):
            problems.extend(native_problems(rb, entry.warband, name, f"bands[{i}].warband",
                                            dict(scenario.options)))
    # The content checks already report some polygons (too few points, off the table):
    # keep one line per entry.
    seen = {(p.file, p.entry) for p in problems}
    problems.extend(p for p in validate_scenario_geometry(scenario, name, band_files)
                    if (p.file, p.entry) not in seen)
    return problems
