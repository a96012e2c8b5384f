"""Hostile scenario, warband and replay files.

Every file is built here. Each must give exit status 1 and one line ``file: entry: problem``
per problem, no traceback, from ``validate``, ``simulate``, ``play``, ``play --autoplay``
(the window's smoke test, which must not run its frames on the loading screen's refusal
and report success) and (the scenario embedded in a replay) ``replay --verify`` alike.
The time each takes is printed, not asserted (speed is measured by ``skirmish bench``).
"""

from __future__ import annotations

import copy
import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from skirmish.cli import main
from skirmish.content.loading import scenario_from_dict
from skirmish.replay import record
from skirmish.sim import play

Doc = dict[str, Any]


def _figure(fid: str, rank: str, **kw: Any) -> Doc:
    return {"id": fid, "name": fid.capitalize(), "rank": rank, **kw}


def base() -> Doc:
    return {
        "id": "hostile", "name": "Hostile", "width": 48, "height": 36,
        "terrain": [{"id": "house", "name": "Maison", "kind": "impassable", "blocks_los": True,
                     "height": 3, "polygon": [[20, 15], [26, 15], [26, 20], [20, 20]]}],
        "bands": [
            {"zone": [[0, 0], [48, 0], [48, 8], [0, 8]],
             "warband": {"id": "a", "name": "A", "figures": [
                 _figure("chef", "chef", weapons=["sword"]), _figure("f1", "sous_fifre")]}},
            {"zone": [[0, 28], [48, 28], [48, 36], [0, 36]],
             "warband": {"id": "b", "name": "B", "figures": [
                 _figure("chef", "chef", weapons=["sword"]), _figure("f1", "sous_fifre")]}},
        ],
    }


