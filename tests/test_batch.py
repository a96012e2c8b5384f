"""Batch runs between computer levels: seats, win-rate intervals, the balance report and
games sent to a Dask cluster (a LocalCluster here) with the same summary as a local run."""

from __future__ import annotations

import json

import pytest

from skirmish.batch import by_level, wilson
from skirmish.cli import main
from skirmish.sim import seats, summary_of
from tests.rules.build import band, fig, pass_turn, scenario, start, with_objective
from tests.sizes import short_scenario

SCN = "scenarios/street_fight.toml"


@pytest.fixture
def short(tmp_path):
    """The street fight over two turns: what a batch writes, not how long it plays."""
    return str(short_scenario(tmp_path, "street_fight", 2))


def test_wilson_interval_known_values():
    lo, hi = wilson(9, 10)
    assert (lo, hi) == (0.5958, 0.9821)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0


def test_levels_change_seats_every_game_so_each_plays_both_bands():
    assert [seats(2, ("normal", "easy"), i) for i in range(3)] == [
        ("normal", "easy"), ("easy", "normal"), ("normal", "easy")]
    assert seats(3, ("hard", "easy"), 1) == ("hard", "hard", "easy")


def test_with_three_bands_each_level_holds_the_extra_seat_as_often_R_TURN_ALT():
    """[R-TURN-ALT] three bands, two levels: over six games each level plays each band
    three times and holds two seats in three of the games."""
    six = [seats(3, ("normal", "easy"), i) for i in range(6)]
    for seat in range(3):
        assert sorted(s[seat] for s in six) == ["easy"] * 3 + ["normal"] * 3
    assert sum(s.count("normal") == 2 for s in six) == 3


def test_by_level_counts_decided_mixed_games_only():
    res = [{"winner": "a", "levels": {"a": "normal", "b": "easy"}},
           {"winner": "a", "levels": {"a": "easy", "b": "normal"}},
           {"winner": None, "levels": {"a": "easy", "b": "normal"}},
           {"winner": "b", "levels": {"a": "easy", "b": "easy"}}]
    lv = by_level(res)
    assert (lv["games"], lv["decided"], lv["draws"]) == (3, 2, 1)
    assert lv["levels"]["normal"]["wins"] == 1 and lv["levels"]["easy"]["wins"] == 1


def test_by_level_gives_the_objectives_each_level_held_per_game():
    """GAP-13: the objectives scored at the end, per mixed game, by the level that held them."""
    res = [{"winner": "a", "levels": {"a": "normal", "b": "easy"}, "objectives": {"a": 2, "b": 0}},
           {"winner": "b", "levels": {"a": "easy", "b": "normal"}, "objectives": {"a": 1, "b": 1}},
           {"winner": None, "levels": {"a": "easy", "b": "easy"}, "objectives": {"a": 3, "b": 0}}]
    lv = by_level(res)["levels"]
    assert lv["normal"]["objectives_per_game"] == 1.5
    assert lv["easy"]["objectives_per_game"] == 0.5


def test_simulate_ai_report_writes_markdown_and_charts(tmp_path, capsys, short):
    out = tmp_path / "report"
    assert main(["simulate", short, "--games", "2", "--seed", "3", "--ai", "normal,easy",
                 "--report", str(out)]) == 0
    text = capsys.readouterr().out
    assert "level normal" in text and "95 % CI" in text
    md = (out / "summary.md").read_text()
    assert "Win rates by computer level" in md and "--ai normal,easy" in md
    for png in ("win_rates.png", "vp_distribution.png", "casualties_by_rank.png",
                "casualties_by_turn.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_report_between_equal_levels_compares_bands_not_levels(tmp_path, capsys, short):
    """A level against itself (easy against easy here) is a balance run: no level table
    ("0 of 0 mixed games"), the chart and the summary give each band's wins."""
    out = tmp_path / "report"
    assert main(["simulate", short, "--games", "2", "--seed", "3", "--ai", "easy,easy",
                 "--report", str(out)]) == 0
    assert "level normal" not in capsys.readouterr().out
    md = (out / "summary.md").read_text()
    assert "by computer level" not in md and "mixed games" not in md
    assert "| survivors |" in md and "| ork_boyz |" in md
    assert by_level([{"winner": "a", "levels": {"a": "easy", "b": "easy"}}])["levels"] == {}


def test_unknown_level_is_one_clear_line(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", SCN, "--ai", "normal,genius"])
    assert "unknown level 'genius'" in capsys.readouterr().err


def test_cluster_run_gives_the_byte_identical_summary(capsys, short):
    """--cluster sends each game to a Dask scheduler; the summary equals the local one."""
    distributed = pytest.importorskip("distributed")
    argv = ["simulate", short, "--games", "2", "--seed", "4", "--ai", "easy,normal", "--json"]
    assert main(argv) == 0
    local = capsys.readouterr().out
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  protocol="tcp", dashboard_address=None) as cluster:
        assert main([*argv, "--cluster", cluster.scheduler_address]) == 0
    remote = capsys.readouterr().out
    assert remote == local
    assert json.loads(local)["by_level"]["games"] == 2


def test_a_game_summary_counts_the_objectives_each_band_held_at_the_end():
    """GAP-13: band a's figure stands on the idol when the game ends; the summary credits
    band a with one objective, band b with none, as the final score did."""
    scn = with_objective(scenario(band("a", fig("x", "sous_fifre", (10, 10))),
                                  band("b", fig("y", "sous_fifre", (40, 30)))), (10.5, 10), vp=4)
    g = start(scn, 6, 1, 6, options={"max_turns": 1})
    pass_turn(g, 6, 6)
    assert g.over
    s = summary_of(g, 1)
    assert s["objectives"] == {"a": 1, "b": 0} and s["vp"] == {"a": 4, "b": 0}
