"""The campaign list the window shows (``files.listing``): every campaign file of the
folder, newest first, each with its name and games played or its problem — never
blocking on a special file, never failing on a link to nothing or a deeply nested file,
quick over a file whose campaign name is a megabyte long."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from skirmish.campaign import files
from tests.campaign.build import campaign


def listed(folder: Path) -> list[tuple[str, files.Summary]]:
    """``files.listing`` run with a deadline: a hang is a failure, not a stuck suite."""
    out: list[tuple[str, files.Summary]] = []
    worker = threading.Thread(target=lambda: out.extend(
        (p.name, s) for p, s in files.listing(folder)), daemon=True)
    worker.start()
    worker.join(timeout=5)
    assert not worker.is_alive(), "the listing blocked"
    return out


def test_newest_first_replays_and_saves_left_out(tmp_path: Path) -> None:
    c = campaign()
    for i, name in enumerate(("old.json", "new.json")):
        files.save(c, tmp_path / name)
        os.utime(tmp_path / name, (1000 + i, 1000 + i))
    (tmp_path / "old-game-01.replay.json").write_text("{}")
    (tmp_path / "old-game-01.save.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("")
    assert [(n, s.name, s.played, s.problem) for n, s in listed(tmp_path)] == [
        ("new.json", "Test", 0, ""), ("old.json", "Test", 0, "")]


def test_a_fifo_a_dangling_link_and_a_deep_file_are_listed_with_their_problem(
        tmp_path: Path) -> None:
    files.save(campaign(), tmp_path / "good.json")
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    (tmp_path / "deep.json").write_text('{"version": 1, "games": ' + "[" * 100_000
                                        + "]" * 100_000 + "}")
    found = dict(listed(tmp_path))
    assert found["good.json"].problem == ""
    assert found["fifo.json"].problem == "not a regular file"
    assert found["gone.json"].problem == "file not found"
    assert found["deep.json"].problem == "nested too deeply"
    assert list(found)[-1] == "gone.json"  # no date: last


def test_a_megabyte_name_is_shown_short_and_quickly(tmp_path: Path) -> None:
    c = campaign()
    c.state.name = "N" * (1 << 20) + "\x1b[2J"
    files.save(c, tmp_path / "big.json")
    start = time.perf_counter()
    ((_, s),) = listed(tmp_path)
    assert time.perf_counter() - start < 2
    assert s.name == "N" * 100 + "…" and s.played == 0
