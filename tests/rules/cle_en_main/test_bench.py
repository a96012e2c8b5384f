"""``skirmish bench`` under Clé en main: the odds of one opposition and the normal
decision p95 are measured against their targets (10 µs, 100 ms), the odds of an attack
with a prime and a pénalité beside them; whole games per CPU-second under the ruleset (on
the tutorial's small table here, on the 10 v 10 in the bench)."""

from skirmish.bench import cle_en_main


def test_bench_measures_the_odds_and_the_decisions() -> None:
    figures = {str(f["name"]).split(",")[0]: f for f in cle_en_main.run(quick=True)}
    assert figures["cle_en_main odds: one opposition"]["target"] == 10.0
    assert figures["cle_en_main normal: one decision"]["target"] == 100.0
    assert figures["cle_en_main odds: one attack"]["unit"] == "µs"
    assert all(float(f["value"]) > 0 for f in figures.values())


def test_whole_games_are_counted_per_cpu_second_under_the_ruleset() -> None:
    from skirmish.bench.report import games_per_second
    from skirmish.locations import SCENARIOS

    fig = games_per_second(SCENARIOS / "tutorial.toml", 1, cle_en_main.RULESET)
    assert "tutorial (cle_en_main): headless games" in str(fig["name"])
    assert fig["unit"] == "games/CPU-s" and float(fig["value"]) > 0
