"""Return rolls and every serious-injury result with forced dice (RULES.md §13.3, §13.4)."""

from __future__ import annotations

import pytest

from skirmish.app.i18n import Translator
from skirmish.app.screens.campaign_post import Say
from skirmish.campaign import commands as cc
from skirmish.campaign import events as ce
from skirmish.match import new_game
from skirmish.rules.skirmish.movement import run_allowance, walk_allowance
from tests.campaign.build import campaign, finish_shopping, member, play, rolls

BOSS_DOWN = {"red__boss": ("out_of_action", "blue:grunt")}


def hurt(*faces: int, **kw: object):  # noqa: ANN201
    """Red's Chef out of action (by Blue's grunt); ``faces`` are the post-game dice."""
    c = campaign(**kw)
    play(c, *faces, **BOSS_DOWN)
    return c, member(c, "red:boss")


def test_sous_fifre_return_roll_dead_on_1_or_2_r_camp_ret_sf() -> None:
    """[R-CAMP-RET-SF] 1–2: dead; 3–6: returns."""
    c = campaign()
    play(c, 2, 3, red__grunt=("out_of_action", "blue:boss"),
         red__runt=("out_of_action", "blue:boss"))
    assert member(c, "red:grunt").status == "dead"
    assert member(c, "red:runt").status == "active"
    assert [r.dice for r in rolls(c, "R-CAMP-RET-SF")] == [(2,), (3,)]


def test_killed_in_game_leaves_the_roster_r_wound_dead() -> None:
    c = campaign()
    play(c, red__lieu=("dead", "blue:boss"))
    assert member(c, "red:lieu").status == "dead"
    assert not rolls(c)


@pytest.mark.parametrize("d66", [(1, 1), (1, 3), (1, 5)])
def test_11_to_15_dead_r_camp_inj_11(d66: tuple[int, int]) -> None:
    c, boss = hurt(*d66)
    assert boss.status == "dead"
    assert boss.spec.weapons == () and boss.spec.equipment == ()
    (roll,) = rolls(c, "R-CAMP-RET-HERO")
    assert roll.dice == d66 and roll.result == "Dead"


def test_multiple_injuries_rerolls_what_gap_64_says_r_camp_inj_16() -> None:
    """[R-CAMP-INJ-16] GAP-64 (b): 1d6 = N D66 rolls; 11–15, 16–21, 41–56, 62 and 26 are
    rerolled; the rest apply and stack (two leg wounds = Mvt −2)."""
    c, boss = hurt(1, 6, 2, 1, 1, 2, 1, 4, 4, 6, 2, 2, 6, 2, 6, 2, 2, 2, 2)
    # 16 multiple → N = 2: 11, 21, 44, 62, 26, 26 are rerolled; then 22 and 22 apply.
    assert boss.spec.injuries == ("leg_wound", "leg_wound")
    count = [r for r in rolls(c, "R-CAMP-INJ-16") if len(r.dice) == 1]
    assert count[0].dice == (2,)
    rerolled = [e for e in c.log if isinstance(e, ce.Injury) and e.result == "rerolled"]
    assert len(rerolled) == 6
    assert c.profile(c.band("red"), boss)["mvt"] == 7


def test_multiple_injuries_applies_sub_tables() -> None:
    """GAP-64: 33 (potion) and 35 (deep wound) apply inside a Multiple injuries."""
    c, boss = hurt(2, 1, 1, 3, 3, 6, 3, 5, 5)
    # 21 multiple → 1 injury... N=1: 33 potion → 6 beneficial
    assert boss.spec.ignore_first_wound


def test_22_leg_wound_mvt_minus_1_in_next_game_reach_r_camp_inj_22() -> None:
    """[R-CAMP-INJ-22] Mvt −1 from now on: the next game's figure has it, and so its reach."""
    c, boss = hurt(2, 2)
    assert boss.spec.injuries == ("leg_wound",)
    changed = [e for e in c.log if isinstance(e, ce.ProfileChanged)][0]
    assert (changed.before["mvt"], changed.after["mvt"]) == (9, 8)
    finish_shopping(c)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    game = new_game(c.game_scenario(), 1)
    fig = game.state.figures["red:boss"]
    assert fig.stats.mvt == 8
    assert game.state.figures["blue:boss"].stats.mvt == 9
    assert (walk_allowance(fig), run_allowance(fig)) == (8, 12)  # its reach in that game


def test_23_arm_wound_light_misses_next_game_r_camp_inj_23() -> None:
    c, boss = hurt(2, 3, 4)
    assert boss.misses == 1
    finish_shopping(c)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    assert "boss" in c.state.current.absent["red"]
    assert all(f.id != "boss" for f in c.game_scenario().bands[0].warband.figures)
    assert boss.misses == 0


