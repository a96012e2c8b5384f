"""Count phrases that agree with their number ("1 PV restant", "2 PV restants", "1 band
point"), shared by the window's tables and the campaign's English sentences.

A template writes the words that depend on a number as that number's field with the two
forms as its format spec, ``{n:singular|plural}``: ``"{pv} PV {pv:restant|restants}"``.
The spec may hold the number again (``{games:the next game|the next {games} games}``).
The form follows the language's rule (CLDR): French is singular below 2 (0 and 1),
English only for exactly 1. Templates without such a field format as ``str.format`` does.
"""

from __future__ import annotations

import string
from collections.abc import Mapping


def singular(lang: str, n: object) -> bool:
    """Whether ``n`` (a number, or one written as text like "1.5" or French "1,5") takes
    the singular."""
    try:
        x = abs(float(str(n).replace(",", ".")))
    except (TypeError, ValueError):
        return False
    if lang == "fr":
        return x < 2
    return x == 1 and "." not in str(n)  # "1.0 points", as English says it


class _Agreeing(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec:
            one, other = format_spec.split("|", 1)
            return one if singular(self.lang, value) else other
        return super().format_field(value, format_spec)


_FORMATTERS: dict[str, _Agreeing] = {}


def fill(template: str, lang: str, params: Mapping[str, object]) -> str:
    """``template.format(**params)`` with its count phrases agreeing in ``lang``; raises
    what ``str.format`` raises (KeyError, IndexError, ValueError) for a bad template."""
    if "|" not in template:
        return template.format(**params)
    fmt = _FORMATTERS.get(lang) or _FORMATTERS.setdefault(lang, _Agreeing(lang))
    return fmt.vformat(template, (), params)


def word(lang: str, n: object, one: str, other: str) -> str:
    """``one`` or ``other`` as ``n`` asks, for sentences built in code."""
    return one if singular(lang, n) else other
