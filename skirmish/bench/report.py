"""``skirmish bench``: every performance figure with its target, measured here and now.

Figures come from three places: the geometry queries on each shipped scenario (figures
deployed by the rules) and on a 40-figure / 30-piece stress board, and the far path on
each objective table; whole headless games between simple players; and the window's
frame time (when the window can be built).
"""

from __future__ import annotations

import gc
import os
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import msgspec
import numpy as np

from skirmish.bench import geometry as geo
from skirmish.content.loading import load_scenario
from skirmish.content.scenario import Scenario
from skirmish.locations import SCENARIOS
from skirmish.match import build_table, new_game
from skirmish.rules import commands as c
from skirmish.sim import play

GAMES_SCENARIO = SCENARIOS / "ten_v_ten.toml"
GAMES_TARGET = 20.0  # games per CPU-second, 10 v 10, simple players
GAME_RUNS = 3


def deployed_discs(scenario: Scenario) -> np.ndarray:
    """The figures of a scenario as the rules deploy them (auto-deploy for every band)."""
    game = new_game(scenario, 1)
    while game.state.phase == "deployment":
        band = game.to_act
        game.apply(c.AutoDeploy(band=band))
        game.apply(c.EndDeployment(band=band))
    return np.asarray([f.disc for f in game.state.figures.values() if f.status == "in_play"])


def games_per_second(path: Path, games: int, ruleset: str | None = None,
                     target: float | None = GAMES_TARGET) -> dict[str, object]:
    """Games per CPU-second of this process (other workers on the machine do not count),
    best and median of :data:`GAME_RUNS` runs of ``games`` games, each run on new seeds;
    under ``ruleset`` instead of the scenario's own."""
    scenario = load_scenario(path)
    if ruleset is not None:
        scenario = msgspec.structs.replace(scenario, ruleset=ruleset)
    table = build_table(scenario)
    play(scenario, 0, table)  # warm caches and imports
    import scipy.sparse.csgraph  # noqa: F401 - the grid search's, which game 0 may not reach
    rates = []
    for run in range(GAME_RUNS):
        t0 = time.process_time()
        for seed in range(1 + run * games, 1 + (run + 1) * games):
            play(scenario, seed, table)
        rates.append(games / (time.process_time() - t0))
    best, med = max(rates), statistics.median(rates)
    bands = " v ".join(str(len(b.warband.figures)) for b in scenario.bands)
    return {"name": f"{scenario.id} ({scenario.ruleset}): headless games, easy players ({bands}), "
                    f"best/median {best:.1f}/{med:.1f}", "value": med,
            "unit": "games/CPU-s", "target": target}


def _line(fig: dict[str, object]) -> str:
    value, target = float(fig["value"]), fig["target"]  # type: ignore[arg-type]
    unit = str(fig["unit"])
    if value != value:  # NaN: the board offered no such case (no pair blocked by terrain)
        return f"{fig['name']:<66} {'n/a':>10} (no such case on this board)"
    mark = ""
    if target is not None:
        higher_is_better = unit.startswith("games/")
        ok = value >= float(target) if higher_is_better else value <= float(target)  # type: ignore[arg-type]
        mark = f"   target {'≥' if higher_is_better else '≤'} {target:g} {unit}  {'ok' if ok else 'MISSED'}"
    return f"{fig['name']:<66} {value:>10.3f} {unit}{mark}"


def _cle_en_main(quick: bool) -> Iterator[str]:
    """Clé en main's figures: its odds and normal player, and whole headless games beside
    the same scenario's under the Skirmish rules (above)."""
    from skirmish.bench import cle_en_main

    yield "# Clé en main: odds, the computer and whole games"
    for fig in cle_en_main.run(quick):
        yield _line(fig)
    games = games_per_second(GAMES_SCENARIO, 2 if quick else 4, cle_en_main.RULESET)
    yield _line(games | {"target": None})  # a figure to set beside Skirmish's, no target


def run_all(scenarios: list[str], *, quick: bool = False) -> Iterator[str]:
    paths = [Path(p) for p in scenarios] or sorted(SCENARIOS.glob("*.toml"))
    repeat = 5 if quick else 30
    yield "# geometry (medians)"
    boards = []
    for p in paths:
        scn = load_scenario(p)
        boards.append((scn.id, build_table(scn), deployed_discs(scn)))
    table, discs = geo.stress_board()
    boards.append((geo.STRESS_LABEL, table, discs))
    for fig in geo.run(boards, repeat=repeat):
        yield _line(fig)
    if not scenarios:  # the objective tables: their long route (their other queries cost as little)
        for p in sorted((SCENARIOS / "objectives").glob("*.toml")):
            scn = load_scenario(p)
            yield _line(geo.far_path(scn.id, build_table(scn), deployed_discs(scn)))
    yield "# set-up of large files (min / median of 3)"
    for fig in geo.set_up(3):
        yield _line(fig)
    yield "# whole games (CPU time of one process)"
    yield _line(games_per_second(GAMES_SCENARIO, 3 if quick else 8))
    # WFRP 2e's d100 tests and its ladder: a figure to set beside Skirmish's, no target
    yield _line(games_per_second(GAMES_SCENARIO, 2 if quick else 4, "wfrp2", None))
    # every KART 7 declaration is weighed on exact odds, even the easy player's: no target
    yield _line(games_per_second(GAMES_SCENARIO, 2 if quick else 4, "kart7", None))
    yield "# odds and computer players"
    from skirmish.bench import ai, wfrp2

    for fig in ai.run(quick):
        yield _line(fig)
    yield "# WFRP 2e: odds and the computer through the seam"
    for fig in wfrp2.run(quick):
        yield _line(fig)
    yield "# KART 7: odds over the unseen cards and the computer"
    from skirmish.bench import kart7

    for fig in kart7.run(quick):
        yield _line(fig)
    yield from _cle_en_main(quick)
    yield "# replay timeline (6-turn three-band game)"
    from skirmish.bench import replay

    for fig in replay.run():
        yield _line(fig)
    yield "# window"
    # What the figures above left in this process (tables, memos, games) is no part of a
    # player's window, whose own start-up heap ``skirmish play`` freezes out of the
    # collector's sight (App._started): frozen here too, its full collections do not fall
    # in the frames timed below.
    gc.collect()
    gc.freeze()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from skirmish.bench import frames
    except ImportError as e:  # pragma: no cover - only without the window's dependencies
        yield f"window figures unavailable: {e}"
        return
    for fig in frames.run(frames=60 if quick else 300):
        yield _line(fig)
