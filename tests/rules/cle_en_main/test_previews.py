"""S14 before commitment for Clé en main's own actions and answers: Bousculer and
Désarmer by their first opposition, a group of figurants by its bonus, each answer of a
decision ([CM-SPECIAL] [CM-GROUP] [CM-PRIMES] [CM-HERO-USE] [CM-INTERRUPT])."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.cle_en_main.odds import p_opposition
from tests.rules.build import band, fig
from tests.rules.cle_en_main.helpers import choose, cm_scenario, cm_start

A_HAND = (6, 6, 5, 1, 1, 2)


def game():
    """a's Chef and three Sous-fifres, all in contact with b's Sous-fifre; b's Chef away."""
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (20, 18.95), ["sword"]),
             fig("f1", "sous_fifre", (19, 20), ["club"]), fig("f2", "sous_fifre", (21.05, 20), ["club"]),
             fig("f3", "sous_fifre", (20, 21.05), ["club"])),
        band("b", fig("chef", "chef", (40, 4), ["sword"]), fig("f", "sous_fifre", (20, 20), ["club"])),
        passive_actions={"charge": False, "charged": False, "spot": False, "shot": False}),
        *A_HAND)


def test_trip_and_disarm_odds_are_the_first_opposition_CM_SPECIAL() -> None:
    g = game()
    o = g.odds(c.Act(figure="a:chef", action="trip", target="b:f"))
    # Combat (mêlée) 8 against Défense 4 − 2 (in contact with several enemies, CM-DEFENCE)
    assert o.p_success == float(p_opposition(8, 2, skill_a=8, skill_b=4)) and not o.harms
    assert g.odds(c.Act(figure="a:chef", action="disarm", target="b:f")).p_success == o.p_success


def test_a_group_attack_counts_every_figurant_that_may_join_CM_GROUP() -> None:
    g = game()
    alone = g.odds(c.Strike(figure="a:f1", target="b:f", weapon="club"))
    together = g.odds(c.Act(figure="a:f1", action="together", target="b:f"))
    # +2: the two others of the group, to the throw (and to the damage)
    assert together.p_success == float(p_opposition(4 + 2, 4 - 2, skill_a=4, skill_b=4))
    assert together.p_success > alone.p_success


def test_each_answer_has_its_odds_CM_PRIMES_CM_HERO_USE_CM_INTERRUPT() -> None:
    g = game()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:f"))
    interrupt = g.odds(c.Choose(option="b:chef"))  # Réflexes 8 against Réflexes 8
    assert interrupt.p_success == float(p_opposition(8, 8, skill_a=8, skill_b=8))
    assert g.odds(c.Choose(option="no")) is None
    choose(g, "no")
    none, eff = g.odds(c.Choose(option="none")), g.odds(c.Choose(option="efficacite+danger"))
    assert eff.p_success == float(p_opposition(8 + 2, 4 - 2, skill_a=8, skill_b=4))
    assert eff.p_success > none.p_success
    choose(g, "none")
    heroic = g.odds(c.Choose(option="yes"))
    assert heroic.p_success > g.odds(c.Choose(option="no")).p_success  # a fourth die
