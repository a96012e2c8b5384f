"""The exact odds the previews and the computer read (S14) against the engine itself: an
attack with a prime and its pénalité ([CM-PRIMES]), a group of figurants with its bonus
([CM-GROUP]) and a Zone shot ([CM-RANGED], GAP-CM-21) are each played many times on
copies of the game with forked dice, and the share of hits lies within 3 standard errors
of the odds. A short run by default, 100,000 plays of each under ``pytest -m slow``."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from skirmish.rules import commands as c
from skirmish.rules.events import Contest
from tests.rules.build import band, fig
from tests.rules.cle_en_main.helpers import choose, cm_scenario, cm_start
from tests.sizes import sizes

A_HAND = (6, 6, 5, 1, 1, 2)
QUIET = {"charge": False, "charged": False, "spot": False, "shot": False}


def _around() -> Any:
    """a's three Sous-fifres in contact with b's Sous-fifre; both Chefs away."""
    return cm_start(cm_scenario(
        band("a", fig("chef", "chef", (40, 30), ["sword"]),
             fig("f1", "sous_fifre", (19, 20), ["club"]), fig("f2", "sous_fifre", (21.05, 20), ["club"]),
             fig("f3", "sous_fifre", (20, 21.05), ["club"])),
        band("b", fig("chef", "chef", (40, 4), ["sword"]), fig("f", "sous_fifre", (20, 20), ["club"])),
        passive_actions=QUIET), *A_HAND)


def _answer(g: Any) -> str:
    """What the plays answer: no interrupt, no heroism, every figurant joins, no pair."""
    p = g.state.pending
    keys = [o.key for o in p.options]
    if p.kind.startswith("cm_group"):
        return next((k for k in keys if k != "done"), "done")
    return "no" if "no" in keys else "none" if "none" in keys else p.default


def _settle(g: Any, until: Callable[[Any], bool]) -> None:
    while g.state.pending is not None and not until(g):
        choose(g, _answer(g))


def primed() -> tuple[Any, c.Command, str, str]:
    """a:f1 strikes b:f and is asked for its pair: Efficacité with Danger."""
    g = _around()
    g.apply(c.Activate(figure="a:f1"))
    g.apply(c.Strike(figure="a:f1", target="b:f", weapon="club"))
    _settle(g, lambda x: x.state.pending.kind == "cm_pair")
    return g, c.Choose(option="efficacite+danger"), "a:f1", "b:f"


def grouped() -> tuple[Any, c.Command, str, str]:
    """a:f1 attacks b:f together with the two other figurants (+2)."""
    g = _around()
    g.apply(c.Activate(figure="a:f1"))
    return g, c.Act(figure="a:f1", action="together", target="b:f"), "a:f1", "b:f"


def zoned() -> tuple[Any, c.Command, str, str]:
    """a's Chef throws a grenade at b:x; b:y is in the Zone too."""
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (5, 5), ["grenade"]), fig("f", "sous_fifre", (30, 28), ["club"])),
        band("b", fig("x", "sous_fifre", (5, 15), ["club"]), fig("y", "sous_fifre", (7, 15), ["club"]),
             fig("z", "sous_fifre", (30, 25), ["club"])), passive_actions=QUIET), *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    return g, c.Shoot(figure="a:chef", weapon="grenade", target="b:x"), "a:chef", "b:x"


@pytest.mark.parametrize("case", [primed, grouped, zoned], ids=["prime", "group", "zone"])
@pytest.mark.parametrize("plays", sizes(1000, 100_000))
def test_hits_within_three_standard_errors_of_the_odds(case, plays: int) -> None:
    g, cmd, attacker, target = case()
    p = g.odds(cmd).p_success
    assert 0.05 < p < 0.95
    hits = 0
    for k in range(plays):
        h = g.copy(fork_dice=k)
        events = h.apply(cmd)
        while not (found := [e for e in events if isinstance(e, Contest)
                             and e.figures == (attacker, target)]):
            assert h.state.pending is not None
            events = h.apply(c.Choose(option=_answer(h)))
        hits += found[0].winner == attacker
    se = math.sqrt(p * (1 - p) / plays)
    assert abs(hits / plays - p) < 3 * se, (hits / plays, p)
