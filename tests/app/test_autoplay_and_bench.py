"""The headless smoke mode and the frame-time benchmark."""

import gc

from skirmish.bench import frames
from skirmish.cli import main


def test_autoplay_saves_screenshots_and_prints_frame_times(tmp_path, capsys):
    out = tmp_path / "shots"
    code = main(["play", "scenarios/street_fight.toml", "--autoplay", "--frames", "120",
                 "--screenshot", str(out), "--seed", "3"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "mean" in printed and "p99" in printed and "first frame" in printed
    pngs = sorted(out.glob("*.png"))
    assert pngs and pngs[0].name.endswith("start.png")


def test_bad_window_size_is_one_line_not_a_traceback(capsys):
    try:
        main(["play", "--size", "big"])
    except SystemExit as e:
        assert e.code == 2
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


def test_battle_frame_benchmark_reports_positive_times():
    times = frames.battle_frames(frames=20)
    assert len(times) == 20 and all(t > 0 for t in times)
    app = frames.battle_app()
    screen = app.screen
    assert screen.name == "battle" and screen.tool is not None and screen.show_damage


def test_frame_benchmark_also_times_each_frame_on_the_cpu():
    """On a shared machine other processes take the core away mid-frame: each frame's CPU
    time is collected beside its wall time, one per frame, never more than the wall time
    by more than the clocks' grain."""
    for measure in (frames.battle_frames, frames.panning_frames, frames.long_drag_frames):
        cpu: list[float] = []
        wall = measure(20, cpu=cpu)
        assert len(cpu) == len(wall) == 20
        assert all(0 < c <= w + 1.0 for c, w in zip(cpu, wall, strict=True))


def test_start_benchmark_times_skirmish_play_to_its_board():
    """``skirmish play SCENARIO`` as a player runs it: the loading screen first, the board
    after it, and two baselines timed in the same run: a bare pygame window, and one
    opened after importing the libraries the board needs."""
    first, board, cpu, base, libraries = frames.start_times()
    assert 0 < first < board and cpu > 0 and 0 < base < libraries


def test_the_loading_thread_wakes_the_window_when_done():
    """The window sleeps between frames of the loading screen; the loading thread's event
    wakes it as soon as the game is ready, rather than up to a tenth of a second later."""
    import pygame

    from skirmish.app.screens.loading import LOADED
    from tests.app.drive import make_app

    make_app(scenario="scenarios/street_fight.toml")
    assert pygame.event.get(LOADED)


def test_play_leaves_the_collector_on_whatever_happens(tmp_path, capsys):
    """``skirmish play`` pauses the collector while the window starts (see
    tests/app/test_start_up_collector.py) and leaves it on, nothing frozen, when it
    returns, the window closed or the file refused."""
    code = main(["play", "scenarios/street_fight.toml", "--autoplay", "--frames", "30"])
    assert code == 0 and gc.isenabled() and gc.get_freeze_count() == 0
    broken = tmp_path / "broken.toml"
    broken.write_text("[scenario\n", encoding="utf-8")
    assert main(["play", str(broken), "--frames", "30"]) == 1  # refused on the loading screen
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert "broken.toml" in capsys.readouterr().err


def test_timed_start_ups_use_bytecode_caches_as_an_installed_program_does(monkeypatch):
    """A timed ``skirmish play`` writes and reads Python's bytecode caches even where the
    environment turns them off: else each run compiles the whole program again."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    env = frames._headless_env()
    assert "PYTHONDONTWRITEBYTECODE" not in env
    assert env["SDL_VIDEODRIVER"] == env["SDL_AUDIODRIVER"] == "dummy"
