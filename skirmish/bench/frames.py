"""Window frame times: the battle screen with every overlay on, while panning, while the
pointer moves, with a long log, in frames where a new log line arrives, and start to first
frame.

Headless (SDL's dummy driver): what is timed is the app's own work for one frame —
input, widgets, board, panels — up to ``display.flip``, which the window's compositor
does and the dummy driver skips.

A steady frame keeps the board as last drawn (``app/board/memo.py``), a picture for each
width of the active figure's pulsing ring, so it draws the board in full only while the
memo fills; a panning frame blits the picture a drag keeps of the board and a margin
round it (``app/board/pan.py``), drawn once per drag and again each time a long drag
passes its margin (timed apart, no target: the worst a pan meets), and while nothing round
the board changes the frame draws no more of the window than the board
(``TablePainter.region``); pointer-moving frames
draw the board in full every frame, the worst a player meets. Beside each steady and
panning figure, its CPU time: on a shared machine the wall time also counts the time
other processes held the core.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the window's libraries load only when its figures are timed
    import pygame

from skirmish.locations import SCENARIOS

SCENARIO = SCENARIOS / "street_fight.toml"
SIZES = ((1280, 720), (1920, 1080))
#: Targets per window size: steady mean, panning mean, pointer-moving mean (ms).
TARGET_MEAN_MS = {SIZES[0]: 1.5, SIZES[1]: 2.5}
TARGET_PAN_MS = {SIZES[0]: 2.0, SIZES[1]: 4.0}
TARGET_POINTER_MS = {SIZES[0]: 4.0, SIZES[1]: 6.0}
TARGET_P99_MS = 4.0
TARGET_FIRST_FRAME_S = 0.5

#: ``skirmish play SCENARIO`` as the command line runs it (the loop waiting on input as
#: a player's does), timed to its first flip (the loading screen) and to the first flip
#: with the board on it; then the CPU time this process used to get there.
_START = """
import sys, time
t0 = time.perf_counter()
import pygame
_flip = pygame.display.flip
seen, apps = [], []
def flip():
    _flip()
    if not seen:  # the App is built: watch its screens from the next frame on
        seen.append(time.perf_counter() - t0)
        App = sys.modules["skirmish.app.app"].App
        step = App.step
        def watched(self, *a, **k):
            apps[:] = [self]
            return step(self, *a, **k)
        App.step = watched
    elif len(seen) == 1 and apps and hasattr(apps[0].screen, "board_rect"):
        seen.append(time.perf_counter() - t0)
        apps[0].running = False
pygame.display.flip = flip
from skirmish.cli import main
main(["play", {path!r}])
print(seen[0], seen[1], time.process_time())
"""

#: A fresh interpreter that imports ``modules``, opens a window and flips it once: the
#: floor of the start-up, timed the same way.
_WINDOW_START = """
import time
t0 = time.perf_counter()
import {modules}
pygame.display.init()
pygame.display.set_mode((1280, 720))
pygame.display.flip()
print(time.perf_counter() - t0)
"""
#: The floor of any pygame window.
_BASELINE_START = _WINDOW_START.format(modules="pygame")
#: The floor of a window that draws this board: the libraries the board is drawn and
#: measured with imported first. What ``skirmish play`` takes beyond it is the program's
#: own start-up (its modules, the rulebook, the checks, the first frames).
_LIBRARIES_START = _WINDOW_START.format(
    modules="pygame, numpy, pygame_gui, shapely, pymunk, msgspec")
#: Seconds ``skirmish play`` may take to show its board before the bench gives it up.
START_TIMEOUT_S = 60.0


def _figure(name: str, value: float, unit: str, target: float | None) -> dict[str, object]:
    return {"name": name, "value": round(value, 3), "unit": unit, "target": target}


#: The window left alone for two seconds, as a player runs it: CPU used, in % of a core.
_IDLE = """
import resource, time
from skirmish.app.app import App
from skirmish.app.config import AppConfig
app = App(AppConfig(scenario={scenario}))
if hasattr(app.screen, "wait"):
    app.screen.wait()
for _ in range(90):  # the table's opening banner fades
    app.step()
