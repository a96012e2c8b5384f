"""Sane bounds on what a scenario, warband or replay file may hold, checked before use.

A file is untrusted input: an infinite table, a base of 1e9, a 400-digit seed, arrays
nested 5,000 deep or a 2 GB replay must give one line ``FILE: ENTRY: PROBLEM`` each,
quickly, never a traceback, a hang or a crash of the window. The checks come in three
passes, cheapest first:

1. :func:`read_text`: the file's size and kind *before* reading it, UTF-8, a byte-order
   mark dropped;
2. :func:`document_problems`: one walk over the parsed document — nesting depth, finite
   numbers, integers that fit in 64 bits, text and list lengths;
3. :func:`check_limits`: the record's own bounds (table size, corners, figures, bases,
   heights, names), generous for any real game; a table beyond them is not measured.

Within these bounds everything is fast: the bench (``skirmish bench``) times the largest
piece and deployment they allow.
"""

from __future__ import annotations

import math
import os
import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from skirmish.content.document import Document
from skirmish.content.errors import TOP_LEVEL, Problem, join_entry, quote
from skirmish.content.pipeline import Problems
from skirmish.content.scenario import Scenario
from skirmish.content.warband import Warband

#: A scenario or warband file (a 1,000-corner piece is about 25 KB; tomllib reads about
#: 0.5 MB a second).
MAX_TOML_BYTES = 512 << 10
#: A replay or save: 100,000 steps of about 200 bytes, and the scenario.
MAX_REPLAY_BYTES = 64 << 20
#: Tables, arrays and dotted-key parts nested in one another (real files use at most 10).
MAX_DEPTH = 16
#: Integers must fit in a signed 64-bit word (seeds, points, counts).
MAX_INT = (1 << 63) - 1
#: Any single text value (descriptions included).
MAX_TEXT = 10_000
#: Entries of one array or table (a replay's steps are bounded separately).
MAX_ITEMS = 100_000
#: Problems listed for one file before the rest are summed up in one line.
MAX_PROBLEMS = 100

MAX_ID = 64
MAX_NAME = 100
MAX_TABLE = 500.0  # pas, each side (a real table is about 48 x 36)
MAX_BANDS = 8
#: Figures: a game's cost grows with them (about 5 s for 50 v 50 simple players).
MAX_FIGURES_PER_BAND = 50
MAX_FIGURES = 100
MAX_ITEMS_PER_FIGURE = 20
MAX_TERRAIN = 200
MAX_CORNERS = 1000  # per polygon
MAX_TOTAL_CORNERS = 5000
MAX_ZONE_CORNERS = 64  # auto-deployment tests every candidate point against each edge
MIN_BASE, MAX_BASE = 0.25, 10.0  # pas
MAX_HEIGHT = 100.0  # pas
MAX_VP = 1000
MAX_OBJECTIVES = 50
MAX_CHANGE = 10  # one advance or injury changes a characteristic by at most this
MAX_XP = 10_000
MAX_STEPS = 100_000


def _size(n: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} bytes"


