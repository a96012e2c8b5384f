"""[R-CAMP-AMMO] GAP-69 (a): a grenade thrown in a campaign game without rest rolls 1d6."""

from __future__ import annotations

import pytest

from skirmish.campaign.report import report_from_game
from skirmish.rules import commands as c
from skirmish.rules.events import WeaponLost
from tests.rules.build import band, fig, roll_events, scenario, start
from tests.rules.rolls import check_roll

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def throw(back_to_back: bool, *faces: int):  # noqa: ANN201
    scn = scenario(band("a", fig("s", "sous_fifre", (20, 9), ("grenade",)),
                        fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (20, 17)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options={**OFF, "back_to_back": back_to_back})
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(*faces)
    return g, g.apply(c.Shoot(figure="a:s", weapon="grenade", target="b:t"))


@pytest.mark.parametrize(("face", "out"), [(1, True), (2, True), (3, False), (6, False)])
def test_ammunition_roll_after_every_grenade_without_rest(face: int, out: bool) -> None:
    g, ev = throw(True, 2, face)  # a miss, then the ammunition die
    (roll,) = roll_events(ev, "R-CAMP-AMMO")
    assert roll.dice == (face,) and roll.success is (not out)
    check_roll(roll, lambda fid: fid.split(":")[0])
    assert ("grenade" in g.state.figures["a:s"].lost_weapons) is out
    # Out of ammunition is for this game: the campaign does not take the grenade away.
    assert report_from_game(g).figures[0].lost_weapons == ()
    assert any(isinstance(e, WeaponLost) and e.reason == "out_of_ammo" for e in ev) is out


def test_no_ammunition_roll_after_a_rest() -> None:
    g, ev = throw(False, 2)
    assert roll_events(ev, "R-CAMP-AMMO") == []


def test_campaign_marks_games_without_rest_gap_69() -> None:
    from skirmish.campaign import commands as cc
    from tests.campaign.build import SCENARIO, campaign

    camp = campaign(back_to_back=True)
    camp.apply(cc.BeginGame(scenario=SCENARIO))
    assert camp.game_scenario().options["back_to_back"] is True
    assert camp.state.current.back_to_back
