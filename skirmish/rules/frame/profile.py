"""A figure's characteristics for one game: race and trade (content), then equipment
([R-EQ-*]) and lasting injuries (§13.4). This race-modified Skirmish profile is the
Skirmish figure and what every other ruleset converts its own from (RULESETS §0.1, S2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from skirmish.content.models import Rulebook
from skirmish.content.profiles import apply_changes, figure_profile
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules.frame.figure import Stats

#: Lasting injuries that set a flag rather than change a number.
FLAG_INJURIES = frozenset({"madness", "hardened", "bitter_hatred"})


def figure_stats(
    book: Rulebook, band: Warband, spec: FigureSpec, options: Mapping[str, Any]
) -> Stats:
    p = figure_profile(book, band, spec, options)
    injuries = book.tables["serious_injury"]
    for injury in spec.injuries:
        row = next((r for r in injuries.rows if r.result == injury), None)
        if row is not None and row.changes:
            p = apply_changes(p, row.changes, options)
    mvt, cd, ct, ccc = p.mvt, p.cd, p.ct, p.ccc
    # GAP-65 and [R-CAMP-INJ-25]/[R-CAMP-INJ-34] caps after injuries.
    mvt = max(1.0, mvt)
    if "nervous_trauma" in spec.injuries:
        cd = max(4, cd)
    ct, ccc = min(6, ct), min(6, ccc)
    counts = Counter(spec.equipment)
    armour = f_melee = ct_improve = bucklers = 0
    ignores = book.races[band.race].ignores_difficult
    for eid, n in counts.items():
        eq = book.equipment[eid]
        armour += eq.r * n
        f_melee += eq.f_melee * n
        ct_improve += eq.ct_improve * n
        if eq.slot == "buckler":
            bucklers += n
        if n >= 2 and eq.pair_ignores_difficult:
            ignores = True
        if n >= 2:
            mvt += eq.pair_mvt
    return Stats(
        mvt=float(mvt), cd=cd, ct=ct - ct_improve, ccc=ccc, f=p.f, r=p.r, armour=armour, pv=p.pv,
        f_melee=f_melee, ignores_difficult=ignores, bucklers=bucklers,
    )


def medikits(book: Rulebook, spec: FigureSpec) -> int:
    """GAP-14: one use per medikit per game."""
    return sum(1 for e in spec.equipment if book.equipment[e].slot == "medikit")
