"""A figure's ``native.<ruleset>`` block (RULESETS §0.5 S2): each ruleset has its own
schema, but every one reads the block, lets the fields it names win over the conversion
and reports a bad block as ``entry: problem`` in the same way, so the validator and the
setup screen word the problems alike whatever the rules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import msgspec

__all__ = ["NativeProblem", "first_problem", "named_fields", "override_weapons",
           "parse_native"]

Block = TypeVar("Block")
Weapon = TypeVar("Weapon", bound=msgspec.Struct)


class NativeProblem(ValueError):
    """``entry: problem`` inside a figure's native block."""

    def __init__(self, entry: str, problem: str) -> None:
        super().__init__(f"{entry}: {problem}")
        self.entry = entry
        self.problem = problem


def parse_native(raw: Mapping[str, Any], schema: type[Block]) -> Block:
    """``raw`` as ``schema``; msgspec's ``… - at `$.weapons.bd``` becomes the entry
    ``weapons.bd`` (``native`` for the block as a whole)."""
    try:
        return msgspec.convert(dict(raw), schema)
    except msgspec.ValidationError as err:
        text, at, where = str(err).rpartition(" - at `$")
        if not at:
            text, where = str(err), ""
        raise NativeProblem(where.rstrip("`").lstrip(".") or "native", text) from None


def named_fields(block: object, names: Iterable[str]) -> dict[str, Any]:
    """The fields among ``names`` that ``block`` sets: None is a field it leaves alone."""
    return {k: v for k in names if (v := getattr(block, k, None)) is not None}


def override_weapons(weapons: Mapping[str, Weapon], natives: Mapping[str, msgspec.Struct]
                     ) -> dict[str, Weapon]:
    """``weapons`` with each block entry's set fields replaced; a block may only adjust a
    weapon the figure carries."""
    out = dict(weapons)
    for wid, nw in natives.items():
        if wid not in out:
            raise NativeProblem(f"weapons.{wid}", "the figure does not carry this weapon")
        out[wid] = msgspec.structs.replace(out[wid], **named_fields(nw, nw.__struct_fields__))
    return out


def first_problem(build: Callable[[], object]) -> tuple[str, str] | None:
    """The problem ``build`` (a profile built with its native block) stops at, as
    (entry, problem), or None when the block makes a profile."""
    try:
        build()
    except NativeProblem as err:
        return err.entry, err.problem
    return None
