"""Exact odds of a Strike or a Shot before it is made (RULESETS §0.5 S14): the same
window the resolution will use, read by :func:`~skirmish.rules.clefs_aube.roll.hit_chance`.
For previews and the AI; nothing here rolls or changes the state."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from skirmish.rules.clefs_aube.melee import MANOEUVRES, ca_state, manoeuvre_ca, next_handicap
from skirmish.rules.clefs_aube.roll import hit_chance
from skirmish.rules.clefs_aube.shooting import Aim, aims
from skirmish.rules.clefs_aube.totals import defence_nd, ta, weapon
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.shooting import chain
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
    """P(hit) of a Shot at its first target ([CA-SHOOT], GAP-CA-21); None out of range."""
    rolls = shot_aims(ctx, s, t, weapon)
    return hit_chance(rolls[0].ca, rolls[0].nd, _sides(ctx)) if rolls else None


def shot_aims(ctx: Ctx, s: Figure, t: Figure, weapon: str) -> list[Aim]:
    """The rolls a Shot at ``t`` would make, ``t`` first (none out of range): its chain
    (GAP-30) with the GAP-CA-21 handicaps, as :func:`~.shooting.aims` resolves it."""
    w = ctx.book.ranged_weapons[weapon]
    targets = [t] if w.is_blast else [ctx.fig(i) for i in chain(ctx, s, t, w)]
    rolls = aims(ctx, s, w, targets, next_handicap(ctx, s)[0])
    return rolls if rolls and rolls[0].target is t else []


# -- previews (RULESETS §0.7: odds before commitment) ----------------------------------------
class Aimed(msgspec.Struct, frozen=True, kw_only=True):
    """One target of a shot at several: its window ND < d ≤ CA and P(hit) (GAP-CA-21)."""

    target: str
    ca: int
    nd: int
    p_hit: float


class Preview(msgspec.Struct, frozen=True, kw_only=True):
    """What a Strike or a Shot at one target will roll against, before it is made: the
    window ND < d ≤ CA (handicaps included), P(hit) exact, and the damage's parts:
    Dom = °R + ``bd`` − ``band_nd``, then − ``be`` before the encaissement ([CA-DMG])."""

    ca: int
    nd: int
    p_hit: float
    bd: int
    be: int
    band_nd: int = 0
    fallen: bool = False  # GAP-CA-9: hit without a roll, °R = CA
    chain: tuple[Aimed, ...] = ()  # a shot at several targets: each one's window


def strike_preview(ctx: Ctx, f: Figure, t: Figure, wid: str | None) -> Preview:
    s = ca_state(ctx)
    cf, tf = s.ca[f.id], s.ca[t.id]
    ca = ta(cf.profile, wid) - cf.fatigue() - next_handicap(ctx, f)[0]
    be = tf.profile.be if s.ca_options.ca_armour == "dom" else 0
    bd = weapon(cf.profile, wid).bd
    if t.status == "out_of_action":
        return Preview(ca=ca, nd=0, p_hit=1.0, bd=bd, be=be, fallen=True)
    nd, _ = defence_nd(tf, s.ca_options)
    return Preview(ca=ca, nd=nd, p_hit=float(strike_odds(ctx, f, t, wid)), bd=bd, be=be)


def manoeuvre_cas(ctx: Ctx, f: Figure) -> dict[str, int]:
    """[CA-SURCLASSEMENT] the CA of each manoeuvre ``f`` could choose, its handicap taken."""
    cf = ca_state(ctx).ca[f.id]
    h = next_handicap(ctx, f)[0]
    return {m: manoeuvre_ca(cf, m) - h for m in MANOEUVRES}


def shot_preview(ctx: Ctx, s: Figure, t: Figure, wid: str) -> Preview | None:
    """The first target's window, and every target's of a shot at several (``chain``);
    None out of range."""
    st = ca_state(ctx)
    rolls = shot_aims(ctx, s, t, wid)
    if not rolls:
        return None
    sides = _sides(ctx)
    chained = tuple(Aimed(target=a.target.id, ca=a.ca, nd=a.nd,
                          p_hit=float(hit_chance(a.ca, a.nd, sides))) for a in rolls)
    first = chained[0]
    minus = 5 if st.ca_options.ca_shot_damage == "band_minus_5" else 0
    be = st.ca[t.id].profile.be if st.ca_options.ca_armour == "dom" else 0
    return Preview(ca=first.ca, nd=first.nd, p_hit=first.p_hit,
                   bd=st.ca[s.id].profile.ranged[wid].bd, be=be,
                   band_nd=rolls[0].band_nd - minus, chain=chained if len(chained) > 1 else ())
