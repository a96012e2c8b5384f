"""Wounds (§9), victory points and the end of the game (§10.2, GAP-13, GAP-57)."""

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import GameOver
from skirmish.rules.events import GameEnded, Killed, OutOfAction
from tests.rules.build import band, fig, roll_events, scenario, start

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def brawl(target_rank="sous_fifre", **kw):
    scn = scenario(band("a", fig("x", "chef", (10, 5), ("sword",)), fig("f", "sous_fifre", (40, 3))),
                   band("b", fig("y", target_rank, (10, 6.05), **kw), fig("f", "sous_fifre", (40, 30))))
    g = start(scn, 6, 1, 6, options=OFF)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_zero_pv_is_out_of_action_R_WOUND_OOA_R_DMG_PV():
    """[R-WOUND-OOA]"""
    g = brawl()
    g.dice.force(6, 6, 6, 6)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert g.state.figures["b:y"].pv == 1
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert OutOfAction(figure="b:y", by="a:x") in ev
    assert g.state.figures["b:y"].status == "out_of_action"


def test_below_zero_is_dead_R_WOUND_DEAD():
    g = brawl()
    g.state.figures["b:y"].pv = 1
    g.dice.force(6, 6, 6, 6)
    g.apply(c.Strike(figure="a:x", target="b:y"))
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    assert Killed(figure="b:y", by="a:x") in ev
    assert g.state.figures["b:y"].status == "dead"


def test_extended_damage_table_beyond_ten_GAP_50():
    g = brawl(equipment=("heavy_armour", "shield"), weapons=("sword",))  # R 2 + 3 = 5
    g.state.figures["a:x"].melee.append("laser_sword")
    g.dice.force(6, 2)
    ev = g.apply(c.Strike(figure="a:x", target="b:y", weapon="laser_sword"))
    dmg = roll_events(ev, "R-DMG-TABLE")[0]
    assert dmg.inputs["force"] == 12 and dmg.need == 2  # d = 12 − 5 = 7 → 2+


def test_victory_points_final_state_R_VP_TABLE_GAP_57_GAP_58():
    """[R-VP] counted at the end of the game; [R-VP-TABLE] by final state."""
    """[R-VP-TABLE]"""
    scn = scenario(
        band("a", fig("x", "chef", (10, 5), ("sword",)), fig("f", "sous_fifre", (40, 3))),
        band("b", fig("c", "chef", (10, 6.05)), fig("s", "sous_chef", (8.95, 5)),
             fig("f", "sous_fifre", (40, 30))),
    )
    g = start(scn, 6, 1, 6, options={**OFF, "max_turns": 1})
    g.state.figures["b:c"].pv = 1
    g.state.figures["b:s"].pv = 0
    g.state.figures["b:s"].status = "out_of_action"
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6, 6, 6)
    g.apply(c.Strike(figure="a:x", target="b:c"))  # Chef out of action
    g.apply(c.Strike(figure="a:x", target="b:s"))  # Sous-chef already down: killed by a:x
    g.apply(c.EndActivation(figure="a:x"))
    while not g.over:
        g.apply(next(cmd for cmd in g.legal_commands()
                     if isinstance(cmd, c.Activate | c.EndActivation | c.EndWave)))
    end = next(e for e in g.log if isinstance(e, GameEnded))
    assert end.vp == {"a": 10 + 10, "b": 0}  # Chef OOA 10, Sous-chef killed 10
    assert end.winner == "a"
    with pytest.raises(GameOver):
        g.apply(c.EndWave(band="a"))


def test_game_ends_when_one_band_is_left_GAP_13():
    scn = scenario(band("a", fig("x", "chef", (10, 5), ("sword",))),
                   band("b", fig("y", "sous_fifre", (10, 6.05))))
    g = start(scn, 6, 1, 6, options=OFF)
    g.state.figures["b:y"].pv = 1
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6)
    ev = g.apply(c.Strike(figure="a:x", target="b:y"))
    end = next(e for e in ev if isinstance(e, GameEnded))
    assert end.reason == "at most one band has characters in play"
    assert end.vp["a"] == 5 and g.over


def test_objective_held_at_the_end_scores_GAP_13():
    import msgspec

    from skirmish.content.scenario import Objective

    scn = scenario(band("a", fig("x", "chef", (10, 5))), band("b", fig("y", "chef", (40, 30))),
                   max_turns=1, passive_actions=OFF["passive_actions"])
    scn = msgspec.structs.replace(scn, objectives=(Objective(id="well", name="Puits", at=(10, 6),
                                                             radius=1, vp=5),))
    g = start(scn, 6, 1, 6)
    while not g.over:
        g.apply(next(cmd for cmd in g.legal_commands()
                     if isinstance(cmd, c.Activate | c.EndActivation | c.EndWave)))
    end = next(e for e in g.log if isinstance(e, GameEnded))
    assert end.vp == {"a": 5, "b": 0}
    assert [line.text for line in end.breakdown["a"]] == ["holds Puits: 5 VP"]
