"""[R-CAMP-INJ-62] Capture and ransom between the bands (GAP-68 a)."""

from __future__ import annotations

from skirmish.campaign import commands as cc
from skirmish.campaign import computer
from skirmish.campaign import events as ce
from tests.campaign.build import campaign, member, play

BOSS_DOWN = {"red__boss": ("out_of_action", "blue:grunt")}


def captured(**kw: object):  # noqa: ANN201
    c = campaign(**kw)
    play(c, 6, 2, **BOSS_DOWN)
    return c, member(c, "red:boss")


def test_captor_is_the_band_that_downed_it_and_names_the_ransom_gap_68() -> None:
    c, boss = captured()
    assert boss.status == "captured" and boss.captor == "blue"
    p = c.pending
    assert p.kind == "ransom_demand" and p.band == "blue"
    # Chef 50 + sword 5 + shield 30 (first dagger free) = 85: half, value, double.
    assert [o.key for o in p.options] == ["ask:42", "ask:85", "ask:170"]


def test_owner_pays_the_ransom_keeps_equipment_r_camp_inj_62() -> None:
    c, boss = captured()
    c.band("red").band_points = 50
    c.apply(cc.Choose(option="ask:42"))
    assert c.pending.band == "red" and [o.key for o in c.pending.options] == ["pay", "let_go"]
    c.apply(cc.Choose(option="pay"))
    assert boss.status == "active" and boss.spec.equipment == ("shield",)
    assert (c.band("red").band_points, c.band("blue").band_points) == (8, 42)


def test_owner_lets_it_go_equipment_to_the_captor_r_camp_inj_62() -> None:
    c, boss = captured()
    c.apply(cc.Choose(option="ask:170"))
    assert [o.key for o in c.pending.options] == ["let_go"]
    c.apply(cc.Choose(option="let_go"))
    assert boss.status == "lost"
    assert sorted(c.band("blue").stash) == ["dagger", "shield", "sword"]
    outcome = [e.outcome for e in c.log if isinstance(e, ce.Captive)]
    assert outcome == ["captured", "lost"]


def test_exchange_frees_both_captives_r_camp_inj_62() -> None:
    c = campaign()
    play(c, 6, 2, 6, 2, red__boss=("out_of_action", "blue:grunt"),
         blue__lieu=("out_of_action", "red:runt"))
    assert member(c, "blue:lieu").status == "captured"
    c.apply(cc.Choose(option="ask:85"))
    assert [o.key for o in c.pending.options] == ["exchange:lieu", "let_go"]
    c.apply(cc.Choose(option="exchange:lieu"))
    assert member(c, "red:boss").status == "active"
    assert member(c, "blue:lieu").status == "active"
    assert c.pending is None or c.pending.kind != "ransom_demand"


def test_computer_answers_for_computer_bands_gap_68() -> None:
    c, boss = captured(controller="computer")
    c.band("red").band_points = 100
    computer.settle(c)
    assert boss.status == "active"
    paid = [(e.band, e.change) for e in c.log if isinstance(e, ce.BandPoints)
            and e.reason == "ransom"]
    assert paid == [("red", -85), ("blue", 85)]
