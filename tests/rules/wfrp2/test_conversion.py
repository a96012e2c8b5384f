"""§1.b: every figure converts from its race-modified Skirmish profile [GAP-WF-1], its
weapons [GAP-WF-6] and armour [GAP-WF-16]; a native block overrides (S2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.content.loading import load_scenario
from skirmish.content.rulebook import load_rulebook
from skirmish.content.warband import FigureSpec
from skirmish.rules.frame.profile import figure_stats
from skirmish.rules.wfrp2.profile import convert, location_of, reverse
from tests.rules.build import band, fig

BOOK = load_rulebook()

#: §1.b's table, per rank: CC, CT, BF, BE, B, Fortune, Destin, A, Ag, FM, Esquive.
TABLE = {
    "chef": (45, 55, 5, 4, 12, 2, 1, 2, 46, 55, True),
    "sous_chef": (35, 45, 4, 3, 9, 1, 0, 1, 42, 40, True),
    "sous_fifre": (25, 35, 3, 2, 6, 0, 0, 1, 34, 30, False),
}


def profile_of(spec: FigureSpec, race: str = "none"):
    wb = band("a", spec, race=race).warband
    return convert(BOOK, spec, figure_stats(BOOK, wb, spec, {}))


@pytest.mark.parametrize("rank", list(TABLE))
def test_conversion_table_by_rank_WF_CHARS_GAP_WF_1_GAP_WF_11_GAP_WF_12(rank: str) -> None:
    """[WF-CHARS] the characteristics the source names (CC, CT, F and BF, E and BE, Ag, FM,
    Int, Soc, A, B) by §1.b's conversion; Fortune, Destin and the Esquive skill by rank."""
    p = profile_of(fig("x", rank, (1, 1)))
    cc, ct, bf, be, b, fortune, destin, a, ag, fm, esquive = TABLE[rank]
    assert (p.cc, p.ct, p.bf, p.be, p.b) == (cc, ct, bf, be, b)
    assert (p.fortune, p.destin, p.a, p.ag, p.fm, p.esquive) == (fortune, destin, a, ag, fm, esquive)
    assert (p.int_, p.soc) == (30, 30)


def test_check_bf_is_skirmish_f_and_be_is_skirmish_r_for_every_shipped_figure_GAP_WF_1() -> None:
    """*Check* of §1.b: damage minus BE keeps the F − R balance of [R-DMG-TABLE]."""
    seen = 0
    for path in sorted(Path("scenarios").glob("*.toml")):
        for entry in load_scenario(path).bands:
            wb = entry.warband
            for spec in wb.figures:
                stats = figure_stats(BOOK, wb, spec, {})
                p = convert(BOOK, spec, stats)
                arms = sum(1 for e in spec.equipment if BOOK.equipment[e].slot == "arm")
                legs = sum(1 for e in spec.equipment if BOOK.equipment[e].slot == "leg")
                assert p.bf == stats.f + arms, (path, spec.id)
                assert p.be == stats.r + arms + legs, (path, spec.id)
                seen += 1
    assert seen > 20


def test_weapons_damage_ranges_and_reload_GAP_WF_6_WF_UNARMED() -> None:
    spec = fig("x", "chef", (1, 1), weapons=("sword", "two_handed_axe", "crossbow", "grenade"))
    w = {x.id: x for x in profile_of(spec).weapons}
    assert w["sword"].damage == 5 and w["two_handed_axe"].damage == 7  # BF, BF + 2
    assert w[""].damage == 1 and w[""].unarmed  # bare hands BF − 4
    assert (w["crossbow"].damage, w["crossbow"].range, w["crossbow"].max_range) == (5, 30, 60)
    assert w["crossbow"].slow and not w["crossbow"].heavy
    assert w["grenade"].blast == 5.0 and w["grenade"].targets is None


def test_armour_points_by_location_and_left_hand_GAP_WF_16_WF_A_PARADE() -> None:
    light = profile_of(fig("x", "sous_fifre", (1, 1), equipment=("light_armour", "shield")))
    assert light.ap == {"head": 0, "right_arm": 1, "left_arm": 1, "body": 1, "right_leg": 1,
                        "left_leg": 1}
    assert light.left_hand == "shield"
    heavy = profile_of(fig("x", "sous_fifre", (1, 1), equipment=("heavy_armour",),
                           weapons=("sword", "axe")))
    assert set(heavy.ap.values()) == {2} and heavy.left_hand == "weapon"


def test_cybernetics_and_sight_GAP_WF_16() -> None:
    base = profile_of(fig("x", "sous_fifre", (1, 1)))
    cyber = profile_of(fig("x", "sous_fifre", (1, 1), equipment=("cyber_arm", "sight")))
    assert (cyber.f - base.f, cyber.e - base.e, cyber.ct - base.ct) == (10, 10, 10)


def test_native_block_overrides_S2() -> None:
    spec = fig("x", "sous_fifre", (1, 1))
    wb = band("a", spec).warband
    p = convert(BOOK, spec, figure_stats(BOOK, wb, spec, {}),
                {"cc": 60, "fortune": 3, "int": 41, "surprised": True})
    assert (p.cc, p.fortune, p.int_, p.surprised, p.ct) == (60, 3, 41, True, 35)


def test_hit_location_by_the_reversed_roll_WF_LOC() -> None:
    assert reverse(37) == 73 and reverse(10) == 1 and reverse(100) == 100 and reverse(5) == 50
    assert [location_of(v) for v in (1, 15, 16, 35, 36, 55, 56, 80, 81, 90, 91, 100)] == [
        "head", "head", "right_arm", "right_arm", "left_arm", "left_arm", "body", "body",
        "right_leg", "right_leg", "left_leg", "left_leg"]

