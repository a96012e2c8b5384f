"""The TOML tables a ruleset adds to the rulebook (``content/data/<ruleset>.toml``,
RULESETS §0.5 S13): read the same way for every ruleset, each then typed by the
ruleset's own schema of :class:`Record` rows."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import msgspec

__all__ = ["Record", "cited_table", "read_tables"]

DATA = Path(__file__).parent / "data"

Value = TypeVar("Value")


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A row of a ruleset's tables: an unknown key is a typo in the data file, refused."""


def read_tables(ruleset: str) -> dict[str, Any]:
    """``content/data/<ruleset>.toml`` as TOML values, to be converted to the schema."""
    return tomllib.loads((DATA / f"{ruleset}.toml").read_text(encoding="utf-8"))


def cited_table(table: Mapping[str, Value]) -> dict[str, Value]:
    """A table keyed by data (a range, a Carrure, a name) whose ``rule`` entry cites the
    rule beside the keys: the keys alone, to be typed as a mapping."""
    return {k: v for k, v in table.items() if k != "rule"}
