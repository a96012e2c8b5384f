"""The words of a WFRP roll's inputs in the tray (RULESETS §1.g): the characteristics by
the card's own terms ("CC 45", "Ag 46"), each to-hit modifier of §1.d named with its sign
("cible en course +20"), and what a damage, critical or Ulric roll was made of."""

from __future__ import annotations

from skirmish.app.i18n import Translator
from skirmish.app.text import signed

#: Characteristics, written as the card writes them in both languages.
OWN_TERMS = {"cc": "CC", "ct": "CT", "ag": "Ag", "int": "Int"}
#: The modifiers of §1.d and GAP-WF-21, each said by ``input.wf_<key>`` with its sign.
MODIFIERS = frozenset({"charge", "brutale", "prudente", "visee", "target_ran",
                       "target_stunned", "target_defensive", "off_hand", "long_range",
                       "target_engaged", "above", "below", "cover", "medikit",
                       "weapon_damage"})


def wf_input(t: Translator, k: str, v: object) -> str | None:
    """One input of a WFRP roll worded, "" to leave it out, None when it is not one of
    these."""
    if k in OWN_TERMS:
        return f"{OWN_TERMS[k]} {v}"
    if k in MODIFIERS and isinstance(v, int):
        return t(f"input.wf_{k}", n=signed(v))
    if k == "defence" and t.has(f"input.wf_defence_{v}"):
        return t(f"input.wf_defence_{v}")
    if k == "wf_ulric":
        return t(f"value.wf_ulric.{v}")
    if k == "cv" and isinstance(v, int):
        return t("input.wf_cv", n=v, bonus=10 * v)
    if k == "fortune":
        return t("input.wf_fortune", n=v)
    if k == "score":
        return t("input.wf_score", n=v)
    if k == "native":
        return t("input.wf_native") if v else ""
    return None
