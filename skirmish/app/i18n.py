"""English and French UI text, switchable while the program runs.

Strings live in ``assets/translations/{en,fr}.json`` as flat keys, plus one file per
feature in ``assets/translations/{en,fr}/*.json`` (campaign, replay viewer…), merged in
name order, so features add their text without touching one shared file. French rule terms
(Chef, Sous-chef, PA, Cd, CT, CCC…) are kept in both languages. A missing key falls
back to English, then to the key itself, so a gap shows up as text, never a crash.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache

from skirmish.app.paths import TRANSLATIONS
from skirmish.percent import percent
from skirmish.plural import fill

LANGUAGES = ("en", "fr")

#: French contracts "à"/"de" with the article that starts many band names ("Les
#: Survivants", "Le Clan"): "à Les Survivants" is said "aux Survivants".
_CONTRACTIONS = {"à les": "aux", "de les": "des", "à le": "au", "de le": "du"}
_CONTRACT = re.compile(r"\b(à|de) (Les|Le)\b(?= )")
#: And "de" elides before a name that opens on a vowel: "Progression d'Ithil".
_ELIDE = re.compile(r"\bde (?=[AEIOUYÀÂÉÈÊÎÔÛ])")

#: A number already written as text with a decimal point ("3.4", the rules' own params).
_DECIMAL = re.compile(r"-?\d+\.\d+")


def contract(text: str) -> str:
    """French sentences with a name put after "à"/"de", contracted as French says them."""
    text = _CONTRACT.sub(lambda m: _CONTRACTIONS[f"{m[1]} {m[2].lower()}"], text)
    return _ELIDE.sub("d'", text)


@cache
def _table(lang: str) -> dict[str, str]:
    files = [TRANSLATIONS / f"{lang}.json", *sorted((TRANSLATIONS / lang).glob("*.json"))]
    table: dict[str, str] = {}
    for path in files:
        with open(path, encoding="utf-8") as fh:
            table.update(json.load(fh))
    return table


def decimal(lang: str, x: float, digits: int | None = None) -> str:
    """``x`` as ``lang`` writes it: French takes a decimal comma ("17,5 pas"). ``digits``
    fixed decimals, or None for the shortest form (``:g``). Display only: what the rules
    write into logs, replays and saves keeps its point."""
    s = f"{x:g}" if digits is None else f"{x:.{digits}f}"
    return s.replace(".", ",") if lang == "fr" else s


def localised(lang: str, params: Mapping[str, object]) -> Mapping[str, object]:
    """``params`` with their decimals as ``lang`` writes them: floats, and numbers the
    rules wrote as text ("3.4"), so every sentence filled here follows the window's
    language; in English they stay as they are."""
    if lang != "fr":
        return params
    return {k: (str(v).replace(".", ",") if isinstance(v, float)
                or (isinstance(v, str) and _DECIMAL.fullmatch(v)) else v)
            for k, v in params.items()}


def translate(lang: str, key: str) -> str:
    """``key`` in ``lang`` without a Translator (the key itself when missing)."""
    return _table(lang).get(key) or _table("en").get(key) or key


def _english_template(key: str, params: Mapping[str, object], text: str) -> str | None:
    """The Skirmish rules' English template for ``key`` when it says ``text`` with
    ``params`` (None for another ruleset's sentence): only what the rules wrote is said
    again, with other names."""
    from skirmish.rules.frame.messages import TEXT  # the rules load with a game, not before

    template = TEXT.get(key)
    if template is None:
        return None
    try:
        return template if template.format(**params) == text else None
    except (KeyError, IndexError, ValueError):
        return None


class Translator:
    """``t("menu.new_game")`` in the current language; ``t(key, n=3)`` formats, count
    phrases agreeing with their number (``skirmish.plural``)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        #: The game's names from its files (band, terrain, objective) → their French form:
        #: the rules name things by the files' main names, the French sentences swap them.
        self.names_fr: dict[str, str] = {}
        #: The rulebook's names the rules write in French (weapons…) → their English form,
        #: swapped into the English sentences.
        self.names_en: dict[str, str] = {}

    def __call__(self, key: str, **kw: object) -> str:
        text = _table(self.lang).get(key) or _table("en").get(key) or key
        if kw:
            try:
                return self._said(fill(text, self.lang, localised(self.lang, kw)))
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def _said(self, text: str) -> str:
        return contract(text) if self.lang == "fr" else text

    def engine(self, key: str, params: Mapping[str, object], text: str) -> str:
        """A sentence from the rules in the current language, by its key and parameters
        in ``skirmish.rules.frame.messages``; without a translation, ``text`` as the
        rules wrote it."""
        found = _table(self.lang).get(f"engine.{key}") if key else None
        names = self.names_fr if self.lang == "fr" else self.names_en
        if not found and self.lang == "en" and names and key:
            found = _english_template(key, params, text)
        if found:
            if names:
                params = {k: names.get(v, v) if isinstance(v, str) else v
                          for k, v in params.items()}
            if isinstance(params.get("card"), str):  # a playing card as the table reads it
                from skirmish.rules.kart7.panel import card_words  # a KART 7 game's

                params = {**params, "card": card_words(str(params["card"]))}
            try:
                return self._said(fill(found, self.lang, localised(self.lang, params)))
            except (KeyError, IndexError, ValueError):
                pass
        return text

    def rules(self, key: str, params: Mapping[str, object], text: str) -> str:
        """A sentence the rules said by ``key``, its ``params`` already in the window's
        words (the describer names the ids): the translation, in English the rules' own
        template; ``text`` as the rules wrote it if neither fits."""
        found = _table(self.lang).get(f"engine.{key}")
        if not found and self.lang == "en":
            from skirmish.rules.frame.messages import TEXT  # loaded with a game

            found = TEXT.get(key)
        if found:
            try:
                return self._said(fill(found, self.lang, localised(self.lang, params)))
            except (KeyError, IndexError, ValueError):
                pass
        return text

    def pair(self, label: str, value: str) -> str:
        """"label: value" as the language writes it: French puts a space before the colon
        (``card.line``), so no sentence builds that colon itself."""
        return self("card.line", label=label, value=value)

    def num(self, x: float, digits: int | None = None) -> str:
        """A number as the window's language writes it (:func:`decimal`)."""
        return decimal(self.lang, x, digits)

    def point(self, p: tuple[float, float]) -> str:
        """A point on the table to a tenth of a pas: "23.0, 30.7"; French, whose decimals
        take the comma, parts the two with a semicolon (no-break space): "23,0 ; 30,7"."""
        sep = "\u00a0; " if self.lang == "fr" else ", "
        return f"{self.num(p[0], 1)}{sep}{self.num(p[1], 1)}"

    def pct(self, p: float) -> str:
        """A chance as the language writes it: "58%", "58 %" (a no-break space, so the
        sign never wraps away from its number), rounded as :func:`percent` rounds it."""
        return self("practice.pct", n=percent(p))

    def name(self, main: str) -> str:
        """A name the rules use (a file's main name, a weapon's French one) as the window
        says it."""
        return (self.names_fr if self.lang == "fr" else self.names_en).get(main, main)

    def has(self, key: str) -> bool:
        return key in _table("en")

    def toggle(self) -> None:
        self.lang = LANGUAGES[(LANGUAGES.index(self.lang) + 1) % len(LANGUAGES)]
