"""The set-up's scenario checks, remembered (:mod:`skirmish.app.scenario_checks`): the
scenario found is the one ``skirmish validate`` finds, and it changes with everything the
check reads — the scenario file, each warband file it names, the ruleset asked for — and
the memory stays bounded."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skirmish.app import scenario_checks
from skirmish.app.scenario_checks import KEPT, checked
from skirmish.content.errors import ContentError
from skirmish.locations import SCENARIOS
from skirmish.rulesets import load_all
from skirmish.validate import checked_scenario


@pytest.fixture
def field(tmp_path: Path) -> Path:
    """The shipped open field and its two warband files, in a folder of their own."""
    load_all()
    (tmp_path / "warbands").mkdir()
    for name in ("dwarf_throng.toml", "elf_rangers.toml"):
        shutil.copy(SCENARIOS / "warbands" / name, tmp_path / "warbands" / name)
    path = tmp_path / "open_field.toml"
    shutil.copy(SCENARIOS / "open_field.toml", path)
    return path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_scenario_is_the_one_validate_finds_and_follows_its_file(field: Path) -> None:
    assert checked(field) == checked_scenario(field)
    assert checked(field) is checked(field)  # remembered
    _edit(field, 'name = "', 'name = "Misty ')
    assert checked(field).name.startswith("Misty ")
    assert checked(field) == checked_scenario(field)


def test_the_scenario_follows_the_warband_files_it_names(field: Path) -> None:
    band = field.parent / "warbands" / "dwarf_throng.toml"
    before = checked(field).bands[0].warband.name
    _edit(band, 'name = "', 'name = "Iron ')
    assert checked(field).bands[0].warband.name == f"Iron {before}"
    text = band.read_text(encoding="utf-8")
    band.write_text("[band\n", encoding="utf-8")
    with pytest.raises(ContentError) as broken:
        checked(field)
    assert [str(p) for p in broken.value.problems] == \
        [str(p) for p in _problems(field)]
    band.unlink()
    with pytest.raises(ContentError, match="not found"):
        checked(field)
    band.write_text(text, encoding="utf-8")
    assert checked(field).bands[0].warband.name == f"Iron {before}"


def _problems(path: Path) -> tuple:
    try:
        checked_scenario(path)
    except ContentError as e:
        return e.problems
    raise AssertionError("the scenario was not refused")


def test_the_scenario_follows_the_ruleset_asked_for(field: Path) -> None:
    assert checked(field).ruleset == "skirmish"
    assert checked(field, "wfrp2").ruleset == "wfrp2"
    assert checked(field).ruleset == "skirmish"


def test_a_refusal_is_remembered_and_said_again(field: Path) -> None:
    _edit(field, "[[bands]]", "[[bandz]]")
    first = _problems(field)
    for _ in range(2):
        with pytest.raises(ContentError) as e:
            checked(field)
        assert [str(p) for p in e.value.problems] == [str(p) for p in first]


def test_the_checks_remembered_are_bounded(field: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_checks, "_CHECKED", scenario_checks.OrderedDict())
    text = field.read_text(encoding="utf-8")
    for i in range(KEPT + 2):
        field.write_text(text.replace('name = "', f'name = "{i} ', 1), encoding="utf-8")
        assert checked(field).name.startswith(f"{i} ")
    assert len(scenario_checks._CHECKED) == KEPT
