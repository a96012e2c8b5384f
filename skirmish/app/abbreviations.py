"""The abbreviations the window writes, and their words: every abbreviation on screen
is explained on hover (the hover line, the figure card, the action preview, the dice
tray), so "Dom = °R + BD 18 − ND 15 − BE 0" or "PF(Ph) 0/13" never stands unexplained.

The words are in ``assets/translations/{en,fr}/glossary.json`` (``glossary.<ABBR>``), in
the window's language; :func:`glossary` lists them all, for a rules reference's glossary.
"""

from __future__ import annotations

import re

from skirmish.app.i18n import Translator

#: Every abbreviation explained, in the order a glossary lists them.
ABBREVIATIONS = ("PA", "Cd", "Mvt", "CT", "CCC", "F", "R", "PV", "VP", "XP", "d", "d3", "d6",
                 "2d6", "d20", "CA", "°R", "°É", "ND", "Dom", "BD", "BA", "BP", "BE", "BC",
                 "NC", "TA", "TP", "Esq", "Enc", "Ph", "Me", "My", "PF", "Pu", "Ré", "Ma",
                 "Pr", "Ex", "Pe", "MD", "MP", "MA")
#: An abbreviation as a whole token: not inside a word, a rule ID or markup.
_TOKEN = re.compile(r"(?<![\w\-\[°])(°[RÉ]|\d?d\d+|[A-Za-zÉéèà]+)(?![\w\-\]])")
_MARKUP = re.compile(r"<[^<>]*>|\[[^\[\]]*\]")
#: Abbreviations that are also words of one of the languages: explained only where
#: the window's text is a ruleset's (Les Clefs de l'Aube's "Me", "Ma"… beside others).
_WORDS = {"Me", "My", "Ma", "Pr", "Ex", "Pe", "d", "F", "R"}


def found(text: str) -> list[str]:
    """The abbreviations ``text`` uses, in the glossary's order."""
    tokens = set(_TOKEN.findall(_MARKUP.sub(" ", text)))
    strong = tokens & (set(ABBREVIATIONS) - _WORDS)
    return [a for a in ABBREVIATIONS if a in tokens and (a not in _WORDS or strong)]


def explain(t: Translator, text: str) -> list[str]:
    """One line per abbreviation in ``text``: "Dom — damage level (dommages)"."""
    return [f"{a} — {t('glossary.' + a)}" for a in found(text)]


def glossary(t: Translator) -> list[tuple[str, str]]:
    """Every abbreviation with its words in the window's language."""
    return [(a, t("glossary." + a)) for a in ABBREVIATIONS]
