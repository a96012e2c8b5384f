"""The figure panel as data (RULESETS §0.5 S16, §3.g): the CA profile with the current
fatigue handicap, the multi-action ladder, wound boxes per aspect, PF and statuses. The
window draws these lines; labels are given in both languages, values are numbers."""

from __future__ import annotations

import msgspec

from skirmish.rules.clefs_aube.content import tables
from skirmish.rules.clefs_aube.damage import LEVELS
from skirmish.rules.clefs_aube.state import CaState
from skirmish.rules.clefs_aube.totals import best_tp, ca_melee, ca_tir, enc, esq, ladder, ta


class PanelLine(msgspec.Struct, frozen=True, kw_only=True):
    key: str
    label_en: str
    label_fr: str
    value: str


def _with_pf(value: int, pf: int) -> str:
    return f"{value - pf} ({value} − {pf} PF)" if pf else str(value)


def figure_panel(state: CaState, fid: str) -> list[PanelLine]:
    cf = state.ca[fid]
    p, o, pf = cf.profile, state.ca_options, cf.fatigue()
    weapon = max(sorted(p.melee) or [None], key=lambda w: p.melee[w].bd if w else 0)
    tp, _ = best_tp(p, o)
    lines = [
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
        lines.append(("ladder", "Handicaps", "Handicaps", f"{steps} ({cf.rolled} made)"))
    boxes = tables().wound_boxes
    taken = cf.wounds.get("ph", {})
    lines.append(("wounds_ph", "Wounds (Ph)", "Blessures (Ph)",
                  " · ".join(f"{lv} {taken.get(lv, 0)}/{boxes[lv]}" for lv in LEVELS)))
    lines.append(("pf", "PF (Ph)", "PF (Ph)", str(pf)))
    if cf.etourdi:
        lines.append(("etourdi", "Stunned: handicap on the next roll",
                      "Étourdi : handicap au prochain jet", "1"))
    if cf.evading:
        lines.append(("evading", "Avoiding blows: Esq instead of TP",
                      "Évite les coups : Esq au lieu de TP", str(esq(p, o) - pf)))
    if cf.banked_ma:
        lines.append(("banked_ma", "MA points", "Points MA", str(cf.banked_ma)))
    return [PanelLine(key=k, label_en=en, label_fr=fr, value=v) for k, en, fr, v in lines]
