"""Bench figures of KART 7: µs per exact odds of one strike (as the computer asks them, on
the public sources of the cards not seen, with and without what the odds remember), and
CPU ms per normal decision (p95) in a 10 v 10 under ``kart7`` (CPU time of this process,
so the other work of a shared machine does not count)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

from skirmish.ai.levels import make_player
from skirmish.bench.ai import NORMAL_P95_MS, ODDS_TARGET_US, _per_call, ruleset_game
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.game import Game
from skirmish.rules.kart7 import declare, odds, preview
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.state import Declaration


def _a_strike(game: Game) -> Declaration | None:
    """The first strike or shot the band to declare may declare now, if any."""
    ctx = K7Ctx(game.state, game.table, game.book, game.dice)
    for cmd in game.legal_commands(sample_moves=False):
        if isinstance(cmd, c.Declare) and cmd.action in ("strike", "shoot") and cmd.target:
            try:
                return declare.check(ctx, cmd, game.to_act or "")
            except IllegalCommand:
                continue
    return None


def run(quick: bool = False) -> Iterator[dict[str, object]]:
    game = ruleset_game("kart7")
    player = make_player("normal", 1)
    decisions: list[float] = []
    strike, at = None, None
    while not game.over and len(decisions) < (60 if quick else 300):
        t0 = time.process_time()
        chosen = player.choose(game)
        decisions.append(time.process_time() - t0)
        player.take_plan()
        if strike is None and game.state.phase == "battle" and game.state.pending is None \
                and game.state.window is None:
            strike = _a_strike(game)
            at = game.copy() if strike is not None else None
        game.apply(chosen)
    n = 300 if quick else 3000
    if strike is not None and at is not None:
        ctx = K7Ctx(at.state, at.table, at.book, at.dice)
        d = strike
        src = preview.sources(ctx)
        a, b = preview.party(ctx, d), preview.facing(ctx, d, d.target or "")
        lo, med = _per_call(lambda: odds.opposed(src, a, b), n)
        yield {"name": f"kart7 odds: one opposition, min/median {lo:.2f}/{med:.2f} µs",
               "value": med, "unit": "µs", "target": ODDS_TARGET_US}
        lo, med = _per_call(lambda: preview.attack(ctx, d), max(10, n // 10))
        yield {"name": f"kart7 odds: one strike from the piles (sources too), min/median "
                       f"{lo:.0f}/{med:.0f} µs", "value": med, "unit": "µs", "target": None}

        def fresh() -> None:
            odds.opposed.cache_clear()
            odds.opposed(src, a, b)

        lo, med = _per_call(fresh, max(10, n // 30))
        yield {"name": f"kart7 odds: one opposition, nothing remembered, min/median "
                       f"{lo:.0f}/{med:.0f} µs", "value": med, "unit": "µs", "target": None}
    decisions.sort()
    yield {"name": f"kart7 normal: one decision, CPU p95 (median "
                   f"{1e3 * statistics.median(decisions):.1f} ms)",
           "value": 1e3 * decisions[int(0.95 * (len(decisions) - 1))], "unit": "ms",
           "target": NORMAL_P95_MS}
