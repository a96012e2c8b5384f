"""Bench figures of WFRP 2e: µs per exact odds of one attack (as the computer asks them,
through ``Game.odds`` with the command's checks, and worked out afresh with nothing
remembered), and ms per decision (p95, min and median of 3 games) of the normal and hard
computers in a 10 v 10 under ``wfrp2``."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

from skirmish.ai.levels import make_player
from skirmish.bench.ai import NORMAL_P95_MS, ODDS_TARGET_US, _per_call, first_attack, ruleset_game
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.wfrp2.actions import check
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.odds import attack, attack_odds

#: Games the decision times are taken from (each a p95; min and median reported).
DECISION_GAMES = 3


def _decisions(level: str, seed: int, count: int) -> tuple[list[float], Game | None,
                                                           c.Command | None]:
    """CPU seconds of each of ``level``'s first ``count`` decisions in a game of seed
    ``seed`` (the other band played by the same level), and the first attack offered."""
    game = ruleset_game("wfrp2", seed)
    player = make_player(level, 1, clock=False)
    times: list[float] = []
    cmd, attack_at = None, None
    while not game.over and len(times) < count:
        t0 = time.process_time()
        chosen = player.choose(game)
        times.append(time.process_time() - t0)
        player.take_plan()
        if cmd is None and game.state.pending is None:
            cmd = first_attack(game)
            attack_at = game.copy() if cmd is not None else None
        game.apply(chosen)
    return sorted(times), attack_at, cmd


def _p95(times: list[float]) -> float:
    return 1e3 * times[int(0.95 * (len(times) - 1))]


def run(quick: bool = False) -> Iterator[dict[str, object]]:
    count = 60 if quick else 300
    runs = [_decisions("normal", 3 + k, count) for k in range(DECISION_GAMES)]
    _, attack_at, cmd = runs[0]
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
    for level, found, target in (("normal", runs, NORMAL_P95_MS),
                                 ("hard", None, None)):
        games = found or [_decisions(level, 3 + k, count // 3) for k in range(DECISION_GAMES)]
        p95s = sorted(_p95(times) for times, _, _ in games)
        yield {"name": f"wfrp2 {level}: one decision, p95 min/median "
                       f"{p95s[0]:.1f}/{statistics.median(p95s):.1f} ms",
               "value": statistics.median(p95s), "unit": "ms", "target": target}
