"""The exact odds (rules/skirmish/odds.py) against the engine itself: each action is
played many times on copies of one game with forked dice, and every frequency must lie
within 3 standard errors of the exact fraction. Trial counts are kept modest for test
time (the cost is the engine, not the odds): 20,000 single shots, 8,000 bursts, 4,000
Charges (path finding each time), 20,000 rout checks. An action that rolls few dice (a
Strike, a blast, a Charge test, a walk's spot test: 16 to about 200 ways for the dice to
fall) is played once for every way instead (``tests/rules/every_roll.py``), and its
odds must equal the engine's exactly."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from skirmish.rules import commands as c
from skirmish.rules.events import Reaction, Roll
from skirmish.rules.game import Game
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.preview import ctx_of
from tests.rules.build import band, fig, piece, scenario, start
from tests.rules.every_roll import every_roll
from tests.sizes import sizes

ALL_ON = {"passive_actions": {"charge": True, "charged": True, "spot": False, "shot": True}}
OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def close(freq: float, p: Fraction | float, n: int) -> bool:
    p = float(p)
    se = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(freq - p) <= 3 * se + 1e-9


def trials(game: Game, cmd: c.Command, n: int):
    """Play ``cmd`` on ``n`` forked copies, answering decisions with their default."""
    for i in range(n):
        g = game.copy(fork_dice=i)
        events = list(g.apply(cmd))
        while g.state.pending is not None:
            events += g.apply(c.Choose(option=g.state.pending.default))
        yield g, events


def played(cmd: c.Command):  # noqa: ANN201
    """``cmd`` then every decision by its default, as :func:`trials` plays it: what
    :func:`every_roll` plays on each copy (returns the events)."""

    def play(g: Game) -> list:
        events = list(g.apply(cmd))
        while g.state.pending is not None:
            events += g.apply(c.Choose(option=g.state.pending.default))
        return events

    return play


def duel(a_kw=None, b_kw=None, dist=0.05, a_rank="sous_fifre", b_rank="sous_fifre", options=None,
         extra_b=()):
    scn = scenario(
        band("a", fig("x", a_rank, (10, 5), **(a_kw or {})), fig("boss", "chef" if a_rank != "chef"
                                                                   else "sous_chef", (44, 2))),
        band("b", fig("y", b_rank, (10, 5 + dist + 1), **(b_kw or {})), *extra_b,
             fig("boss", "chef" if b_rank != "chef" else "sous_chef", (44, 30))),
    )
    g = start(scn, 6, 1, 6, options=options if options is not None else OFF)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_strike_with_bucklers_matches_the_engine_R_MELEE_HIT_R_EQ_BUCKLER_GAP_59():
    """[R-MELEE-HIT] [R-EQ-BUCKLER] [R-MELEE-DMG]: PV-loss and out-of-action odds, over
    every way the Strike's dice fall."""
    g = duel(a_kw={"weapons": ("sword",)}, b_kw={"equipment": ("buckler",)})
    ctx = ctx_of(g)
    o = odds.strike_odds(ctx, ctx.fig("a:x"), ctx.fig("b:y"))
    assert o.bucklers == 1
    assert o.p_hit == odds.p_d6(o.need) ** 2
    lost: Counter[int] = Counter()
    out = Fraction(0)
    for h, _, p in every_roll(g, played(c.Strike(figure="a:x", target="b:y"))):
        y = h.state.figures["b:y"]
        lost[g.state.figures["b:y"].pv - y.pv] += p
        out += p * (y.status != "in_play")
    assert dict(lost) == {k: p for k, p in o.harm.pv_loss.items() if p}
    assert out == o.harm.p_out


