"""The Clefs de l'Aube odds the computer players read (its
:class:`~skirmish.rules.ai_odds.AiOdds`): the d20 window of the Strike and the Shot, the
encaissement and Table 3.1, the wound boxes and PF(Ph) against Ph (RULESETS §3.d), all
exact (:mod:`skirmish.rules.clefs_aube.harm`); reach, charges and passive tests are the
Skirmish engine's, so their odds are Skirmish's (a native Leadership test included,
through :meth:`Hooks.leadership_odds <skirmish.rules.skirmish.context.Hooks.leadership_odds>`).

A figure has no PV here: its health track is PF(Ph) rising to Ph, and a wound counts by
the PF it brings; what the evaluator reads as PV lost is the share of that track lost
(all that was left, for a figure that goes down) times the figure's Skirmish PV. A blow
is the rows of Table 3.1 for the attacker's next rolled actions in turn, each with its
[CA-MULTI] handicap (GAP-CA-2: the computer plans one, so its extra actions take 5, 10,
...), for the threat of several attacks. Under
``ca_combat = "surclassement"`` both sides are taken to choose their default manoeuvre
(the attacker MD, the defender MP), as the computer players answer.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import msgspec

from skirmish.rules.clefs_aube.harm import (
    F0,
    Rows,
    Track,
    attack_rows,
    enc_rows,
    exchange_rows,
    outcomes,
)
from skirmish.rules.clefs_aube.melee import ca_state, manoeuvre_ca
from skirmish.rules.clefs_aube.shooting import shot_window
from skirmish.rules.clefs_aube.state import CaState
from skirmish.rules.clefs_aube.totals import defence_nd, enc, ladder, ta, targets_handicap, weapon
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.melee import best_melee
from skirmish.rules.skirmish.shooting import chain
from skirmish.rules.skirmish.state import Figure

AHEAD = 4  # rolled actions a blow describes (the most PA a figure has, and one more)
Blow = tuple[Rows, ...]


class ClefsHarm(msgspec.Struct, frozen=True):
    figure: str
    pv_loss: dict[Fraction, Fraction]  # PV-equivalent lost (:func:`lost` / Ph × PV) → P
    p_out: Fraction
    p_dead: Fraction


class ClefsStrike(msgspec.Struct, frozen=True):
    harm: ClefsHarm
    blow: Blow


class ClefsShot(msgspec.Struct, frozen=True):
    harms: tuple[ClefsHarm, ...]
    tests: tuple[odds.Test, ...]
    p_weapon_lost: Fraction = F0  # no misfire in this ruleset


class ClefsCharge(msgspec.Struct, frozen=True):
    p_contact: Fraction
    p_out: Fraction
    strike: ClefsStrike | None
    p_charge_test: Fraction | None
    end: tuple[float, float] | None


# -- the figures' numbers ---------------------------------------------------------------------
def _sides(s: CaState) -> int | None:
    """[CA-CRIT-DIE] GAP-CA-8: the critical die rolls with attacks and encaissements."""
    o = s.ca_options
    return o.ca_critical_sides if o.ca_critical_die == "attacks" else None


def _armour_enc(s: CaState, t: Figure) -> tuple[int, int]:
    """GAP-CA-13: (armour off Dom, the encaissement's CA less PF(Ph))."""
    p, o = s.ca[t.id].profile, s.ca_options
    return (p.be if o.ca_armour == "dom" else 0,
            enc(p, o) - s.ca[t.id].fatigue() + (p.be if o.ca_armour == "enc" else 0))


def handicaps(ctx: Ctx, f: Figure, n: int = AHEAD) -> list[int]:
    """The handicaps of ``f``'s next ``n`` rolled actions: its [CA-MULTI] ladder (a figure
    not active now starts a new activation: GAP-CA-2, none planned), and étourdi on the
    first (GAP-CA-10), as :func:`~skirmish.rules.clefs_aube.melee.next_handicap`."""
    s = ca_state(ctx)
    cf = s.ca[f.id]
    planned, rolled = (cf.planned, cf.rolled) if ctx.s.active == f.id else (0, 0)
    multi = s.ca_options.ca_multi_actions
    return [(ladder(planned, rolled + k) if multi else 0) + (1 if cf.etourdi and not k else 0)
            for k in range(n)]


def _track(s: CaState, t: Figure) -> Track:
    cf = s.ca[t.id]
    taken = cf.wounds.get("ph", {})
    status = {"in_play": 0, "out_of_action": 1}.get(t.status, 2)
    return (cf.fatigue(), taken.get("legere", 0), taken.get("grave", 0),
            taken.get("critique", 0), status)


def lost(track: Track, start: Track, ph: int) -> int:
    """The PF(Ph) a figure lost on its track: what it took, and all that was left to Ph
    when it went down (as a Skirmish figure loses its last PV, no more)."""
    pf, *_, status = track
    if start[4] == 0 and status >= 1:
        return max(0, ph - start[0])
    return max(0, min(pf, ph) - start[0])


def harm(ctx: Ctx, t: Figure, seq: tuple[Rows, ...]) -> ClefsHarm:
    """Exact: ``t`` after independent attacks with these rows (GAP-CA-9 standing; a
    fallen figure counts out and dead alike, as the Skirmish harm)."""
    s = ca_state(ctx)
    start = _track(s, t)
    ph = s.ca[t.id].profile.ph
    dist = outcomes(seq, start, ph, s.ca_options.ca_out_of_action == "grave")
    loss: dict[Fraction, Fraction] = {}
    p_out = p_dead = F0
    for track, q in dist.items():
        status = track[4]
        k = Fraction(lost(track, start, ph) * t.stats.pv, ph)
        loss[k] = loss.get(k, F0) + q
        p_dead += q if status == 2 else F0
        p_out += q if status >= 1 and (start[4] == 0 or status == 2) else F0
    return ClefsHarm(t.id, dict(sorted(loss.items())), p_out, p_dead)


def strike_blow(ctx: Ctx, f: Figure, t: Figure, wid: str | None) -> Blow:
    """[CA-MELEE] d20 against TA, ND = TP (Esq while evading), Dom = °R + BD; a fallen
    target is hit without a roll, °R = CA (GAP-CA-9). [CA-SURCLASSEMENT] by option."""
    s = ca_state(ctx)
    cf, tf = s.ca[f.id], s.ca[t.id]
    armour, enc_ca = _armour_enc(s, t)
    bd, sides = weapon(cf.profile, wid).bd, _sides(s)
    out: list[Rows] = []
    for k, h in enumerate(handicaps(ctx, f)):
        ca = ta(cf.profile, wid) - cf.fatigue() - h
        if t.status == "out_of_action":
            out.append(enc_rows(ca + bd - armour, enc_ca, sides))
        elif s.ca_options.ca_combat == "surclassement":
            banked = (cf.banked_ma, tf.banked_ma) if not k else (0, 0)  # spent by the first
            out.append(exchange_rows(manoeuvre_ca(cf, "MD") - h, banked[0],
                                     manoeuvre_ca(tf, "MP"), banked[1], bd - 5 - armour,
                                     enc_ca, sides))
        else:
            out.append(attack_rows(ca, defence_nd(tf, s.ca_options)[0], bd - armour, enc_ca,
                                   sides))
    return tuple(out)


def _shot_rows(ctx: Ctx, s: Figure, t: Figure, v: Figure, wid: str, handicap: int,
               band: str | None = None) -> Rows | None:
    """[CA-SHOOT] GAP-CA-14: one roll at ``t`` in its window, Dom = °R + BD − the band's
    ND on ``v`` (``t`` itself, or a figure in a blast's radius); None out of range."""
    st = ca_state(ctx)
    win = shot_window(ctx, s, t, ctx.book.ranged_weapons[wid], band=band)
    if win is None:
        return None
    ca, nd, band_nd, _ = win
    minus = 5 if st.ca_options.ca_shot_damage == "band_minus_5" else 0
    armour, enc_ca = _armour_enc(st, v)
    plus = st.ca[s.id].profile.ranged[wid].bd - (band_nd - minus) - armour
    return attack_rows(ca - handicap, nd, plus, enc_ca, _sides(st))


@lru_cache(maxsize=8192)
def _float_blows(blow: Blow, n: int, start: Track, ph: int, grave_out: bool, pv: int
                 ) -> tuple[float, float, float]:
    """(P(out), P(dead), PV-equivalent lost) after the first ``n`` actions of ``blow``
    (the last one repeated past its end), in floats: positions are weighed thousands of
    times a decision, and an estimate needs no exact fraction."""
    seq = tuple(tuple(float(p) for p in blow[min(k, len(blow) - 1)]) for k in range(n))
    out = dead = loss = 0.0
    for track, q in outcomes(seq, start, ph, grave_out).items():
        status = track[4]
        loss += q * lost(track, start, ph) * pv / ph
        dead += q if status == 2 else 0.0
        out += q if status >= 1 and (start[4] == 0 or status == 2) else 0.0
    return out, dead, loss


def _hurts(seq: Blow) -> bool:
    return any(sum(r[2:]) for r in seq)  # a mark beyond étourdi is possible


class ClefsAiOdds:
    def strike(self, ctx: Ctx, f: Figure, t: Figure, weapon: str | None = None) -> ClefsStrike:
        blow = strike_blow(ctx, f, t, weapon if weapon is not None else best_melee(ctx, f))
        return ClefsStrike(harm(ctx, t, blow[:1]), blow)

    def shot(self, ctx: Ctx, s: Figure, weapon: str, t: Figure) -> ClefsShot:
        """As :func:`~skirmish.rules.clefs_aube.shooting.run_shot`: one roll per target of
        the chain (GAP-CA-21 handicaps), a blast's radius each with its encaissement, then
        the Skirmish "Subir un tir" tests (D-6)."""
        w = ctx.book.ranged_weapons[weapon]
        h = handicaps(ctx, s, 1)[0]
        targets = [ctx.fig(i) for i in chain(ctx, s, t, w)]
        seqs: dict[str, list[Rows]] = {}
        for i, x in enumerate(targets):
            if x.status != "in_play":
                continue
            victims = [x]
            if w.is_blast:
                r = float(w.blast_radius or 0)
                victims += [v for v in ctx.figures() if v is not x
                            and v.status in ("in_play", "out_of_action")
                            and math.dist(x.pos, v.pos) - v.radius <= r]
            for v in victims:
                rows = _shot_rows(ctx, s, x, v, weapon, h + targets_handicap(len(targets), i))
                if rows is not None:
                    seqs.setdefault(v.id, []).append(rows)
        harms = tuple(harm(ctx, ctx.fig(v), tuple(seq)) for v, seq in seqs.items())
        tests: list[odds.Test] = []
        if ctx.s.options.passive_actions.shot:
            for v in seqs:
                test = odds.shot_test(ctx, s, ctx.fig(v), w.force) if v != s.id else None
                if test is not None:
                    tests.append(test)
        return ClefsShot(harms, tuple(tests))

    def charge(self, ctx: Ctx, f: Figure, t: Figure) -> ClefsCharge:
        """GAP-CA-22: the Skirmish charge (reach, tests), then a Strike per PA left."""
        o = odds.charge_odds(ctx, f, t)
        strikes = f.pa - 1
        if strikes < 1:
            return ClefsCharge(o.p_contact, F0, None, o.p_charge_test, o.end)
        st = self.strike(ctx, f, t)
        seq = tuple(st.blow[min(k, len(st.blow) - 1)] for k in range(strikes))
        return ClefsCharge(o.p_contact, o.p_contact * harm(ctx, t, seq).p_out, st,
                           o.p_charge_test, o.end)

    def shot_blow(self, ctx: Ctx, s: Figure, t: Figure, weapon: str, *, walk_in: bool
                  ) -> Blow:
        band = "long" if walk_in else None
        out = []
        for h in handicaps(ctx, s):
            rows = _shot_rows(ctx, s, t, t, weapon, h, band)
            if rows is None:
                return ()
            out.append(rows)
        return tuple(out) if _hurts(tuple(out)) else ()

    def blows(self, ctx: Ctx, t: Figure, blow: Blow, n: int) -> tuple[float, float, float]:
        s = ca_state(ctx)
        return _float_blows(blow, n, _track(s, t), s.ca[t.id].profile.ph,
                            s.ca_options.ca_out_of_action == "grave", t.stats.pv)

    def health(self, ctx: Ctx, f: Figure) -> tuple[int, int]:
        """GAP-CA-9: Ph − PF(Ph) left of Ph (a critique ends the track too: nothing left)."""
        s = ca_state(ctx)
        ph = s.ca[f.id].profile.ph
        start = _track(s, f)
        grave_out = s.ca_options.ca_out_of_action == "grave"
        if start[3] or (grave_out and start[2]):
            return 0, ph
        return max(0, ph - start[0]), ph

    def spot_tests(self, ctx: Ctx, mover: Figure, path: tuple[tuple[float, float], ...]
                   ) -> list[odds.Test]:
        return odds.spot_tests(ctx, mover, path)


CLEFS_ODDS = ClefsAiOdds()
