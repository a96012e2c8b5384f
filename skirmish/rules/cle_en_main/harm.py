"""Damage, vitality and incapacitation (RULESETS §2.d; [CM-DMG-BASE] [CM-DMG-HERO]
[CM-PROTECT] [CM-P-MEURTRIERE] [CM-P-MULTI] [CM-N-LEGERE] [CM-RANGED] [CM-VIT-LOSS]
[CM-MEP] [CM-SECOND] [CM-FIG-VIT]; GAP-CM-16, 17, 19, 20).

The damage of a hit is read from the winning throw, then worked out step by step into one
:class:`~skirmish.rules.events.DamageSteps`; :func:`suffer` takes it off vitality and, at
0, applies the figure's tier: mal en point with its two tests for a figure with the PJ
rules, death or unconsciousness for the rest of the game for the others.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import msgspec

from skirmish.rules.cle_en_main.profile import RULESET, CmWeapon
from skirmish.rules.cle_en_main.rolls import dice, skill_test
from skirmish.rules.cle_en_main.throws import Throw
from skirmish.rules.cle_en_main.work import Work
from skirmish.rules.events import DamageSteps, Killed, OutOfAction, TimedStatus

#: [CM-MEP] each wound beyond the one that made a figure mal en point: −5 to both tests.
WOUND_MALUS = -5
MEP = "CM-MEP"


@dataclass(frozen=True)
class Blow:
    """What a hit's damage is made of besides the winning throw: the weapon, the damage
    bonus, the primes and pénalités that change damage, a group's bonus ([CM-GROUP]) and
    ``full`` for a Zone's damage, never halved by Attaques multiples ([GAP-CM-21])."""

    weapon: CmWeapon
    bonus: int
    meurtriere: int = 0
    legere: int = 0
    multiple: bool = False
    group: int = 0
    full: bool = False


def _roll_damage_dice(w: Work, n: int, figure: str, rule: str) -> tuple[int, ...]:
    """``n`` new damage dice (role ``damage``), recorded as one roll."""
    if n <= 0:
        return ()
    return dice(w, n, rule=rule, key="cm_lbl_damage", params={"figure": figure},
                figure=figure, role="damage")


def damage(w: Work, won: Throw, blow: Blow, *, by: str, target: str,
           heroic_defence: int = 0) -> DamageSteps:
    """The damage a hit does to ``target`` (its vitality is not touched yet: heroism may
    cancel it, [GAP-CM-13]). ``won`` is the attacker's winning throw; ``heroic_defence``
    the defender's heroic die, taken off even when its Défense failed ([CM-PROTECT])."""
    o = w.cm.options
    read, dice = won.damage_dice(min(blow.weapon.dice, 3))
    extra = _roll_damage_dice(w, max(0, blow.weapon.dice - 3) + blow.meurtriere, by,
                              "CM-P-MEURTRIERE" if blow.meurtriere else "CM-DMG-BASE")
    rerolled: list[int] = []
    if blow.weapon.six_plus:  # [CM-RANGED] 6+: every 6 rerolled and added, again on a 6
        sixes = sum(1 for f in (*dice, *extra) if f == 6)
        while sixes:
            new = _roll_damage_dice(w, sixes, by, "CM-RANGED")
            rerolled.extend(new)
            sixes = sum(1 for f in new if f == 6)
    raw = sum(dice) + sum(extra) + sum(rerolled) + blow.bonus + won.heroic + blow.group
    protection = w.cmf(target).profile.protection
    halvings = ["legere"] * blow.legere + (["multiple"] if blow.multiple and not blow.full else [])
    if o.cem_halving == "after_protection":  # [GAP-CM-20] "après tous les autres calculs"
        amount = _halve(max(0, raw - protection - heroic_defence), len(halvings))
    else:
        amount = max(0, _halve(raw, len(halvings)) - protection - heroic_defence)
    return DamageSteps(
        rule="CM-DMG-BASE", ruleset=RULESET, figure=target, by=by, read=read,
        weapon_dice=dice, bonus=blow.bonus, extra=extra, heroic=won.heroic,
        rerolled=tuple(rerolled), group=blow.group, protection=protection,
        heroic_defence=heroic_defence, halvings=tuple(halvings), damage=amount,
        vitality=w.cmf(target).vitality)


