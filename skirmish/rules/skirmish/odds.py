"""Exact odds of one action, read off the very functions the engine resolves it with.

Every number here is a :class:`~fractions.Fraction` computed from the dice (each face
1/6): to-hit from :func:`shooting.to_hit` and :func:`melee.ccc_need`, damage from the
rulebook's table and :func:`damage.effective_r`, Leadership tests as
:func:`morale.leadership_test` rolls them, reach from :func:`melee.charge_path`. The pure
arithmetic is memoised on its few integer inputs, so the AI may ask thousands of times.
Where the dice do not allow a closed form cheaply (rout tests of a very large band) the
answer is a seeded Monte-Carlo estimate, flagged ``exact=False`` with its standard error.
Pure queries: the game is never changed (a figure moved to test a step-back is put back).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from functools import lru_cache
from itertools import product

import msgspec

from skirmish.rules.frame.context import outranks
from skirmish.rules.frame.movement import ignores_difficult
from skirmish.rules.frame.queries import allies_within, engaged_with, gap, point_away
from skirmish.rules.frame.rout import rout_triggered
from skirmish.rules.geometry import CONTACT_GAP
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.damage import effective_r
from skirmish.rules.skirmish.melee import (
    best_melee,
    ccc_need,
    charge_path,
    newly_outranking,
    outranking_contacts,
    strike_force,
)
from skirmish.rules.skirmish.morale import hates_here
from skirmish.rules.skirmish.movement import _spot_candidates, keep_out_of_contact, run_allowance
from skirmish.rules.skirmish.queries import best_ranged_force
from skirmish.rules.skirmish.shooting import ENDS_BURST, chain, hit_need, to_hit
from skirmish.rules.skirmish.state import Figure

F0, F1 = Fraction(0), Fraction(1)
SIXTH = Fraction(1, 6)


# -- dice ------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def p_d6(need: int) -> Fraction:
    """P(d6 ≥ need) where a natural 1 always fails and a 6 always succeeds (GAP-26, GAP-49)."""
    need = min(6, max(2, need))
    return Fraction(7 - need, 6)


@lru_cache(maxsize=256)
def p_sum_at_most(n_dice: int, target: int) -> Fraction:
    """P(sum of ``n_dice`` d6 ≤ target): the Leadership test ([R-GEN-LD])."""
    faces = list(product(range(1, 7), repeat=n_dice))
    return Fraction(sum(1 for f in faces if sum(f) <= target), len(faces))


def p_leadership(ctx: Ctx, f: Figure, *, kind: str, against: Figure | None = None,
                 cd: int | None = None, dice: int = 2) -> Fraction:
    """P(pass) of :func:`morale.leadership_test` with the same inputs: Endurci passes
    (GAP-56), hatred passes all but rout tests and rerolls a failed rout test
    ([R-CAMP-INJ-61], GAP-67), passive tests add +1 per ally within 3 pas ([R-MORALE-ALLY])."""
    hates = hates_here(ctx, f, against)
    if f.hardened or (hates and kind != "rout"):
        return F1
    base = f.stats.cd if cd is None else cd
    need = base
    if kind == "passive":
        need += len(allies_within(ctx, f, 3.0))
    native = ctx.hooks.leadership_odds(ctx, f, bonus=need - base)
    if native is not None:  # the ruleset's own test (RULESETS §0.5 S12), as the engine rolls it
        return native
    p = p_sum_at_most(dice, need)
    if kind == "rout" and hates:
        p = p + (1 - p) * p
    return p


# -- damage and PV -----------------------------------------------------------------------
class Harm(msgspec.Struct, frozen=True):
    """What one figure may lose: ``pv_loss[k]`` = P(k PV lost), ``p_out`` = P(out of
    action or dead afterwards), ``p_dead`` = P(dead)."""

    figure: str
    pv_loss: dict[int, Fraction]
    p_out: Fraction
    p_dead: Fraction


def harm(f: Figure, p_damages: list[Fraction]) -> Harm:
    """Independent damage rolls landing on ``f`` with these chances ([R-DMG-PV],
    [R-WOUND-OOA], [R-WOUND-DEAD]; a potion soaks the first, GAP-51 a fallen figure dies)."""
    return _harm(f.id, f.pv, f.status, f.ignore_first_wound, tuple(p_damages))


@lru_cache(maxsize=4096)
def _harm(fid: str, pv: int, status: str, soak: bool, ps: tuple[Fraction, ...]) -> Harm:
    hits = {0: F1}
    for p in ps:
        nxt: dict[int, Fraction] = {}
        for k, q in hits.items():
            nxt[k] = nxt.get(k, F0) + q * (1 - p)
            nxt[k + 1] = nxt.get(k + 1, F0) + q * p
        hits = nxt
    loss: dict[int, Fraction] = {}
    p_out = p_dead = F0
    for k, q in hits.items():
        lost = max(0, k - 1) if soak and status == "in_play" else k
        loss[lost] = loss.get(lost, F0) + q
        if status == "out_of_action":
            if lost:
                p_out += q
                p_dead += q
        elif lost >= pv:
            p_out += q
            if lost > pv:
                p_dead += q
    return Harm(fid, {k: v for k, v in sorted(loss.items()) if v}, p_out, p_dead)


def damage_chance(ctx: Ctx, force: int, t: Figure, extra_r: int = 0) -> tuple[int, Fraction]:
    """[R-DMG-TABLE] the need and the chance of one damage roll, as :func:`damage_roll`."""
    need = ctx.book.damage.need(force, effective_r(t, extra_r))
    return need, p_d6(need)


# -- Strike ------------------------------------------------------------------------------------
class StrikeOdds(msgspec.Struct, frozen=True, kw_only=True):
    need: int
    bucklers: int
    force: int
    damage_need: int
    p_hit: Fraction
    p_damage: Fraction
    harm: Harm
    weapon: str | None

    @property
    def blow(self) -> Fraction:
        """P(one such strike costs a PV): the AI's estimates multiply it over the PA left."""
        return self.p_hit * self.p_damage


