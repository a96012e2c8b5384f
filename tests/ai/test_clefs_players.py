"""The computer players under Les Clefs de l'Aube (RULESETS §3): whole games by the Clefs
rules, the same game for the same seed, and the evaluator reading the Clefs odds
through the ruleset seam (``Hooks.ai_odds``), never the Skirmish d6 ones."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.ai import evaluate as ev
from skirmish.ai.levels import make_player
from skirmish.ai.player import Plan
from skirmish.content.loading import load_scenario
from skirmish.match import build_table
from skirmish.rules import commands as c
from skirmish.rules.clefs_aube.ai_odds import CLEFS_ODDS, harm
from skirmish.rules.clefs_aube.profile import bc
from skirmish.rules.clefs_aube.roll import hit_chance
from skirmish.rules.clefs_aube.totals import best_tp, esq
from skirmish.rules.events import D20Roll
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.sim import play
from tests.ai.test_clefs_odds_vs_engine import duel, wear
from tests.sizes import sizes

STREET = msgspec.structs.replace(load_scenario("scenarios/street_fight.toml"),
                                 ruleset="clefs_aube")


@pytest.mark.parametrize("turns", sizes(1, 5))
@pytest.mark.parametrize(("levels", "opts"), [(("normal", "easy"), {}),
                                              (("hard", "easy"), {"rollouts": 2})])
def test_whole_clefs_games_end_by_the_rules_and_repeat_for_a_seed_GAP_CA_1_GAP_CA_9(
        levels, opts, turns):
    """[GAP-CA-1] the Skirmish scheduler, Clefs resolution: every command the computer
    sends is legal (``apply`` would raise), the game ends (GAP-13 last turn, or one band
    left), the d20 decides, and the same seed plays the same game (over one turn, the
    street fight's five under ``-m slow``)."""
    scn = msgspec.structs.replace(STREET, options={**STREET.options, "max_turns": turns})
    table = build_table(scn)
    games = [play(scn, 4, table, levels, **opts) for _ in range(2)]
    g = games[0]
    assert g.over and g.state.result["reason"] and g.state.ruleset == "clefs_aube"
    assert any(isinstance(e, D20Roll) and e.rule in ("CA-MELEE", "CA-SHOOT") for e in g.log)
    assert any(isinstance(e, Plan) for e in g.log)
    assert games[1].commands == g.commands and games[1].state_hash() == g.state_hash()


def test_the_evaluator_weighs_a_strike_with_the_clefs_odds_CA_MELEE():
    """A Sous-chef striking a worn Sous-fifre: the plan's chance is the Clefs P(out of
    action), which the Skirmish odds of the same figures do not give."""
    g = duel()
    wear(g, "b:y", 6, legere=4)
    ctx = ctx_of(g)
    me, t = ctx.fig("a:x"), ctx.fig("b:y")
    scored = ev.strike_value(ctx, me, c.Strike(figure="a:x", target="b:y"))
    clefs = CLEFS_ODDS.strike(ctx, me, t).harm.p_out
    assert scored.p == float(clefs) and clefs != odds.strike_odds(ctx, me, t).harm.p_out
    assert ev.offence(ctx, me) > 0 and ev.danger(ctx, t) > 0


def test_float_blows_agree_with_the_exact_track_CA_MULTI_GAP_CA_2_GAP_CA_9():
    """Several strikes in one activation take the [CA-MULTI] ladder (one planned: 0, 5,
    10); the float estimate the positions use is the exact track, in floats."""
    g = duel()
    wear(g, "b:y", 3, legere=2)
    ctx = ctx_of(g)
    me, t = ctx.fig("a:x"), ctx.fig("b:y")
    blow = CLEFS_ODDS.strike(ctx, me, t).blow
    assert blow[1] != blow[0]  # the second strike takes handicap 5
    exact = harm(ctx, t, blow[:3])
    out, dead, loss = CLEFS_ODDS.blows(ctx, t, blow, 3)
    assert out == pytest.approx(float(exact.p_out)) and dead == pytest.approx(float(exact.p_dead))
    assert loss == pytest.approx(float(sum(k * p for k, p in exact.pv_loss.items())))
    assert 0 < out < 1


def test_native_leadership_odds_are_the_d20_test_GAP_CA_20():
    """Option ``morale = "native"``: d20 ≤ Me + Ré + BC(Volonté) (+1 per ally within 3 pas
    for a passive test), ND 0; with the default the Skirmish 2d6 ≤ Cd."""
    g = duel()
    ctx = ctx_of(g)
    t = ctx.fig("b:y")
    assert odds.p_leadership(ctx, t, kind="passive") == odds.p_sum_at_most(2, t.stats.cd)
    g.state.ca_options = msgspec.structs.replace(g.state.ca_options, morale="native")
    p = g.state.ca["b:y"].profile
    assert odds.p_leadership(ctx, t, kind="passive") == hit_chance(
        p.me + p.re + bc(p.nc_volonte), 0)


def test_the_hard_players_leaf_value_sees_clefs_wounds_GAP_CA_9():
    """A Clefs figure keeps its Skirmish PV all game; its health is PF(Ph) against Ph, so
    a worn enemy makes the position better (``evaluate.material``), a critique ends it."""
    g = duel()
    ctx = ctx_of(g)
    t = ctx.fig("b:y")
    ph = g.state.ca["b:y"].profile.ph
    fresh = ev.material(ctx, "a")
    assert CLEFS_ODDS.health(ctx, t) == (ph, ph)
    wear(g, "b:y", 6, legere=2)
    assert CLEFS_ODDS.health(ctx, t) == (ph - 6, ph)
    assert ev.material(ctx, "a") > fresh and t.pv == t.stats.pv
    wear(g, "b:y", 2, critique=1)
    assert CLEFS_ODDS.health(ctx, t) == (0, ph)


@pytest.mark.parametrize(("nimble", "evades"), [(False, False), (True, True)])
def test_a_nimble_figure_avoids_blows_a_clumsy_one_does_not_GAP_CA_18_CA_DODGE(nimble, evades):
    """[GAP-CA-18] Éviter: attackers face the figure's Esq instead of its TP until it next
    acts. The evaluator weighs it by the place it leaves (played on a copy of the game):
    a Sous-fifre with a dagger beside a Chef evades when its Esq ([CA-DODGE]) beats its
    TP, and strikes when it does not (the converted profiles' Esq is the lower)."""
    g = duel(("sous_fifre", ("dagger",)), ("chef", ("sword",)))
    cf = g.state.ca["a:x"]
    if nimble:
        cf.profile = msgspec.structs.replace(cf.profile, nc_evitement=20)  # BC +10 to Esq
    tp, _ = best_tp(cf.profile, g.state.ca_options)
    assert (esq(cf.profile, g.state.ca_options) > tp) == nimble
    player = make_player("normal", 1).engine  # the Skirmish engine's normal player
    ranked = player.ranked(g)
    evade = next(s for s in ranked if isinstance(s.cmd, c.Evade))
    ctx = ctx_of(g.copy())
    here = ev.place_value(ctx, ctx.fig("a:x"))
    after = g.copy(fork_dice=0)
    after.apply(evade.cmd)
    actx = ctx_of(after)
    there = ev.place_value(actx, actx.fig("a:x"))
    assert evade.value == pytest.approx(there - here - ev.STANCE_COST)
    assert (ev.danger(actx, actx.fig("a:x")) < ev.danger(ctx, ctx.fig("a:x"))) == nimble
    cmd = player.choose(g)
    assert isinstance(cmd, c.Evade) == evades
    plan = player.take_plan()
    assert plan is not None and (plan.key == "ai.plan_evade") == evades
