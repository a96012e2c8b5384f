"""RULESETS §0.5 S15 [GAP-K7-29]: what the players know of the face-down cards, and the
determinization of a look-ahead copy."""

from __future__ import annotations

import msgspec

from skirmish.rules.dice import Dice
from skirmish.rules.kart7 import piles as pl
from skirmish.rules.kart7.piles import Piles
from skirmish.rules.kart7.visibility import conceal, next_gen, unseen

_copy = msgspec.json.Encoder().encode


def _dealt() -> Piles:
    p = Piles()
    dice = Dice(3)
    pl.set_up(p, 2, dice)
    for f in ("a", "b", "c"):
        pl.deal(p, f, 2, 6, dice)
    return p


def test_unseen_is_every_face_down_card_by_generation_GAP_K7_29() -> None:
    p = _dealt()
    hidden = unseen(p)
    assert list(hidden) == [0]
    face_up = {c for h in p.hands.values() for c in h}
    assert sorted(hidden[0]) == sorted(set(range(104)) - face_up)


def test_conceal_deals_each_generation_again_among_its_places_S15() -> None:
    p = _dealt()
    p.discard = [p.general.pop() for _ in range(30)]
    p.general, p.discard = p.discard, []
    p.gen = 1
    p.pioches["a"].append(p.general.pop())  # a refill from the rebuilt deck
    p.pioche_gens["a"].append(1)
    before = unseen(p)
    q = msgspec.json.decode(_copy(p), type=Piles)
    conceal(q, Dice(5))
    assert unseen(q) == before  # the same cards in each generation's places
    assert q.pioches != p.pioches or q.general != p.general
    assert [len(x) for x in q.pioches.values()] == [len(x) for x in p.pioches.values()]
    assert q.pioche_gens == p.pioche_gens and q.hands == p.hands and q.discard == p.discard
    assert next_gen(q, "a") == 1 and next_gen(q, "b") == 0


def test_conceal_owes_nothing_to_the_hidden_order_S15() -> None:
    """Two games that differ only in the order of their face-down cards give the same
    look-ahead copy for the same dice."""
    p, r = _dealt(), _dealt()
    r.pioches["a"].reverse()
    r.pioches["b"][0], r.general[5] = r.general[5], r.pioches["b"][0]
    assert (p.pioches, p.general) != (r.pioches, r.general)
    conceal(p, Dice(9))
    conceal(r, Dice(9))
    assert (p.pioches, p.general) == (r.pioches, r.general)
