"""The three computer levels: whole games by the rules in any mix, plans logged without
touching the state, look-ahead that never consumes the real dice."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from skirmish.ai import evaluate as ev
from skirmish.ai.levels import make_player
from skirmish.ai.normal import NormalPlayer, plan_of
from skirmish.ai.player import Plan, play_turn
from skirmish.app.i18n import Translator
from skirmish.content.loading import load_scenario
from skirmish.match import build_table, new_game
from skirmish.replay import record
from skirmish.rules import commands as c
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.preview import ctx_of
from tests.ai.test_odds_vs_engine import duel

SCENARIOS = {n: load_scenario(f"scenarios/{n}.toml")
             for n in ("street_fight", "open_field", "three_band_brawl", "ten_v_ten")}


def play(name: str, levels: tuple[str, ...], seed: int, limit: int = 100_000, **kw):
    scn = SCENARIOS[name]
    game = new_game(scn, seed, table=build_table(scn))
    players = {b.warband.id: make_player(levels[i % len(levels)], seed + i, **kw)
               for i, b in enumerate(scn.bands)}
    n = 0
    while not game.over and n < limit:
        play_turn(game, players[game.to_act])
        n += 1
    return game


#: The levels of the whole games below, seat by seat: normal, easy, then normal again.
MIX = ("normal", "easy", "normal")


@cache
def whole_game(name: str):  # noqa: ANN201
    """The whole game of ``name`` in the :data:`MIX` (seed 5), played once per process: the
    tests below read it and never change it."""
    return play(name, MIX, seed=5)


@pytest.mark.parametrize("name", ["street_fight", "three_band_brawl"])
def test_normal_plays_whole_games_by_the_rules_in_a_mix_R_TURN_ALT_R_END_ROUT(name):
    """Deployment, activations, reactions and decisions, rout, three bands: every command
    the normal player sends is legal (``apply`` would raise otherwise) and the game ends.
    Each plan line names its figure, or its band for a first wave ended early
    ([R-TURN-WAVE], GAP-10)."""
    game = whole_game(name)
    assert game.over and game.state.result["reason"]
    plans = [e for e in game.log if isinstance(e, Plan)]

    def who(p: Plan) -> str:
        s = game.state
        return s.figures[p.figure].name if p.figure else s.band(p.band).name

    assert plans and all(p.text.startswith(who(p)) for p in plans)


def test_plans_are_log_notes_that_leave_the_replay_hashes_alone():
    """A replay recorded from a game with plans verifies step by step: the notes are in
    ``game.log`` only, never in the state that is hashed."""
    game = whole_game("street_fight")
    assert any(isinstance(e, Plan) for e in game.log)
    rep = record.from_game(game)
    fresh = new_game(game.scenario, game.seed, table=game.table)
    for step, cmd in zip(rep.steps, game.commands, strict=True):
        fresh.apply(cmd)
        assert fresh.state_hash() == step.hash
    assert fresh.state_hash() == game.state_hash()


def test_plan_line_quotes_the_odds_of_an_attack():
    game = whole_game("street_fight")
    attacks = [e.text for e in game.log if isinstance(e, Plan) and " % to take" in e.text]
    assert attacks, "no attack plan quoted its odds"


def test_a_plan_with_no_chance_to_take_out_quotes_the_chance_to_wound_R_MELEE_DMG():
    """A henchman striking a Chef (4 PV, one blow takes at most one) has no chance to put
    him out of action: the plan said "0 % to take them out of action", which hides why
    the figure strikes. It now quotes the exact chance to wound ([R-MELEE-DMG])."""
    g = duel(b_rank="chef")
    ctx = ctx_of(g)
    me, chef = ctx.fig("a:x"), ctx.fig("b:y")
    best = ev.strike_value(ctx, me, c.Strike(figure="a:x", target="b:y"))
    o = odds.strike_odds(ctx, me, chef)
    assert best.p == 0 and 0 < best.alt == float(1 - o.harm.pv_loss[0])
    plan = plan_of(g, "a:x", best)
    pct = round(100 * best.alt)
    assert plan.key == "ai.plan_strike_wound" and plan.params["pct"] == pct
    assert plan.text == f"{me.name} strikes {chef.name}: {pct} % to wound"
    assert Translator("en")(plan.key, **plan.params) == f"{me.name} strikes {chef.name}: {pct}% to wound"


@pytest.mark.parametrize(("p", "said"), [(0.9995, 99), (1.0, 100), (0.003, 1), (0.42, 42)])
def test_a_plan_line_reads_100_only_when_sure_as_the_window_does_R_MELEE_DMG(p: float, said: int):
    """The plan line rounds a chance as the window's previews do: a blow that fails once
    in two thousand read "100 % to take them out of action" beside a preview of 99 %."""
    g = duel()
    best = ev.strike_value(ctx_of(g), ctx_of(g).fig("a:x"), c.Strike(figure="a:x", target="b:y"))
    plan = plan_of(g, "a:x", replace(best, p=p, alt=None))
    assert plan.key == "ai.plan_strike" and plan.params["pct"] == said
    assert plan.text.endswith(f": {said} % to take them out of action")
    assert Translator("en").pct(p) == f"{said}%"


def test_a_charge_with_no_chance_to_take_out_quotes_the_chance_to_reach_R_ACT_CHARGE():
    """A henchman's charge on a Chef cannot put him out of action (too few blows for his
    4 PV) but still reaches and pins him: the plan quotes P(contact) ([R-ACT-CHARGE])."""
    g = duel(dist=4, b_rank="chef")
    ctx = ctx_of(g)
    me, chef = ctx.fig("a:x"), ctx.fig("b:y")
    best = ev.charge_value(ctx, me, c.Charge(figure="a:x", target="b:y"), 0.0)
    reach = ctx.hooks.ai_odds.charge(ctx, me, chef).p_contact
    assert best.p == 0 and 0 < best.alt == float(reach)
    plan = plan_of(g, "a:x", best)
    pct = round(100 * best.alt)
    assert plan.key == "ai.plan_charge_reach" and plan.text.endswith(f": {pct} % to reach them")
    assert Translator("fr")(plan.key, **plan.params).endswith(f"{pct}\u00a0% de l\u2019atteindre")


def test_hard_looks_ahead_on_forked_dice_only():
    """The hard level's search plays thousands of rolls on copies; the real stream is
    exactly where it was before each choice."""
    scn = SCENARIOS["street_fight"]
    game = new_game(scn, 4, table=build_table(scn))
    hard = make_player("hard", 1, rollouts=6)
    easy = make_player("easy", 2)
    bands = [b.warband.id for b in scn.bands]
    checked = 0
    for _ in range(40):
        if game.over:
            break
        player = hard if game.to_act == bands[0] else easy
        before = game.dice.snapshot()
        cmd = player.choose(game)
        assert game.dice.snapshot() == before
        game.apply(cmd)
        player.take_plan()
        checked += player is hard
    assert checked > 10


def test_hard_moves_by_the_dense_sample_of_destinations_R_ACT_WALK():
    """Once a figure is active, the hard level plays the normal player's choice over the
    dense sample (about six times the places: its budget pays for them), not the plain one."""
    scn = SCENARIOS["open_field"]
    game = new_game(scn, 4, table=build_table(scn))
    easy = make_player("easy", 2)
    while not (game.state.phase == "battle" and game.state.active is not None
               and game.state.pending is None and game.state.turn >= 2):
        game.apply(easy.choose(game))
    plain = NormalPlayer(1).ranked(game)
    dense = NormalPlayer(1, dense=True).ranked(game)

    def places(ranked):
        return {s.cmd.to for s in ranked if isinstance(s.cmd, c.Walk | c.Run)}

    assert places(plain) < places(dense) and len(places(dense)) > 2 * len(places(plain))
    assert make_player("hard", 1, rollouts=2).choose(game) == dense[0].cmd


def test_every_level_deploys_and_answers_decisions_three_bands():
    """Hard included (small fixed search): deployment, then play on for a while."""
    game = play("three_band_brawl", ("hard", "normal", "easy"), seed=2, limit=60, rollouts=4)
    assert game.state.phase != "deployment"
    assert len(game.commands) >= 50 or game.over
