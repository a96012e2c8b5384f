"""The rules reference shipped with the program: every rule ID the window cites
([R-CAMP-RET-HERO], GAP-63, D-10, [CA-DMG]…) with its text in English and in French,
the reference's sections and its glossary (``assets/rules/{en,fr}.json``).

The rules' own document is not installed with the game, so a player reads a cited rule
here: the rules reference screen lists it, and a hover or a click on a cited ID shows it
(:mod:`skirmish.app.rule_tips`). Nothing here draws.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from skirmish.app.paths import RULE_TEXTS

#: A rule ID as the rules, the logs and the window cite it: R-CAMP-XP, CA-DMG-TABLE,
#: GAP-63, GAP-CA-18, D-10.
RULE_ID = re.compile(r"\b(?:(?:R|CA)(?:-[A-Z0-9]+)+|GAP-(?:CA-)?\d+|D-\d+)\b")


@cache
def _book(lang: str) -> dict[str, Any]:
    path = RULE_TEXTS / f"{lang}.json"
    if not path.is_file():
        path = RULE_TEXTS / "en.json"
    return json.loads(path.read_text(encoding="utf-8"))


def rule_text(rule_id: str, lang: str = "en") -> str | None:
    """The text of ``rule_id`` in ``lang`` (English where French has none), or None for
    an ID the reference does not hold."""
    text = _book(lang)["texts"].get(rule_id)
    return text if text is not None else _book("en")["texts"].get(rule_id)


def cited(text: str) -> list[str]:
    """The rule IDs ``text`` cites that the reference holds, in order, once each."""
    out: list[str] = []
    for m in RULE_ID.finditer(text):
        if m[0] not in out and rule_text(m[0]) is not None:
            out.append(m[0])
    return out


def sections(lang: str) -> list[tuple[str, list[str]]]:
    """The reference's sections in order: a title and the rule IDs under it."""
    return [(title, list(ids)) for title, ids in _book(lang)["sections"]]


def glossary(lang: str) -> list[tuple[str, str, str]]:
    """Each abbreviation the window uses (Mvt, Cd, CT, CCC, F, R, PV…): the abbreviation,
    the rules' French term and what it means."""
    return [(a, b, c) for a, b, c in _book(lang)["glossary"]]
