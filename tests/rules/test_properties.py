"""Property tests over random legal play (hypothesis): no invariant is ever violated.

Invariants: PA never negative, PV never above maximum, no base overlapping another or
inside impassable terrain, fallen figures never act, illegal commands change nothing, and
the same seed gives a byte-identical log. A few examples run in every suite, many more
under ``pytest -m slow``.
"""

import math
import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.content.loading import load_scenario
from skirmish.match import build_table, new_game
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActionDeclared, encode
from skirmish.sim import play

SCENARIOS = {name: load_scenario(f"scenarios/{name}.toml")
             for name in ("street_fight", "open_field", "three_band_brawl")}
TABLES = {name: build_table(s) for name, s in SCENARIOS.items()}


def check_invariants(game):
    s = game.state
    raw = msgspec.json.encode(s)
    assert msgspec.json.encode(msgspec.json.decode(raw, type=type(s))) == raw  # saves round-trip
    on_table = [f for f in s.figures.values() if f.status == "in_play"]
    for f in s.figures.values():
        assert f.pa >= 0, f"{f.id} has {f.pa} PA"
        assert f.pv <= f.stats.pv, f"{f.id} has {f.pv} PV of {f.stats.pv}"
        if f.status == "in_play" and f.climbing is None:
            assert game.table.placement_problem(f.disc, []) is None or f.on_piece, (
                f"{f.id} stands in impassable terrain at {f.pos}")
    for i, a in enumerate(on_table):
        for b in on_table[i + 1:]:
            d = math.dist(a.pos, b.pos) - a.radius - b.radius
            assert d > -1e-6, f"{a.id} overlaps {b.id} by {-d:.3f}"


def fallen_never_act(game, events):
    for e in events:
        if isinstance(e, ActionDeclared):
            assert game.state.figures[e.figure].status in ("in_play", "out_of_action", "dead",
                                                           "fled")


def random_legal_play(name, seed, choice_seed):
    game = new_game(SCENARIOS[name], seed, table=TABLES[name])
    rng = random.Random(choice_seed)
    for _ in range(400):
        if game.over:
            break
        legal = game.legal_commands()
        assert legal, "a game that is not over always has a legal command"
        acting_before = game.state.active
        cmd = rng.choice(legal)
        events = game.apply(cmd)
        fallen_never_act(game, events)
        if acting_before is not None and isinstance(cmd, c.Walk | c.Run | c.Shoot | c.Strike):
            assert any(isinstance(e, ActionDeclared) and e.figure == acting_before
                       for e in events)
        check_invariants(game)


GAMES = dict(name=st.sampled_from(sorted(SCENARIOS)), seed=st.integers(0, 10_000),
             choice_seed=st.integers(0, 10_000))


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**GAMES)
def test_random_legal_play_keeps_every_invariant(name, seed, choice_seed):
    random_legal_play(name, seed, choice_seed)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**GAMES)
def test_random_legal_play_keeps_every_invariant_at_length(name, seed, choice_seed):
    random_legal_play(name, seed, choice_seed)


def illegal_commands(seed):
    game = new_game(SCENARIOS["street_fight"], seed, table=TABLES["street_fight"])
    rng = random.Random(seed)
    figures = list(game.state.figures)
    for _ in range(60):
        if game.over:
            break
        before = game.state_hash()
        bogus = rng.choice([
            c.Walk(figure=rng.choice(figures), to=(rng.uniform(-5, 60), rng.uniform(-5, 40))),
            c.Shoot(figure=rng.choice(figures), weapon="pistol", target=rng.choice(figures)),
            c.Charge(figure=rng.choice(figures), target=rng.choice(figures)),
            c.Strike(figure=rng.choice(figures), target=rng.choice(figures)),
            c.Activate(figure=rng.choice(figures)),
            c.Flee(figure=rng.choice(figures)),
        ])
        try:
            game.apply(bogus)
        except IllegalCommand:
            assert game.state_hash() == before
        game.apply(rng.choice(game.legal_commands()))




@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_illegal_commands_change_nothing(seed):
    illegal_commands(seed)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_illegal_commands_change_nothing_at_length(seed):
    illegal_commands(seed)


def test_same_seed_same_log_byte_for_byte():
    scn = SCENARIOS["open_field"]
    a = play(scn, 42, TABLES["open_field"])
    b = play(scn, 42, TABLES["open_field"])
    assert b"".join(encode(e) for e in a.log) == b"".join(encode(e) for e in b.log)
    assert a.state_hash() == b.state_hash()
