"""What Clefs de l'Aube attacks may do to a figure, as exact distributions over the rows
of Table 3.1 and over its health track (RULESETS §3.d; [CA-DEGREE] [CA-ND]
[CA-CRIT-DIE] [CA-DMG] [CA-ARMOUR] [CA-DMG-TABLE] [CA-WOUNDS] [CA-FATIGUE]; GAP-CA-9,
-13, -16; GAP-51). The computer players read them through
:mod:`skirmish.rules.clefs_aube.ai_odds`; nothing here rolls or changes the state.

The only cut: the critical die's open-ended rerolls are followed three d20s deep (the
rest, under 1/8000 of the critical die's 1s, stops at the third d20).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from skirmish.rules.clefs_aube.content import damage_row, tables
from skirmish.rules.clefs_aube.damage import LEVELS
from skirmish.rules.clefs_aube.roll import read

F0, F1 = Fraction(0), Fraction(1)
TWENTIETH = Fraction(1, 20)
CRIT_DEPTH = 3

#: P of each row of Table 3.1 after one attack, in table order (a miss is the first, "none").
Rows = tuple[Any, ...]


@cache
def rows() -> tuple[str, ...]:
    return tuple(r.row for r in tables().damage_table)


@cache
def _extra(depth: int = CRIT_DEPTH) -> tuple[tuple[int, Fraction], ...]:
    """[CA-CRIT-DIE] the reroll added on a critical 1: a d20, again while it shows 20."""
    out = [(x, TWENTIETH) for x in range(1, 20)]
    if depth <= 1:
        return (*out, (20, TWENTIETH))
    return (*out, *((20 + x, TWENTIETH * q) for x, q in _extra(depth - 1)))


@cache
def degrees(ca: int, sides: int | None) -> tuple[tuple[bool, int, Fraction], ...]:
    """Every (success, degree, P) of one d20 against ``ca`` ([CA-DEGREE] [CA-EDGE]); with a
    critical die of ``sides`` faces, its 1 adds the open-ended reroll to the degree."""
    acc: dict[tuple[bool, int], Fraction] = {}
    p1 = Fraction(1, sides) if sides else F0
    for face in range(1, 21):
        ok, degree = read(face, ca)
        acc[ok, degree] = acc.get((ok, degree), F0) + TWENTIETH * (1 - p1)
        if sides:
            for x, q in _extra():
                acc[ok, degree + x] = acc.get((ok, degree + x), F0) + TWENTIETH * p1 * q
    return tuple((ok, d, p) for (ok, d), p in sorted(acc.items()) if p)


@cache
def row_index(effective: int) -> int:
    return rows().index(damage_row(effective).row)


@cache
def enc_rows(after: int, enc_ca: int, sides: int | None) -> Rows:
    """[CA-DMG] GAP-CA-16: Dom less armour = ``after``; the victim rolls against
    ``enc_ca`` and a success subtracts its °R; the row of what is left."""
    acc = [F0] * len(rows())
    for ok, degree, p in degrees(enc_ca, sides):
        resisted = max(0, degree) if ok else 0
        acc[row_index(after - resisted)] += p
    return tuple(acc)


@cache
def attack_rows(ca: int, nd: int, plus: int, enc_ca: int, sides: int | None) -> Rows:
    """[CA-ND] a d20 against ``ca`` hits on °R > ``nd``; then Dom less armour = °R +
    ``plus`` goes through the encaissement. A miss is the "none" row."""
    acc = [F0] * len(rows())
    for ok, degree, p in degrees(ca, sides):
        if ok and degree > nd:
            for i, q in enumerate(enc_rows(degree + plus, enc_ca, sides)):
                acc[i] += p * q
        else:
            acc[0] += p
    return tuple(acc)


@cache
def exchange_rows(ca_a: int, banked_a: int, ca_d: int, banked_d: int, plus: int, enc_ca: int,
                  sides: int | None) -> Rows:
    """[CA-SURCLASSEMENT] GAP-CA-5, -6: the attacker's MD against the defender's MP (the
    choices' defaults): raw °R compared, banked points added to a success; if the attacker
    wins, Dom less armour = the effect + ``plus`` (BD − 5 − armour) on the defender."""
    acc = [F0] * len(rows())
    defence = [(d + banked_d if ok else None, p) for ok, d, p in degrees(ca_d, sides)]
    for ok, d, p in degrees(ca_a, sides):
        ra = d + banked_a if ok else None
        for rd, q in defence:
            effect = None
            if ra is not None and (rd is None or ra > rd):
                effect = ra - (rd or 0)
            if effect is None:
                acc[0] += p * q
                continue
            for i, r in enumerate(enc_rows(effect + plus, enc_ca, sides)):
                acc[i] += p * q * r
    return tuple(acc)


# -- the health track --------------------------------------------------------------------------
#: (PF(Ph), légères, graves, critiques, status): status 0 in play, 1 out of action, 2 dead.
Track = tuple[int, int, int, int, int]


def _take(track: Track, i: int, ph: int, grave_out: bool) -> Track:
    """One row on the track ([CA-WOUNDS] rising a level while the boxes are full;
    GAP-CA-9 standing; GAP-51 a wounded fallen figure dies). Étourdi leaves no mark."""
    pf, *taken, status = track
    if status == 2:
        return track
    row = tables().damage_table[i]
    wound = None
    if row.row in LEVELS:
        boxes = tables().wound_boxes
        k = LEVELS.index(row.row)
        while k < len(LEVELS) and taken[k] >= boxes[LEVELS[k]]:
            k += 1
        if k < len(LEVELS):
            taken[k] += 1
        wound = LEVELS[k] if k < len(LEVELS) else "fatale"
    elif row.row == "fatale":
        wound = "fatale"
    pf += row.pf
    if wound == "fatale" or (status == 1 and wound is not None):
        status = 2
    elif status == 0 and (taken[2] or (grave_out and taken[1]) or pf >= ph):
        status = 1
    return (pf, taken[0], taken[1], taken[2], status)


@lru_cache(maxsize=8192)
def outcomes(seq: tuple[Rows, ...], start: Track, ph: int, grave_out: bool
             ) -> dict[Track, Any]:
    """The track after blows with these row chances, one after the other (independent)."""
    dist: dict[Track, Any] = {start: 1}
    for blow in seq:
        nxt: dict[Track, Any] = {}
        for track, q in dist.items():
            for i, p in enumerate(blow):
                if p:
                    after = _take(track, i, ph, grave_out)
                    nxt[after] = nxt.get(after, 0) + q * p
        dist = nxt
    return dist
