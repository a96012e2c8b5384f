"""What stepping into an enemy's sight costs the normal player ([R-MORALE-SPOT], GAP-46:
a figure that first sees a higher-rank enemy appear tests, and on a pass may shoot it for
free). The free shot is priced by the spotter's own gun from where the move ends, not a
fifth of the mover's VP whoever the spotter: priced so, a Chef out of sight of a band
of swordsmen stayed out of sight, turn after turn, with an objective to take."""

from __future__ import annotations

import pytest

from skirmish.ai import evaluate as ev
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.skirmish.preview import ctx_of
from tests.rules.build import band, fig, piece, scenario, start

WALL = piece("wall", "impassable", [(14, 0), (15, 0), (15, 20), (14, 20)], blocks_los=True,
             height=3)
PATH = ((12.0, 18.0), (12.0, 27.0))  # from behind the wall's end into the open


def behind_the_wall(*weapons: str) -> Game:
    """Band a's Chef behind the wall, band b's Sous-fifre beyond it with ``weapons``: the
    Sous-fifre has never seen the Chef, so it tests when the Chef comes into sight."""
    scn = scenario(band("a", fig("x", "chef", PATH[0])),
                   band("b", fig("y", "sous_fifre", (20, 10), weapons), fig("z", "chef", (44, 30))),
                   terrain=[WALL])
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_a_spotter_with_no_gun_costs_nothing_R_MORALE_SPOT_GAP_46():
    """GAP-46: the free shot needs a gun; a swordsman's passed test shoots nothing."""
    ctx = ctx_of(behind_the_wall("sword").copy())
    x = ctx.fig("a:x")
    tests = ctx.hooks.ai_odds.spot_tests(ctx, x, PATH)
    assert [t.figure for t in tests] == ["b:y"] and tests[0].p_pass > 0
    assert ev.spot_risk(ctx, x, PATH) == 0.0


def test_a_spotters_free_shot_is_its_pistols_odds_R_MORALE_SPOT_GAP_46():
    """GAP-46: with a pistol in range, the risk is P(the spotter passes) times what one
    shot takes off the Chef where the move ends."""
    ctx = ctx_of(behind_the_wall("pistol").copy())
    x, y = ctx.fig("a:x"), ctx.fig("b:y")
    (test,) = ctx.hooks.ai_odds.spot_tests(ctx, x, PATH)
    risk = ev.spot_risk(ctx, x, PATH)
    x.x, x.y = PATH[-1]
    assert risk == pytest.approx(float(test.p_pass) * ev.free_shot(ctx, y, x))
    assert 0 < risk < 0.2 * ev.value(ctx, x) * float(test.p_pass)
