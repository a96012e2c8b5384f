"""The replay timeline: saved headless games verify, and moving back and forth
through them in random order always lands on the recorded state hash.

The default suite checks 5 games (one per shipped scenario); ``pytest -m slow`` runs
1,000 (several minutes).
"""

from __future__ import annotations

import pytest

from skirmish.content.errors import ContentError
from skirmish.replay import record
from skirmish.replay.timeline import Timeline
from tests.replay.games import replay_files, shipped, walk_and_check


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return replay_files(tmp_path_factory.mktemp("replays"), 5)


def test_every_shipped_scenario_is_covered(files):
    ids = {p.name.split("-")[0] for p in files}
    assert len(ids) == len(shipped()) >= 4


def test_saved_games_verify_and_random_walks_reproduce_hashes(files):
    checked = sum(walk_and_check(p, seed=i) for i, p in enumerate(files))
    assert checked == 60 * len(files)


@pytest.mark.slow
def test_a_thousand_games_verify_and_walk(tmp_path):
    """1,000 headless games across every shipped scenario."""
    paths = replay_files(tmp_path, 1000, seed=21)
    for i, p in enumerate(paths):
        walk_and_check(p, seed=i, moves=30)
        p.unlink()


def test_marks_index_turns_waves_and_activations_R_TURN_WAVE(files):
    """Jumping to a turn mark shows that turn; a wave mark names its band [R-TURN-WAVE];
    an activation mark names the figure now active."""
    tl = Timeline.load(str(files[3]))
    turns = tl.marks_of("turn")
    assert [m.turn for m in turns] == list(range(1, len(turns) + 1))
    for m in turns:
        assert tl.seek(m.step).state.turn == m.turn
        assert tl.turn_at(m.step) == m.turn
    wave = tl.marks_of("wave")[0]
    assert wave.band in {b.id for b in tl.seek(wave.step).state.bands}
    act = tl.marks_of("activation")[5]
    assert tl.seek(act.step).state.active == act.figure
    assert tl.next_mark("turn", forward=False) == max(
        (m for m in turns if m.step < act.step), key=lambda m: m.step, default=None)


def test_events_of_a_step_are_what_its_command_produced(files):
    tl = Timeline.load(str(files[0]))
    game = tl.seek(10).copy()  # the timeline's own game moves only through the timeline
    events = game.apply(tl.commands[10])
    assert events == tl.events_of(11)
    assert tl.events_until(0) == tl.events_of(0)


def test_seek_clamps_to_the_replay(files):
    tl = Timeline.load(str(files[1]))
    assert len(tl.seek(-5).commands) == 0
    assert len(tl.seek(10**6).commands) == tl.length
    assert tl.game.over


def test_a_tampered_hash_is_refused_with_its_step(files, tmp_path):
    replay = record.load(files[2])
    replay.steps[7] = record.Step(command=replay.steps[7].command, hash="0" * 16)
    bad = tmp_path / "bad.json"
    record.save(replay, bad)
    with pytest.raises(ContentError) as e:
        Timeline.load(str(bad))
    assert str(e.value.problems[0]).startswith(f"{bad}: steps[7].hash: diverges at step 7")


def test_step_of_names_the_command_behind_each_event(files):
    tl = Timeline.load(str(files[0]))
    assert len(tl.step_of) == len(tl.log)
    for p in (0, 1, 17, tl.length):
        assert [e for e, s in zip(tl.log, tl.step_of, strict=True) if s == p] == tl.events_of(p)


def test_a_forged_result_is_refused(files, tmp_path):
    """As ``replay --verify`` does, the timeline checks the recorded result [R-VP]."""
    replay = record.load(files[2])
    replay.result = {**(replay.result or {}), "winner": "nobody"}
    bad = tmp_path / "forged.json"
    record.save(replay, bad)
    with pytest.raises(ContentError) as e:
        Timeline.load(str(bad))
    assert str(e.value).startswith(f"{bad}: result: the recorded result does not match")
