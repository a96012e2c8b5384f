"""Exact odds of Clé en main's tests (RULESETS §0.5 S14): 3d6 + a against a difficulty,
and 3d6 + a against 3d6 + b with the tie rules and the automatic results, for the
previews and the computer players.

A roller's throw is enumerated once into a distribution of (automatic result, dice
total); an opposition then depends only on the difference of the modifiers and on who
wins a tie of totals, so each answer is cached on those few values.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from typing import Literal

from skirmish.rules.cle_en_main.throws import TAKEN, AutoDice, Throw

#: How a side rolls: ``(dice, auto_mode)`` with dice 3 or 4 (a heroic die), or 0 for the
#: 11 taken without rolling ([CM-NPC-11]).
Roller = tuple[int, AutoDice]
THREE: Roller = (3, "base")
TieWinner = Literal["a", "b", "draw"]

_RANK = {"failure": 0, None: 1, "success": 2}


@cache
def distribution(roller: Roller) -> tuple[tuple[int, int, Fraction], ...]:
    """Every (rank of the automatic result, dice total, probability) a roller can throw;
    rank 0 an automatic failure, 1 none, 2 an automatic success."""
    n, mode = roller
    if n == 0:
        return ((1, TAKEN, Fraction(1)),)
    counts: Counter[tuple[int, int]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=n):
        t = Throw(faces)
        counts[(_RANK[t.automatic(mode)], t.dice_total)] += 1
    whole = 6 ** n
    return tuple((r, total, Fraction(c, whole)) for (r, total), c in sorted(counts.items()))


def tie_winner(skill_a: int, skill_b: int, active_a: bool, active_b: bool) -> TieWinner:
    """[CM-OPPOSE] who wins equal totals: the higher skill, then the active side."""
    if skill_a != skill_b:
        return "a" if skill_a > skill_b else "b"
    if active_a != active_b:
        return "a" if active_a else "b"
    return "draw"


@cache
def opposition(delta: int, tie: TieWinner, a: Roller = THREE, b: Roller = THREE
               ) -> tuple[Fraction, Fraction]:
    """(P(a wins), P(draw)) when a's modifiers exceed b's by ``delta`` (skills and every
    modifier included) and ``tie`` wins equal totals."""
    win = draw = Fraction(0)
    for ra, ta, pa in distribution(a):
        for rb, tb, pb in distribution(b):
            p = pa * pb
            if ra != rb:
                if ra > rb:
                    win += p
                continue
            margin = ta + delta - tb
            if margin > 0 or (margin == 0 and tie == "a"):
                win += p
            elif margin == 0 and tie == "draw":
                draw += p
    return win, draw


def p_opposition(value_a: int, value_b: int, *, skill_a: int, skill_b: int,
                 active_a: bool = True, active_b: bool = False, a: Roller = THREE,
                 b: Roller = THREE) -> Fraction:
    """P(a wins) for 3d6 + ``value_a`` against 3d6 + ``value_b`` (each value the skill with
    every modifier)."""
    return opposition(value_a - value_b, tie_winner(skill_a, skill_b, active_a, active_b),
                      a, b)[0]


@cache
def p_test(value: int, need: int, roller: Roller = THREE) -> Fraction:
    """P(3d6 + ``value`` ≥ ``need``) with the automatic results ([CM-TEST] [CM-AUTO])."""
    p = Fraction(0)
    for rank, total, q in distribution(roller):
        if rank == 2 or (rank == 1 and total + value >= need):
            p += q
    return p
