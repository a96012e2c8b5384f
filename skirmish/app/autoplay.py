"""``skirmish play SCENARIO --autoplay``: computer players on every band, on screen
(headless under the dummy driver), PNGs of the board at key moments and frame times.

A smoke test of the whole window: every panel is drawn every frame while the engine is
driven exactly as in a real game."""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from skirmish.app.config import AppConfig

#: Engine events worth a picture, and how many of each.
MOMENTS = {"DeploymentEnded": 1, "TurnStarted": 3, "ShotResolved": 2, "Reaction": 2,
           "OutOfAction": 2, "GameEnded": 1}


def run_autoplay(config: AppConfig) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from skirmish.app.app import App
    from skirmish.app.screens.table import TableScreen

    t0 = time.perf_counter()
    config.fixed_dt = config.fixed_dt or 1 / 30
    config.ai_delay = 0.0
    config.animate = config.screenshot_dir is not None
    if config.scenario:
        from skirmish.content.loading import load_scenario

        scenario = load_scenario(config.scenario)
        config.controllers = {b.warband.id: "computer" for b in scenario.bands}
    app = App(config)
    out = Path(config.screenshot_dir) if config.screenshot_dir else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    taken: dict[str, int] = {}
    times: list[float] = []
    frames = config.frames or 3000
    first_frame = None
    shots = 0
    for i in range(frames):
        ms = app.step([])
        if first_frame is None:
            first_frame = time.perf_counter() - t0
            wait = getattr(app.screen, "wait", None)
            if wait is not None:  # the scenario loads in the background
                wait()
                ms = app.step([])
        # the computer players' thinking is engine time, not drawing: leave it out
        times.append(ms - getattr(app.screen, "engine_ms", 0.0))
        screen = app.screen
        moments = screen.moments if isinstance(screen, TableScreen) else []
        due = [m for m in moments if taken.get(m, 0) < MOMENTS.get(m, 0)]
        if isinstance(screen, TableScreen):
            screen.moments = []
        if out is not None and (i == 0 or due or screen.name == "results"):
            tag = due[0] if due else ("start" if i == 0 else screen.name)
            if screen.name != "results" or taken.get("results", 0) < 1:
                if due:
                    # let the animation of the moment play for a few frames first
                    for _ in range(8):
                        times.append(app.step([]))
                pygame.image.save(app.window, str(out / f"{shots:02d}-{tag}.png"))
                shots += 1
                taken[tag] = taken.get(tag, 0) + 1
        if screen.name == "results" and taken.get("results", 0) >= 1 or not app.running:
            break
        if app.exit_status:  # the file was refused: its one line is printed, no game to run
            break
    if app.exit_status:
        return app.exit_status
    times.sort()
    mean = statistics.fmean(times) if times else 0.0
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0
    print(f"frames {len(times)}  mean {mean:.2f} ms  p99 {p99:.2f} ms  "
          f"(drawing and input, before display.flip; computer players' moves excluded)  "
          f"first frame after {first_frame or 0:.2f} s  "
          f"screen: {app.screen.name}  screenshots: {shots}")
    return 0
