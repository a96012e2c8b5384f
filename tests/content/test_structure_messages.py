"""Structural mistakes are worded like every other problem (``file: entry: problem``, in
lower case, naming the field): a native block's mistyped and unknown fields, and a warband
file whose ``[band]`` table is misspelt (an audit got msgspec's "Expected `int | null`,
got `str`", no word of the unknown ``zz``, and "missing required field 'id'")."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.cli import main

BAND = """[{table}]
id = "crew"
name = "Crew"

[[band.figures]]
id = "anne"
name = "Anne"
rank = "chef"
native.clefs_aube = {native}

[[band.figures]]
id = "swab"
name = "Swab"
rank = "sous_fifre"
"""


def validate(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, list[str]]:
    code = main(["validate", str(path)])
    _, err = capsys.readouterr()
    return code, err.splitlines()


def write(tmp_path: Path, table: str = "band", native: str = "{ ph = 12 }") -> Path:
    path = tmp_path / "band.toml"
    path.write_text(BAND.format(table=table, native=native), encoding="utf-8")
    return path


def test_every_bad_field_of_a_native_block_is_named(tmp_path, capsys):
    path = write(tmp_path, native='{ ph = "big", zz = 3, me = 1.5 }')
    assert validate(capsys, path) == (1, [
        f"{path}: band.figures[0].native.clefs_aube.ph: expected int, got str",
        f"{path}: band.figures[0].native.clefs_aube: unknown field 'zz'",
        f"{path}: band.figures[0].native.clefs_aube.me: expected int, got float",
    ])


def test_a_sound_native_block_still_checked_by_its_ruleset(tmp_path, capsys):
    """The rules' own checks of the block's values run once its fields are sound."""
    path = write(tmp_path, native="{ pu = 3, re = 0, ma = 0, pr = 0, ex = 0, pe = 0 }")
    code, lines = validate(capsys, path)
    assert code == 1 and lines == [
        f"{path}: band.figures[0].native.clefs_aube.moyens: the six moyens must sum to 0, "
        "not 3 [CA-MOYENS]"]


def test_a_misspelt_band_table_is_named(tmp_path, capsys):
    path = write(tmp_path, table="bnd")
    assert validate(capsys, path) == (1, [
        f"{path}: (top level): unknown field 'bnd' (a warband file holds a [band] table and "
        "its [[band.figures]])",
        f"{path}: band: no [band] table: the band's id and name are missing (only "
        "[[band.figures]] entries are written)",
    ])