def read_text(path: str | Path, limit: int, label: str | None = None,
              kind: str = "file") -> tuple[str | None, list[Problem]]:
    """The file's text, or why not: checked to be a regular file within ``limit`` bytes
    before a byte is read (a 2 GB replay is refused, not loaded); a UTF-8 BOM is dropped."""
    name = label if label is not None else str(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None, [Problem(name, "", "file not found")]
    except OSError as err:
        return None, [Problem(name, "", f"cannot read the file: {err.strerror or err}")]
    if stat.S_ISDIR(st.st_mode):
        return None, [Problem(name, "", "is a folder, not a file")]
    if not stat.S_ISREG(st.st_mode):
        return None, [Problem(name, "", "not a regular file")]
    if st.st_size > limit:
        return None, [Problem(name, "", f"file is {_size(st.st_size)}: a {kind} may be at "
                                        f"most {_size(limit)}")]
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as err:
        return None, [Problem(name, "", f"cannot read the file: {err.strerror or err}")]
    if len(raw) > limit:
        return None, [Problem(name, "", f"file is over {_size(limit)}: a {kind} may be at "
                                        f"most {_size(limit)}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return None, [Problem(name, "", f"not UTF-8 text (byte 0x{raw[err.start]:02x} at "
                                        f"offset {err.start})")]
    return text.removeprefix("\ufeff"), []


_KEY_PART = r"(?:[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*')"
_DEEP_KEY = re.compile(rf"{_KEY_PART}(?:[ \t]*\.[ \t]*{_KEY_PART}){{{MAX_DEPTH},}}")


def deep_key_problem(text: str, file: str) -> Problem | None:
    """A dotted key of more than :data:`MAX_DEPTH` parts, found before parsing: ``tomllib``
    takes quadratic time and memory on them (20,000 parts: 24 s and 1.5 GB)."""
    m = _DEEP_KEY.search(text)
    if m is None:
        return None
    line = text.count("\n", 0, m.start()) + 1
    return Problem(file, f"line {line}", f"a dotted key of more than {MAX_DEPTH} parts: "
                                         f"nested too deeply")


def _key(k: object) -> str:
    s = str(k)
    if re.fullmatch(r"[A-Za-z0-9_-]{1,64}", s):
        return s
    return quote(s, 40)


def document_problems(data: Any, file: str, prefix: str = "") -> list[Problem]:
    """One walk over a parsed document (no recursion, so any depth is safe to walk)."""
    out: list[Problem] = []
    stack: list[tuple[str, Any, int]] = [(prefix, data, 1)]
    while stack:
        entry, value, depth = stack.pop()
        where = entry or TOP_LEVEL
        if isinstance(value, Mapping | list | tuple):
            if depth > MAX_DEPTH:
                out.append(Problem(file, where, f"nested more than {MAX_DEPTH} levels deep"))
            elif len(value) > MAX_ITEMS:
                out.append(Problem(file, where, f"{len(value)} entries, at most {MAX_ITEMS}"))
            elif isinstance(value, Mapping):
                stack.extend((join_entry(entry, _key(k)), v, depth + 1)
                             for k, v in reversed(list(value.items())))
            else:
                stack.extend((f"{entry}[{i}]", v, depth + 1)
                             for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, bool):
            pass
        elif isinstance(value, int):
            if abs(value) > MAX_INT:
                out.append(Problem(file, where, f"number too large ({value.bit_length()} bits, "
                                                f"at most 63)"))
        elif isinstance(value, float):
            if not math.isfinite(value):
                out.append(Problem(file, where, f"must be a finite number, got {value}"))
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            out.append(Problem(file, where, f"text of {len(value)} characters, at most "
                                            f"{MAX_TEXT}"))
        if len(out) >= MAX_PROBLEMS:
            out.append(Problem(file, TOP_LEVEL, "too many problems: stopped here"))
            break
    return out


def _range(out: list[Problem], file: str, entry: str, value: float, low: float, high: float,
           what: str, *, low_open: bool = False) -> None:
    ok = (value > low if low_open else value >= low) and value <= high
    if not ok:
        sign = ">" if low_open else ">="
        out.append(Problem(file, entry, f"{what} must be {sign} {low:g} and <= {high:g}, "
                                        f"got {value:g}"))


def _text(out: list[Problem], file: str, entry: str, value: str, limit: int, what: str) -> None:
    if len(value) > limit:
        out.append(Problem(file, entry, f"{what} of {len(value)} characters, at most {limit}: "
                                        f"{quote(value, 24)}"))
    elif what == "id" and not value.strip():
        out.append(Problem(file, entry, "id is empty"))


def _text_fr(out: list[Problem], file: str, entry: str, value: str | None) -> None:
    """An optional French name: when given, as long as a name may be and not blank."""
    if value is None:
        return
    _text(out, file, entry, value, MAX_NAME, "name")
    if not value.strip():
        out.append(Problem(file, entry, "name_fr is empty (leave it out to show the name)"))


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _no_colon(out: list[Problem], file: str, entry: str, value: str) -> None:
    """The engine names a figure ``band:figure``: a colon in either would be ambiguous."""
    if ":" in value:
        out.append(Problem(file, entry, f"a band or figure id may not contain ':', got "
                                        f"{quote(value, 40)}"))


def warband_limit_problems(warband: Warband, file: str, entry: str) -> list[Problem]:
    """Names, ids, figure count, items, bases and XP of one warband record."""
    out: list[Problem] = []
    _text(out, file, join_entry(entry, "id"), warband.id, MAX_ID, "id")
    _no_colon(out, file, join_entry(entry, "id"), warband.id)
    _text(out, file, join_entry(entry, "name"), warband.name, MAX_NAME, "name")
    _text_fr(out, file, join_entry(entry, "name_fr"), warband.name_fr)
    if warband.colour is not None and not _COLOUR.fullmatch(warband.colour):
        out.append(Problem(file, join_entry(entry, "colour"), f"a colour is written #RRGGBB "
                                                              f"(e.g. #2f6fd0), got "
                                                              f"{quote(warband.colour, 20)}"))
    if len(warband.figures) > MAX_FIGURES_PER_BAND:
        out.append(Problem(file, join_entry(entry, "figures"),
                           f"{len(warband.figures)} figures, a band may have at most "
                           f"{MAX_FIGURES_PER_BAND}"))
        return out
    for i, fig in enumerate(warband.figures):
        fe = join_entry(entry, f"figures[{i}]")
        _text(out, file, f"{fe}.id", fig.id, MAX_ID, "id")
        _no_colon(out, file, f"{fe}.id", fig.id)
        _text(out, file, f"{fe}.name", fig.name, MAX_NAME, "name")
        _range(out, file, f"{fe}.base", fig.base, MIN_BASE, MAX_BASE, "base diameter")
        _range(out, file, f"{fe}.xp", fig.xp, 0, MAX_XP, "xp")
        for k, change in enumerate(fig.advances):
            _range(out, file, f"{fe}.advances[{k}].value", change.value, -MAX_CHANGE,
                   MAX_CHANGE, "a change")
        for key in ("weapons", "equipment", "injuries", "advances"):
            n = len(getattr(fig, key))
            if n > MAX_ITEMS_PER_FIGURE:
                out.append(Problem(file, f"{fe}.{key}", f"{n} {key}, at most "
                                                        f"{MAX_ITEMS_PER_FIGURE} per figure"))
    return out


def scenario_limit_problems(scenario: Scenario, file: str,
                            band_files: Mapping[int, str] | None = None) -> list[Problem]:
    """The record's bounds; a band read from its own file is reported against that file."""
    band_files = band_files or {}
    out: list[Problem] = []
    _text(out, file, "id", scenario.id, MAX_ID, "id")
    _text(out, file, "name", scenario.name, MAX_NAME, "name")
    if scenario.name_fr:  # "" is unset: the main name shows
        _text(out, file, "name_fr", scenario.name_fr, MAX_NAME, "name")
    for key in ("width", "height"):
        _range(out, file, key, getattr(scenario, key), 0, MAX_TABLE, f"table {key}",
               low_open=True)
    if len(scenario.bands) > MAX_BANDS:
        out.append(Problem(file, "bands", f"{len(scenario.bands)} bands, at most {MAX_BANDS}"))
    total = sum(len(b.warband.figures) for b in scenario.bands)
    if total > MAX_FIGURES:
        out.append(Problem(file, "bands", f"{total} figures in all, at most {MAX_FIGURES}"))
    for i, band in enumerate(scenario.bands[:MAX_BANDS]):
        if i in band_files:
            out.extend(warband_limit_problems(band.warband, band_files[i], "band"))
        else:
            out.extend(warband_limit_problems(band.warband, file, f"bands[{i}].warband"))
        if band.zone is not None and len(band.zone) > MAX_ZONE_CORNERS:
            out.append(Problem(file, f"bands[{i}].zone", f"{len(band.zone)} corners, at most "
                                                         f"{MAX_ZONE_CORNERS}"))
    if len(scenario.terrain) > MAX_TERRAIN:
        out.append(Problem(file, "terrain", f"{len(scenario.terrain)} pieces, at most "
                                            f"{MAX_TERRAIN}"))
    corners = sum(len(p.polygon) for p in scenario.terrain)
    if corners > MAX_TOTAL_CORNERS:
        out.append(Problem(file, "terrain", f"{corners} corners in all, at most "
                                            f"{MAX_TOTAL_CORNERS}"))
    for i, piece in enumerate(scenario.terrain[:MAX_TERRAIN]):
        _text(out, file, f"terrain[{i}].id", piece.id, MAX_ID, "id")
        _text(out, file, f"terrain[{i}].name", piece.name, MAX_NAME, "name")
        _text_fr(out, file, f"terrain[{i}].name_fr", piece.name_fr)
        if len(piece.polygon) > MAX_CORNERS:
            out.append(Problem(file, f"terrain[{i}].polygon", f"{len(piece.polygon)} corners, "
                                                              f"at most {MAX_CORNERS}"))
        _range(out, file, f"terrain[{i}].height", piece.height, 0, MAX_HEIGHT, "height")
    if len(scenario.objectives) > MAX_OBJECTIVES:
        out.append(Problem(file, "objectives", f"{len(scenario.objectives)} objectives, at most "
                                               f"{MAX_OBJECTIVES}"))
    for i, obj in enumerate(scenario.objectives[:MAX_OBJECTIVES]):
        _text(out, file, f"objectives[{i}].id", obj.id, MAX_ID, "id")
        _text(out, file, f"objectives[{i}].name", obj.name, MAX_NAME, "name")
        _text_fr(out, file, f"objectives[{i}].name_fr", obj.name_fr)
        _range(out, file, f"objectives[{i}].radius", obj.radius, 0, MAX_TABLE, "radius",
               low_open=True)
        _range(out, file, f"objectives[{i}].vp", obj.vp, -MAX_VP, MAX_VP, "vp")
    return out


def check_limits(doc: Document, found: Problems) -> None:
    """The record's bounds (a band read from its own file is reported against that file)."""
    if isinstance(doc.record, Scenario):
        found.extend(scenario_limit_problems(doc.record, doc.file, doc.band_files))
    elif isinstance(doc.record, Warband):
        found.extend(warband_limit_problems(doc.record, doc.file, "band"))
