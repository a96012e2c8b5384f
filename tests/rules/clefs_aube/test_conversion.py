"""RULESETS §3.b: the conversion of a Skirmish figure ([CA-ASPECTS] [CA-MOYENS] [CA-NC]
[CA-BC] [CA-TOTALS] [CA-DODGE] [CA-DMG]; GAP-CA-3, GAP-CA-12, GAP-CA-15, GAP-CA-22) and
the native override block."""

from __future__ import annotations

import pytest

from skirmish.content.loading import load_scenario
from skirmish.rules.clefs_aube import totals as T
from skirmish.rules.clefs_aube.profile import (
    apply_native,
    melee_weapon,
    unarmed,
    weapon_bd,
)
from skirmish.rules.frame.native import NativeProblem
from tests.rules.build import band, fig
from tests.rules.clefs_aube.helpers import ca_scenario, ca_start

#: §3.b table: Ph, Me, My, moyens, NC mêlée / tir / Évitement, CA mêlée, TA, TP (sword),
#: CA tir, Esq, Enc.
TABLE = {
    "chef": (13, 12, 8, (1, 1, 1, 1, -2, -2), 15, 20, 10, 19, 20, 10, 24, 4, 14),
    "sous_chef": (11, 9, 8, (1, 1, 0, 1, -1, -2), 15, 15, 10, 17, 18, 8, 17, 1, 12),
    "sous_fifre": (10, 7, 8, (1, 0, 0, 0, -1, 0), 10, 15, 5, 11, 12, 2, 15, -5, 10),
}


def _game(race: str = "none"):
    scn = ca_scenario(band("a", fig("chef", "chef", (5, 5), ["sword"]),
                           fig("sous_chef", "sous_chef", (8, 5), ["sword"]),
                           fig("sous_fifre", "sous_fifre", (11, 5), ["sword"]), race=race),
                      band("b", fig("c", "chef", (5, 25)), fig("f", "sous_fifre", (9, 25))))
    return ca_start(scn)


@pytest.mark.parametrize("rank", list(TABLE))
def test_conversion_table_by_rank_GAP_CA_3_GAP_CA_12_GAP_CA_15(rank: str) -> None:
    g = _game()
    p = g.state.ca[f"a:{rank}"].profile
    o = g.state.ca_options
    got = (p.ph, p.me, p.my, (p.pu, p.re, p.ma, p.pr, p.ex, p.pe), p.nc_melee, p.nc_tir,
           p.nc_evitement, T.ca_melee(p), T.ta(p, "sword"), T.tp(p, "sword", o), T.ca_tir(p),
           T.esq(p, o), T.enc(p, o))
    assert got == TABLE[rank]
    assert sum((p.pu, p.re, p.ma, p.pr, p.ex, p.pe)) == 0  # [CA-MOYENS]


def test_race_deltas_ork_GAP_CA_12() -> None:
    """+1 R → Ph (7 + R + ⌊PV/2⌋), Ré +1 and Pe −1; CCC improved by 1 → NC +5."""
    g = _game("ork")
    p = g.state.ca["a:sous_fifre"].profile
    assert (p.ph, p.re, p.pe, p.nc_melee) == (11, 1, -1, 15)
    assert g.state.figures["a:chef"].stats.cd == 10  # ork Chef Cd 10 stays (GAP-CA-20)


def test_weapons_and_armour_GAP_CA_12_GAP_CA_22() -> None:
    assert weapon_bd(2) == 15 and weapon_bd(4) == 20  # sword, two-handed axe ([CA-EXAMPLE])
    assert weapon_bd(3) == 18  # 10 + ⌈7.5⌉
    sword, axe, dagger = melee_weapon(2, 1), melee_weapon(4, 2), melee_weapon(1, 1)
    assert (sword.ba, sword.bp, sword.bd) == (1, 1, 15)
    assert (axe.ba, axe.bp, axe.bd) == (1, -3, 20)
    assert (dagger.ba, dagger.bp) == (0, 0)
    assert (unarmed().ba, unarmed().bp, unarmed().bd) == (0, -5, 10)
    scn = ca_scenario(
        band("a", fig("x", "chef", (5, 5), ["sword"], ["light_armour", "shield", "sight"]),
             fig("y", "sous_fifre", (8, 5), ["sword"], ["heavy_armour", "buckler",
                                                          "cyber_arm"])),
        band("b", fig("c", "chef", (5, 25)), fig("f", "sous_fifre", (9, 25))))
    g = ca_start(scn)
    x, y = g.state.ca["a:x"].profile, g.state.ca["a:y"].profile
    assert (x.be, x.shield_bp, x.tir_bonus, x.nc_tir) == (3, 2, 3, 20)  # sight: avantage +3
    assert (y.be, y.shield_bp, y.pu) == (7, 1, 2)  # heavy 6 + arm 1; rondache BP +1; arm Pu +1


