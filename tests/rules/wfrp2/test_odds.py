"""S14: the exact odds of each action — Attaque standard, brutale, prudente, Charge, a
shot, a chained Attaque rapide, Soins — and of each answer to the defence prompt, against
the engine: each within 3 standard errors of the share of plays (2,000 by default, the
full 100,000 under ``-m slow``)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from skirmish.rules import commands as c
from skirmish.rules.wfrp2.odds import attack, p_test
from tests.rules.build import band, fig
from tests.rules.wfrp2.helpers import answer, d100, force, wf_scenario, wf_start
from tests.sizes import sizes


def test_d100_test_odds_WF_ATK_ROLL() -> None:
    assert [p_test(n) for n in (-5, 0, 1, 45, 100, 130)] == [
        0, 0, Fraction(1, 100), Fraction(9, 20), 1, 1]


def test_an_attack_that_cannot_wound_has_no_harm_WF_DMG() -> None:
    hit, wound, out, dead, loss = attack(45, False, 0, -3, True, 9, (5,) * 6, 12, 12, False,
                                         False, True, False)
    assert hit == Fraction(9, 20) and wound == out == dead == loss == 0


def _game(target_rank: str, kit: tuple[str, ...], weapon: str, *, at=(6, 5), more=()):
    scn = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=(weapon,))),
                      band("b", fig("x", target_rank, at, weapons=("axe",), equipment=kit),
                           *more, fig("y", "sous_fifre", (30, 30))))
    g = wf_start(scn, 5, 1, *(2 for _ in more), 1)
    while g.state.pending is not None:
        answer(g, "keep")
    assert g.state.active == "a:chef"
    return g


def _settle(h) -> None:
    """Every later question by its default, and no Fortune reroll."""
    while h.state.pending is not None:
        p = h.state.pending
        h.apply(c.Choose(option="keep" if p.kind == "wf_reroll" else p.default))


def _agree(g, cmd, n: int, harms) -> None:
    """Each harm's P(wound), P(out or dead) and P(dead) within 3 SE of ``n`` plays."""
    counts = {h.figure: {"wound": 0, "out": 0, "dead": 0} for h in harms}
    b0 = {fid: g.state.figures[fid].b for fid in counts}
    for i in range(n):
        h = g.copy(fork_dice=i)
        h.apply(cmd)
        _settle(h)
        for fid, k in counts.items():
            x = h.state.figures[fid]
            k["wound"] += x.b < b0[fid] or x.status != "in_play"
            k["out"] += x.status in ("out_of_action", "dead")
            k["dead"] += x.status == "dead"
    for harm in harms:
        for key, p in (("wound", harm.p_wound), ("out", harm.p_out), ("dead", harm.p_dead)):
            got = counts[harm.figure][key] / n
            se = math.sqrt(max(p * (1 - p), 1e-12) / n)
            assert abs(got - p) <= 3 * se + 1e-9, (harm.figure, key, got, p)


@pytest.mark.parametrize("n", sizes(2000, 100_000))
@pytest.mark.parametrize(("rank", "kit", "weapon"), [
    ("sous_chef", ("light_armour", "shield"), "sword"),  # a parry, armour, criticals
    ("sous_fifre", (), "two_handed_axe"),  # no defence: wounds, criticals, deaths
])
def test_strike_odds_match_the_engine_S14_GAP_WF_7_GAP_WF_9(n, rank, kit, weapon) -> None:
    g = _game(rank, kit, weapon)
    cmd = c.Strike(figure="a:chef", target="b:x")
    _agree(g, cmd, n, g.odds(cmd).harms)


@pytest.mark.parametrize("n", sizes(2000, 100_000))
@pytest.mark.parametrize(("action", "weapon", "at"), [
    ("brutale", "sword", (6, 5)),  # +20 [WF-A-BRUTALE]
    ("prudente", "sword", (6, 5)),  # −10 [WF-A-PRUDENTE]
    ("charge", "sword", (12, 5)),  # +10 after the move [WF-A-CHARGE]
    ("shoot", "rifle", (20, 5)),  # CT, no defence against a shot (GAP-WF-7)
])
def test_each_attack_odds_match_the_engine_S14_WF_ATK_ROLL(n, action, weapon, at) -> None:
    g = _game("sous_chef", ("light_armour", "shield"), weapon, at=at)
    cmd = {"charge": c.Charge(figure="a:chef", target="b:x"),
           "shoot": c.Shoot(figure="a:chef", weapon=weapon, target="b:x")}.get(
        action, c.Act(figure="a:chef", action=action, target="b:x"))
    o = g.odds(cmd)
    assert o.attacks == 1
    _agree(g, cmd, n, o.harms)


