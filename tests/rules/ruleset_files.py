"""Shipped scenarios rewritten under another ruleset, and the command line run in-process:
what the tests of every ruleset's files and commands share."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skirmish.cli import main

SCENARIOS = Path("scenarios")
SHIPPED = sorted(p.stem for p in SCENARIOS.glob("*.toml"))


def ruleset_copy(tmp_path: Path, name: str, ruleset: str, options: str = "",
                 turns: int | None = None) -> Path:
    """The shipped scenario ``name`` under ``ruleset = ...`` with ``options`` lines added to
    its ``[options]`` (warband paths made absolute, so the copy loads from ``tmp_path``),
    ending after ``turns`` turns if given (its table and bands stay the shipped ones)."""
    text = (SCENARIOS / f"{name}.toml").read_text(encoding="utf-8")
    if turns is not None:
        text, n = re.subn(r"(?m)^max_turns = \d+$", f"max_turns = {turns}", text)
        assert n == 1, f"{name}: no max_turns line to shorten"
    text = re.sub(r'warband = "([^"]+)"',
                  lambda m: f'warband = "{(SCENARIOS / m.group(1)).resolve().as_posix()}"', text)
    text = f'ruleset = "{ruleset}"\n' + text.replace("[options]\n", "[options]\n" + options, 1)
    path = tmp_path / f"{name}_{ruleset}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def militia_with_native(tmp_path: Path, ruleset: str, block: str) -> Path:
    """The shipped militia with ``native.<ruleset> = block`` on its first figure (the Chef),
    written to ``tmp_path/wb.toml``."""
    wb = tmp_path / "wb.toml"
    wb.write_text((SCENARIOS / "warbands/human_militia.toml").read_text(encoding="utf-8")
                  .replace('equipment = ["sight"]\n',
                           f'equipment = ["sight"]\nnative.{ruleset} = {block}\n', 1),
                  encoding="utf-8")
    return wb


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``skirmish ARGV``: its status, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
