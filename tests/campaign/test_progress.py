"""Experience (R-CAMP-XP, GAP-62/63), [HOUSE] advancement, band points (R-CAMP-VP, GAP-61)."""

from __future__ import annotations

import msgspec

from skirmish.campaign import commands as cc
from skirmish.campaign import events as ce
from skirmish.content.models import Rank
from tests.campaign.build import campaign, member, play, rolls


def awards(c, fid: str) -> list[str]:  # noqa: ANN001
    return [x.award for x in member(c, fid).xp_log]


def test_xp_each_point_with_its_reason_r_camp_xp_gap_63() -> None:
    """GAP-63 (a): one survival XP (out of action or not); feats include kills; winner +1."""
    c = campaign(advancement=False)
    play(c, 4, 4, 4, 4, 4, 4, vp={"red": 25, "blue": 8}, winner="red",
         blue__boss=("dead", "red:grunt"), blue__lieu=("out_of_action", "red:runt"),
         red__boss=("out_of_action", "blue:boss"), red__lieu=("out_of_action", "blue:lieu"))
    assert awards(c, "red:grunt") == ["survived", "sous_fifre_vs_chef", "winning_band_survivor"]
    assert awards(c, "red:runt") == ["survived", "sous_fifre_vs_sous_chef",
                                     "winning_band_survivor"]
    assert awards(c, "red:boss") == ["survived", "winning_band_survivor"]
    assert awards(c, "blue:boss") == []  # dead
    assert awards(c, "blue:lieu") == ["survived"]
    assert awards(c, "blue:runt") == ["survived"]
    assert member(c, "red:grunt").spec.xp == 4
    gained = [e for e in c.log if isinstance(e, ce.XpGained) and e.figure == "red:grunt"]
    assert [g.rule for g in gained][1] == "R-CAMP-XP GAP-63"
    assert c.state.current.xp == {"red": 11, "blue": 3}


def test_chef_and_sous_chef_feats_r_camp_xp() -> None:
    c = campaign(advancement=False)
    play(c, 4, 4, blue__boss=("out_of_action", "red:lieu"), red__boss=("dead", "blue:boss"))
    assert awards(c, "red:lieu") == ["survived", "sous_chef_vs_chef"]
    c2 = campaign(advancement=False)
    play(c2, 4, 4, blue__boss=("out_of_action", "red:boss"))
    assert awards(c2, "red:boss") == ["survived", "chef_vs_chef"]


def test_advance_at_3_xp_house_gap_62() -> None:
    """[HOUSE] GAP-62: XP reaching a multiple of 3 → 2d6 (6–8: CT improved by 1)."""
    c = campaign()
    grunt = member(c, "red:grunt")
    grunt.spec = msgspec.structs.replace(grunt.spec, xp=2)
    play(c, 3, 4)
    (roll,) = rolls(c, "GAP-62")
    assert roll.dice == (3, 4) and roll.figure == "red:grunt"
    assert c.profile(c.band("red"), grunt)["ct"] == 4
    changed = [e for e in c.log if isinstance(e, ce.ProfileChanged)][-1]
    assert (changed.before["ct"], changed.after["ct"]) == (5, 4)


def test_advancement_off_no_roll_gap_62() -> None:
    c = campaign(advancement=False)
    grunt = member(c, "red:grunt")
    grunt.spec = msgspec.structs.replace(grunt.spec, xp=2)
    play(c)
    assert not rolls(c, "GAP-62")


def test_advance_capped_at_2_above_race_gap_62() -> None:
    c = campaign()
    grunt = member(c, "red:grunt")
    plus_cd = c.book.tables["advancement"].lookup(9).changes[0]
    grunt.spec = msgspec.structs.replace(grunt.spec, xp=2, advances=(plus_cd, plus_cd))
    play(c, 4, 5)
    assert c.profile(c.band("red"), grunt)["cd"] == 8
    assert any(isinstance(e, ce.Injury) and e.result == "advance_capped" for e in c.log)


