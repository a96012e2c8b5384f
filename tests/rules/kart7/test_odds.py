"""RULESETS §0.5 S14: exact odds of draws over the cards not yet seen ([GAP-K7-29]),
checked against every arrangement of the face-down cards drawn by the engine itself, and
against a seeded Monte Carlo of concealed copies ([K7-DIFFICULTY], [K7-OUTCOME],
[GAP-K7-4], [GAP-K7-21], [GAP-K7-28])."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import msgspec
import pytest

from skirmish.rules.dice import Dice
from skirmish.rules.kart7 import odds
from skirmish.rules.kart7 import piles as pl
from skirmish.rules.kart7.cards import card_from
from skirmish.rules.kart7.draws import DrawRequest, best_replacement, draw, replace
from skirmish.rules.kart7.piles import Piles
from skirmish.rules.kart7.visibility import conceal
from tests.sizes import sizes

C = card_from
_copy = msgspec.json.Encoder().encode


def _places(p: Piles) -> list[tuple[list[int], int, int]]:
    out = [(p.general, i, p.gen) for i in range(len(p.general))]
    for f, pioche in p.pioches.items():
        out += [(pioche, i, g) for i, g in enumerate(p.pioche_gens[f])]
    return out


def _arrangements(p: Piles):
    """Every arrangement of the face-down cards among their places, generation by
    generation (each as likely as any other to a player who has not seen them)."""
    by_gen: dict[int, list[tuple[int, int]]] = {}
    template = msgspec.json.decode(_copy(p), type=Piles)
    flat = _places(template)
    for k, (pile, i, g) in enumerate(flat):
        by_gen.setdefault(g, []).append((k, pile[i]))
    gens = sorted(by_gen)
    for perms in itertools.product(*(itertools.permutations([c for _, c in by_gen[g]])
                                     for g in gens)):
        q = msgspec.json.decode(_copy(p), type=Piles)
        places = _places(q)
        for g, perm in zip(gens, perms, strict=True):
            for (k, _), card in zip(by_gen[g], perm, strict=True):
                pile, i, _ = places[k]
                pile[i] = card
        yield q


def _req(fig: str, threshold: int, level: int, **kw) -> DrawRequest:
    return DrawRequest(figure=fig, threshold=threshold, level=level, rule="t", label="t", **kw)


_unread = [Dice(0)]


def _fresh_dice() -> Dice:
    """A ``Dice(0)`` whose stream nothing has read: a draw rolls only to shuffle a rebuilt
    deck, so the walks below seed a new one (about 50 µs, tens of thousands of draws) only
    after a draw has rolled the last."""
    if _unread[0].rolled:
        _unread[0] = Dice(0)
    return _unread[0]


def _engine_quality(q: Piles, fig: str, threshold: int, level: int, hand: tuple[int, ...] = (),
                    support: int | None = None, **kw) -> int:
    drawn, _ = draw(q, _fresh_dice(), _req(fig, threshold, level, **kw), ace=1)
    if support is not None:
        i = best_replacement(drawn, support, 1)
        if i is not None:
            replace(drawn, i, support, "support", {}, "t", 1)
    if not drawn.success and hand and drawn.cards:
        failing = drawn.failing(1)
        best = max((h for h in hand), key=lambda h: _try(drawn, failing[0], h))
        if _try(drawn, failing[0], best):
            replace(drawn, failing[0], best, "hand", {}, "t", 1)
    return drawn.quality(1)


def _try(drawn, i: int, card: int) -> int:
    trial = msgspec.structs.replace(drawn, cards=list(drawn.cards), sources=list(drawn.sources))
    replace(trial, i, card, "hand", {}, "t", 1)
    return trial.quality(1)


def _small() -> Piles:
    return Piles(general=[C(n) for n in ("2S", "9H", "5D", "KC")],
                 pioches={"a": [C("7S"), C("JD")], "b": [C("3C")]},
                 pioche_gens={"a": [0, 0], "b": [0]}, hands={"a": [C("4H")]})


@pytest.mark.parametrize("level,threshold", [(0, 6), (-1, 6), (-2, 4), (1, 8), (2, 9)])
def test_one_draw_equals_every_arrangement_K7_DIFFICULTY(level: int, threshold: int) -> None:
    p = _small()
    seen = Counter(_engine_quality(q, "a", threshold, level) for q in _arrangements(p))
    total = sum(seen.values())
    dist = odds.distribution(odds.sources(p, 1), odds.party_for(p, "a", threshold, level))
    for q in range(15):
        assert dist[q] == pytest.approx(seen[q] / total, abs=1e-12)


def test_support_and_hand_cards_in_the_odds_K7_SUPPORT_K7_SOURCES() -> None:
    p = _small()
    support, hand = C("6C"), (C("4H"),)
    seen = Counter(_engine_quality(q, "a", 6, 1, hand=hand, support=support)
                   for q in _arrangements(p))
    party = odds.party_for(p, "a", 6, 1, support=6, hand=(4,))
    dist = odds.distribution(odds.sources(p, 1), party)
    for q in range(15):
        assert dist[q] == pytest.approx(seen[q] / sum(seen.values()), abs=1e-12)


def test_court_circuit_diamond_in_the_odds_GAP_K7_28() -> None:
    p = _small()
    seen = Counter(_engine_quality(q, "a", 8, 1, carreau=1) for q in _arrangements(p))
    dist = odds.distribution(odds.sources(p, 1), odds.party_for(p, "a", 8, 1, carreau=1))
    for q in range(15):
        assert dist[q] == pytest.approx(seen[q] / sum(seen.values()), abs=1e-12)


def test_empty_pioche_in_the_odds_GAP_K7_4() -> None:
    p = _small()
    p.pioches["b"], p.pioche_gens["b"] = [], []
    seen = Counter(_engine_quality(q, "b", 7, 0) for q in _arrangements(p))
    dist = odds.distribution(odds.sources(p, 1), odds.party_for(p, "b", 7, 0))
    for q in range(15):
        assert dist[q] == pytest.approx(seen[q] / sum(seen.values()), abs=1e-12)


def test_generations_after_a_rebuilt_deck_GAP_K7_2_GAP_K7_29() -> None:
    """The general deck runs out mid-draw and is rebuilt from the discard pile, whose
    cards everyone saw; the pioche card is of the older generation."""
    p = Piles(general=[C("QS")], discard=[C("2H"), C("3H"), C("KD")],
              pioches={"a": [C("8S"), C("4C")], "b": [C("6H")]},
              pioche_gens={"a": [0, 0], "b": [0]})
    seen: Counter[int] = Counter()
    n = 0
    for q in _arrangements(p):
        for rebuilt in itertools.permutations(q.discard):
            r = msgspec.json.decode(_copy(q), type=Piles)
            r.discard = list(rebuilt)
            dice = Dice(0)
            dice.force(*[1] * 10)  # the rebuilding shuffle keeps each listed order
            drawn, _ = draw(r, dice, _req("a", 7, -2), ace=1)
            seen[drawn.quality(1)] += 1
            n += 1
    dist = odds.distribution(odds.sources(p, 1), odds.party_for(p, "a", 7, -2))
    for q in range(15):
        assert dist[q] == pytest.approx(seen[q] / n, abs=1e-12)


def test_opposition_counts_both_draws_together_K7_OUTCOME_GAP_K7_21() -> None:
    p = _small()
    attacker, defender, none = _opposed_by_arrangements(p, ("a", 8, -1, False), ("b", 6))
    o = odds.opposed(odds.sources(p, 1), odds.party_for(p, "a", 8, -1),
                     odds.party_for(p, "b", 6, 0))
    assert o.attacker == pytest.approx(attacker, abs=1e-12)
    assert o.defender == pytest.approx(defender, abs=1e-12)
    assert o.both_fail == pytest.approx(none, abs=1e-12)
    assert sum(o.attacker_quality) == pytest.approx(o.attacker)


def test_odds_read_only_what_players_see_S15() -> None:
    """Two games that differ only in the order of their face-down cards have the same
    odds."""
    p = Piles()
    dice = Dice(11)
    pl.set_up(p, 3, dice)
    pl.deal(p, "a", 3, 7, dice)
    pl.deal(p, "b", 1, 5, dice)
    q = msgspec.json.decode(_copy(p), type=Piles)
    conceal(q, Dice(99))
    assert q.pioches != p.pioches
    assert odds.sources(p, 1) == odds.sources(q, 1)


@pytest.mark.parametrize("plays", sizes(2_000, 100_000))
def test_odds_within_three_standard_errors_of_seeded_plays_S14(plays: int) -> None:
    """Plays of an opposition on concealed copies of a dealt game, drawn by the engine
    (2 000 by default, 100 000 under ``-m slow``): the exact odds lie within 3 standard
    errors of what they gave."""
    p = Piles()
    dice = Dice(5)
    pl.set_up(p, 3, dice)
    pl.deal(p, "a", 3, 7, dice)
    pl.deal(p, "b", 2, 6, dice)
    for _ in range(40):  # some cards seen: the pools are not the whole pack any more
        p.discard.append(p.general.pop())
    o = odds.opposed(odds.sources(p, 1), odds.party_for(p, "a", 9, -1),
                     odds.party_for(p, "b", 7, 0))
    wins = 0.0
    shuffler = Dice(2024)
    for _ in range(plays):
        q = msgspec.json.decode(_copy(p), type=Piles)
        conceal(q, shuffler)
        qa = draw(q, shuffler, _req("a", 9, -1), ace=1)[0].quality(1)
        qd = draw(q, shuffler, _req("b", 7, 0), ace=1)[0].quality(1)
        wins += 1.0 if qa > qd else 0.5 if qa == qd != 0 else 0.0
    se = (o.attacker * (1 - o.attacker) / plays) ** 0.5
    assert abs(wins / plays - o.attacker) < 3 * se


def _opposed_by_arrangements(p: Piles, a: tuple, d: tuple) -> tuple[float, float, float]:
    """(attacker wins, defender wins, both fail) over every arrangement, as the engine
    draws: the attacker's draw (``a`` = figure, threshold, level, carreau), then the
    defender's facing draw (``d`` = figure, threshold)."""
    wins = Counter()
    total = 0
    for q in _arrangements(p):
        qa = _engine_quality(q, a[0], a[1], a[2], carreau=a[3])
        qd = _engine_quality(q, d[0], d[1], 0)
        total += 1
        if qa == qd == 0:
            wins["none"] += 1
        elif qa > qd:
            wins["a"] += 1
        elif qd > qa:
            wins["b"] += 1
        else:
            wins["a"] += Fraction(1, 2)
            wins["b"] += Fraction(1, 2)
    return (float(wins["a"] / total), float(wins["b"] / total), float(wins["none"] / total))