c0 = resource.getrusage(resource.RUSAGE_SELF)
t0 = time.perf_counter()
while time.perf_counter() - t0 < 2.0:
    app.wait_if_idle()
    app.step()
c1 = resource.getrusage(resource.RUSAGE_SELF)
cpu = c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime
print(100 * cpu / (time.perf_counter() - t0))
"""
TARGET_IDLE_CPU = 5.0


def _headless_env() -> dict[str, str]:
    """The environment of a timed ``skirmish`` process: no window, no sound device, and
    Python's bytecode caches written even where the environment turns them off
    (PYTHONDONTWRITEBYTECODE), as an installed program has them: else every run compiles
    the program again, a second or more of a start-up a player never waits for."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def idle_cpu(scenario: Path | None = None) -> float:
    """Percent of one core the idle window uses (the menu, or a table at rest)."""
    env = _headless_env()
    script = _IDLE.format(scenario=repr(str(scenario)) if scenario else None)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=env, check=True, cwd=SCENARIOS.parent)
    return float(out.stdout.split()[-1])


def start_times(scenario: Path = SCENARIO) -> tuple[float, float, float, float, float]:
    """Seconds from a fresh interpreter to the first frame of ``skirmish play`` (the
    loading screen), to its first frame with the board, and the CPU seconds used to get
    there; then the baselines' seconds (:data:`_BASELINE_START`,
    :data:`_LIBRARIES_START`), timed just after."""
    env = _headless_env()

    def last_line(script: str) -> list[float]:
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             env=env, check=True, cwd=SCENARIOS.parent, timeout=START_TIMEOUT_S)
        return [float(x) for x in out.stdout.splitlines()[-1].split()]

    first, board, cpu = last_line(_START.format(path=str(scenario)))
    (base,) = last_line(_BASELINE_START)
    (libraries,) = last_line(_LIBRARIES_START)
    return first, board, cpu, base, libraries


def blit_ms(size: tuple[int, int], repeat: int = 200) -> float:
    """The frames' baseline: milliseconds to blit one window-sized picture onto a window
    of ``size`` (median of ``repeat``), the least a frame that shows a new picture costs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.display.init()
    window = pygame.display.set_mode(size)
    picture = pygame.Surface(size).convert()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        window.blit(picture, (0, 0))
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


#: Runs of each measure: its figures are the min and the median of them.
RUNS = 3


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


def _step(app: Any, events: list[Any], cpu: list[float] | None) -> float:
    """One frame's milliseconds before the flip; into ``cpu``, the CPU milliseconds this
    thread spent on it, which other processes on a shared machine do not inflate as much
    as the wall time (they take the core away, not the work)."""
    c0 = time.thread_time()
    wall = app.step(events)
    if cpu is not None:
        cpu.append((time.thread_time() - c0) * 1000)
    return wall


def battle_frames(frames: int = 300, size: tuple[int, int] = (1280, 720),
                  log_lines: int = 0, cpu: list[float] | None = None) -> list[float]:
    """Milliseconds per frame (before the flip) on the battle screen, overlays on; with
    ``log_lines``, the game log first holds that many lines; ``cpu`` collects each frame's
    CPU milliseconds (:func:`_step`)."""
    app = battle_app(size=size)
    if log_lines:
        screen = app.screen
        extra = [f"T1 W1 filler line {i}: Grishnak walks 7.5 pas" for i in range(log_lines)]
        screen.log_lines.extend(extra)  # type: ignore[attr-defined]
        screen.log.add(extra)  # type: ignore[attr-defined]
    for _ in range(20):  # warm the caches (text, static layer, reach surface)
        app.step([])
    times = [_step(app, [], cpu) for _ in range(frames)]
    return times


def log_line_frames(frames: int = 300, size: tuple[int, int] = (1280, 720),
                    log_lines: int = 500) -> list[float]:
    """Milliseconds per frame in which a new log line arrives, the log already holding
    ``log_lines``: the line is added as the battle screen adds an engine event's words
    (``_ingest``), and its cost is counted in the frame with the frame's drawing."""
    app = battle_app(size=size)
    screen = app.screen
    filler = "T1 W1 [R-SHOOT-HIT] Grishnak tire sur Bob : 4 · 4+ → ✓ touché, line {}"
    first = [filler.format(i) for i in range(log_lines)]
    screen.log_lines.extend(first)  # type: ignore[attr-defined]
    screen.log.add(first)  # type: ignore[attr-defined]
    for _ in range(20):
        app.step([])
    times = []
    for i in range(frames):
        t0 = time.perf_counter()
        line = [filler.format(log_lines + i)]
        screen.log_lines.extend(line)  # type: ignore[attr-defined]
        screen.log.add(line)  # type: ignore[attr-defined]
        added = (time.perf_counter() - t0) * 1000
        times.append(added + app.step([]))
    return times


