"""``skirmish bench`` under Clé en main: the odds of one opposition and the normal
decision p95 are measured against their targets (10 µs, 100 ms), the odds of an attack
with a prime and a pénalité beside them, and whole games beside Skirmish's."""

from skirmish.bench.report import _cle_en_main


def test_bench_measures_the_odds_the_decisions_and_whole_games() -> None:
    lines = list(_cle_en_main(quick=True))
    assert lines[0].startswith("# Clé en main")
    by_name = {line.split(",")[0]: line for line in lines[1:]}
    assert "target ≤ 10 µs" in by_name["cle_en_main odds: one opposition"]
    assert "target ≤ 100 ms" in by_name["cle_en_main normal: one decision"]
    assert "µs" in by_name["cle_en_main odds: one attack"]
    assert any("(cle_en_main): headless games" in line and "games/CPU-s" in line
               for line in lines)
