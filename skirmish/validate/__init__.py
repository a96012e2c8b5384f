"""Every way a scenario or warband file is opened checks it the same way, once.

``skirmish validate FILE`` lists every problem, one line each; ``play``, ``simulate``, a
new campaign and the window's set-up and loading screens refuse a file with the same
lines (:func:`checked_scenario`, :func:`checked_warband`); a replay checks its embedded
scenario with the same checks, up to the geometry (:func:`embedded_scenario`). The list
itself is :data:`~skirmish.validate.checks.CHECKS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skirmish.content.document import Kind
from skirmish.content.errors import ContentError, Problem
from skirmish.content.pipeline import Checks
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import DEFAULT_BAND_POINTS, Scenario
from skirmish.content.warband import Warband
from skirmish.validate.checks import CHECKS, REPLAY_CHECKS, Subject

__all__ = ["Checked", "check_file", "checked_scenario", "checked_warband", "embedded_scenario",
           "validate_file"]


@dataclass(frozen=True)
class Checked:
    """What the checks made of one file: its record (a scenario as it will be played;
    None if none could be read), every problem, each once, and the warnings, which do
    not refuse it."""

    record: Scenario | Warband | None
    problems: list[Problem]
    warnings: list[Problem]


def _run(subject: Subject, checks: Checks[Subject] = CHECKS) -> Checked:
    found = checks.run(subject)
    return Checked(subject.played or subject.record, list(found), list(found.warnings))


def _in_file(path: str | Path, *, kind: Kind | None = None,
             budget: int | None = DEFAULT_BAND_POINTS, ruleset: str | None = None) -> Subject:
    """The file at ``path``, its referenced warband files read beside it."""
    return Subject(file=str(path), book=load_rulebook(), path=Path(path),
                   base_dir=Path(path).parent, kind=kind, budget=budget, ruleset=ruleset)


def check_file(path: str | Path, *, ruleset: str | None = None) -> Checked:
    """Every problem of a scenario or warband file (the kind told by its top-level
    table), read once; ``ruleset``: to be played under these rules, not its own."""
    return _run(_in_file(path, ruleset=ruleset))


def validate_file(path: str | Path) -> list[Problem]:
    """Every problem found in a scenario or warband file (an empty list means valid)."""
    return check_file(path).problems


def checked_scenario(path: str | Path, ruleset: str | None = None) -> Scenario:
    """The scenario at ``path`` as it will be played (under ``ruleset``, ``--ruleset``, if
    given), or a :class:`ContentError` with one line per problem."""
    checked = check_file(path, ruleset=ruleset)
    if checked.problems:
        raise ContentError.from_problems(checked.problems)
    if not isinstance(checked.record, Scenario):
        raise ContentError(str(path), "", "a warband file, not a scenario: name a scenario file")
    return checked.record


def checked_warband(path: str | Path, *, band_points: int | None = DEFAULT_BAND_POINTS
                    ) -> Warband:
    """The warband file at ``path`` (priced against ``band_points``; None: unpriced), or a
    :class:`ContentError` with one line per problem."""
    checked = _run(_in_file(path, kind="warband", budget=band_points))
    if checked.problems:
        raise ContentError.from_problems(checked.problems)
    assert isinstance(checked.record, Warband)
    return checked.record


def embedded_scenario(data: Mapping[str, Any], source: str) -> Checked:
    """A replay's scenario (``data``, embedded in the file ``source``): its warbands must be
    embedded too, and it is checked up to the geometry (:data:`REPLAY_CHECKS`)."""
    return _run(Subject(file=source, book=load_rulebook(), data=data, kind="scenario"),
                REPLAY_CHECKS)