@pytest.mark.parametrize("n", sizes(2000, 100_000))
def test_a_chained_attaque_rapide_odds_match_the_engine_GAP_WF_6(n) -> None:
    """One shot at each of three figures: each figure's odds are its shot's."""
    g = _game("sous_fifre", (), "machine_pistol", at=(15, 5),
              more=(fig("z", "sous_chef", (15, 6.5), weapons=("axe",), equipment=("light_armour",)),
                    fig("w", "sous_fifre", (15, 8), weapons=("axe",))))
    cmd = c.Act(figure="a:chef", action="rapide", target="b:x", weapon="machine_pistol")
    o = g.odds(cmd)
    assert [h.figure for h in o.harms] == ["b:x", "b:z", "b:w"]
    _agree(g, cmd, n, o.harms)


@pytest.mark.parametrize("n", sizes(2000, 100_000))
@pytest.mark.parametrize("option", ["parry", "dodge", "none"])
def test_each_defence_answer_odds_match_the_engine_S7_GAP_WF_7(n, option) -> None:
    """The blow has hit the Sous-chef (its location known); each answer's exact odds."""
    g = _game("sous_chef", ("light_armour", "shield"), "two_handed_axe")
    force(g, d100(21))
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert g.state.pending.kind == "wf_defence"
    cmd = c.Choose(option=option)
    o = g.odds(cmd)
    _agree(g, cmd, n, o.harms)


@pytest.mark.parametrize("n", sizes(2000, 100_000))
def test_soins_odds_match_the_engine_GAP_WF_21(n) -> None:
    scn = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("sword",),
                                    equipment=("medikit",))),
                      band("b", fig("y", "sous_fifre", (30, 30))))
    g = wf_start(scn, 5, 1)
    while g.state.pending is not None:
        answer(g, "keep")
    g.state.figures["a:chef"].b = 5
    cmd = c.UseMedikit(figure="a:chef", target="a:chef")
    p = g.odds(cmd).p_success
    healed = 0
    for i in range(n):
        h = g.copy(fork_dice=i)
        h.apply(cmd)
        _settle(h)
        healed += h.state.figures["a:chef"].b > 5
    se = math.sqrt(p * (1 - p) / n)
    assert abs(healed / n - p) <= 3 * se, (healed / n, p)


def test_a_defence_answer_says_how_often_the_blow_lands_S14_GAP_WF_7() -> None:
    """As an attack's odds do: the shield's parry (CC 35) lets 65 % land, none all."""
    g = _game("sous_chef", ("light_armour", "shield"), "two_handed_axe")
    force(g, d100(21))
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert g.odds(c.Choose(option="parry")).p_success == 0.65
    assert g.odds(c.Choose(option="none")).p_success == 1.0


def test_answers_that_put_nothing_to_the_dice_state_no_odds_S14_WF_FORTUNE() -> None:
    """The initiative's Fortune d10 changes no figure's fate: neither answer states odds
    (the window said "wins 100 %" for both); a Soins reroll states its chance to pass
    (d100 ≤ Int 30 + 20, GAP-WF-21), keeping the failed roll none."""
    scn = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("sword",),
                                    equipment=("medikit",))),
                      band("b", fig("x", "sous_fifre", (30, 5), weapons=("sword",))))
    g = wf_start(scn, 5, 9)
    assert g.state.pending.kind == "wf_initiative"
    assert g.odds(c.Choose(option="keep")) is None and g.odds(c.Choose(option="fortune")) is None
    answer(g, "keep")
    g.state.figures["a:chef"].b = 5
    force(g, d100(80))
    g.apply(c.UseMedikit(figure="a:chef", target="a:chef"))
    assert g.state.pending.kind == "wf_reroll"
    assert g.odds(c.Choose(option="reroll")).p_success == 0.5
    assert g.odds(c.Choose(option="keep")) is None


def test_keeping_a_failed_attack_is_said_in_the_rerolls_terms_S14_WF_FORTUNE() -> None:
    """A failed attack kept hits nobody: 0 % to hit and no harm to its target, the terms
    its Fortune reroll's odds are said in (the window wrote "wins 0 %" beside "hit 45 %")."""
    scn = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("sword",))),
                      band("b", fig("x", "sous_fifre", (6, 5), weapons=("sword",))))
    g = wf_start(scn, 5, 9)
    answer(g, "keep")
    force(g, d100(80))
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    kept, again = g.odds(c.Choose(option="keep")), g.odds(c.Choose(option="reroll"))
    assert kept.p_success == 0 and [(h.figure, h.p_wound, h.p_out) for h in kept.harms] == [
        ("b:x", 0, 0)]
    assert again.p_success == 0.45 and again.harms[0].figure == "b:x"
