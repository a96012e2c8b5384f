"""The rules of §2.a that one battle does not play, each shown where it went: the sheet and
its progression onto the Skirmish campaign layer by rank (GAP-ALT-7) through the
conversion (§2.b); no atouts (GAP-CM-25); no open test, chase, fall, fire or related
skill on the table. The rules screen lists each with its reason in both languages
(``tests/app/test_cle_en_main_window.py`` shows it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.content.models import StatChange
from skirmish.rules import commands as c
from skirmish.rules.cle_en_main.options import OUT_OF_SCOPE
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import D6Roll
from tests.rules.build import band, fig, piece
from tests.rules.cle_en_main.helpers import cm_scenario, cm_start, of

A_HAND = (6, 6, 5, 1, 1, 2)
QUIET = {"charge": False, "charged": False, "spot": False, "shot": False}


@pytest.mark.parametrize(("rule", "why"), [
    ("CM-SHEET", "§2.b"), ("CM-ATOUTS", "GAP-CM-25"), ("CM-ATOUT-EFFECTS", "GAP-CM-25"),
    ("CM-XP", "GAP-ALT-7"), ("CM-CHANGE-PC", "GAP-ALT-7"), ("CM-HEAL-NAT", "GAP-ALT-7"),
    ("CM-MONEY", "GAP-ALT-7"), ("CM-OPEN", "opposition"), ("CM-CHASE", "§2.c"),
    ("CM-OTHER-DMG", "climbing"), ("CM-NEAR-SKILL", "§2.b")])
def test_rules_left_out_of_a_battle_say_where_they_went(rule: str, why: str) -> None:
    en, fr = OUT_OF_SCOPE[rule]
    assert why in en and en != fr
    assert why in fr or why in ("opposition", "climbing")  # the French words differ


def _chef(**kw: object) -> object:
    """The Reds' Chef alone against the Blues' Chef, with campaign fields ``kw``."""
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["sword"], **kw)),
        band("b", fig("chef", "chef", (20, 20), ["sword"])), passive_actions=QUIET), *A_HAND)
    return g.state.cm.figures["a:chef"]


def test_campaign_advances_carry_into_the_skills_and_a_recruit_has_none_CM_XP_CM_CHANGE_PC_GAP_ALT_7(
) -> None:
    """[CM-XP] becomes the Skirmish campaign's experience and advances by rank: an advance
    of F +1 and CCC improved by 1 on the Skirmish profile is, through §2.b, a melee damage
    bonus +1 and Combat (mêlée) +2 (2 × (8 − CCC)). A new figure of the same rank — the
    changed character of [CM-CHANGE-PC] — has no experience and none of it."""
    veteran = _chef(xp=9, advances=(StatChange(stat="f", op="add", value=1),
                                    StatChange(stat="ccc", op="improve", value=1)))
    recruit = _chef()
    assert veteran.profile.melee_bonus - recruit.profile.melee_bonus == 1
    assert veteran.profile.combat_melee - recruit.profile.combat_melee == 2
    assert (recruit.profile.combat_melee, recruit.profile.melee_bonus) == (8, 3)  # §2.b Chef


def test_each_game_starts_at_full_vitality_and_heroism_CM_HEAL_NAT_GAP_ALT_7() -> None:
    """[CM-HEAL-NAT]: a game is one scene; whatever the last game took, a figure starts
    the next with its full vitality and heroism (between games, the campaign's return
    rolls and injuries decide who plays)."""
    veteran = _chef(xp=12, injuries=("old_wound",))
    assert (veteran.vitality, veteran.heroism) == (veteran.profile.vitality, veteran.profile.heroism)
    assert (veteran.vitality, veteran.heroism) == (15, 4)


def test_no_figure_has_atouts_and_a_native_block_may_not_give_any_CM_ATOUTS_CM_ATOUT_EFFECTS(
) -> None:
    """GAP-CM-25: the sheets that define the atouts are not in the source; every shipped
    scenario's figures convert without any, and a native block naming some is refused
    with the entry and the reason, as the validator says it."""
    import glob

    import msgspec

    from skirmish.content.loading import load_scenario
    from skirmish.content.models import Rank
    from skirmish.content.profiles import race_profile
    from skirmish.match import new_game
    from skirmish.rules.cle_en_main.options import CemOptions
    from skirmish.rules.cle_en_main.profile import native_problem
    from tests.rules.cle_en_main.helpers import book, spec

    for path in sorted(glob.glob("scenarios/*.toml")):
        scn = msgspec.structs.replace(load_scenario(path), ruleset="cle_en_main")
        assert all(cf.profile.atouts == () for cf in new_game(scn, 1).state.cm.figures.values())
    s = spec("chef", ("sword",), native={"atouts": ["Tireur d'élite"]})
    problem = native_problem(book(), s, race_profile(book(), "none", Rank.CHEF), CemOptions())
    assert problem == ("atouts", "no atouts on this table (GAP-CM-25)")


def test_every_test_of_a_game_has_a_difficulty_or_an_opposition_CM_OPEN_CM_CHASE(
        tmp_path: Path) -> None:
    """No open test ([CM-OPEN]) and so no chase ([CM-CHASE]): every 3d6 test of a whole
    game played by the computer is compared with a difficulty or the other side's total."""
    from skirmish.campaign import headless
    from skirmish.content.loading import load_scenario
    from tests.rules.ruleset_files import ruleset_copy

    game = headless.play(load_scenario(
        ruleset_copy(tmp_path, "street_fight", "cle_en_main", turns=3)), 11)
    tests = of(game.log, D6Roll)
    assert len(tests) > 20
    assert all(t.need is not None for t in tests)