@pytest.mark.parametrize("n", sizes(2_000, 20_000))
def test_single_shot_and_subir_un_tir_match_the_engine_R_SHOOT_HIT_R_MORALE_SHOT(n):
    """[R-SHOOT-HIT] [R-SHOOT-DMG] [R-MORALE-SHOT] with an ally within 3 pas ([R-MORALE-ALLY])."""
    g = duel(a_kw={"weapons": ("rifle",)}, dist=10, options=ALL_ON,
             extra_b=(fig("z", "sous_fifre", (12.5, 16)),))
    ctx = ctx_of(g)
    o = odds.shot_odds(ctx, ctx.fig("a:x"), "rifle", ctx.fig("b:y"))
    assert [t.figure for t in o.tests] == ["b:y"]
    hit = out = tested = passed = 0
    for h, ev in trials(g, c.Shoot(figure="a:x", weapon="rifle", target="b:y"), n):
        hit += any(isinstance(e, Roll) and e.rule == "R-SHOOT-HIT" and e.success for e in ev)
        out += h.state.figures["b:y"].status != "in_play"
        tests = [e for e in ev if isinstance(e, Reaction) and e.test == "shot"]
        tested += bool(tests)
        passed += any(e.passed for e in tests)
    assert close(hit / n, o.p_hit[0], n)
    assert close(out / n, o.harms[0].p_out, n)
    # the test is taken whenever the target is still in play afterwards
    assert close(passed / tested, o.tests[0].p_pass, tested)


@pytest.mark.parametrize("n", sizes(2_000, 8_000))
def test_burst_distribution_of_figures_taken_out_matches_the_engine_R_SHOOT_MULTI_GAP_31(n):
    """[R-SHOOT-MULTI] GAP-30/31: one die per target, +1 R after the first, jams (GAP-49)."""
    extra = (fig("z", "sous_fifre", (11.2, 16)), fig("w", "sous_fifre", (12.4, 16)))
    g = duel(a_kw={"weapons": ("assault_rifle",)}, dist=10, extra_b=extra,
             b_kw={"equipment": ()})
    ctx = ctx_of(g)
    o = odds.shot_odds(ctx, ctx.fig("a:x"), "assault_rifle", ctx.fig("b:y"))
    assert len(o.targets) == 3
    count = Counter()
    for h, _ in trials(g, c.Shoot(figure="a:x", weapon="assault_rifle", target="b:y"), n):
        count[sum(h.state.figures[t].status != "in_play" for t in o.targets)] += 1
    assert sum(o.taken_out.values()) == 1
    for k, p in o.taken_out.items():
        assert close(count[k] / n, p, n), (k, count[k] / n, float(p))


def test_blast_distribution_matches_the_engine_R_SHOOT_BLAST_GAP_32():
    """GAP-32: one to-hit die, then a damage roll for every figure in the radius; over
    every way the dice fall."""
    extra = (fig("z", "sous_fifre", (12, 16)), fig("w", "sous_fifre", (8, 17)))
    g = duel(a_kw={"weapons": ("grenade",)}, dist=7, extra_b=extra)
    ctx = ctx_of(g)
    o = odds.shot_odds(ctx, ctx.fig("a:x"), "grenade", ctx.fig("b:y"))
    assert len(o.targets) == 3
    count: Counter[int] = Counter()
    for h, _, p in every_roll(g, played(c.Shoot(figure="a:x", weapon="grenade", target="b:y"))):
        count[sum(h.state.figures[t].status != "in_play" for t in o.targets)] += p
    assert dict(count) == {k: p for k, p in o.taken_out.items() if p}


@pytest.mark.parametrize("n", sizes(2_000, 4_000))
def test_charge_reach_malus_and_strike_match_the_engine_R_ACT_CHARGE_R_MORALE_CHARGED_GAP_45(n):
    """[R-MORALE-CHARGE] then "Être chargé" (GAP-45: 5–6 steps back 1d3 pas, else −1 R),
    reach, then a Strike with every PA the charger has left."""
    g = duel(a_rank="sous_chef", b_rank="sous_fifre", dist=10.5, options=ALL_ON,
             a_kw={"weapons": ("sword",)})
    ctx = ctx_of(g)
    o = odds.charge_odds(ctx, ctx.fig("a:x"), ctx.fig("b:y"))
    assert o.p_charged_test is not None and o.p_charge_test is None
    contact = malus = out = 0
    for h, _ in trials(g, c.Charge(figure="a:x", target="b:y"), n):
        x, y = h.state.figures["a:x"], h.state.figures["b:y"]
        from skirmish.rules.frame.queries import in_contact
        if in_contact(x, y):
            contact += 1
            malus += y.charged_malus
            while h.state.figures["a:x"].pa >= 1:
                h.apply(c.Strike(figure="a:x", target="b:y"))
            out += h.state.figures["b:y"].status != "in_play"
    assert 0 < o.p_contact < 1
    assert close(contact / n, o.p_contact, n)
    assert close(malus / n, o.p_malus, n)
    assert close(out / n, o.p_out, n)


