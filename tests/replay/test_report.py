"""The battle report: turn by turn, every activation under its wave and
every roll with its rule ID; the JSON Lines log is the game's log, each event once."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.app import replay_export as x
from skirmish.app.i18n import Translator
from skirmish.replay import bookmarks
from skirmish.replay.timeline import Timeline
from skirmish.rules import events as ev
from tests.replay.games import replay_file


@pytest.fixture(scope="module")
def timeline(tmp_path_factory):
    path = replay_file(tmp_path_factory.mktemp("r"), 3, seed=7)
    bookmarks.save(path, bookmarks.put([], 5, "Opening", "the rats rush"))
    return Timeline.load(str(path))


def test_report_has_every_turn_activation_and_roll_with_its_rule_R_TURN_INIT(timeline):
    md = x.report_markdown(timeline, Translator("en"))
    lines = md.splitlines()
    turns = [m.turn for m in timeline.marks_of("turn")]
    assert [ln for ln in lines if ln.startswith("## Turn ")] == [f"## Turn {n}" for n in turns]
    assert sum(ln.startswith("### ") for ln in lines) == len(timeline.marks_of("wave"))
    assert sum(ln.startswith("#### ") for ln in lines) == len(timeline.marks_of("activation"))
    rolls = [e for e in timeline.log if isinstance(e, ev.Roll)]
    roll_lines = [ln for ln in lines if ln.startswith("- `[R-")]
    assert len(roll_lines) == len(rolls)
    assert [ln[4:ln.index("]")] for ln in roll_lines] == [r.rule for r in rolls]
    assert "- step 5: **Opening** — the rats rush" in lines
    note = lines.index("> ⚑ **Opening** — the rats rush")  # in place: after step 5
    for i, ln in enumerate(lines):
        if ln.startswith("#### "):
            n = int(ln.rsplit("(step ", 1)[1].rstrip(")"))
            assert (i < note) == (n <= 5), ln
    assert "## Result" in md and lines[-1].endswith(")")  # the last VP line
    assert timeline.position == 0  # the export does not move the viewer


def test_report_in_french(timeline):
    md = x.report_markdown(timeline, Translator("fr"))
    assert md.startswith("# Compte rendu de bataille")
    assert "## Tour 1" in md and "## Résultat" in md


def test_jsonl_is_the_log_with_steps(timeline):
    """Each event once, as recorded but for its words, said with English names."""
    lines = x.jsonl_lines(timeline)
    assert len(lines) == len(timeline.log)
    decoded = [ev.decode(b) for b in lines]
    words = ("label", "result", "effect", "prompt", "reason", "breakdown")
    assert [type(e) for e in decoded] == [type(e) for e in timeline.log]
    for got, was in zip(decoded, timeline.log, strict=True):
        a, b = msgspec.to_builtins(got), msgspec.to_builtins(was)
        assert {k: v for k, v in a.items() if k not in words} == \
            {k: v for k, v in b.items() if k not in words}
    steps = [int(b.split(b'"step":')[1].split(b",")[0]) for b in lines]
    assert steps == sorted(steps) and steps[-1] == timeline.length
