"""A game with retries is recorded in its replay (the
discarded attempt with its hashes, the retry number behind its new dice), re-derived
exactly by ``verify`` and the timeline, and never hidden: dropping a retry from the file
or changing an attempt's hash is caught. The new dice come from the game's seed and the
retry's number, so the same commands and retries make the same game byte for byte."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.ai.levels import make_player
from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.match import new_game
from skirmish.replay import record
from skirmish.replay.timeline import Timeline
from skirmish.rules import commands as c
from skirmish.rules import events as ev
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.game import Game, Retried, retry_seed
from tests.replay.games import walk_and_check


def play_with_retries(seed: int = 5, retries: int = 3, limit: int = 400) -> Game:
    """Two easy computers play street_fight; the first ``retries`` activations that
    rolled dice are retried once each, as the window's button does."""
    scn = load_scenario(SCENARIOS / "street_fight.toml")
    game = new_game(scn, seed, undo=True)
    players = {b.warband.id: make_player("easy", i) for i, b in enumerate(scn.bands)}
    begun = None
    done = 0
    while not game.over and len(game.commands) < limit:
        player = players[game.to_act]
        cmd = player.choose(game)
        player.take_plan()
        if isinstance(cmd, c.Activate):
            begun = (game.snapshot(), cmd.figure, len(game.log))
        game.apply(cmd)
        if isinstance(cmd, c.EndActivation) and begun is not None and done < retries \
                and any(isinstance(e, ev.Roll) and e.dice for e in game.log[begun[2]:]):
            done += 1
            game.retry(begun[0], done, begun[1])
            begun = None
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return play_with_retries()


def _encoded(log: list[ev.Event]) -> list[bytes]:
    return [ev.encode(e) for e in log]


def test_a_retry_restores_the_position_with_dice_from_the_seed_and_its_number(game):
    markers = [e for e in game.log if isinstance(e, Retried)]
    assert [m.n for m in markers] == [1, 2, 3]
    assert all(m.seed == retry_seed(game.seed, m.n) and m.dropped > 0 for m in markers)
    assert len({m.seed for m in markers}) == 3 and retry_seed(5, 1) != retry_seed(6, 1)
    assert [m for m, _ in game.retries] == markers


def test_a_game_with_retries_records_and_verifies(game, tmp_path):
    replay = record.from_game(game)
    assert [r.n for r in replay.retries] == [1, 2, 3]
    assert all(r.discarded for r in replay.retries)
    path = tmp_path / "retried.replay.json"
    record.save(replay, path)
    loaded = record.load(path)
    assert record.verify(loaded, str(path)) is None
    rerun = record.rerun(loaded, str(path)).game
    assert rerun.state_hash() == game.state_hash()
    assert _encoded(rerun.log) == _encoded(game.log)  # the attempts and markers included


def test_same_seed_commands_and_retries_give_the_same_game_byte_for_byte():
    a, b = play_with_retries(), play_with_retries()
    assert _encoded(a.log) == _encoded(b.log)
    assert a.state_bytes() == b.state_bytes()


def test_a_retry_cannot_be_hidden_or_forged(game, tmp_path):
    replay = record.from_game(game)
    hidden = record.from_game(game)
    hidden.retries = []  # the later steps were played with the retry's dice
    assert record.verify(hidden) is not None
    forged = record.from_game(game)
    first = forged.retries[0].discarded[-1]
    forged.retries[0].discarded[-1] = record.Step(command=first.command, hash="0" * 16)
    div = record.verify(forged)
    assert div is not None and div.what == "retry" and div.step == replay.retries[0].step
    assert "retried" in div.describe()


def test_retries_out_of_order_are_refused_on_load(game, tmp_path):
    from skirmish.content.errors import ContentError

    replay = record.from_game(game)
    replay.retries = [replay.retries[1], replay.retries[0]]
    path = tmp_path / "bad.replay.json"
    record.save(replay, path)
    with pytest.raises(ContentError) as e:
        record.load(path)
    assert "retries[0].n" in str(e.value)


def test_the_timeline_shows_the_retry_and_walks_through_it(game, tmp_path):
    path = tmp_path / "retried.replay.json"
    record.save(record.from_game(game), path)
    assert walk_and_check(path, seed=4, moves=80) == 80
    tl = Timeline.load(str(path))
    marks = tl.marks_of("retry")
    assert len(marks) == 3
    first = marks[0]
    assert any(isinstance(e, Retried) for e in tl.events_of(first.step))
    tl.seek(tl.length)
    assert tl.game.state_hash() == game.state_hash()


def test_retry_never_reaches_behind_the_last_retry(game):
    g = play_with_retries(retries=1, limit=120)
    kept = g.retries[0][0].kept
    early = record.start(record.from_game(g)).snapshot()  # the game's opening position
    assert early.commands < kept
    with pytest.raises(IllegalCommand):
        g.retry(early, 2, "x")


def test_continue_from_here_after_a_retry_is_the_same_game(game, tmp_path):
    from skirmish.replay.branch import branch

    path = tmp_path / "retried.replay.json"
    record.save(record.from_game(game), path)
    tl = Timeline.load(str(path))
    at = tl.marks_of("retry")[1].step + 2
    tl.seek(at)
    out = tmp_path / "branch.json"
    branched = branch(tl, at, {}, out)
    assert branched.state_hash() == tl.hashes[at]
    assert len(branched.retries) == 2
    assert record.verify(record.load(out)) is None


def test_the_battle_report_counts_the_retries(game, tmp_path):
    from skirmish.app.i18n import Translator
    from skirmish.app.replay_export import report_markdown

    path = tmp_path / "retried.replay.json"
    record.save(record.from_game(game), path)
    text = report_markdown(Timeline.load(str(path)), Translator("en"))
    assert "Retried activations (practice): 3" in text
    assert text.count("↺ Retry: activation of") == 3


@pytest.mark.parametrize(("retries", "where"), [
    ([{"step": 0, "n": 1, "figure": "x", "discarded": [{"command": {"type": "nope"},
                                                         "hash": "0"}]}],
     "retries[0].discarded[0].command"),
    ([{"step": 0, "n": 1, "figure": "x",
       "discarded": [{"command": {"type": "end_wave", "band": "nobody"}, "hash": "0"}]}],
     "retries[0].discarded[0].command: illegal here"),
    ([{"step": 10**6, "n": 1, "figure": "x"}], "retries[0].step"),
    ("three", "retries"),
])
def test_a_broken_retry_is_one_line_naming_its_entry(game, tmp_path, capsys, retries, where):
    import json

    from skirmish.cli import main

    data = msgspec.to_builtins(record.from_game(game))
    data["retries"] = retries
    path = tmp_path / "broken.replay.json"
    path.write_text(json.dumps(data))
    assert main(["replay", "--verify", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and where in err[0] and "Traceback" not in err[0]


def test_stepping_forward_through_a_retry_shows_its_attempts_whatever_the_snapshots(game):
    """The timeline's one snapshot at the start (none taken on the way), so every seek
    plays forward through the retried activations: the log must still hold each
    discarded attempt and its Retried marker, as when a snapshot lies past them (where
    the snapshots fall depends on how long the commands took, so this once failed only
    on a busy machine)."""
    tl = Timeline(record.from_game(game), "retried", every=10**9, budget_ms=1e12)
    assert tl._snapshot_steps == [0]
    for step in [m.step for m in tl.marks_of("retry")] + [tl.length]:
        tl.seek(step)
        assert tl.game.log == tl.events_until(step)
        assert tl.game.state_hash() == tl.hashes[step]
