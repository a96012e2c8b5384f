"""The hand (RULESETS §2.c, [CM-ORDER] [CM-ORDER-DISAGREE] made symmetric, GAP-CM-4,
GAP-ALT-8): who activates the next figure in a round.

At the start of a round the sides' highest-ranked figures in play oppose Réflexes; the
results order the sides (the hand order) and the first holds the hand. The side with the
hand activates one figure. After a tour de jeu in which a figure attacked enemy figures,
each attacked side, in hand order, owes a response: it activates one of the attacked
figures that has not acted and can act, or, if none can, any other that has not acted;
then the hand returns. The side with the hand may instead cede one activation to an
opponent. When it has no figure left to act, the other sides activate their remaining
figures in hand order. A response, a ceded tour and an interrupt owe no response.

Under ``cem_order = "alternate"`` (GAP-CM-4 (b)) the hand passes to the next side in hand
order after each of its tours, responses kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal

import msgspec

from skirmish.rules.cle_en_main.rolls import Rolled, draw, record
from skirmish.rules.cle_en_main.throws import Side, oppose
from skirmish.rules.cle_en_main.work import Work
from skirmish.rules.events import Contest

#: Why a band activates now.
Reason = Literal["hand", "response", "ceded", "rest"]


class Response(msgspec.Struct, frozen=True, kw_only=True):
    """A response owed by ``band`` after a tour that attacked its ``attacked`` figures."""

    band: str
    attacked: tuple[str, ...]


class Hand(msgspec.Struct, kw_only=True):
    """The round's scheduler state: the hand order, who holds the hand, the responses
    owed (in hand order) and an activation ceded to a band."""

    order: list[str] = []
    holder: str | None = None
    owed: list[Response] = []
    ceded_to: str | None = None


def roll_for_the_hand(w: Work, leaders: Mapping[str, str]) -> list[str]:
    """[CM-ORDER-DISAGREE] the bands ordered by their leader's Réflexes (``leaders``: band
    → figure). Equal results: the higher skill, then the tied roll again (both sides are
    active, L289–290); every roll recorded."""
    ranked: list[str] = []
    pending = [list(leaders)]
    while pending:
        group = pending.pop(0)
        if len(group) == 1:
            ranked.extend(group)
            continue
        rolls = {b: draw(w, leaders[b], "reflexes") for b in group}
        _record(w, group, rolls)
        keyed = sorted(group, key=lambda b: _key(rolls[b]), reverse=True)
        runs: list[list[str]] = []
        for b in keyed:
            if runs and _key(rolls[runs[-1][0]]) == _key(rolls[b]):
                runs[-1].append(b)
            else:
                runs.append([b])
        pending = runs + pending
    return ranked


def _key(r: Rolled) -> tuple[int, int, int]:
    rank = {"failure": 0, None: 1, "success": 2}[r.auto]
    return rank, r.total, r.skill


def _record(w: Work, group: Sequence[str], rolls: Mapping[str, Rolled]) -> None:
    best = {b: max(_key(rolls[o]) for o in group if o != b) for b in group}
    for b in group:
        r = rolls[b]
        others = max(rolls[o].total for o in group if o != b)
        record(w, r, rule="CM-ORDER-DISAGREE", key="cm_lbl_reflexes",
               params={"figure": r.figure}, need=others, success=_key(r) > best[b])
    if len(group) == 2:
        a, b = (rolls[x] for x in group)
        won, tie = oppose(Side(a.total, a.skill, a.auto, True),
                          Side(b.total, b.skill, b.auto, True))
        w.emit(Contest(rule="CM-ORDER-DISAGREE", ruleset="cle_en_main",
                       figures=(a.figure, b.figure), serials=(a.serial, b.serial),
                       skills=(a.skill, b.skill), totals=(a.total, b.total),
                       automatic=(a.auto, b.auto),
                       winner=None if won is None else (a, b)[won].figure, tie_break=tie))


def next_band(hand: Hand, can_act: Callable[[str], Sequence[str]]) -> tuple[str, Reason] | None:
    """The band to activate a figure now and why, or None when the round is over.
    ``can_act(band)`` lists the band's figures that may still take a tour this round; a
    response or a ceded activation whose band has none left is passed over. A query:
    the hand is not changed."""
    for owed in hand.owed:
        if can_act(owed.band):
            return owed.band, "response"
    if hand.ceded_to is not None and can_act(hand.ceded_to):
        return hand.ceded_to, "ceded"
    if hand.holder is not None and can_act(hand.holder):
        return hand.holder, "hand"
    for band in hand.order:
        if can_act(band):
            return band, "rest"
    return None


def response_choices(hand: Hand, band: str, can_act: Sequence[str]) -> list[str]:
    """The figures ``band`` may activate for its response: the attacked ones that can
    act, else any that can (L439–440)."""
    owed = next(r for r in hand.owed if r.band == band)
    attacked = [f for f in owed.attacked if f in can_act]
    return attacked or list(can_act)


def tour_ended(hand: Hand, reason: Reason, band: str, attacked: Mapping[str, Sequence[str]],
               alternate: bool) -> None:
    """After a tour de jeu activated for ``reason`` by ``band``: a response is settled, a
    ceded activation used (or, passed over, forgotten); a tour that attacked enemy
    figures (``attacked``: band → its figures attacked) makes each attacked band owe a
    response, in hand order. Under alternation the hand passes on after the holder's own
    tour."""
    if reason == "response":
        hand.owed = [r for r in hand.owed if r.band != band]
        return
    hand.ceded_to = None
    if reason == "ceded":
        return
    hand.owed = [Response(band=b, attacked=tuple(attacked[b]))
                 for b in hand.order if b != band and attacked.get(b)]
    if alternate and reason == "hand" and hand.holder is not None:
        i = hand.order.index(hand.holder)
        hand.holder = hand.order[(i + 1) % len(hand.order)]
