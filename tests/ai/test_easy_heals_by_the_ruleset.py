"""The easy player takes its medikit from the ruleset's own legal commands: under Les Clefs
de l'Aube a medikit heals fatigue (GAP-CA-23) where Skirmish's check wants lost PV, which
no Clefs figure ever has, so the easy level never healed there."""

from __future__ import annotations

from skirmish.ai.simple import SimplePlayer
from skirmish.rules import commands as c
from tests.rules.build import band, fig
from tests.rules.clefs_aube.helpers import ca_scenario, ca_start


def test_the_easy_player_heals_fatigue_under_the_clefs_GAP_CA_23_R_EQ_MEDIKIT():
    """A tired medic with nothing to strike, shoot or charge (the enemy far off, no gun):
    over twenty seeds the easy player uses the medikit about as often as its 0.8 says."""
    scn = ca_scenario(
        band("a", fig("x", "sous_fifre", (10, 10), ("dagger",), ("medikit",)),
             fig("boss", "chef", (4, 2))),
        band("b", fig("y", "sous_fifre", (40, 30), ("dagger",)), fig("boss", "chef", (44, 30))))
    heals = 0
    for seed in range(20):
        g = ca_start(scn)
        g.state.ca["a:x"].pf["ph"] = 5
        g.apply(c.Activate(figure="a:x"))
        heals += isinstance(SimplePlayer(seed).choose(g), c.UseMedikit)
    assert heals >= 10, heals
