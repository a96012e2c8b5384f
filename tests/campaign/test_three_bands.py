"""A campaign of three bands, headless: the games are linked and every figure's fate is kept."""

from __future__ import annotations

import json
from pathlib import Path

from skirmish.campaign import files
from skirmish.cli import main
from skirmish.locations import SCENARIOS

BANDS = [str(SCENARIOS / "warbands" / name)
         for name in ("ork_boyz.toml", "survivors.toml", "human_militia.toml")]


def play(folder: Path, games: int) -> Path:
    path = folder / "three.json"
    assert main(["campaign", "new", str(path), "--bands", *BANDS, "--seed", "3",
                 "--computer", "all", "--scenario", "three_band_brawl.toml"]) == 0
    assert main(["campaign", "play", str(path), "--games", str(games), "-q"]) == 0
    return path


def test_three_bands_play_a_series_whose_games_carry_the_rosters(tmp_path: Path) -> None:
    """[R-CAMP-DEF] GAP-1: a campaign is a series of games between two *or more* bands;
    the second game fields each band as the first left it (the dead stay out)."""
    c = files.load(play(tmp_path, games=2))
    assert [b.id for b in c.state.bands] == ["ork_boyz", "survivors", "human_militia"]
    assert [g.index for g in c.state.games] == [1, 2]
    replay = json.loads((tmp_path / c.state.games[1].replay).read_text(encoding="utf-8"))
    fielded = {b["warband"]["id"]: {f["id"] for f in b["warband"]["figures"]}
               for b in replay["scenario"]["bands"]}
    assert set(fielded) == {"ork_boyz", "survivors", "human_militia"}
    dead_in_first = {(b.id, m.id) for b in c.state.bands for m in b.members
                     if any(n.game == 1 and n.key == "dead" for n in m.notes)}
    assert dead_in_first, "seed 3 kills figures in game 1: the check below must bite"
    for band, figure in dead_in_first:
        assert figure not in fielded[band]


def test_survivors_gain_experience_and_the_downed_come_back_or_die(tmp_path: Path) -> None:
    """[R-CAMP-OVERVIEW] Surviving gives experience; a figure put out of action but not
    killed comes back (R-CAMP-RET-SF, or a D66 injury for heroes) or dies of its wounds.
    After one game every figure that took part has exactly one of those fates."""
    c = files.load(play(tmp_path, games=1))
    came_back = 0
    for band in c.state.bands:
        for m in band.members:
            if m.joined > 0:  # a recruit bought after the game took no part in it
                continue
            fate = [n for n in m.notes if n.game == 1]
            survived = [x for x in m.xp_log if x.game == 1 and x.award == "survived"]
            if any(n.key == "dead" for n in fate):
                assert m.status == "dead" and not survived, m.spec.name
                continue
            assert m.status == "active" and len(survived) == 1 and survived[0].xp == 1, \
                m.spec.name
            if any(n.rule.startswith(("R-CAMP-RET", "R-CAMP-INJ")) for n in fate):
                came_back += 1
    assert came_back, "seed 3 downs figures that return: the loop above must bite"