def test_charge_test_against_a_higher_rank_matches_the_engine_R_MORALE_CHARGE():
    """[R-MORALE-CHARGE]: a failed test means no contact; over every way the dice fall."""
    g = duel(a_rank="sous_fifre", b_rank="chef", dist=4, options=ALL_ON)
    ctx = ctx_of(g)
    o = odds.charge_odds(ctx, ctx.fig("a:x"), ctx.fig("b:y"))
    contact = Fraction(0)
    from skirmish.rules.frame.queries import in_contact
    for h, _, p in every_roll(g, played(c.Charge(figure="a:x", target="b:y"))):
        contact += p * in_contact(h.state.figures["a:x"], h.state.figures["b:y"])
    assert o.p_contact == o.p_charge_test
    assert contact == o.p_contact


@pytest.mark.parametrize("n", sizes(2_000, 6_000))
def test_charge_replanned_after_a_step_back_tests_for_a_new_chef_matches_the_engine_D_5(n):
    """[R-MORALE-CHARGE] [R-MORALE-CHARGED] D-5, GAP-44/45: the Sous-fifre y fails "Être
    chargé" and steps back; after 1 pas the re-planned end touches the Chef n, whom the
    declaration did not cover, so the Sous-chef takes the Charge test before moving (a
    failure moves it away: no contact). Contact, malus, the Strike after it and that test's
    pass rate all match the engine."""
    scn = scenario(band("a", fig("x", "sous_chef", (10, 5), weapons=("sword",)),
                        fig("boss", "chef", (40, 3))),
                   band("b", fig("y", "sous_fifre", (10, 13)), fig("n", "chef", (11.05, 12.9))))
    g = start(scn, 6, 1, 6, options=ALL_ON)
    g.apply(c.Activate(figure="a:x"))
    ctx = ctx_of(g)
    o = odds.charge_odds(ctx, ctx.fig("a:x"), ctx.fig("b:y"))
    assert o.p_charge_test is None  # nothing outranks x where the charge was planned
    late = [x for x in o.tests if x.rule == "R-MORALE-CHARGE"]
    assert [(x.figure, x.cause) for x in late] == [("a:x", "b:n")]
    assert 0 < 1 - o.p_contact < Fraction(1, 50)
    contact = malus = out = taken = passed = 0
    from skirmish.rules.frame.queries import in_contact
    for h, ev in trials(g, c.Charge(figure="a:x", target="b:y"), n):
        test = [e for e in ev if isinstance(e, Reaction) and e.test == "charge"]
        taken += bool(test)
        passed += any(e.passed for e in test)
        if in_contact(h.state.figures["a:x"], h.state.figures["b:y"]):
            contact += 1
            malus += h.state.figures["b:y"].charged_malus
            while h.state.figures["a:x"].pa >= 1:
                h.apply(c.Strike(figure="a:x", target="b:y"))
            out += h.state.figures["b:y"].status != "in_play"
    assert taken and close(contact / n, o.p_contact, n)
    assert close(malus / n, o.p_malus, n)
    assert close(out / n, o.p_out, n)
    assert close(passed / taken, late[0].p_pass, taken)


@pytest.mark.parametrize("n", sizes(2_000, 20_000))
def test_rout_risk_matches_the_engine_R_END_ROUT_TEST_GAP_54(n):
    """[R-END-ROUT] with Cd lent by an ally within 4 pas (GAP-54): P(k figures rout)."""
    b_figs = [fig(f"m{i}", "sous_fifre", (10 + 2 * i, 20)) for i in range(4)]
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5)), fig("boss", "chef", (44, 2))),
                   band("b", fig("boss", "chef", (14, 22)), *b_figs,
                        fig("d1", "sous_fifre", (40, 30)), fig("d2", "sous_fifre", (42, 30)),
                        fig("d3", "sous_fifre", (44, 30)), fig("d4", "sous_fifre", (46, 30)),
                        fig("d5", "sous_fifre", (38, 30))))
    g = start(scn, 6, 1, 6, options=OFF)
    for d in ("d1", "d2", "d3", "d4", "d5", "m3"):
        f = g.state.figures[f"b:{d}"]
        f.status, f.pv = "out_of_action", 0
    ctx = ctx_of(g)
    o = odds.rout_odds(ctx, "b")
    assert o.tested and o.exact
    from skirmish.rules.frame.rout import rout_tests
    from skirmish.rules.skirmish.context import Ctx
    from skirmish.rules.skirmish.morale import SKIRMISH_LEADERSHIP
    count = Counter()
    for i in range(n):
        h = g.copy(fork_dice=i)
        rout_tests(Ctx(h.state, h.table, h.book, h.dice), SKIRMISH_LEADERSHIP, h.state.order)
        count[sum(f.routing for f in h.state.figures.values() if f.band == "b")] += 1
    for k, p in o.routing.items():
        assert close(count[k] / n, p, n), (k, count[k] / n, float(p))


