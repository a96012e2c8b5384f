"""A scenario well formed but unplayable is refused by ``validate``, ``simulate`` and
``play`` alike, with one line naming the file, the entry and the problem (an audit wrote
one by hand from the README: an objective inside a tower, a third band without a zone);
overlaps that only look wrong are warnings, and a recorded game is never refused for them.
The New game list: tests/app/test_setup_left_out.py.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
import tomli_w

from skirmish.cli import main
from skirmish.content.loading import scenario_from_dict
from skirmish.locations import SCENARIOS
from skirmish.replay import record
from skirmish.sim import play

Doc = dict[str, Any]
BANDS = [str(SCENARIOS / "warbands" / name) for name in ("ork_mob.toml", "elf_rangers.toml")]
TOWER = [[8, 10], [12, 10], [12, 14], [8, 14]]


def _band(bid: str, zone: list[list[float]] | None, chef_kit: tuple[str, ...] = ()) -> Doc:
    entry: Doc = {"warband": {"id": bid, "name": bid.capitalize(), "figures": [
        {"id": "chef", "name": "Chef", "rank": "chef", "weapons": ["sword"],
         "equipment": list(chef_kit)},
        {"id": "f1", "name": "F1", "rank": "sous_fifre"}]}}
    if zone is not None:
        entry["zone"] = zone
    return entry


def base(chef_kit: tuple[str, ...] = ()) -> Doc:
    """A sound 40 × 30 table: a 4-pas tower, a hedge across the middle, two bands."""
    return {
        "id": "play", "name": "Play", "width": 40, "height": 30,
        "terrain": [
            {"id": "tower", "name": "Ruined tower", "kind": "impassable", "polygon": TOWER,
             "blocks_los": True, "height": 4},
            {"id": "hedge", "name": "Hedge", "kind": "difficult",
             "polygon": [[14, 15], [26, 15], [26, 15.6], [14, 15.6]], "cover": True}],
        "objectives": [{"id": "well", "name": "Old well", "at": [30, 12], "radius": 1.5}],
        "bands": [_band("reds", [[0, 0], [40, 0], [40, 6], [0, 6]], chef_kit),
                  _band("blues", [[0, 24], [40, 24], [40, 30], [0, 30]])],
    }


def write(tmp_path: Path, doc: Doc) -> Path:
    path = tmp_path / "scn.toml"
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused_everywhere(capsys: pytest.CaptureFixture[str], path: Path, line: str) -> None:
    """``validate``, ``simulate``, the window (``play``) and a new campaign on it give
    exactly this one line; the campaign's file is not written."""
    camp = path.with_name("camp.json")
    for argv in (["validate", str(path)], ["simulate", str(path), "--games", "1"],
                 ["play", str(path), "--frames", "1"],
                 ["campaign", "new", str(camp), "--bands", *BANDS, "--scenario", str(path)]):
        code, _, err = run(capsys, *argv)
        assert (code, err) == (1, f"{path}: {line}\n"), argv
    assert not camp.exists()


def passes_with(capsys: pytest.CaptureFixture[str], path: Path, warnings: list[str]) -> None:
    code, out, err = run(capsys, "validate", str(path))
    assert (code, out) == (0, f"{path}: ok\n")
    assert err.splitlines() == [f"{path}: {w}" for w in warnings]


def test_objective_inside_a_tower_nobody_can_climb_GAP_57_R_EQ_ROPE(tmp_path, capsys):
    doc = base()
    doc["objectives"][0]["at"] = [10, 12]  # 2 pas from every wall, radius 1.5: all inside
    refused_everywhere(capsys, write(tmp_path, doc),
                       "objectives[0].at: objective 'Old well' at (10, 12) lies inside "
                       "impassable terrain 'Ruined tower' (terrain[0]), and no figure carries "
                       "a rope and grapple to climb it [R-EQ-ROPE]: no figure can ever hold it")


def test_objective_on_a_tower_beyond_a_rope_R_EQ_ROPE(tmp_path, capsys):
    doc = base(chef_kit=("rope",))
    doc["objectives"][0]["at"] = [10, 12]
    doc["terrain"][0]["height"] = 12
    refused_everywhere(capsys, write(tmp_path, doc),
                       "objectives[0].at: objective 'Old well' at (10, 12) lies inside "
                       "impassable terrain 'Ruined tower' (terrain[0]), higher than a rope "
                       "reaches (10 pas) [R-EQ-ROPE]: no figure can ever hold it")


