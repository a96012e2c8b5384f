"""The 3d6 test and the opposition ([CM-TEST] [CM-AUTO] [CM-OPPOSE] [CM-DIFF]
[CM-NPC-11] [CM-HERO-USE]; GAP-CM-18, GAP-CM-26) and their exact odds (S14), checked
against a plain enumeration and a seeded run of the engine's own rolls."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from skirmish.rules.cle_en_main.odds import hit_damage, opposition, p_opposition, p_test
from skirmish.rules.cle_en_main.options import CemOptions
from skirmish.rules.cle_en_main.rolls import contest, draw, skill_test
from skirmish.rules.cle_en_main.throws import Side, Throw, oppose
from skirmish.rules.dice import Dice
from skirmish.rules.events import Contest, D6Roll
from tests.rules.cle_en_main.helpers import profile, work


def _auto(faces: tuple[int, ...]) -> int:
    """[CM-AUTO] on the three base dice: 0 all 1s, 2 three 6s, else 1."""
    base = faces[:3]
    return 0 if base == (1, 1, 1) else 2 if base == (6, 6, 6) else 1


def _enumerate(a: int, b: int, sa: int, sb: int, dice_a: int = 3) -> Fraction:
    """P(attacker wins) by walking every pair of throws, with the rules written out."""
    wins = 0
    for fa in itertools.product(range(1, 7), repeat=dice_a):
        for fb in itertools.product(range(1, 7), repeat=3):
            xa, xb = _auto(fa), _auto(fb)
            ta, tb = sum(fa) + a, sum(fb) + b
            if xa != xb:
                wins += xa > xb
            elif ta != tb:
                wins += ta > tb
            else:
                wins += sa >= sb  # higher skill, then the attacker (the active side)
    return Fraction(wins, 6 ** (dice_a + 3))


@pytest.mark.parametrize(("a", "b"), [(4, 4), (4, 8), (8, 4), (10, 6), (6, 13), (2, 20)])
def test_opposition_odds_equal_enumeration_CM_OPPOSE_CM_AUTO(a: int, b: int) -> None:
    assert p_opposition(a, b, skill_a=a, skill_b=b) == _enumerate(a, b, a, b)


def test_heroic_fourth_die_odds_CM_HERO_USE_GAP_CM_18() -> None:
    got = p_opposition(4, 8, skill_a=4, skill_b=8, a=(4, "base"))
    assert got == _enumerate(4, 8, 4, 8, dice_a=4)
    assert got > p_opposition(4, 8, skill_a=4, skill_b=8)


def test_check_figures_of_2b() -> None:
    """§2.b: Sous-fifre against Sous-fifre about 54 %, against a Chef about 14 %, a Chef
    against a Sous-fifre about 85 % (Combat against Défense)."""
    fifre, chef = profile("sous_fifre"), profile("chef")
    ff = p_opposition(fifre.combat_melee, fifre.defence, skill_a=4, skill_b=4)
    fc = p_opposition(fifre.combat_melee, chef.defence, skill_a=4, skill_b=8)
    cf = p_opposition(chef.combat_melee, fifre.defence, skill_a=8, skill_b=4)
    assert abs(float(ff) - 0.54) < 0.01
    assert abs(float(fc) - 0.14) < 0.01 and abs(float(cf) - 0.85) < 0.01


def test_ties_CM_OPPOSE() -> None:
    """Equal totals: the higher skill; equal skills: the active side; both active: a draw."""
    assert oppose(Side(15, 6, None, True), Side(15, 8, None, False)) == (1, "skill")
    assert oppose(Side(15, 6, None, True), Side(15, 6, None, False)) == (0, "active")
    assert oppose(Side(15, 6, None, True), Side(15, 6, None, True)) == (None, "draw")
    assert oppose(Side(9, 6, "success", True), Side(30, 6, None, False)) == (0, "automatic")
    assert oppose(Side(30, 6, "failure", True), Side(4, 6, None, False)) == (1, "automatic")
    win, draw_ = opposition(0, "draw")
    assert draw_ > 0 and win + draw_ < 1


def test_automatic_results_on_base_dice_GAP_CM_18() -> None:
    assert Throw((1, 1, 1, 6)).automatic("base") == "failure"
    assert Throw((1, 1, 1, 6)).automatic("all") is None
    assert Throw((6, 6, 6, 1)).automatic("base") == "success"
    assert Throw((6, 5, 6, 6)).automatic("base") is None
    assert Throw((6, 5, 6, 6)).automatic("all") == "success"  # (b): any three of four


def test_difficulty_odds_CM_TEST_CM_DIFF() -> None:
    # 3d6 ≥ 15 - 4 = 11: 108 of 216; an automatic failure (1,1,1) is below 11 anyway.
    assert p_test(4, 15) == Fraction(108, 216)
    assert p_test(30, 10) == Fraction(215, 216)  # all 1s fail whatever the skill
    assert p_test(0, 25) == Fraction(1, 216)  # three 6s succeed whatever the need
    assert p_test(4, 15, (0, "base")) == 1 and p_test(3, 15, (0, "base")) == 0  # 11 taken


def test_rolls_record_roles_totals_and_the_contest_CM_DMG_BASE_S3() -> None:
    chef, fifre = profile("chef"), profile("sous_fifre")
    w = work(2, 5, 6, 3, 3, 1, chef=chef, fifre=fifre)
    a = draw(w, "chef", "combat_melee", {"difficulte": -2})
    d = draw(w, "fifre", "defence")
    assert contest(w, a, d, rule="CM-ATTACK", keys=("cm_lbl_attack", "cm_lbl_defence"),
                   params=({"figure": "chef", "skill": "mêlée", "target": "fifre"},
                           {"figure": "fifre", "target": "chef"})) == "chef"
    ra, rd, c = w.events
    assert isinstance(ra, D6Roll) and isinstance(rd, D6Roll) and isinstance(c, Contest)
    assert [f.role for f in ra.faces] == ["red", "white", "white"]
    assert (ra.total, ra.need, ra.success) == (13 + 8 - 2, 7 + 4, True)
    assert ra.inputs["difficulte"] == -2 and rd.need == ra.total and rd.success is False
    assert (c.winner, c.tie_break, c.serials) == ("chef", "total", (1, 2))


def test_figurants_take_eleven_CM_NPC_11_GAP_CM_26() -> None:
    w = work(options=CemOptions(cem_npc_11=True), fifre=profile("sous_fifre"),
             chef=profile("chef"))
    r, ok = skill_test(w, "fifre", "defence", 15, rule="CM-TEST")
    assert (r.total, ok, w.events[-1].dice) == (15, True, ())
    assert not draw(w, "chef", "defence").throw.fixed  # the Chef still rolls


def test_engine_rolls_match_the_exact_odds() -> None:
    """20,000 oppositions rolled by the engine (seed 40) against P(Combat 4 beats
    Défense 8): within 3 standard errors."""
    w = work(fifre=profile("sous_fifre"), chef=profile("chef"))
    w.dice = Dice(40)
    n, wins = 20_000, 0
    for _ in range(n):
        a, d = draw(w, "fifre", "combat_melee"), draw(w, "chef", "defence")
        won, _ = oppose(Side(a.total, a.skill, a.auto, True), Side(d.total, d.skill, d.auto, False))
        wins += won == 0
    p = float(p_opposition(4, 8, skill_a=4, skill_b=8))
    assert abs(wins / n - p) < 3 * math.sqrt(p * (1 - p) / n)


def test_damage_odds_equal_enumeration_CM_DMG_BASE_CM_P_MEURTRIERE_CM_N_LEGERE() -> None:
    """2d6 weapon (the whites of the winning throw) + 1 Attaque meurtrière die + 3,
    protection 2, Blessure légère: the exact distribution against a walk of every throw."""
    p_hit, dist = hit_damage(0, "a", 2, 3, 2, extra=1, halvings=1)
    wins, counts = 0, {}
    throws = list(itertools.product(range(1, 7), repeat=3))
    for fa in throws:
        for fb in throws:
            xa, xb = _auto(fa), _auto(fb)
            if not (xa > xb or (xa == xb and sum(fa) >= sum(fb))):
                continue
            wins += 1
            for extra in range(1, 7):
                d = math.ceil(max(0, fa[1] + fa[2] + extra + 3 - 2) / 2)
                counts[d] = counts.get(d, 0) + 1
    assert p_hit == Fraction(wins, 216 * 216)
    assert dict(dist) == {d: Fraction(c, wins * 6) for d, c in counts.items()}


def test_six_plus_damage_mean_CM_RANGED() -> None:
    """A 6+ die's mean is 4.2 (3.5 + one sixth of itself), to the depth followed."""
    _, dist = hit_damage(30, "a", 0, 0, 0, extra=1, six_plus=True)  # one new 6+ die
    mean = sum(d * p for d, p in dist)
    assert abs(float(mean) - 4.2) < 0.01