def test_every_shipped_warband_converts() -> None:
    """Every figure of every shipped scenario gets a profile with the §3.b totals."""
    import glob

    import msgspec

    from skirmish.match import new_game

    for path in sorted(glob.glob("scenarios/*.toml")):
        scn = msgspec.structs.replace(load_scenario(path), ruleset="clefs_aube")
        g = new_game(scn, 1)
        assert set(g.state.ca) == set(g.state.figures)
        for fid, cf in g.state.ca.items():
            p, f = cf.profile, g.state.figures[fid]
            assert p.ph == 7 + f.stats.r + f.stats.pv // 2 and p.me == f.stats.cd + 1
            assert p.nc_melee in (10, 15, 20) and p.nc_tir in (10, 15, 20)
            assert set(p.melee) == set(f.melee) and set(p.ranged) == set(f.ranged)


def test_native_block_overrides_and_is_validated() -> None:
    g = _game()
    p = g.state.ca["a:sous_fifre"].profile
    q = apply_native(p, {"ph": 12, "weapons": {"sword": {"bd": 17}}})
    assert (q.ph, q.melee["sword"].bd, q.melee["sword"].ba) == (12, 17, 1)
    with pytest.raises(NativeProblem, match="weapons.axe"):
        apply_native(p, {"weapons": {"axe": {"bd": 3}}})
    with pytest.raises(NativeProblem, match="sum to 0"):
        apply_native(p, {"pu": 3})
    with pytest.raises(NativeProblem, match="ph"):
        apply_native(p, {"ph": "strong"})
    with pytest.raises(NativeProblem, match="unknown"):
        apply_native(p, {"charisma": 3})


def test_native_block_in_a_warband_entry_GAP_CA_20() -> None:
    """A native Me sets the Cd the Skirmish Leadership tests use: Cd = Me − 1."""
    native = {"clefs_aube": {"me": 14, "nc_melee": 20}}
    scn = ca_scenario(band("a", fig("x", "sous_fifre", (5, 5), ["sword"], native=native),
                           fig("c", "chef", (9, 5))),
                      band("b", fig("c", "chef", (5, 25)), fig("f", "sous_fifre", (9, 25))))
    g = ca_start(scn)
    assert g.state.ca["a:x"].profile.nc_melee == 20
    assert g.state.figures["a:x"].stats.cd == 13


def test_figure_panel_data_shows_profile_fatigue_and_wounds_S16() -> None:
    from skirmish.rules.clefs_aube.panel import figure_panel

    g = _game()
    cf = g.state.ca["a:chef"]
    cf.pf["ph"] = 3
    cf.wounds["ph"] = {"legere": 1, "grave": 0, "critique": 0}
    cf.planned, cf.rolled, cf.etourdi = 2, 1, True
    lines = {ln.key: ln.value for ln in figure_panel(g.state, "a:chef")}
    assert lines["ta"] == "17 (20 − 3 PF)" and lines["tp"] == "7 (10 − 3 PF)"
    assert lines["esq"] == "1 (4 − 3 PF)" and lines["enc"] == "11 (14 − 3 PF)"
    assert lines["ladder"] == "2, 5 (rolled: 1)"
    assert lines["wounds_ph"] == "light 1/4 · serious 0/2 · critical 0/1"
    assert lines["pf"] == "3" and "etourdi" in lines
    fr = dict(ln.text("fr") for ln in figure_panel(g.state, "a:chef"))
    assert fr["Blessures (Ph)"] == "légère 1/4 · grave 0/2 · critique 0/1"
    assert fr["Handicaps"] == "2, 5 (jets faits : 1)" and fr["TA"] == "17 (20 − 3 PF)"
    cf.pf["ph"] = 6
    assert dict(ln.text("en") for ln in figure_panel(g.state, "a:chef"))["Esq"] == "−2 (4 − 6 PF)"
