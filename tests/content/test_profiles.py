"""Derived profiles: races (R-RACE-*), alien trades (GAP-7), options (GAP-6)."""

from __future__ import annotations

import pytest

from skirmish.content.models import Profile, Rank, StatChange
from skirmish.content.profiles import apply_change, apply_changes, figure_profile, race_profile
from skirmish.content.rulebook import load_rulebook
from skirmish.content.warband import FigureSpec, Warband

RB = load_rulebook()

# RULES.md [R-RACE-DERIVED], typed row by row: Race | Type | Mvt | Cd | CT | CCC | F | R | PV
DERIVED = """
Human | Chef | 9 | 11 | 2+ | 4+ | 5 | 4 | 4
Human | Sous-chef | 8 | 8 | 3+ | 5+ | 4 | 3 | 3
Human | Sous-fifre | 6 | 7 | 4+ | 6+ | 3 | 2 | 2
Ork | Chef | 9 | 10 | 3+ | 3+ | 5 | 5 | 4
Ork | Sous-chef | 8 | 7 | 4+ | 4+ | 4 | 4 | 3
Ork | Sous-fifre | 6 | 6 | 5+ | 5+ | 3 | 3 | 2
Goblin | Chef | 9 | 10 | 3+ | 4+ | 5 | 4 | 4
Goblin | Sous-chef | 8 | 7 | 3+ | 5+ | 4 | 3 | 3
Goblin | Sous-fifre | 6 | 5 | 3+ | 6+ | 3 | 2 | 2
Elf | Chef | 9 | 11 | 3+ | 4+ | 5 | 3 | 4
Elf | Sous-chef | 8 | 10 | 3+ | 5+ | 4 | 2 | 3
Elf | Sous-fifre | 6 | 8 | 3+ | 6+ | 3 | 2 | 2
Dwarf | Chef | 7 | 11 | 3+ | 4+ | 5 | 4 | 4
Dwarf | Sous-chef | 6 | 8 | 4+ | 5+ | 4 | 4 | 3
Dwarf | Sous-fifre | 4 | 6 | 4+ | 6+ | 3 | 4 | 2
Rat-men | Chef | 11 | 10 | 2+ | 4+ | 4 | 3 | 4
Rat-men | Sous-chef | 10 | 7 | 3+ | 5+ | 3 | 2 | 3
Rat-men | Sous-fifre | 8 | 5 | 3+ | 6+ | 2 | 1 | 2
"""
RACE_IDS = {"Human": "human", "Ork": "ork", "Goblin": "goblin", "Elf": "elf", "Dwarf": "dwarf",
            "Rat-men": "rat_men"}
RANKS = {"Chef": Rank.CHEF, "Sous-chef": Rank.SOUS_CHEF, "Sous-fifre": Rank.SOUS_FIFRE}
ROWS = [[c.strip() for c in line.split("|")] for line in DERIVED.strip().splitlines()]
COSTS = {Rank.CHEF: 50, Rank.SOUS_CHEF: 25, Rank.SOUS_FIFRE: 10}


def test_derived_table_has_every_race_and_rank():
    assert len(ROWS) == 18


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS])
def test_race_profile_R_RACE_DERIVED(row):
    """Every row of the derived table: [R-RACE-HUMAN] [R-RACE-ORK] [R-RACE-GOBLIN] [R-RACE-ELF]
    [R-RACE-DWARF] [R-RACE-RAT] applied to [R-BAND-PROFILE] ([R-BAND-STATS])."""
    race, rank, mvt, cd, ct, ccc, f, r, pv = row
    p = race_profile(RB, RACE_IDS[race], RANKS[rank], {})
    assert (p.mvt, p.cd, p.ct, p.ccc, p.f, p.r, p.pv) == (
        float(mvt), int(cd), int(ct.rstrip("+")), int(ccc.rstrip("+")), int(f), int(r), int(pv))
    assert p.cost == COSTS[RANKS[rank]]  # GAP-5: costs unchanged
    assert isinstance(p.cd, int) and isinstance(p.mvt, float)


def test_elf_resistance_reading_b_GAP_6():
    rs = {rank: race_profile(RB, "elf", rank, {"elf_resistance": "b"}).r for rank in Rank}
    assert rs == {Rank.CHEF: 4, Rank.SOUS_CHEF: 3, Rank.SOUS_FIFRE: 2}  # no R change at all
    ra = {rank: race_profile(RB, "elf", rank, {"elf_resistance": "a"}).r for rank in Rank}
    assert ra == {Rank.CHEF: 3, Rank.SOUS_CHEF: 2, Rank.SOUS_FIFRE: 2}
    assert race_profile(RB, "elf", Rank.CHEF, {}).r == 3  # default reading (a)


def test_no_race_is_the_base_profile_GAP_5():
    for rank in Rank:
        assert race_profile(RB, "none", rank) == RB.profiles[rank]
        assert race_profile(RB, "alien", rank) == RB.profiles[rank]


@pytest.mark.parametrize(("trade", "rank", "expected"), [
    # (mvt, cd, ct, ccc, f, r)
    ("a", Rank.SOUS_FIFRE, (8, 6, 5, 6, 3, 1)),   # +2 pas Mvt, -1 R
    ("b", Rank.SOUS_FIFRE, (6, 7, 6, 6, 3, 2)),   # +1 Cd, CT 5+ -> 6+
    ("c", Rank.SOUS_FIFRE, (4, 6, 5, 5, 4, 1)),   # GAP-7 package: -2 Mvt, -1 R, CCC +1, +1 F
    ("c", Rank.CHEF, (7, 11, 3, 3, 6, 3)),
])
def test_alien_trades_R_RACE_ALIEN_GAP_7(trade, rank, expected):
    """[R-RACE-ALIEN]"""
    p = race_profile(RB, "alien", rank, {}, alien_trade=trade)
    assert (p.mvt, p.cd, p.ct, p.ccc, p.f, p.r) == expected


def _base() -> Profile:
    return RB.profiles[Rank.SOUS_CHEF]


def test_apply_change_ops_R_GEN_TN():
    p = _base()  # Mvt 8, Cd 8, CT 4+, CCC 5+
    assert apply_change(p, StatChange(stat="ct", op="improve", value=1)).ct == 3
    assert apply_change(p, StatChange(stat="ccc", op="improve", value=-1)).ccc == 6
    assert apply_change(p, StatChange(stat="cd", op="add", value=-2)).cd == 6
    assert apply_change(p, StatChange(stat="r", op="set", value=7)).r == 7
    assert apply_change(p, StatChange(stat="mvt", op="add", value=0.5)).mvt == 8.5
    with pytest.raises(ValueError):
        apply_change(p, StatChange(stat="cd", op="improve", value=1))


def test_apply_changes_filters_rank_and_options():
    p = _base()
    only_chef = StatChange(stat="f", op="add", value=1, ranks=frozenset({Rank.CHEF}))
    when_b = StatChange(stat="r", op="add", value=1, when={"elf_resistance": "b"})
    assert apply_changes(p, [only_chef]) == p
    assert apply_changes(p, [when_b]) == p  # default "a"
    assert apply_changes(p, [when_b], {"elf_resistance": "b"}).r == p.r + 1


def test_figure_profile_applies_race_trade_and_advances():
    fig = FigureSpec(id="x", name="X", rank=Rank.SOUS_FIFRE, alien_trade="a",
                     advances=(StatChange(stat="ct", op="improve", value=1),))
    wb = Warband(id="w", name="W", race="alien", figures=(fig,))
    p = figure_profile(RB, wb, fig)
    assert (p.mvt, p.r, p.ct) == (8, 1, 4)