def toml_text(doc: Doc) -> str:
    """A TOML rendering (top-level keys, everything below as inline tables and arrays)."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, float) and not math.isfinite(v):
            return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")
        if isinstance(v, int | float):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return "{" + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + "}"

    return "".join(f"{json.dumps(k)} = {value(v)}\n" for k, v in doc.items())


def _set(path: str, new: Any) -> Callable[[Doc], None]:
    """An edit of the document at a dotted path (``bands.0.warband.figures.0.base``)."""
    def edit(doc: Doc) -> None:
        *head, last = path.split(".")
        node: Any = doc
        for key in head:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = new
        else:
            node[last] = new
    return edit


def _dup_terrain(doc: Doc) -> None:
    doc["terrain"].append({**doc["terrain"][0], "polygon": [[30, 15], [36, 15], [36, 20]]})


def _newline_ids(doc: Doc) -> None:
    doc["terrain"][0]["id"] = "ho\nFAKE.json: ok"
    _dup_terrain(doc)


def _many_figures(doc: Doc) -> None:
    doc["bands"][0]["warband"]["figures"] += [_figure(f"s{i}", "sous_fifre")
                                              for i in range(58)]


def _star(n: int, cx: float = 24, cy: float = 18) -> list[list[float]]:
    """A concave star of ``n`` corners (alternating radii 6 and 3)."""
    return [[round(cx + (6 if i % 2 == 0 else 3) * math.cos(2 * math.pi * i / n), 4),
             round(cy + (6 if i % 2 == 0 else 3) * math.sin(2 * math.pi * i / n), 4)]
            for i in range(n)]


FIG0 = "bands.0.warband.figures.0"
#: name → (edit, [(entry, text in the problem)]).
CASES: dict[str, tuple[Callable[[Doc], None], list[tuple[str, str]]]] = {
    "width = inf": (_set("width", math.inf), [("width", "must be a finite number, got inf")]),
    "an integer beyond 64 bits": (_set("height", 2 ** 70),
                                  [("height", "number too large (71 bits, at most 63)")]),
    "ruleset = chess": (_set("ruleset", "chess"),
                        [("ruleset", "unknown ruleset 'chess' (known: cle_en_main, clefs_aube, "
                                     "kart7, skirmish, wfrp2)")]),
    "two terrain pieces with one id": (_dup_terrain, [("terrain[1].id", "duplicate terrain id")]),
    "base = nan": (_set(f"{FIG0}.base", math.nan),
                   [("bands[0].warband.figures[0].base", "must be a finite number, got nan")]),
    "base = 1e9": (_set(f"{FIG0}.base", 1e9),
                   [("bands[0].warband.figures[0].base", "must be >= 0.25 and <= 10")]),
    "width = height = 1e12": (lambda d: d.update(width=1e12, height=1e12),
                              [("width", "table width must be > 0 and <= 500, got 1e+12"),
                               ("height", "table height must be > 0 and <= 500, got 1e+12")]),
    "terrain height = nan": (_set("terrain.0.height", math.nan),
                             [("terrain[0].height", "must be a finite number, got nan")]),
    "two bands sharing one zone": (_set("bands.1.zone", [[0, 0], [48, 0], [48, 8], [0, 8]]),
                                   [("bands[1].zone", "overlaps the deployment zone of "
                                                      "bands[0]")]),
    "action_points = 0": (_set("options", {"action_points": {"chef": 0}}),
                          [("options.action_points.chef", "expected int >= 1")]),
    "action_points negative": (_set("options", {"action_points": {"sous_fifre": -3}}),
                               [("options.action_points.sous_fifre", "expected int >= 1")]),
    "action_points = 10^6": (_set("options", {"action_points": {"chef": 10 ** 6}}),
                             [("options.action_points.chef", "expected int <= 10")]),
    "a 300-character figure name": (_set(f"{FIG0}.name", "N" * 300),
                                    [("bands[0].warband.figures[0].name",
                                      "name of 300 characters, at most 100")]),
    "a band of 60 figures": (_many_figures, [("bands[0].warband.figures",
                                             "60 figures, a band may have at most 50"),
                                             ("bands[0].warband", "over the 250-point budget")]),
    "a piece of 1,001 corners": (_set("terrain.0.polygon", _star(1001)),
                                 [("terrain[0].polygon", "1001 corners, at most 1000")]),
    "a colour that is not #RRGGBB": (_set("bands.0.warband.colour", "red"),
                                     [("bands[0].warband.colour",
                                       "a colour is written #RRGGBB (e.g. #2f6fd0), got 'red'")]),
    "an advance of +1e9 PV": (_set(f"{FIG0}.advances", [{"stat": "pv", "op": "add",
                                                          "value": 1e9}]),
                              [("bands[0].warband.figures[0].advances[0].value",
                                "a change must be >= -10 and <= 10, got 1e+09")]),
    "a colon in a figure id": (_set(f"{FIG0}.id", "x:y"),
                               [("bands[0].warband.figures[0].id",
                                 "a band or figure id may not contain ':', got 'x:y'")]),
    "an id with a newline": (_newline_ids, [("terrain[1].id", "'ho\\nFAKE.json: ok'")]),
    "ANSI escapes in an id": (_set(f"{FIG0}.weapons", ["\x1b[2J\x1b[31mlazer"]),
                              [("bands[0].warband.figures[0].weapons",
                                "unknown weapon '\\x1b[2J\\x1b[31mlazer'")]),
}
#: Found only by running the engine's deployment, which a replay leaves to its commands.
DEPLOY_CASES: dict[str, tuple[Callable[[Doc], None], list[tuple[str, str]]]] = {
    "a zone inside impassable terrain": (
        _set("bands.0.zone", [[21, 16], [25, 16], [25, 19], [21, 19]]),
        [("bands[0].zone", "the zone lies wholly inside impassable terrain 'Maison' "
                           "(terrain[0]): band 'A' has nowhere to deploy")]),
    "a zone too small for its figures": (
        _set("bands.0.zone", [[0, 0], [1.5, 0], [1.5, 1.5], [0, 1.5]]),
        [("bands[0].zone", "cannot deploy band 'a': There is no room left in A's zone for F1")]),
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str, float]:
    t0 = time.perf_counter()
    code = main(list(argv))
    dt = time.perf_counter() - t0
    out, err = capsys.readouterr()
    return code, out, err, dt


def assert_lines(err: str, file: Path | str, expected: list[tuple[str, str]]) -> None:
    lines = err.strip("\n").split("\n")
    assert len(lines) == len(expected), err
    for line, (entry, text) in zip(lines, expected, strict=True):
        assert line.startswith(f"{file}: {entry}: "), (line, entry)
        assert text in line, (line, text)
    assert "Traceback" not in err


def refused_everywhere(capsys: pytest.CaptureFixture[str], path: Path, name: str,
                       expected: list[tuple[str, str]]) -> None:
    for argv in (["validate", str(path)], ["simulate", str(path), "--games", "1"],
                 ["play", str(path), "--frames", "1"],
                 ["play", str(path), "--autoplay", "--frames", "30"]):
        code, _, err, dt = run(capsys, *argv)
        print(f"{name!r}: {argv[0]} {dt * 1000:.0f} ms")
        assert code == 1, (argv, err)
        assert_lines(err, path, expected)


@pytest.fixture(scope="module")
def good_replay() -> Doc:
    """A real replay of the base scenario, to carry the hostile scenarios."""
    game = play(scenario_from_dict(base(), "base"), 4)
    return msgspec.to_builtins(record.from_game(game))


@pytest.mark.parametrize("name", sorted(CASES | DEPLOY_CASES))
def test_hostile_scenario_one_line_per_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               name: str) -> None:
    edit, expected = (CASES | DEPLOY_CASES)[name]
    doc = base()
    edit(doc)
    path = tmp_path / "hostile.toml"
    path.write_text(toml_text(doc), encoding="utf-8")
    refused_everywhere(capsys, path, name, expected)


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_scenario_inside_a_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          good_replay: Doc, name: str) -> None:
    edit, expected = CASES[name]
    doc = base()
    edit(doc)
    rep = copy.deepcopy(good_replay)
    rep["scenario"] = doc
    if name.startswith("action_points"):  # a replay carries its options on their own too
        rep["options"]["action_points"] = {**rep["options"]["action_points"],
                                           **doc["options"]["action_points"]}
    path = tmp_path / "hostile.replay.json"
    path.write_text(json.dumps(rep), encoding="utf-8")
    code, _, err, dt = run(capsys, "replay", str(path), "--verify")
    print(f"{name!r} in a replay: {dt * 1000:.0f} ms")
    assert code == 1, err
    want = [(f"scenario.{e}", t) for e, t in expected]
    if name.startswith("action_points"):
        want.append((expected[0][0], expected[0][1]))
    assert_lines(err, path, want)


# ---------------------------------------------------------------- raw text: before parsing

DEEP = 5000


@pytest.mark.parametrize(("name", "text", "entry", "problem"), [
    ("arrays nested 5,000 deep", "x = " + "[" * DEEP + "]" * DEEP, "(top level)",
     "arrays or tables nested more than 16 levels deep"),
    ("inline tables nested 5,000 deep", "x = " + "{a = " * DEEP + "1" + "}" * DEEP,
     "(top level)", "arrays or tables nested more than 16 levels deep"),
    ("arrays nested 17 deep", "x = " + "[" * 17 + "]" * 17, "x" + "[0]" * 15,
     "nested more than 16 levels deep"),
    ("20,000 dotted keys", "x." * 20_000 + "y = 1", "line {LINE}",
     "a dotted key of more than 16 parts: nested too deeply"),
    ("a 1 MB figure name", 'name = "' + "N" * (1 << 20) + '"', "(top level)",
     "file is 1.0 MB: a scenario or warband file may be at most 512.0 KB"),
    ("not UTF-8", "name = \"\xff\"", "(top level)", "not UTF-8 text (byte 0xff at offset {OFFSET})"),
])
def test_hostile_text_refused_before_or_while_parsing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, entry: str,
        problem: str) -> None:
    path = tmp_path / "raw.toml"
    head = toml_text(base()).encode()
    data = text.encode("latin-1") if name == "not UTF-8" else text.encode()
    path.write_bytes(head + data + b"\n")
    at = {"LINE": head.count(b"\n") + 1, "OFFSET": len(head) + 8}
    refused_everywhere(capsys, path, name, [(entry.format(**at), problem.format(**at))])


def test_utf8_byte_order_mark_is_accepted(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A BOM is accepted, not 'Invalid statement'."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + toml_text(base()).encode())
    code, out, err, _ = run(capsys, "validate", str(path))
    assert (code, out, err) == (0, f"{path}: ok\n", "")


def test_warband_reference_that_is_not_a_warband_is_not_echoed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """/etc/passwd, or a TOML file of secrets, named as a warband."""
    secret = tmp_path / "secret.toml"
    secret.write_text('password = "hunter2"\n', encoding="utf-8")
    for ref, expected in ((str(secret), [("bands[0].warband", "is not a warband file (no "
                                                              "[band] table)")]),
                          ("/etc/passwd", None)):
        doc = base()
        doc["bands"][0]["warband"] = ref
        path = tmp_path / "ref.toml"
        path.write_text(toml_text(doc), encoding="utf-8")
        code, out, err, _ = run(capsys, "validate", str(path))
        assert code == 1 and out == "" and "Traceback" not in err
        assert len(err.strip().split("\n")) == 1
        assert "hunter2" not in err
        if expected is not None:
            assert_lines(err, path, expected)
        elif Path(ref).is_file():
            first = Path(ref).read_text(encoding="utf-8", errors="replace").split("\n")[0]
            assert first[:12] not in err


# ---------------------------------------------------------------- replays

def write_replay(tmp_path: Path, rep: Doc, name: str = "r.replay.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(rep), encoding="utf-8")
    return path


@pytest.mark.parametrize(("name", "edit", "entry", "problem"), [
    ("seed = -1", lambda r: r.update(seed=-1), "seed", "seed must be >= 0 and < 2^63, got -1"),
    ("a 30-digit seed", lambda r: r.update(seed=10 ** 30), "seed", "number too large"),
    ("ruleset = chess", lambda r: r.update(ruleset="chess"), "ruleset",
     "unknown ruleset 'chess'"),
    ("format with a newline", lambda r: r.update(format="x\nFAKE.json: ok"), "format",
     "not a Skirmish replay (format 'x\\nFAKE.json: ok')"),
])
def test_hostile_replay_envelope(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 good_replay: Doc, name: str, edit: Callable[[Doc], None],
                                 entry: str, problem: str) -> None:
    rep = copy.deepcopy(good_replay)
    edit(rep)
    path = write_replay(tmp_path, rep)
    for argv in (["replay", str(path)], ["replay", str(path), "--verify"]):
        code, _, err, dt = run(capsys, *argv)
        print(f"{name!r}: {' '.join(argv[:1] + argv[2:])} {dt * 1000:.0f} ms")
        assert code == 1
        assert_lines(err, path, [(entry, problem)])


@pytest.mark.parametrize(("name", "tail", "problem"), [
    ("a 5,000-digit seed", ', "seed": 1' + "0" * 5000,
     "not a valid replay: Exceeds the limit (4300 digits)"),
    ("100,000 nested arrays in an extra key", ', "extra": ' + "[" * 100_000 + "]" * 100_000,
     "arrays or objects nested more than 16 levels deep"),
    ("seed = NaN", ', "seed": NaN', "must be a finite number, got nan"),
])
def test_hostile_replay_text(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             good_replay: Doc, name: str, tail: str, problem: str) -> None:
    rep = {k: v for k, v in good_replay.items() if k != "seed"}
    text = json.dumps(rep)[:-1] + tail + "}"
    path = tmp_path / "r.replay.json"
    path.write_text(text, encoding="utf-8")
    code, _, err, dt = run(capsys, "replay", str(path), "--verify")
    print(f"{name!r}: {dt * 1000:.0f} ms")
    assert code == 1
    assert err.count("\n") == 1 and err.startswith(f"{path}: ") and problem in err, err
    assert "Traceback" not in err


def test_two_gigabyte_replay_is_not_read(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The size is checked before reading (a sparse file: no disk used)."""
    path = tmp_path / "huge.replay.json"
    with open(path, "wb") as fh:
        fh.truncate(2 << 30)
    code, _, err, dt = run(capsys, "replay", str(path), "--verify")
    print(f"2 GB replay: {dt * 1000:.0f} ms")
    assert code == 1
    assert_lines(err, path, [("(top level)", "file is 2.0 GB: a replay may be at most 64.0 MB")])


