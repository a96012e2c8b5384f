"""The normal player clears a contested objective and keeps it at the end (GAP-13: a band
alone on an objective at the end scores its VP; GAP-57: how many). On the last turn the
figures that can stand on a contested objective act in the second wave, after every
band's first ([R-TURN-WAVE], GAP-10), so they answer the enemy's late steps; and a wound
on an enemy holding an objective counts its share of the objective. Fixed seeds and
forced initiative throughout."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.ai import evaluate as ev
from skirmish.ai import objectives as obj
from skirmish.ai.levels import make_player
from skirmish.content.scenario import Objective
from skirmish.rules import commands as c
from skirmish.rules.frame.queries import gap
from skirmish.rules.frame.victory import holds
from skirmish.rules.game import Game
from skirmish.rules.geometry import CONTACT_GAP
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.preview import ctx_of
from tests.rules.build import band, fig, piece, scenario, start

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}
#: A tall wall across the table that hides band b's reserve from everything south of it.
SCREEN = piece("screen", "impassable", [(0, 24), (48, 24), (48, 25), (0, 25)], blocks_los=True)
PUMP = Objective(id="pump", name="Pump", at=(20.0, 12.0), radius=1.5, vp=10)


def last_turn(*a_figures, b_figures=(), turn: int | None = None,
              boss: tuple[float, float] = (40, 30)) -> Game:
    """Band a's figures and band b's ``b_figures`` by the pump, band b's chef beyond the
    screen at ``boss``, on the scenario's last turn (or ``turn``), band a first with a
    first wave of six (forced dice: initiative 6 against 1, wave 6), nobody activated."""
    scn = scenario(band("a", *a_figures),
                   band("b", *b_figures, fig("boss", "chef", boss)), terrain=[SCREEN])
    scn = msgspec.structs.replace(scn, objectives=(PUMP,))
    g = start(scn, 6, 1, 6, options=OFF)
    g.state.turn = g.state.options.max_turns if turn is None else turn
    return g


def play_activation(g: Game, player) -> None:  # noqa: ANN001 - a computer player
    """The active figure's whole activation by ``player``."""
    fid = g.state.active
    while g.state.active == fid:
        g.apply(player.choose(g))


#: Band a: ``x`` 6 pas from the pump, ``k`` in contact with band b's ``z`` beyond the screen;
#: band b: ``y`` 6 pas beyond the pump, within its Walks of it.
A_FIGS = (fig("x", "sous_fifre", (14.0, 12.0)), fig("k", "sous_fifre", (5.0, 35.0)))
B_FIGS = (fig("y", "sous_fifre", (26.0, 12.0)), fig("z", "sous_fifre", (6.05, 35.0)))


def test_the_figures_that_answer_a_late_step_wait_for_the_second_wave_R_TURN_WAVE_GAP_10():
    """[R-TURN-WAVE] GAP-10 GAP-13: on the last turn band a acts first; its ``x`` can walk
    onto the pump, and so can band b's ``y``, which acts in band b's first wave, after
    band a's. Activated in band a's first wave, ``x`` steps on, ``y`` steps on after it,
    and the pump is nobody's; ``x`` answers only if it acts after ``y``. So band a fights
    with ``k`` (in contact: its blows may take ``z`` out before it acts) and then ends its
    first wave, though its d6 allows six: ``x`` acts in wave 2, after every band's first."""
    g = last_turn(*A_FIGS, b_figures=B_FIGS)
    ctx = ctx_of(g.copy())
    assert gap(ctx.fig("a:k"), ctx.fig("b:z")) <= CONTACT_GAP
    assert obj.answers_late(ctx, ctx.fig("a:x")) and not obj.answers_late(ctx, ctx.fig("a:k"))
    player = make_player("normal", 1)
    first = player.choose(g)
    assert first == c.Activate(figure="a:k")
    g.apply(first)
    play_activation(g, player)
    assert player.choose(g) == c.EndWave(band="a")
    plan = player.take_plan()
    assert plan is not None and plan.key == "ai.plan_wait" and "wave 2" in plan.text
    g.apply(c.EndWave(band="a"))
    assert g.to_act == "b" and not g.state.figures["a:x"].activated


def test_no_wave_is_cut_short_before_the_end_or_for_an_objective_nobody_contests_GAP_10():
    """GAP-10 GAP-13: before the last turn there is a next turn to answer in, and a pump
    no enemy can reach by the end (band b's figures far off beyond the screen) needs no
    answer: the figure acts in the first wave, as a figure in contact always does."""
    g = last_turn(*A_FIGS, b_figures=B_FIGS, turn=2)
    ctx = ctx_of(g.copy())
    assert not obj.answers_late(ctx, ctx.fig("a:x"))
    far = (fig("y", "sous_fifre", (40.0, 40.0)), B_FIGS[1])
    g = last_turn(*A_FIGS, b_figures=far, boss=(46, 46))
    ctx = ctx_of(g.copy())
    assert obj.uncontested(ctx, "a", PUMP)
    assert not obj.answers_late(ctx, ctx.fig("a:x"))
    player = make_player("normal", 1)
    g.apply(player.choose(g))
    play_activation(g, player)
    assert player.choose(g) == c.Activate(figure="a:x")


