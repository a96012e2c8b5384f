"""Bookmarks and notes on the steps of a replay, kept in the replay file itself.

Only the ``bookmarks`` entry is rewritten: the file is read again, its bookmarks
replaced and the whole written atomically, so the steps, hashes and result — everything
``verify`` checks — stay exactly as they were recorded.
"""

from __future__ import annotations

from pathlib import Path

from skirmish.content.errors import ContentError
from skirmish.replay import record


def check(replay: record.Replay, source: str) -> None:
    """Every bookmark on a step the replay has (0…number of steps)."""
    last = len(replay.steps)
    for i, b in enumerate(replay.bookmarks):
        if not 0 <= b.step <= last:
            raise ContentError(source, f"bookmarks[{i}].step",
                               f"step {b.step} is not in the replay (0 to {last})")


def put(bookmarks: list[record.Bookmark], step: int, label: str = "",
        note: str = "") -> list[record.Bookmark]:
    """The list with one bookmark on ``step`` (replacing any there), sorted by step."""
    kept = [b for b in bookmarks if b.step != step]
    kept.append(record.Bookmark(step=step, label=label, note=note))
    return sorted(kept, key=lambda b: b.step)


def remove(bookmarks: list[record.Bookmark], step: int) -> list[record.Bookmark]:
    return [b for b in bookmarks if b.step != step]


def at(bookmarks: list[record.Bookmark], step: int) -> record.Bookmark | None:
    return next((b for b in bookmarks if b.step == step), None)


def save(path: str | Path, bookmarks: list[record.Bookmark]) -> None:
    """Write ``bookmarks`` into the replay file at ``path``, leaving the rest untouched."""
    replay = record.load(path)
    replay.bookmarks = sorted(bookmarks, key=lambda b: b.step)
    check(replay, str(path))
    record.save(replay, path)
