"""Sizes of the long random, property and whole-game runs: a short run in every suite, the full run
under ``pytest -m slow``, so the default suite stays within a few minutes on a shared
two-core machine while the full sizes remain one command away."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skirmish.locations import SCENARIOS


def sizes(short: int, full: int) -> list:
    """``pytest.mark.parametrize`` values: ``short`` by default, ``full`` marked slow."""
    return [pytest.param(short, id=f"n{short}"),
            pytest.param(full, id=f"n{full}", marks=pytest.mark.slow)]


def short_scenario(out: Path, name: str, turns: int) -> Path:
    """A copy of the shipped scenario ``name`` that ends after ``turns`` turns, for tests
    of what a whole game produces (a summary, a report, a campaign step) rather than of how
    it is played: its table, bands and objectives stay the shipped ones."""
    text = (SCENARIOS / f"{name}.toml").read_text(encoding="utf-8")
    short, n = re.subn(r"(?m)^max_turns = \d+$", f"max_turns = {turns}", text)
    assert n == 1, f"{name}: no max_turns line to shorten"
    path = out / f"{name}.toml"
    path.write_text(short, encoding="utf-8")
    if not (out / "warbands").exists():  # the bands are named relative to the scenario
        (out / "warbands").symlink_to(SCENARIOS / "warbands", target_is_directory=True)
    return path
