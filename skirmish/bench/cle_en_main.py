"""Bench figures of Clé en main: µs per exact odds of one opposition (3d6 + a against
3d6 + b, its tie rule and automatic results), of one attack with a prime and a pénalité
as the computer weighs it (hit and damage) and of the same worked out with nothing
remembered; and ms per normal decision (p95, CPU time of this process: other workers on
the machine do not count) in a 10 v 10 under ``cle_en_main``."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

from skirmish.ai.levels import make_player
from skirmish.bench.ai import NORMAL_P95_MS, ODDS_TARGET_US, _per_call, first_attack, ruleset_game
from skirmish.rules import commands as c
from skirmish.rules.cle_en_main import odds
from skirmish.rules.cle_en_main.attack import base_load, best_melee
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow_state import Tour
from skirmish.rules.cle_en_main.preview import attack_odds, load_with
from skirmish.rules.game import Game

RULESET = "cle_en_main"




def _forget() -> None:
    for fn in (odds.distribution, odds.opposition, odds.hit_damage, odds._counts, odds._die):
        fn.cache_clear()


def run(quick: bool = False) -> Iterator[dict[str, object]]:
    game = ruleset_game(RULESET)
    player = make_player("normal", 1)
    decisions: list[float] = []
    cmd: c.Command | None = None
    attack_at: Game | None = None
    while not game.over and (len(decisions) < (60 if quick else 300) or cmd is None):
        t0 = time.process_time()
        chosen = player.choose(game)
        decisions.append(time.process_time() - t0)
        player.take_plan()
        if cmd is None and game.state.pending is None and game.state.tour is not None:
            cmd = first_attack(game)
            attack_at = game.copy() if cmd is not None else None
        game.apply(chosen)
    n = 3000 if quick else 30000
    yield from _odds(n, attack_at, cmd)
    decisions.sort()
    yield {"name": f"cle_en_main normal: one decision, p95 (median "
                   f"{1e3 * statistics.median(decisions):.1f} ms)",
           "value": 1e3 * decisions[int(0.95 * (len(decisions) - 1))], "unit": "ms",
           "target": NORMAL_P95_MS}


def _odds(n: int, at: Game | None, cmd: c.Command | None) -> Iterator[dict[str, object]]:
    lo, med = _per_call(lambda: odds.p_opposition(10, 8, skill_a=8, skill_b=8), n)
    yield {"name": f"cle_en_main odds: one opposition, min/median {lo:.2f}/{med:.2f} µs",
           "value": med, "unit": "µs", "target": ODDS_TARGET_US}
    if at is None or cmd is None or at.state.tour is None:
        return
    ctx = CmCtx(at.state, at.table, at.book, at.dice)
    tour: Tour = at.state.tour
    target = getattr(cmd, "target", "")
    kind = {c.Strike: "strike", c.Shoot: "shot", c.Charge: "charge"}[type(cmd)]
    wid = cmd.weapon if isinstance(cmd, c.Shoot) else best_melee(ctx, tour.figure)
    load = load_with(base_load(ctx, tour, kind, target, wid), "efficacite+danger")
    lo, med = _per_call(lambda: attack_odds(ctx, tour, kind, target, wid, load), n // 10)
    yield {"name": f"cle_en_main odds: one attack, prime and pénalité, min/median "
                   f"{lo:.1f}/{med:.1f} µs", "value": med, "unit": "µs", "target": None}

    def fresh() -> None:
        _forget()
        attack_odds(ctx, tour, kind, target, wid, load)

    lo, med = _per_call(fresh, max(5, n // 3000))
    yield {"name": f"cle_en_main odds: one attack, nothing remembered, min/median "
                   f"{lo:.0f}/{med:.0f} µs", "value": med, "unit": "µs", "target": None}