def strike_odds(ctx: Ctx, f: Figure, t: Figure, weapon: str | None = None, *,
                malus: bool | None = None) -> StrikeOdds:
    """[R-MELEE-HIT] [R-EQ-BUCKLER] (GAP-59: each buckler reroll must hit again)
    [R-MELEE-DMG]. ``malus`` forces the GAP-45 −1 R on or off (charge previews)."""
    weapon = weapon if weapon is not None else best_melee(ctx, f)
    need = ccc_need(f)
    bucklers = t.stats.bucklers if t.status == "in_play" else 0
    force = strike_force(ctx, f, weapon)
    extra = 0
    if malus is not None and malus != t.charged_malus:
        extra = -1 if malus else 1
    dn = ctx.book.damage.need(force, effective_r(t, extra))
    p_hit, p_dmg, hm = _strike_numbers(need, bucklers, dn, t.id, t.pv, t.status,
                                       t.ignore_first_wound)
    return StrikeOdds(need=need, bucklers=bucklers, force=force, damage_need=dn, p_hit=p_hit,
                      p_damage=p_dmg, harm=hm, weapon=weapon)


@lru_cache(maxsize=4096)
def _strike_numbers(need: int, bucklers: int, dn: int, fid: str, pv: int, status: str,
                    soak: bool) -> tuple[Fraction, Fraction, Harm]:
    p_hit = p_d6(need) ** (1 + bucklers)
    p_dmg = p_d6(dn)
    return p_hit, p_dmg, _harm(fid, pv, status, soak, (p_hit * p_dmg,))


# -- passive tests ---------------------------------------------------------------------------
class Test(msgspec.Struct, frozen=True):
    """One passive-action test an action may provoke: who takes it, why, P(pass)."""

    rule: str
    figure: str
    cause: str
    p_pass: Fraction


def shot_test(ctx: Ctx, s: Figure, t: Figure, force: int) -> Test | None:
    """[R-MORALE-SHOT] GAP-48 as :func:`reactions.run_shot_test` decides it."""
    if not ctx.s.options.passive_actions.shot or t.status != "in_play":
        return None
    own = best_ranged_force(ctx, t)
    if own is not None and force <= own:
        return None
    return Test("R-MORALE-SHOT", t.id, s.id,
                p_leadership(ctx, t, kind="passive", against=s, dice=ctx.s.options.shot_test_dice))


