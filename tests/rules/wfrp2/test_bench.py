"""``skirmish bench`` under WFRP: the odds of one attack and the normal decision p95 are
measured, against their targets (10 µs, 100 ms)."""

from skirmish.bench import wfrp2


def test_bench_measures_the_odds_and_the_decisions() -> None:
    figures = list(wfrp2.run(quick=True))
    targets = {str(f["name"]).split(" min/median")[0].split(" p95")[0]: f["target"]
               for f in figures}
    assert targets["wfrp2 odds: one attack,"] == 10.0
    assert targets["wfrp2 normal: one decision,"] == 100.0
    assert all(float(f["value"]) > 0 for f in figures)
