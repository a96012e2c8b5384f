"""Bookmarks and notes live in the replay file without changing what it verifies; a
branch continues from any step into its own file, the original untouched."""

from __future__ import annotations

import json

import pytest

from skirmish.ai.simple import SimplePlayer
from skirmish.content.errors import ContentError
from skirmish.replay import bookmarks, record
from skirmish.replay.branch import branch, free_path
from skirmish.replay.timeline import Timeline
from tests.replay.games import replay_files


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return replay_files(tmp_path_factory.mktemp("replays"), 4, seed=3)


def test_bookmarks_round_trip_and_verify_still_passes(files, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(files[0].read_bytes())
    before = json.loads(path.read_text())
    marks = bookmarks.put([], 12, "First blood", "Ann's pistol jams — note the 1")
    marks = bookmarks.put(marks, 0, "Start")
    marks = bookmarks.put(marks, 12, "First blood", "edited note")
    bookmarks.save(path, marks)
    after = json.loads(path.read_text())
    assert {k: v for k, v in after.items() if k != "bookmarks"} == \
        {k: v for k, v in before.items() if k != "bookmarks"}
    loaded = record.load(path)
    assert [(b.step, b.label, b.note) for b in loaded.bookmarks] == [
        (0, "Start", ""), (12, "First blood", "edited note")]
    assert record.verify(loaded, str(path)) is None
    bookmarks.save(path, bookmarks.remove(loaded.bookmarks, 0))
    assert [b.step for b in record.load(path).bookmarks] == [12]


def test_a_bookmark_off_the_replay_is_refused(files, tmp_path):
    path = tmp_path / "game.json"
    data = json.loads(files[1].read_text())
    data["bookmarks"] = [{"step": len(data["steps"]) + 1, "label": "late"}]
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError) as e:
        Timeline.load(str(path))
    assert str(e.value).startswith(f"{path}: bookmarks[0].step: step ")
    with pytest.raises(ContentError):
        bookmarks.save(path, record.load(path).bookmarks)
    assert json.loads(path.read_text()) == data  # nothing written


def test_branch_continues_from_a_step_into_its_own_file(files, tmp_path):
    original = tmp_path / "game.json"
    original.write_bytes(files[2].read_bytes())
    raw = original.read_bytes()
    tl = Timeline.load(str(original))
    step = tl.marks_of("turn")[1].step + 3
    there = tl.seek(step)
    bands = [b.id for b in there.state.bands]
    out = free_path(tmp_path, original.stem, step)
    game = branch(tl, step, {bands[0]: "computer", bands[1]: "human"}, out)
    assert original.read_bytes() == raw
    assert free_path(tmp_path, original.stem, step).name.endswith(f"-{step}-2.json")
    assert {f.id: f.pos for f in game.state.figures.values()} == \
        {f.id: f.pos for f in there.state.figures.values()}
    assert [b.controller for b in game.state.bands][:2] == ["computer", "human"]
    saved = record.load(out)
    assert len(saved.steps) == step
    assert record.verify(saved, str(out)) is None
    # the branch plays on to its own end, unlike the original
    player = SimplePlayer(99)
    while not game.over:
        game.apply(player.choose(game))
    record.save(record.from_game(game), out)
    assert record.verify(record.load(out), str(out)) is None
    with pytest.raises(ValueError):
        branch(tl, step, {}, original)