def test_23_arm_wound_amputation_keeps_one_weapon_gap_66() -> None:
    """[R-CAMP-INJ-23] GAP-66 (a): on 1 the arm goes; the owner keeps one one-handed weapon
    (a decision), the shield goes to the band's store."""
    c, boss = hurt(2, 3, 1)
    assert c.pending is not None and c.pending.kind == "keep_weapon"
    assert c.pending.band == "red"
    assert [o.key for o in c.pending.options] == ["sword", "dagger"]
    c.apply(cc.Choose(option="dagger"))
    assert boss.spec.weapons == ("dagger",) and boss.spec.equipment == ()
    assert "amputated_arm" in boss.spec.injuries
    assert sorted(c.band("red").stash) == ["shield", "sword"]


def test_24_madness_flags_the_next_game_r_camp_inj_24() -> None:
    c, boss = hurt(2, 4)
    finish_shopping(c)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    assert new_game(c.game_scenario(), 1).state.figures["red:boss"].mad


def test_25_nervous_trauma_cd_minus_1_min_4_r_camp_inj_25() -> None:
    c, boss = hurt(2, 5)
    assert c.profile(c.band("red"), boss)["cd"] == 10


def test_26_reroll_r_camp_inj_26() -> None:
    c, boss = hurt(2, 6, 2, 2)
    assert boss.spec.injuries == ("leg_wound",)
    assert len(rolls(c, "R-CAMP-RET-HERO")) == 2


def test_31_lose_an_eye_then_blind_r_camp_inj_31() -> None:
    """[R-CAMP-INJ-31] CT worsened by 1 (3+ → 4+); the second eye: blind, removed."""
    c, boss = hurt(3, 1)
    assert c.profile(c.band("red"), boss)["ct"] == 4
    finish_shopping(c)
    play(c, 3, 1, **BOSS_DOWN)
    assert boss.status == "blind"


def test_32_old_war_wound_rolled_before_each_game_r_camp_inj_32() -> None:
    c, boss = hurt(3, 2)
    finish_shopping(c)
    c.dice.force(1)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    (roll,) = rolls(c, "R-CAMP-INJ-32")
    assert roll.dice == (1,)
    assert "boss" in c.state.current.absent["red"]


def test_32_old_war_wound_plays_on_2() -> None:
    c, boss = hurt(3, 2)
    finish_shopping(c)
    c.dice.force(2)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    assert "red" not in c.state.current.absent


@pytest.mark.parametrize(("face", "misses", "ignores"), [(1, 1, False), (2, 1, False),
                                                        (3, 0, False), (5, 0, False),
                                                        (6, 0, True)])
def test_33_dodgy_potion_r_camp_potion(face: int, misses: int, ignores: bool) -> None:
    """[R-CAMP-POTION] 1–2 misses the next game; 3–5 nothing; 6 ignores the first wound."""
    c, boss = hurt(3, 3, face)
    assert (boss.misses, boss.spec.ignore_first_wound) == (misses, ignores)
    assert rolls(c, "R-CAMP-POTION")[0].dice == (face,)
    if ignores:
        finish_shopping(c)
        c.apply(cc.BeginGame(scenario="open_field.toml"))
        assert new_game(c.game_scenario(), 1).state.figures["red:boss"].ignore_first_wound


def test_34_hand_wound_ccc_worse_max_6_r_camp_inj_34() -> None:
    c, boss = hurt(3, 4)
    assert c.profile(c.band("red"), boss)["ccc"] == 5


def test_35_deep_wound_misses_d3_games_r_camp_inj_35() -> None:
    c, boss = hurt(3, 5, 5)
    assert boss.misses == 3
    assert rolls(c, "R-CAMP-INJ-35")[0].result == "3"


def test_36_robbed_r_camp_inj_36() -> None:
    c, boss = hurt(3, 6)
    assert boss.spec.weapons == () and boss.spec.equipment == ()
    assert boss.status == "active"


@pytest.mark.parametrize("d66", [(4, 1), (4, 6), (5, 1), (5, 6)])
def test_41_to_56_full_recovery_r_camp_inj_41(d66: tuple[int, int]) -> None:
    c, boss = hurt(*d66)
    assert boss.spec.injuries == () and boss.misses == 0 and boss.status == "active"


def test_61_bitter_hatred_of_the_band_that_downed_it_r_camp_inj_61() -> None:
    c, boss = hurt(6, 1)
    assert boss.spec.hates == "blue"
    finish_shopping(c)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    assert new_game(c.game_scenario(), 1).state.figures["red:boss"].hates == "blue"


