"""Version 3 of the Clefs de l'Aube engine: Éviter after an attack is refused whatever
``ca_multi_actions`` (GAP-CA-18), a failed 'Être chargé' test is Enc −1 (GAP-CA-25) and a
grenade thrown without rest rolls its ammunition die ([R-CAMP-AMMO]); a game of version 2
(a replay recorded with it) plays on as it was played, so its replay still verifies
(tests/replay/test_corpus.py verifies such files)."""

from __future__ import annotations

import pytest

from skirmish.rules import commands as c
from skirmish.rules.clefs_aube import CLEFS_AUBE
from skirmish.rules.clefs_aube.damage import charged_malus
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.game import Game
from tests.rules.build import band, fig, pass_turn, roll_events, start
from tests.rules.clefs_aube.helpers import ca_scenario, d20s

NEWEST = CLEFS_AUBE.version


# -- GAP-CA-18 ----------------------------------------------------------------------------------
def _chef_strikes(version: int) -> Game:
    """A Chef (3 PA) in contact strikes once, with the multi-action ladder off."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 10), ("sword",)), fig("boss", "sous_chef", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 11), ("sword",)), fig("boss", "chef", (40, 30))),
        ca_multi_actions=False)
    g = start(scn, 6, 1, 6, rules_version=version)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(2)  # a miss: the target stays in contact
    g.apply(c.Strike(figure="a:x", target="b:y"))
    return g


def test_no_evade_after_a_strike_with_multi_actions_off_GAP_CA_18() -> None:
    g = _chef_strikes(NEWEST)
    assert g.state.figures["a:x"].pa == 2
    assert c.Evade(figure="a:x") not in g.legal_commands()
    evade = next(i for i in g.ruleset.action_menu(g.state, g.table, g.book, g.dice, "a:x")
                 if i.kind == "evade")
    assert not evade.enabled and evade.rule == "GAP-CA-18"
    with pytest.raises(IllegalCommand) as err:
        g.apply(c.Evade(figure="a:x"))
    assert err.value.rule == "GAP-CA-18"


def test_a_version_2_game_still_lets_the_attacker_evade_GAP_CA_18() -> None:
    g = _chef_strikes(2)
    g.apply(c.Evade(figure="a:x"))
    assert g.state.ca["a:x"].evading


# -- GAP-CA-25 ----------------------------------------------------------------------------------
def _charged_then_struck(version: int) -> tuple[Game, list]:
    """The Chef charges a Sous-fifre, which fails 'Être chargé' (12) and does not step back
    (1): −1 R [R-MORALE-CHARGED]; then the Chef's strike hits (°R 19) and the Sous-fifre
    rolls its encaissement."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 10), ("sword",)), fig("boss", "sous_chef", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 14), ("sword",)), fig("boss", "chef", (40, 30))),
        ca_multi_actions=False,
        passive_actions={"charge": False, "charged": True, "spot": False, "shot": False})
    g = start(scn, 6, 1, 6, rules_version=version)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(6, 6, 1)
    g.apply(c.Charge(figure="a:x", target="b:y"))
    assert g.state.figures["b:y"].charged_malus
    g.dice.force(19, 5)
    return g, g.apply(c.Strike(figure="a:x", target="b:y"))


def test_a_failed_charged_test_takes_one_off_enc_GAP_CA_25() -> None:
    g, ev = _charged_then_struck(NEWEST)
    _strike, enc = d20s(ev)
    whole = enc.inputs["enc"] - enc.inputs["pf_ph"]
    assert enc.rule == "CA-DMG" and enc.inputs["charged_malus"] == -1
    assert enc.need == whole - 1


def test_a_version_2_game_keeps_the_whole_enc_GAP_CA_25() -> None:
    g, ev = _charged_then_struck(2)
    _strike, enc = d20s(ev)
    assert "charged_malus" not in enc.inputs
    assert enc.need == enc.inputs["enc"] - enc.inputs["pf_ph"]


# -- R-CAMP-AMMO --------------------------------------------------------------------------------
def _grenade(version: int, back_to_back: bool = True) -> list:
    scn = ca_scenario(
        band("a", fig("s", "sous_fifre", (20, 9), ("grenade",)), fig("boss", "chef", (44, 2))),
        band("b", fig("t", "sous_fifre", (20, 17)), fig("boss", "chef", (44, 30))),
        ca_multi_actions=False, back_to_back=back_to_back)
    g = start(scn, 6, 1, 6, rules_version=version)
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(20, 2)  # a miss, then the ammunition die
    return g.apply(c.Shoot(figure="a:s", weapon="grenade", target="b:t"))


def test_a_grenade_without_rest_rolls_its_ammunition_die_R_CAMP_AMMO() -> None:
    (roll,) = roll_events(_grenade(NEWEST), "R-CAMP-AMMO")
    assert roll.dice == (2,) and roll.success is False
    assert roll_events(_grenade(NEWEST, back_to_back=False), "R-CAMP-AMMO") == []


def test_a_version_2_game_rolls_no_ammunition_die_R_CAMP_AMMO() -> None:
    assert roll_events(_grenade(2), "R-CAMP-AMMO") == []



def test_no_evade_after_a_shot_with_multi_actions_off_GAP_CA_18() -> None:
    """A Shot is an attack as a Strike is: no Éviter after it in the same activation."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 5), ("pistol",)), fig("boss", "sous_chef", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 12)), fig("boss", "chef", (40, 30))),
        ca_multi_actions=False)
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    g.dice.force(20, 6)  # a miss
    g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:y"))
    assert g.state.active == "a:x" and g.state.figures["a:x"].pa >= 1
    assert c.Evade(figure="a:x") not in g.legal_commands()
    with pytest.raises(IllegalCommand) as err:
        g.apply(c.Evade(figure="a:x"))
    assert err.value.rule == "GAP-CA-18"


def test_the_enc_malus_of_a_failed_charged_test_ends_with_the_turn_GAP_CA_25() -> None:
    """GAP-CA-25: Enc −1 until the end of the turn; the next turn the figure soaks whole."""
    g, _ = _charged_then_struck(NEWEST)
    y = g.state.figures["b:y"]
    assert y.charged_malus and y.status == "in_play"
    pass_turn(g, 6, 6, 6, 6)
    assert g.state.turn == 2 and not g.state.figures["b:y"].charged_malus
    assert not charged_malus(g.state, g.state.figures["b:y"])
