"""Bench figures of the odds and the computer players: µs per exact odds of one
action, ms per normal decision and per activation (p95), and the hard player's time per
activation and per answer to a rules question against its budget. Each odds timing is the
min / median of 3 runs in CPU time, with a ``Game.copy()`` timed in the same run as the
baseline ratio; and the computer's charge odds are checked against the engine itself,
the charge played many times with forked dice."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator
from itertools import islice

import msgspec

from skirmish.ai.hard import END_ACTS, HardPlayer, near_end
from skirmish.ai.levels import make_player
from skirmish.ai.player import Player
from skirmish.content.loading import load_scenario
from skirmish.geometry import Table
from skirmish.locations import SCENARIOS
from skirmish.match import build_table, new_game
from skirmish.rules import commands as c
from skirmish.rules.frame.context import outranks
from skirmish.rules.frame.queries import engaged_with, in_contact
from skirmish.rules.game import Game
from skirmish.rules.skirmish import legal, odds
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.rules.skirmish.state import Figure

SCENARIO = SCENARIOS / "ten_v_ten.toml"
LAST_TURN = SCENARIOS / "objectives" / "quarry.toml"


def ruleset_game(ruleset: str, seed: int = 3) -> Game:
    """The 10 v 10 under ``ruleset``, at its start: where each ruleset's figures are timed."""
    scn = msgspec.structs.replace(load_scenario(SCENARIO), ruleset=ruleset)
    return new_game(scn, seed, table=build_table(scn))


def first_attack(game: Game) -> c.Command | None:
    """The first strike, shot or charge the acting figure may make now, if any."""
    for cmd in game.legal_commands(sample_moves=False):
        if isinstance(cmd, (c.Strike, c.Shoot, c.Charge)):
            return cmd
    return None
ODDS_TARGET_US = 10.0
CHARGE_ODDS_TARGET_US = 50.0
CHARGE_PLAYS = 2000
SE_LIMIT = 3.0  # the computer's odds lie within this many standard errors of the engine
NORMAL_P95_MS = 100.0
HARD_BUDGET_S = 1.0
HARD_MARGIN = 1.1  # the budget plus the last command's own (non-search) time


def _per_call(fn: Callable[[], object], n: int) -> tuple[float, float]:
    """(min, median) CPU µs per call over 3 runs of ``n`` calls."""
    runs = []
    for _ in range(3):
        t0 = time.process_time()
        for _ in range(n):
            fn()
        runs.append((time.process_time() - t0) / n * 1e6)
    return min(runs), statistics.median(runs)


def _easy_game(seed: int) -> Iterator[Game]:
    """A 10 v 10 played by easy players: the game after each command (the same object)."""
    scn = load_scenario(SCENARIO)
    game = new_game(scn, seed, table=build_table(scn))
    players = {b.warband.id: make_player("easy", seed + i) for i, b in enumerate(scn.bands)}
    while not game.over:
        yield game
        game.apply(players[game.to_act].choose(game))
    yield game


def midgame(seed: int = 3, commands: int = 140) -> Game:
    """A 10 v 10 game some way in (easy players), with figures in contact and in sight."""
    *_, game = islice(_easy_game(seed), commands + 1)
    return game


def _pairs(game: Game) -> tuple[tuple[str, str], tuple[str, str, str] | None]:
    """A striker and target, and a shooter, weapon and target, from the current game."""
    ctx = ctx_of(game)
    figs = ctx.in_play()
    a = next(f for f in figs if f.band == figs[0].band)
    b = next(f for f in figs if f.band != a.band)
    shot = None
    for s in figs:
        for w in s.ranged:
            for t in figs:
                if t.band != s.band and ctx.sees(s, t) and odds.to_hit(
                        ctx, s, t, ctx.book.ranged_weapons[w]).need:
                    shot = (s.id, w, t.id)
                    break
            if shot:
                break
        if shot:
            break
    return (a.id, b.id), shot