def test_sous_fifre_12_promotion_decision_gap_62() -> None:
    c = campaign()
    grunt = member(c, "red:grunt")
    grunt.spec = msgspec.structs.replace(grunt.spec, xp=2)
    c.band("red").members.remove(member(c, "red:lieu"))
    play(c, 6, 6)
    assert c.pending.kind == "promote"
    c.apply(cc.Choose(option="promote"))
    assert grunt.spec.rank == Rank.SOUS_CHEF
    assert c.profile(c.band("red"), grunt)["cd"] == 8


def test_vp_become_band_points_gap_61() -> None:
    """[R-CAMP-VP] GAP-61 (a): 1 VP = 1 band point; the option sets another rate."""
    c = campaign()
    play(c, vp={"red": 23, "blue": 5}, winner="red")
    assert (c.band("red").band_points, c.band("blue").band_points) == (23, 5)
    half = campaign(vp_to_band_points=0.5)
    play(half, vp={"red": 23, "blue": 5}, winner="red")
    assert (half.band("red").band_points, half.band("blue").band_points) == (12, 3)


def test_succession_house_promotes_or_hires_a_chef() -> None:
    c = campaign()
    play(c, red__boss=("dead", "blue:boss"))
    assert c.pending.kind == "succession"
    assert [o.key for o in c.pending.options] == ["promote:lieu"]
    c.apply(cc.Choose(option="promote:lieu"))
    assert member(c, "red:lieu").spec.rank == Rank.CHEF


def _game_where(c, *events, **down):  # noqa: ANN001, ANN202
    """The game under way, its figures as ``down`` says (figure id → (status, credited
    to)), its log ending with ``events`` (what happened to them)."""
    from skirmish.match import new_game

    g = new_game(c.game_scenario(), c.state.current.seed)
    for fid, (status, by) in down.items():
        f = g.state.figures[fid]
        f.status, f.downed_by = status, by
        f.downed_by_band = by.split(":")[0] if by else None
    g.log.extend(events)
    return g


def test_every_figure_that_downed_a_chef_earns_the_feat_r_camp_xp_gap_63() -> None:
    """GAP-63: Blue's Chef is put out of action by Red's grunt, then killed by Red's
    Sous-chef: each earns its feat, though the VP go to the last (one award per figure)."""
    from skirmish.campaign.report import report_from_game
    from skirmish.rules.events import Killed, OutOfAction

    c = campaign(advancement=False)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    g = _game_where(c, OutOfAction(figure="blue:boss", by="red:grunt"),
                    Killed(figure="blue:boss", by="red:lieu"),
                    Killed(figure="blue:boss", by="red:lieu"),
                    **{"blue:boss": ("dead", "red:lieu")})
    report = report_from_game(g)
    boss = next(f for f in report.figures if f.figure == "blue:boss")
    assert boss.downed_by == "red:lieu" and boss.downed_by_all == ("red:grunt", "red:lieu")
    c.apply(cc.RecordGame(report=report))
    assert awards(c, "red:grunt") == ["survived", "sous_fifre_vs_chef"]
    assert awards(c, "red:lieu") == ["survived", "sous_chef_vs_chef"]


def test_friendly_fire_and_accidents_earn_no_feat_r_camp_xp_d_7() -> None:
    """D-7: a Chef downed by its own band, or by an enemy's exploding weapon, is credited
    to nobody: no feat."""
    from skirmish.campaign.report import report_from_game
    from skirmish.rules.events import OutOfAction, Roll

    c = campaign(advancement=False)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    blast = Roll(rule="R-DMG-TABLE", label="", dice=(6,), figure="red:grunt",
                 target="blue:boss", key="lbl_explodes")
    g = _game_where(c, OutOfAction(figure="blue:lieu", by="blue:grunt"), blast,
                    OutOfAction(figure="blue:boss", by="red:grunt"),
                    **{"blue:boss": ("out_of_action", None),
                       "blue:lieu": ("out_of_action", None)})
    report = report_from_game(g)
    assert all(f.downed_by_all == () for f in report.figures)
