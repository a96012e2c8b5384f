"""``skirmish bench``: every performance figure with its target, measured here and now.

Figures come from three places: the geometry queries on each shipped scenario (figures
deployed by the rules) and on a 40-figure / 30-piece stress board; whole headless games
between simple players; and the window's frame time (when the window can be built).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from skirmish.bench import geometry as geo
from skirmish.content.loading import load_scenario
from skirmish.content.scenario import Scenario
from skirmish.locations import SCENARIOS
from skirmish.match import build_table, new_game
from skirmish.rules import commands as c
from skirmish.sim import play

GAMES_SCENARIO = SCENARIOS / "ten_v_ten.toml"
GAMES_TARGET = 20.0  # games per second per core, 10 v 10, simple players


def deployed_discs(scenario: Scenario) -> np.ndarray:
    """The figures of a scenario as the rules deploy them (auto-deploy for every band)."""
    game = new_game(scenario, 1)
    while game.state.phase == "deployment":
        band = game.to_act
        game.apply(c.AutoDeploy(band=band))
        game.apply(c.EndDeployment(band=band))
    return np.asarray([f.disc for f in game.state.figures.values() if f.status == "in_play"])


def games_per_second(path: Path, games: int) -> dict[str, object]:
    scenario = load_scenario(path)
    table = build_table(scenario)
    play(scenario, 0, table)  # warm caches and imports
    t0 = time.perf_counter()
    for seed in range(1, games + 1):
        play(scenario, seed, table)
    rate = games / (time.perf_counter() - t0)
    bands = " v ".join(str(len(b.warband.figures)) for b in scenario.bands)
    return {"name": f"{scenario.id}: headless games, simple players ({bands})", "value": rate,
            "unit": "games/s", "target": GAMES_TARGET}


def _line(fig: dict[str, object]) -> str:
    value, target = float(fig["value"]), fig["target"]  # type: ignore[arg-type]
    unit = str(fig["unit"])
    if value != value:  # NaN: the board offered no such case (no pair blocked by terrain)
        return f"{fig['name']:<66} {'n/a':>10} (no such case on this board)"
    mark = ""
    if target is not None:
        higher_is_better = unit == "games/s"
        ok = value >= float(target) if higher_is_better else value <= float(target)  # type: ignore[arg-type]
        mark = f"   target {'≥' if higher_is_better else '≤'} {target:g} {unit}  {'ok' if ok else 'MISSED'}"
    return f"{fig['name']:<66} {value:>10.3f} {unit}{mark}"


def run_all(scenarios: list[str], *, quick: bool = False) -> Iterator[str]:
    paths = [Path(p) for p in scenarios] or sorted(SCENARIOS.glob("*.toml"))
    repeat = 5 if quick else 30
    yield "# geometry (medians)"
    boards = []
    for p in paths:
        scn = load_scenario(p)
        boards.append((scn.id, build_table(scn), deployed_discs(scn)))
    table, discs = geo.stress_board()
    boards.append(("stress 40 figures / 30 pieces", table, discs))
    for fig in geo.run(boards, repeat=repeat):
        yield _line(fig)
    yield "# set-up of large files (min / median of 3)"
    for fig in geo.set_up(3):
        yield _line(fig)
    yield "# whole games (one core)"
    yield _line(games_per_second(GAMES_SCENARIO, 5 if quick else 20))
    yield "# window"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from skirmish.bench import frames
    except ImportError as e:  # pragma: no cover - only without the window's dependencies
        yield f"window figures unavailable: {e}"
        return
    for fig in frames.run(frames=60 if quick else 300):
        yield _line(fig)
