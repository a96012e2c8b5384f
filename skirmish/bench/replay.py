"""Replay timeline figures: seeking to any step and stepping back, on a 6-turn game of
the three-band scenario (targets: seek ≤ 100 ms, step back ≤ 20 ms).

Each figure is the worst case over every step of the replay; it is measured three times
and reported as the min and median of those worst cases. The baseline, timed in the same
run, is a re-run of the whole game from its start — what seeking would cost without
snapshots — so the ratio shows what the snapshots buy. On a shared machine a worst case
in wall time is mostly the scheduler; the same walk is also reported in this process's
CPU time, and as the median over every step.
"""

from __future__ import annotations

import statistics
import time
from typing import NamedTuple

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
        game = play(scenario, seed, hashes=True)  # recorded from them, not re-run
        if game.state.turn >= 6 and len(game.state.bands) == 3:
            return record.from_game(game)
    raise RuntimeError("no 6-turn game found")


class Walk(NamedTuple):
    """One walk over every step (seconds): the worst in wall time, the worst in this
    process's CPU time, and the median in wall time."""

    worst: float
    worst_cpu: float
    median: float


def _walk(moves: list[tuple[int, int]], tl: Timeline) -> Walk:
    walls, cpus = [], []
    for start, target in moves:
        tl.seek(start)
        t0, c0 = time.perf_counter(), time.process_time()
        tl.seek(target)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return Walk(max(walls), max(cpus), statistics.median(walls))


def worst_seek(tl: Timeline) -> Walk:
    """A seek to every step, each from half the game away."""
    n = tl.length
    return _walk([((s + n // 2) % (n + 1), s) for s in range(n + 1)], tl)


def worst_back(tl: Timeline) -> Walk:
    """A single step back from every step to the one before."""
    return _walk([(s, s - 1) for s in range(tl.length, 0, -1)], tl)


def _figure(name: str, value: float, unit: str, target: float | None) -> dict[str, object]:
    return {"name": name, "value": round(value, 3), "unit": unit, "target": target}


def run() -> list[dict[str, object]]:
    replay = six_turn_replay()
    t0 = time.perf_counter()
    tl = Timeline(replay, "bench")
    load_s = time.perf_counter() - t0
    seeks, backs, reruns = [], [], []
    for _ in range(RUNS):
        seeks.append(worst_seek(tl))
        backs.append(worst_back(tl))
        t0 = time.perf_counter()
        record.verify(replay)
        reruns.append((time.perf_counter() - t0) * 1000)
    base = statistics.median(reruns)
    steps = f"{tl.length} steps, {len(tl._snapshot_steps)} snapshots"
    out = [
        _figure(f"replay ({steps}): load, re-run and index", load_s * 1000, "ms", None),
        _figure("replay: whole re-run from the start (baseline, median)", base, "ms", None),
    ]
    for what, walks, target in (("seek to any step", seeks, TARGET_SEEK_MS),
                                ("step back", backs, TARGET_BACK_MS)):
        worst = [w.worst * 1000 for w in walks]
        out += [
            _figure(f"replay: {what}, worst (min of {RUNS})", min(worst), "ms", target),
            _figure(f"replay: {what}, worst (median of {RUNS}; "
                    f"{statistics.median(worst) / base:.3f}× baseline)",
                    statistics.median(worst), "ms", target),
            _figure(f"replay: {what}, worst in CPU time (median of {RUNS})",
                    statistics.median(w.worst_cpu * 1000 for w in walks), "ms", target),
            _figure(f"replay: {what}, median over every step (median of {RUNS})",
                    statistics.median(w.median * 1000 for w in walks), "ms", None),
        ]
    return out
