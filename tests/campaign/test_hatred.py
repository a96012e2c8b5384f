"""[R-CAMP-INJ-61] Haine implacable, read by GAP-67: in a game where the hated band plays,
the figure passes every Leadership test whatever caused it — the madness test and tests
caused by a third band included — except rout tests, where it rerolls a failure once.
Games recorded with engine version 2 (which passed only tests caused by the hated band)
play on as they were."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.skirmish import SkirmishRuleset
from tests.rules.build import band, fig, roll_events, scenario, start

NO_SHOT = {"passive_actions": {"charge": True, "charged": False, "spot": False, "shot": False}}


def mad_hater(**kw: object):  # noqa: ANN201
    """x is mad and hates band b, which plays: the madness test opens turn 1."""
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5), injuries=("madness", "bitter_hatred"),
                                 hates="b"), fig("boss", "chef", (44, 2))),
                   band("b", fig("y", "chef", (10, 25)), fig("f", "sous_fifre", (40, 30))))
    return start(scn, 6, 6, 1, 6, **kw)


def test_the_madness_test_passes_when_the_hated_band_plays_r_camp_inj_61_gap_67() -> None:
    g = mad_hater()
    assert g.state.ruleset_version == SkirmishRuleset.version >= 3
    assert roll_events(g.log, "R-CAMP-INJ-24") == []
    (auto,) = roll_events(g.log, "R-CAMP-INJ-61")
    assert auto.success and auto.dice == () and auto.figure == "a:x"
    assert not g.state.figures["a:x"].stunned


def test_version_2_games_roll_the_madness_test_as_recorded_gap_67() -> None:
    g = mad_hater(rules_version=2)
    (test,) = roll_events(g.log, "R-CAMP-INJ-24")
    assert test.dice == (6, 6) and not test.success  # 12 > Cd: stays put that turn
    assert g.state.figures["a:x"].stunned


def three_bands(**kw: object):  # noqa: ANN201
    """x (band a) hates band b and charges band c's Chef, which outranks it."""
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5), injuries=("bitter_hatred",),
                                 hates="b"), fig("boss", "chef", (44, 2))),
                   band("b", fig("f", "sous_fifre", (40, 30)), fig("boss", "chef", (2, 30))),
                   band("c", fig("y", "chef", (10, 13)), fig("g", "sous_fifre", (30, 16))),
                   **NO_SHOT)
    g = start(scn, 6, 1, 1, 6, **kw)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6)
    return g, g.apply(c.Charge(figure="a:x", target="c:y"))


def test_a_test_caused_by_a_third_band_passes_r_camp_inj_61_gap_67() -> None:
    g, ev = three_bands()
    assert roll_events(ev, "R-MORALE-CHARGE") == []
    (auto,) = roll_events(ev, "R-CAMP-INJ-61")
    assert auto.success and auto.dice == ()


def test_version_2_rolled_a_test_caused_by_a_third_band_gap_67() -> None:
    g, ev = three_bands(rules_version=2)
    (test,) = roll_events(ev, "R-MORALE-CHARGE")
    assert test.dice == (6, 6) and not test.success