def _halve(x: int, times: int) -> int:
    """Halved ``times`` times, each rounding up ([CM-N-LEGERE] [CM-P-MULTI])."""
    for _ in range(times):
        x = math.ceil(x / 2)
    return x


def suffer(w: Work, steps: DamageSteps) -> None:
    """[CM-VIT-LOSS] take ``steps.damage`` off vitality (recording the steps with the
    vitality left) and, at 0, the tier's fate ([CM-MEP] / [CM-SECOND] [CM-FIG-VIT])."""
    cf = w.cmf(steps.figure)
    before = cf.vitality
    cf.vitality = max(0, before - steps.damage)
    w.emit(msgspec.structs.replace(steps, vitality=cf.vitality))
    if steps.damage <= 0 or cf.dead:
        return
    cf.hurt_by = steps.by
    if cf.profile.pj_rules:
        if before > 0 and cf.vitality == 0:
            cf.mal_en_point = True
            w.emit(TimedStatus(rule="CM-MEP", figure=steps.figure, status="mal_en_point"))
            _mep_tests(w, steps.figure, steps.damage, steps.by)
        elif before == 0:
            cf.wounds += 1
            _mep_tests(w, steps.figure, steps.damage, steps.by)
    elif cf.vitality == 0:
        _npc_at_zero(w, steps.figure, steps.damage, steps.by)


def _mep_tests(w: Work, fid: str, dmg: int, by: str | None) -> None:
    """[CM-MEP] Résistance/(5 + damage): failed, in danger of death, dead at the end of the
    1d6-th following round; Volonté/(5 + damage): failed, unconscious for 2d6 rounds;
    −5 to both per wound beyond the first."""
    cf = w.cmf(fid)
    need = 5 + dmg
    mods = {"wounds": WOUND_MALUS * cf.wounds} if cf.wounds else {}
    _, alive = skill_test(w, fid, "resistance", need, mods, rule="CM-MEP")
    if not alive and cf.dies_at is None:
        n = _timer_die(w, fid, 1, "danger of death")
        cf.dies_at = w.round + n
        w.emit(TimedStatus(rule="CM-MEP", figure=fid, status="danger_of_death",
                           until=cf.dies_at))
    _, awake = skill_test(w, fid, "volonte", need, mods, rule="CM-MEP")
    if not awake:
        n = _timer_die(w, fid, 2, "unconscious")
        wakes = w.round + n
        if not cf.unconscious or (cf.wakes_at is not None and wakes > cf.wakes_at):
            fall_unconscious(w, fid, wakes, by, rule="CM-MEP")


def _timer_die(w: Work, fid: str, n: int, what: str) -> int:
    """[CM-MEP] 1d6 rounds to live, or 2d6 rounds unconscious."""
    faces = dice(w, n, rule=MEP, key="cm_lbl_timer", params={"figure": fid, "what": what},
                 figure=fid, role="white", result=None)
    return sum(faces)


def fall_unconscious(w: Work, fid: str, wakes_at: int | None, by: str | None, *,
                     rule: str) -> None:
    """Unconscious until the end of round ``wakes_at`` (None: the rest of the game); it
    drops what it holds ([CM-MEP]) and lies down (GAP-51)."""
    cf = w.cmf(fid)
    first = not cf.unconscious
    cf.unconscious, cf.wakes_at = True, wakes_at
    if first:
        cf.dropped = sorted({*cf.dropped, *cf.profile.weapons})
    w.emit(TimedStatus(rule=rule, figure=fid, status="unconscious", until=wakes_at))
    if first:
        w.emit(OutOfAction(rule=rule, figure=fid, by=by))


def _npc_at_zero(w: Work, fid: str, dmg: int, by: str | None) -> None:
    """[CM-SECOND] [CM-FIG-VIT] damage above Résistance kills; else unconscious for 2d6
    minutes, the rest of the game [GAP-CM-17]."""
    cf = w.cmf(fid)
    rule = "CM-SECOND" if cf.profile.tier != "figurant" else "CM-FIG-VIT"
    if dmg > cf.profile.resistance:
        kill(w, fid, by, rule=rule)
    elif not cf.unconscious:
        fall_unconscious(w, fid, None, by, rule=rule)


def kill(w: Work, fid: str, by: str | None, *, rule: str) -> None:
    cf = w.cmf(fid)
    cf.dead = True
    cf.unconscious, cf.wakes_at, cf.dies_at = False, None, None
    w.emit(Killed(rule=rule, figure=fid, by=by))
