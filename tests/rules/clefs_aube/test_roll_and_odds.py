"""The d20 roll: [CA-ROLL] [CA-DEGREE] [CA-EDGE] [CA-ND] [CA-CRIT-DIE] [CA-MULTI] and the
exact odds (RULESETS §0.5 S14), with the §3.b check figures (GAP-CA-4, GAP-CA-7)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from skirmish.rules.clefs_aube import totals as T
from skirmish.rules.clefs_aube.roll import hit_chance, read
from tests.rules.build import band, fig
from tests.rules.clefs_aube.helpers import ca_scenario, ca_start


def test_degree_of_success_and_failure_CA_DEGREE() -> None:
    assert read(8, 10) == (True, 8)
    assert read(10, 10) == (True, 10)
    assert read(14, 10) == (False, 4)


def test_edge_cases_CA_EDGE_GAP_CA_7() -> None:
    assert read(20, 25) == (False, -5)  # CA ≥ 20: a 20 is a failure of degree 20 − CA
    assert read(20, 12) == (False, 8)
    assert read(1, 0) == (True, 0)  # CA ≤ 1: a 1 succeeds with °R = CA
    assert read(1, -3) == (True, -3)
    assert read(2, 1) == (False, 1)


def test_nd_needs_degree_above_it_CA_ND() -> None:
    """L373: between 5 exclusive and 12 inclusive."""
    hits = [f for f in range(1, 21) if (r := read(f, 12))[0] and r[1] > 5]
    assert hits == list(range(6, 13))
    assert hit_chance(12, 5) == Fraction(7, 20)


def test_check_figures_of_3b_from_exact_odds_GAP_CA_4() -> None:
    """Sous-fifre against Sous-fifre hits 50 %, against a Chef 10 %; Chef against a
    Sous-fifre 85 % (TA against the defender's TP, both with swords)."""
    scn = ca_scenario(band("a", fig("c", "chef", (5, 5), ["sword"]),
                           fig("f", "sous_fifre", (8, 5), ["sword"])),
                      band("b", fig("c", "chef", (5, 25)), fig("f", "sous_fifre", (9, 25))))
    g = ca_start(scn)
    o = g.state.ca_options
    chef, sf = g.state.ca["a:c"].profile, g.state.ca["a:f"].profile
    assert hit_chance(T.ta(sf, "sword"), T.tp(sf, "sword", o)) == Fraction(1, 2)
    assert hit_chance(T.ta(sf, "sword"), T.tp(chef, "sword", o)) == Fraction(1, 10)
    assert hit_chance(T.ta(chef, "sword"), T.tp(sf, "sword", o)) == Fraction(17, 20)


def test_critical_die_odds_match_enumeration_CA_CRIT_DIE_GAP_CA_8() -> None:
    """Exact odds with a d10 critical die against every (d20, d10, reroll, reroll) outcome."""
    for ca, nd in ((12, 2), (9, 14), (20, 25), (5, 0)):
        total = Fraction(0)
        for d, k, x1, x2 in product(range(1, 21), range(1, 11), range(1, 21), range(1, 21)):
            ok, degree = read(d, ca)
            if k == 1:
                degree += x1 + (x2 if x1 == 20 else 0)
            if ok and degree > nd:
                total += Fraction(1, 20 * 10 * 20 * 20)
        # two rerolls are enough: after 20 + 20 the degree beats every ND tried here
        assert hit_chance(ca, nd, 10) == total


def test_multi_action_ladder_CA_MULTI_GAP_CA_2() -> None:
    assert [T.ladder(3, k) for k in range(4)] == [3, 6, 9, 14]  # the source's example
    assert [T.ladder(1, k) for k in range(3)] == [0, 5, 10]  # n = 1: no handicap
    assert [T.ladder(2, k) for k in range(3)] == [2, 5, 10]
    assert [T.targets_handicap(3, i) for i in range(3)] == [3, 6, 9]  # GAP-CA-21
    assert T.targets_handicap(1, 0) == 0


def test_previews_give_the_exact_odds_of_the_window_S14() -> None:
    from skirmish.rules import commands as c
    from skirmish.rules.clefs_aube.odds import shot_odds, strike_odds
    from skirmish.rules.skirmish.context import Ctx

    scn = ca_scenario(band("a", fig("x", "sous_fifre", (10, 10), ["sword", "pistol"]),
                           fig("boss", "chef", (40, 2))),
                      band("b", fig("y", "sous_fifre", (10, 11), ["sword"]),
                           fig("c", "chef", (10, 19)), fig("boss", "sous_chef", (40, 30))))
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    ctx = Ctx(g.state, g.table, g.book, g.dice)
    x, y, chef = (g.state.figures[k] for k in ("a:x", "b:y", "b:c"))
    assert strike_odds(ctx, x, y, "sword") == Fraction(1, 2)  # §3.b check figure
    g.state.ca["a:x"].etourdi = True
    assert strike_odds(ctx, x, y, "sword") == hit_chance(11, 2)
    assert shot_odds(ctx, x, chef, "pistol") == hit_chance(15 - 1, 10 + 4)
