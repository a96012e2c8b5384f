"""The common frame of RULESETS §0 under Les Clefs de l'Aube, with forced faces: what
stays Skirmish's (rout with the rank's Cd, frame rolls in d6, costs, N bands) and what
the alternative rulesets switch off (misfires) — GAP-ALT-3, -4, -5, -6, -8, -9."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from skirmish.content.errors import ContentError
from skirmish.content.loading import load_scenario
from skirmish.match import new_game
from skirmish.rules import commands as c
from skirmish.rules.events import D20Roll, Initiative, Roll
from skirmish.sim import play
from tests.rules.build import band, fig, pass_turn
from tests.rules.clefs_aube.helpers import ca_scenario, ca_start, d20s, damage


def test_rout_tests_stay_skirmish_2d6_on_the_rank_cd_GAP_ALT_3_GAP_CA_20() -> None:
    """The Chef falls to a critique (GAP-CA-9); at the end of the turn the Sous-chef
    (Cd 8) and the Sous-fifre (Cd 6) take the Skirmish 2d6 rout test [R-END-ROUT], not a
    d20."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 5), ("sword",)), fig("boss", "sous_fifre", (44, 2))),
        band("b", fig("chef", "chef", (10, 6.05)), fig("sc", "sous_chef", (13, 8)),
             fig("f1", "sous_fifre", (24, 19))),
        ca_multi_actions=False)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    g.state.ca["b:chef"].wounds["ph"] = {"legere": 4, "grave": 2, "critique": 0}
    g.dice.force(19, 20)  # °R 19 > TP 10: Dom 34, a critique; the encaissement fails
    ev = g.apply(c.Strike(figure="a:x", target="b:chef"))
    assert damage(ev)[0].row == "critique" and g.state.figures["b:chef"].status == "out_of_action"
    pass_turn(g, 1, 1, 6, 6)  # Sous-chef 2 ≤ Cd 8 passes; Sous-fifre 12 > Cd 6 fails
    tests = [r for r in g.log if isinstance(r, Roll) and r.rule == "R-END-ROUT-TEST"]
    assert [(t.figure, t.need, t.dice) for t in tests] == [("b:sc", 8, (1, 1)),
                                                          ("b:f1", 6, (6, 6))]
    assert not any(isinstance(t, D20Roll) for t in tests)
    assert g.state.figures["b:f1"].routing and not g.state.figures["b:sc"].routing


def test_frame_rolls_are_d6_GAP_ALT_9_GAP_ALT_8() -> None:
    """Three bands under Clefs de l'Aube: initiative is one d6 per band (+ Sous-fifres in
    play), all three ordered; a whole game ends by the rules."""
    scn = msgspec.structs.replace(load_scenario(Path("scenarios/three_band_brawl.toml")),
                                  ruleset="clefs_aube")
    done = play(scn, 5)
    inits = [r for r in done.log if isinstance(r, Roll) and r.rule == "R-TURN-INIT"]
    assert inits and not any(isinstance(r, D20Roll) for r in inits)
    assert all(len(r.dice) == 1 and 1 <= r.dice[0] <= 6 for r in inits)
    first = next(e for e in done.log if isinstance(e, Initiative))
    assert len(first.order) == 3
    assert done.over and done.state.result is not None
    assert any(isinstance(e, D20Roll) for e in done.log)


def test_no_misfire_on_the_worst_roll_GAP_ALT_6() -> None:
    """A pistol jams on a natural 1 in Skirmish ([R-SHOOT-JAM]); here misfires are off: a
    natural 20, the system's worst roll, only misses — no jam roll, the pistol stays."""
    scn = ca_scenario(
        band("a", fig("x", "sous_fifre", (10, 10), ["pistol"]), fig("boss", "chef", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 16)), fig("boss", "chef", (40, 30))),
        ca_multi_actions=False)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(20)
    ev = g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:y"))
    assert [r.rule for r in ev if isinstance(r, Roll)] == ["CA-SHOOT"]
    assert not d20s(ev)[0].success and not g.state.figures["a:x"].lost_weapons


def test_costs_and_band_rules_stay_skirmish_GAP_ALT_4_GAP_ALT_5() -> None:
    """The budget is checked on Skirmish costs under either ruleset, and the same
    catalogue weapon is converted, not re-authored (GAP-ALT-5: sword → BA 1, BP 1, BD 15)."""
    base = load_scenario(Path("scenarios/street_fight.toml"))
    refusals = []
    for ruleset in ("skirmish", "clefs_aube"):
        scn = msgspec.structs.replace(base, ruleset=ruleset,
                                      options={**base.options, "band_points": 20})
        with pytest.raises(ContentError) as err:
            new_game(scn, 1)
        refusals.append(str(err.value))
    assert refusals[0] == refusals[1] and "20" in refusals[0]
    g = ca_start(ca_scenario(band("a", fig("x", "chef", (5, 5), ["sword"]),
                                  fig("f", "sous_fifre", (8, 5))),
                             band("b", fig("c", "chef", (5, 25)), fig("f", "sous_fifre", (9, 25)))))
    sword = g.state.ca["a:x"].profile.melee["sword"]
    assert (sword.ba, sword.bp, sword.bd) == (1, 1, 15)
