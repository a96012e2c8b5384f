"""The WFRP figure as the window shows it (RULESETS §0.5 S16, §1.g): the profile, B with
the light or heavy state ([WF-LIGHTLY], [WF-HEAVILY]), Fortune and Destin, AP per
location, the weapons' damage, the turn's half actions and the statuses with what they
last; labels in both languages."""

from __future__ import annotations

from skirmish.rules.panel import FigurePanel, PanelLine
from skirmish.rules.wfrp2.profile import LOCATIONS
from skirmish.rules.wfrp2.state import WfFigure, WfState

#: Statuses and what they mean in both languages (GAP-WF-14, GAP-WF-17, [WF-STUNNED]…).
STATUS_NAMES = {
    "stunned": ("Assommé: loses its next turn", "Assommé : perd son prochain tour"),
    "brutale": ("no parry or dodge (Attaque brutale)", "ni parade ni esquive (Attaque brutale)"),
    "prudente": ("+10 to parry and dodge (prudente)", "+10 en parade et esquive (prudente)"),
    "defensive": ("Posture défensive: −20 to blows at it", "Posture défensive : −20 aux coups reçus"),
    "ran": ("ran: −20 to shots at it, +20 to blows", "a couru : −20 aux tirs reçus, +20 aux coups"),
    "aimed": ("aimed (+10 to its next standard attack)", "a visé (+10 à sa prochaine attaque standard)"),
    "parade": ("Parade ready", "Parade prête"),
    "held": ("holds a half action", "garde une demi-action"),
    "routing": ("routing", "en déroute"),
}


def _status_keys(f: WfFigure) -> list[str]:
    on = {"stunned": f.stunned > 0, "brutale": f.brutale, "prudente": f.prudente,
          "defensive": f.defensive, "ran": f.ran, "aimed": f.aimed > 0, "parade": f.parade,
          "held": f.held > 0, "routing": f.routing}
    return [k for k, v in on.items() if v]


def _line(name: str, label_en: str, label_fr: str, value: str, value_fr: str = "") -> PanelLine:
    return PanelLine(key=name, label_en=label_en, label_fr=label_fr, value=value,
                     value_fr=value_fr)


def figure_panel(state: WfState, fid: str) -> FigurePanel:
    f = state.figures[fid]
    p = f.profile
    light = f.b >= 3
    state_en, state_fr = ("lightly wounded", "légèrement blessé") if light \
        else ("heavily wounded", "gravement blessé")
    weapons = "; ".join(
        f"{w.id or '—'} {w.damage:+d}" + (f" {w.range:g}/{w.max_range:g}" if w.ranged else "")
        for w in p.weapons)
    ap = ", ".join(f"{p.ap[loc]}" for loc in LOCATIONS)
    lines = [
        _line("profile", label_en="CC CT F E Ag FM", label_fr="CC CT F E Ag FM",
                  value=f"{p.cc} {p.ct} {p.f} ({p.bf}) {p.e} ({p.be}) {p.ag} {p.fm}"),
        _line("a", label_en="A · Mvt", label_fr="A · Mvt", value=f"{p.a} · {p.mvt:g}"),
        _line("b", label_en="B", label_fr="B", value=f"{f.b}/{p.b} ({state_en})",
                  value_fr=f"{f.b}/{p.b} ({state_fr})"),
        _line("fate", label_en="Fortune · Destin", label_fr="Fortune · Destin",
                  value=f"{f.fortune}/{p.fortune} · {f.destin}"),
        _line("ap", label_en="AP (head, arms, body, legs)",
                  label_fr="PA (tête, bras, corps, jambes)", value=ap),
        _line("weapons", label_en="Damage", label_fr="Dégâts", value=weapons),
    ]
    if state.active == fid:
        left = f"{f.halves}" + (" (+1 Fortune)" if f.bought else "")
        lines.append(_line("halves", "Half actions left", "Demi-actions restantes", left))
    keys = _status_keys(f)
    if keys:
        lines.append(_line("statuses", "Statuses", "États",
                           "; ".join(STATUS_NAMES[k][0] for k in keys),
                           "; ".join(STATUS_NAMES[k][1] for k in keys)))
    marks = tuple(k for k in ("routing", "stunned", "held") if k in keys)
    return FigurePanel(health=(f.b, p.b), health_label="B", marks=marks, lines=tuple(lines),
                       own_card=True, armour=dict(p.ap))
