"""Warband and scenario files: TOML → checked records, and scenarios ↔ plain dicts.

A warband file has one ``[band]`` table with ``[[band.figures]]``. A scenario file has its
fields at the top level, ``[[terrain]]``, ``[[objectives]]``, ``[options]`` and ``[[bands]]``;
each band is inline (``[bands.warband]``) or a file reference (``warband = "warbands/x.toml"``,
relative to the scenario file). The loaded :class:`Scenario` embeds every warband, so replays
can carry it whole (:func:`scenario_to_dict` / :func:`scenario_from_dict`).

A file is checked by :data:`CONTENT_CHECKS`, the content layer's part of the one list of
checks (``skirmish.validate`` continues it with what needs the rules, the table or the
engine); ``load_*`` and ``*_from_dict`` raise a :class:`ContentError` listing every
problem, each a one-line ``FILE: ENTRY: PROBLEM``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from skirmish.content.band_rules import check_band_rules
from skirmish.content.document import Document
from skirmish.content.errors import ContentError
from skirmish.content.limits import check_limits
from skirmish.content.models import Rulebook
from skirmish.content.pipeline import Check, Checks
from skirmish.content.ranges import check_ranges
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import DEFAULT_BAND_POINTS, Scenario
from skirmish.content.structure import check_fields
from skirmish.content.syntax import check_syntax
from skirmish.content.warband import Warband

__all__ = ["CONTENT_CHECKS", "load_scenario", "load_warband",
           "scenario_from_dict", "scenario_to_dict", "warband_from_dict"]

#: What the content layer checks of a file, in order: a file that does not parse or has
#: no record stops there; the limits, ranges and band rules are all reported.
CONTENT_CHECKS: Checks[Document] = Checks((
    Check("syntax", check_syntax, stops=True),
    Check("fields", check_fields, stops=True),
    Check("limits", check_limits),
    Check("ranges", check_ranges),
    Check("band rules", check_band_rules),
))
#: The same for a record given as data rather than as a file.
_DATA_CHECKS = CONTENT_CHECKS.between("fields", "band rules")


def _check(doc: Document, checks: Checks[Document]) -> None:
    """Run ``checks`` on ``doc``; raise every problem found."""
    found = checks.run(doc)
    if found:
        raise ContentError.from_problems(list(found))


# ---------------------------------------------------------------- warbands


def warband_from_dict(
    data: Mapping[str, Any],
    source: str = "<warband>",
    *,
    rulebook: Rulebook | None = None,
    setting: str | None = None,
    band_points: int | None = DEFAULT_BAND_POINTS,
) -> Warband:
    """Checked :class:`Warband` from a ``{"band": {...}}`` dict; raises :class:`ContentError`.

    ``setting`` defaults to the band's own (GAP-4 free pistol); ``band_points=None`` skips
    the budget."""
    doc = Document(file=source, book=rulebook or load_rulebook(), data=data, kind="warband",
                   setting=setting, budget=band_points)
    _check(doc, _DATA_CHECKS)
    assert isinstance(doc.record, Warband)
    return doc.record


def load_warband(
    path: str | Path,
    *,
    rulebook: Rulebook | None = None,
    setting: str | None = None,
    band_points: int | None = DEFAULT_BAND_POINTS,
) -> Warband:
    """Load and check a warband file; ``setting`` defaults to the file's own, else medieval."""
    doc = Document(file=str(path), book=rulebook or load_rulebook(), path=Path(path),
                   kind="warband", setting=setting, budget=band_points)
    _check(doc, CONTENT_CHECKS)
    assert isinstance(doc.record, Warband)
    return doc.record


# ---------------------------------------------------------------- scenarios


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
    doc = Document(file=source, book=rulebook or load_rulebook(), data=data, kind="scenario",
                   base_dir=base_dir)
    _check(doc, _DATA_CHECKS)
    assert isinstance(doc.record, Scenario)
    return doc.record


def load_scenario(path: str | Path, *, rulebook: Rulebook | None = None) -> Scenario:
    """Load and check a scenario file, embedding every referenced warband."""
    doc = Document(file=str(path), book=rulebook or load_rulebook(), path=Path(path),
                   kind="scenario", base_dir=Path(path).parent)
    _check(doc, CONTENT_CHECKS)
    assert isinstance(doc.record, Scenario)
    return doc.record


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

