"""Warband and scenario files: TOML → checked records, and scenarios ↔ plain dicts.

A warband file has one ``[band]`` table with ``[[band.figures]]``. A scenario file has its
fields at the top level, ``[[terrain]]``, ``[[objectives]]``, ``[options]`` and ``[[bands]]``;
each band is inline (``[bands.warband]``) or a file reference (``warband = "warbands/x.toml"``,
relative to the scenario file). The loaded :class:`Scenario` embeds every warband, so replays
can carry it whole (:func:`scenario_to_dict` / :func:`scenario_from_dict`).

Every problem is a one-line ``FILE: ENTRY: PROBLEM``; ``load_*`` raise the first as a
:class:`ContentError`, ``read_*`` return the record (or ``None``) and every problem found.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from skirmish.content.band_rules import band_problems
from skirmish.content.errors import (
    TOP_LEVEL,
    ContentError,
    Problem,
    from_validation_error,
    join_entry,
    quote,
    toml_syntax_problem,
)
from skirmish.content.limits import (
    MAX_DEPTH,
    MAX_TOML_BYTES,
    deep_key_problem,
    document_problems,
    read_text,
    scenario_limit_problems,
    warband_limit_problems,
)
from skirmish.content.models import Rulebook
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import BandEntry, Objective, Scenario, TerrainPiece
from skirmish.content.warband import FigureSpec, Point, Warband

#: GAP-2 [HOUSE]: the default band-point budget (option ``band_points``).
DEFAULT_BAND_POINTS = 250
#: GAP-13 [HOUSE]: the default number of turns (option ``max_turns``).
DEFAULT_MAX_TURNS = 6


class _WarbandFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    band: Warband


# ---------------------------------------------------------------- reading TOML


def read_toml(path: str | Path, label: str | None = None) -> tuple[dict[str, Any] | None,
                                                                 list[Problem]]:
    """Parse a TOML file within the :mod:`~skirmish.content.limits`; a syntax error becomes
    ``FILE: line N: invalid TOML: …``, a value out of bounds ``FILE: ENTRY: …``."""
    name = label if label is not None else str(path)
    text, problems = read_text(path, MAX_TOML_BYTES, name, "scenario or warband file")
    if text is None:
        return None, problems
    deep = deep_key_problem(text, name)
    if deep is not None:
        return None, [deep]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return None, [toml_syntax_problem(err, name)]
    except RecursionError:
        return None, [Problem(name, "", f"arrays or tables nested more than {MAX_DEPTH} "
                                        "levels deep")]
    problems = document_problems(data, name)
    return (None, problems) if problems else (data, [])


def file_kind(data: Mapping[str, Any]) -> str | None:
    """``"warband"`` for a ``[band]`` table, ``"scenario"`` for ``[[bands]]``, else ``None``."""
    if "band" in data and "bands" not in data:
        return "warband"
    if "bands" in data:
        return "scenario"
    return None


# ---------------------------------------------------------------- content checks


def _fmt(x: float) -> str:
    return f"{x:g}"


def _pt(p: Point) -> str:
    return f"({_fmt(p[0])}, {_fmt(p[1])})"


def check_warband(
    warband: Warband,
    rulebook: Rulebook,
    file: str,
    entry: str = "band",
    *,
    setting: str | None = None,
    band_points: int | None = DEFAULT_BAND_POINTS,
    budget_entry: str | None = None,
    limits: bool = True,
    campaign: bool = False,
) -> list[Problem]:
    """The :mod:`~skirmish.content.limits` (unless the caller checked them) and
    :func:`band_problems`, as one-line problems.

    ``setting`` defaults to the warband's own (GAP-4 free pistol); ``band_points=None``
    skips the budget (a referenced file is budgeted by its scenario, which may override it);
    ``campaign``: the band is a campaign roster (see :func:`band_problems`).
    """
    out = warband_limit_problems(warband, file, entry) if limits else []
    for bp in band_problems(warband, rulebook, budget=band_points, setting=setting,
                            campaign=campaign):
        where = budget_entry if not bp.entry and budget_entry is not None else entry
        out.append(Problem(file, join_entry(where, bp.entry), bp.problem))
    return out


def _int_option(options: Mapping[str, Any], key: str, default: int, file: str,
                out: list[Problem]) -> int:
    value = options.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        out.append(Problem(file, f"options.{key}", f"must be a whole number, got {value!r}"))
        return default
    if value < 1:
        out.append(Problem(file, f"options.{key}", f"{key} must be at least 1, got {value}"))
        return default
    return value


def check_scenario_options(options: Mapping[str, Any], file: str) -> list[Problem]:
    """The options content depends on: ``band_points``, ``max_turns``, ``elf_resistance``.

    The rules' own option parser checks the rest (``skirmish.validate`` runs it too).
    """
    out: list[Problem] = []
    _int_option(options, "band_points", DEFAULT_BAND_POINTS, file, out)
    _int_option(options, "max_turns", DEFAULT_MAX_TURNS, file, out)
    elf = options.get("elf_resistance", "a")
    if elf not in ("a", "b"):
        out.append(Problem(file, "options.elf_resistance",
                           f"must be \"a\" or \"b\" (GAP-6), got {elf!r}"))
    return out


def _off_table(p: Point, width: float, height: float) -> bool:
    return not (0 <= p[0] <= width and 0 <= p[1] <= height)


def check_scenario(
    scenario: Scenario,
    rulebook: Rulebook,
    file: str,
    band_files: Mapping[int, str] | None = None,
) -> list[Problem]:
    """Table size, options, ids, zones and objectives on the table, and every band.

    ``band_files`` maps a band index to the warband file it came from; that band's own
    content is reported against that file, only its budget against the scenario.
    """
    band_files = band_files or {}
    out = scenario_limit_problems(scenario, file, band_files)
    size_ok = not any(p.entry in ("width", "height") for p in out)
    out.extend(check_scenario_options(scenario.options, file))
    budget = scenario.options.get("band_points", DEFAULT_BAND_POINTS)
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        budget = DEFAULT_BAND_POINTS
    w, h = scenario.width, scenario.height
    if len(scenario.bands) < 2:
        out.append(Problem(file, "bands", f"a scenario needs at least 2 bands, has "
                                          f"{len(scenario.bands)}"))
    band_ids: dict[str, int] = {}
    for i, entry in enumerate(scenario.bands):
        prefix = f"bands[{i}]"
        wb = entry.warband
        if wb.id in band_ids:
            out.append(Problem(file, f"{prefix}.warband.id",
                               f"duplicate band id {quote(wb.id)} (also bands[{band_ids[wb.id]}])"))
        else:
            band_ids[wb.id] = i
        if entry.zone is not None:
            if len(entry.zone) < 3:
                out.append(Problem(file, f"{prefix}.zone",
                                   f"a zone needs at least 3 points, has {len(entry.zone)}"))
            elif size_ok:
                for p in entry.zone:
                    if _off_table(p, w, h):
                        out.append(Problem(file, f"{prefix}.zone", f"point {_pt(p)} is off the "
                                                                   f"{_fmt(w)} x {_fmt(h)} table"))
                        break
        if i in band_files:
            out.extend(check_warband(wb, rulebook, band_files[i], "band", band_points=None,
                                     limits=False))
            if not any(p.file == band_files[i] for p in out):
                out.extend(check_warband(wb, rulebook, file, prefix, setting=scenario.setting,
                                         band_points=budget, budget_entry=prefix, limits=False,
                                         campaign=scenario.campaign))
        else:
            out.extend(check_warband(wb, rulebook, file, f"{prefix}.warband",
                                     setting=scenario.setting, band_points=budget, limits=False,
                                     campaign=scenario.campaign))
    seen: dict[str, int] = {}
    for i, piece in enumerate(scenario.terrain):
        if piece.id in seen:
            first = seen[piece.id]
            out.append(Problem(file, f"terrain[{i}].id",
                               f"duplicate terrain id {quote(piece.id)} (also terrain[{first}])"))
        else:
            seen[piece.id] = i
        if len(piece.polygon) < 3:
            out.append(Problem(file, f"terrain[{i}].polygon",
                               f"a polygon needs at least 3 points, has {len(piece.polygon)}"))
    seen = {}
    for i, obj in enumerate(scenario.objectives):
        if obj.id in seen:
            first = seen[obj.id]
            out.append(Problem(file, f"objectives[{i}].id",
                               f"duplicate objective id {quote(obj.id)} (also objectives[{first}])"))
        else:
            seen[obj.id] = i
        if size_ok and _off_table(obj.at, w, h):
            out.append(Problem(file, f"objectives[{i}].at",
                               f"objective {_pt(obj.at)} is off the {_fmt(w)} x {_fmt(h)} table"))
    return out


# ---------------------------------------------------------------- warbands


def read_warband(
    data: Mapping[str, Any],
    file: str,
    *,
    rulebook: Rulebook | None = None,
    setting: str | None = None,
    band_points: int | None = DEFAULT_BAND_POINTS,
    check: bool = True,
) -> tuple[Warband | None, list[Problem]]:
    """A warband document (``{"band": {...}}``) → record and problems (all of them)."""
    try:
        wb = msgspec.convert(dict(data), _WarbandFile, strict=True).band
    except msgspec.ValidationError as err:
        found = _warband_file_structure(data, file)
        return None, found or [from_validation_error(err, file)]
    if not check:
        return wb, []
    problems = check_warband(wb, rulebook or load_rulebook(), file, "band",
                             setting=setting, band_points=band_points)
    return wb, problems


def warband_from_dict(
    data: Mapping[str, Any],
    source: str = "<warband>",
    *,
    rulebook: Rulebook | None = None,
    setting: str | None = None,
    band_points: int | None = DEFAULT_BAND_POINTS,
) -> Warband:
    """Checked :class:`Warband` from a ``{"band": {...}}`` dict; raises :class:`ContentError`."""
    wb, problems = read_warband(data, source, rulebook=rulebook, setting=setting,
                                band_points=band_points)
    if problems or wb is None:
        raise ContentError.from_problems(problems)
    return wb


def load_warband(
    path: str | Path,
    *,
    rulebook: Rulebook | None = None,
    setting: str | None = None,
    band_points: int | None = DEFAULT_BAND_POINTS,
) -> Warband:
    """Load and check a warband file; ``setting`` defaults to the file's own, else medieval."""
    data, problems = read_toml(path)
    if data is None:
        raise ContentError.from_problems(problems)
    return warband_from_dict(data, str(path), rulebook=rulebook, setting=setting,
                             band_points=band_points)