def _drag_frames(size: tuple[int, int], path: Callable[[pygame.Rect], Iterator[tuple[int, int]]],
                 cpu: list[float] | None) -> list[float]:
    """Milliseconds per frame while the board is dragged with the middle button from its
    centre through the pointer positions ``path`` gives for the board's rectangle,
    overlays on; ``cpu`` collects each frame's CPU milliseconds."""
    import pygame

    app = battle_app(size=size)
    for _ in range(20):
        app.step([])
    board = app.screen.board_rect  # type: ignore[attr-defined]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=board.center, button=2)])
    times, pos = [], board.center
    for pos in path(board):
        times.append(_step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                    buttons=(0, 1, 0))], cpu))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=2)])
    return times


def panning_frames(frames: int = 300, size: tuple[int, int] = (1280, 720),
                   cpu: list[float] | None = None) -> list[float]:
    """Milliseconds per frame while the board is dragged back and forth near its centre:
    the drag's picture of the board is reused, not redrawn."""
    import math

    def path(board: pygame.Rect) -> Iterator[tuple[int, int]]:
        cx, cy = board.center
        for i in range(frames):
            yield cx + round(60 * math.sin(i / 15)), cy + round(40 * math.cos(i / 20))

    return _drag_frames(size, path, cpu)


#: Pixels a long drag moves the pointer each frame: a brisk sweep across the board.
LONG_DRAG_STEP = 16


def long_drag_frames(frames: int = 300, size: tuple[int, int] = (1280, 720),
                     cpu: list[float] | None = None) -> list[float]:
    """Milliseconds per frame while the board is dragged from side to side across the
    window, :data:`LONG_DRAG_STEP` pixels a frame: the drag goes past the picture's
    margin (``app/board/pan.py``) every few dozen frames, each time drawing a new
    picture, the worst a pan meets."""

    def path(board: pygame.Rect) -> Iterator[tuple[int, int]]:
        reach = board.w // 2 - 2 * LONG_DRAG_STEP
        x, way = board.centerx, 1
        for _ in range(frames):
            if abs(x + way * LONG_DRAG_STEP - board.centerx) > reach:
                way = -way
            x += way * LONG_DRAG_STEP
            yield x, board.centery

    return _drag_frames(size, path, cpu)


def moving_pointer_frames(frames: int = 300, size: tuple[int, int] = (1280, 720)) -> list[float]:
    """Milliseconds per frame while the pointer circles the walker: every frame asks the
    reach for a new path and the labels are placed anew."""
    import math

    import pygame

    app = battle_app(size=size)
    screen = app.screen
    me = screen.state.figures[screen.state.active]  # type: ignore[attr-defined]
    times = []
    for i in range(frames):
        a = i / frames * math.tau
        pos = screen.camera.to_screen((me.x + 5 * math.cos(a), me.y + 5 * math.sin(a)))  # type: ignore[attr-defined]
        times.append(app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                  buttons=(0, 0, 0))]))
    return times


def _stats(name: str, runs: list[list[float]], target: float | None, base: float,
           p99: bool = False) -> list[dict[str, object]]:
    """Each run's mean (and 99th percentile): their min and median, and the median as a
    ratio to ``base`` (:func:`blit_ms`, timed in the same run). Without a ``target`` (the
    CPU figures, which explain the wall times) the p99 has none either."""
    means = [statistics.fmean(times) for times in runs]
    out = [_min_median(f"{name}, mean", means, "ms", target, base)]
    if p99:
        tails = [sorted(t)[min(len(t) - 1, int(len(t) * 0.99))] for t in runs]
        out.append(_min_median(f"{name}, p99", tails, "ms",
                               None if target is None else TARGET_P99_MS, base))
    return out


