"""The normal player and the scenario's objectives (GAP-13: a band alone on an objective at
the end scores its VP; GAP-57: the scenario says how many). A figure a few pas from an
objective nobody contests steps onto it; a figure between two objectives goes for one of
them instead of standing still; each objective is sent its nearest figures, no more than
it needs. Fixed seeds and forced initiative throughout."""

from __future__ import annotations

import math

import msgspec
import pytest

from skirmish.ai import evaluate as ev
from skirmish.ai import objectives as obj
from skirmish.ai.hard import HardPlayer
from skirmish.ai.levels import make_player
from skirmish.content.scenario import Objective, Scenario
from skirmish.rules import commands as c
from skirmish.rules.frame.victory import holds
from skirmish.rules.game import Game
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.preview import ctx_of
from tests.rules.build import band, fig, piece, scenario, start

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}
#: A tall wall along the north of the table that hides band b from band a.
SCREEN = piece("screen", "impassable", [(0, 24), (48, 24), (48, 25), (0, 25)], blocks_los=True)


def game_with(objectives: list[Objective], *a_figures, turn: int = 1) -> Game:
    """Band a's ``a_figures`` south of the screen, band b's two figures beyond it; band a
    wins the initiative and its first figure is active on turn ``turn``."""
    scn = scenario(band("a", *a_figures),
                   band("b", fig("y", "sous_fifre", (10, 30)), fig("boss", "chef", (40, 30))),
                   terrain=[SCREEN])
    scn = msgspec.structs.replace(scn, objectives=tuple(objectives))
    g = start(scn, 6, 1, 6, options=OFF)
    g.state.turn = turn
    g.apply(c.Activate(figure=f"a:{a_figures[0].id}"))
    return g


def ford(oid: str, at: tuple[float, float], vp: int = 5) -> Objective:
    return Objective(id=oid, name=oid.capitalize(), at=at, radius=1.0, vp=vp)


def play_activation(g: Game, level: str = "normal") -> tuple[float, float]:
    """The active figure's whole activation by ``level``; where it ends."""
    fid = g.state.active
    player = make_player(level, 1)
    while g.state.active == fid:
        g.apply(player.choose(g))
    return g.state.figures[fid].pos


@pytest.mark.parametrize("turn", [1, 6])
def test_a_figure_steps_onto_an_uncontested_objective_in_reach_GAP_13_GAP_57(turn):
    """GAP-13 GAP-57: 3.5 pas off an objective nobody is near, between the eight compass
    points of the plain sample: the normal player's list of destinations has a stop on it,
    so the figure ends its activation holding the objective (the plain sample walked past
    it or stopped at its edge), on the last turn and on the first: standing beside an
    objective is worth less than holding it (``NEAR``), so it does not wait there."""
    g = game_with([ford("ford", (13.0, 11.5))], fig("x", "sous_fifre", (10, 10)), turn=turn)
    end = play_activation(g)
    assert holds(g.state.figures["a:x"], g.state.objectives[0]), end


def test_a_figure_between_two_objectives_goes_for_one_GAP_13_GAP_57():
    """GAP-13 GAP-57: a figure midway between two fords, the enemy out of sight: one pull
    towards each, summed, cancelled out and it stood still, turn after turn. It goes for
    the one it is sent to, and holds it by the end of turn 3."""
    fords = [ford("west", (4, 12)), ford("east", (44, 12))]
    g = game_with(fords, fig("x", "sous_fifre", (24, 12)))
    start_at = g.state.figures["a:x"].pos
    end = play_activation(g)
    assert min(math.dist(end, f.at) for f in fords) < min(math.dist(start_at, f.at) for f in fords) - 3
    players = {"a": make_player("normal", 1), "b": make_player("easy", 2)}
    while not g.over and g.state.turn <= 3:
        g.apply(players[g.to_act].choose(g))
    x = g.state.figures["a:x"]
    assert any(holds(x, f) for f in fords), x.pos