def test_a_game_log_is_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A log given as a replay: ``skirmish replay game.jsonl``."""
    logs = tmp_path / "logs"
    scn = tmp_path / "s.toml"
    scn.write_text(toml_text(base()), encoding="utf-8")
    assert run(capsys, "simulate", str(scn), "--games", "1", "--log-dir", str(logs))[0] == 0
    log = logs / "game-0000.jsonl"
    code, _, err, _ = run(capsys, "replay", str(log))
    assert code == 1
    assert_lines(err, log, [("(top level)", "this is a game log (JSON Lines), not a replay")])


def test_truncated_replay_with_its_result_kept_fails_verify(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], good_replay: Doc) -> None:
    """The last steps cut off, the final result kept."""
    rep = copy.deepcopy(good_replay)
    assert rep["result"] is not None
    rep["steps"] = rep["steps"][:-3]
    path = write_replay(tmp_path, rep)
    code, _, err, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and err.count("\n") == 1
    assert err.startswith(f"{path}: the recorded result does not match the commands: "
                          f"recorded {json.dumps(rep['result'], sort_keys=True)}, re-running "
                          "gives no result (the game is not over)")


def test_forged_result_fails_verify_and_says_what_differs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], good_replay: Doc) -> None:
    rep = copy.deepcopy(good_replay)
    true_result = json.dumps(rep["result"], sort_keys=True)
    rep["result"] = {**rep["result"], "winner": "forged"}
    path = write_replay(tmp_path, rep)
    code, _, err, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 1
    assert "the recorded result does not match the commands" in err
    assert '"winner": "forged"' in err and f"re-running gives {true_result}" in err


def test_honest_replay_still_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      good_replay: Doc) -> None:
    path = write_replay(tmp_path, good_replay)
    code, out, _, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 0 and "steps and the result reproduce exactly" in out


def test_rerun_gives_the_game_and_the_first_bad_step(good_replay: Doc) -> None:
    """The window's load uses :func:`record.rerun`: the re-run game and where it parted."""
    rep = msgspec.convert(copy.deepcopy(good_replay), record.Replay)
    rep.steps[5] = record.Step(command=rep.steps[5].command, hash="0" * 16)
    out = record.rerun(rep, "r.json")
    assert out.divergence is not None and out.divergence.step == 5
    assert len(out.game.commands) == 6


