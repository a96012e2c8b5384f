"""The ranges check: what each entry of a scenario must mean, beyond its type.

At least two bands; band, terrain and objective ids each used once; a zone or a
terrain polygon of at least three points; zones and objectives on the table; and the
options the content itself reads (``band_points`` prices the bands, ``max_turns``,
``elf_resistance``), which the rules' own option parser checks again in its own words
(the options check, later in the list, does not repeat a line about an option said here).
A warband file has no such entries: its limits and band rules say it all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.content.document import Document
from skirmish.content.errors import Problem, quote
from skirmish.content.pipeline import Problems
from skirmish.content.scenario import DEFAULT_BAND_POINTS, DEFAULT_MAX_TURNS, Scenario
from skirmish.content.warband import Point

__all__ = ["check_ranges"]


def _fmt(x: float) -> str:
    return f"{x:g}"


def _pt(p: Point) -> str:
    return f"({_fmt(p[0])}, {_fmt(p[1])})"


def _off_table(p: Point, width: float, height: float) -> bool:
    return not (0 <= p[0] <= width and 0 <= p[1] <= height)


def _int_option(options: Mapping[str, Any], key: str, default: int, file: str) -> list[Problem]:
    value = options.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        return [Problem(file, f"options.{key}", f"must be a whole number, got {value!r}")]
    if value < 1:
        return [Problem(file, f"options.{key}", f"{key} must be at least 1, got {value}")]
    return []


def _option_problems(options: Mapping[str, Any], file: str) -> list[Problem]:
    out = [*_int_option(options, "band_points", DEFAULT_BAND_POINTS, file),
           *_int_option(options, "max_turns", DEFAULT_MAX_TURNS, file)]
    elf = options.get("elf_resistance", "a")
    if elf not in ("a", "b"):
        out.append(Problem(file, "options.elf_resistance",
                           f"must be \"a\" or \"b\" (GAP-6), got {elf!r}"))
    return out


def check_ranges(doc: Document, found: Problems) -> None:
    """A zone or objective is only placed on a table whose size the limits accepted."""
    scenario, file = doc.record, doc.file
    if not isinstance(scenario, Scenario):
        return
    found.extend(_option_problems(scenario.options, file))
    size_ok = not (found.about(file, "width") or found.about(file, "height"))
    w, h = scenario.width, scenario.height
    if len(scenario.bands) < 2:
        found.add(Problem(file, "bands", f"a scenario needs at least 2 bands, has "
                                         f"{len(scenario.bands)}"))
    band_ids: dict[str, int] = {}
    for i, entry in enumerate(scenario.bands):
        prefix = f"bands[{i}]"
        wb = entry.warband
        if wb.id in band_ids:
            found.add(Problem(file, f"{prefix}.warband.id",
                              f"duplicate band id {quote(wb.id)} (also bands[{band_ids[wb.id]}])"))
        else:
            band_ids[wb.id] = i
        if entry.zone is None:
            continue
        if len(entry.zone) < 3:
            found.add(Problem(file, f"{prefix}.zone",
                              f"a zone needs at least 3 points, has {len(entry.zone)}"))
        elif size_ok:
            off = next((p for p in entry.zone if _off_table(p, w, h)), None)
            if off is not None:
                found.add(Problem(file, f"{prefix}.zone", f"point {_pt(off)} is off the "
                                                          f"{_fmt(w)} x {_fmt(h)} table"))
    seen: dict[str, int] = {}
    for i, piece in enumerate(scenario.terrain):
        if piece.id in seen:
            found.add(Problem(file, f"terrain[{i}].id", f"duplicate terrain id {quote(piece.id)} "
                                                        f"(also terrain[{seen[piece.id]}])"))
        else:
            seen[piece.id] = i
        if len(piece.polygon) < 3:
            found.add(Problem(file, f"terrain[{i}].polygon",
                              f"a polygon needs at least 3 points, has {len(piece.polygon)}"))
    seen = {}
    for i, obj in enumerate(scenario.objectives):
        if obj.id in seen:
            found.add(Problem(file, f"objectives[{i}].id", f"duplicate objective id "
                                                           f"{quote(obj.id)} (also "
                                                           f"objectives[{seen[obj.id]}])"))
        else:
            seen[obj.id] = i
        if size_ok and _off_table(obj.at, w, h):
            found.add(Problem(file, f"objectives[{i}].at",
                              f"objective {_pt(obj.at)} is off the {_fmt(w)} x {_fmt(h)} table"))