def odds_figures(quick: bool) -> Iterator[dict[str, object]]:
    game = midgame()
    ctx = ctx_of(game.copy())
    (a, b), shot = _pairs(game)
    n = 300 if quick else 3000
    base_min, _ = _per_call(lambda: game.copy(), max(50, n // 10))
    f, t = ctx.fig(a), ctx.fig(b)
    lo, med = _per_call(lambda: odds.strike_odds(ctx, f, t), n)
    yield {"name": f"odds: Strike (bucklers, PV-loss), min/median {lo:.1f}/{med:.1f} µs, "
                   f"×{lo / base_min:.4f} of a Game.copy", "value": med, "unit": "µs",
           "target": ODDS_TARGET_US}
    if shot is not None:
        s, w, tt = ctx.fig(shot[0]), shot[1], ctx.fig(shot[2])
        lo, med = _per_call(lambda: odds.shot_odds(ctx, s, w, tt), n // 3)
        yield {"name": f"odds: Shoot (chain, tests), min/median {lo:.1f}/{med:.1f} µs",
               "value": med, "unit": "µs", "target": ODDS_TARGET_US}
    cf, ct = _step_back_pair(ctx) or (f, t)
    lo, med = _per_call(lambda: odds.charge_odds(ctx, cf, ct), max(10, n // 30))
    yield {"name": f"odds: Charge (paths, tests, step-back), min/median {lo:.0f}/{med:.0f} µs",
           "value": med, "unit": "µs", "target": CHARGE_ODDS_TARGET_US}
    lo, med = _first_ask(game, cf.id, ct.id)
    yield {"name": f"odds: Charge, first ask in a position (nothing remembered), min/median "
                   f"{lo:.0f}/{med:.0f} µs", "value": med, "unit": "µs", "target": None}
    lo, med = _per_call(lambda: odds.rout_odds(ctx, f.band), max(10, n // 10))
    yield {"name": f"odds: rout risk of a band, min/median {lo:.1f}/{med:.1f} µs",
           "value": med, "unit": "µs", "target": None}


def _first_ask(game: Game, charger: str, target: str) -> tuple[float, float]:
    """(min, median) CPU µs of 3 charge odds worked out afresh: each on a table just built,
    whose route memo is empty, and past the odds' own memo."""
    runs = []
    for _ in range(3):
        scn = game.scenario
        ctx = Ctx(game.state, Table(scn.width, scn.height, scn.terrain), game.book, game.dice)
        t0 = time.process_time()
        odds.plan_charge_odds(ctx, ctx.fig(charger), ctx.fig(target))
        runs.append((time.process_time() - t0) * 1e6)
    return min(runs), statistics.median(runs)


def _step_back_pair(ctx: Ctx) -> tuple[Figure, Figure] | None:
    """A charger and a target it outranks, free to step back, within the Run allowance:
    its odds follow the path, the tests and a re-planned charge for each 1d3 (GAP-45)."""
    figs = ctx.in_play()
    for f in figs:
        for t in figs:
            if (t.band != f.band and outranks(f, t) and not engaged_with(ctx, t)
                    and not engaged_with(ctx, f) and odds.charge_odds(ctx, f, t).reaches_now):
                return f, t
    return None


def charge_position(seed: int = 3, scan: int = 600) -> tuple[Game, str, str] | None:
    """A 10 v 10 (easy players) at the first moment a figure about to act may charge an
    enemy it outranks, with a step back in the odds and the contact not certain: the
    game, the charger and the target."""
    found = None
    for k, game in enumerate(_easy_game(seed)):
        s = game.state
        if k == scan:
            break
        if s.active is None or s.pending is not None:
            continue
        ctx = ctx_of(game)
        me = ctx.fig(s.active)
        if me.pa < 1 or me.routing:
            continue
        for cmd in legal.charge_commands(ctx, me):
            t = ctx.fig(cmd.target)
            if not outranks(me, t) or engaged_with(ctx, t):
                continue
            p = ctx.hooks.ai_odds.charge(ctx, me, t).p_contact
            if 0 < p < 1:
                return game.copy(), me.id, t.id
            found = found or (game.copy(), me.id, t.id)
    return found


def charge_against_engine(quick: bool) -> Iterator[dict[str, object]]:
    """[R-ACT-CHARGE] GAP-45: the computer's P(contact) of a charge, against how often
    the engine reaches contact over many plays (decisions answered with their default)."""
    found = charge_position()
    if found is None:
        return
    game, charger, target = found
    ctx = ctx_of(game)
    p = float(ctx.hooks.ai_odds.charge(ctx, ctx.fig(charger), ctx.fig(target)).p_contact)
    plays = CHARGE_PLAYS // 5 if quick else CHARGE_PLAYS
    contact = 0
    for i in range(plays):
        g = game.copy(fork_dice=i)
        g.apply(c.Charge(figure=charger, target=target))
        while g.state.pending is not None:
            g.apply(c.Choose(option=g.state.pending.default))
        contact += in_contact(g.state.figures[charger], g.state.figures[target])
    freq = contact / plays
    se = math.sqrt(max(p * (1 - p), 1e-12) / plays)
    yield {"name": f"charge odds: computer's P(contact) {p:.3f}, engine {freq:.3f} ± "
                   f"{math.sqrt(freq * (1 - freq) / plays):.3f} ({plays} plays), in SE",
           "value": abs(freq - p) / se, "unit": "SE", "target": SE_LIMIT}


def player_figures(quick: bool) -> Iterator[dict[str, object]]:
    scn = load_scenario(SCENARIO)
    table = build_table(scn)
    decisions: list[float] = []
    per_act: dict[tuple[int, str], float] = {}
    for seed in (1,) if quick else (1, 2):
        game = new_game(scn, seed, table=table)
        players = {b.warband.id: make_player("normal", seed + i) for i, b in enumerate(scn.bands)}
        while not game.over:
            t0 = time.perf_counter()
            cmd = players[game.to_act].choose(game)
            dt = time.perf_counter() - t0
            decisions.append(dt)
            # choosing the figure is part of the activation it starts
            figure = cmd.figure if isinstance(cmd, c.Activate) else game.state.active
            if figure:
                key = (game.state.turn, figure)
                per_act[key] = per_act.get(key, 0.0) + dt
            game.apply(cmd)
    decisions.sort()
    acts = sorted(per_act.values())
    yield {"name": f"normal: one decision, p95 (median {1e3 * statistics.median(decisions):.1f} ms)",
           "value": 1e3 * decisions[int(0.95 * (len(decisions) - 1))], "unit": "ms",
           "target": NORMAL_P95_MS}
    yield {"name": "normal: one whole activation, p95", "unit": "ms",
           "value": 1e3 * acts[int(0.95 * (len(acts) - 1))], "target": NORMAL_P95_MS}
    hard = HardPlayer(1, budget=HARD_BUDGET_S)
    timed = hard_activations(midgame(5, 60), hard, scn.bands[0].warband.id,
                             make_player("easy", 2), limit=4 if quick else 10)
    yield {"name": f"hard: one activation, worst of {len(timed)} (budget {HARD_BUDGET_S:g} s, "
                   f"{hard.cut} rollouts left unstarted by the clock)",
           "value": max(timed, default=0.0), "unit": "s", "target": HARD_BUDGET_S * HARD_MARGIN}
    asked = questions(2 if quick else 6)
    hard = HardPlayer(1, budget=HARD_BUDGET_S)
    times = []
    for game in asked:
        t0 = time.perf_counter()
        hard.choose(game)
        times.append(time.perf_counter() - t0)
    yield {"name": f"hard: one answer to a rules question, worst of {len(times)} "
                   f"({hard.cut} rollouts left unstarted)",
           "value": max(times, default=0.0), "unit": "s", "target": HARD_BUDGET_S * HARD_MARGIN}


def last_turn(seed: int = 3) -> Game:
    """A game on an objective table (normal players) at the first choice of an activation
    with at most ``END_ACTS`` left before its end (GAP-13), both bands in play: where each
    of the hard player's rollouts plays the game out, its costliest search."""
    scn = load_scenario(LAST_TURN)
    for k in range(seed, seed + 20):
        game = new_game(scn, k, table=build_table(scn))
        players = {b.warband.id: make_player("normal", k + i) for i, b in enumerate(scn.bands)}
        while not game.over:
            s = game.state
            if s.active is None and s.pending is None and near_end(game) \
                    and len({f.band for f in s.figures.values() if f.status == "in_play"}) > 1:
                return game
            p = players[game.to_act]
            game.apply(p.choose(game))
            p.take_plan()
    raise RuntimeError(f"no game on {LAST_TURN.name} reached its last activations")


def last_turn_figures(quick: bool) -> Iterator[dict[str, object]]:
    """The hard player's activations at a game's end, as the window plays them (the clock
    on) and with the whole count (the clock off, as ``simulate`` plays them): each
    rollout there plays every activation left, so the count costs more than the budget
    and the clock cuts the search short."""
    start = last_turn()
    for clock in (True,) if quick else (True, False):
        hard = HardPlayer(1, budget=HARD_BUDGET_S, clock=clock)
        timed = hard_activations(start.copy(), hard, start.to_act or "",
                                 make_player("normal", 2),
                                 timer=time.perf_counter if clock else time.process_time)
        worst = max(timed, default=0.0)
        if clock:
            yield {"name": f"hard: one activation of a game's last {END_ACTS}, worst of "
                           f"{len(timed)} ({hard.cut} rollouts left unstarted by the "
                           "clock)", "value": worst, "unit": "s",
                   "target": HARD_BUDGET_S * HARD_MARGIN}
        else:
            yield {"name": f"hard: the same with the whole count (simulate, no clock), worst "
                           f"of {len(timed)}, CPU", "value": worst, "unit": "s",
                   "target": None}


def hard_activations(game: Game, hard: HardPlayer, band: str, other: Player, *,
                     limit: int | None = None,
                     timer: Callable[[], float] = time.perf_counter) -> list[float]:
    """The time of each of ``hard``'s activations for ``band`` as ``game`` is played on
    against ``other``, to its end or until more than ``limit`` activations were timed.
    Choosing the figure is part of the activation it starts; the clock the hard player's
    own deadline reads (wall time) unless ``timer`` says otherwise."""
    per_act: dict[tuple[int, str], float] = {}
    while not game.over and (limit is None or len(per_act) <= limit):
        p: Player = hard if game.to_act == band else other
        t0 = timer()
        cmd = p.choose(game)
        dt = timer() - t0
        figure = cmd.figure if isinstance(cmd, c.Activate) else game.state.active
        if p is hard and figure:
            key = (game.state.turn, figure)
            per_act[key] = per_act.get(key, 0.0) + dt
        game.apply(cmd)
        p.take_plan()
    return list(per_act.values())


def questions(count: int, seed: int = 3) -> list[Game]:
    """Copies of a 10 v 10 (easy players from the start) at the first ``count`` questions
    the rules ask with more than one answer (a free shot or not, an escape route): the
    hard player searches each answer, and none arises in the activations timed above."""
    found: list[Game] = []
    for game in _easy_game(seed):
        if len(found) == count:
            break
        pending = game.state.pending
        if pending is not None and len(pending.options) > 1:
            found.append(game.copy())
    return found


def run(quick: bool = False) -> Iterator[dict[str, object]]:
    yield from odds_figures(quick)
    yield from charge_against_engine(quick)
    yield from player_figures(quick)
    yield from last_turn_figures(quick)
