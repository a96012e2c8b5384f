"""Window frame times: the battle screen with every overlay on, and start to first frame.

Headless (SDL's dummy driver): what is timed is the app's own work for one frame —
input, widgets, board, panels — up to ``display.flip``, which the window's compositor
does and the dummy driver skips.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from skirmish.locations import SCENARIOS

SCENARIO = SCENARIOS / "street_fight.toml"
TARGET_MEAN_MS = 1.5
TARGET_P99_MS = 4.0
TARGET_FIRST_FRAME_S = 0.5

_FIRST_FRAME = """
import time
t0 = time.perf_counter()
from skirmish.app.app import App
from skirmish.app.config import AppConfig
app = App(AppConfig(scenario={path!r}, fixed_dt=1 / 60))
app.step([])
print(time.perf_counter() - t0)
app.screen.wait()
app.step([])
print(time.perf_counter() - t0)
"""


def _figure(name: str, value: float, unit: str, target: float | None) -> dict[str, object]:
    return {"name": name, "value": round(value, 3), "unit": unit, "target": target}


def start_times(scenario: Path = SCENARIO) -> tuple[float, float]:
    """Seconds from a fresh interpreter to the first frame, and to the first board frame."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", _FIRST_FRAME.format(path=str(scenario))],
                         capture_output=True, text=True, env=env, check=True,
                         cwd=SCENARIOS.parent)
    first, board = (float(x) for x in out.stdout.split()[-2:])
    return first, board


def battle_app(scenario: Path = SCENARIO, size: tuple[int, int] = (1280, 720)) -> Any:
    """An app on the battle screen mid-turn with every overlay showing: a figure active
    with its Walk reach shaded and a path under the pointer, the grid, the legend, the
    measuring tape, the damage table, a full log and dice tray."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from skirmish.app.app import App
    from skirmish.app.config import AppConfig
    from skirmish.app.screens.table_actions import choose_tool
    from skirmish.rules import commands as c

    app = App(AppConfig(size=size, scenario=str(scenario), fixed_dt=1 / 60, animate=False))
    app.screen.wait()  # type: ignore[attr-defined]
    app.step([])
    screen = app.screen
    session = screen.session  # type: ignore[attr-defined]
    game = session.game
    for band in list(game.state.deploy_order):
        session.submit(c.AutoDeploy(band=band))
        session.submit(c.EndDeployment(band=band))
    screen.seat = session.to_act  # type: ignore[attr-defined]
    fid = sorted(screen._ready())[0]  # type: ignore[attr-defined]
    screen.selected = fid  # type: ignore[attr-defined]
    session.submit(c.Activate(figure=fid))
    app.step([])
    choose_tool(screen, "walk")  # type: ignore[arg-type]
    screen.show_damage = True  # type: ignore[attr-defined]
    me = game.state.figures[fid]
    goal = (me.x + 3.0, me.y + 3.0 if me.y < game.state.height / 2 else me.y - 3.0)
    screen.tape = ((2.0, 2.0), (20.0, 14.0))  # type: ignore[attr-defined]
    pos = screen.camera.to_screen(goal)  # type: ignore[attr-defined]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    return app


def battle_frames(frames: int = 300, size: tuple[int, int] = (1280, 720)) -> list[float]:
    """Milliseconds per frame (before the flip) on the battle screen, overlays on."""
    app = battle_app(size=size)
    for _ in range(20):  # warm the caches (text, static layer, reach surface)
        app.step([])
    times = [app.step([]) for _ in range(frames)]
    return times


def moving_pointer_frames(frames: int = 300) -> list[float]:
    """Milliseconds per frame while the pointer circles the walker: every frame asks the
    reach for a new path (geometry time, shown for information)."""
    import math

    import pygame

    app = battle_app()
    screen = app.screen
    me = screen.state.figures[screen.state.active]  # type: ignore[attr-defined]
    times = []
    for i in range(frames):
        a = i / frames * math.tau
        pos = screen.camera.to_screen((me.x + 5 * math.cos(a), me.y + 5 * math.sin(a)))  # type: ignore[attr-defined]
        times.append(app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                  buttons=(0, 0, 0))]))
    return times


def run(frames: int = 300) -> list[dict[str, object]]:
    """The figures with their targets (name, value, unit, target)."""
    out = []
    for size in ((1280, 720), (1920, 1080)):
        times = sorted(battle_frames(frames, size))
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        label = f"battle frame {size[0]}x{size[1]}, all overlays"
        out.append(_figure(f"{label}, mean", statistics.fmean(times), "ms", TARGET_MEAN_MS))
        out.append(_figure(f"{label}, p99", p99, "ms", TARGET_P99_MS))
    moving = sorted(moving_pointer_frames(frames))
    out.append(_figure("battle frame 1280x720, pointer moving (new path each frame), mean",
                       statistics.fmean(moving), "ms", None))
    first, board = start_times()
    out.append(_figure("start to first frame", first, "s", TARGET_FIRST_FRAME_S))
    out.append(_figure("start to first board frame (scenario loaded)", board, "s", None))
    return out


def main() -> None:
    t0 = time.perf_counter()
    for fig in run():
        target = "" if fig["target"] is None else f"  (target ≤ {fig['target']})"
        print(f"{fig['name']}: {fig['value']} {fig['unit']}{target}")
    print(f"({time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
