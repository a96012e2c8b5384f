"""The figure panel as data (RULESETS §0.5 S16, §3.g): the CA profile with the current
fatigue handicap, the multi-action ladder, wound boxes per aspect, PF and statuses. The
window draws these lines; labels, and values that hold words, are given in both
languages."""

from __future__ import annotations

from skirmish.rules.clefs_aube.content import tables
from skirmish.rules.clefs_aube.damage import LEVELS
from skirmish.rules.clefs_aube.roll import num
from skirmish.rules.clefs_aube.state import CaState
from skirmish.rules.clefs_aube.totals import best_tp, ca_melee, ca_tir, enc, esq, ladder, ta
from skirmish.rules.panel import PanelLine

#: [CA-WOUNDS] the levels' names: French terms of the source, English words.
LEVEL_NAMES = {"legere": ("light", "légère"), "grave": ("serious", "grave"),
               "critique": ("critical", "critique")}


def _with_pf(value: int, pf: int) -> str:
    return f"{num(value - pf)} ({num(value)} − {pf} PF)" if pf else num(value)


def figure_panel(state: CaState, fid: str) -> list[PanelLine]:
    cf = state.ca[fid]
    p, o, pf = cf.profile, state.ca_options, cf.fatigue()
    weapon = max(sorted(p.melee) or [None], key=lambda w: p.melee[w].bd if w else 0)
    tp, _ = best_tp(p, o)
    lines: list[tuple[str, ...]] = [
        ("aspects", "Ph / Me / My", "Ph / Me / My", f"{p.ph} / {p.me} / {p.my}"),
        ("ca_melee", "CA melee", "CA mêlée", _with_pf(ca_melee(p), pf)),
        ("ta", "TA", "TA", _with_pf(ta(p, weapon), pf)),
        ("tp", "TP", "TP", _with_pf(tp, pf)),
        ("ca_tir", "CA shooting", "CA tir", _with_pf(ca_tir(p), pf)),
        ("esq", "Esq", "Esq", _with_pf(esq(p, o), pf)),
        ("enc", "Enc", "Enc", _with_pf(enc(p, o), pf)),
    ]
    if o.ca_multi_actions and cf.planned:
        steps = ", ".join(str(ladder(cf.planned, k)) for k in range(max(cf.planned, cf.rolled + 1)))
        lines.append(("ladder", "Handicaps", "Handicaps", f"{steps} (rolled: {cf.rolled})",
                      f"{steps} (jets faits : {cf.rolled})"))
    boxes = tables().wound_boxes
    taken = cf.wounds.get("ph", {})
    lines.append(("wounds_ph", "Wounds (Ph)", "Blessures (Ph)", *(
        " · ".join(f"{LEVEL_NAMES[lv][i]} {taken.get(lv, 0)}/{boxes[lv]}" for lv in LEVELS)
        for i in (0, 1))))
    lines.append(("pf", "PF (Ph)", "PF (Ph)", str(pf)))
    if cf.etourdi:
        lines.append(("etourdi", "Stunned: handicap on the next roll",
                      "Étourdi : handicap au prochain jet", "1"))
    if cf.evading:
        lines.append(("evading", "Avoiding blows: Esq instead of TP",
                      "Évite les coups : Esq au lieu de TP", num(esq(p, o) - pf)))
    if cf.banked_ma:
        lines.append(("banked_ma", "MA points", "Points MA", str(cf.banked_ma)))
    return [PanelLine(key=k, label_en=en, label_fr=fr, value=v, value_fr=vf[0] if vf else "")
            for k, en, fr, v, *vf in lines]


def weapon_note(state: CaState, fid: str, wid: str) -> str:
    """A weapon's Clefs de l'Aube bonuses for the card ([CA-TOTALS], §3.b): "BA +1 · BP +1 ·
    BD 15" in melee, "BD 18" for a ranged weapon (its bands are the Skirmish ones)."""
    p = state.ca[fid].profile
    if wid in p.ranged:
        return f"BD {p.ranged[wid].bd}"
    w = p.melee[wid]
    return f"BA {_signed(w.ba)} · BP {_signed(w.bp)} · BD {w.bd}"


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else num(v) if v else "0"


def health(state: CaState, fid: str, lang: str) -> str:
    """One line of a figure's state for the pointer's status bar: "PF(Ph) 5 · grave 1"
    (the wounds it has taken, by level, in ``lang``)."""
    cf = state.ca[fid]
    taken = cf.wounds.get("ph", {})
    i = 1 if lang == "fr" else 0
    return " · ".join([f"PF(Ph) {cf.fatigue()}/{cf.profile.ph}",
                       *(f"{LEVEL_NAMES[lv][i]} {taken[lv]}" for lv in LEVELS if taken.get(lv))])
