"""The inputs of a KART 7 draw in the tray and the log (RULESETS §4.g), in the window's
language: the skill it is drawn under, the markers and the standing maluses taken off the
threshold, and each level it is made harder or easier by; what did not count is left out
(no lender, not a retest, no medikit)."""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Any

from skirmish.app.i18n import Translator

if TYPE_CHECKING:
    from skirmish.rules.kart7.events import Declared

#: The skills and characteristics drawn under, as the sheet names them (French terms,
#: the same in both languages).
SKILLS = {"contact": "Contact", "distance": "Distance", "poursuite": "Poursuite",
          "volonte": "Volonté", "carrure": "Carrure", "rapidite": "Rapidité",
          "sens": "Sens", "intellect": "Intellect", "equilibre": "Équilibre"}
#: Inputs that make the draw a level harder (+) or easier (−), worded with their count.
LEVELS = ("ignored", "court_circuit", "change_of_plan", "elevation", "hurry", "cover",
          "ressources", "spent", "discarded")
#: A draw's difficulty level and a weapon's lethality are KART 7's own terms: the French
#: window says the term, the English one its words with the term in brackets.
LEVEL_WORDS = {"Très facile": "Very easy", "Facile": "Easy", "Moyenne": "Average",
               "Difficile": "Hard", "Très difficile": "Very hard"}
LETHALITY = {"nulle": ("nil", "Nulle"), "faible": ("low", "Faible"),
             "moyenne": ("medium", "Moyenne"), "forte": ("high", "Forte"),
             "enorme": ("huge", "Énorme")}
#: A level past Très difficile or Très facile names the extra levels: "Très difficile +1".
_BEYOND = re.compile(r"^(.*?)( [+−]\d+)?$")


def _term(t: Translator, en: str, fr: str) -> str:
    return fr if t.lang == "fr" else f"{en} ({fr})"


def level_words(t: Translator, name: str) -> str:
    """A difficulty level as the engine names it ("Moyenne"), in the window's words."""
    m = _BEYOND.match(name)
    term, beyond = (m[1], m[2] or "") if m else (name, "")
    return _term(t, LEVEL_WORDS[term], term) + beyond if term in LEVEL_WORDS else name


def k7_key(ruleset: str, key: str) -> str:
    """``key``, or KART 7's own form of it (``bar.undo`` → ``bar.k7_undo``) under KART 7,
    whose randomizer is cards alone: its tray, log button and undo speak of cards, not
    dice (RULESETS §4.c, §4.g)."""
    if ruleset != "kart7":
        return key
    section, name = key.split(".", 1)
    return f"{section}.k7_{name}"


def k7_term(kind: str, v: object) -> str:
    """A skill or a lethality a draw's label names by its key ("rapidite", "enorme") as
    KART 7 writes it, the same in both languages as the sheet's terms are: "Rapidité",
    "Énorme"."""
    if kind == "skill":
        return SKILLS.get(str(v), str(v))
    return LETHALITY.get(str(v), ("", str(v)))[1]


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else f"−{-v}"


def k7_input(t: Translator, names: Any, k: str, v: object) -> str | None:
    """One input of a draw worded, "" to leave it out, None when it is not one of these."""
    if k in SKILLS:
        return f"{SKILLS[k]} {v}"
    if k == "range":  # a shot's measured distance, beside the Distance skill it is drawn on
        return f"{t.num(v, 1)} pas" if isinstance(v, (int, float)) else str(v)
    if k == "level":
        return t("input.k7_level", name=level_words(t, str(v)))
    if k in ("bonus", "malus", "standing"):
        return t(f"input.k7_{k}", n=v) if v else ""
    if k in LEVELS:
        return t(f"input.k7_{k}", n=_signed(int(v))) if isinstance(v, int) and v else ""  # type: ignore[arg-type]
    if k == "lethality":
        en, fr = LETHALITY.get(str(v), (str(v), str(v)))
        return _term(t, en, fr)
    if k == "wound":
        return t("input.k7_wound", n=v)
    if k in ("medikit", "epuise", "retest"):
        return t(f"input.k7_{k}") if v else ""
    if k == "lender":
        return t("input.lent_by", name=names.fig(v)) if v else ""
    if k == "allies":
        return t("input.k7_allies", n=v) if v else ""
    return None


def declared_line(d: Any, e: Declared) -> str:
    """A declaration in the log, as the list says it: "#2 Cid strikes Ann (court-circuit
    #1)", "#3 Bo supports #2 (Tactique)", in the window's language."""
    from skirmish.rules.kart7.panel import ACTIONS, KINDS, support_words  # a KART 7 game's

    _, en, fr = ACTIONS[e.action]
    fr_lang = d.t.lang == "fr"
    verb = fr if fr_lang else en
    if e.kind == "support":
        return f"#{e.number} {d.fig(e.figure)} {support_words(verb, e.of, e.manoeuvre)}"
    said = f"#{e.number} {d.fig(e.figure)} {verb}"
    if e.target:
        said += f" {d.fig(e.target)}"
    kind = KINDS[e.kind][1 if fr_lang else 0]
    if kind or e.of:
        said += f" ({' '.join(x for x in (kind, f'#{e.of}' if e.of else '') if x)})"
    return said


def declaration_list(d: Any) -> str:
    """The turn's declarations, one a line, for the card's place when no figure is
    shown (RULESETS §4.g: declarations as tokens and a list); "" with none."""
    decls = getattr(d.s, "declarations", None)
    if not decls:
        return ""
    from skirmish.rules.kart7.panel import declaration_words, token  # a KART 7 game's

    lines = [f"<b>{escape(d.t('card.k7_declarations'))}</b>"]
    lines += [f"{token(x)} {escape(d.fig(x.figure))} — "
              f"{escape(declaration_words(d.s, x, d.t.lang))}" for x in decls]
    return "<br>".join(lines)