def test_a_wound_on_the_enemy_holder_counts_a_share_of_the_objective_GAP_13_R_WOUND():
    """GAP-13 [R-VP-TABLE] [R-WOUND-OOA]: band a's figure is in contact with two enemy
    Sous-fifres at full PV, one standing on the pump alone, the other off it. A blow
    seldom takes a fresh figure out of action, but each PV it takes brings the holder's
    fall, and the pump's, one blow nearer: the strike at the holder is worth its wounds'
    share of the pump too, on top of its chance to take it out. Counted for the figure's
    worth alone, the band's blows spread over both and the holder stood at the end."""
    g = last_turn(fig("x", "sous_fifre", (18.0, 14.0), ("sword",)),
                  b_figures=[fig("y", "sous_fifre", (19.0, 13.0)),
                             fig("z", "sous_fifre", (17.0, 15.0))])
    g.apply(c.Activate(figure="a:x"))
    pump = g.state.objectives[0]
    assert holds(g.state.figures["b:y"], pump) and not holds(g.state.figures["b:z"], pump)
    ctx = ctx_of(g.copy())
    me, y = ctx.fig("a:x"), ctx.fig("b:y")
    on = ev.strike_value(ctx, me, c.Strike(figure="a:x", target="b:y", weapon="sword"))
    off = ev.strike_value(ctx, me, c.Strike(figure="a:x", target="b:z", weapon="sword"))
    harm = ctx.hooks.ai_odds.strike(ctx, me, y, "sword").harm
    loss = sum(k * float(p) for k, p in harm.pv_loss.items())
    assert loss > 0 and on.p == off.p
    stake = obj.stake(ctx, "a", y)
    assert stake == PUMP.vp
    share = stake * (on.p + ev.WOUND_SHARE * loss / y.stats.pv)
    assert on.value - off.value == pytest.approx(share)
    assert on.value - off.value > stake * on.p + 0.1


def test_a_figure_steps_on_before_the_blow_that_may_end_the_game_GAP_13():
    """GAP-13: the game stops the moment at most one band has figures in play. On turn 2
    band b is down to ``z``, in contact with band a's ``k``: band a is on its last call
    (:func:`objectives.last_call`), and ``k``'s blows may end the game before any other
    figure acts. ``x`` can walk onto the pump, so it acts first: activated after ``k``,
    as on the scenario's last turn, it scored nothing if ``k`` felled ``z``. On the last
    turn every figure acts before the end, and ``x`` goes after ``k``."""
    down = [fig(f"d{i}", "sous_fifre", (30.0 + 2 * i, 40.0)) for i in range(3)]
    g = last_turn(*A_FIGS, b_figures=(B_FIGS[1], *down), turn=2)
    for fid in ("b:d0", "b:d1", "b:d2", "b:boss"):
        g.state.figures[fid].status = "out_of_action"
    ctx = ctx_of(g.copy())
    x, k = ctx.fig("a:x"), ctx.fig("a:k")
    assert obj.last_call(ctx, "a") and not obj.final_turn(ctx)
    assert obj.stepping_on(ctx, x) and not obj.stepping_on(ctx, k)
    assert ev.activation_priority(ctx, x) > ev.activation_priority(ctx, k)
    assert make_player("normal", 1).choose(g) == c.Activate(figure="a:x")
    g.state.turn = g.state.options.max_turns
    ctx = ctx_of(g.copy())
    assert ev.activation_priority(ctx, ctx.fig("a:x")) < ev.activation_priority(ctx, ctx.fig("a:k"))


def test_an_objective_out_of_reach_still_draws_when_the_end_is_the_enemy_s_fall_GAP_13():
    """GAP-13: on turn 2 band b is down to ``z`` (band a's last call: its fall may end
    the game), and band a's ``x`` stands 18 pas from the pump, beyond its Walks this
    activation. The game goes on as long as ``z`` stands, so the pump still draws ``x``:
    a place nearer it is worth more. Worth nothing off the pump, as on the scenario's
    last turn, every place was alike and ``x`` stood where it was while the band hunted
    the enemy's last figure. On the last turn a place off the pump is worth nothing."""
    down = [fig(f"d{i}", "sous_fifre", (30.0 + 2 * i, 40.0)) for i in range(3)]
    far = fig("x", "sous_fifre", (2.0, 12.0))
    g = last_turn(far, A_FIGS[1], b_figures=(B_FIGS[1], *down), turn=2)
    for fid in ("b:d0", "b:d1", "b:d2", "b:boss"):
        g.state.figures[fid].status = "out_of_action"
    ctx = ctx_of(g.copy())
    x = ctx.fig("a:x")
    assert obj.last_call(ctx, "a") and not obj.in_reach(ctx, x, PUMP)
    here = obj.worth_to(ctx, x, PUMP)
    with odds._placed(ctx, x, (8.0, 12.0)):
        nearer = obj.worth_to(ctx, x, PUMP)
    assert nearer > here + 0.5
    g.state.turn = g.state.options.max_turns
    ctx = ctx_of(g.copy())
    x = ctx.fig("a:x")
    with odds._placed(ctx, x, (8.0, 12.0)):
        assert obj.worth_to(ctx, x, PUMP) == 0.0
