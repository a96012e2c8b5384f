"""The normal player on the last turn plays for the final tally (GAP-13: a band alone on
an objective at the end, in play and not routing, scores its VP; GAP-57: the scenario says
how many; [R-VP-TABLE] for the figures). A figure steps onto an objective an enemy stands
on (contesting it denies the enemy its VP), an attack on the enemy's lone holder is worth
the objective too, and a lone holder stays. Fixed seeds and forced initiative throughout."""

from __future__ import annotations

import msgspec

from skirmish.ai import evaluate as ev
from skirmish.ai import objectives as obj
from skirmish.ai.levels import make_player
from skirmish.content.scenario import Objective
from skirmish.rules import commands as c
from skirmish.rules.frame.victory import holds, tally
from skirmish.rules.game import Game
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.preview import ctx_of
from tests.rules.build import band, fig, piece, scenario, start

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}
#: A tall wall across the table that hides band b's reserve from everything south of it.
SCREEN = piece("screen", "impassable", [(0, 24), (48, 24), (48, 25), (0, 25)], blocks_los=True)
PUMP = Objective(id="pump", name="Pump", at=(20.0, 12.0), radius=1.5, vp=10)


def last_turn(*a_figures, b_figures=(), first: str = "a:x") -> Game:
    """Band a's figures and band b's ``b_figures`` by the pump (GAP-13), band b's chef far
    off beyond the screen, on the scenario's last turn, with ``first`` activated."""
    scn = scenario(band("a", *a_figures),
                   band("b", *b_figures, fig("boss", "chef", (40, 30))), terrain=[SCREEN])
    scn = msgspec.structs.replace(scn, objectives=(PUMP,))
    g = start(scn, 6, 1, 6, options=OFF)
    g.state.turn = g.state.options.max_turns
    g.apply(c.Activate(figure=first))
    return g


def play_activation(g: Game) -> None:
    """The active figure's whole activation by the normal player."""
    fid = g.state.active
    player = make_player("normal", 1)
    while g.state.active == fid:
        g.apply(player.choose(g))


def test_a_figure_steps_onto_an_objective_whose_centre_the_enemy_holds_GAP_13_GAP_16():
    """GAP-13 GAP-16: on the last turn band b's chef stands on the pump's centre and a
    Sous-fifre on its near side, so band b would score its 10 VP; band a's figure is 6 pas
    off. A Walk may not end in contact with an enemy (GAP-16): the straight Walk at the
    centre stopped against the Sous-fifre, and the Walk along the way there fell short,
    so the figure had no Walk onto the pump and ended the game beside it. The pump's rim
    is free: the normal player's Walk goes there, out of contact, and of its moves that
    one is the best (contesting the pump takes 10 VP off band b)."""
    g = last_turn(fig("x", "sous_fifre", (14.0, 12.0)),
                  b_figures=[fig("y", "chef", (20.0, 12.0)), fig("w", "sous_fifre", (18.4, 12.0))])
    pump = g.state.objectives[0]
    assert holds(g.state.figures["b:y"], pump) and holds(g.state.figures["b:w"], pump)
    ctx = ctx_of(g.copy())
    me = ctx.fig("a:x")
    walks = obj.destinations(ctx, me)

    def on_pump(at: tuple[float, float]) -> bool:
        with odds._placed(ctx, me, at):
            return holds(me, pump)

    onto = [w for w in walks if on_pump(w.to)]
    assert onto, walks
    moves = [s for s in make_player("normal", 1).engine.ranked(g)  # type: ignore[attr-defined]
             if isinstance(s.cmd, (c.Walk, c.Run))]
    assert on_pump(moves[0].cmd.to) and moves[0].value > 0, moves[:3]
    g.apply(moves[0].cmd)
    assert holds(g.state.figures["a:x"], pump)
    vp, _ = tally(ctx_of(g))
    assert vp["b"] == 0