def spot_tests(ctx: Ctx, mover: Figure, path: tuple[tuple[float, float], ...]) -> list[Test]:
    """[R-MORALE-SPOT] the first-sighting tests a move along ``path`` would provoke, found
    with the engine's own search (:meth:`first_sighting`, every 0.25 pas, D-4); a test
    taken by the mover stops the move there, so none after it is listed."""
    from skirmish.rules.skirmish.movement import SPOT_STEP

    pairs = _spot_candidates(ctx, mover)
    out: list[Test] = []
    rest = tuple(path)
    level = None if mover.on_piece is None else ctx.table.piece_height(mover.on_piece)
    while pairs and len(rest) >= 2:
        others = [t if t.id != mover.id else s for t, s in pairs]
        hit = ctx.table.first_sighting(rest, mover.radius, [o.disc for o in others],
                                       [ctx.level(o) for o in others], SPOT_STEP, level=level)
        if hit is None:
            break
        seg, point, seen_now = hit
        now = [pairs[j] for j in seen_now]
        with _placed(ctx, mover, point):  # allies are counted where the test is taken
            for tester, seen in sorted(now, key=lambda p: p[0].id != mover.id):
                out.append(Test("R-MORALE-SPOT", tester.id, seen.id,
                                p_leadership(ctx, tester, kind="passive", against=seen)))
        if any(t.id == mover.id for t, _ in now):
            break
        pairs = [p for j, p in enumerate(pairs) if j not in set(seen_now)]
        rest = (point, *rest[seg + 1:])
    return out


# -- Shoot -------------------------------------------------------------------------------------
class ShotOdds(msgspec.Struct, frozen=True, kw_only=True):
    targets: tuple[str, ...]
    needs: tuple[int, ...]
    p_hit: tuple[Fraction, ...]  # P(this target is hit), the burst's end included
    harms: tuple[Harm, ...]
    taken_out: dict[int, Fraction]  # P(k figures out of action or dead)
    tests: tuple[Test, ...]
    p_weapon_lost: Fraction


def shot_odds(ctx: Ctx, s: Figure, weapon: str, target: Figure) -> ShotOdds:
    """[R-SHOOT-HIT] [R-SHOOT-DMG] [R-SHOOT-MULTI] (GAP-30, GAP-31 +1 R for later targets),
    blasts (GAP-32), misfires (GAP-49, [R-SHOOT-BP], [R-SHOOT-JAM]). The table gives the
    integers (to-hit and damage needs, each target's PV); the dice arithmetic on them is
    memoised in :func:`_burst_numbers`."""
    w = ctx.book.ranged_weapons[weapon]
    if w.is_blast:
        return _blast_odds(ctx, s, w, target)
    ids = chain(ctx, s, target, w)
    table = ctx.book.damage
    needs, dmg, who, tests = [], [], [], []
    for i, fid in enumerate(ids):  # a plain loop: this runs thousands of times per decision
        t = ctx.fig(fid)
        needs.append(hit_need(ctx, s, t, w) or 7)
        dmg.append(table.need(w.force, effective_r(t, 1 if i else 0)))  # GAP-31
        who.append((t.id, t.pv, t.status, t.ignore_first_wound))
        test = shot_test(ctx, s, t, w.force)
        if test is not None:
            tests.append(test)
    p_hit, harms, taken, p_lost = _burst_numbers(tuple(needs), tuple(dmg), w.misfire, tuple(who))
    return ShotOdds(targets=ids, needs=tuple(needs), p_hit=p_hit, harms=harms, taken_out=taken,
                    tests=tuple(tests), p_weapon_lost=p_lost)


Who = tuple[tuple[str, int, str, bool], ...]  # each target's (id, PV, status, potion)


@lru_cache(maxsize=8192)
def _burst_numbers(needs: tuple[int, ...], dmg: tuple[int, ...], misfire: str | None, who: Who
                   ) -> tuple[tuple[Fraction, ...], tuple[Harm, ...], dict[int, Fraction],
                              Fraction]:
    """The burst's arithmetic: P(hit) per target, its harm, P(k taken out), P(weapon lost).
    Walk the burst: each die is a 1 (misfire: the first may end it), a miss or a hit."""
    stop_on_one = _p_stop_on_misfire(misfire)
    lost_on_one = _p_lost_on_misfire(misfire)
    p_hit = [F0] * len(needs)
    p_lost = F0
    # state: (misfired already) -> probability the burst is still going
    going = {False: F1}
    for i, need in enumerate(needs):
        if need > 6:
            continue  # out of reach now: no die is rolled for it
        h = p_d6(need)
        nxt: dict[bool, Fraction] = {}
        for misfired, q in going.items():
            p_hit[i] += q * h
            nxt[misfired] = nxt.get(misfired, F0) + q * (1 - SIXTH)
            if misfired:
                nxt[True] = nxt.get(True, F0) + q * SIXTH
            else:
                p_lost += q * SIXTH * lost_on_one
                nxt[True] = nxt.get(True, F0) + q * SIXTH * (1 - stop_on_one)
        going = nxt
    harms = tuple(_harm(*t, (p_hit[i] * p_d6(dmg[i]),)) for i, t in enumerate(who))
    p_out_if_hit = [_harm(*t, (p_d6(dmg[i]),)).p_out for i, t in enumerate(who)]
    return tuple(p_hit), harms, _count_dist(needs, p_out_if_hit, stop_on_one), p_lost


