"""The inputs of a KART 7 draw in the tray and the log (RULESETS §4.g), in the window's
language: the skill it is drawn under, the markers and the standing maluses taken off the
threshold, and each level it is made harder or easier by; what did not count is left out
(no lender, not a retest, no medikit)."""

from __future__ import annotations

from typing import Any

from skirmish.app.i18n import Translator

#: The skills and characteristics drawn under, as the sheet names them (French terms,
#: the same in both languages).
SKILLS = {"contact": "Contact", "distance": "Distance", "poursuite": "Poursuite",
          "volonte": "Volonté", "carrure": "Carrure", "rapidite": "Rapidité",
          "sens": "Sens", "intellect": "Intellect", "equilibre": "Équilibre"}
#: Inputs that make the draw a level harder (+) or easier (−), worded with their count.
LEVELS = ("ignored", "court_circuit", "change_of_plan", "elevation", "hurry", "cover",
          "ressources", "spent", "discarded")
LETHALITY = {"nulle": "Nulle", "faible": "Faible", "moyenne": "Moyenne", "forte": "Forte",
             "enorme": "Énorme"}


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else f"−{-v}"


def k7_input(t: Translator, names: Any, k: str, v: object) -> str | None:
    """One input of a draw worded, "" to leave it out, None when it is not one of these."""
    if k in SKILLS:
        return f"{SKILLS[k]} {v}"
    if k == "level":
        return t("input.k7_level", name=v)
    if k in ("bonus", "malus", "standing"):
        return t(f"input.k7_{k}", n=v) if v else ""
    if k in LEVELS:
        return t(f"input.k7_{k}", n=_signed(int(v))) if isinstance(v, int) and v else ""  # type: ignore[arg-type]
    if k == "lethality":
        return LETHALITY.get(str(v), str(v))
    if k == "wound":
        return t("input.k7_wound", n=v)
    if k in ("medikit", "epuise", "retest"):
        return t(f"input.k7_{k}") if v else ""
    if k == "lender":
        return t("input.lent_by", name=names.fig(v)) if v else ""
    if k == "allies":
        return t("input.k7_allies", n=v) if v else ""
    return None
