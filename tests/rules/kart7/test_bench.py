"""``skirmish bench`` under KART 7: the odds of one opposition over the unseen cards and
the normal decision p95 are measured against their targets (10 µs, 100 ms), with the
odds of a strike worked out from the piles and with nothing remembered beside them."""

from skirmish.bench import kart7


def test_bench_measures_the_odds_and_the_decisions_S14() -> None:
    figures = list(kart7.run(quick=True))
    targets = {str(f["name"]).split(" min/median")[0].split(", CPU p95")[0]: f["target"]
               for f in figures}
    assert targets == {"kart7 odds: one opposition,": 10.0,
                       "kart7 odds: one strike from the piles (sources too),": None,
                       "kart7 odds: one opposition, nothing remembered,": None,
                       "kart7 normal: one decision": 100.0}
    assert all(float(f["value"]) > 0 for f in figures)
