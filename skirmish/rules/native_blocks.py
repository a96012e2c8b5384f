"""Checks of the per-ruleset native blocks of warband figures (RULESETS §0.5 S2), for
``validate``: each block is parsed by its ruleset and named ``file: entry: problem``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from skirmish.content.errors import Problem, from_validation_error
from skirmish.content.models import Rulebook
from skirmish.content.warband import Warband
from skirmish.rules.clefs_aube.profile import RULESET as CLEFS_AUBE
from skirmish.rules.clefs_aube.profile import Native, native_problem
from skirmish.rules.skirmish.profile import figure_stats


def native_problems(book: Rulebook, wb: Warband, file: str, entry: str,
                    options: Mapping[str, Any] | None = None) -> list[Problem]:
    out: list[Problem] = []
    for j, spec in enumerate(wb.figures):
        for ruleset in spec.native:
            where = f"{entry}.figures[{j}].native.{ruleset}"
            if ruleset != CLEFS_AUBE:
                out.append(Problem(file, where, f"no native block for ruleset '{ruleset}' "
                                                f"(known: {CLEFS_AUBE})"))
                continue
            fields = field_problems(spec.native[ruleset], file, where)
            found = None if fields else \
                native_problem(book, wb, spec, figure_stats(book, wb, spec, options or {}))
            out.extend(fields)
            if found is not None:
                out.append(Problem(file, f"{where}.{found[0]}", found[1]))
    return out


def field_problems(block: Mapping[str, Any], file: str, where: str) -> list[Problem]:
    """Every unknown or mistyped field of a native block, worded as the file's other
    structural problems (``unknown field 'zz'``, ``expected int, got str``): msgspec
    alone stops at the first, so each field is converted on its own."""
    out: list[Problem] = []
    for key, value in block.items():
        try:
            msgspec.convert({key: value}, Native, strict=True)
        except msgspec.ValidationError as err:
            out.append(from_validation_error(err, file, where))
    return out