def test_the_enemy_holding_an_objective_alone_is_the_better_target_GAP_13_R_VP_TABLE():
    """GAP-13 [R-VP-TABLE]: two enemy Sous-fifres in contact with band a's figure, one
    standing on the pump alone, the other just off it, both down to their last PV. Each
    is worth the same VP
    ([R-VP-TABLE]), but putting the one on the pump out of action takes the pump off
    band b's score: on the last turn the margin moves by its 10 VP more. Weighed by rank
    alone the two strikes were worth the same, and the last holder stayed."""
    g = last_turn(fig("x", "sous_fifre", (18.0, 14.0), ("sword",)),
                  b_figures=[fig("y", "sous_fifre", (19.0, 13.0)),
                             fig("z", "sous_fifre", (17.0, 15.0))])
    pump = g.state.objectives[0]
    assert holds(g.state.figures["b:y"], pump) and not holds(g.state.figures["b:z"], pump)
    for t in ("b:y", "b:z"):  # both wounded to their last PV: one blow may take them out
        g.state.figures[t].pv = 1
    ctx = ctx_of(g.copy())
    me = ctx.fig("a:x")
    on = ev.strike_value(ctx, me, c.Strike(figure="a:x", target="b:y", weapon="sword"))
    off = ev.strike_value(ctx, me, c.Strike(figure="a:x", target="b:z", weapon="sword"))
    assert on.p == off.p and on.p > 0
    assert on.value >= off.value + 0.9 * PUMP.vp * on.p
    assert obj.stake(ctx, "a", ctx.fig("b:y")) == PUMP.vp
    assert obj.stake(ctx, "a", ctx.fig("b:z")) == 0.0


def test_a_holders_stake_is_shared_among_its_comrades_there_GAP_13():
    """GAP-13: two enemies on the pump; the pump is lost to their band only once both are
    gone, so each one's fall is worth half its VP on the last turn, and none before the
    first turn's share of the end (:func:`objectives.ending`)."""
    g = last_turn(fig("x", "sous_fifre", (14.0, 12.0)),
                  b_figures=[fig("y", "sous_fifre", (19.0, 12.0)),
                             fig("w", "sous_fifre", (21.0, 12.0))])
    ctx = ctx_of(g.copy())
    assert obj.stake(ctx, "a", ctx.fig("b:y")) == PUMP.vp / 2
    g.state.turn = 1
    ctx = ctx_of(g.copy())
    assert 0 < obj.stake(ctx, "a", ctx.fig("b:y")) < PUMP.vp / 2


def test_a_lone_holder_stays_on_the_last_turn_GAP_13():
    """GAP-13: band a's figure holds the pump alone on the last turn; an enemy stands
    5 pas off, within a charge. The charge would take it off the pump, whose 10 VP are
    more than the charge's chance at a Sous-fifre: it stays and holds."""
    g = last_turn(fig("x", "sous_fifre", (20.0, 12.0), ("sword",)),
                  b_figures=[fig("y", "sous_fifre", (26.0, 12.0))])
    play_activation(g)
    assert holds(g.state.figures["a:x"], g.state.objectives[0])
    vp, _ = tally(ctx_of(g))
    assert vp["a"] == PUMP.vp


def test_a_third_figure_steps_on_when_both_holders_are_under_the_guns_GAP_13_R_SHOOT():
    """GAP-13: on the last turn two comrades stand on the pump, both in sight of an enemy
    pistol that has not fired yet this turn: a shot may put either out of action or push
    it off (the failed test of being shot at). Two holders were counted enough, and a
    third figure a few pas off ended its activation beside the pump; the two were
    driven off and the pump was nobody's. The third steps on. With the gunman gone,
    the two hold it firmly and it does not."""
    a_figs = [fig("x", "sous_fifre", (16.0, 8.0)), fig("h1", "sous_fifre", (19.5, 12.0)),
              fig("h2", "sous_fifre", (20.5, 12.5))]
    gun = fig("g", "sous_fifre", (28.0, 12.0), ("pistol",))
    g = last_turn(*a_figs, b_figures=[gun])
    play_activation(g)
    assert holds(g.state.figures["a:x"], g.state.objectives[0]), g.state.figures["a:x"].pos
    g = last_turn(*a_figs, b_figures=[fig("g", "sous_fifre", (28.0, 40.0), ("pistol",))])
    ctx = ctx_of(g.copy())
    assert obj.claims(ctx, ctx.fig("a:x")) == ()


def test_a_figure_stepping_onto_an_objective_is_activated_last_on_the_last_turn_GAP_13():
    """GAP-13: every figure acts before the last turn ends, so the one that steps onto the
    pump goes after its comrade: the enemy then has fewer activations left to shoot or
    charge it off. Before the last turn, the order is by attacks and danger alone."""
    g = last_turn(fig("x", "sous_fifre", (15.0, 12.0)), fig("k", "sous_fifre", (5.0, 5.0)),
                  b_figures=[fig("y", "sous_fifre", (40.0, 12.0))])
    ctx = ctx_of(g.copy())
    x, k = ctx.fig("a:x"), ctx.fig("a:k")
    assert obj.stepping_on(ctx, x) and not obj.stepping_on(ctx, k)
    assert ev.activation_priority(ctx, x) < ev.activation_priority(ctx, k)
    g.state.turn = 2
    ctx = ctx_of(g.copy())
    assert not obj.stepping_on(ctx, ctx.fig("a:x"))