@pytest.mark.parametrize("d66", [(6, 3), (6, 4)])
def test_63_64_hardened_r_camp_inj_63(d66: tuple[int, int]) -> None:
    c, boss = hurt(*d66)
    finish_shopping(c)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    assert new_game(c.game_scenario(), 1).state.figures["red:boss"].hardened


def test_65_judged_merciless_judge_r_camp_judge() -> None:
    c, boss = hurt(6, 5, 1)
    assert boss.status == "sentenced"


def test_65_judged_fine_paid_r_camp_judge() -> None:
    c, boss = hurt(6, 5, 3, 4)
    assert c.pending.kind == "fine" and [o.key for o in c.pending.options] == ["refuse"]
    c2 = campaign()
    c2.band("red").band_points = 10
    play(c2, 6, 5, 3, 4, **BOSS_DOWN)
    assert [o.key for o in c2.pending.options] == ["pay", "refuse"]
    c2.apply(cc.Choose(option="pay"))
    assert c2.band("red").band_points == 6
    assert member(c2, "red:boss").misses == 0


def test_65_judged_fine_refused_prison_d3_games_r_camp_judge() -> None:
    c, boss = hurt(6, 5, 2, 6)
    c.dice.force(3)
    c.apply(cc.Choose(option="refuse"))
    assert boss.misses == 2
    assert [r.dice for r in rolls(c, "R-CAMP-JUDGE")] == [(2,), (6,), (3,)]


def test_65_judged_acquitted_r_camp_judge() -> None:
    c, boss = hurt(6, 5, 6)
    assert boss.status == "active" and boss.misses == 0


def test_66_survives_against_all_odds_plus_1_xp_r_camp_inj_66() -> None:
    c, boss = hurt(6, 6)
    awards = [x.award for x in boss.xp_log]
    assert awards == ["survives_against_all_odds", "survived"]
    assert boss.spec.xp == 2


def test_lasting_weapon_loss_r_camp_jam() -> None:
    """[R-CAMP-JAM] A weapon jammed for good (or exploded) is off the roster after."""
    c = campaign()
    play(c, red__grunt=("in_play", None, ("spear",)))
    assert member(c, "red:grunt").spec.weapons == ("dagger",)
    lost = [e for e in c.log if isinstance(e, ce.ItemsLost)]
    assert lost[0].rule == "R-CAMP-JAM"
    assert lost[0].text == "Grunt loses Spear"  # the item's name, not its id
    say = Say(Translator("fr"), c.book)
    assert say.event(lost[0]) == "Grunt perd Lance"
    spear, dagger = (c.book.melee_weapons[w] for w in ("spear", "dagger"))
    assert say.value(f"{spear.name_en}, {dagger.name_en}") == f"Lance, {dagger.name_fr}"


def test_full_pv_each_game_d_8() -> None:
    """D-8: a figure starts each game at full PV whatever it went through."""
    c, boss = hurt(4, 4)
    finish_shopping(c)
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    fig = new_game(c.game_scenario(), 1).state.figures["red:boss"]
    assert fig.pv == fig.stats.pv == 4


@pytest.mark.parametrize(("injury", "d66", "stat", "at_cap", "advance", "after"), [
    ("hand_wound", (3, 4), "ccc", 6, (2, 3), 5),       # CCC improved by 1
    ("nervous_trauma", (2, 5), "cd", 4, (4, 5), 5),    # +1 Cd
    ("leg_wound", (2, 2), "mvt", 1, (6, 6), 2),        # +1 Mvt
])
def test_a_capped_injury_changes_nothing_and_a_later_advance_counts_gap_65(
        injury: str, d66: tuple[int, int], stat: str, at_cap: int, advance: tuple[int, int],
        after: int) -> None:
    """GAP-65: a cap applies when the injury is taken. Red's Chef is at its cap (CCC 6+
    after three hand wounds, Cd 4 after seven traumas, Mvt 1 after eight leg wounds); one
    more is noted but changes nothing, and the advance it then rolls improves the value."""
    import msgspec

    c = campaign()
    boss = member(c, "red:boss")
    base = c.profile(c.band("red"), boss)[stat]
    n = (6 - base) if stat == "ccc" else int(base - at_cap)
    boss.spec = msgspec.structs.replace(boss.spec, injuries=(injury,) * n, xp=2)
    assert c.profile(c.band("red"), boss)[stat] == at_cap
    play(c, *d66, *advance, **BOSS_DOWN)
    assert boss.spec.injuries == (injury,) * n
    assert "capped" in [n.key for n in boss.notes]
    capped = [e for e in c.log if isinstance(e, ce.Injury) and e.result == "capped"]
    assert len(capped) == 1 and "GAP-65" in capped[0].rule
    assert c.profile(c.band("red"), boss)[stat] == after