def _p_stop_on_misfire(misfire: str | None) -> Fraction:
    """How likely the first natural 1 ends the burst: always, for a weapon with firing
    incidents (GAP-37 jam, GAP-35 black powder: ``shooting.ENDS_BURST``)."""
    return F1 if misfire in ENDS_BURST else F0


def _p_lost_on_misfire(misfire: str | None) -> Fraction:
    """P(the weapon is lost for good | first natural 1): explodes on 1, jams for good on 6."""
    return SIXTH if misfire in ("black_powder", "jam") else F0


def _count_dist(needs: tuple[int, ...], p_out_if_hit: list[Fraction], stop: Fraction
                ) -> dict[int, Fraction]:
    """P(k taken out) over the joint outcome of the burst: enumerate the dice categories
    (1 / miss / hit) target by target; damage rolls are independent given the hits."""
    n = len(needs)
    dist: dict[int, Fraction] = {}

    def walk(i: int, q: Fraction, misfired: bool, counts: dict[int, Fraction]) -> None:
        if i == n or not q:
            for k, v in counts.items():
                dist[k] = dist.get(k, F0) + q * v
            return
        if needs[i] > 6:
            walk(i + 1, q, misfired, counts)
            return
        h = p_d6(needs[i])
        po = p_out_if_hit[i]
        took = {k: F0 for k in range(len(counts) + 1)}
        for k, v in counts.items():
            took[k] += v * (1 - po)
            took[k + 1] += v * po
        walk(i + 1, q * h, misfired, took)
        walk(i + 1, q * (1 - h - SIXTH), misfired, counts)
        if misfired:
            walk(i + 1, q * SIXTH, True, counts)
        else:
            walk(i + 1, q * SIXTH * (1 - stop), True, counts)
            if stop:  # the burst ends here: what was hit so far still counts
                for k, v in counts.items():
                    dist[k] = dist.get(k, F0) + q * SIXTH * stop * v

    walk(0, F1, False, {0: F1})
    return {k: v for k, v in sorted(dist.items()) if v}


def _blast_odds(ctx: Ctx, s: Figure, w: object, t: Figure) -> ShotOdds:
    """GAP-32: one to-hit die; on a hit every figure within the radius takes a damage roll
    (GAP-33's scatter house option is not in these odds: a miss then lands elsewhere)."""
    need = to_hit(ctx, s, t, w).need or 7  # type: ignore[arg-type]
    h = p_d6(need) if need <= 6 else F0
    radius = float(getattr(w, "blast_radius", 0) or 0)
    force = getattr(w, "force", 0)
    victims = [f for f in ctx.figures() if f.status in ("in_play", "out_of_action")
               and math.dist(t.pos, f.pos) - f.radius <= radius]
    harms = []
    count = {0: F1}
    for v in victims:
        _, pd = damage_chance(ctx, force, v)
        po = harm(v, [pd]).p_out
        harms.append(harm(v, [h * pd]))
        nxt: dict[int, Fraction] = {}
        for k, q in count.items():
            nxt[k] = nxt.get(k, F0) + q * (1 - po)
            nxt[k + 1] = nxt.get(k + 1, F0) + q * po
        count = nxt
    taken = {k: h * q for k, q in count.items()}
    taken[0] = taken.get(0, F0) + (1 - h)
    tested = [t] + [v for v in victims if v is not t and v is not s]
    tests = [shot_test(ctx, s, x, force) for x in tested]
    return ShotOdds(targets=tuple(v.id for v in victims), needs=(need,),
                    p_hit=tuple(h for _ in victims), harms=tuple(harms),
                    taken_out={k: v for k, v in sorted(taken.items()) if v},
                    tests=tuple(x for x in tests if x is not None),
                    p_weapon_lost=SIXTH * _p_lost_on_misfire(getattr(w, "misfire", None)))


