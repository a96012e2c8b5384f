"""The replay viewer, driven with synthetic events: the timeline's buttons and
keys, the panels in step with the position, bookmarks written into the file, exports,
continue-from-here, the menu entry and ``skirmish replay FILE``."""

from __future__ import annotations

import json

import pygame
import pytest

from skirmish.app.screens.replay_view import ReplayScreen
from skirmish.app.screens.table import TableScreen
from skirmish.cli import main
from skirmish.replay import record
from skirmish.replay.timeline import Timeline
from skirmish.rules import events as ev
from tests.app.drive import click, key, make_app, press, step, viewer
from tests.replay.games import replay_file


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """One three-band game (the last shipped scenario in name order)."""
    return replay_file(tmp_path_factory.mktemp("src"), 3, seed=5)


@pytest.fixture(scope="module")
def timeline(source):
    """That game loaded once, for the tests that only move through it in the viewer (each
    starts it at step 0): loading re-runs the whole game."""
    return Timeline.load(str(source))


@pytest.fixture
def replay_path(source, tmp_path):
    path = tmp_path / "brawl.replay.json"
    path.write_bytes(source.read_bytes())
    return path


def nav(app, name):
    return next(b for b, k in app.screen.nav.items() if k == name)


def top(app, name):
    return next(b for b, k in app.screen.top_buttons.items() if k == name)


def test_buttons_and_keys_move_the_timeline(timeline):
    app = viewer(timeline)
    scr = app.screen
    tl = scr.tl
    press(app, nav(app, "step_fwd"))
    press(app, nav(app, "step_fwd"))
    assert scr.position == 2
    press(app, nav(app, "step_back"))
    assert scr.position == 1
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scr.position == 3
    key(app, pygame.K_LEFT)
    assert scr.position == 2
    press(app, nav(app, "turn_fwd"))
    first_turn = tl.marks_of("turn")[0]
    assert scr.position == first_turn.step and scr.game.state.turn == 1
    press(app, nav(app, "act_fwd"))
    act = next(m for m in tl.marks_of("activation") if m.step > first_turn.step)
    assert scr.position == act.step and scr.game.state.active == act.figure
    press(app, nav(app, "wave_fwd"))
    wave = next(m for m in tl.marks_of("wave") if m.step > act.step)
    assert scr.position == wave.step
    key(app, pygame.K_3)
    assert tl.turn_at(scr.position) == 3
    key(app, pygame.K_PAGEUP)
    assert scr.position == tl.marks_of("turn")[1].step
    key(app, pygame.K_END)
    assert scr.position == tl.length and scr.game.over
    key(app, pygame.K_HOME)
    assert scr.position == 0
    assert scr.game.state_hash() == tl.hashes[0]


def test_play_pause_and_speed(timeline):
    app = viewer(timeline)
    scr = app.screen
    press(app, nav(app, "faster"))
    assert scr.speed == 4.0
    key(app, pygame.K_SPACE)
    assert scr.playing
    before = scr.position
    step(app, n=30)  # one second at 1/30 s a frame, 4 steps a second
    assert scr.position - before in (3, 4, 5)
    press(app, app.screen.play_button)
    assert not scr.playing
    held = scr.position
    step(app, n=10)
    assert scr.position == held
    key(app, pygame.K_MINUS)
    key(app, pygame.K_MINUS)
    assert scr.speed == 1.0


def test_timeline_bar_click_and_drag_seek(timeline):
    app = viewer(timeline)
    scr = app.screen
    bar = scr.timebar
    click(app, (bar.x_of(scr.tl.length // 2), bar.strip.centery))
    assert abs(scr.position - scr.tl.length // 2) <= 1
    a = (bar.x_of(10), bar.strip.centery)
    b = (bar.x_of(40), bar.strip.centery)
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))])
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    assert abs(scr.position - 10) <= 1
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))])
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert abs(scr.position - 40) <= 1
    assert scr.game.state_hash() == scr.tl.hashes[scr.position]


