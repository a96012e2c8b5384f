"""The command line: bad input gives one line (file, entry, problem), exit 1, no traceback,
from ``validate``, ``simulate`` and ``replay``; good input works end to end."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import msgspec
import pytest

from skirmish.cli import main
from skirmish.content.loading import load_scenario
from skirmish.replay import record
from skirmish.sim import play

GOOD = """
id = "cli"
name = "CLI"
width = 48
height = 36
{top}
[[terrain]]
id = "house"
name = "Maison"
kind = "impassable"
polygon = {polygon}
blocks_los = true
height = 3

[[bands]]
zone = [[0, 0], [48, 0], [48, 8], [0, 8]]
[bands.warband]
id = "a"
name = "A"
[[bands.warband.figures]]
id = "chef"
name = "Chef"
rank = "chef"
weapons = {chef_weapons}
equipment = {chef_equipment}
{chef_position}
[[bands.warband.figures]]
id = "f1"
name = "F1"
rank = "sous_fifre"
{f1_position}

[[bands]]
zone = [[0, 28], [48, 28], [48, 36], [0, 36]]
[bands.warband]
id = "b"
name = "B"
[[bands.warband.figures]]
id = "chef"
name = "Chef"
rank = "chef"
[[bands.warband.figures]]
id = "f1"
name = "F1"
rank = "sous_fifre"
"""

DEFAULTS = dict(top="", polygon="[[20, 15], [26, 15], [26, 20], [20, 20]]",
                chef_weapons='["sword"]', chef_equipment="[]", chef_position="",
                f1_position="")

BAD = {
    "wrong type": (dict(top='max_turns_note = 1\n[options]\nmax_turns = "six"'),
                   "options.max_turns", "must be a whole number"),
    "self-intersecting polygon": (dict(polygon="[[20, 15], [26, 20], [26, 15], [20, 20]]"),
                                  "terrain[0].polygon", "self-intersecting"),
    "inside impassable terrain": (dict(chef_position="position = [23, 17]"),
                                  "bands[0].warband.figures[0].position", "impassable"),
    "overlapping figures": (dict(chef_position="position = [10, 4]", f1_position="position = [10.4, 4]"),
                            "bands[0].warband.figures[1].position", "overlaps"),
    "unknown weapon": (dict(chef_weapons='["lazer"]'), "bands[0].warband.figures[0].weapons",
                       "unknown weapon 'lazer'"),
    "over budget": (dict(chef_weapons='["laser_sword", "crossbow", "bazooka", "howitzer"]'),
                    "bands[0]", "over the 250-point budget"),
    "two-handed weapon with a shield": (dict(chef_weapons='["two_handed_axe"]',
                                             chef_equipment='["shield"]'),
                                        "bands[0].warband.figures[0]", "shield"),
}


def write(tmp_path: Path, **kw: str) -> Path:
    p = tmp_path / "scn.toml"
    text = GOOD.format(**{**DEFAULTS, **kw})
    text = text.replace("max_turns_note = 1\n", "")
    p.write_text(text, encoding="utf-8")
    return p


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_good_scenario_validates(tmp_path, capsys):
    code, out, _ = run(capsys, "validate", str(write(tmp_path)))
    assert code == 0 and "ok" in out


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_scenario_one_line_from_validate_and_simulate(tmp_path, capsys, case):
    kw, entry, problem = BAD[case]
    path = write(tmp_path, **kw)
    for argv in (("validate", str(path)), ("simulate", str(path), "--games", "1")):
        code, out, err = run(capsys, *argv)
        lines = err.strip().splitlines()
        assert code == 1, (case, argv, err)
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"{path}: {entry}"), lines[0]
        assert problem in lines[0]
        assert "Traceback" not in err


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_scenario_inside_a_replay_is_one_line(tmp_path, capsys, case):
    kw, entry, problem = BAD[case]
    good = load_scenario(write(tmp_path))
    rep = msgspec.to_builtins(record.from_game(play(good, 3)))
    rep["scenario"] = tomllib.loads(write(tmp_path, **kw).read_text(encoding="utf-8"))
    replay_path = tmp_path / "game.replay.json"
    replay_path.write_text(json.dumps(rep), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(replay_path), "--verify")
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1, (case, err)
    assert lines[0].startswith(f"{replay_path}: scenario."), lines[0]
    assert problem in lines[0]


def test_simulate_json_twice_identical_and_ends_by_the_rules(tmp_path, capsys):
    path = write(tmp_path)
    runs = [run(capsys, "simulate", str(path), "--games", "4", "--seed", "1", "--json")
            for _ in range(2)]
    assert runs[0] == runs[1]
    summary = json.loads(runs[0][1])
    assert summary["games"] == 4
    assert sum(summary["wins"].values()) + summary["draws"] == 4
    assert set(summary["end_reasons"]) <= {"turn 6", "at most one band has characters in play"}


def test_simulate_log_dir_writes_logs_and_replays_that_verify(tmp_path, capsys):
    path = write(tmp_path)
    logs = tmp_path / "logs"
    code, _, _ = run(capsys, "simulate", str(path), "--games", "2", "--seed", "5",
                     "--log-dir", str(logs))
    assert code == 0
    assert sorted(p.name for p in logs.iterdir()) == [
        "game-0000.jsonl", "game-0000.replay.json", "game-0001.jsonl", "game-0001.replay.json"]
    first = json.loads((logs / "game-0000.jsonl").read_text().splitlines()[0])
    assert "type" in first
    rolls = [json.loads(line) for line in (logs / "game-0000.jsonl").read_text().splitlines()]
    roll = next(r for r in rolls if r["type"] == "roll" and r["rule"] == "R-TURN-INIT")
    assert {"rule", "dice", "need", "success", "inputs", "figure", "target"} <= set(roll)
    code, out, _ = run(capsys, "replay", str(logs / "game-0001.replay.json"), "--verify")
    assert code == 0 and "reproduce exactly" in out


def test_replay_names_the_first_diverging_step(tmp_path, capsys):
    path = write(tmp_path)
    rep = record.from_game(play(load_scenario(path), 9))
    k = len(rep.steps) // 2
    rep.steps[k] = record.Step(command=rep.steps[k].command, hash="0" * 16)
    rp = tmp_path / "r.json"
    record.save(rep, rp)
    code, _, err = run(capsys, "replay", str(rp), "--verify")
    assert code == 1 and f"diverges at step {k}" in err


def test_replay_not_json_is_one_line(tmp_path, capsys):
    rp = tmp_path / "r.json"
    rp.write_text("{nope", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(rp), "--verify")
    assert code == 1 and err.startswith(f"{rp}: line 1: not valid JSON")


def test_no_traceback_from_a_real_process(tmp_path):
    path = write(tmp_path, **BAD["unknown weapon"][0])
    out = subprocess.run([sys.executable, "-m", "skirmish", "simulate", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_simulate_jobs_give_the_same_summary(tmp_path, capsys):
    path = write(tmp_path)
    one = run(capsys, "simulate", str(path), "--games", "4", "--seed", "2", "--json")
    two = run(capsys, "simulate", str(path), "--games", "4", "--seed", "2", "--json", "--jobs", "2")
    assert one[0] == two[0] == 0 and one[1] == two[1]
