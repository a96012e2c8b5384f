"""Where a command writes is checked before it works: ``replay R --jsonl/--report/--png``
never write over the replay they read, twice to one file, or over a file that is not
that export written earlier; ``simulate --report`` into a file's path or a folder that
takes no file is refused before any game is played (usage errors, status 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.cli import main
from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.match import new_game
from skirmish.replay import record
from tests.test_cli_write_failures import read_only

SCENARIO = SCENARIOS / "street_fight.toml"


@pytest.fixture
def replay(tmp_path: Path) -> Path:
    """A replay of a game not begun: enough to export, quick to re-run."""
    path = tmp_path / "game.replay.json"
    record.save(record.from_game(new_game(load_scenario(SCENARIO), 7)), path)
    return path


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "Traceback" not in err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize("flag", ["--jsonl", "--report"])
def test_an_export_never_writes_over_the_replay_it_reads(capsys, replay: Path,
                                                         flag: str) -> None:
    before = replay.read_bytes()
    line = refused(capsys, "replay", str(replay), flag, str(replay))
    assert line.endswith(f"{flag}: '{replay}' is the replay being read; write to another file")
    assert replay.read_bytes() == before


def test_nor_through_another_name_for_it(capsys, replay: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.jsonl"
    link.symlink_to(replay)
    line = refused(capsys, "replay", str(replay), "--jsonl", str(link))
    assert "is the replay being read" in line


def test_an_export_never_writes_over_a_file_it_did_not_write(capsys, replay: Path,
                                                             tmp_path: Path) -> None:
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(SCENARIO.read_text(encoding="utf-8"), encoding="utf-8")
    line = refused(capsys, "replay", str(replay), "--report", str(scenario))
    assert line.endswith(f"--report: '{scenario}' exists and is not a battle report written "
                         "earlier; it is left as it is (name another file)")
    other = tmp_path / "other.replay.json"
    other.write_bytes(replay.read_bytes())
    assert "is not a JSON Lines log written earlier" in refused(
        capsys, "replay", str(replay), "--jsonl", str(other))
    assert "is not a PNG picture written earlier" in refused(
        capsys, "replay", str(replay), "--png", "0", str(other))


def test_two_exports_to_one_file_are_refused(capsys, replay: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    line = refused(capsys, "replay", str(replay), "--report", str(out), "--jsonl", str(out))
    assert line.endswith(f"--jsonl: '{out}' is also the file of --report")
    assert not out.exists()


def test_an_export_written_earlier_is_written_again(capsys, replay: Path,
                                                    tmp_path: Path) -> None:
    report, log = tmp_path / "report.md", tmp_path / "log.jsonl"
    for _ in range(2):
        assert main(["replay", str(replay), "--report", str(report), "--jsonl", str(log)]) == 0
    assert capsys.readouterr().err == ""
    assert report.read_text(encoding="utf-8").startswith("# Battle report — ")


def test_simulate_report_into_a_files_path_is_refused_before_playing(
        capsys, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    line = refused(capsys, "simulate", str(SCENARIO), "--report", str(tmp_path / "file" / "r"))
    assert line.endswith(f"argument --report: '{tmp_path / 'file' / 'r'}' cannot be a folder: "
                         f"'{tmp_path / 'file'}' is a file")


def test_simulate_report_into_a_read_only_folder_is_refused_before_playing(
        capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    read_only(folder, monkeypatch)
    try:
        line = refused(capsys, "simulate", str(SCENARIO), "--report", str(folder))
    finally:
        folder.chmod(0o755)
    assert line.endswith(f"argument --report: '{folder}' is not writable")
