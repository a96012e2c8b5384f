"""``skirmish campaign``: headless campaigns between computer bands (4 games in every suite,
10 under ``pytest -m slow``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skirmish.campaign import files
from skirmish.cli import main
from skirmish.locations import SCENARIOS
from tests.sizes import sizes

BANDS = [str(SCENARIOS / "warbands" / "ork_boyz.toml"),
         str(SCENARIOS / "warbands" / "survivors.toml")]


def run(folder: Path, games: int) -> Path:
    path = folder / "camp.json"
    assert main(["campaign", "new", str(path), "--bands", *BANDS, "--seed", "11",
                 "--computer", "all", "--scenario", "street_fight.toml"]) == 0
    assert main(["campaign", "play", str(path), "--games", str(games), "-q"]) == 0
    return path


@pytest.mark.parametrize("games", sizes(4, 10))
def test_games_run_reload_and_repeat_byte_for_byte(tmp_path: Path, games: int) -> None:
    """Every post-game roll is logged with its R-CAMP rule; same seed, same campaign."""
    a = run(tmp_path / "a", games)
    c = files.load(a)
    assert len(c.state.games) == games and c.state.phase == "ready"
    rolls = [json.loads(line) for line in (tmp_path / "a" / "camp.log.jsonl").read_text()
             .splitlines()]
    rolls = [r for r in rolls if r["type"] == "roll"]
    assert rolls and all(r["rule"].startswith("R-CAMP-") for r in rolls)
    for g in c.state.games:
        assert (tmp_path / "a" / g.log).is_file()
        # bands short of a Sous-fifre after losses still verify: a campaign roster
        assert main(["replay", "--verify", str(tmp_path / "a" / g.replay)]) == 0
    b = run(tmp_path / "b", games)
    for name in ["camp.json", "camp.log.jsonl", f"camp-game-{games:02d}.jsonl",
                 f"camp-game-{games - 3:02d}.replay.json"]:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert b.read_bytes() == a.read_bytes()


def test_show_and_bad_file_one_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    path = run(tmp_path, games=1)
    assert main(["campaign", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game 1: street_fight.toml" in out and "band points" in out
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 7}')
    assert main(["campaign", "show", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err and "version 7" in err


def test_human_bands_are_refused_headless(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    path = tmp_path / "c.json"
    assert main(["campaign", "new", str(path), "--bands", *BANDS]) == 0
    assert main(["campaign", "play", str(path), "--headless"]) == 1
    assert "--computer all" in capsys.readouterr().err



@pytest.mark.parametrize(("lang", "word", "other"), [("en", "Recruit", "Recrue"),
                                                     ("fr", "Recrue", "Recruit")])
def test_headless_recruits_follow_lang(tmp_path: Path, lang: str, word: str, other: str) -> None:
    """[R-BAND-COMP]: ``campaign play --lang`` names the computer's recruits in that language."""
    path = tmp_path / "camp.json"
    assert main(["campaign", "new", str(path), "--bands", *BANDS, "--seed", "11",
                 "--computer", "all", "--scenario", "street_fight.toml"]) == 0
    c = files.load(path)
    c.state.bands[0].band_points = 200  # enough to hire after the game
    files.save(c, path)
    assert main(["campaign", "play", str(path), "--games", "1", "-q", "--lang", lang]) == 0
    names = [m.spec.name for b in files.load(path).state.bands for m in b.members]
    assert any(n.startswith(f"{word} ") for n in names)
    assert not any(n.startswith(f"{other} ") for n in names)
