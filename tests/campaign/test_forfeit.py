"""D-10: a band that can field no figure forfeits the game, which is not played; with no
figure and too few band points for the cheapest recruit it leaves the campaign, which is
over — with a winner and a final standing — when one band is left."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.campaign import commands as cc
from skirmish.campaign import events as ce
from skirmish.campaign import files
from skirmish.campaign.engine import Campaign
from skirmish.campaign.record import CampaignOptions
from skirmish.cli import main
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Roll
from tests.campaign.build import campaign, finish_shopping, member, warband


def wiped(c: Campaign, band: str, status: str = "dead") -> None:
    for m in c.band(band).members:
        m.status = status


def awards(c: Campaign, fid: str) -> list[str]:
    return [x.award for x in member(c, fid).xp_log]


def test_a_band_with_nobody_forfeits_the_game_which_is_not_played_d_10() -> None:
    c = campaign(advancement=False)
    wiped(c, "red")
    c.band("red").band_points = c.band("blue").band_points = 3
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    cur = c.state.current
    assert cur.forfeit == ["red"] and cur.winners() == ["blue"] and cur.winner == "blue"
    assert c.state.phase == "post_game" and c.state.current_scenario is None
    assert [e.band for e in c.log if isinstance(e, ce.Forfeited)] == ["red"]
    assert not [e for e in c.log if isinstance(e, Roll)]  # no game, no injuries
    assert awards(c, "blue:grunt") == ["survived", "winning_band_survivor"]
    assert c.pending.kind == "shop" and c.pending.band == "red"  # it may hire
    finish_shopping(c)
    assert not [e for e in c.log if isinstance(e, ce.BandPoints)]  # no VP, no band points
    assert c.band("red").left == 1  # 3 points: no recruit
    assert c.state.phase == "over"
    r = c.state.result
    assert r.winner == "blue" and [(p.band, p.place, p.left) for p in r.standing] == [
        ("blue", 1, None), ("red", 2, 1)]
    (over,) = [e for e in c.log if isinstance(e, ce.CampaignOver)]
    assert over.winner == "blue" and over.rule == "D-10"
    with pytest.raises(IllegalCommand, match="over"):
        c.apply(cc.BeginGame(scenario="open_field.toml"))


def test_a_band_that_can_pay_a_recruit_hires_and_plays_on_d_10() -> None:
    c = campaign()
    wiped(c, "red")
    c.band("red").band_points = 10  # a Sous-fifre with the free dagger
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    c.apply(cc.Hire(band="red", name="Nouveau", rank="sous_fifre", weapons=("dagger",)))
    finish_shopping(c)
    assert c.state.phase == "ready" and c.band("red").left is None
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    assert c.state.phase == "in_game"
    assert [f.id for f in c.game_scenario().bands[0].warband.figures] == ["nouveau"]


def test_a_band_with_the_points_stays_even_if_it_does_not_hire_d_10() -> None:
    c = campaign()
    wiped(c, "red")
    c.band("red").band_points = 10
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    finish_shopping(c)
    assert c.state.phase == "ready" and c.band("red").left is None


def test_a_band_whose_figures_are_all_absent_forfeits_but_stays_d_10() -> None:
    c = campaign()
    for m in c.band("red").members:
        m.misses, m.absences = 1, ["R-CAMP-INJ-35"]
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    assert c.state.current.forfeit == ["red"]
    assert {m.misses for m in c.band("red").members} == {0}
    finish_shopping(c)
    assert c.state.phase == "ready" and c.band("red").left is None
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    assert c.state.phase == "in_game"


def three_bands() -> Campaign:
    return Campaign.new("Three", [(warband("red"), "human", ""), (warband("blue"), "human", ""),
                                  (warband("green"), "human", "")], 4,
                        CampaignOptions(scenario="three_band_brawl.toml"))


def test_with_three_bands_every_other_band_wins_the_forfeit_d_10() -> None:
    c = three_bands()
    wiped(c, "green")
    c.apply(cc.BeginGame(scenario="three_band_brawl.toml"))
    assert c.state.current.winners() == ["red", "blue"] and c.state.current.winner is None
    assert "winning_band_survivor" in awards(c, "red:boss")
    assert "winning_band_survivor" in awards(c, "blue:boss")
    finish_shopping(c)
    assert c.band("green").left == 1 and c.state.phase == "ready"
    c.apply(cc.BeginGame(scenario="three_band_brawl.toml"))  # the two left play on
    assert [b.warband.id for b in c.game_scenario().bands] == ["red", "blue"]
    assert c.state.current.bands == ["red", "blue"]


def test_play_and_show_say_the_forfeit_and_the_final_standing_d_10(tmp_path: Path,
                                                                  capsys) -> None:  # noqa: ANN001
    """Before D-10 ``campaign play`` ended with a traceback ("has no figure able to play")."""
    path = tmp_path / "c.json"
    c = campaign(controller="computer")
    wiped(c, "red")
    files.save(c, path)
    assert main(["campaign", "play", str(path), "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "game 1: forfeited by red, not played (D-10); won by blue" in out
    assert "campaign over after 1 game: won by Blue (D-10)" in out
    assert "  2. Red (red): left after game 1" in out
    assert main(["campaign", "show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "left the campaign after game 1 (D-10)" in shown and "won by Blue" in shown
    assert files.load(path).state.phase == "over"
    assert main(["campaign", "play", str(path)]) == 0  # over: nothing more to play


def test_when_every_band_forfeits_and_leaves_nobody_wins_d_10() -> None:
    c = campaign()
    wiped(c, "red")
    wiped(c, "blue")
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    assert c.state.current.forfeit == ["red", "blue"] and c.state.current.winners() == []
    finish_shopping(c)
    r = c.state.result
    assert c.state.phase == "over" and r.winner is None
    assert [(p.band, p.place) for p in r.standing] == [("blue", 1), ("red", 1)]  # by id
    (over,) = [e for e in c.log if isinstance(e, ce.CampaignOver)]
    assert over.key == "campaign_drawn"
