"""The one ordered list of checks every scenario and warband file goes through.

Each check lives with the knowledge it needs — the content's five (syntax, fields,
limits, ranges, band rules: :data:`~skirmish.content.loading.CONTENT_CHECKS`), the
rules' (ruleset, options, native blocks), the measured table's (geometry), then whether a
sound table can be played (zones, playability, the engine's own deployment) and the
warnings. This is the lowest layer that may call them all, so the list is written here;
``validate``, ``play``, ``simulate``, a new campaign, the window and a replay's embedded
scenario all run it (:mod:`skirmish.validate`), and each problem is said once.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.content.document import Document
from skirmish.content.loading import CONTENT_CHECKS
from skirmish.content.pipeline import Check, Checks, Problems, clean
from skirmish.content.scenario import Scenario
from skirmish.content.warband import Warband
from skirmish.geometry import Table
from skirmish.match import deployment_problems
from skirmish.playable import check_playability, check_warnings, check_zones
from skirmish.rules.native_blocks import check_native_blocks
from skirmish.rules.ruleset_checks import check_options, check_ruleset, options_unsaid
from skirmish.rulesets import load_named
from skirmish.validate.table import table_problems

__all__ = ["CHECKS", "REPLAY_CHECKS", "Subject"]


@dataclass(kw_only=True)
class Subject(Document):
    """A file under check, with the table the geometry check measured (None until then,
    or when a terrain piece is broken)."""

    table: Table | None = None


def _measurable(found: Problems) -> bool:
    """The record is within the limits: a table beyond them is not built (too big to
    measure in reasonable time, and said already)."""
    return not found.found_by("limits")


def _load_rulesets(s: Subject, found: Problems) -> None:
    """Load the rulesets the file names — the one it is played under, each one a figure
    has a native block for — before the rules' checks look them up; no problem of its
    own (an unknown id is said by the check that reads it)."""
    named = {s.ruleset} if s.ruleset is not None else set()
    warbands = [b.warband for sc in s.scenarios() for b in sc.bands]
    named |= {sc.ruleset for sc in s.scenarios()}
    if isinstance(s.record, Warband):
        warbands.append(s.record)
    named |= {rid for wb in warbands for spec in wb.figures for rid in spec.native}
    load_named(named)


def _check_geometry(s: Subject, found: Problems) -> None:
    if not isinstance(s.record, Scenario):
        return
    problems, s.table = table_problems(s.record, s.file, s.band_files)
    # The ranges check already refuses a polygon of too few points: one line per entry.
    found.extend([p for p in problems if not found.about(p.file, p.entry)])


def _check_deployment(s: Subject, found: Problems) -> None:
    """The engine deploys every band of the scenario as played (the zones must hold their
    bands' bases between the terrain)."""
    if s.played is None:
        return
    assert s.table is not None, "a sound scenario has its table"
    found.extend(deployment_problems(s.played, s.file, s.table))


#: Every check, in order: a file that does not parse or has no record stops there; the
#: table is measured only within the limits; the native blocks, playability, deployment
#: and warnings only when nothing else is wrong.
CHECKS: Checks[Subject] = Checks((
    *CONTENT_CHECKS.checks,
    Check("rulesets named", _load_rulesets),
    Check("ruleset", check_ruleset),
    Check("options", check_options, needs=options_unsaid),
    Check("native blocks", check_native_blocks, needs=clean),
    Check("geometry", _check_geometry, needs=_measurable),
    Check("zones", check_zones),
    Check("playability", check_playability, needs=clean),
    Check("deployment", _check_deployment, needs=clean),
    Check("warnings", check_warnings, needs=clean),
))

#: A replay's embedded scenario: already parsed, and a game already deployed and played,
#: so neither its zones nor its deployment are asked again (a recorded game is never
#: refused for a check added after it was played).
REPLAY_CHECKS: Checks[Subject] = CHECKS.between("fields", "geometry")
