"""The AI side of the ruleset seam (rules/ai_odds.py): a Skirmish game's provider is the
very ``odds.py`` calls the evaluator made before the seam, number for number, so the
Skirmish computer players play exactly as they did; a Clefs game gets its own."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.clefs_aube.ai_odds import CLEFS_ODDS, strike_blow
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.ai_odds import SKIRMISH_ODDS
from skirmish.rules.skirmish.melee import best_melee, ccc_need, strike_force
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.rules.skirmish.shooting import to_hit
from tests.ai.test_clefs_odds_vs_engine import duel as clefs_duel
from tests.ai.test_odds_vs_engine import ALL_ON, duel


def test_skirmish_provider_is_the_skirmish_odds_R_MELEE_HIT_R_SHOOT_HIT_R_MORALE_SPOT():
    """[R-MELEE-HIT] [R-MELEE-DMG] [R-SHOOT-HIT] [R-SHOOT-RANGE] [R-SHOOT-DMG]: the blows
    the threat estimates multiply, as they were computed in the evaluator."""
    g = duel(a_kw={"weapons": ("rifle", "sword")}, b_kw={"equipment": ("buckler",)}, dist=10,
             options=ALL_ON)
    ctx = ctx_of(g)
    x, y = ctx.fig("a:x"), ctx.fig("b:y")
    ai = ctx.hooks.ai_odds
    assert ai is SKIRMISH_ODDS
    assert ai.strike(ctx, x, y) == odds.strike_odds(ctx, x, y)
    assert ai.shot(ctx, x, "rifle", y) == odds.shot_odds(ctx, x, "rifle", y)
    assert ai.charge(ctx, x, y) == odds.charge_odds(ctx, x, y)
    melee = odds.p_d6(ccc_need(x)) ** (1 + y.stats.bucklers) * odds.damage_chance(
        ctx, strike_force(ctx, x, best_melee(ctx, x)), y)[1]
    assert ai.strike(ctx, x, y).blow == melee
    w = ctx.book.ranged_weapons["rifle"]
    _, pd = odds.damage_chance(ctx, w.force, y)
    assert ai.shot_blow(ctx, x, y, "rifle", walk_in=False) == odds.p_d6(
        to_hit(ctx, x, y, w).need) * pd
    assert ai.shot_blow(ctx, x, y, "rifle", walk_in=True) == odds.p_d6(x.stats.ct + 1) * pd
    assert ai.blows(ctx, y, melee, 2) is None  # the evaluator's own PV memo
    assert ai.health(ctx, y) == (y.pv, y.stats.pv)
    path = ((x.x, x.y), (x.x + 3, x.y))
    assert ai.spot_tests(ctx, x, path) == odds.spot_tests(ctx, x, path)


def test_a_clefs_game_hands_out_its_provider_and_the_engines_weapon_CA_MELEE():
    """The legal Strike names the weapon the engine would pick (GAP-40); the Clefs odds of
    a Strike without one are those of that weapon, not of bare hands (GAP-CA-22)."""
    g = clefs_duel()
    ctx = ctx_of(g)
    x, y = ctx.fig("a:x"), ctx.fig("b:y")
    assert ctx.hooks.ai_odds is CLEFS_ODDS
    assert c.Strike(figure="a:x", target="b:y", weapon="sword") in g.legal_commands()
    assert CLEFS_ODDS.strike(ctx, x, y) == CLEFS_ODDS.strike(ctx, x, y, "sword")
    assert CLEFS_ODDS.strike(ctx, x, y).blow != strike_blow(ctx, x, y, None)  # bare hands