def test_an_objective_is_sent_its_two_nearest_figures_GAP_13():
    """GAP-13: an objective scores once for the band alone on it; the two figures nearest
    to it on foot go for it (one may fall), the third is left free to fight, and a
    second objective is sent its own nearest."""
    fords = [ford("west", (4, 12)), ford("east", (44, 12))]
    g = game_with(fords, fig("p", "sous_fifre", (8, 12)), fig("q", "sous_fifre", (10, 12)),
                  fig("r", "sous_fifre", (12, 12)), fig("s", "sous_fifre", (40, 12)))
    ctx = ctx_of(g.copy())
    sent = {f: obj.claims(ctx, ctx.fig(f"a:{f}")) for f in "pqrs"}
    assert sent == {"p": ("west",), "q": ("west",), "r": ("east",), "s": ("east",)}


def test_only_the_best_objective_draws_a_figure_GAP_13():
    """GAP-13: what the objectives add to a place is the best of them, not their sum, so
    a figure on the line between two objectives gains by walking towards either."""
    fords = [ford("west", (4, 12)), ford("east", (44, 12))]
    g = game_with(fords, fig("x", "sous_fifre", (24, 12)))
    ctx = ctx_of(g.copy())
    x = ctx.fig("a:x")
    here = obj.objective_value(ctx, x)
    assert here == max(obj.worth_to(ctx, x, f) for f in fords)
    for at in ((20, 12), (28, 12)):
        with odds._placed(ctx, x, at):
            assert obj.objective_value(ctx, x) > here


def last_turn_ahead(scn: Scenario, vp: int) -> Game:
    """``scn`` with a ``vp`` cache at (13, 11.5), on its last turn, band a ahead by b's
    lad put out of action, and a's x activated."""
    scn = msgspec.structs.replace(scn, objectives=(ford("cache", (13.0, 11.5), vp=vp),))
    g = start(scn, 6, 1, 6, options=OFF)
    g.state.turn = g.state.options.max_turns
    lad = g.state.figures["b:lad"]
    lad.status, lad.pv, lad.downed_by_band = "out_of_action", 0, "a"
    g.apply(c.Activate(figure="a:x"))
    return g


def test_a_band_ahead_still_takes_an_objective_under_fire_on_the_last_turn_GAP_13_R_VP_TABLE():
    """GAP-13 [R-VP-TABLE]: band a leads by a Sous-fifre put out of action (5 VP) on the
    last turn; a 3-VP cache lies 3.5 pas off, within reach of three pistols that cannot
    reach where the figure stands. A band ahead weighs the threat more, to keep its
    lead; weighed against that alone, the cache was left for a shot at a wound. Holding
    it adds to the lead as surely, so the figure steps onto it."""
    guns = [fig(f"g{i}", "sous_fifre", (x, 35.6), ("pistol",)) for i, x in enumerate((11, 13, 15))]
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 10))),
                   band("b", *guns, fig("lad", "sous_fifre", (40, 30)), fig("boss", "chef", (46, 30))),
                   height=40)
    g = last_turn_ahead(scn, vp=3)
    ctx = ctx_of(g.copy())
    x = ctx.fig("a:x")
    assert ev.caution(ctx, "a") > 1 and ev.danger(ctx, x) == 0
    with odds._placed(ctx, x, (13.0, 11.5)):
        assert ev.danger(ctx, x) > 0
    play_activation(g)
    assert holds(g.state.figures["a:x"], g.state.objectives[0])


def test_two_walks_not_a_run_to_an_objective_across_difficult_ground_R_ACT_RUN_GAP_13():
    """[R-ACT-WALK] [R-ACT-RUN] GAP-13: on the last turn, a ford 5.2 pas off across
    difficult ground (each pas costs two): a Run's 1.5 × Mvt (Mvt 6) takes the figure
    4.5 pas and leaves it short; two Walks, 2 × Mvt for the same 2 PA, take it 6 pas,
    onto the ford. The figure ran at it, and the game ended 0–0 with the ford nobody's."""
    river = piece("river", "difficult", [(0, 4), (48, 4), (48, 20), (0, 20)])
    x = fig("x", "sous_fifre", (10, 12))
    scn = scenario(band("a", x), band("b", fig("y", "sous_fifre", (10, 30)),
                                      fig("boss", "chef", (40, 30))), terrain=[river, SCREEN])
    scn = msgspec.structs.replace(scn, objectives=(ford("ford", (16.7, 12.0)),))
    g = start(scn, 6, 1, 6, options=OFF)
    g.state.turn = g.state.options.max_turns
    g.apply(c.Activate(figure="a:x"))
    me = g.state.figures["a:x"]
    assert (me.stats.mvt, me.radius, me.pa) == (6, 0.5, 2)
    play_activation(g)
    assert holds(g.state.figures["a:x"], g.state.objectives[0]), g.state.figures["a:x"].pos


