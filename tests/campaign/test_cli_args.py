"""``skirmish campaign new`` and ``play`` refuse what a campaign file may not hold — one
line ``FILE: ARGUMENT: PROBLEM``, nothing written — take the campaign's lock while they
play, name a file they cannot write, and print names from a file with their control
characters escaped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from skirmish.campaign import files
from skirmish.cli import main
from skirmish.locations import SCENARIOS
from tests.campaign.build import campaign

WARBANDS = SCENARIOS / "warbands"
TWO = [str(WARBANDS / "ork_boyz.toml"), str(WARBANDS / "survivors.toml")]
FIVE = [str(WARBANDS / f"{n}.toml") for n in ("ork_boyz", "survivors", "rat_pack",
                                               "goblin_raiders", "xeno_brood")]


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize(("args", "said"), [
    (["--bands", TWO[0]], "--bands: a campaign has 2 to 8 bands, got 1"),
    (["--bands", *FIVE], "--scenario: 'open_field.toml' has places for 2 bands, the campaign "
                         "has 5"),
    (["--bands", *TWO, "--band-points", str(10**30)],
     f"--band-points: must be from 1 to 1000000, got '{10**30}'"),
    (["--bands", *TWO, "--vp-rate", "nan"], "--vp-rate: must be from 0 to 100, got nan"),
    (["--bands", *TWO, "--vp-rate", "-1"], "--vp-rate: must be from 0 to 100, got -1"),
    (["--bands", *TWO, "--seed", str(10**30)], "--seed: must be from 0 to"),
    (["--bands", *TWO, "--seed", "-1"], "--seed: must be from 0 to"),
    (["--bands", *TWO, "--computer", "nobody"],
     "--computer: no band 'nobody' (the bands are ork_boyz, survivors; or all)"),
])
def test_new_refuses_what_a_campaign_may_not_hold(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  args: list[str], said: str) -> None:
    path = tmp_path / "c.json"
    assert main(["campaign", "new", str(path), *args]) == 1
    line = one_line(capsys)
    assert line.startswith(f"{path}: ") and said in line, line
    assert list(tmp_path.iterdir()) == []


def test_play_refuses_a_number_of_games_below_1(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.json"
    files.save(campaign(controller="computer"), path)
    before = path.read_bytes()
    assert main(["campaign", "play", str(path), "--games", "-3"]) == 1
    assert one_line(capsys) == f"{path}: --games: must be from 1 to 10000, got -3"
    assert path.read_bytes() == before


def test_play_on_a_scenario_with_too_few_places_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.json"
    assert main(["campaign", "new", str(path), "--bands", *FIVE[:3], "--computer", "all",
                 "--scenario", "three_band_brawl.toml"]) == 0
    capsys.readouterr()
    before = path.read_bytes()
    assert main(["campaign", "play", str(path), "--scenario", "open_field.toml"]) == 1
    assert one_line(capsys) == (f"{path}: --scenario: 'open_field.toml' has places for 2 "
                                f"bands, the campaign has 3")
    assert path.read_bytes() == before


def test_a_second_player_of_one_file_is_refused_while_the_first_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two ``campaign play`` on one file would each play from the same state and the last
    to save would lose the other's games: the second waits for nothing, it is refused."""
    path = tmp_path / "c.json"
    files.save(campaign(controller="computer"), path)
    before = path.read_bytes()
    with files.locked(path):
        assert main(["campaign", "play", str(path)]) == 1
        assert one_line(capsys) == (f"{path}: (top level): in use by another Skirmish (a "
                                    f"campaign play or the window): try again when it is done")
    assert path.read_bytes() == before


def test_a_file_too_large_for_the_limit_is_named(tmp_path: Path) -> None:
    """Under a file-size limit (RLIMIT_FSIZE) the game's log cannot be written: the line
    names it and says the previous file is whole, not a bare '[Errno 27] File too large'."""
    from tests.sizes import short_scenario

    scenario = short_scenario(tmp_path, "street_fight", 2)
    path = tmp_path / "c.json"
    assert main(["campaign", "new", str(path), "--bands", *TWO, "--computer", "all",
                 "--scenario", str(scenario)]) == 0
    root = Path(__file__).resolve().parents[2]
    script = ("import resource, sys\n"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000))\n"
              "from skirmish.cli import main\n"
              f"sys.exit(main(['campaign', 'play', {str(path)!r}]))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, timeout=120)
    assert done.returncode == 1, done.stderr
    log = tmp_path / "c-game-01.jsonl"
    assert done.stderr == (f"{log}: not written (File too large); any previous file there "
                           f"is unchanged\n")
    assert files.load(path).state.phase == "in_game"  # played again from there next time


def test_names_with_terminal_controls_are_printed_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A shared campaign file cannot clear or rewrite the player's terminal."""
    c = campaign(controller="computer")
    c.state.name = "camp\x1b]0;owned\x07"
    c.band("red").name = "Red\x1b[2J"
    c.band("red").members[0].spec = c.band("red").members[0].spec.__class__(
        **{**{f: getattr(c.band("red").members[0].spec, f)
              for f in c.band("red").members[0].spec.__struct_fields__},
           "name": "Boss\x1b[31m"})
    for m in c.band("red").members:
        m.status = "dead"
    path = tmp_path / "c.json"
    files.save(c, path)
    assert main(["campaign", "show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "\x1b" not in shown and "\x07" not in shown
    assert "Red\\x1b[2J" in shown and "Boss\\x1b[31m" in shown and "\\x07" in shown
    assert main(["campaign", "play", str(path)]) == 0  # a forfeit, then the standing
    played = capsys.readouterr().out
    assert "\x1b" not in played and "Red\\x1b[2J (red): left after game 1" in played
