"""A chance as the whole percentage a player reads, shared by the window's previews and
the computer's plan lines, so both say the same number for the same chance.

Only a sure thing reads 100 % and only an impossible one 0 %: 215 in 216 reads 99 %,
1 in 1,000 reads 1 %, as a player who sees "100 %" stops weighing the risk.
"""

from __future__ import annotations

#: How near 0 or 1 a computed chance may fall and still be a sure thing: odds summed over
#: many outcomes carry rounding of this order, a real risk does not.
SURE = 1e-9


def percent(p: float) -> int:
    """``p`` rounded to a whole percentage, kept off 100 unless sure and off 0 unless
    impossible."""
    n = round(100 * p)
    if p < 1 - SURE:
        n = min(n, 99)
    if p > SURE:
        n = max(n, 1)
    return n