def test_a_figure_hemmed_in_by_its_comrades_walks_round_them_to_its_objective_GAP_13():
    """GAP-13 [R-ACT-WALK]: four comrades close round a figure, so that none of the plain
    sample's straight lines leaves (each stops against a base at once) and its only
    command was to end its activation, every turn, with an objective to take. The way
    on foot goes round them: the figure sets off along it."""
    ring = [fig("k", "sous_fifre", (22, 12.06)), fig("n", "sous_fifre", (23, 11.6)),
            fig("s", "sous_fifre", (23, 12.7)), fig("t", "sous_fifre", (25, 11.6))]
    g = game_with([ford("east", (44, 12))], fig("x", "sous_fifre", (24, 12.06)), *ring)
    assert not [x for x in g.legal_commands() if isinstance(x, (c.Walk, c.Run))]
    ctx = ctx_of(g.copy())
    assert [type(x) for x in obj.destinations(ctx, ctx.fig("a:x"))] == [c.Walk]
    end = play_activation(g)
    assert math.dist(end, (44, 12)) < math.dist((24, 12.06), (44, 12)) - 3


def beaten_band_game(turn: int = 1) -> Game:
    """Band a has lost two of its four figures, band b two of its three, and b's last one
    is routing on the far side of the table; a's Sous-fifre x stands by its Chef, a
    3-VP cache 6 pas east of it, and is active on turn ``turn``."""
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 10)), fig("boss", "chef", (10, 12)),
                        fig("d1", "sous_fifre", (5, 5)), fig("d2", "sous_fifre", (5, 7))),
                   band("b", fig("y", "sous_fifre", (40, 36)), fig("z", "sous_fifre", (40, 30)),
                        fig("bc", "chef", (46, 36))),
                   height=40)
    scn = msgspec.structs.replace(scn, objectives=(ford("cache", (16.0, 10.0), vp=3),))
    g = start(scn, 6, 1, 6, options=OFF)
    g.state.turn = turn
    for fid, by in (("b:z", "a"), ("b:bc", "a"), ("a:d1", "b"), ("a:d2", "b")):
        f = g.state.figures[fid]
        f.status, f.pv, f.downed_by_band = "out_of_action", 0, by
    g.state.figures["b:y"].routing = True
    g.apply(c.Activate(figure="a:x"))
    return g


def test_a_band_whose_enemy_is_beaten_takes_the_objective_first_GAP_13():
    """GAP-13: the game ends once at most one band has figures in play, so with the
    enemy's last figure routing it may end this turn, whatever the scenario's turns:
    the cache nobody can contest is worth all its VP now, and x walks onto it. Weighed
    as an objective of turn 1 (``HOLD`` of its VP), it stayed by its Chef and chased
    the fleeing figure, and the band won without the cache."""
    g = beaten_band_game()
    ctx = ctx_of(g.copy())
    cache = g.state.objectives[0]
    assert obj.ending(ctx, "a") == 1.0 and obj.turns_left(ctx, "a") == 1
    assert obj.uncontested(ctx, "a", cache) and obj.end_share(ctx, "a", cache) == 1.0
    play_activation(g)
    assert holds(g.state.figures["a:x"], cache), g.state.figures["a:x"].pos


def test_the_end_nears_as_the_enemy_falls_and_an_enemy_in_reach_contests_GAP_13():
    """GAP-13: on turn 1 with the whole enemy standing, the end is the scenario's last
    turn (``late``) and a cache the enemy can walk to by then is contested: worth
    ``HOLD`` of its VP. Each enemy figure down brings the end nearer (``ending``) and
    cuts the turns left to reach an objective; a routing figure holds nothing, so
    contests nothing."""
    g = beaten_band_game()
    for fid in ("b:z", "b:bc"):
        g.state.figures[fid].status = "in_play"
    g.state.figures["b:y"].routing = False
    ctx = ctx_of(g.copy())
    cache = g.state.objectives[0]
    assert obj.ending(ctx, "a") == obj.late(ctx) == 1 / 6 and obj.turns_left(ctx, "a") == 6
    assert not obj.uncontested(ctx, "a", cache)
    assert obj.end_share(ctx, "a", cache) == pytest.approx(obj.HOLD + (1 - obj.HOLD) / 6)
    z = g.state.figures["b:z"]
    z.status = "out_of_action"
    ctx = ctx_of(g.copy())
    assert obj.ending(ctx, "a") == pytest.approx(1 / 3) and obj.turns_left(ctx, "a") == 4
    g.state.figures["b:y"].routing = True
    ctx = ctx_of(g.copy())
    assert not obj.uncontested(ctx, "a", cache)  # the Chef can still walk there by turn 6
    g.state.turn = 6
    ctx = ctx_of(g.copy())
    assert obj.uncontested(ctx, "a", cache)  # 38 pas off: its 3 Walks of 9 fall short


