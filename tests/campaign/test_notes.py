"""What the roster keeps of a figure: each absence with the rule that caused it (GAP-68),
one note for a death, the band's XP of the game with every award in it, and the [HOUSE]
succession citing D-11."""

from __future__ import annotations

import pytest

from skirmish.campaign import commands as cc
from skirmish.campaign import events as ce
from tests.campaign.build import campaign, finish_shopping, member, play

BOSS_DOWN = {"red__boss": ("out_of_action", "blue:grunt")}


def absence_rules(*faces: int, answer: str | None = None) -> list[str]:
    """Red's Chef hurt with ``faces``; the rules cited by its absences in the next games."""
    c = campaign()
    play(c, *faces, **BOSS_DOWN)
    if answer is not None:  # the fine: left in prison
        c.dice.force(1)
        c.apply(cc.Choose(option=answer))
    finish_shopping(c)
    boss = member(c, "red:boss")
    out = []
    while boss.misses:
        c.apply(cc.BeginGame(scenario="open_field.toml"))
        out += [e.rule for e in c.log if isinstance(e, ce.Absent) and e.figure == "red:boss"
                ][len(out):]
        c.dice.force(*[4] * 20)
        play_on(c)
    return out


def play_on(c) -> None:  # noqa: ANN001
    from tests.campaign.build import report

    c.apply(cc.RecordGame(report=report(c)))
    finish_shopping(c)


@pytest.mark.parametrize(("faces", "answer", "rule"), [
    ((3, 5, 1), None, "R-CAMP-INJ-35"),    # deep wound, D3 = 1
    ((2, 3, 4), None, "R-CAMP-INJ-23"),    # arm wound, light
    ((3, 3, 1), None, "R-CAMP-POTION"),    # dodgy potion, 1: worse
    ((6, 5, 2, 3), "refuse", "R-CAMP-JUDGE"),  # judged, fine refused: prison D3 = 1
])
def test_every_absence_cites_its_own_rule_gap_68(faces: tuple[int, ...], answer: str | None,
                                                 rule: str) -> None:
    assert absence_rules(*faces, answer=answer) == [rule]


@pytest.mark.parametrize(("faces", "down"), [
    ((1, 1), BOSS_DOWN),                                # [R-CAMP-INJ-11] on its injury roll
    ((), {"red__boss": ("dead", "blue:grunt")}),        # [R-WOUND-DEAD] killed in the game
    ((1,), {"red__grunt": ("out_of_action", "blue:boss")}),  # [R-CAMP-RET-SF] a 1 to return
])
def test_a_death_is_noted_once_r_camp_inj_11(faces: tuple[int, ...],
                                             down: dict[str, tuple[str, str]]) -> None:
    c = campaign()
    play(c, *faces, **down)
    fid = next(iter(down)).replace("__", ":")
    assert member(c, fid).status == "dead"
    assert [n.key for n in member(c, fid).notes].count("dead") == 1


def test_band_xp_of_the_game_counts_injury_66_r_camp_inj_66() -> None:
    c = campaign(advancement=False)
    play(c, 6, 6, **BOSS_DOWN)
    boss = member(c, "red:boss")
    assert [x.award for x in boss.xp_log] == ["survives_against_all_odds", "survived"]
    assert c.state.current.xp["red"] == 2 + 3  # the boss's two, one each for the others
    finish_shopping(c)
    assert c.state.games[-1].xp["red"] == 5


@pytest.mark.parametrize(("option", "event"), [("promote:lieu", ce.Promoted),
                                               ("hire", ce.Hired)])
def test_succession_cites_d_11_house(option: str, event: type) -> None:
    """[HOUSE] D-11: a band whose Chef died hires one or promotes its Sous-chef with the
    most XP; the question, the promotion and the hiring cite D-11."""
    c = campaign()
    c.band("red").band_points = 100
    play(c, 1, 1, **BOSS_DOWN)
    assert c.pending.kind == "succession" and "([HOUSE] D-11)" in c.pending.prompt
    assert [o.key for o in c.pending.options] == ["hire", "promote:lieu"]
    c.apply(cc.Choose(option=option))
    (done,) = [e for e in c.log if isinstance(e, event)]
    assert "D-11" in done.rule and "[HOUSE]" in done.rule
    assert [m.spec.rank for m in c.band("red").roster()].count("chef") == 1
