"""The first check of a file: its text within the limits, parsed as TOML.

Nothing else can be said of a file that does not parse, so a problem here ends its
checks (:mod:`skirmish.content.pipeline`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from skirmish.content.document import Document
from skirmish.content.errors import Problem, toml_syntax_problem
from skirmish.content.limits import (
    MAX_DEPTH,
    MAX_TOML_BYTES,
    deep_key_problem,
    document_problems,
    read_text,
)
from skirmish.content.pipeline import Problems

__all__ = ["check_syntax", "read_toml"]


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


def check_syntax(doc: Document, found: Problems) -> None:
    """Read ``doc.path`` into ``doc.data``."""
    assert doc.path is not None, "a document given as data starts at the fields check"
    doc.data, problems = read_toml(doc.path, doc.file)
    found.extend(problems)