# ---------------------------------------------------------------- validate lists everything

def test_validate_reports_every_problem_of_a_file(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Not only the first (in the order of the checks: the entries'
    ranges, then the band rules)."""
    doc = base()
    _set(f"{FIG0}.weapons", ["lazer"])(doc)
    _set("bands.1.warband.figures.1.equipment", ["light_armour", "heavy_armour"])(doc)
    doc["options"] = {"max_turns": 0}
    _dup_terrain(doc)
    path = tmp_path / "many.toml"
    path.write_text(toml_text(doc), encoding="utf-8")
    code, _, err, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert_lines(err, path, [
        ("options.max_turns", "max_turns must be at least 1, got 0"),
        ("terrain[1].id", "duplicate terrain id 'house'"),
        ("bands[0].warband.figures[0].weapons", "unknown weapon 'lazer'"),
        ("bands[1].warband.figures[1].equipment", "at most 1 armour"),
    ])


def test_within_the_limits_a_400_corner_piece_loads(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A 400-corner concave piece is fine (timed)."""
    doc = base()
    doc["terrain"][0]["polygon"] = _star(400)
    path = tmp_path / "star.toml"
    path.write_text(toml_text(doc), encoding="utf-8")
    code, out, err, dt = run(capsys, "validate", str(path))
    print(f"400-corner piece: validate {dt * 1000:.0f} ms")
    assert (code, err) == (0, "")


def test_a_replay_never_reads_a_warband_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             good_replay: Doc) -> None:
    """A replay embeds its warbands: a file reference (here /etc/passwd) is refused unread."""
    rep = copy.deepcopy(good_replay)
    rep["scenario"]["bands"][0]["warband"] = "/etc/passwd"
    path = write_replay(tmp_path, rep)
    code, _, err, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 1
    assert_lines(err, path, [("scenario.bands[0].warband", "warband file '/etc/passwd' cannot "
                                                           "be resolved here: embed the warband")])


