"""Bench figures of WFRP 2e: µs per exact odds of one attack (as the computer asks them,
through ``Game.odds`` with the command's checks, and worked out afresh with nothing
remembered), and ms per normal decision (p95) in a 10 v 10 under ``wfrp2``."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

import msgspec

from skirmish.ai.levels import make_player
from skirmish.bench.ai import NORMAL_P95_MS, ODDS_TARGET_US, SCENARIO, _per_call
from skirmish.content.loading import load_scenario
from skirmish.match import build_table, new_game
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.wfrp2.actions import check
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.odds import attack, attack_odds


def _game(seed: int = 3) -> Game:
    scn = msgspec.structs.replace(load_scenario(SCENARIO), ruleset="wfrp2")
    return new_game(scn, seed, table=build_table(scn))


def _an_attack(game: Game) -> c.Command | None:
    """The first attack the acting figure may make now, if any."""
    for cmd in game.legal_commands(sample_moves=False):
        if isinstance(cmd, (c.Strike, c.Shoot, c.Charge)):
            return cmd
    return None


def run(quick: bool = False) -> Iterator[dict[str, object]]:
    game = _game()
    player = make_player("normal", 1)
    decisions: list[float] = []
    cmd = None
    while not game.over and len(decisions) < (60 if quick else 300):
        t0 = time.perf_counter()
        chosen = player.choose(game)
        decisions.append(time.perf_counter() - t0)
        player.take_plan()
        if cmd is None and game.state.pending is None:
            cmd = _an_attack(game)
            attack_at = game.copy() if cmd is not None else None
        game.apply(chosen)
    n = 300 if quick else 3000
    if cmd is not None and attack_at is not None:
        ctx = WfCtx(attack_at.state, attack_at.table, attack_at.book, attack_at.dice)
        f = ctx.fig(attack_at.state.active or "")
        checked = check(ctx, f, cmd)
        t, w = checked.target, checked.weapon
        assert t is not None and w is not None
        lo, med = _per_call(lambda: attack_odds(ctx, f, t, w, checked.need), n)
        yield {"name": f"wfrp2 odds: one attack, min/median {lo:.1f}/{med:.1f} µs",
               "value": med, "unit": "µs", "target": ODDS_TARGET_US}
        lo, med = _per_call(lambda: attack_at.odds(cmd), n)
        yield {"name": f"wfrp2 odds: one command through Game.odds (its checks too), "
                       f"min/median {lo:.1f}/{med:.1f} µs", "value": med, "unit": "µs",
               "target": None}

        def fresh() -> None:
            attack.cache_clear()
            attack_odds(ctx, f, t, w, checked.need)

        lo, med = _per_call(fresh, max(10, n // 30))
        yield {"name": f"wfrp2 odds: one attack, nothing remembered, min/median "
                       f"{lo:.0f}/{med:.0f} µs", "value": med, "unit": "µs", "target": None}
    decisions.sort()
    yield {"name": f"wfrp2 normal: one decision, p95 (median "
                   f"{1e3 * statistics.median(decisions):.1f} ms)",
           "value": 1e3 * decisions[int(0.95 * (len(decisions) - 1))], "unit": "ms",
           "target": NORMAL_P95_MS}