def cache_under_rifles() -> Game:
    """Band a leads by a Sous-fifre put out of action (5 VP) on the last turn. Its
    Sous-fifre x, active, stands behind a wall out of sight of five rifles 19 pas off;
    a 5-VP cache lies round the wall's end, a Walk away, in their sight but beyond
    their Walks (no enemy can stand on it by the end)."""
    wall = piece("wall", "impassable", [(11.5, 9), (12, 9), (12, 11.2), (11.5, 11.2)],
                 blocks_los=True)
    rifles = [fig(f"g{i}", "sous_fifre", (32, y), ("rifle",)) for i, y in enumerate((6, 8, 10, 12, 14))]
    # as many Sous-fifres as b's, far off, so that band a has the initiative (GAP-9)
    mates = [fig(f"m{i}", "sous_fifre", (2, 30 + 2 * i)) for i in range(5)]
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 10)), *mates),
                   band("b", *rifles, fig("lad", "sous_fifre", (40, 30)), fig("boss", "chef", (46, 30))),
                   terrain=[wall], height=40)
    return last_turn_ahead(scn, vp=5)


def test_a_band_ahead_stands_on_a_reachable_cache_at_the_end_whatever_the_guns_GAP_13_R_VP():
    """GAP-13 [R-VP] [R-VP-TABLE]: on the last turn, x of the band ahead can walk round
    a wall onto a cache no enemy can reach (:func:`cache_under_rifles`). Summed, the
    rifles' threats there (about 5 VP) were more than the Sous-fifre is worth, and the
    place beside the cache counted most of the cache: x ended its last activation
    against the wall, and the band won on VP without the cache. A figure is lost once
    (``loss``), and on the last activation only the objective it stands on scores:
    x walks onto the cache."""
    g = cache_under_rifles()
    ctx = ctx_of(g.copy())
    x, cache = ctx.fig("a:x"), ctx.s.objectives[0]
    assert obj.turns_left(ctx, "a") == 1 and obj.uncontested(ctx, "a", cache)
    assert ev.caution(ctx, "a") > 1 and ev.danger(ctx, x) == 0
    with odds._placed(ctx, x, cache.at):
        assert ev.danger(ctx, x) > ev.worth(ctx, x)
    play_activation(g)
    assert holds(g.state.figures["a:x"], cache), g.state.figures["a:x"].pos
    with odds._placed(ctx, x, cache.at):
        assert obj.last_call(ctx, "a") and ev.loss(ctx, x) < ev.worth(ctx, x)


def test_the_hard_search_judges_the_cache_held_at_the_end_above_the_wall_GAP_13_R_VP():
    """GAP-13 [R-VP]: the hard player's rollouts end on its leaf
    (:meth:`HardPlayer.leaf`), which weighs the places of the band as the normal player
    does. In :func:`cache_under_rifles`, the position with x on the cache is worth more
    to it than the one with x against the wall (it judged them the other way round,
    by the place beside the cache and the summed threats), and the hard player's x
    walks onto it too."""
    g = cache_under_rifles()
    cache = g.state.objectives[0]
    ends = {}
    for at in (cache.at, (10.9, 10.0)):
        after = g.copy()
        after.apply(c.Walk(figure="a:x", to=at))
        ends[at] = HardPlayer.leaf(after, "a")
    assert ends[cache.at] > ends[(10.9, 10.0)]
    hard = HardPlayer(1, clock=False)
    while g.state.active == "a:x":
        g.apply(hard.choose(g))
    assert holds(g.state.figures["a:x"], cache), g.state.figures["a:x"].pos
