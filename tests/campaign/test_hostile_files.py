"""A campaign file from outside is read like a scenario: one checked schema with ranges and
cross-references, every problem one line ``FILE: ENTRY: PROBLEM``, nothing written when
the file is refused — through ``skirmish campaign show`` and ``play``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skirmish.campaign import commands as cc
from skirmish.campaign import files
from skirmish.cli import main
from tests.campaign.build import campaign

Edit = Callable[[dict[str, Any]], None]


def saved(folder: Path, in_game: bool = False) -> Path:
    c = campaign(controller="computer")
    if in_game:
        c.apply(cc.BeginGame(scenario="open_field.toml"))
    path = folder / "c.json"
    files.save(c, path)
    return path


def tampered(folder: Path, edit: Edit, *, in_game: bool = False, raw: bool = False) -> Path:
    path = saved(folder, in_game)
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(data if raw else json.dumps(data))  # type: ignore[arg-type]
    return path


def refused(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> str:
    """What ``campaign show`` and ``campaign play`` say, one line per problem, each naming
    the file; nothing written."""
    before = {p.name: p.read_bytes() for p in path.parent.iterdir() if p.is_file()}
    assert main(["campaign", "show", str(path)]) == 1
    shown = capsys.readouterr()
    lines = shown.err.splitlines()
    assert shown.out == "" and lines and all(x.startswith(f"{path}: ") for x in lines)
    assert main(["campaign", "play", str(path), "--computer", "all", *args]) == 1
    played = capsys.readouterr()
    assert played.err == shown.err
    after = {p.name: p.read_bytes() for p in path.parent.iterdir() if p.is_file()}
    assert after == before
    return shown.err.strip()


def member(i: int = 0, k: int = 0) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda d: d["bands"][i]["members"][k]


def spec(d: dict[str, Any]) -> dict[str, Any]:
    return d["bands"][0]["members"][0]["spec"]


CASES: list[tuple[str, Edit, str]] = [
    ("unknown equipment", lambda d: spec(d).update(equipment=["jetpack"]),
     "bands[0].members[0].spec.equipment: unknown equipment 'jetpack'"),
    ("unknown weapon", lambda d: spec(d).update(weapons=["lazer"]),
     "bands[0].members[0].spec.weapons: unknown weapon 'lazer'"),
    ("unknown race", lambda d: d["bands"][1].update(race="martian"),
     "bands[1].race: unknown race 'martian'"),
    ("unknown injury", lambda d: spec(d).update(injuries=["gout"]),
     "bands[0].members[0].spec.injuries[0]: unknown injury 'gout'"),
    ("garbage dice", lambda d: d["dice"].update(state="zz"),
     "dice: not a dice state this program wrote"),
    ("negative dice seed", lambda d: d["dice"].update(seed=-4),
     "dice: not a dice state this program wrote"),
    ("nan vp rate", lambda d: d["options"].update(vp_to_band_points=float("nan")),
     "options.vp_to_band_points: must be a finite number, got nan"),
    ("infinite vp rate", lambda d: d["options"].update(vp_to_band_points=float("inf")),
     "options.vp_to_band_points: must be a finite number, got inf"),
    ("negative vp rate", lambda d: d["options"].update(vp_to_band_points=-1.0),
     "options.vp_to_band_points: must be from 0 to 100, got -1"),
    ("one band", lambda d: d.update(bands=d["bands"][:1]),
     "bands: a campaign has 2 to 8 bands, this one 1"),
    ("negative xp", lambda d: spec(d).update(xp=-5),
     "bands[0].members[0].spec.xp: must be from 0 to 10000, got -5"),
    ("huge xp", lambda d: spec(d).update(xp=10**30),
     "bands[0].members[0].spec.xp: number too large (100 bits, at most 63)"),
    ("huge band points", lambda d: d["bands"][0].update(band_points=10**30),
     "bands[0].band_points: number too large (100 bits, at most 63)"),
    ("band points out of range", lambda d: d["bands"][0].update(band_points=10**9),
     "bands[0].band_points: must be from 0 to 1e+06, got 1e+09"),
    ("huge seed", lambda d: d.update(seed=2 * 10**200),
     "seed: number too large (666 bits, at most 63)"),
    ("seed past its games", lambda d: d.update(seed=2**62),
     "seed: must be from 0 to"),
    ("id with a colon", lambda d: spec(d).update(id="bo:ss"),
     "bands[0].members[0].spec.id: an id may not contain ':', got 'bo:ss'"),
    ("negative missed games", lambda d: member()(d).update(misses=-2),
     "bands[0].members[0].misses: must be from 0 to 30, got -2"),
    ("captive without a captor", lambda d: member()(d).update(status="captured"),
     "bands[0].members[0].captor: a captive needs its captor"),
    ("hates nobody here", lambda d: spec(d).update(hates="green"),
     "bands[0].members[0].spec.hates: unknown band 'green'"),
    ("two bands, one id", lambda d: d["bands"][1].update(id="red"),
     "bands[1].id: two bands have the id 'red'"),
    ("a game under way at rest", lambda d: d.update(current_scenario={"id": "x"}),
     "phase: a campaign ready has no game, post-game or decision under way"),
]


@pytest.mark.parametrize(("what", "edit", "said"), CASES, ids=[c[0] for c in CASES])
def test_a_tampered_file_is_refused_with_one_line_and_nothing_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str, edit: Edit,
        said: str) -> None:
    line = refused(capsys, tampered(tmp_path, edit))
    assert said in line, line


@pytest.mark.parametrize("depth", [17, 5000])
def test_deep_nesting_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 depth: int) -> None:
    path = saved(tmp_path)
    text = path.read_text().replace('"name":"Test"', '"name":' + "[" * depth + "]" * depth)
    path.write_text(text)
    assert "nested more than 16 levels deep" in refused(capsys, path)


def test_a_figure_both_dead_and_fielded_is_refused(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tampered(tmp_path, lambda d: member()(d).update(status="dead"), in_game=True)
    line = refused(capsys, path)
    assert line.endswith("current_scenario.bands[0].warband.figures[0]: 'boss' is not a "
                         "figure of 'red' fit to play (dead)")


@pytest.mark.parametrize(("what", "edit", "said"), [
    ("kit", lambda d: d["current_scenario"]["bands"][0]["warband"]["figures"][1].update(
        weapons=["howitzer"]), "current_scenario.bands[0].warband.figures[1]: 'lieu' is not "
                               "as its roster has it"),
    ("base", lambda d: d["current_scenario"]["bands"][0]["warband"]["figures"][1].update(
        base=1e9), "current_scenario.bands[0].warband.figures[1].base: base diameter"),
    ("bands", lambda d: d["current_scenario"].update(bands=d["current_scenario"]["bands"][::-1]),
     "current_scenario.bands: fields blue, red; the campaign's bands are red, blue"),
    ("seed", lambda d: d["current"].update(seed=7),
     "current: not game 1 of this campaign"),
])
def test_a_tampered_game_under_way_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              what: str, edit: Edit, said: str) -> None:
    line = refused(capsys, tampered(tmp_path, edit, in_game=True))
    assert said in line, line


def test_a_tampered_decision_is_refused(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """The decision waited for is the one the post-game asks: a ransom offer of -1000 band
    points slipped into the file is not it."""
    from tests.campaign.build import play

    c = campaign()
    play(c, 6, 2, red__boss=("out_of_action", "blue:grunt"))
    assert c.pending.kind == "ransom_demand"
    path = tmp_path / "c.json"
    files.save(c, path)
    data = json.loads(path.read_text())
    data["pending"]["options"][0]["key"] = "ask:-1000"
    path.write_text(json.dumps(data))
    assert refused(capsys, path).endswith("pending: not the decision the post-game waits for "
                                          "(its band, kind or choices differ)")


def test_every_state_the_engine_saves_it_reads_back(tmp_path: Path) -> None:
    """The checks refuse nothing the engine writes: a campaign saved at each step of a
    post-game with injuries, a captive, a fine and a forfeit loads again."""
    from tests.campaign.build import finish_shopping, play

    c = campaign()
    path = tmp_path / "c.json"
    play(c, 6, 2, 6, 5, 2, 4, red__boss=("out_of_action", "blue:grunt"),
         blue__boss=("out_of_action", "red:grunt"), red__lieu=("in_play", None, ("halberd",)))
    while c.pending is not None:
        files.save(c, path)
        assert files.load(path).pending == c.pending
        if c.pending.kind == "shop":
            c.apply(cc.Done(band=c.pending.band))
        else:
            c.apply(cc.Choose(option=c.pending.default))
    for m in c.band("red").members:
        m.status, m.captor = "dead", None
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    finish_shopping(c)
    files.save(c, path)
    assert files.load(path).state.phase == "over"


@pytest.mark.parametrize("kind", ["fifo", "folder", "huge"])
def test_a_special_or_huge_file_is_refused_without_blocking(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    import os

    path = tmp_path / "c.json"
    if kind == "fifo":
        os.mkfifo(path)
        said = "not a regular file"
    elif kind == "folder":
        path.mkdir()
        said = "is a folder, not a file"
    else:
        with open(path, "wb") as fh:
            fh.truncate(65 << 20)
        said = "a campaign file may be at most 64 MB"
    assert main(["campaign", "show", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}: (top level): {said}\n"


def test_a_tampered_final_standing_is_refused(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """D-10: the final standing the window shows is the one the games give."""
    from tests.campaign.build import finish_shopping

    c = campaign(controller="computer")
    for m in c.band("red").members:
        m.status = "dead"
    c.apply(cc.BeginGame(scenario="open_field.toml"))
    finish_shopping(c)
    path = tmp_path / "c.json"
    files.save(c, path)
    data = json.loads(path.read_text())
    data["result"]["winner"] = "red"
    path.write_text(json.dumps(data))
    assert refused(capsys, path).endswith("result: not the final standing of this campaign's "
                                          "games (D-10)")


def test_a_post_game_waiting_for_nothing_is_refused(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A post-game at rest always waits for a decision: without one nothing would run it."""
    from tests.campaign.build import play

    c = campaign()
    play(c)
    path = tmp_path / "c.json"
    files.save(c, path)
    data = json.loads(path.read_text())
    data["pending"] = None
    path.write_text(json.dumps(data))
    assert "queue: a post-game at rest has its game's report" in refused(capsys, path)