# ---------------------------------------------------------------- scenarios


def _resolve_refs(
    data: dict[str, Any], file: str, base_dir: Path | None
) -> tuple[dict[str, Any], dict[int, str], list[Problem]]:
    """Replace every ``warband = "path"`` by the loaded warband's dict.

    Returns the new document, ``{band index: warband file}`` and problems. A referenced file
    is only parsed here (types, fields); its content is checked with the scenario.
    """
    bands = data.get("bands")
    if not isinstance(bands, list):
        return data, {}, []
    new_bands: list[Any] = []
    files: dict[int, str] = {}
    problems: list[Problem] = []
    for i, band in enumerate(bands):
        ref = band.get("warband") if isinstance(band, dict) else None
        if not isinstance(ref, str):
            new_bands.append(band)
            continue
        if base_dir is None:
            problems.append(Problem(file, f"bands[{i}].warband",
                                    f"warband file {quote(ref)} cannot be resolved here: embed "
                                    "the warband"))
            continue
        label = str(Path(file).parent / ref)
        path = base_dir / ref
        if not path.is_file():
            problems.append(Problem(file, f"bands[{i}].warband",
                                    f"warband file {quote(ref)} not found"))
            continue
        wdata, wproblems = read_toml(path, label)
        if wdata is None:
            problems.extend(wproblems)
            continue
        if file_kind(wdata) != "warband":  # never echo what some other file holds
            problems.append(Problem(file, f"bands[{i}].warband",
                                    f"{quote(ref)} is not a warband file (no [band] table)"))
            continue
        wb, wproblems = read_warband(wdata, label, check=False)
        if wb is None:
            problems.extend(wproblems)
            continue
        files[i] = label
        new_bands.append({**band, "warband": msgspec.to_builtins(wb)})
    return {**data, "bands": new_bands}, files, problems


