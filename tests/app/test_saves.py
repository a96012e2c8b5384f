"""Never lose a game: saves that fail say why and keep the game,
file names never come from raw ids, loads check every hash, autosaves, the load list."""

import json
import os
import stat
import time

import msgspec
import pygame
import pytest

from skirmish.app import AppConfig, main
from skirmish.app.panels import log as log_panel
from skirmish.app.session import Session
from skirmish.content.errors import ContentError
from skirmish.replay import files
from tests.app.drive import (
    activate_first,
    click,
    duel,
    key,
    make_app,
    on_board,
    pin_log,
    press,
    step,
    table_app,
)
from tests.app.spots import walk_into_spot


def walked(app):
    """Activate a figure and walk it 3 pas (a game worth saving)."""
    screen = app.screen
    activate_first(app)
    key(app, pygame.K_w)
    f = screen.state.figures[screen.state.active]
    click(app, on_board(app, (f.x + 3, f.y)))
    return screen


def test_saves_folder_that_is_a_file_says_why_and_offers_another_place(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("SKIRMISH_SAVES", str(blocker))
    app = table_app(duel())
    screen = walked(app)
    key(app, pygame.K_F5)
    assert app.running and app.screen is screen
    assert screen.save_as is not None and screen.save_as.panel is not None
    assert "Could not save" in screen.toast[0]
    elsewhere = tmp_path / "elsewhere" / "mine.json"
    screen.save_as.entry.set_text(str(elsewhere))
    press(app, screen.save_as.save_button)
    assert screen.save_as is None and elsewhere.is_file()
    assert Session.load(elsewhere).game.state_hash() == screen.game.state_hash()
    assert blocker.read_text() == "x"


@pytest.mark.parametrize("sid", ["../../escaped/x", "x" * 300, "bad\x00id", "\n\x1b[31m"])
def test_save_names_come_from_a_slug_never_the_raw_id(tmp_path, sid):
    app = table_app(msgspec.structs.replace(duel(), id=sid))
    screen = walked(app)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_F5)
    saves = sorted((tmp_path / "saves").iterdir())
    assert len(saves) == 2, saves
    assert [p.name for p in saves] == sorted(p.name for p in saves)
    for p in saves:
        assert len(p.name) < 60 and all(c.isalnum() or c in "-." for c in p.name)
    assert not (tmp_path / "escaped").exists() and screen.save_as is None