def test_objective_on_a_tower_a_climber_can_hold_is_a_warning_R_EQ_ROPE(tmp_path, capsys):
    doc = base(chef_kit=("rope",))
    doc["objectives"][0]["at"] = [10, 12]
    passes_with(capsys, write(tmp_path, doc), [
        "objectives[0].at: warning: objective 'Old well' at (10, 12) lies inside impassable "
        "terrain 'Ruined tower' (terrain[0]): only a figure climbing onto it with a rope and "
        "grapple can hold it [R-EQ-ROPE]"])


def test_objective_whose_ring_reaches_out_of_the_tower_passes_GAP_57(tmp_path, capsys):
    """Its centre is in the tower, but a base beside the wall reaches within 1.5 pas."""
    doc = base()
    doc["objectives"][0]["at"] = [8.5, 12]
    passes_with(capsys, write(tmp_path, doc), [])


def test_third_band_needs_a_zone_GAP_8(tmp_path, capsys):
    """Only two bands have default zones: a third with none would deploy anywhere, even in
    another band's zone. The band is named."""
    doc = base()
    doc["bands"].append(_band("greens", None))
    path = write(tmp_path, doc)
    refused_everywhere(capsys, path,
                       "bands[2].zone: band 'Greens' has no deployment zone: only the first "
                       "two bands have a default one (GAP-8); without one it could deploy "
                       "anywhere, even in another band's zone")
    doc["bands"][2]["zone"] = [[0, 10], [6, 10], [6, 20], [0, 20]]
    passes_with(capsys, write(tmp_path, doc), [])


def test_first_two_bands_keep_their_default_zones_GAP_8(tmp_path, capsys):
    doc = base()
    for entry in doc["bands"]:
        del entry["zone"]
    passes_with(capsys, write(tmp_path, doc), [])


@pytest.mark.parametrize(("zone", "line"), [
    (TOWER, "bands[1].zone: the zone lies wholly inside impassable terrain 'Ruined tower' "
            "(terrain[0]): band 'Blues' has nowhere to deploy"),
    ([[0, 4], [40, 4], [40, 10], [0, 10]], "bands[1].zone: overlaps the deployment zone of "
                                           "bands[0]: each band needs its own zone"),
])
def test_a_zone_no_band_can_use_R_DEPLOY_GAP_8(tmp_path, capsys, zone, line):
    doc = base()
    doc["bands"][1]["zone"] = zone
    refused_everywhere(capsys, write(tmp_path, doc), line)


def test_a_piece_hidden_inside_a_tower_is_a_warning(tmp_path, capsys):
    doc = base()
    doc["terrain"].append({"id": "rubble", "name": "Rubble", "kind": "difficult",
                           "polygon": [[9, 11], [11, 11], [11, 13], [9, 13]], "cover": True})
    passes_with(capsys, write(tmp_path, doc), [
        "terrain[2]: warning: 'Rubble' lies wholly inside impassable terrain 'Ruined tower' "
        "(terrain[0]): no figure can ever stand on it"])


def test_a_tower_cutting_a_hedge_hides_nothing(tmp_path, capsys):
    """The audit's bad/05: legitimate, so neither an error nor a warning."""
    doc = base()
    doc["terrain"][0]["polygon"] = [[18, 13], [22, 13], [22, 17], [18, 17]]
    passes_with(capsys, write(tmp_path, doc), [])


def test_a_recorded_game_is_not_refused_for_its_table(tmp_path, capsys):
    """A replay is a game already played: a buried objective never scored in it, and it
    still verifies (saves of such scenarios load)."""
    doc = base()
    doc["objectives"][0]["at"] = [10, 12]
    game = play(scenario_from_dict(copy.deepcopy(doc), "scn"), 2)
    path = tmp_path / "game.replay.json"
    path.write_text(json.dumps(msgspec.to_builtins(record.from_game(game))), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 0 and "reproduce exactly" in out

