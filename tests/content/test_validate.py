"""``skirmish.validate.validate_file``: content and geometric problems, one line each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skirmish.content.errors import Problem
from skirmish.geometry import Table, polygon_problem
from skirmish.match import build_table, new_game
from skirmish.validate import checked_scenario, validate_file
from skirmish.validate.table import table_problems

HEAD = """
id = "x"
name = "X"
width = 48
height = 36
{extra}
"""

BAND = """
[[bands]]
zone = [[0, {y0}], [48, {y0}], [48, {y1}], [0, {y1}]]

[bands.warband]
id = "{bid}"
name = "{bid}"

[[bands.warband.figures]]
id = "c"
name = "C"
rank = "chef"
{chef_pos}

[[bands.warband.figures]]
id = "f"
name = "F"
rank = "sous_fifre"
{fifre_pos}
"""

SQUARE = "[[10, 10], [14, 10], [14, 14], [10, 14]]"



def write_scenario(tmp_path: Path, extra: str = "", a: tuple[str, str] = ("", ""),
                   b: tuple[str, str] = ("", ""), terrain: str = "") -> Path:
    text = HEAD.format(extra=extra) + terrain
    text += BAND.format(y0=0, y1=8, bid="a", chef_pos=a[0], fifre_pos=a[1])
    text += BAND.format(y0=28, y1=36, bid="b", chef_pos=b[0], fifre_pos=b[1])
    p = tmp_path / "x.toml"
    p.write_text(text, encoding="utf-8")
    return p


def piece(polygon: str, kind: str = "impassable") -> str:
    return f'\n[[terrain]]\nid = "t"\nname = "T"\nkind = "{kind}"\npolygon = {polygon}\n'


def test_valid_scenario(tmp_path: Path):
    assert validate_file(write_scenario(tmp_path)) == []


def test_warband_file_is_detected(tmp_path: Path):
    p = tmp_path / "w.toml"
    p.write_text('[band]\nid = "w"\nname = "W"\nrace = "elfs"\nfigures = []\n', encoding="utf-8")
    assert [str(x) for x in validate_file(p)] == [
        f"{p}: band.race: unknown race 'elfs'",
        f"{p}: band.figures: a band needs exactly 1 Chef, has 0",
        f"{p}: band.figures: a band needs at least 1 Sous-fifre, has 0",
    ]


def test_neither_kind(tmp_path: Path):
    p = tmp_path / "n.toml"
    p.write_text('id = "x"\n', encoding="utf-8")
    assert [str(x) for x in validate_file(p)] == [
        f"{p}: (top level): neither a warband (a [band] table) nor a scenario ([[bands]] entries)"]


def test_syntax_error(tmp_path: Path):
    p = tmp_path / "s.toml"
    p.write_text("id = \n", encoding="utf-8")
    assert [str(x) for x in validate_file(p)] == [
        f"{p}: line 1: invalid TOML: Invalid value (column 6)"]


def test_missing_file(tmp_path: Path):
    p = tmp_path / "none.toml"
    assert validate_file(p) == [Problem(str(p), "", "file not found")]


def test_every_content_problem_is_listed(tmp_path: Path):
    p = write_scenario(tmp_path, extra="[options]\nmax_turns = 0")
    text = p.read_text(encoding="utf-8").replace('id = "b"', 'id = "a"')
    p.write_text(text, encoding="utf-8")
    assert [str(x) for x in validate_file(p)] == [
        f"{p}: options.max_turns: max_turns must be at least 1, got 0",
        f"{p}: bands[1].warband.id: duplicate band id 'a' (also bands[0])",
    ]


def test_unknown_rules_option(tmp_path: Path):
    pytest.importorskip("skirmish.rules.frame.options")
    p = write_scenario(tmp_path, extra="[options]\nmax_turn = 3")
    assert [str(x) for x in validate_file(p)] == [f"{p}: options: unknown option 'max_turn'"]


def test_figure_outside_its_zone(tmp_path: Path):
    p = write_scenario(tmp_path, a=("position = [10, 4]", "position = [10, 20]"))
    assert [str(x) for x in validate_file(p) if "zone" in x.problem] == [
        f"{p}: bands[0].warband.figures[1].position: figure 'f' at (10, 20) is outside its "
        "band's deployment zone (bands[0].zone)"]


def test_base_overlapping_zone_edge(tmp_path: Path):
    p = write_scenario(tmp_path, b=("position = [10, 28.2]", ""))
    assert [str(x) for x in validate_file(p) if "zone" in x.problem] == [
        f"{p}: bands[1].warband.figures[0].position: figure 'c' at (10, 28.2) is outside its "
        "band's deployment zone (bands[1].zone)"]


def test_position_from_referenced_warband_names_that_file(tmp_path: Path):
    (tmp_path / "w").mkdir()
    (tmp_path / "w" / "a.toml").write_text(
        '[band]\nid = "a"\nname = "A"\n'
        '[[band.figures]]\nid = "c"\nname = "C"\nrank = "chef"\nposition = [5, 30]\n'
        '[[band.figures]]\nid = "f"\nname = "F"\nrank = "sous_fifre"\n', encoding="utf-8")
    text = HEAD.format(extra="") + (
        '[[bands]]\nwarband = "w/a.toml"\nzone = [[0, 0], [48, 0], [48, 8], [0, 8]]\n')
    text += BAND.format(y0=28, y1=36, bid="b", chef_pos="", fifre_pos="")
    p = tmp_path / "x.toml"
    p.write_text(text, encoding="utf-8")
    problems = [str(x) for x in validate_file(p) if "zone" in x.problem]
    assert problems == [
        f"{tmp_path / 'w' / 'a.toml'}: band.figures[0].position: figure 'c' at (5, 30) is "
        "outside its band's deployment zone (bands[0].zone)"]


# ---------------------------------------------------------------- geometry (skirmish.geometry)


@pytest.mark.parametrize("polygon", [
    "[[10, 10], [14, 14], [14, 10], [10, 14]]",  # bow-tie: self-intersecting
    "[[10, 10], [12, 12], [14, 14]]",            # collinear: zero area
])
def test_bad_terrain_polygon(tmp_path: Path, polygon: str):
    pts = json.loads(polygon)
    expected = polygon_problem(pts, 48, 36)
    assert expected
    p = write_scenario(tmp_path, terrain=piece(polygon))
    assert [str(x) for x in validate_file(p)] == [f"{p}: terrain[0].polygon: {expected}"]


def test_self_intersecting_zone(tmp_path: Path):
    p = write_scenario(tmp_path)
    text = p.read_text(encoding="utf-8").replace(
        "zone = [[0, 0], [48, 0], [48, 8], [0, 8]]", "zone = [[0, 0], [48, 8], [48, 0], [0, 8]]")
    p.write_text(text, encoding="utf-8")
    expected = polygon_problem([[0, 0], [48, 8], [48, 0], [0, 8]], 48, 36)
    assert [str(x) for x in validate_file(p)] == [f"{p}: bands[0].zone: {expected}"]


def _placement(disc, others, terrain_polygon=None):
    from skirmish.content.scenario import TerrainPiece

    pieces = []
    if terrain_polygon is not None:
        pieces = [TerrainPiece(id="t", name="T", kind="impassable", polygon=terrain_polygon)]
    return Table(48, 36, tuple(pieces)).placement_problem(disc=disc, others=others)


def test_figure_in_impassable_terrain(tmp_path: Path):
    sq = ((1.0, 1.0), (6.0, 1.0), (6.0, 6.0), (1.0, 6.0))
    p = write_scenario(tmp_path, terrain=piece("[[1, 1], [6, 1], [6, 6], [1, 6]]"),
                       a=("position = [3, 3]", ""))
    expected = _placement((3.0, 3.0, 0.5), [], sq)
    assert expected
    assert [str(x) for x in validate_file(p)] == [
        f"{p}: bands[0].warband.figures[0].position: {expected}"]


def test_overlapping_figures(tmp_path: Path):
    p = write_scenario(tmp_path, a=("position = [10, 4]", "position = [10.5, 4]"))
    expected = _placement((10.5, 4.0, 0.5), [(10.0, 4.0, 0.5)])
    assert expected
    assert [str(x) for x in validate_file(p)] == [
        f"{p}: bands[0].warband.figures[1].position: {expected}"]


def test_figure_off_the_table(tmp_path: Path):
    p = write_scenario(tmp_path, a=("position = [-3, 4]", ""))
    expected = _placement((-3.0, 4.0, 0.5), [])
    assert expected
    assert [str(x) for x in validate_file(p)] == [
        f"{p}: bands[0].warband.figures[0].position: {expected}"]


def test_bad_table_size_is_one_line(tmp_path: Path):
    p = write_scenario(tmp_path, terrain=piece(SQUARE), a=("position = [3, 3]", ""))
    text = p.read_text(encoding="utf-8").replace("width = 48", "width = 0")
    p.write_text(text, encoding="utf-8")
    assert [str(x) for x in validate_file(p)] == [f"{p}: width: table width must be > 0 and <= 500, got 0"]


def test_the_checked_table_is_the_one_the_game_plays_on_GAP_8(tmp_path: Path):
    """The geometry and deployment checks (GAP-8) measure the table every game of the
    scenario then shares, so what they learn of its sight and routes is not thrown away."""
    scenario = checked_scenario(write_scenario(tmp_path, terrain=piece(SQUARE)), None)
    problems, table = table_problems(scenario, "x.toml", {})
    assert problems == [] and table is build_table(scenario)
    assert new_game(scenario, 1).table is table
