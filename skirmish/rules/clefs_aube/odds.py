"""Exact odds of a Strike or a Shot before it is made (RULESETS §0.5 S14): the same
window the resolution will use, read by :func:`~skirmish.rules.clefs_aube.roll.hit_chance`.
For previews and the AI; nothing here rolls or changes the state."""

from __future__ import annotations

from fractions import Fraction

from skirmish.rules.clefs_aube.melee import ca_state, next_handicap
from skirmish.rules.clefs_aube.roll import hit_chance
from skirmish.rules.clefs_aube.shooting import shot_window
from skirmish.rules.clefs_aube.totals import defence_nd, ta
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.state import Figure


def _sides(ctx: Ctx) -> int | None:
    opts = ca_state(ctx).ca_options
    return opts.ca_critical_sides if opts.ca_critical_die == "attacks" else None


def strike_odds(ctx: Ctx, f: Figure, t: Figure, wid: str | None) -> Fraction:
    """P(hit) of a Strike in the simple system ([CA-MELEE]); a fallen target is hit."""
    if t.status == "out_of_action":
        return Fraction(1)
    s = ca_state(ctx)
    cf = s.ca[f.id]
    ca = ta(cf.profile, wid) - cf.fatigue() - next_handicap(ctx, f)[0]
    nd, _ = defence_nd(s.ca[t.id], s.ca_options)
    return hit_chance(ca, nd, _sides(ctx))


def shot_odds(ctx: Ctx, s: Figure, t: Figure, weapon: str) -> Fraction | None:
    """P(hit) of a Shot at its first target ([CA-SHOOT]); None out of range."""
    win = shot_window(ctx, s, t, ctx.book.ranged_weapons[weapon])
    if win is None:
        return None
    ca, nd, _, _ = win
    return hit_chance(ca - next_handicap(ctx, s)[0], nd, _sides(ctx))
