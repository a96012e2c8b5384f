"""English and French UI text, switchable while the program runs.

Strings live in ``assets/translations/{en,fr}.json`` as flat keys, plus one file per
feature in ``assets/translations/{en,fr}/*.json`` (campaign, replay viewer…), merged in
name order, so features add their text without touching one shared file. French rule terms
(Chef, Sous-chef, PA, Cd, CT, CCC…) are kept in both languages. A missing key falls
back to English, then to the key itself, so a gap shows up as text, never a crash.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache

from skirmish.app.paths import TRANSLATIONS

LANGUAGES = ("en", "fr")


@cache
def _table(lang: str) -> dict[str, str]:
    files = [TRANSLATIONS / f"{lang}.json", *sorted((TRANSLATIONS / lang).glob("*.json"))]
    table: dict[str, str] = {}
    for path in files:
        with open(path, encoding="utf-8") as fh:
            table.update(json.load(fh))
    return table


class Translator:
    """``t("menu.new_game")`` in the current language; ``t(key, n=3)`` formats."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        #: The game's names from its files (band, terrain) → their French form: the rules
        #: name things by the files' main names, the French sentences swap them.
        self.names_fr: dict[str, str] = {}

    def __call__(self, key: str, **kw: object) -> str:
        text = _table(self.lang).get(key) or _table("en").get(key) or key
        if kw:
            try:
                return text.format(**kw)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def engine(self, key: str, params: Mapping[str, object], text: str) -> str:
        """A sentence from the rules in the current language, by its key and parameters
        in ``skirmish.rules.skirmish.messages``; without a translation, ``text`` as the
        rules wrote it."""
        found = _table(self.lang).get(f"engine.{key}") if key else None
        if found:
            if self.lang == "fr" and self.names_fr:
                params = {k: self.names_fr.get(v, v) if isinstance(v, str) else v
                          for k, v in params.items()}
            try:
                return found.format(**params)
            except (KeyError, IndexError, ValueError):
                pass
        return text

    def has(self, key: str) -> bool:
        return key in _table("en")

    def toggle(self) -> None:
        self.lang = LANGUAGES[(LANGUAGES.index(self.lang) + 1) % len(LANGUAGES)]
