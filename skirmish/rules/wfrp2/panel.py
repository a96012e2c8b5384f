"""The WFRP figure as the window shows it (RULESETS §0.5 S16, §1.g): the profile, B with
the light or heavy state ([WF-LIGHTLY], [WF-HEAVILY]), Fortune and Destin, AP by
location, the weapons by name with their damage and ranges, and the statuses with what
they last; labels in both languages. The half actions left are the top bar's pips. It is
kept to a few short lines so that the card and the action bar's eighteen actions share
the left column of a 1280 × 720 window without scrolling."""

from __future__ import annotations

import re

from skirmish.content.rulebook import load_rulebook
from skirmish.rules.panel import FigurePanel, PanelLine
from skirmish.rules.wfrp2.profile import WfProfile, WfWeapon
from skirmish.rules.wfrp2.state import WfFigure, WfState

#: The notes in brackets a Skirmish weapon name ends with (its cost rules): not WFRP's.
#: Binds a value to its name or its bonus, so the card never wraps "jambes" from its "1".
NBSP = "\u00a0"
_NOTES = re.compile(r"(\s*\([^()]*\))+$")
#: AP by body part in both languages: a pair of limbs shows one value when both agree.
_PARTS = (("head", "tête", ("head",)), ("arms", "bras", ("right_arm", "left_arm")),
          ("body", "corps", ("body",)), ("legs", "jambes", ("right_leg", "left_leg")))

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


def _weapon(w: WfWeapon, lang: str) -> str:
    """A weapon's name (bare hands for none), its damage and, shooting, its ranges."""
    if w.unarmed:
        name = "mains nues" if lang == "fr" else "bare hands"
    else:
        entry = load_rulebook().weapon(w.id)
        name = _NOTES.sub("", entry.name_fr if lang == "fr" else entry.name_en)
    return f"{name} {w.damage:+d}" + (f" {w.range:g}/{w.max_range:g}" if w.ranged else "")


def _ap(p: WfProfile, lang: str) -> str:
    parts = []
    for en, fr, locs in _PARTS:
        values = "/".join(dict.fromkeys(str(p.ap[loc]) for loc in locs))
        parts.append(f"{fr if lang == 'fr' else en}{NBSP}{values}")
    return " · ".join(parts)


def figure_panel(state: WfState, fid: str) -> FigurePanel:
    f = state.figures[fid]
    p = f.profile
    # [WF-LIGHTLY] B ≥ 3, [WF-HEAVILY] B ≤ 2; with every B left, not wounded at all
    state_en, state_fr = ("unhurt", "indemne") if f.b >= p.b else \
        ("lightly wounded", "légèrement blessé") if f.b >= 3 else \
        ("heavily wounded", "gravement blessé")
    lines = [
        _line("profile", label_en="CC CT F E Ag FM", label_fr="CC CT F E Ag FM",
                  value=f"{p.cc} {p.ct} {p.f}{NBSP}({p.bf}) {p.e}{NBSP}({p.be}) {p.ag} {p.fm}"),
        _line("b", label_en="B", label_fr="B",
                  value=f"{f.b}/{p.b} ({state_en}) · A{NBSP}{p.a} · Mvt{NBSP}{p.mvt:g}",
                  value_fr=f"{f.b}/{p.b} ({state_fr}) · A{NBSP}{p.a} · Mvt{NBSP}{p.mvt:g}"),
        _line("fate", label_en="Fortune · Destin", label_fr="Fortune · Destin",
                  value=f"{f.fortune}/{p.fortune} · {f.destin}"),
        _line("ap", label_en="AP", label_fr="PA", value=_ap(p, "en"), value_fr=_ap(p, "fr")),
        _line("weapons", label_en="Damage", label_fr="Dégâts",
              value="; ".join(_weapon(w, "en") for w in p.weapons),
              value_fr="; ".join(_weapon(w, "fr") for w in p.weapons)),
    ]
    keys = _status_keys(f)
    if keys:
        lines.append(_line("statuses", "Statuses", "États",
                           "; ".join(STATUS_NAMES[k][0] for k in keys),
                           "; ".join(STATUS_NAMES[k][1] for k in keys)))
    marks = tuple(k for k in ("routing", "stunned", "held") if k in keys)
    return FigurePanel(health=(f.b, p.b), health_label="B", marks=marks, lines=tuple(lines),
                       own_card=True, armour=dict(p.ap))