# -- Charge ------------------------------------------------------------------------------------
class ChargeOdds(msgspec.Struct, frozen=True, kw_only=True):
    p_charge_test: Fraction | None  # P(the charger passes its Charge test), if it takes one
    p_charged_test: Fraction | None  # P(the target passes "Être chargé"), if it takes one
    reaches_now: bool  # a path to contact within the Run allowance exists as things stand
    p_contact: Fraction  # P(the charge ends in contact)
    p_malus: Fraction  # P(contact with the target at −1 R, GAP-45)
    strike: StrikeOdds | None  # one strike after contact (none if no PA is left)
    p_out: Fraction  # P(the target is out of action after the charge and every PA left struck)
    tests: tuple[Test, ...] = ()
    end: tuple[float, float] | None = None  # where the planned charge ends, if it has a path


#: Charge odds remembered, at most (then the memo starts afresh).
CHARGE_MEMO_SIZE = 4096
_STATE_BYTES = msgspec.msgpack.Encoder()
_charge_memo: dict[tuple[object, ...], tuple[object, ChargeOdds]] = {}


def charge_odds(ctx: Ctx, f: Figure, t: Figure) -> ChargeOdds:
    """:func:`plan_charge_odds`, remembered: the computer players and the previews ask
    the same charge again in the same position (a preview and its action, a look-ahead's
    copies of one game, one decision after another while nothing moves).

    Safe: the odds read nothing but the game state, the table and the rulebook (the dice
    are never rolled, and a figure moved to try a step back is put back). The key is the
    whole state encoded (every figure's position, standing, PA, sightings and so on, the
    options, the ruleset), bit for bit, with the table itself and the two figures' ids;
    the rulebook must be the very one the answer was worked out with. Figures that are
    not the state's own are not remembered."""
    if ctx.s.figures.get(f.id) is not f or ctx.s.figures.get(t.id) is not t:
        return plan_charge_odds(ctx, f, t)
    key = (ctx.table, f.id, t.id, _STATE_BYTES.encode(ctx.s))
    found = _charge_memo.get(key)
    if found is not None and found[0] is ctx.book:
        return found[1]
    if len(_charge_memo) >= CHARGE_MEMO_SIZE:
        _charge_memo.clear()
    o = plan_charge_odds(ctx, f, t)
    _charge_memo[key] = (ctx.book, o)
    return o


def plan_charge_odds(ctx: Ctx, f: Figure, t: Figure) -> ChargeOdds:
    """[R-ACT-CHARGE] GAP-39/44/45, D-5, as :func:`melee.run_charge` plays it: the
    Charge test (against every outranking enemy the charge end contacts), "Être chargé"
    (fail → 5–6 may step back 1d3 pas, else −1 R), the path, Spot tests that would stop
    the charger on the way, then a Strike for every PA left. A step back is assumed
    taken (the decision's default); the move is then planned again for each 1d3, and an
    outranking enemy that the new end touches but the declaration's Charge test was not
    taken for calls for a Charge test first (D-5; failed, GAP-44's move away, no contact).
    Only the declared target's step back is followed: other contacts' "Être chargé" tests
    are listed in ``tests`` but their step backs are not. The previews and the computer
    players read these same numbers: a step back that a wall cuts short, or a Spot test
    on the re-planned way, is only seen by planning the charge again."""
    pa = ctx.s.options.passive_actions
    tests: list[Test] = []
    p_ct = p_cd = None
    go = F1
    above = outranking_contacts(ctx, f, t) if pa.charge else []
    if above:  # D-5: one test against the highest of the outranking enemies contacted
        p_ct = p_leadership(ctx, f, kind="passive", against=above[0])
        tests.append(Test("R-MORALE-CHARGE", f.id, above[0].id, p_ct))
        go = p_ct
    allowance = run_allowance(f)
    path = charge_path(ctx, f, t, allowance) if t.status == "in_play" else None
    stays = _reach(ctx, f, t, allowance, path)
    reach = F1 if stays else F0
    # (probability, P(reach) in it, malus) branches after the target's test
    branches: list[tuple[Fraction, Fraction, bool]] = []
    if pa.charged and outranks(f, t):
        p_cd = p_leadership(ctx, t, kind="passive", against=f)
        tests.append(Test("R-MORALE-CHARGED", t.id, f.id, p_cd))
        fail = 1 - p_cd
        branches.append((p_cd, reach, False))
        if engaged_with(ctx, t):
            branches.append((fail, reach, True))
        else:
            branches.append((fail * Fraction(2, 3), reach, True))
            faced = tuple(e.id for e in above)
            for d in (1, 2, 3):
                reach_d, full = _reach_after_step_back(ctx, f, t, float(d), allowance,
                                                       faced, tests)
                branches.append((fail * Fraction(1, 9), reach_d, not full))
    else:
        branches.append((F1, reach, False))
    p_contact = go * sum((q * r for q, r, _ in branches), F0)
    p_malus = go * sum((q * r for q, r, m in branches if m), F0)
    strike = None
    p_out = F0
    strikes = f.pa - 1  # the Charge costs 1 PA; every PA left may Strike
    if strikes >= 1:
        plain = strike_odds(ctx, f, t, malus=False)
        worse = strike_odds(ctx, f, t, malus=True)
        strike = plain
        p_out = ((p_contact - p_malus) * harm(t, [plain.p_hit * plain.p_damage] * strikes).p_out
                 + p_malus * harm(t, [worse.p_hit * worse.p_damage] * strikes).p_out)
    end = None if path is None else path.points[-1]
    if end is not None and pa.charged:
        for e in ctx.in_play():
            if (e.band != f.band and e.id != t.id and outranks(f, e) and not e.charged_malus
                    and math.dist(end, e.pos) - (f.base + e.base) / 2 <= CONTACT_GAP):
                tests.append(Test("R-MORALE-CHARGED", e.id, f.id,
                                  p_leadership(ctx, e, kind="passive", against=f)))
    return ChargeOdds(p_charge_test=p_ct, p_charged_test=p_cd, reaches_now=stays,
                      p_contact=p_contact, p_malus=p_malus, strike=strike, p_out=p_out,
                      tests=tuple(tests), end=end)


