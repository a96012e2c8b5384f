"""A write that fails (a read-only or full folder, a file where a folder should be) says
which file and why, leaves the previous file whole and no temporary file behind, and never
crashes the command line or the window: replay exports (CLI and viewer), campaign files
(CLI and the campaign screen), and a campaign's default scenario read before its file is
written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skirmish.app.paths import campaigns_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.app.screens.table import TableScreen
from skirmish.cli import main
from skirmish.replay import files
from tests.app.drive import drawn_texts, make_app, step, viewer
from tests.replay.games import replay_file

WARBANDS = Path(__file__).resolve().parents[2] / "scenarios" / "warbands"
BANDS = [str(WARBANDS / "ork_mob.toml"), str(WARBANDS / "elf_rangers.toml")]


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    return replay_file(tmp_path_factory.mktemp("src"), 0, seed=3)


@pytest.fixture
def replay_path(source, tmp_path):
    path = tmp_path / "game.replay.json"
    path.write_bytes(source.read_bytes())
    return path


def _disk_full(*_a, **_k):
    raise OSError(28, "No space left on device")


def _temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if ".tmp" in p.name]


#: An export written earlier, which a new export of its kind may replace (cli_args).
EARLIER = {"--report": b"# Battle report \xe2\x80\x94 old\n", "--jsonl": b'{"step":0,"type":"old"}\n',
           "--png": b"\x89PNG\r\n\x1a\nOLD"}


@pytest.mark.parametrize("flag", ["--report", "--jsonl", "--png"])
def test_cli_export_on_a_full_disk_names_the_file_and_keeps_the_old_one(
        replay_path, tmp_path, capsys, monkeypatch, flag):
    out = tmp_path / "out" / "export.bin"
    out.parent.mkdir()
    out.write_bytes(EARLIER[flag])
    monkeypatch.setattr(os, "replace", _disk_full)
    args = ["replay", str(replay_path), flag, *(["3"] if flag == "--png" else []), str(out)]
    code = main(args)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1, err
    assert err[0] == (f"{out}: not written (No space left on device); "
                      "any previous file there is unchanged")
    assert out.read_bytes() == EARLIER[flag] and _temporaries(out.parent) == []


def test_cli_png_where_a_folder_is_a_file_is_one_line_not_a_traceback(
        replay_path, tmp_path, capsys):
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    code = main(["replay", str(replay_path), "--png", "3", str(blocker / "b.png")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and err[0].startswith(f"{blocker / 'b.png'}: not written")


def test_viewer_png_export_that_cannot_be_written_is_said_not_a_crash(replay_path, tmp_path):
    app = viewer(replay_path)
    scr = app.screen
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    scr.path = blocker / "game.replay.json"  # the export goes beside it: no such folder
    assert scr.export("png") is None
    step(app)
    assert app.running and app.screen is scr
    assert "not written" in scr.toast[0]


def test_campaign_new_reads_its_scenario_before_writing_the_file(tmp_path, capsys):
    scenario = tmp_path / "broken.toml"
    scenario.write_text('id = "x')
    camp = tmp_path / "camp.json"
    code = main(["campaign", "new", str(camp), "--bands", *BANDS, "--scenario", str(scenario)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and err[0].startswith(f"{scenario}: ") and "invalid TOML" in err[0]
    assert not camp.exists()
    code = main(["campaign", "new", str(camp), "--bands", *BANDS,
                 "--scenario", str(tmp_path / "missing.toml")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and err == [f"{tmp_path / 'missing.toml'}: (top level): file not found"]
    assert not camp.exists()


def test_campaign_cli_save_on_a_full_disk_keeps_the_file(tmp_path, capsys, monkeypatch):
    camp = tmp_path / "camp.json"
    assert main(["campaign", "new", str(camp), "--bands", *BANDS, "--computer", "all"]) == 0
    before = camp.read_bytes()
    capsys.readouterr()
    monkeypatch.setattr(files.os, "replace", _disk_full)
    code = main(["campaign", "play", "--headless", "--computer", "all", str(camp)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and err[-1] == (f"{camp}: not written (No space left on device); "
                                     "any previous file there is unchanged")
    assert camp.read_bytes() == before and _temporaries(tmp_path) == []


def test_campaign_screen_that_cannot_save_says_so_and_stays_as_its_file(monkeypatch, capsys):
    folder = campaigns_dir()
    folder.mkdir(parents=True)
    path = folder / "camp.json"
    assert main(["campaign", "new", str(path), "--bands", *BANDS]) == 0
    broken = folder / "broken.json"
    broken.write_text("{")
    before = path.read_bytes()
    app = make_app()
    app.go(lambda: CampaignScreen(app, path=broken))
    step(app)
    assert app.screen.error.startswith(str(broken))
    app.screen.open(path)  # a good file next: the old error is not left on the screen
    assert app.screen.camp is not None and app.screen.error == ""
    app.rebuild()
    step(app)
    scr = app.screen
    monkeypatch.setattr(files.os, "replace", _disk_full)
    scr.play_next()  # BeginGame, then the file: cannot be written
    step(app, n=2)
    assert app.running and app.screen is scr
    assert "not saved" in scr.error and "No space left on device" in scr.error
    assert path.read_bytes() == before and _temporaries(folder) == []
    assert scr.camp.state.phase == "ready"  # what is shown is what the file holds
    monkeypatch.undo()
    monkeypatch.setenv("SKIRMISH_SAVES", str(folder.parent))
    scr.play_next()  # the folder can be written again: the game begins
    step(app, n=2)
    if hasattr(app.screen, "wait"):
        app.screen.wait()
        step(app)
    assert isinstance(app.screen, TableScreen)
    assert path.read_bytes() != before


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_viewer_says_a_long_failure_whole_and_in_order(replay_path, monkeypatch, size):
    """The viewer's message shows every word, first line on top, inside the board: it kept
    three lines, so a long path's file name was dropped, and drew them bottom up (read in
    the order of their height on the board, the words came out of order)."""
    app = viewer(replay_path, lang="fr", size=size)
    scr = app.screen
    folder = "/".join(f"dossier-{i:02d}-des-parties-du-club" for i in range(8))
    words = f"/{folder}/partie.png : non écrit (plus de place sur le disque)"
    scr.say(words, error=True)
    drawn = drawn_texts(monkeypatch)
    step(app)
    lines = sorted(((t, r) for t, r in drawn if r.colliderect(scr.board_rect)
                    and r.y > scr.board_rect.centery), key=lambda x: x[1].y)
    assert "".join(t.replace(" ", "") for t, _ in lines) == ("✗ " + words).replace(" ", "")
    assert all(scr.board_rect.contains(r) for _, r in lines)