def run(frames: int = 300) -> list[dict[str, object]]:
    """The figures with their targets (name, value, unit, target): each the median of
    :data:`RUNS` runs, the min and the ratio to the baseline said in its name. The battle
    frames draw the street fight's miniatures, every overlay on."""
    out = []
    for size in SIZES:
        tag = f"{size[0]}x{size[1]}"
        base = blit_ms(size)
        out.append(_figure(f"baseline {tag}: one window-sized blit (median)", base, "ms", None))
        cpu: list[list[float]] = [[] for _ in range(RUNS)]
        out += _stats(f"battle frame {tag}, all overlays",
                      [battle_frames(frames, size, cpu=c) for c in cpu],
                      TARGET_MEAN_MS[size], base, p99=True)
        out += _stats(f"battle frame {tag}, all overlays, CPU", cpu, None, base, p99=True)
        cpu = [[] for _ in range(RUNS)]
        out += _stats(f"battle frame {tag}, panning",
                      [panning_frames(frames, size, cpu=c) for c in cpu],
                      TARGET_PAN_MS[size], base, p99=True)
        out += _stats(f"battle frame {tag}, panning, CPU", cpu, None, base, p99=True)
        cpu = [[] for _ in range(RUNS)]
        runs = [long_drag_frames(frames, size, cpu=c) for c in cpu]
        out += _stats(f"battle frame {tag}, a long drag (past the picture's margin)", runs,
                      None, base, p99=True)
        out.append(_min_median(f"battle frame {tag}, a long drag, worst frame",
                               [max(t) for t in runs], "ms", None, base))
        out += _stats(f"battle frame {tag}, a long drag, CPU", cpu, None, base, p99=True)
        out += _stats(f"battle frame {tag}, pointer moving (new path each frame)",
                      [moving_pointer_frames(frames, size) for _ in range(RUNS)],
                      TARGET_POINTER_MS[size], base)
        if size == SIZES[0]:
            out += _stats("battle frame 1280x720, 500 log lines",
                          [battle_frames(frames, log_lines=500) for _ in range(RUNS)],
                          TARGET_MEAN_MS[size], base, p99=True)
        out += _stats(f"battle frame {tag}, 500 log lines, a new line each frame",
                      [log_line_frames(frames, size) for _ in range(RUNS)],
                      TARGET_MEAN_MS[size], base, p99=True)
    out.append(_figure("idle menu, CPU", idle_cpu(), "% of a core", TARGET_IDLE_CPU))
    out.append(_figure("idle table (hand-off waiting), CPU", idle_cpu(SCENARIO), "% of a core",
                       TARGET_IDLE_CPU))
    starts = [start_times() for _ in range(RUNS)]
    base = statistics.median(b for *_, b, _ in starts)
    out.append(_figure("baseline: a fresh interpreter opens a pygame window (median)", base,
                       "s", None))
    out.append(_figure("baseline: the same after importing numpy, pygame_gui, shapely, pymunk "
                       "and msgspec (median)", statistics.median(s[-1] for s in starts), "s",
                       None))
    out.append(_min_median("skirmish play: start to first frame (loading)",
                           [s[0] for s in starts], "s", None, base))
    out.append(_min_median("skirmish play: start to first frame with the board",
                           [s[1] for s in starts], "s", TARGET_FIRST_FRAME_S, base))
    out.append(_min_median("skirmish play: CPU time to the board", [s[2] for s in starts],
                           "s", None, base))
    return out


def _min_median(name: str, values: list[float], unit: str, target: float | None,
                base: float | None = None) -> dict[str, object]:
    """The median of ``values``, the min said in the name (and the median's ratio to
    ``base``, a baseline timed in the same run)."""
    ratio = f"; {statistics.median(values) / base:.2f}× baseline" if base else ""
    return _figure(f"{name} (min {min(values):.3f} / median of {len(values)}{ratio})",
                   statistics.median(values), unit, target)


def main() -> None:
    t0 = time.perf_counter()
    for fig in run():
        target = "" if fig["target"] is None else f"  (target ≤ {fig['target']})"
        print(f"{fig['name']}: {fig['value']} {fig['unit']}{target}")
    print(f"({time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
