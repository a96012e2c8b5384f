"""Command-line arguments: each bad argument is
a usage error (status 2) saying what is expected, never a traceback or a silent default;
``--help`` names every flag's argument and says what it is, without RST markup."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.cli import build_parser, main
from skirmish.locations import SCENARIOS

SCENARIO = str(SCENARIOS / "open_field.toml")


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    _, err = capsys.readouterr()
    assert exc.value.code == 2
    assert "Traceback" not in err
    return err.strip().split("\n")[-1]


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", SCENARIO, "--games", "-3"],
     "argument --games: expected a whole number from 1 to 100000, got '-3'"),
    (["simulate", SCENARIO, "--games", "0"], "argument --games: expected a whole number from 1"),
    (["simulate", SCENARIO, "--games", "1000000000000"],
     "argument --games: expected a whole number from 1 to 100000, got '1000000000000'"),
    (["simulate", SCENARIO, "--budget", "nan"],
     "argument --budget: expected seconds above 0 and at most 60, got 'nan'"),
    (["simulate", SCENARIO, "--budget", "inf"],
     "argument --budget: expected seconds above 0 and at most 60, got 'inf'"),
    (["simulate", SCENARIO, "--budget", "-1"],
     "argument --budget: expected seconds above 0 and at most 60, got '-1'"),
    (["simulate", SCENARIO, "--budget", "0"], "argument --budget: expected seconds above 0"),
    (["simulate", SCENARIO, "--rollouts", "1000000000"],
     "argument --rollouts: expected a whole number from 0 to 960, got '1000000000'"),
    (["simulate", SCENARIO, "--jobs", "0"],
     "argument --jobs: expected a whole number from 1 to 256, got '0'"),
    (["simulate", SCENARIO, "--jobs", "-1"], "argument --jobs: expected a whole number from 1"),
    (["simulate", SCENARIO, "--seed", "-1"],
     "argument --seed: expected a whole number from 0 to 4294967295, got '-1'"),
    (["play", SCENARIO, "--seed", "1" + "0" * 5000], "argument --seed: expected a whole number"),
    (["play", SCENARIO, "--frames", "0"], "argument --frames: expected a whole number >= 1"),
    (["play", SCENARIO, "--size", "0x0"], "argument --size: a window from 320x240"),
])
def test_bad_numbers_are_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str],
                                      message: str) -> None:
    assert message in usage_error(capsys, *argv)


def test_log_dir_under_a_regular_file(tmp_path, monkeypatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # a path short enough to be said whole
    Path("file").write_text("x")
    line = usage_error(capsys, "simulate", str(SCENARIO), "--log-dir", "file/logs")
    assert line.endswith("argument --log-dir: 'file/logs' cannot be a folder: 'file' is a file")


def test_unknown_computer_band_lists_the_bands(capsys: pytest.CaptureFixture[str]) -> None:
    """``--computer orks`` is refused, not a silent hot-seat game."""
    line = usage_error(capsys, "play", SCENARIO, "--computer", "orks")
    assert line.endswith("--computer: no band 'orks' in this game; its bands are "
                         "'dwarf_throng', 'elf_rangers'")


def test_computer_without_a_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--computer needs a SCENARIO" in usage_error(capsys, "play", "--computer", "a")


def test_help_names_and_describes_every_argument() -> None:
    """Every flag has a metavar (if it takes one) and a description."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, command in sub.choices.items():
        text = command.format_help()
        assert "``" not in text and "`" not in text, name
        for action in command._actions:
            assert action.help, (name, action.dest)
            if action.nargs != 0:
                assert action.metavar, (name, action.dest)
    assert "``" not in parser.format_help()