def _items(items: Any, kind: type, file: str, prefix: str,
           deeper: Any = None) -> list[Problem]:
    """The structural problem of each entry of a list, converted one by one; ``deeper``
    looks inside an entry that failed for all of its own problems."""
    if not isinstance(items, list):
        return []
    out: list[Problem] = []
    for i, item in enumerate(items):
        try:
            msgspec.convert(item, kind, strict=True)
        except msgspec.ValidationError as err:
            found = deeper(item, file, f"{prefix}[{i}]") if deeper and isinstance(item, dict) \
                else []
            out.extend(found or [from_validation_error(err, file, f"{prefix}[{i}]")])
    return out


def _without(doc: Mapping[str, Any], kind: type, file: str, prefix: str,
             lists: tuple[str, ...]) -> list[Problem]:
    """The structural problem of ``doc`` outside its ``lists`` (checked item by item)."""
    rest = {k: ([] if k in lists and isinstance(v, list) else v) for k, v in doc.items()}
    try:
        msgspec.convert(rest, kind, strict=True)
    except msgspec.ValidationError as err:
        return [from_validation_error(err, file, prefix)]
    return []


def _warband_structure(band: Mapping[str, Any], file: str, prefix: str) -> list[Problem]:
    return [*_without(band, Warband, file, prefix, ("figures",)),
            *_items(band.get("figures"), FigureSpec, file, join_entry(prefix, "figures"))]