def test_no_climbing_so_no_fall_CM_OTHER_DMG() -> None:
    """Falls, fire and asphyxia ([CM-OTHER-DMG]) have no occasion: the table has no fire
    or gas, and this ruleset offers no Climb (the rope of Skirmish) from which to fall."""
    house = piece("house", "impassable", [(12, 0), (20, 0), (20, 10), (12, 10)], height=4)
    g = cm_start(cm_scenario(
        band("a", fig("x", "chef", (11.45, 5), ["sword"], ["rope"])),
        band("b", fig("y", "chef", (40, 25), ["sword"])), terrain=[house],
        passive_actions=QUIET), *A_HAND)
    g.apply(c.Activate(figure="a:x"))
    assert not any(isinstance(cmd, c.Climb) for cmd in g.legal_commands())
    with pytest.raises(IllegalCommand):
        g.apply(c.Climb(figure="a:x", piece="house"))


def test_every_melee_weapon_uses_the_one_combat_skill_CM_NEAR_SKILL() -> None:
    """[CM-NEAR-SKILL]: §2.b gives one Combat (mêlée) for every melee weapon, so an axe is
    struck with the same skill as a sword, never a related one at −5."""
    totals = {}
    for weapon in ("sword", "axe"):
        g = cm_start(cm_scenario(
            band("a", fig("chef", "chef", (5, 5), ["sword", "axe"])),
            band("b", fig("chef", "chef", (6.05, 5), ["sword"])), passive_actions=QUIET), *A_HAND)
        g.apply(c.Activate(figure="a:chef"))
        g.apply(c.Strike(figure="a:chef", target="b:chef", weapon=weapon))
        g.dice.force(3, 3, 3, 3, 3, 3)
        events: list = []
        while (p := g.state.pending) is not None:
            keys = [o.key for o in p.options]
            events += g.apply(c.Choose(option="no" if "no" in keys else "none"))
        roll = next(r for r in of(events, D6Roll) if r.figure == "a:chef")
        totals[weapon] = (roll.total, roll.inputs)
    assert totals["sword"] == totals["axe"] == (9 + 8, {"mêlée": 8, "dice_total": 9})
