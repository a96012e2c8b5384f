"""A save, replay or campaign file opened where another kind is expected, or written by a
newer Skirmish, says what it is, in one line naming the file (not a misleading
``options: unknown field`` or ``format None``)."""

from __future__ import annotations

import json
from pathlib import Path

from skirmish.cli import main

WARBANDS = Path(__file__).resolve().parents[1] / "scenarios" / "warbands"
BANDS = [str(WARBANDS / "ork_mob.toml"), str(WARBANDS / "elf_rangers.toml")]


def _one_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def test_a_campaign_file_given_as_a_replay_or_save_says_so(tmp_path, capsys):
    camp = tmp_path / "camp.json"
    assert main(["campaign", "new", str(camp), "--bands", *BANDS]) == 0
    capsys.readouterr()
    assert main(["replay", "--verify", str(camp)]) == 1
    assert _one_line(capsys).startswith(f"{camp}: format: a campaign file, not a replay")


def test_a_replay_given_as_a_campaign_says_so(tmp_path, capsys):
    replay = tmp_path / "game.replay.json"
    replay.write_text(json.dumps({"format": "skirmish-replay", "version": 1,
                                  "options": {"elf_resistance": True}}))
    assert main(["campaign", "show", str(replay)]) == 1
    assert _one_line(capsys) == f"{replay}: format: a replay or a save, not a campaign file"


def test_files_from_a_newer_skirmish_say_so(tmp_path, capsys):
    camp = tmp_path / "camp.json"
    assert main(["campaign", "new", str(camp), "--bands", *BANDS]) == 0
    capsys.readouterr()
    data = json.loads(camp.read_text())
    data["version"] = 99
    camp.write_text(json.dumps(data))
    assert main(["campaign", "show", str(camp)]) == 1
    assert _one_line(capsys).endswith("version 99 (this program reads version 1): "
                                      "was it written by a newer Skirmish?")
    replay = tmp_path / "game.replay.json"
    replay.write_text(json.dumps({"format": "skirmish-replay", "version": 99}))
    assert main(["replay", "--verify", str(replay)]) == 1
    assert _one_line(capsys) == (f"{replay}: version: replay version 99 is not supported "
                                 "(this program reads versions 1 to 2): was it written by a "
                                 "newer Skirmish?")