@pytest.mark.parametrize("general", sizes(4, 5))
@pytest.mark.parametrize("case", ["carreau", "empty_defender", "empty_attacker"])
def test_every_shape_of_opposition_equals_every_arrangement_S14(case: str, general: int) -> None:
    """A court-circuit (its Diamond asked apart), a defender or an attacker with an empty
    pioche ([GAP-K7-4], [GAP-K7-28]), over a general pile of ``general`` cards (each one
    more multiplies the arrangements walked by the number of face-down cards)."""
    p = _small()
    p.general.insert(0, C("8C"))
    del p.general[general:]
    a = ("a", 8, 1, 1 if case == "carreau" else 0)
    d = ("b", 6)
    if case == "empty_defender":
        p.pioches["b"], p.pioche_gens["b"] = [], []
    if case == "empty_attacker":
        p.pioches["a"], p.pioche_gens["a"] = [], []
        a = ("a", 8, -1, 0)
    want = _opposed_by_arrangements(p, a, d)
    o = odds.opposed(odds.sources(p, 1), odds.party_for(p, a[0], a[1], a[2], carreau=a[3]),
                     odds.party_for(p, d[0], d[1], 0))
    assert (o.attacker, o.defender, o.both_fail) == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("attacker,defender", [
    ((9, -1, 0), (7, 0)), ((9, 2, 1), (7, 0)), ((6, -1, 2), (5, 0)), ((11, 0, 1), (4, 0)),
])
@pytest.mark.parametrize("empty", [(), ("b",), ("a", "b")])
def test_short_cuts_agree_with_the_whole_walk_S14(attacker, defender, empty, monkeypatch) -> None:
    """The counted short cuts of the usual oppositions give what walking every deck state
    gives, on a dealt game of three decks."""
    p = Piles()
    dice = Dice(21)
    pl.set_up(p, 3, dice)
    pl.deal(p, "a", 3, 7, dice)
    pl.deal(p, "b", 2, 6, dice)
    for fid in empty:
        p.pioches[fid], p.pioche_gens[fid] = [], []
    src = odds.sources(p, 1)
    a = odds.party_for(p, "a", attacker[0], attacker[1], carreau=attacker[2])
    d = odds.party_for(p, "b", defender[0], defender[1])
    fast = odds.opposed.__wrapped__(src, a, d)
    monkeypatch.setattr(odds, "_one_pool", lambda *args: None)
    monkeypatch.setattr(odds, "_first_apart", lambda *args: None)
    walked = odds.opposed.__wrapped__(src, a, d)
    assert (fast.attacker, fast.defender, fast.both_fail) == pytest.approx(
        (walked.attacker, walked.defender, walked.both_fail), abs=1e-12)
    assert fast.attacker_quality == pytest.approx(walked.attacker_quality, abs=1e-12)
