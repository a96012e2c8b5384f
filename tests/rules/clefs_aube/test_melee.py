"""Strike: the [CA-EXAMPLE] number for number, [CA-MELEE], the multi-action declaration
([CA-MULTI], GAP-CA-2), Éviter (GAP-CA-18), fallen targets (GAP-CA-9) and surclassement
([CA-SURCLASSEMENT], GAP-CA-5, GAP-CA-6) with its two hidden choices."""

from __future__ import annotations

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import D20Roll, DecisionNeeded, Opposition
from tests.rules.build import band, fig
from tests.rules.clefs_aube.helpers import answer, ca_scenario, ca_start, d20s, damage

#: [CA-EXAMPLE] as native blocks: Kröm CA 9, Enc 13, bear skin BE 3, two-handed war axe
#: (BA +1, BP −3, BD +20: the §3.b formulas); Björn CA 9, Enc 11, chain mail BE 4, long
#: sword (BA +1, BP +1, BD +15) and small shield (BP +1).
KROM = {"clefs_aube": {"ph": 9, "pu": 0, "re": 4, "ma": 0, "pr": 0, "ex": -2, "pe": -2,
                       "nc_melee": 10, "be": 3}}
BJORN = {"clefs_aube": {"ph": 9, "pu": 0, "re": 2, "ma": 0, "pr": 0, "ex": -1, "pe": -1,
                        "nc_melee": 10, "be": 4}}


def duel(a_rank: str = "sous_fifre", b_rank: str = "sous_fifre", a_weapons=("sword",),
         b_weapons=("sword",), a_native=None, b_native=None, b_equipment=(), **options):
    scn = ca_scenario(
        band("a", fig("x", a_rank, (10, 10), a_weapons, native=a_native or {}),
             fig("boss", "chef" if a_rank != "chef" else "sous_chef", (40, 2))),
        band("b", fig("y", b_rank, (10, 11), b_weapons, b_equipment, native=b_native or {}),
             fig("boss", "chef" if b_rank != "chef" else "sous_chef", (40, 30))),
        **options)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_worked_example_krom_against_bjorn_CA_EXAMPLE_CA_MELEE() -> None:
    g = duel(a_weapons=("two_handed_axe",), b_weapons=("sword",), a_native=KROM,
             b_native=BJORN, b_equipment=("buckler",))
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert any(isinstance(e, DecisionNeeded) and e.kind == "ca_plan" for e in ev)
    g.dice.force(8, 5)  # Kröm rolls 8; Björn's encaissement roll is 5
    ev = answer(g, "1")  # one rolled action planned: no handicap (GAP-CA-2)
    strike, enc = d20s(ev)
    assert (strike.rule, strike.need, strike.window.nd, strike.window.ca) == ("CA-MELEE", 10, 1, 10)
    assert strike.inputs["ta"] == 10 and strike.inputs["tp"] == 1  # Björn TP 9 + 1 + 1 − 10
    assert (strike.dice, strike.degree, strike.degree_kind, strike.success) == ((8,), 8, "R", True)
    assert strike.faces[0].die == "d20" and strike.faces[0].role == "attack"
    assert (enc.rule, enc.need, enc.degree) == ("CA-DMG", 11, 5)
    (d,) = damage(ev)
    assert (d.dom, d.armour, d.dom - d.armour, d.resisted, d.effective) == (28, 4, 24, 5, 19)
    assert (d.row, d.wound, d.fatigue) == ("legere", "legere", 3)
    cf = g.state.ca["b:y"]
    assert cf.wounds["ph"]["legere"] == 1 and cf.pf["ph"] == 3
    # Kröm's TP in the example: 9 − 3 − 10 = −4
    from skirmish.rules.clefs_aube.totals import tp
    assert tp(g.state.ca["a:x"].profile, "two_handed_axe", g.state.ca_options) == -4


def test_miss_at_or_below_nd_and_on_a_20_CA_MELEE_GAP_CA_7() -> None:
    g = duel(a_rank="chef", ca_multi_actions=False)  # TA 20 against TP 2
    g.dice.force(2)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert d20s(ev)[0].success is False and not damage(ev)  # °R 2 is not above ND 2
    g.dice.force(20)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    r = d20s(ev)[0]
    assert (r.success, r.degree_kind, r.degree) == (False, "E", 0)  # 20 − CA 20


def test_second_strike_takes_the_ladder_CA_MULTI_GAP_CA_2() -> None:
    g = duel(a_rank="chef")  # 3 PA
    g.apply(c.Strike(figure="a:x", target="b:y"))
    g.dice.force(19, 1, 1)  # °R 19 > TP 2; encaissement 1
    answer(g, "2")  # two planned: handicaps 2 then 5
    first = [e for e in g.log if isinstance(e, D20Roll)][0]
    assert first.need == 18 and first.inputs["multi_action_handicap"] == 2
    if g.state.figures["b:y"].status == "in_play":
        g.dice.force(3, 1)
        ev = g.apply(c.Strike(figure="a:x", target="b:y"))
        assert d20s(ev)[0].need == 15 and d20s(ev)[0].inputs["multi_action_handicap"] == 5


def test_fatigue_is_a_handicap_on_attack_and_parry_CA_FATIGUE() -> None:
    g = duel(ca_multi_actions=False)
    g.state.ca["a:x"].pf["ph"] = 2
    g.state.ca["b:y"].pf["ph"] = 1
    g.dice.force(5)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    r = d20s(ev)[0]
    assert (r.window.ca, r.window.nd) == (12 - 2, 2 - 1)