def test_pv_loss_distribution_of_two_damages_and_a_potion_R_DMG_PV_R_CAMP_POTION():
    """[R-DMG-PV] [R-WOUND-OOA] [R-WOUND-DEAD]: exact convolution, potion soaks the first."""
    g = duel()
    y = g.state.figures["b:y"]
    y.pv = 1
    h = odds.harm(y, [Fraction(1, 2), Fraction(1, 2)])
    assert h.pv_loss == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert (h.p_out, h.p_dead) == (Fraction(3, 4), Fraction(1, 4))
    y.ignore_first_wound = True
    h = odds.harm(y, [Fraction(1, 2), Fraction(1, 2)])
    assert h.pv_loss == {0: Fraction(3, 4), 1: Fraction(1, 4)} and h.p_dead == 0


def test_spot_tests_along_a_walk_match_the_engine_R_MORALE_SPOT_GAP_46():
    """[R-MORALE-SPOT]: the walker meets a higher-rank enemy for the first time on the way;
    the odds name that test (with the ally bonus) and its chance, over every way the dice
    fall."""
    opts = {"passive_actions": {"charge": False, "charged": False, "spot": True, "shot": False}}
    scn = scenario(
        band("a", fig("x", "sous_fifre", (5, 5)), fig("ally", "sous_fifre", (3.2, 5)),
             fig("boss", "chef", (2, 30))),
        band("b", fig("y", "chef", (20, 20)), fig("boss", "sous_chef", (46, 30))),
        terrain=(piece("wall", "impassable", ((8, 8), (30, 8), (30, 9), (8, 9)), height=3, blocks_los=True),),
    )
    g = start(scn, 6, 1, 6, options=opts)
    g.apply(c.Activate(figure="a:x"))
    ctx = ctx_of(g)
    x = ctx.fig("a:x")
    path, why = __import__("skirmish.rules.skirmish.preview", fromlist=["move_path"]).move_path(
        g, "a:x", (5, 10.5), "walk")
    assert why is None
    tests = odds.spot_tests(ctx, x, tuple(path.points))
    assert [(t.figure, t.cause) for t in tests][:1] == [("a:x", "b:y")]
    passed = taken = Fraction(0)
    for _, ev, p in every_roll(g, played(c.Walk(figure="a:x", to=(5, 10.5)))):
        spot = [e for e in ev if isinstance(e, Reaction) and e.test == "spot" and e.figure == "a:x"]
        taken += p * bool(spot)
        passed += p * any(e.passed for e in spot)
    assert taken == 1
    assert passed == tests[0].p_pass


def test_rout_risk_of_a_large_band_is_a_marked_monte_carlo_estimate_R_END_ROUT(monkeypatch):
    """Past 12 testers the pass/fail tree is sampled (seeded): flagged, with a standard
    error, and within 3 of them of the exact figure."""
    b_figs = [fig(f"m{i}", "sous_fifre", (4 + 2.5 * i, 20)) for i in range(13)]
    down = [fig(f"d{i}", "sous_fifre", (4 + 2.5 * i, 30)) for i in range(16)]
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 5)), fig("boss", "chef", (44, 2))),
                   band("b", *b_figs, *down), width=48)
    g = start(scn, 6, 1, 6, options=OFF)
    for f in down:
        g.state.figures[f"b:{f.id}"].status = "out_of_action"
    ctx = ctx_of(g)
    est = odds.rout_odds(ctx, "b", seed=3)
    assert not est.exact and 0 < est.p_any <= 1
    monkeypatch.setattr(odds, "MAX_EXACT_TESTERS", 20)
    exact = odds.rout_odds(ctx, "b")
    assert exact.exact
    for k, p in exact.routing.items():
        assert close(float(est.routing.get(k, 0.0)), p, odds.ROUT_SAMPLES), k
