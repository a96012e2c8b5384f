"""``skirmish validate FILE``: every problem of a scenario or warband file, one line each.

The content checks (size limits, syntax, types, ids, band composition and budget, hands)
come from ``skirmish.content.loading.CONTENT_CHECKS``; this module adds what needs the engine or the
measured table, through ``skirmish.geometry`` and ``skirmish.match``: a known ruleset, the
rules' option parser (a misspelt or out-of-range option), bad terrain or zone polygons,
two bands sharing a zone, figures deployed off the table, in impassable terrain, on top of
each other or outside their band's zone, and a zone that cannot hold its band (the
engine's own auto-deployment is run, so the game cannot fail where ``validate`` passed);
``skirmish.playable`` adds what breaks a game on a sound table (a band beyond two without
a zone, a zone or objective buried in impassable terrain) and the warnings
(:func:`scenario_warnings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from skirmish.content.document import Document
from skirmish.content.errors import ContentError, Problem, from_validation_error, quote
from skirmish.content.limits import scenario_limit_problems
from skirmish.content.loading import CONTENT_CHECKS
from skirmish.content.models import Rulebook
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import Scenario
from skirmish.content.warband import Warband
from skirmish.geometry import Table, polygon_problem
from skirmish.geometry.polygons import disc_inside, polygons_overlap
from skirmish.match import deployment_problems
from skirmish.playable import playability_problems, playability_warnings, zoneless_bands
from skirmish.rules.game import RULESETS, plays_version
from skirmish.rules.native_blocks import native_problems
from skirmish.rules.skirmish.deployment import band_zones

__all__ = ["Problem", "read_checked", "scenario_warnings", "validate_file", "validate_scenario"]

Disc = tuple[float, float, float]


def rules_options_problems(options: dict[str, Any], file: str,
                           prefix: str = "options", ruleset: str = "skirmish") -> list[Problem]:
    """Unknown, mistyped or out-of-range rules options, as the scenario's ruleset would
    reject them."""
    try:
        RULESETS.get(ruleset, RULESETS["skirmish"]).parse_options(options)
    except msgspec.ValidationError as err:
        problem = from_validation_error(err, file, prefix)
        text = problem.problem.replace("unknown field", "unknown option")
        return [Problem(problem.file, problem.entry, text)]
    return []


def ruleset_problems(ruleset: str, file: str, entry: str = "ruleset", *,
                     version: int | None = None, version_entry: str = "") -> list[Problem]:
    """An unknown ruleset, or (for a replay) a version of it this program cannot play."""
    if ruleset not in RULESETS:
        return [Problem(file, entry, f"unknown ruleset {quote(ruleset)} (known: "
                                     + ", ".join(sorted(RULESETS)) + ")")]
    rules = RULESETS[ruleset]
    if version is not None and not plays_version(rules, version):
        return [Problem(file, version_entry, f"version {version} of the {ruleset} rules is "
                        f"unknown to this program, which plays versions 1 to {rules.version}: "
                        "was it written by a newer Skirmish?")]
    return []


def _geometry(scenario: Scenario, file: str, band_files: dict[int, str]
              ) -> tuple[list[Problem], Table | None]:
    """Terrain and zone polygons, shared zones, deployed figures' placement and zones, and
    the table (None if a piece is broken). A position written in a referenced warband file
    is reported against that file."""
    out: list[Problem] = []
    w, h = scenario.width, scenario.height
    if not (w > 0 and h > 0):
        return out, None  # the content checks report the size; nothing can be measured
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
    out.extend(_shared_zones(scenario, file, bad_zone))
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
                  and not disc_inside(disc, band.zone)):
                out.append(Problem(where_file, entry,
                                   f"figure {quote(fig.id)} at ({fig.position[0]:g}, "
                                   f"{fig.position[1]:g}) is outside its band's deployment "
                                   f"zone (bands[{i}].zone)"))
            placed.append(disc)
    return out, table


def _shared_zones(scenario: Scenario, file: str, bad: set[int]) -> list[Problem]:
    """Two bands may not deploy in overlapping zones (GAP-8): who deploys first would
    take the other's room."""
    zones = band_zones(scenario)
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