_UNSET = object()


def _reach(ctx: Ctx, f: Figure, t: Figure, allowance: float, path: object = _UNSET) -> bool:
    """A path to contact exists and no Spot test of the charger's stops it on the way."""
    if path is _UNSET:
        path = charge_path(ctx, f, t, allowance) if t.status == "in_play" else None
    if path is None:
        return False
    stops = [x for x in spot_tests(ctx, f, tuple(path.points)) if x.figure == f.id]
    return not stops or _at_end(ctx, f, path, stops)


def _at_end(ctx: Ctx, f: Figure, path: object, stops: list[Test]) -> bool:
    """A mover's Spot test triggered only at the very end of the path does not stop it."""
    from skirmish.rules.skirmish.movement import SPOT_STEP

    pts = tuple(path.points)  # type: ignore[attr-defined]
    pairs = [p for p in _spot_candidates(ctx, f) if p[0].id == f.id]
    others = [s for _, s in pairs]
    level = None if f.on_piece is None else ctx.table.piece_height(f.on_piece)
    hit = ctx.table.first_sighting(pts, f.radius, [o.disc for o in others],
                                   [ctx.level(o) for o in others], SPOT_STEP, level=level)
    if hit is None:
        return True
    seg, point, _ = hit
    rest = (point, *pts[seg + 1:])
    return sum(math.dist(rest[i], rest[i + 1]) for i in range(len(rest) - 1)) <= 1e-6


def _reach_after_step_back(ctx: Ctx, f: Figure, t: Figure, d: float, allowance: float,
                           faced: tuple[str, ...], tests: list[Test]
                           ) -> tuple[Fraction, bool]:
    """Move ``t`` back ``d`` pas as :func:`melee.run_step_back` would, plan the charge
    again as :func:`melee._charge_move` does (a Charge test first for an outranking enemy
    its new end touches that is not in ``faced``, D-5; added to ``tests``), put ``t``
    back. Returns (P(the charge reaches), the step back went its full distance)."""
    path = ctx.table.move_straight(t.disc, point_away(t, f.pos), d, ctx.obstacles(t),
                                   ignores_difficult(t))
    path = keep_out_of_contact(ctx, t, path)
    full = path.cost >= d - 1e-6
    with _placed(ctx, t, path.end):
        plan = charge_path(ctx, f, t, allowance)
        if not _reach(ctx, f, t, allowance, plan):
            return F0, full
        new = newly_outranking(ctx, f, plan.end, faced) \
            if ctx.s.options.passive_actions.charge else []
        if not new:
            return F1, full
        p = p_leadership(ctx, f, kind="passive", against=new[0])
        if all((x.rule, x.cause) != ("R-MORALE-CHARGE", new[0].id) for x in tests):
            tests.append(Test("R-MORALE-CHARGE", f.id, new[0].id, p))
        return p, full


