"""Exact odds of WFRP actions (RULESETS §0.5 S14): a d100 test is P(d100 ≤ x) = x / 100
(clamped to 0..100); an attack's outcome is enumerated over every successful roll (its
reversed value gives the location and so the AP), the damage d10, Ulric's confirmation and
its d10, and the critical's d100 + 10 × CV — exactly, as fractions, then kept by the
numbers that decide it (one attack's odds are asked thousands of times by the computer).

The target's defence is the one it would choose by default (its best free parry or
dodge); a figure about to be killed spends its Destin (GAP-WF-12)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.outcome import Harm, Outcome
from skirmish.rules.wfrp2.actions import check, shots
from skirmish.rules.wfrp2.combat import CRIT_OUT, CRIT_STUNNED, defences
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.profile import LOCATIONS, WfWeapon, location_of, reverse
from skirmish.rules.wfrp2.state import WfFigure

ATTACKS = frozenset({"strike", "shoot", "charge", "rapide", "brutale", "prudente"})


def p_test(need: int) -> Fraction:
    """[WF-ATK-ROLL] P(d100 ≤ need)."""
    return Fraction(max(0, min(100, need)), 100)


@cache
def _location_counts(need: int) -> tuple[int, ...]:
    """How many of the successful rolls 1..need land on each location ([WF-LOC])."""
    counts = dict.fromkeys(LOCATIONS, 0)
    for v in range(1, max(0, min(100, need)) + 1):
        counts[location_of(reverse(v))] += 1
    return tuple(counts[loc] for loc in LOCATIONS)


#: [WF-LOC] a location's share of a d100 of its own (a blast, an automatic hit).
_OWN_ROLL = (15, 20, 20, 25, 10, 10)


@lru_cache(maxsize=1 << 16)
def attack(need: int, auto: bool, defence: int, damage: int, unarmed: bool, be: int,
           ap: tuple[int, ...], b: int, reference: int, helpless: bool, ulric_written: bool,
           crit_house: bool, destin: bool, at: int = -1
           ) -> tuple[Fraction, Fraction, Fraction, Fraction, Fraction]:
    """(P(hit), P(it loses B or, helpless, dies), P(out of action or dead), P(dead),
    expected B lost) of one attack: ``need`` its target %, ``defence`` the target's
    defence % (0: none), ``b`` B left, ``reference`` what a critical exceeds (GAP-WF-10);
    ``at`` the index of the location a hit already rolled has struck (-1: not yet)."""
    if at >= 0:
        weights = [Fraction(int(i == at)) for i in range(len(LOCATIONS))]
        hit = Fraction(1)
    elif auto:
        weights = [Fraction(n, 100) for n in _OWN_ROLL]
        hit = Fraction(1)
    else:
        counts = _location_counts(need)
        weights = [Fraction(n, 100) for n in counts]
        hit = p_test(need)
    through = 1 - p_test(defence) if defence else Fraction(1)
    confirm = Fraction(1, 100) if ulric_written else p_test(need)
    wound = out = dead = loss = Fraction(0)
    for share, ap_here in zip(weights, ap, strict=True):
        if not share:
            continue
        armour = ap_here * (2 if unarmed else 1)
        for total, p in _damage_totals(damage, confirm, helpless):
            lost = max(0, total - be - armour)
            if not lost:
                continue
            q = share * through * p
            wound += q
            if helpless:
                out += q
                dead += q * (0 if destin else 1)
                continue
            loss += q * min(lost, b)
            excess = lost - reference
            if excess > 0:
                k_out, k_dead = _critical(min(10, excess), crit_house, destin)
                out += q * k_out
                dead += q * k_dead
    return hit, wound, out, dead, loss


def _damage_totals(damage: int, confirm: Fraction, helpless: bool
                   ) -> list[tuple[int, Fraction]]:
    """1d10 + damage, Ulric's 1d10 on a 10 that is confirmed, + 1d10 on the helpless."""
    out: dict[int, Fraction] = {}
    tenth = Fraction(1, 10)
    for d in range(1, 11):
        extras = [(0, Fraction(1))]
        if d == 10:
            extras = [(0, 1 - confirm)] + [(u, confirm * tenth) for u in range(1, 11)]
        for extra, p in extras:
            for h in (range(1, 11) if helpless else (0,)):
                ph = tenth if helpless else Fraction(1)
                total = d + damage + extra + h
                out[total] = out.get(total, Fraction(0)) + tenth * p * ph
    return sorted(out.items())


