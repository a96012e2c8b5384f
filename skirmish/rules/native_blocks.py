"""The native-blocks check: the per-ruleset blocks of warband figures (RULESETS §0.5 S2).

Each block is read by the ruleset it names, so only the rules can check it; it is checked
once the file is otherwise sound (its profile is built from the figure's kit and the
options), each problem named ``file: entry: problem`` like the file's others.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from skirmish.content.document import Document
from skirmish.content.errors import Problem, from_validation_error
from skirmish.content.models import Rulebook
from skirmish.content.pipeline import Problems
from skirmish.content.warband import Warband
from skirmish.rules.registry import RULESETS

__all__ = ["check_native_blocks", "field_problems", "native_problems"]


def check_native_blocks(doc: Document, found: Problems) -> None:
    """A warband file's blocks, or each band's in the scenario as written and, under other
    rules, as played (its options change the profile a block adjusts)."""
    if isinstance(doc.record, Warband):
        found.extend(native_problems(doc.book, doc.record, doc.file, "band"))
    for scenario in doc.scenarios():
        for i, entry in enumerate(scenario.bands):
            found.extend(native_problems(doc.book, entry.warband, doc.file,
                                         f"bands[{i}].warband", scenario.options))


def native_problems(book: Rulebook, wb: Warband, file: str, entry: str,
                    options: Mapping[str, Any] | None = None) -> list[Problem]:
    out: list[Problem] = []
    taking = {rid: r for rid, r in RULESETS.items() if r.native_block is not None}
    for j, spec in enumerate(wb.figures):
        for ruleset in spec.native:
            where = f"{entry}.figures[{j}].native.{ruleset}"
            rules = taking.get(ruleset)
            if rules is None:
                out.append(Problem(file, where, f"no native block for ruleset '{ruleset}' "
                                                f"(known: {', '.join(taking)})"))
                continue
            fields = field_problems(spec.native[ruleset], rules.native_block, file, where)
            found = None if fields else rules.native_problem(book, wb, spec, options or {})
            out.extend(fields)
            if found is not None:
                out.append(Problem(file, f"{where}.{found[0]}", found[1]))
    return out


def field_problems(block: Mapping[str, Any], schema: type, file: str,
                   where: str) -> list[Problem]:
    """Every unknown or mistyped field of a native block, worded as the file's other
    structural problems (``unknown field 'zz'``, ``expected int, got str``): msgspec
    alone stops at the first, so each field is converted on its own."""
    out: list[Problem] = []
    for key, value in block.items():
        try:
            msgspec.convert({key: value}, schema, strict=True)
        except msgspec.ValidationError as err:
            out.append(_keyed(err, file, where, key, value, schema))
    return out


def _keyed(err: msgspec.ValidationError, file: str, where: str, key: str, value: Any,
           schema: type) -> Problem:
    """msgspec writes a table's key as ``[...]`` (``weapons[...].bd``): the first entry of
    ``value`` that fails on its own names it (``weapons.pistol.bd``)."""
    problem = from_validation_error(err, file, where)
    if "[...]" not in problem.entry or not isinstance(value, Mapping):
        return problem
    for name, item in value.items():
        try:
            msgspec.convert({key: {name: item}}, schema, strict=True)
        except msgspec.ValidationError as one:
            found = from_validation_error(one, file, where)
            return Problem(file, found.entry.replace("[...]", f".{name}", 1), found.problem)
    return problem
