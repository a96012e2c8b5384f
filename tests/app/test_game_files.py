"""Load game and Watch a replay say why a file is refused where it is seen, list what
each file holds (the campaigns' games too), flag an unreadable one and tell saves of one
game apart; the viewer plays at the speed it says."""

from __future__ import annotations

import pygame
import pytest

from skirmish.app import routes
from skirmish.app.paths import campaigns_dir, saves_dir
from skirmish.app.saves import new_save_path
from skirmish.app.session import Session
from tests.app.drive import drawn_texts, duel, press, step, viewer
from tests.replay.games import replay_file


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    return replay_file(tmp_path_factory.mktemp("src"), 1, seed=5)


def three_saves_and_a_broken_file() -> None:
    saves_dir().mkdir(parents=True, exist_ok=True)
    for seed in (3, 4, 5):
        Session.new(duel(), seed, None, {}).save(new_save_path("duel"))
    (saves_dir() / "broken.json").write_text("{not json")


@pytest.mark.parametrize("route", [routes.LoadGame(), routes.ReplayPick()])
def test_a_refused_file_says_why_where_it_is_seen(app_factory, monkeypatch, route) -> None:
    three_saves_and_a_broken_file()
    app = app_factory(size=(960, 600))
    app.open(route)
    step(app)
    screen = app.screen
    screen.path.set_text(str(saves_dir() / "broken.json"))
    press(app, screen.action)
    assert app.screen is screen and "not valid JSON" in screen.error
    drawn = drawn_texts(monkeypatch)
    step(app)
    said = [(t, r) for t, r in drawn if "JSON" in t]
    assert said, drawn
    for _, rect in said:  # in the window, clear of the list and the path field
        assert app.window.get_rect().contains(rect)
        assert not rect.colliderect(screen.path.rect) and not rect.colliderect(screen.list.rect)


@pytest.mark.parametrize("route", [routes.LoadGame(), routes.ReplayPick()])
def test_rows_tell_saves_apart_and_flag_unreadable_files(app_factory, route) -> None:
    three_saves_and_a_broken_file()
    app = app_factory(lang="fr")
    app.open(route)
    step(app)
    rows = list(app.screen.rows)
    assert len(rows) == 4
    duels = [r for r in rows if r.startswith("Duel · Skirmish · tour 1")]
    assert len(duels) == 3 and len(set(duels)) == 3
    assert {r.rsplit("(", 1)[1] for r in duels} == {"duel-001.json)", "duel-002.json)",
                                                    "duel-003.json)"}
    assert [r for r in rows if r.startswith("⚠ broken.json")]
    assert not [r for r in rows if str(saves_dir()) in r]  # no full paths


def test_the_replay_list_finds_the_campaigns_games(app_factory, source) -> None:
    campaigns_dir().mkdir(parents=True)
    (campaigns_dir() / "war.json").write_text("{}")  # the campaign itself: not a replay
    (campaigns_dir() / "war-game-01.replay.json").write_bytes(source.read_bytes())
    (campaigns_dir() / "war-game-01.jsonl").write_text("")
    app = app_factory()
    app.open(routes.ReplayPick())
    step(app)
    assert list(app.screen.rows.values()) == [str(campaigns_dir() / "war-game-01.replay.json")]
    row = next(iter(app.screen.rows))
    assert "(war-game-01.replay.json)" in row and "game over" in row
    press(app, app.screen.action)
    assert app.screen.name == "replay"


def test_play_keeps_its_speed_while_steps_animate(source) -> None:
    """At 1 step/s, three seconds of frames show three steps, moves and dice animated:
    play waited for each animation, and ran at a fraction of the speed it said."""
    app = viewer(source, animate=True)
    screen = app.screen
    screen.speed_i = 1
    assert screen.speed == 1.0
    screen.set_playing(True)
    for _ in range(95):  # 95 frames of 1/30 s
        step(app)
    assert screen.position == 3
    app.step([], dt=2.0)  # one slow frame: two steps' worth of time
    assert screen.position == 5
    assert not pygame.event.peek(pygame.QUIT)


def test_play_follows_the_wall_clock_on_a_slow_machine(source, monkeypatch) -> None:
    """In real time a frame's step is capped at 0.1 s: frames one second apart played
    "1 step/s" at a tenth of that speed; the viewer's play now reads the wall clock."""
    from skirmish.app.screens import replay_view

    app = viewer(source, fixed_dt=None)
    screen = app.screen
    screen.speed_i = 1
    assert screen.speed == 1.0
    now = [100.0]
    monkeypatch.setattr(replay_view.time, "perf_counter", lambda: now[0])
    screen.set_playing(True)
    for _ in range(4):  # each frame comes a second after the last, its step cut to 0.1 s
        app.step([], dt=0.1)
        now[0] += 1.0
    assert screen.position == 3  # the first frame starts the clock