def _warband_file_structure(data: Mapping[str, Any], file: str) -> list[Problem]:
    """Every structural problem of a warband document: a stray top-level table (``[bnd]``
    for ``[band]``), a missing ``[band]`` table (only ``[[band.figures]]`` written), then
    the band's own fields and figures."""
    out = [Problem(file, TOP_LEVEL, f"unknown field {quote(k)} (a warband file holds a [band] "
                                    "table and its [[band.figures]])")
           for k in data if k != "band"]
    band = data.get("band")
    if not isinstance(band, dict):
        return out
    if set(band) <= {"figures"}:
        return [*out, Problem(file, "band", "no [band] table: the band's id and name are "
                                            "missing (only [[band.figures]] entries are written)"),
                *_items(band.get("figures"), FigureSpec, file, "band.figures")]
    return [*out, *_warband_structure(band, file, "band")]


def _band_structure(entry: Mapping[str, Any], file: str, prefix: str) -> list[Problem]:
    wb = entry.get("warband")
    found = _warband_structure(wb, file, join_entry(prefix, "warband")) \
        if isinstance(wb, dict) else []
    rest = {k: v for k, v in entry.items() if k != "warband"}
    try:
        msgspec.convert({**rest, "warband": {"id": "x", "name": "x", "figures": []}},
                        BandEntry, strict=True)
    except msgspec.ValidationError as err:
        found.insert(0, from_validation_error(err, file, prefix))
    return found


def _scenario_structure(doc: Mapping[str, Any], file: str) -> list[Problem]:
    """Every structural problem (wrong type, unknown or missing field) of a scenario, one
    per entry, where msgspec alone stops at the first (issue 7 point 21)."""
    return [*_without(doc, Scenario, file, "", ("terrain", "objectives", "bands")),
            *_items(doc.get("terrain"), TerrainPiece, file, "terrain"),
            *_items(doc.get("objectives"), Objective, file, "objectives"),
            *_items(doc.get("bands"), BandEntry, file, "bands", _band_structure)]


def read_scenario_files(
    data: Mapping[str, Any],
    source: str,
    *,
    rulebook: Rulebook | None = None,
    base_dir: Path | None = None,
) -> tuple[Scenario | None, list[Problem], dict[int, str]]:
    """Like :func:`read_scenario`, also returning ``{band index: warband file}``."""
    doc, band_files, problems = _resolve_refs(dict(data), source, base_dir)
    if problems:
        return None, problems, band_files
    try:
        scenario = msgspec.convert(doc, Scenario, strict=True)
    except msgspec.ValidationError as err:
        return None, _scenario_structure(doc, source) or [from_validation_error(err, source)], \
            band_files
    problems = check_scenario(scenario, rulebook or load_rulebook(), source, band_files)
    return scenario, problems, band_files


def read_scenario(
    data: Mapping[str, Any],
    source: str,
    *,
    rulebook: Rulebook | None = None,
    base_dir: Path | None = None,
) -> tuple[Scenario | None, list[Problem]]:
    """A scenario document → record and every problem found (structure first, then content)."""
    scenario, problems, _ = read_scenario_files(data, source, rulebook=rulebook,
                                                base_dir=base_dir)
    return scenario, problems


def scenario_from_dict(
    data: Mapping[str, Any],
    source: str = "<scenario>",
    *,
    rulebook: Rulebook | None = None,
    resolve_refs: bool = True,
) -> Scenario:
    """Checked :class:`Scenario` from a dict (a replay's embedded scenario, or parsed TOML).

    ``warband = "path"`` references resolve relative to ``source`` when it names a file;
    ``resolve_refs=False`` (a replay, which embeds its warbands) refuses them instead.
    """
    src = Path(source)
    base_dir = src.parent if resolve_refs and src.suffix and src.parent.is_dir() else None
    scenario, problems = read_scenario(data, source, rulebook=rulebook, base_dir=base_dir)
    if problems or scenario is None:
        raise ContentError.from_problems(problems)
    return scenario


def load_scenario(path: str | Path, *, rulebook: Rulebook | None = None) -> Scenario:
    """Load and check a scenario file, embedding every referenced warband."""
    data, problems = read_toml(path)
    if data is None:
        raise ContentError.from_problems(problems)
    scenario, problems = read_scenario(data, str(path), rulebook=rulebook,
                                       base_dir=Path(path).parent)
    if problems or scenario is None:
        raise ContentError.from_problems(problems)
    return scenario


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """Plain JSON/TOML-ready data; ``scenario_from_dict`` of it gives the same record back.

    Sets are sorted (``order="deterministic"``) so the dict, and any hash of it, is stable.
    """
    return _prune(msgspec.to_builtins(scenario, order="deterministic"))


def _prune(obj: Any) -> Any:
    """Drop ``None`` values (TOML has no null; every ``None`` is a default); tuples → lists."""
    if isinstance(obj, dict):
        return {k: _prune(v) for k, v in obj.items() if v is not None}
    if isinstance(obj, list | tuple):
        return [_prune(v) for v in obj]
    if isinstance(obj, set | frozenset):
        return sorted(_prune(v) for v in obj)
    return obj

