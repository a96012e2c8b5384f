"""The shipped rulebook's files, parsed at one start, are not parsed again at the next
(``content/kept_documents.py``): the kept documents serve only texts they were parsed
from, a changed or broken file is read afresh, and nothing is written where Python would
not write its bytecode."""

from __future__ import annotations

import marshal
import shutil
import sys
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from skirmish.content import kept_documents as kd
from skirmish.content.rulebook import DATA_FILES, _read, load_rulebook, load_rulebook_from

DATA = Path(str(resources.files("skirmish.content") / "data"))
NAMES = list(DATA_FILES)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the rulebook's files, where kept documents may be written."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    for name in NAMES:
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path


def _kept(folder: Path) -> Path:
    (kept,) = (folder / kd.KEPT).iterdir()
    return kept


def test_kept_documents_are_the_parsed_files(data: Path) -> None:
    parsed = {name: tomllib.loads((data / name).read_text(encoding="utf-8")) for name in NAMES}
    assert kd.parsed_documents(data, NAMES) == parsed  # parsed, then kept
    assert marshal.loads(_kept(data).read_bytes())[1] == parsed
    assert kd.parsed_documents(data, NAMES) == parsed  # read back
    # the rulebook (R-VP-TABLE, the profiles, the damage table…) is the same either way
    fresh = load_rulebook_from(data)
    assert _read(data, str(data), kd.parsed_documents(data, NAMES)) == fresh == load_rulebook()


def test_kept_documents_not_parsed_again(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kd.parsed_documents(data, NAMES)
    calls: list[str] = []
    monkeypatch.setattr(kd.tomllib, "loads", lambda text: calls.append(text) or {})
    kd.parsed_documents(data, NAMES)
    assert calls == []


def test_a_changed_file_is_parsed_afresh(data: Path) -> None:
    kd.parsed_documents(data, NAMES)
    damage = data / "damage.toml"
    damage.write_text(damage.read_text(encoding="utf-8") + "\n# a note\n", encoding="utf-8")
    changed = data / "profiles.toml"
    old = changed.read_text(encoding="utf-8")
    text = old.replace("[profiles", "[unknown_table", 1)
    assert text != old
    changed.write_text(text, encoding="utf-8")
    assert kd.parsed_documents(data, NAMES)["profiles.toml"] == tomllib.loads(text)


def test_broken_kept_file_ignored_and_broken_toml_left_to_the_reader(data: Path) -> None:
    kd.parsed_documents(data, NAMES)
    _kept(data).write_bytes(b"not marshal")
    assert kd.parsed_documents(data, NAMES)["races.toml"] == tomllib.loads(
        (data / "races.toml").read_text(encoding="utf-8"))
    (data / "races.toml").write_text("races = [", encoding="utf-8")
    assert kd.parsed_documents(data, NAMES) == {}  # the rulebook's reader reports it


def test_nothing_written_without_bytecode(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert kd.parsed_documents(data, NAMES)["damage.toml"]
    assert not (data / kd.KEPT).exists()


def test_another_set_of_files_is_kept_apart(data: Path) -> None:
    kd.parsed_documents(data, NAMES)
    kd.parsed_documents(data, NAMES[:2])
    assert len(list((data / kd.KEPT).iterdir())) == 2
    assert set(kd.parsed_documents(data, NAMES)) == set(NAMES)