def validate_scenario(scenario: Scenario, file: str, band_files: dict[int, str] | None = None,
                      problems: Sequence[Problem] = (), *, deployment: bool = True
                      ) -> list[Problem]:
    """What needs the engine or the table, after the content checks found ``problems``:
    ruleset, rules options, geometry, and (for an otherwise sound scenario) whether it can
    be played: zones, objectives, deployment (``deployment=False``: a replay, a game
    already deployed and played, leaves that to its own commands)."""
    out = ruleset_problems(scenario.ruleset, file)
    if deployment:
        out.extend(zoneless_bands(scenario, file))
    if not any(p.entry.startswith("options") for p in problems):
        out.extend(rules_options_problems(dict(scenario.options), file,
                                          ruleset=scenario.ruleset))
    if not problems and not out:
        for i, entry in enumerate(scenario.bands):
            out.extend(native_problems(load_rulebook(), entry.warband, file,
                                       f"bands[{i}].warband", dict(scenario.options)))
    if scenario_limit_problems(scenario, file, band_files):
        return out  # reported by the content checks; too big to measure
    # The content checks already report some polygons (too few points, off the table):
    # keep one line per entry.
    seen = {(p.file, p.entry) for p in problems}
    geometry, table = _geometry(scenario, file, band_files or {})
    out.extend(p for p in geometry if (p.file, p.entry) not in seen)
    if deployment and not problems and not out and table is not None:
        out.extend(playability_problems(scenario, file, band_zones(scenario), load_rulebook()))
        if not out:
            out.extend(deployment_problems(scenario, file, table))
    return out


def scenario_warnings(record: Scenario | Warband | None, file: str) -> list[Problem]:
    """What ``validate`` prints for a valid scenario without refusing it (see
    ``skirmish.playable``); only asked of a file with no problem, whose table is sound."""
    return playability_warnings(record, file) if isinstance(record, Scenario) else []


def validate_file(path: str | Path, *, rulebook: Rulebook | None = None) -> list[Problem]:
    """Every problem found in a scenario or warband file (an empty list means valid)."""
    return read_checked(path, rulebook=rulebook)[1]


def read_checked(path: str | Path, *, rulebook: Rulebook | None = None
                 ) -> tuple[Scenario | Warband | None, list[Problem]]:
    """The file's record and every problem in it, the file read and parsed once.

    The kind is told by the top-level table: ``[band]`` is a warband, ``[[bands]]`` a
    scenario. The content's checks (:data:`CONTENT_CHECKS`) come first: a file that does
    not parse or has no record stops there; then what needs the rules and the table.
    """
    name = str(path)
    doc = Document(file=name, book=rulebook or load_rulebook(), path=Path(path),
                   base_dir=Path(path).parent)
    problems = list(CONTENT_CHECKS.run(doc))
    if isinstance(doc.record, Warband):
        return doc.record, problems or native_problems(doc.book, doc.record, name, "band")
    if doc.record is None:
        return None, problems
    return doc.record, [*problems, *validate_scenario(doc.record, name, doc.band_files,
                                                      problems)]


def checked_scenario(path: str | Path, ruleset: str | None = None) -> Scenario:
    """The scenario at ``path`` after every check ``skirmish validate`` makes, or a
    :class:`ContentError` with one line per problem (``play``, ``simulate`` and the
    window's loading screen and set-up); ``ruleset`` (``--ruleset``): played under that
    ruleset rather than its own (:func:`with_ruleset`)."""
    record, problems = read_checked(path)
    if problems:
        raise ContentError.from_problems(problems)
    if not isinstance(record, Scenario):
        raise ContentError(str(path), "", "a warband file, not a scenario: name a scenario file")
    if ruleset is None or ruleset == record.ruleset:
        return record
    return with_ruleset(record, ruleset, str(path))


def with_ruleset(scenario: Scenario, ruleset: str, file: str) -> Scenario:
    """``scenario`` played under ``ruleset``, as the set-up screen's ruleset button does:
    the options the new ruleset does not know (the other's own, ``ca_combat``…) are left
    behind, and the result is checked again under its rules (options, native blocks,
    deployment). An unknown name is one line naming the known ones."""
    problems = ruleset_problems(ruleset, file, "--ruleset")
    if problems:
        raise ContentError.from_problems(problems)
    rules = RULESETS[ruleset]
    known = rules.options_to_dict(rules.parse_options({}))
    switched = msgspec.structs.replace(
        scenario, ruleset=ruleset, options={k: v for k, v in scenario.options.items() if k in known})
    problems = validate_scenario(switched, file)
    if problems:
        raise ContentError.from_problems(problems)
    return switched
