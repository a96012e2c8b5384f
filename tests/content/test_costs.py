"""Band value: [R-BAND-COST], [R-BAND-FREE] / GAP-4 (per character, free items add 0)."""

from __future__ import annotations

from skirmish.content.costs import band_cost, band_value, figure_cost
from skirmish.content.models import Rank
from skirmish.content.rulebook import load_rulebook
from skirmish.content.warband import FigureSpec, Warband

RB = load_rulebook()


def fig(fid: str, rank: Rank, weapons=(), equipment=()) -> FigureSpec:
    return FigureSpec(id=fid, name=fid, rank=rank, weapons=tuple(weapons),
                      equipment=tuple(equipment))


def test_profile_weapons_equipment_R_BAND_COST():
    """[R-WPN-GEN] [R-EQ-GEN]: weapons and equipment count in the band's value."""
    f = fig("a", Rank.CHEF, ["rifle", "sword"], ["light_armour", "sight"])
    c = figure_cost(f, RB, "medieval")
    assert c.total == 50 + 20 + 5 + 30 + 10
    assert [ln.item for ln in c.lines] == ["chef", "rifle", "sword", "light_armour", "sight"]
    assert [ln.kind for ln in c.lines] == ["profile", "ranged", "melee", "equipment",
                                           "equipment"]


def test_first_dagger_free_every_setting_R_BAND_FREE_GAP_4():
    """[R-BAND-FREE]"""
    f = fig("a", Rank.SOUS_FIFRE, ["dagger", "dagger"])
    for setting in ("medieval", "modern"):
        c = figure_cost(f, RB, setting)
        assert [(ln.cost, ln.free) for ln in c.lines[1:]] == [(0, True), (2, False)]
        assert c.total == 10 + 2


def test_first_modern_pistol_free_in_modern_settings_R_BAND_FREE_GAP_4():
    """[R-BAND-FREE]"""
    f = fig("a", Rank.SOUS_FIFRE, ["pistol", "pistol", "black_powder_pistol"])
    assert figure_cost(f, RB, "modern").total == 10 + 0 + 10 + 10
    assert figure_cost(f, RB, "post-apocalyptic").total == 10 + 0 + 10 + 10
    for setting in ("medieval", "fantasy", "space"):
        assert figure_cost(f, RB, setting).total == 10 + 10 + 10 + 10
    line = figure_cost(f, RB, "modern").lines[1]
    assert (line.item, line.list_cost, line.cost, line.free) == ("pistol", 10, 0, True)


def test_free_items_are_per_character_GAP_4():
    wb = Warband(id="w", name="W", figures=(
        fig("c", Rank.CHEF, ["pistol", "dagger"]),
        fig("s", Rank.SOUS_FIFRE, ["pistol", "dagger"]),
    ))
    assert band_value(wb, RB, "modern") == 50 + 10
    assert band_value(wb, RB, "medieval") == 50 + 10 + 10 + 10
    bc = band_cost(wb, RB, "modern")
    assert [f.total for f in bc.figures] == [50, 10] and bc.total == 60


def test_alien_trade_and_race_do_not_change_cost_GAP_5_GAP_7():
    f = FigureSpec(id="x", name="x", rank=Rank.SOUS_CHEF, alien_trade="c")
    assert figure_cost(f, RB, "space").total == 25