def test_etourdi_handicaps_the_next_rolled_action_CA_STUN_GAP_CA_10() -> None:
    g = duel(ca_multi_actions=False)
    g.state.ca["a:x"].etourdi = True
    g.dice.force(15)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert d20s(ev)[0].need == 11 and d20s(ev)[0].inputs["etourdi"] == 1
    assert g.state.ca["a:x"].etourdi is False


def test_evade_uses_esq_and_forbids_attacks_GAP_CA_18() -> None:
    g = duel(b_rank="chef", ca_multi_actions=False)
    g.apply(c.EndActivation(figure="a:x"))
    g.apply(c.Activate(figure="a:boss"))
    g.apply(c.EndActivation(figure="a:boss"))
    g.apply(c.Activate(figure="b:y"))
    assert c.Evade(figure="b:y") in g.legal_commands()
    g.apply(c.Evade(figure="b:y"))
    assert not any(isinstance(x, c.Strike) for x in g.legal_commands())
    with pytest.raises(IllegalCommand, match="avoiding"):
        g.apply(c.Strike(figure="b:y", target="a:x"))
    assert g.state.ca["b:y"].evading


def test_fallen_target_is_hit_without_roll_and_any_wound_kills_GAP_CA_9() -> None:
    g = duel(ca_multi_actions=False)
    y = g.state.figures["b:y"]
    y.status = "out_of_action"
    g.dice.force(1)  # the encaissement only
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert [r.rule for r in d20s(ev)] == ["CA-DMG"]
    (d,) = damage(ev)
    assert d.dom == 12 + 15  # °R = TA 12, + BD 15
    assert g.state.figures["b:y"].status == "dead"


def _surclassement():
    g = duel(ca_combat="surclassement", ca_multi_actions=False)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    need = [e for e in ev if isinstance(e, DecisionNeeded)]
    assert need[-1].band == "a" and need[-1].kind == "ca_manoeuvre"
    ev = answer(g, "MD")
    need = [e for e in ev if isinstance(e, DecisionNeeded)]
    assert need[-1].band == "b" and need[-1].kind == "ca_manoeuvre"  # hidden: asked in turn
    assert not d20s(ev)  # nothing is rolled before both have chosen
    return g


def test_surclassement_md_wins_with_the_difference_CA_SURCLASSEMENT_GAP_CA_6() -> None:
    g = _surclassement()
    g.dice.force(9, 4, 1)  # attacker MD (CA 11) °R 9; defender MP (CA 10) °R 4; enc 1
    ev = answer(g, "MP")
    a, b, enc = d20s(ev)
    assert (a.need, b.need) == (11, 10)  # Ph + Pu + BC, Ph + Ma + BC
    (o,) = [e for e in ev if isinstance(e, Opposition)]
    assert (o.winner, o.effect, o.choices) == ("a:x", 5, ("MD", "MP"))
    (d,) = damage(ev)
    assert d.dom == 5 + 15 - 5  # difference + BD − 5 (GAP-CA-5)


def test_surclassement_ma_banks_points_then_both_fail_loses_them_GAP_CA_5() -> None:
    g = duel(ca_combat="surclassement", ca_multi_actions=False, a_rank="chef")
    g.apply(c.Strike(figure="a:x", target="b:y"))
    answer(g, "MA")
    g.dice.force(10, 15)  # MA CA 13 + ... °R 10; defender MD CA 11 fails with 15
    ev = answer(g, "MD")
    (o,) = [e for e in ev if isinstance(e, Opposition)]
    assert o.winner == "a:x" and o.effect == 10 and o.banked == 10 + 1
    assert g.state.ca["a:x"].banked_ma == 10 + 1  # effect + BA
    g.apply(c.Strike(figure="a:x", target="b:y"))
    answer(g, "MD")
    g.dice.force(20, 20)
    ev = answer(g, "MP")
    (o,) = [e for e in ev if isinstance(e, Opposition)]
    assert o.winner is None and g.state.ca["a:x"].banked_ma == 0


def test_defender_winning_with_md_wounds_the_attacker_GAP_CA_6() -> None:
    g = _surclassement()
    g.dice.force(15, 3, 20)  # attacker fails (15 > 11); defender °R 3 wins; enc fails
    ev = answer(g, "MD")
    (o,) = [e for e in ev if isinstance(e, Opposition)]
    assert o.winner == "b:y"
    (d,) = damage(ev)
    assert d.figure == "a:x" and d.dom == 3 + 15 - 5


def test_critical_die_rerolls_and_adds_open_ended_CA_CRIT_DIE_GAP_CA_8() -> None:
    """d20 5 under TA 12; the critical d10 shows 1: reroll the d20 (20, again: 3) and add
    → °R 28; the encaissement roll has its own critical die (here 7: nothing)."""
    g = duel(ca_multi_actions=False, ca_critical_die="attacks")
    g.dice.force(5, 1, 20, 3, 4, 7)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    strike, enc = d20s(ev)
    assert [(f.die, f.face, f.role) for f in strike.faces] == [
        ("d20", 5, "attack"), ("d10", 1, "critical"), ("d20", 20, "critical"),
        ("d20", 3, "critical")]
    assert (strike.degree, strike.success, strike.inputs["critical_die"]) == (28, True, "d10")
    assert [f.face for f in enc.faces] == [4, 7] and enc.degree == 4
    assert damage(ev)[0].dom == 28 + 15
