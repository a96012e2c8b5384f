"""A game's result reaches the campaign once, and only the game under way's ([R-CAMP-DEF],
[R-CAMP-VP]): the engine refuses another game's report, the campaign unchanged."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.campaign import commands as cc
from skirmish.rules.errors import IllegalCommand
from tests.campaign.build import SCENARIO, campaign, finish_shopping, report


def test_a_report_of_another_game_is_refused_R_CAMP_VP() -> None:
    """[R-CAMP-VP] A report carrying another game's dice seed (an older game finished
    again from a save) changes nothing; this game's report is recorded; a second one is
    refused too (the game is no longer under way)."""
    c = campaign()
    c.apply(cc.BeginGame(scenario=SCENARIO))
    cur = c.state.current
    before = msgspec.json.encode(c.state)
    wrong = msgspec.structs.replace(report(c, {"red": 9, "blue": 0}, "red"), seed=cur.seed - 1)
    with pytest.raises(IllegalCommand) as err:
        c.apply(cc.RecordGame(report=wrong))
    assert err.value.key == "wrong_game" and str(cur.seed) in str(err.value)
    assert msgspec.json.encode(c.state) == before
    right = msgspec.structs.replace(wrong, seed=cur.seed)
    c.apply(cc.RecordGame(report=right))
    assert c.state.phase == "post_game"
    with pytest.raises(IllegalCommand):
        c.apply(cc.RecordGame(report=right))


def test_a_report_without_a_seed_still_records_R_CAMP_DEF() -> None:
    """[R-CAMP-DEF] Reports written before the seed was kept (campaign files, headless
    runs) are recorded as before."""
    c = campaign("computer")
    c.apply(cc.BeginGame(scenario=SCENARIO))
    c.apply(cc.RecordGame(report=report(c)))
    finish_shopping(c)
    assert len(c.state.games) == 1