def test_log_tray_and_card_follow_the_position_R_SHOOT_HIT(timeline):
    """The log ends with the position's last event; the tray shows the last rolls up to
    the position (each with its rule, e.g. [R-SHOOT-HIT]); the card the active figure."""
    app = viewer(timeline)
    scr = app.screen
    tl = scr.tl
    shot = next(i for i, e in enumerate(tl.log)
                if isinstance(e, ev.Roll) and e.rule == "R-SHOOT-HIT")
    at = next(p for p, n in enumerate(tl.log_len) if n > shot)
    scr.seek(at)
    step(app)
    assert scr.log_at != at  # the text box waits for the position to rest…
    step(app, n=5)
    assert scr.log_at == at  # …then follows
    d = scr.describer()
    expected = [x for x in (d.line(e) for e in tl.events_until(at)) if x]
    assert scr.log.lines == expected[-len(scr.log.lines):]
    assert scr.log.lines[-1] == expected[-1]
    assert any(r.rule == "R-SHOOT-HIT" for r in scr.tray.rolls)
    assert all(r in tl.events_of(at) for r in scr.tray.rolls)
    act = tl.marks_of("activation")[2]
    scr.seek(act.step)
    step(app)
    assert act.figure in scr.card.box.html_text or \
        scr.game.state.figures[act.figure].name in scr.card.box.html_text


def test_bookmarks_are_written_listed_and_jump(replay_path):
    app = viewer(replay_path)
    scr = app.screen
    scr.seek(42)
    scr.label_entry.set_text("Ambush")
    scr.note_entry.set_text("watch the left flank")
    press(app, scr.mark_button)
    saved = record.load(replay_path)
    assert [(b.step, b.label, b.note) for b in saved.bookmarks] == [
        (42, "Ambush", "watch the left flank")]
    assert record.verify(saved, str(replay_path)) is None
    key(app, pygame.K_HOME)
    assert scr.label_entry.get_text() == ""
    item = scr.marks_list.item_list_container.elements[0]
    click(app, item.rect.center)
    step(app, pygame.event.get())  # the list posts its selection during that frame
    assert scr.position == 42
    assert scr.note_entry.get_text() == "watch the left flank"
    key(app, pygame.K_END)
    click(app, item.rect.center)  # the same item again: it jumps again
    step(app, pygame.event.get())
    assert scr.position == 42
    press(app, scr.unmark_button)
    assert record.load(replay_path).bookmarks == []


def test_exports_from_the_viewer(replay_path):
    app = viewer(replay_path)
    scr = app.screen
    scr.seek(30)
    press(app, top(app, "report"))
    press(app, top(app, "jsonl"))
    press(app, top(app, "png"))
    folder = replay_path.parent
    report = (folder / "brawl.report.md").read_text(encoding="utf-8")
    assert report.startswith("# Battle report") and "## Turn 6" in report
    assert "`[R-TURN-INIT]`" in report
    lines = (folder / "brawl.log.jsonl").read_text().splitlines()
    assert len(lines) == len(scr.tl.log)
    assert json.loads(lines[-1])["type"] == "game_ended"
    img = pygame.image.load(str(folder / "brawl.step-30.png"))
    assert img.get_width() == 1600


def test_continue_from_here_opens_a_branch_game(replay_path, tmp_path):
    raw = replay_path.read_bytes()
    app = viewer(replay_path)
    scr = app.screen
    tl = scr.tl
    at = tl.marks_of("turn")[2].step
    scr.seek(at)
    there = {f.id: f.pos for f in scr.game.state.figures.values()}
    press(app, top(app, "continue"))
    toggles = scr.continuer.toggles
    first = next(b for b, band in toggles.items() if band == scr.game.state.bands[0].id)
    was = scr.continuer.controllers[toggles[first]]
    press(app, first)
    assert scr.continuer.controllers[toggles[first]] != was
    controllers = dict(scr.continuer.controllers)
    press(app, scr.continuer.start)
    assert isinstance(app.screen, TableScreen)
    game = app.screen.game
    assert {f.id: f.pos for f in game.state.figures.values()} == there
    assert {b.id: b.controller for b in game.state.bands} == controllers
    assert replay_path.read_bytes() == raw
    saves = tmp_path / "saves"
    branch = saves / f"brawl.branch-{at}.json"
    assert branch.exists()
    assert record.verify(record.load(branch), str(branch)) is None


