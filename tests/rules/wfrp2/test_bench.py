"""``skirmish bench`` under WFRP: the odds of one attack and the normal decision p95 are
measured, against their targets (10 µs, 100 ms)."""

from skirmish.bench import wfrp2


def test_bench_measures_the_odds_and_the_decisions() -> None:
    figures = {f["name"].split(",")[0].split(" (")[0]: f for f in wfrp2.run(quick=True)}
    assert {"wfrp2 odds: one attack", "wfrp2 normal: one decision"} <= set(figures)
    assert figures["wfrp2 odds: one attack"]["target"] == 10.0
    assert all(float(f["value"]) > 0 for f in figures.values())