def test_terminal_escapes_in_ids_never_reach_the_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A legal file whose band id holds ANSI codes and a newline."""
    doc = base()
    doc["bands"][0]["warband"]["id"] = "a\x1b[2J\nFAKE.toml ok"
    path = tmp_path / "ansi.toml"
    path.write_text(toml_text(doc), encoding="utf-8")
    code, out, err, _ = run(capsys, "simulate", str(path), "--games", "1")
    assert code == 0, err
    assert "\x1b" not in out + err and "\\x1b[2J\\nFAKE.toml ok" in out
    assert not any(line.startswith("FAKE") for line in out.split("\n"))


def test_within_the_limits_two_bands_of_50_validate(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The largest bands a file may hold validate, deployment included (timed)."""
    doc = base()
    doc.update(width=96, height=64, options={"band_points": 100_000})
    for band, zone in zip(doc["bands"], ([[0, 0], [96, 0], [96, 16], [0, 16]],
                                         [[0, 48], [96, 48], [96, 64], [0, 64]]), strict=True):
        band["zone"] = zone
        band["warband"]["figures"] += [_figure(f"s{i}", "sous_fifre") for i in range(48)]
    path = tmp_path / "fifty.toml"
    path.write_text(toml_text(doc), encoding="utf-8")
    code, _, err, dt = run(capsys, "validate", str(path))
    print(f"two bands of 50: validate {dt * 1000:.0f} ms")
    assert (code, err) == (0, "")