def test_language_switch_and_back_to_menu(timeline):
    app = viewer(timeline)
    press(app, top(app, "lang"))
    assert app.t.lang == "fr"
    assert "étape" in app.screen.title_line()
    key(app, pygame.K_ESCAPE)
    assert app.screen.name == "menu"


def test_menu_entry_lists_replays_and_opens_one(replay_path, tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "mine.replay.json").write_bytes(replay_path.read_bytes())
    (saves / "broken.json").write_text("{not json")
    app = make_app()
    press(app, app.screen.buttons["replay"])
    assert app.screen.name == "replay_pick"
    app.screen.path.set_text(str(saves / "broken.json"))
    press(app, app.screen.open)
    assert app.screen.name == "replay_pick"
    assert app.screen.error.startswith(f"{saves / 'broken.json'}: ")
    app.screen.path.set_text(str(saves / "mine.replay.json"))
    press(app, app.screen.open)
    assert isinstance(app.screen, ReplayScreen)


def test_cli_exports_and_bad_step(replay_path, tmp_path, capsys):
    md, jl, png = tmp_path / "r.md", tmp_path / "r.jsonl", tmp_path / "b.png"
    code = main(["replay", str(replay_path), "--report", str(md), "--jsonl", str(jl),
                 "--png", "25", str(png), "--lang", "fr"])
    assert code == 0
    assert md.read_text(encoding="utf-8").startswith("# Compte rendu de bataille")
    assert jl.read_text().count("\n") == len(Timeline.load(str(replay_path)).log)
    assert png.stat().st_size > 1000
    capsys.readouterr()
    code = main(["replay", str(replay_path), "--png", "99999", str(tmp_path / "x.png")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and err[0].startswith(f"{replay_path}: --png: step")
    assert not (tmp_path / "x.png").exists()


def test_cli_without_verify_opens_the_viewer(replay_path, monkeypatch):
    from skirmish.app.app import App

    seen = []

    def run(self):
        self.step([])
        seen.append(self.screen)
        return 0

    monkeypatch.setattr(App, "run", run)
    assert main(["replay", str(replay_path)]) == 0
    assert isinstance(seen[0], ReplayScreen) and seen[0].position == 0


def test_one_step_forward_slides_the_move_and_any_jump_skips_it(timeline):
    app = viewer(timeline, animate=True)
    scr = app.screen
    tl = scr.tl
    moved_at = next(p for p in range(1, tl.length + 1)
                    if any(isinstance(e, ev.Moved) and len(e.path) >= 2
                           for e in tl.events_of(p)))
    scr.seek(moved_at - 1)
    press(app, nav(app, "step_fwd"))
    assert scr.position == moved_at
    move = next(e for e in tl.events_of(moved_at) if isinstance(e, ev.Moved))
    assert scr.animator.busy and move.figure in scr.animator.positions()
    press(app, nav(app, "step_back"))
    assert not scr.animator.slides
    assert scr.game.state_hash() == tl.hashes[moved_at - 1]


def test_seeking_back_and_forth_refills_the_log_without_rendering_seen_lines_again_R_SHOOT_HIT(
        timeline):
    """A seek refills the log with the lines up to the position; lines
    already drawn once keep their surfaces, so going back to a position renders nothing."""
    app = viewer(timeline)
    scr = app.screen
    end = scr.tl.length
    for p in (end, end // 2, end):
        scr.seek(p)
        step(app, n=10)
        assert scr.log_at == p
    renders = scr.log.renders
    for p in (end // 2, end):
        scr.seek(p)
        step(app, n=10)
    assert scr.log.renders == renders
    assert any(x.startswith("[R-SHOOT-HIT]") for x in scr.log.lines)
