"""Two programs on one campaign file never lose each other's games: a ``campaign play``
holds the campaign's lock, so a second one, in another process, is refused at once; and a
campaign is never saved over a file that changed since it read it (the window takes no
lock), so the later writer is refused, naming the file, which keeps the games the first
one played."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from skirmish.campaign import files, headless
from skirmish.cli import main
from skirmish.replay.files import WriteFailed
from tests.campaign.build import campaign

ROOT = Path(__file__).resolve().parents[2]


def test_a_play_in_another_process_is_refused_until_the_first_is_done(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.json"
    files.save(campaign(controller="computer"), path)
    before = path.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys\nfrom skirmish.campaign import files\n"
         f"with files.locked({str(path)!r}):\n    print('held', flush=True)\n"
         "    sys.stdin.read()\n"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        assert main(["campaign", "play", str(path), "--games", "2"]) == 1
        assert capsys.readouterr().err == (f"{path}: (top level): in use by another Skirmish "
                                           f"(a campaign play or the window): try again when "
                                           f"it is done\n")
        assert path.read_bytes() == before
    finally:
        holder.communicate("", timeout=60)
    assert holder.returncode == 0


def test_a_stale_campaign_is_not_saved_over_the_games_played_since(tmp_path: Path) -> None:
    """Both read the file before game 1; the first plays it and saves; the second, which
    never saw that game, would have written a campaign without it."""
    path = tmp_path / "c.json"
    files.save(campaign(controller="computer"), path)
    first, second = files.load(path), files.load(path)
    headless.play_game(first, path, "open_field.toml")
    played = path.read_bytes()
    assert len(first.state.games) == 1
    with pytest.raises(WriteFailed) as e:
        headless.play_game(second, path, "open_field.toml")
    assert str(e.value) == (f"{path}: not written (changed by another Skirmish since this one "
                            f"read it: open it again); any previous file there is unchanged")
    assert path.read_bytes() == played
    again = files.load(path)  # read again, it plays on from the game the first one played
    headless.play_game(again, path, "open_field.toml")
    assert [g.index for g in files.load(path).state.games] == [1, 2]