def test_auto_deployment_of_200_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """200 figures deploy (it took 6.3 s, cubic); every base legal."""
    from skirmish.bench.geometry import crowd
    from skirmish.match import new_game
    from skirmish.rules import commands as c

    game = new_game(crowd(100), 1)  # type: ignore[arg-type]
    t0 = time.perf_counter()
    while game.state.phase == "deployment":
        band = game.to_act
        game.apply(c.AutoDeploy(band=band))
        game.apply(c.EndDeployment(band=band))
    print(f"200-figure auto-deployment: {(time.perf_counter() - t0) * 1000:.0f} ms")
    discs = [f.disc for f in game.state.figures.values()]
    assert len(discs) == 200 and all(f.status == "in_play" for f in game.state.figures.values())
    for i, d in enumerate(discs):
        assert game.table.placement_problem(d, discs[:i] + discs[i + 1:]) is None


def test_validate_reports_every_structural_problem(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Wrong types and unknown fields in several entries, all listed."""
    doc = base()
    doc["colr"] = "red"
    doc["terrain"][0]["hieght"] = 2
    _set("bands.1.warband.figures.1.base", "big")(doc)
    _set("bands.0.zone", "north")(doc)
    path = tmp_path / "types.toml"
    path.write_text(toml_text(doc), encoding="utf-8")
    code, _, err, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert_lines(err, path, [
        ("(top level)", "unknown field 'colr'"),
        ("terrain[0]", "unknown field 'hieght'"),
        ("bands[0].zone", "expected array, got str"),
        ("bands[1].warband.figures[1].base", "expected float, got str"),
    ])


def test_validate_lists_every_bad_figure_of_a_warband_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    band = base()["bands"][0]["warband"]
    band["figures"][0]["rank"] = "general"
    band["figures"][1]["weapons"] = "sword"
    path = tmp_path / "band.toml"
    path.write_text("[band]\n" + toml_text(band), encoding="utf-8")
    code, _, err, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert_lines(err, path, [("band.figures[0].rank", "invalid enum value 'general'"),
                             ("band.figures[1].weapons", "expected array, got str")])


@pytest.mark.parametrize("name", sorted(DEPLOY_CASES))
def test_undeployable_zone_inside_a_replay_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], good_replay: Doc, name: str) -> None:
    """A replay deploys by its own commands: the changed zone parts at the start."""
    rep = copy.deepcopy(good_replay)
    DEPLOY_CASES[name][0](rep["scenario"])
    path = write_replay(tmp_path, rep)
    code, _, err, dt = run(capsys, "replay", str(path), "--verify")
    print(f"{name!r} in a replay: {dt * 1000:.0f} ms")
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"{path}: diverges at the start: expected hash ")


def test_play_load_refuses_a_hostile_save_before_the_window(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], good_replay: Doc) -> None:
    rep = copy.deepcopy(good_replay)
    rep["seed"] = -1
    path = write_replay(tmp_path, rep, "save.json")
    code, _, err, _ = run(capsys, "play", "--load", str(path), "--frames", "1")
    assert code == 1
    assert_lines(err, path, [("seed", "seed must be >= 0 and < 2^63, got -1")])


def test_autoplay_of_a_hostile_scenario_exits_1_in_a_real_process(tmp_path: Path) -> None:
    """``skirmish play BROKEN.toml --autoplay`` as a shell runs it: status 1 and the one
    line ``validate`` gives on stderr, nothing else on stderr, no frame count on stdout."""
    doc = base()
    CASES["ruleset = chess"][0](doc)
    path = tmp_path / "broken.toml"
    path.write_text(toml_text(doc), encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-m", "skirmish", "play", str(path), "--autoplay"],
                         capture_output=True, text=True, env=env, timeout=100)
    assert out.returncode == 1, (out.stdout, out.stderr)
    assert_lines(out.stderr, path, CASES["ruleset = chess"][1])
    assert "frames" not in out.stdout
