"""Band value ([R-BAND-COST]): profile costs plus weapons plus equipment, free items at 0.

Free items follow [R-BAND-FREE] / GAP-4 (a): per character, the first dagger is always
free, and the first modern pistol is free when the setting is modern or post-apocalyptic.
The breakdown is itemised so the warband builder can show where the points go.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from skirmish.content.models import Rulebook
from skirmish.content.warband import FigureSpec, Setting, Warband

ItemKind = Literal["profile", "ranged", "melee", "equipment"]


class CostLine(msgspec.Struct, frozen=True, kw_only=True):
    """One line of a figure's cost: the item, its catalogue cost and what it adds."""

    kind: ItemKind
    item: str
    name_en: str
    list_cost: int
    cost: int
    free: bool = False
    rule: str


class FigureCost(msgspec.Struct, frozen=True, kw_only=True):
    """A figure's itemised cost; ``total`` is what it adds to the band value."""

    figure: str
    lines: tuple[CostLine, ...]
    total: int


class BandCost(msgspec.Struct, frozen=True, kw_only=True):
    """A band's itemised value ([R-BAND-COST])."""

    band: str
    setting: str
    figures: tuple[FigureCost, ...]
    total: int


def figure_cost(figure: FigureSpec, rulebook: Rulebook, setting: Setting | str) -> FigureCost:
    """[R-BAND-COST] [R-BAND-FREE] One figure's cost, item by item (GAP-4 a, per character).

    Unknown ids raise ``KeyError``: loaded warbands are checked first.
    """
    profile = rulebook.profiles[figure.rank]
    lines = [
        CostLine(kind="profile", item=figure.rank.value, name_en=profile.name_en or
                 figure.rank.value, list_cost=profile.cost, cost=profile.cost, rule=profile.rule)
    ]
    freed: set[str] = set()
    for wid in figure.weapons:
        if wid in rulebook.ranged_weapons:
            rw = rulebook.ranged_weapons[wid]
            may_be_free = setting in rw.free_first_in
            kind: ItemKind = "ranged"
            name, list_cost, rule = rw.name_en, rw.cost, rw.rule
        else:
            mw = rulebook.melee_weapons[wid]
            may_be_free = mw.free_first
            kind = "melee"
            name, list_cost, rule = mw.name_en, mw.cost, mw.rule
        free = may_be_free and wid not in freed
        if free:
            freed.add(wid)
        lines.append(CostLine(kind=kind, item=wid, name_en=name, list_cost=list_cost,
                              cost=0 if free else list_cost, free=free, rule=rule))
    for eid in figure.equipment:
        eq = rulebook.equipment[eid]
        lines.append(CostLine(kind="equipment", item=eid, name_en=eq.name_en,
                              list_cost=eq.cost, cost=eq.cost, rule=eq.rule))
    return FigureCost(figure=figure.id, lines=tuple(lines), total=sum(ln.cost for ln in lines))


def band_cost(warband: Warband, rulebook: Rulebook, setting: Setting | str) -> BandCost:
    """Every figure's itemised cost and the band's total."""
    figures = tuple(figure_cost(f, rulebook, setting) for f in warband.figures)
    return BandCost(band=warband.id, setting=str(setting), figures=figures,
                    total=sum(f.total for f in figures))


def band_value(warband: Warband, rulebook: Rulebook, setting: Setting | str) -> int:
    """[R-BAND-COST] The band's value in band points (free items add 0)."""
    return band_cost(warband, rulebook, setting).total


def cost_breakdown(cost: BandCost) -> str:
    """``anne 27 = chef 10 + pistol 10 + sword 5 + dagger free; bob …``: where a band's
    points go, on one line, by figure id and catalogue id as the file writes them."""
    return "; ".join(
        f"{f.figure} {f.total} = " + " + ".join(
            f"{ln.item} free" if ln.free else f"{ln.item} {ln.cost}" for ln in f.lines)
        for f in cost.figures)


def setting_hint(cost: BandCost, rulebook: Rulebook) -> str:
    """The items this band pays for that another setting gives free (GAP-4 a: a
    character's first modern pistol in a modern or post-apocalyptic setting), or ""."""
    paid = sorted({ln.item for f in cost.figures for ln in f.lines
                   if ln.kind == "ranged" and not ln.free
                   and rulebook.ranged_weapons[ln.item].free_first_in})
    if not paid:
        return ""
    where = sorted({s for i in paid for s in rulebook.ranged_weapons[i].free_first_in})
    return (f"GAP-4: a character's first {' or '.join(paid)} is free in a {' or '.join(where)} "
            "setting")
