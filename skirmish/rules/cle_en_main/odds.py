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


# -- damage of a hit ----------------------------------------------------------------------------
#: How deep the exact damage distribution follows a 6+ die's rerolls; what lies beyond
#: (a chance of 6^-4 per die) is counted at that depth.
SIX_PLUS_DEPTH = 4


@cache
def _die(six_plus: bool) -> tuple[int, tuple[tuple[int, int], ...]]:
    """One damage die as (denominator, ((value, weight), …)): 1–6, or with 6+ a 6
    rerolled and added, again on a 6."""
    if not six_plus:
        return 6, tuple((f, 1) for f in range(1, 7))
    whole = 6 ** SIX_PLUS_DEPTH
    out = [(6 * depth + f, 6 ** (SIX_PLUS_DEPTH - depth - 1))
           for depth in range(SIX_PLUS_DEPTH) for f in range(1, 6)]
    return whole, (*out, (6 * SIX_PLUS_DEPTH, 1))


def _convolve(a: dict[int, int], die: tuple[int, tuple[tuple[int, int], ...]]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, p in a.items():
        for y, q in die[1]:
            out[x + y] = out.get(x + y, 0) + p * q
    return out


def _halve(x: int, times: int) -> int:
    for _ in range(times):
        x = -(-x // 2)
    return x


@cache
def _counts(roller: Roller) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """A roller's distribution as (denominator, ((rank, total, count), …))."""
    n = roller[0]
    whole = 6 ** n if n else 1
    return whole, tuple((r, t, int(p * whole)) for r, t, p in distribution(roller))


@cache
def hit_damage(delta: int, tie: TieWinner, dice: int, bonus: int, protection: int, *,
               extra: int = 0, six_plus: bool = False, halvings: int = 0,
               before_protection: bool = False, a: Roller = THREE, b: Roller = THREE
               ) -> tuple[Fraction, tuple[tuple[int, Fraction], ...]]:
    """P(hit) and the distribution of the damage suffered given a hit, exactly (6+ to
    :data:`SIX_PLUS_DEPTH` rerolls), for an attack whose modifiers exceed the defence's
    by ``delta``: ``dice`` weapon dice read from the winning throw ([CM-DMG-BASE]), the
    heroic die added ([CM-DMG-HERO]), ``extra`` new dice (Attaque meurtrière, dice above
    three), ``bonus`` and ``protection``, ``halvings`` (Blessure légère, Attaques
    multiples) after the protection or, with ``before_protection``, before ([GAP-CM-20]).

    Each throw's chance to win depends only on its automatic result and total; what it
    does depends only on the dice read, the heroic die and its sixes: the throws are
    grouped by those before the damage dice are added. Counts are integers over a common
    denominator until the end."""
    n, mode = a
    whole_b, dist_b = _counts(b)
    win_given: dict[tuple[int, int], int] = {}
    for ra, ta, _ in distribution(a):
        win = 0
        for rb, tb, cb in dist_b:
            margin = ta + delta - tb
            if ra > rb or (ra == rb and (margin > 0 or (margin == 0 and tie == "a"))):
                win += cb
        win_given[(ra, ta)] = win
    throws = [Throw(f) for f in itertools.product(range(1, 7), repeat=n)] if n else [
        Throw((), fixed=True)]
    groups: dict[tuple[int, int], int] = {}
    hits = 0
    for t in throws:
        win = win_given[(_RANK[t.automatic(mode)], t.dice_total)]
        if not win:
            continue
        _, read_dice = t.damage_dice(min(dice, 3))
        sixes = sum(1 for f in read_dice if f == 6) if six_plus else 0
        key = (sum(read_dice) + t.heroic, sixes)
        groups[key] = groups.get(key, 0) + win
        hits += win
    if not hits:
        return Fraction(0), ()
    p_hit = Fraction(hits, len(throws) * whole_b)
    die = _die(six_plus)
    added, added_whole = {0: 1}, 1
    for _ in range(extra):
        added, added_whole = _convolve(added, die), added_whole * die[0]
    boom = _die(True)
    joint: dict[int, int] = {}
    most = max(s for _, s in groups) if groups else 0
    scale = boom[0] ** most
    for (base, sixes), weight in groups.items():
        amount = added
        for _ in range(sixes):
            amount = _convolve(amount, boom)
        lift = weight * boom[0] ** (most - sixes)
        for raw, q in amount.items():
            total = base + raw + bonus
            if before_protection:
                d = max(0, _halve(total, halvings) - protection)
            else:
                d = _halve(max(0, total - protection), halvings)
            joint[d] = joint.get(d, 0) + lift * q
    whole = hits * added_whole * scale
    return p_hit, tuple(sorted((d, Fraction(q, whole)) for d, q in joint.items()))
