"""Replay timeline figures: seeking to any step and stepping back, on a 6-turn game of
the three-band scenario (issue 9: seek ≤ 100 ms, step back ≤ 20 ms).

Each figure is the worst case over every step of the replay; it is measured three times
and reported as the min and median of those worst cases. The baseline, timed in the same
run, is a re-run of the whole game from its start — what seeking would cost without
snapshots — so the ratio shows what the snapshots buy.
"""

from __future__ import annotations

import statistics
import time

from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.replay import record
from skirmish.replay.timeline import Timeline
from skirmish.sim import play

SCENARIO = SCENARIOS / "three_band_brawl.toml"
TARGET_SEEK_MS = 100.0
TARGET_BACK_MS = 20.0
RUNS = 3


def six_turn_replay(max_seeds: int = 50) -> record.Replay:
    """The first simple-player game of the three-band scenario that reaches turn 6."""
    scenario = load_scenario(SCENARIO)
    for seed in range(1, max_seeds + 1):
        game = play(scenario, seed)
        if game.state.turn >= 6 and len(game.state.bands) == 3:
            return record.from_game(game)
    raise RuntimeError("no 6-turn game found")


def worst_seek(tl: Timeline) -> float:
    """The slowest seek to any step, each from half the game away (seconds)."""
    n = tl.length
    worst = 0.0
    for s in range(n + 1):
        tl.seek((s + n // 2) % (n + 1))
        t0 = time.perf_counter()
        tl.seek(s)
        worst = max(worst, time.perf_counter() - t0)
    return worst


def worst_back(tl: Timeline) -> float:
    """The slowest single step back, from every step to the one before (seconds)."""
    worst = 0.0
    tl.seek(tl.length)
    for _ in range(tl.length):
        t0 = time.perf_counter()
        tl.back()
        worst = max(worst, time.perf_counter() - t0)
    return worst


def _figure(name: str, value: float, unit: str, target: float | None) -> dict[str, object]:
    return {"name": name, "value": round(value, 3), "unit": unit, "target": target}


def run() -> list[dict[str, object]]:
    replay = six_turn_replay()
    t0 = time.perf_counter()
    tl = Timeline(replay, "bench")
    load_s = time.perf_counter() - t0
    seeks, backs, reruns = [], [], []
    for _ in range(RUNS):
        seeks.append(worst_seek(tl) * 1000)
        backs.append(worst_back(tl) * 1000)
        t0 = time.perf_counter()
        record.verify(replay)
        reruns.append((time.perf_counter() - t0) * 1000)
    base = statistics.median(reruns)
    steps = f"{tl.length} steps, {len(tl._snapshot_steps)} snapshots"
    return [
        _figure(f"replay ({steps}): load, re-run and index", load_s * 1000, "ms", None),
        _figure("replay: whole re-run from the start (baseline, median)", base, "ms", None),
        _figure(f"replay: seek to any step, worst (min of {RUNS})", min(seeks), "ms",
                TARGET_SEEK_MS),
        _figure(f"replay: seek to any step, worst (median of {RUNS}; "
                f"{statistics.median(seeks) / base:.3f}× baseline)",
                statistics.median(seeks), "ms", TARGET_SEEK_MS),
        _figure(f"replay: step back, worst (min of {RUNS})", min(backs), "ms", TARGET_BACK_MS),
        _figure(f"replay: step back, worst (median of {RUNS}; "
                f"{statistics.median(backs) / base:.3f}× baseline)",
                statistics.median(backs), "ms", TARGET_BACK_MS),
    ]
