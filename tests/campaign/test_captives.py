"""[R-CAMP-INJ-62] Capture and ransom between the bands (GAP-68 a): the captor names any
whole number of band points or offers an exchange, the owner accepts or refuses, once
every band has converted this game's VP."""

from __future__ import annotations

import pytest

from skirmish.campaign import commands as cc
from skirmish.campaign import computer
from skirmish.campaign import events as ce
from skirmish.rules.errors import IllegalCommand
from tests.campaign.build import campaign, member, play

BOSS_DOWN = {"red__boss": ("out_of_action", "blue:grunt")}


def captured(vp: dict[str, int] | None = None, **kw: object):  # noqa: ANN201
    c = campaign(**kw)
    play(c, 6, 2, vp=vp, **BOSS_DOWN)
    return c, member(c, "red:boss")


def test_captor_is_the_band_that_downed_it_and_names_the_ransom_gap_68() -> None:
    c, boss = captured()
    assert boss.status == "captured" and boss.captor == "blue"
    p = c.pending
    assert p.kind == "ransom_demand" and p.band == "blue"
    # Chef 50 + sword 5 + shield 30 (first dagger free) = 85: half, value, double.
    assert [o.key for o in p.options] == ["ask:42", "ask:85", "ask:170"]
    assert (p.amount.prefix, p.amount.low) == ("ask:", 0)


def test_the_ransom_is_any_whole_number_r_camp_inj_62_gap_68() -> None:
    """[R-CAMP-INJ-62] "d'un montant de son choix": 37 is not a suggestion, yet accepted."""
    c, boss = captured()
    c.band("red").band_points = 40
    for bad in ("ask:-1", "ask:x", "ask:1.5", "ask:" + "9" * 40, "ask:"):
        with pytest.raises(IllegalCommand):
            c.apply(cc.Choose(option=bad))
    c.apply(cc.Choose(option="ask:037"))
    assert c.pending.band == "red" and c.pending.params["amount"] == 37
    c.apply(cc.Choose(option="pay"))
    assert (c.band("red").band_points, c.band("blue").band_points) == (3, 37)


def test_ransoms_are_paid_from_this_games_band_points_gap_68() -> None:
    """GAP-68: settled after every band has converted this game's VP: a band on 0 points
    that scored 60 VP can pay a ransom of 50."""
    c, boss = captured(vp={"red": 60, "blue": 0})
    assert c.band("red").band_points == 60
    c.apply(cc.Choose(option="ask:50"))
    assert [o.key for o in c.pending.options] == ["pay", "let_go"]
    c.apply(cc.Choose(option="pay"))
    assert boss.status == "active" and c.band("red").band_points == 10


def test_fines_are_paid_from_this_games_band_points_r_camp_judge_gap_68() -> None:
    c = campaign()
    play(c, 6, 5, 2, 4, vp={"red": 12, "blue": 0}, **BOSS_DOWN)  # judged, fine of 4
    assert c.pending.kind == "fine" and [o.key for o in c.pending.options] == ["pay", "refuse"]
    converted = [e for e in c.log if isinstance(e, ce.BandPoints) and e.reason == "vp"]
    assert len(converted) == 2  # both bands converted before the fine is asked
    c.apply(cc.Choose(option="pay"))
    assert c.band("red").band_points == 8


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


def both_captured():  # noqa: ANN201
    c = campaign()
    play(c, 6, 2, 6, 2, red__boss=("out_of_action", "blue:grunt"),
         blue__lieu=("out_of_action", "red:runt"))
    return c


def test_the_captor_offers_an_exchange_both_go_free_r_camp_inj_62() -> None:
    c = both_captured()
    assert member(c, "blue:lieu").status == "captured"
    assert c.pending.band == "blue" and c.pending.options[0].key == "exchange:lieu"
    c.apply(cc.Choose(option="exchange:lieu"))
    assert c.pending.band == "red"
    assert [o.key for o in c.pending.options] == ["exchange:lieu", "let_go"]
    c.apply(cc.Choose(option="exchange:lieu"))
    assert member(c, "red:boss").status == "active"
    assert member(c, "blue:lieu").status == "active"
    assert c.pending is None or c.pending.kind != "ransom_demand"


def test_an_exchange_refused_loses_the_captive_gap_68() -> None:
    c = both_captured()
    c.apply(cc.Choose(option="exchange:lieu"))
    c.apply(cc.Choose(option="let_go"))
    assert member(c, "red:boss").status == "lost"
    assert member(c, "blue:lieu").status == "captured"  # its own demand comes next
    assert c.pending.kind == "ransom_demand" and c.pending.band == "red"


def test_computer_captor_asks_the_worth_owner_pays_up_to_it_gap_68() -> None:
    c, boss = captured(controller="computer")
    c.band("red").band_points = 100
    computer.settle(c)
    assert boss.status == "active"
    paid = [(e.band, e.change) for e in c.log if isinstance(e, ce.BandPoints)
            and e.reason == "ransom"]
    assert paid == [("red", -85), ("blue", 85)]


def test_computer_owner_refuses_a_ransom_above_the_worth_gap_68() -> None:
    c, boss = captured()
    c.band("red").controller = "computer"
    c.band("red").band_points = 500
    c.apply(cc.Choose(option="ask:300"))
    assert computer.answer(c) == cc.Choose(option="let_go")
