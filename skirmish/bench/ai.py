"""Bench figures of the odds and the computer players: µs per exact odds of one
action, ms per normal decision and per activation (p95), and the hard player's time per
activation and per answer to a rules question against its budget. Each timing is the min
/ median of 3 runs, with a ``Game.copy()`` timed in the same run as the baseline ratio."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from itertools import islice

from skirmish.ai.levels import make_player
from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.match import build_table, new_game
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.preview import ctx_of

SCENARIO = SCENARIOS / "ten_v_ten.toml"
ODDS_TARGET_US = 10.0
NORMAL_P95_MS = 100.0
HARD_BUDGET_S = 1.0
HARD_MARGIN = 1.1  # the budget plus the last command's own (non-search) time


def _per_call(fn: Callable[[], object], n: int) -> tuple[float, float]:
    """(min, median) µs per call over 3 runs of ``n`` calls."""
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        runs.append((time.perf_counter() - t0) / n * 1e6)
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
    lo, med = _per_call(lambda: odds.charge_odds(ctx, f, t), max(10, n // 100))
    yield {"name": f"odds: Charge (paths, step-back), min/median {lo:.0f}/{med:.0f} µs",
           "value": med, "unit": "µs", "target": None}
    lo, med = _per_call(lambda: odds.rout_odds(ctx, f.band), max(10, n // 10))
    yield {"name": f"odds: rout risk of a band, min/median {lo:.1f}/{med:.1f} µs",
           "value": med, "unit": "µs", "target": None}


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
    game = midgame(5, 60)
    hard = make_player("hard", 1, budget=HARD_BUDGET_S)
    easy = make_player("easy", 2)
    bands = [b.warband.id for b in scn.bands]
    per_act.clear()
    limit = 4 if quick else 10
    while not game.over and len(per_act) <= limit:
        p = hard if game.to_act == bands[0] else easy
        t0 = time.perf_counter()
        cmd = p.choose(game)
        dt = time.perf_counter() - t0
        # choosing the figure is part of the activation it starts
        figure = cmd.figure if isinstance(cmd, c.Activate) else game.state.active
        if p is hard and figure:
            key = (game.state.turn, figure)
            per_act[key] = per_act.get(key, 0.0) + dt
        game.apply(cmd)
        p.take_plan()
    worst = max(per_act.values(), default=0.0)
    yield {"name": f"hard: one activation, worst of {len(per_act)} (budget {HARD_BUDGET_S:g} s, "
                   f"{hard.cut} rollouts left unstarted by the clock)",  # type: ignore[attr-defined]
           "value": worst, "unit": "s", "target": HARD_BUDGET_S * HARD_MARGIN}
    asked = questions(2 if quick else 6)
    hard = make_player("hard", 1, budget=HARD_BUDGET_S)
    times = []
    for game in asked:
        t0 = time.perf_counter()
        hard.choose(game)
        times.append(time.perf_counter() - t0)
    yield {"name": f"hard: one answer to a rules question, worst of {len(times)} "
                   f"({hard.cut} rollouts left unstarted)",  # type: ignore[attr-defined]
           "value": max(times, default=0.0), "unit": "s", "target": HARD_BUDGET_S * HARD_MARGIN}


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
    yield from player_figures(quick)
