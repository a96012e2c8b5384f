"""The fields check: a parsed file as a warband or scenario record, every structural
problem (unknown, missing or mistyped field) named once per entry.

The kind is told by the top-level table (``[band]``: a warband, ``[[bands]]``: a
scenario) unless the caller expects one. A scenario's ``warband = "path"`` references are
read here (syntax and fields, relative to the scenario file) and embedded, so the
:class:`~skirmish.content.scenario.Scenario` is whole; their content is checked with the
scenario's. Without a record nothing more can be checked, so a problem here ends the
checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from skirmish.content.document import Document, Kind
from skirmish.content.errors import TOP_LEVEL, Problem, from_validation_error, join_entry, quote
from skirmish.content.pipeline import Problems
from skirmish.content.scenario import BandEntry, Objective, Scenario, TerrainPiece
from skirmish.content.syntax import read_toml
from skirmish.content.warband import FigureSpec, Warband

__all__ = ["check_fields", "file_kind", "parse_scenario", "parse_warband"]


class _WarbandFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    band: Warband


def file_kind(data: Mapping[str, Any]) -> Kind | None:
    """``"warband"`` for a ``[band]`` table, ``"scenario"`` for ``[[bands]]``, else ``None``."""
    if "band" in data and "bands" not in data:
        return "warband"
    if "bands" in data:
        return "scenario"
    return None


def check_fields(doc: Document, found: Problems) -> None:
    """``doc.data`` → ``doc.record`` (and ``doc.band_files``: the band index → the warband
    file it was read from)."""
    assert doc.data is not None
    kind = doc.kind or file_kind(doc.data)
    if kind is None:
        found.add(Problem(doc.file, TOP_LEVEL, "neither a warband (a [band] table) nor a "
                                               "scenario ([[bands]] entries)"))
    elif kind == "warband":
        doc.record, problems = parse_warband(doc.data, doc.file)
        found.extend(problems)
    else:
        doc.record, doc.band_files, problems = parse_scenario(doc.data, doc.file, doc.base_dir)
        found.extend(problems)


def parse_warband(data: Mapping[str, Any], file: str) -> tuple[Warband | None, list[Problem]]:
    """A warband document (``{"band": {...}}``) → its record, or every structural problem."""
    try:
        return msgspec.convert(dict(data), _WarbandFile, strict=True).band, []
    except msgspec.ValidationError as err:
        return None, _warband_file_structure(data, file) or [from_validation_error(err, file)]


def parse_scenario(data: Mapping[str, Any], file: str, base_dir: Path | None
                   ) -> tuple[Scenario | None, dict[int, str], list[Problem]]:
    """A scenario document → its record with every referenced warband embedded, and
    ``{band index: warband file}``; or every problem of the references or the fields."""
    doc, band_files, problems = _resolve_refs(dict(data), file, base_dir)
    if problems:
        return None, band_files, problems
    try:
        return msgspec.convert(doc, Scenario, strict=True), band_files, []
    except msgspec.ValidationError as err:
        return None, band_files, _scenario_structure(doc, file) or [
            from_validation_error(err, file)]


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
        wb, wproblems = parse_warband(wdata, label)
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
    per entry, where msgspec alone stops at the first."""
    return [*_without(doc, Scenario, file, "", ("terrain", "objectives", "bands")),
            *_items(doc.get("terrain"), TerrainPiece, file, "terrain"),
            *_items(doc.get("objectives"), Objective, file, "objectives"),
            *_items(doc.get("bands"), BandEntry, file, "bands", _band_structure)]
