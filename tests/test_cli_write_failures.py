"""``skirmish simulate --log-dir DIR`` (and ``--report DIR``) on a full disk or a folder
that turns read-only: one line naming the file that could not be written (the words of
``replay.files.WriteFailed``, as every other write says it), exit 1, no traceback, and no
half-written file left behind (ARCHITECTURE convention 9)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skirmish import cli, cli_args
from tests.test_cli import write


def _disk_full(*_a: object, **_k: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def not_written(path: Path, why: str) -> str:
    return f"{path}: not written ({why}); any previous file there is unchanged"


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_log_dir_on_a_full_disk_names_the_log_exit_1_nothing_half_written(
        tmp_path, capsys, monkeypatch, jobs):
    """The first file a run writes is game 0's log: that is the one named (it had been
    "skirmish: [Errno 28] No space left on device", or the replay's name with the log
    left beside it). With ``--jobs 2`` the workers' failure comes back the same way."""
    scenario, logs = write(tmp_path), tmp_path / "logs"
    monkeypatch.setattr(os, "fsync", _disk_full)
    code = cli.main(["simulate", str(scenario), "--games", "2", "--seed", "5",
                     "--jobs", jobs, "--log-dir", str(logs)])
    err = capsys.readouterr().err
    assert code == 1
    assert err.splitlines() == [not_written(logs / "game-0000.jsonl",
                                            "No space left on device")]
    assert files_in(logs) == []


def test_log_dir_when_the_disk_fills_in_the_middle_of_the_log(tmp_path):
    """A real refusal by the system part-way through a file: the command runs with files
    limited to 4 KiB (RLIMIT_FSIZE, which binds root too), so the log's write fails after
    its first 4 KiB. It used to print "skirmish: [Errno 27] File too large" and leave
    those 4 KiB as game 0's log."""
    scenario, logs = write(tmp_path), tmp_path / "logs"
    limited = ("import resource, signal, sys\n"
               "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
               "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
               "from skirmish.cli import main\n"
               "sys.exit(main(sys.argv[1:]))\n")
    out = subprocess.run([sys.executable, "-c", limited, "simulate", str(scenario),
                          "--games", "1", "--seed", "5", "--log-dir", str(logs)],
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.splitlines() == [not_written(logs / "game-0000.jsonl",
                                                   os.strerror(errno.EFBIG))]
    assert files_in(logs) == []


def read_only(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``folder`` refuse new files. Its mode does it for a user; root ignores modes,
    so for root every file created there is refused as the system refuses anyone else
    (EACCES)."""
    folder.chmod(0o555)
    probe = folder / "probe"
    try:
        probe.touch()
    except PermissionError:
        return
    probe.unlink()
    real_open = os.open

    def refuse(path: str, flags: int, *a: object, **k: object) -> int:
        if flags & os.O_CREAT and Path(path).parent == folder:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, *a, **k)

    monkeypatch.setattr(os, "open", refuse)


def test_log_dir_turned_read_only_during_the_run_names_the_log(tmp_path, capsys,
                                                               monkeypatch):
    """The folder was writable when the command checked it (its usage check) and is
    read-only when the first game ends: the log is named, nothing is left."""
    scenario, logs = write(tmp_path), tmp_path / "logs"
    logs.mkdir()
    monkeypatch.setattr(cli_args, "folder", str)  # checked writable: the run goes on
    read_only(logs, monkeypatch)
    try:
        code = cli.main(["simulate", str(scenario), "--games", "1", "--seed", "5",
                         "--log-dir", str(logs)])
    finally:
        logs.chmod(0o755)
    err = capsys.readouterr().err
    assert code == 1
    assert err.splitlines() == [not_written(logs / "game-0000.jsonl",
                                            os.strerror(errno.EACCES))]
    assert files_in(logs) == []


def test_report_on_a_full_disk_names_the_chart_exit_1_nothing_half_written(
        tmp_path, capsys, monkeypatch):
    """``--report DIR`` writes its charts and summary.md the same way: the first chart is
    named; it had been written with no check at all."""
    scenario, out = write(tmp_path), tmp_path / "report"
    monkeypatch.setattr(os, "fsync", _disk_full)
    code = cli.main(["simulate", str(scenario), "--games", "2", "--seed", "5",
                     "--ai", "easy,normal", "--report", str(out)])
    err = capsys.readouterr().err
    assert code == 1
    assert err.splitlines() == [not_written(out / "win_rates.png", "No space left on device")]
    assert files_in(out) == []