def _critical(cv: int, house: bool, destin: bool) -> tuple[Fraction, Fraction]:
    """(P(out of action or dead), P(dead)) after a critical of value ``cv`` (GAP-WF-9)."""
    if not house:
        return Fraction(1), Fraction(0)
    bonus = 10 * cv
    stunned = max(0, min(100, CRIT_STUNNED - bonus))
    killed = max(0, min(100, 100 + bonus - CRIT_OUT))
    p_dead = Fraction(killed, 100)
    return 1 - Fraction(stunned, 100), Fraction(0) if destin else p_dead


def attack_odds(ctx: WfCtx, f: WfFigure, t: WfFigure, w: WfWeapon, need: int, *,
                undefendable: bool = False, defence: int | None = None, at: int = -1
                ) -> Harm:
    """What one attack of ``f`` at ``t`` with ``w`` does, at ``need`` %; ``defence`` the
    target's defence % when it is known (else the one it would choose by default), ``at``
    the location a hit already rolled has struck."""
    helpless = t.status == "out_of_action"
    if defence is None and (undefendable or helpless or (f.feinted == t.id)):
        defence = 0
    if defence is None:
        options = [n for k, n in defences(t, shot=w.ranged, allow_shots=ctx.s.wf.wf_dodge_shots)
                   if not k.endswith("_fortune")]
        defence = max(options, default=0)
    wf = ctx.s.wf
    reference = t.b if wf.wf_critical_against == "remaining" else t.profile.b
    _, wound, out, dead, loss = attack(
        need, helpless and not w.ranged, defence, w.damage, w.unarmed, t.profile.be,
        tuple(t.profile.ap[loc] for loc in LOCATIONS), t.b, reference, helpless,
        wf.wf_ulric == "as_written", wf.wf_critical == "house",
        wf.wf_destin and t.destin > 0, at)
    share = float(loss) / t.profile.b if t.profile.b else 0.0
    return Harm(figure=t.id, p_wound=float(wound), p_out=float(out), p_dead=float(dead),
                loss=share)


def odds(ctx: WfCtx, cmd: c.Command) -> Outcome | None:
    """S14 for ``cmd`` now: an attack's hit and harm, per attack; an Attaque rapide along
    a chain of targets one harm per shot (the first target's for the shots left over,
    each shot's odds as if it came first); a Soins test; None for a command with no roll
    of its own, or an illegal one."""
    if ctx.s.active is None or getattr(cmd, "figure", None) != ctx.s.active or (
            c.action_kind(cmd) not in ATTACKS and c.action_kind(cmd) != "medikit"):
        return None
    f = ctx.fig(ctx.s.active)
    try:
        a = check(ctx, f, cmd)
    except IllegalCommand:
        return None
    if a.action in ATTACKS and a.target is not None and a.weapon is not None:
        harm = attack_odds(ctx, f, a.target, a.weapon, a.need)
        auto = a.target.status == "out_of_action" and not a.weapon.ranged
        p = 1.0 if auto else float(p_test(a.need))
        if a.action != "rapide":
            return Outcome(p_success=p, harms=(harm,))
        n = shots(f, a)
        if not a.chain:
            return Outcome(p_success=p, harms=(harm,), attacks=n)
        further = tuple(attack_odds(ctx, f, t, a.weapon, need) for t, need, _ in a.chain)
        return Outcome(p_success=p, harms=(harm, *further) + (harm,) * (n - 1 - len(further)))
    if a.action == "medikit":
        return Outcome(p_success=float(p_test(f.profile.int_ + 20)))
    return None