@contextmanager
def _placed(ctx: Ctx, f: Figure, at: tuple[float, float]) -> Iterator[None]:
    """``f`` stands at ``at`` for the duration of a question, then goes back."""
    x, y = f.x, f.y
    f.x, f.y = float(at[0]), float(at[1])
    ctx.moved()
    try:
        yield
    finally:
        f.x, f.y = x, y
        ctx.moved()


# -- rout --------------------------------------------------------------------------------------
class RoutOdds(msgspec.Struct, frozen=True):
    band: str
    tested: bool
    routing: dict[int, Fraction | float]  # P(k figures start routing)
    p_any: Fraction | float
    exact: bool = True
    stderr: float = 0.0


MAX_EXACT_TESTERS = 12
ROUT_SAMPLES = 20_000


def rout_odds(ctx: Ctx, band: str, *, seed: int = 0) -> RoutOdds:
    """[R-END-ROUT] the tests ``band`` would take if the turn ended now, in the engine's
    order (best Cd first), each borrowing the best Cd of an ally within 4 pas that has
    not failed (GAP-54, D-9). Exact over every pass/fail pattern up to 12 testers; past
    that a seeded Monte-Carlo estimate (``exact=False``, ``stderr`` of ``p_any``)."""
    if rout_triggered(ctx, band) is None:
        return RoutOdds(band, False, {0: F1}, F0)
    testers = [f for f in ctx.band_figures(band) if f.status == "in_play" and not f.routing]
    testers.sort(key=lambda f: -f.stats.cd)
    enemy_bands = {b.id for b in ctx.s.bands if b.id != band}

    def lender_of(f: Figure, failed: frozenset[str]) -> Figure | None:
        lender = None
        for a in ctx.band_figures(band):
            if a.id == f.id or a.status != "in_play" or a.routing or a.id in failed:
                continue
            if a.stats.cd > (lender.stats.cd if lender else f.stats.cd) and gap(f, a) < 4.0:
                lender = a
        return lender

    # Only the allies who could lend ``f`` their Cd (a better one, within 4 pas) change its
    # odds: with those of them who failed as the key, the walks below, which ask the same
    # figure again under thousands of patterns of failures, work each answer out once.
    lenders = {f.id: frozenset(a.id for a in ctx.band_figures(band) if a.id != f.id
                               and a.stats.cd > f.stats.cd and gap(f, a) < 4.0)
               for f in testers}
    known: dict[tuple[str, frozenset[str]], Fraction] = {}

    def p_pass(f: Figure, failed: frozenset[str]) -> Fraction:
        key = (f.id, failed & lenders[f.id])
        if key not in known:
            lender = lender_of(f, key[1])
            against = None
            if f.hates in enemy_bands:
                against = next((e for e in ctx.figures() if e.band == f.hates), None)
            known[key] = p_leadership(ctx, f, kind="rout", against=against,
                                      cd=lender.stats.cd if lender else None)
        return known[key]

    if len(testers) <= MAX_EXACT_TESTERS:
        dist: dict[int, Fraction] = {}

        def walk(i: int, failed: frozenset[str], q: Fraction) -> None:
            if i == len(testers):
                dist[len(failed)] = dist.get(len(failed), F0) + q
                return
            p = p_pass(testers[i], failed)
            if p:
                walk(i + 1, failed, q * p)
            if p != 1:
                walk(i + 1, failed | {testers[i].id}, q * (1 - p))

        walk(0, frozenset(), F1)
        return RoutOdds(band, True, dict(sorted(dist.items())), 1 - dist.get(0, F0))
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    for _ in range(ROUT_SAMPLES):
        failed: frozenset[str] = frozenset()
        for f in testers:
            if rng.random() >= float(p_pass(f, failed)):
                failed = failed | {f.id}
        counts[len(failed)] = counts.get(len(failed), 0) + 1
    p_any = 1 - counts.get(0, 0) / ROUT_SAMPLES
    return RoutOdds(band, True, {k: v / ROUT_SAMPLES for k, v in sorted(counts.items())}, p_any,
                    exact=False, stderr=math.sqrt(p_any * (1 - p_any) / ROUT_SAMPLES))
