"""The warband files as the set-up and the builder list them (``warband_labels``): each
band's name in the window's language, remembered by the file's bytes — the label follows
the file when it is edited or broken, and the memory stays bounded."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.app import band_words
from skirmish.app.band_words import NAMES_KEPT, warband_labels
from skirmish.locations import SCENARIOS

SHIPPED = SCENARIOS / "warbands" / "dwarf_throng.toml"


def _copy(tmp_path: Path, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_bytes(SHIPPED.read_bytes())
    return path


def test_the_label_follows_the_file_s_names_and_language(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    en, fr = warband_labels([path], "en"), warband_labels([path], "fr")
    text = path.read_text(encoding="utf-8")
    assert "name_fr" in text and en != fr
    path.write_text(text.replace('name = "', 'name = "Iron ', 1), encoding="utf-8")
    assert warband_labels([path], "en") == [f"Iron {en[0]}"]
    assert warband_labels([path], "fr") == fr


def test_a_file_broken_after_it_was_listed_is_listed_by_its_stem(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    assert warband_labels([path], "en") != ["mine"]
    path.write_text("[warband\n", encoding="utf-8")
    assert warband_labels([path], "en") == ["mine"]
    path.unlink()
    assert warband_labels([path], "en") == ["mine"]
    path.mkdir()
    assert warband_labels([path], "en") == ["mine"]


def test_two_files_of_one_name_are_told_apart_by_their_stems(tmp_path: Path) -> None:
    a, b = _copy(tmp_path, "a.toml"), _copy(tmp_path, "b.toml")
    name = warband_labels([SHIPPED], "en")[0]
    assert warband_labels([a, b], "en") == [f"{name} (a)", f"{name} (b)"]


def test_the_names_remembered_are_bounded(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(band_words, "_NAMES", band_words.OrderedDict())
    text = SHIPPED.read_text(encoding="utf-8")
    path = tmp_path / "band.toml"
    for i in range(NAMES_KEPT + 3):
        path.write_text(text.replace('name = "', f'name = "{i} ', 1), encoding="utf-8")
        assert warband_labels([path], "en")[0].startswith(f"{i} ")
    assert len(band_words._NAMES) == NAMES_KEPT
