"""``skirmish bench`` under Clé en main: the odds of one opposition and the normal
decision p95 are measured against their targets (10 µs, 100 ms), the odds of an attack
with a prime and a pénalité beside them. (Its whole-games figure is the shared
``games_per_second`` every ruleset's line uses.)"""

from skirmish.bench import cle_en_main


def test_bench_measures_the_odds_and_the_decisions() -> None:
    figures = {str(f["name"]).split(",")[0]: f for f in cle_en_main.run(quick=True)}
    assert figures["cle_en_main odds: one opposition"]["target"] == 10.0
    assert figures["cle_en_main normal: one decision"]["target"] == 100.0
    assert figures["cle_en_main odds: one attack"]["unit"] == "µs"
    assert all(float(f["value"]) > 0 for f in figures.values())
