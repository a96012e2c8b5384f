"""The campaign file: versioned JSON, atomic, one-line errors, resumable at any step."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from skirmish.campaign import commands as cc
from skirmish.campaign import files
from skirmish.content.errors import ContentError
from tests.campaign.build import campaign, member, play

BOSS_DOWN = {"red__boss": ("out_of_action", "blue:grunt")}


def test_crash_between_write_and_rename_keeps_the_previous_file(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    path = tmp_path / "c.json"
    c = campaign()
    files.save(c, path)
    before = path.read_bytes()
    play(c, 4, 4, **BOSS_DOWN)

    def crash(src: str, dst: str) -> None:
        raise KeyboardInterrupt("killed while saving")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        files.save(c, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert files.load(path).state.phase == "ready"


def test_unknown_version_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    files.save(campaign(), path)
    data = json.loads(path.read_text())
    data["version"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError) as err:
        files.load(path)
    assert str(err.value).count("\n") == 0
    assert str(path) in str(err.value) and "version 99" in str(err.value)


@pytest.mark.parametrize("text", ["{not json", "[]", '{"version": 1, "name": 3}'])
def test_broken_file_is_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "c.json"
    path.write_text(text)
    with pytest.raises(ContentError) as err:
        files.load(path)
    assert str(err.value).startswith(str(path)) and "\n" not in str(err.value)


def test_resume_in_the_middle_of_the_post_game(tmp_path: Path) -> None:
    """Saved while a decision waits (amputation), reloaded, answered: same end as without."""
    path = tmp_path / "c.json"
    c = campaign()
    play(c, 2, 3, 1, **BOSS_DOWN)
    assert c.pending.kind == "keep_weapon"
    files.save(c, path)
    again = files.load(path)
    assert again.pending == c.pending and again.state.queue == c.state.queue
    for x in (c, again):
        x.apply(cc.Choose(option="sword"))
        while x.pending is not None:
            x.apply(cc.Done(band=x.pending.band))
    assert member(again, "red:boss").spec.weapons == ("sword",)
    files.save(c, tmp_path / "a.json")
    files.save(again, tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_resume_mid_game_restarts_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    c = campaign()
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    files.save(c, path)
    again = files.load(path)
    assert again.state.phase == "in_game"
    assert again.game_scenario() == c.game_scenario()
    assert again.state.current.seed == c.state.current.seed