def test_failed_write_leaves_the_previous_save_byte_identical(tmp_path, monkeypatch):
    app = table_app(duel())
    screen = walked(app)
    target = tmp_path / "keep.json"
    assert screen.save_game(target) == target
    before = target.read_bytes()
    key(app, pygame.K_RETURN)  # end the activation: the game moved on

    def crash(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", crash)
    assert screen.save_game(target) is None
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert "No space left" in screen.save_as.problem and app.running


def test_saves_follow_the_umask_and_orphan_temporaries_are_cleaned_on_start(tmp_path):
    old = os.umask(0o022)
    try:
        app = table_app(duel())
        saved = walked(app).save_game()
    finally:
        os.umask(old)
    assert stat.S_IMODE(saved.stat().st_mode) == 0o644
    orphan = tmp_path / "saves" / f".{saved.name}.abc123.tmp"
    orphan.write_text("{")
    os.utime(orphan, (time.time() - 3600, time.time() - 3600))
    make_app()
    assert not orphan.exists() and saved.exists()


def tampered(tmp_path, edit):
    app = table_app(duel())
    screen = walked(app)
    key(app, pygame.K_RETURN)
    path = screen.save_game(tmp_path / "t.json")
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("edit, where", [
    (lambda d: d["steps"][1].update(hash="0" * 16), "steps[1]"),
    (lambda d: d.update(start_hash="0" * 16), "start"),
    (lambda d: d["scenario"].update(width=40.0), "start"),
])
def test_play_load_refuses_a_tampered_save_naming_the_step_exit_1(tmp_path, capsys, edit, where):
    path = tampered(tmp_path, edit)
    with pytest.raises(ContentError) as e:
        Session.load(path)
    assert f"t.json: {where}: does not reproduce" in str(e.value.problems[0])
    code = main(AppConfig(load=str(path), fixed_dt=1 / 30, animate=False))
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and where in err[0]


def test_save_and_load_in_the_middle_of_a_pending_decision_R_MORALE_SPOT(tmp_path):
    app = walk_into_spot(seed=1, force=False)  # dice as the seed rolls them: it reproduces
    screen = app.screen
    path = screen.save_game(tmp_path / "pending.json")
    again = Session.load(path)
    assert again.game.state.pending is not None
    assert again.game.state.pending.band == "blues"
    assert again.game.state_hash() == screen.game.state_hash()
    meta = json.loads(path.read_text())["meta"]
    assert meta["program"] and meta["rules_data"] and meta["bands"] == ["Reds", "Blues"]


def test_autosave_after_every_activation_keeps_a_few(tmp_path):
    app = table_app(duel(max_turns=3), animate=False)
    screen = app.screen
    ended = 0
    for _ in range(300):
        if app.screen is not screen or ended >= 5:
            break
        if screen.handoff.open:
            press(app, screen.handoff.button)
        s = screen.state
        if s.pending is not None:
            key(app, pygame.K_1)
        elif s.active is None and screen._ready():
            activate_first(app)
        elif s.active is not None:
            key(app, pygame.K_RETURN)
            ended += 1
        else:
            step(app)
    autos = sorted((tmp_path / "saves").glob("autosave-*.json"))
    assert ended >= 4 and len(autos) == 3
    newest = Session.load(autos[-1])
    assert len(newest.game.commands) <= len(screen.game.commands)


def test_load_screen_lists_scenario_turn_bands_date(tmp_path):
    app = table_app(duel())
    walked(app).save_game()
    from skirmish.app.screens.loadgame import LoadScreen

    app.go(lambda: LoadScreen(app))
    step(app)
    rows = list(app.screen.rows)
    assert len(rows) == 1
    assert rows[0].startswith("Duel · Skirmish · turn 1 · Reds – Blues · 20"), rows
    assert not any(str(tmp_path) in r for r in rows)
    item = app.screen.list.item_list_container.elements[0]
    press(app, item)
    press(app, app.screen.load)
    assert app.screen.name == "battle"


def test_quit_from_the_pause_menu_asks_and_offers_to_save(tmp_path):
    app = table_app(duel())
    screen = walked(app)
    screen.tool = None
    key(app, pygame.K_ESCAPE)
    assert screen.pause is not None
    press(app, screen.pause.button("quit"))
    assert app.running and screen.pause.asking_quit
    press(app, screen.pause.button("cancel_quit"))
    assert app.running and not screen.pause.asking_quit
    press(app, screen.pause.button("quit"))
    press(app, screen.pause.button("save_quit"))
    assert not app.running
    assert len(list((tmp_path / "saves").glob("duel-*.json"))) == 1


def test_log_of_500_lines_renders_each_new_line_once_not_the_old_ones(monkeypatch):
    """A frame in which a log line arrives renders that line only; the
    lines already shown keep their surfaces, however long the game ([R-SHOOT-HIT] lines)."""
    app = table_app(duel())
    pin_log(app)
    log = app.screen.log
    rendered: list[str] = []
    real = log_panel._render
    monkeypatch.setattr(log_panel, "_render",
                        lambda text, line, width: (rendered.append(line),
                                                   real(text, line, width))[1])
    step(app)
    for i in range(500):
        rendered.clear()
        log.add([f"[R-SHOOT-HIT] line {i}"])
        step(app)
        assert rendered == [f"[R-SHOOT-HIT] line {i}"]
    assert log.lines[-1] == "[R-SHOOT-HIT] line 499"
    rendered.clear()
    log.set_lines(list(log.lines))  # a refill (undo, replay seek) reuses what was rendered
    step(app)
    assert rendered == []


def test_results_save_writes_a_numbered_replay_and_shows_its_path_on_one_line(tmp_path):
    from skirmish.app.screens.results import ResultsScreen
    from skirmish.sim import play

    app = make_app()
    over = Session(play(duel(max_turns=1), 5))
    app.go(lambda: ResultsScreen(app, over))
    step(app)
    press(app, app.screen.save)
    saved = list((tmp_path / "saves").glob("duel-final-*.json"))
    assert len(saved) == 1 and app.screen.saved == str(saved[0])
    assert Session.load(saved[0]).game.over


def test_save_written_from_kept_hashes_equals_a_full_rerun():
    """Autosaves do not re-run the game: the hashes kept while playing are the same as
    those ``record.from_game`` gets by re-running every command."""
    from skirmish.replay import record

    app = table_app(duel(max_turns=1))
    screen = walked(app)
    key(app, pygame.K_RETURN)
    step(app, n=5)
    assert len(screen.game.commands) >= 3
    fast = screen.session.recorded()
    assert msgspec.to_builtins(fast) == msgspec.to_builtins(record.from_game(screen.game))


def test_a_save_from_another_version_says_why_it_does_not_load(tmp_path):
    def older(d):
        d["meta"].update(program="0.0.1", rules_data="000000000000")
        d["steps"][1]["hash"] = "0" * 16

    path = tampered(tmp_path, older)
    with pytest.raises(ContentError) as e:
        Session.load(path)
    assert "saved by Skirmish 0.0.1 with rules data 000000000000" in str(e.value.problems[0])
    path = tampered(tmp_path, lambda d: d.update(version=99))
    with pytest.raises(ContentError) as e:
        Session.load(path)
    assert "replay version 99 is not supported" in str(e.value.problems[0])
    path = tampered(tmp_path, lambda d: d.update(ruleset_version=99))
    with pytest.raises(ContentError) as e:
        Session.load(path)
    problem = e.value.problems[0]
    assert problem.entry == "ruleset_version"
    assert "version 99 of the skirmish rules is unknown" in problem.problem


@pytest.mark.parametrize(("lang", "deployment", "over"), [
    ("en", "Street fight · Skirmish · deployment · ", "Street fight · Skirmish · game over · "),
    ("fr", "Combat de rue · Skirmish · déploiement · ",
     "Combat de rue · Skirmish · partie terminée · "),
])
def test_load_screen_says_deployment_and_game_over_in_words(tmp_path, lang, deployment,
                                                             over):
    """A save made before the first turn reads "deployment" (it read "turn deployment"),
    and a replay of a finished game, with no turn to resume at, "game over" (it read
    "turn deployment": a simulated replay has no ``meta``)."""
    from skirmish.app.screens.loadgame import LoadScreen
    from skirmish.cli import _load_scenario
    from skirmish.locations import SCENARIOS
    from skirmish.replay import record
    from skirmish.sim import play

    scn = _load_scenario(str(SCENARIOS / "street_fight.toml"))
    folder = tmp_path / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    record.save(record.from_game(play(scn, 5)), folder / "done.json")
    app = table_app(scn, lang=lang)
    assert app.screen.game.state.phase == "deployment"
    app.screen.save_game()
    app.go(lambda: LoadScreen(app))
    step(app)
    rows = list(app.screen.rows)
    assert sum(r.startswith(deployment) for r in rows) == 1, rows
    assert sum(r.startswith(over) for r in rows) == 1, rows
