"""The ruleset and options checks: what a scenario or replay says about its rules.

The rules know which rulesets this program plays (and which versions of them) and what
each accepts as options; these checks ask them, for the one list of checks every file
goes through (``skirmish.validate``) and for a replay's own options. A scenario played
under other rules than its own (``--ruleset``) is checked under both: as written, then as
played, the options the other rules do not know left behind (as the set-up screen's
ruleset button does).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from skirmish.content.document import Document
from skirmish.content.errors import Problem, from_validation_error, quote
from skirmish.content.pipeline import Problems
from skirmish.content.scenario import Scenario
from skirmish.rules.game import plays_version
from skirmish.rules.registry import RULESETS

__all__ = ["check_options", "check_ruleset", "options_problems", "options_unsaid",
           "played_under", "ruleset_problems"]


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


def options_problems(options: Mapping[str, Any], file: str, prefix: str = "options",
                     ruleset: str = "skirmish") -> list[Problem]:
    """Unknown, mistyped or out-of-range rules options, as ``ruleset`` (Skirmish when it is
    unknown: that is said by :func:`ruleset_problems`) rejects them."""
    try:
        RULESETS.get(ruleset, RULESETS["skirmish"]).parse_options(dict(options))
    except msgspec.ValidationError as err:
        problem = from_validation_error(err, file, prefix)
        text = problem.problem.replace("unknown field", "unknown option")
        return [Problem(problem.file, problem.entry, text)]
    return []


def played_under(scenario: Scenario, ruleset: str) -> Scenario:
    """``scenario`` under the known ``ruleset``, without the options it does not know (the
    other ruleset's own, ``ca_combat``…)."""
    rules = RULESETS[ruleset]
    known = rules.options_to_dict(rules.parse_options({}))
    return msgspec.structs.replace(
        scenario, ruleset=ruleset, options={k: v for k, v in scenario.options.items() if k in known})


def check_ruleset(doc: Document, found: Problems) -> None:
    """The scenario's ruleset is known, and so is ``doc.ruleset`` (``--ruleset``) when
    given; ``doc.played`` is the scenario as it will be played."""
    scenario = doc.record
    if not isinstance(scenario, Scenario):
        return
    found.extend(ruleset_problems(scenario.ruleset, doc.file))
    doc.played = scenario
    if doc.ruleset is None or doc.ruleset == scenario.ruleset:
        return
    problems = ruleset_problems(doc.ruleset, doc.file, "--ruleset")
    found.extend(problems)
    if not problems:
        doc.played = played_under(scenario, doc.ruleset)


def options_unsaid(found: Problems) -> bool:
    """No option was found wrong yet: the content's own reading of ``band_points``,
    ``max_turns`` and ``elf_resistance`` already named the entry, in its words."""
    return not any(p.entry.startswith("options") for p in found)


def check_options(doc: Document, found: Problems) -> None:
    """The options under the rules of the scenario as written and, if other, as played."""
    for scenario in doc.scenarios():
        found.extend(options_problems(scenario.options, doc.file, ruleset=scenario.ruleset))
