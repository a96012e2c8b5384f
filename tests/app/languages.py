"""Words of the other language on a screen: the window speaks one language at a time,
and only a rule term may keep its French name, in brackets, in English.

A word is the other language's when the other language's translations use it and this
one's never do (outside brackets), and it is not a name the game gives (a figure, a
band, a scenario, a piece of terrain). Brackets, square or round, are skipped: "[R-MORALE-SPOT]",
"Spot test (Apercevoir l'ennemi)".
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from skirmish.app.paths import TRANSLATIONS

_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ]+")
_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_TAGS = re.compile(r"<[^<>]*>")
_OPEN_END = re.compile(r"[(\[][^()\[\]]*$")
_CLOSE_START = re.compile(r"^[^()\[\]]*[)\]]")
_PATH = re.compile(r"\S*[/\\]\S*|\S+\.(?:json|jsonl|toml|png)\b")
#: Rule terms both languages write the French way (RULES.md §1, Les Clefs de l'Aube's
#: characteristics of RULESETS §3), units, and words both languages spell alike.
SHARED = {"pa", "cd", "ct", "ccc", "pv", "mvt", "chef", "chefs", "sous", "fifre", "fifres",
          "pas", "d", "f", "r", "ca", "ta", "tp", "xp", "ok", "id", "png", "jsonl", "json",
          "ph", "me", "my", "pu", "pr", "ma", "ex", "ré", "esq", "enc", "nd", "bd", "be", "ba",
          "bp", "bc", "dom", "pf", "th", "combat", "max"}


def _values(lang: str) -> list[str]:
    files = [TRANSLATIONS / f"{lang}.json", *sorted((TRANSLATIONS / lang).glob("*.json"))]
    out: list[str] = []
    for path in files:
        out += json.loads(path.read_text(encoding="utf-8")).values()
    return out


def words(text: str) -> list[str]:
    """The words of ``text`` outside brackets and markup, as written (a file's path or
    name, "walk-game-01.replay.json", is no word of either language)."""
    text = _PATH.sub(" ", _TAGS.sub(" ", text))
    while _BRACKETS.search(text):
        text = _BRACKETS.sub(" ", text)
    text = _OPEN_END.sub(" ", _CLOSE_START.sub(" ", text))  # a bracket wrapped over lines
    return _WORD.findall(text)


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    found: set[str] = set()
    for v in _values(lang):
        v = _PLACEHOLDER.sub(" ", v)
        v = re.sub(r"\w+\|\w+", " ", v)  # the count phrases' forms
        found.update(w.lower() for w in words(v))
    return frozenset(found)


@cache
def foreign_vocabulary(lang: str) -> frozenset[str]:
    """Words only the other language's translations use."""
    other = "fr" if lang == "en" else "en"
    return _vocabulary(other) - _vocabulary(lang) - SHARED


def game_names(screen: Any) -> set[str]:
    """The words of the names the game gives: figures, bands, scenario, terrain."""
    game = getattr(getattr(screen, "session", None), "game", None)
    if game is None:
        return set()
    names = [f.name for f in game.state.figures.values()]
    names += [b.name for b in game.scenario.bands_warbands()] if hasattr(
        game.scenario, "bands_warbands") else [e.warband.name for e in game.scenario.bands]
    names += [game.scenario.name, *(p.name for p in game.scenario.terrain)]
    names += [o.name for o in game.scenario.objectives]
    return {w.lower() for n in names for w in words(n)}


def foreign_words(text: str, lang: str, names: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The words of ``text`` that belong to the other language."""
    bad = foreign_vocabulary(lang)
    return [w for w in words(text) if w.lower() in bad and w.lower() not in names]
