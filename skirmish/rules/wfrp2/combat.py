"""Resolving one attack (RULESETS §1.d): the to-hit roll, the target's parry or dodge
(a decision it owes, S7), Fortune rerolls that name the roll they replace (S8), and the
damage pipeline — location by the reversed roll, 1d10 + the weapon's damage, Ulric's
Fury, − BE − AP, Blessures, the [HOUSE] critical and Destin ([WF-ATK-ROLL], [WF-LOC],
[WF-DMG], [WF-ULRIC], [WF-CRIT], [WF-FATE], [WF-HELPLESS])."""

from __future__ import annotations

import msgspec

from skirmish.content.models import Rank
from skirmish.rules.events import (
    Killed,
    Opposition,
    OutOfAction,
    StatusChanged,
    WfDamage,
    Wounded,
)
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.decisions import FORTUNE, ask
from skirmish.rules.wfrp2.passive import exposed
from skirmish.rules.wfrp2.profile import WfWeapon, location_of, reverse
from skirmish.rules.wfrp2.state import Attack, WfFigure

#: [GAP-WF-9] the [HOUSE] critical: d100 + 10 × CV up to this is Assommé, then out of
#: action up to :data:`CRIT_OUT`, beyond it killed.
CRIT_STUNNED = 60
CRIT_OUT = 100
#: The defence prompt's options, by the defence they try (GAP-WF-7).
DEFENCE_LABELS = {"parry": "wf_opt_parry", "dodge": "wf_opt_dodge",
                  "parry_fortune": "wf_opt_parry_fortune", "dodge_fortune": "wf_opt_dodge_fortune"}


def weapon_of(f: WfFigure, wid: str) -> WfWeapon:
    return next(w for w in f.profile.weapons if w.id == wid)


# -- defences (GAP-WF-7) ---------------------------------------------------------------------
def defences(t: WfFigure, *, shot: bool, allow_shots: bool) -> list[tuple[str, int]]:
    """The parries and dodges ``t`` may try now, with their target %: each once a round
    (a Parade taken, or the free left-hand parry), again for 1 Fortune; none after its
    own Attaque brutale, while Assommé, or against shots (GAP-WF-7 (b): dodge them)."""
    if t.status != "in_play" or t.brutale or t.stunned or (shot and not allow_shots):
        return []
    bonus = 10 if t.prudente else 0
    parry = min(99, t.profile.cc + bonus)
    dodge = min(99, t.profile.ag + bonus)
    parry_free = not shot and (t.parade or (t.profile.left_hand != "none" and not t.free_parry))
    out: list[tuple[str, int]] = []
    if parry_free:
        out.append(("parry", parry))
    if t.profile.esquive and not t.dodged:
        out.append(("dodge", dodge))
    if t.fortune > 0:
        if not shot and not parry_free and t.profile.left_hand != "none":
            out.append(("parry_fortune", parry))
        if t.profile.esquive and t.dodged:
            out.append(("dodge_fortune", dodge))
    return out


def _spend_defence(t: WfFigure, kind: str) -> None:
    if kind == "parry":
        if t.parade:
            t.parade = False
        else:
            t.free_parry = True
    elif kind == "dodge":
        t.dodged = True
    else:
        t.fortune -= 1


# -- the attack machine -------------------------------------------------------------------------
def run_attack(ctx: WfCtx, step: Attack) -> None:
    """One stage of ``step``; a stage that needs an answer parks the step (S7)."""
    f, t = ctx.fig(step.attacker), ctx.fig(step.target)
    if step.stage == "damage":
        damage(ctx, step)
        return
    if step.stage == "destin":
        _destin_answered(ctx, step)
        return
    if step.stage in ("defend", "defence_reroll"):
        _defence(ctx, step)
        return
    if f.status != "in_play" or t.status not in ("in_play", "out_of_action") or (
            not step.melee and t.status != "in_play"):
        return  # the attacker fell before its blow, or the target is gone (shots: fallen)
    if step.melee and t.status == "out_of_action":
        step = msgspec.structs.replace(step, auto=True)  # GAP-WF-19: Sans défense
    if step.auto:
        _hit(ctx, step)
        return
    params = {"figure": f.id, "target": t.id, "weapon": step.weapon}
    if step.stage == "reroll":
        if step.choice != "reroll":
            return
        f.fortune -= 1
        value, roll = ctx.d100(rule="WF-FORTUNE", key="wf_lbl_reroll", params={"figure": f.id},
                               need=step.need, figure=f.id, target=t.id, inputs=step.inputs,
                               locate=True, replaces=step.roll, paid={"fortune": 1})
        if value <= step.need:
            _hit(ctx, msgspec.structs.replace(step, roll=roll, value=value, choice=None))
        return
    value, roll = ctx.d100(rule=step.rule, key="wf_lbl_attack", params=params, need=step.need,
                           figure=f.id, target=t.id, inputs=step.inputs, locate=True)
    step = msgspec.structs.replace(step, roll=roll, value=value)
    if value <= step.need:
        _hit(ctx, step)
    elif f.fortune > 0:
        _ask_reroll(ctx, msgspec.structs.replace(step, stage="reroll"), f, value, step.need)


def _ask_reroll(ctx: WfCtx, step: Attack, f: WfFigure, value: int, need: int) -> None:
    """[WF-FORTUNE] a failed test may be rerolled for 1 Fortune."""
    ask(ctx, step, band=f.band, kind="wf_reroll", figure=f.id, prompt="wf_ask_reroll",
        params={"figure": f.id, "value": value, "need": need},
        options=[("keep", "wf_opt_keep", {}), ("reroll", "wf_opt_reroll", {})], default="keep",
        paid={"reroll": FORTUNE})


def _hit(ctx: WfCtx, step: Attack) -> None:
    """The attack hit: a blast hits every base in its radius; a melee blow may be parried
    or dodged (a shot too with GAP-WF-7 (b)); else the damage."""
    t = ctx.fig(step.target)
    if step.blast is not None:
        caught = [g for g in ctx.figures() if g.status in ("in_play", "out_of_action")
                  and _gap_to(g, t) <= step.blast]
        ctx.push(*(msgspec.structs.replace(step, target=g.id, stage="damage", value=0, choice=None)
                   for g in caught))
        return
    if step.undefendable or step.auto:
        ctx.push(msgspec.structs.replace(step, stage="damage", choice=None))
        return
    options = defences(t, shot=not step.melee, allow_shots=ctx.s.wf.wf_dodge_shots)
    if not options:
        ctx.push(msgspec.structs.replace(step, stage="damage", choice=None))
        return
    free = [o for o in options if not o[0].endswith("_fortune")]
    default = max(free, key=lambda o: o[1])[0] if free else "none"
    ask(ctx, msgspec.structs.replace(step, stage="defend", choice=None), band=t.band,
        kind="wf_defence", figure=t.id, prompt="wf_ask_defence",
        params={"figure": t.id, "enemy": step.attacker},
        options=[(k, DEFENCE_LABELS[k], {"need": n}) for k, n in options]
        + [("none", "wf_opt_no_defence", {})], default=default,
        paid={"parry_fortune": FORTUNE, "dodge_fortune": FORTUNE})


def _gap_to(g: WfFigure, centre: WfFigure) -> float:
    """A blast reaches a base it overlaps: centre to centre less the base's radius."""
    return ((g.x - centre.x) ** 2 + (g.y - centre.y) ** 2) ** 0.5 - g.radius


def _defence(ctx: WfCtx, step: Attack) -> None:
    t = ctx.fig(step.target)
    hit = msgspec.structs.replace(step, stage="damage", choice=None)
    if step.stage == "defence_reroll":
        if step.choice != "reroll":
            ctx.push(hit)
            return
        t.fortune -= 1
        value, _ = ctx.d100(rule="WF-FORTUNE", key="wf_lbl_reroll", params={"figure": t.id},
                            need=step.defence_need, figure=t.id, target=step.attacker,
                            inputs={"defence": step.defence}, replaces=step.defence_roll,
                            paid={"fortune": 1})
        if value > step.defence_need:
            ctx.push(hit)
        return
    kind = step.choice or "none"
    if kind == "none":
        ctx.push(hit)
        return
    options = dict(defences(t, shot=not step.melee, allow_shots=ctx.s.wf.wf_dodge_shots))
    need = options[kind]
    _spend_defence(t, kind)
    parry = kind.startswith("parry")
    inputs: dict[str, object] = {"cc" if parry else "ag": t.profile.cc if parry else t.profile.ag}
    if t.prudente:
        inputs["prudente"] = 10
    if kind.endswith("_fortune"):
        inputs["fortune"] = 1
    value, roll = ctx.d100(rule="GAP-WF-7", key="wf_lbl_parry" if parry else "wf_lbl_dodge",
                           params={"figure": t.id}, need=need, figure=t.id, target=step.attacker,
                           inputs=inputs, paid={"fortune": 1} if kind.endswith("_fortune") else None)
    if value <= need:
        return  # parried or dodged: the hit is cancelled
    if t.fortune > 0:
        _ask_reroll(ctx, msgspec.structs.replace(step, stage="defence_reroll", defence=kind,
                                                 defence_roll=roll, defence_need=need,
                                                 choice=None), t, value, need)
        return
    ctx.push(hit)


# -- damage ([WF-DMG]) ------------------------------------------------------------------------------
def damage(ctx: WfCtx, step: Attack) -> None:
    """Location, 1d10 + weapon damage (+ Ulric's Fury, + 1d10 on the Sans défense), − BE −
    AP (doubled against bare hands, [WF-UNARMED]); what is left comes off B; beyond the B
    left it is a critical (GAP-WF-10)."""
    f, t = ctx.fig(step.attacker), ctx.fig(step.target)
    if t.status not in ("in_play", "out_of_action"):
        return
    w = weapon_of(f, step.weapon)
    if step.value:
        where = location_of(reverse(step.value))
    else:  # a blast or an automatic hit: a d100 of its own ([WF-LOC])
        loc_value, _ = ctx.d100(rule="WF-LOC", key="wf_lbl_location", params={"figure": t.id},
                                need=None, figure=t.id, good_when_met=False)
        where = location_of(reverse(loc_value))
    params = {"weapon": step.weapon}
    d10 = ctx.d10(rule="WF-DMG", key="wf_lbl_damage", params=params, role="damage",
                  figure=f.id, target=t.id, inputs={"weapon_damage": w.damage})
    ulric = _ulric(ctx, step, f, t) if d10 == 10 else 0
    helpless = 0
    if t.status == "out_of_action":  # GAP-WF-19: Sans défense
        helpless = ctx.d10(rule="WF-HELPLESS", key="wf_lbl_helpless", params={}, role="damage",
                           figure=f.id, target=t.id)
    ap = t.profile.ap[where] * (2 if w.unarmed else 1)
    be = t.profile.be - exposed(ctx, step)  # GAP-45: a charge it could not step back from
    total = d10 + w.damage + ulric + helpless
    lost = max(0, total - be - ap)
    if t.status == "out_of_action":
        ctx.emit(WfDamage(rule="GAP-WF-19", figure=t.id, by=f.id, location=where, d10=d10,
                          weapon=w.damage, ulric=ulric, helpless=helpless, be=be,
                          ap=ap, total=total, lost=lost, b_left=t.b))
        if lost > 0:
            _killed_or_destin(ctx, step, t)
        return
    reference = t.b if ctx.s.wf.wf_critical_against == "remaining" else t.profile.b
    excess = lost - reference
    t.b = max(0, t.b - lost)
    ctx.emit(WfDamage(rule="WF-DMG", figure=t.id, by=f.id, location=where, d10=d10,
                      weapon=w.damage, ulric=ulric, helpless=0, be=be, ap=ap,
                      total=total, lost=lost, b_left=t.b, critical=max(0, excess)))
    if lost > 0:
        ctx.emit(Wounded(rule="WF-DMG", figure=t.id, by=f.id, pv=t.b))
    if excess > 0:
        _critical(ctx, step, f, t, min(10, excess))


def _ulric(ctx: WfCtx, step: Attack, f: WfFigure, t: WfFigure) -> int:
    """[WF-ULRIC] GAP-WF-8: a 10 on the damage die calls for a new attack roll at the same
    target %; if it succeeds (as written: if it shows 10), +1d10, once."""
    value, _ = ctx.d100(rule="GAP-WF-8", key="wf_lbl_ulric", params={}, need=step.need,
                        figure=f.id, target=t.id, inputs={"wf_ulric": ctx.s.wf.wf_ulric})
    confirmed = value == 10 if ctx.s.wf.wf_ulric == "as_written" else value <= step.need
    if not confirmed:
        return 0
    return ctx.d10(rule="WF-ULRIC", key="wf_lbl_ulric_d10", params={}, role="damage",
                   figure=f.id, target=t.id)


def _critical(ctx: WfCtx, step: Attack, f: WfFigure, t: WfFigure, cv: int) -> None:
    """[WF-CRIT] GAP-WF-9 [HOUSE]: the attacker rolls d100 + 10 × CV: ≤ 60 Assommé until the
    end of its next turn, 61–100 out of action, 101+ killed (Destin may save it)."""
    if ctx.s.wf.wf_critical == "out_of_action":
        fall(ctx, t, f, dead=False)
        return
    value, _ = ctx.d100(rule="GAP-WF-9", key="wf_lbl_critical",
                        params={"target": t.id, "bonus": 10 * cv}, need=None, figure=f.id,
                        target=t.id, inputs={"cv": cv}, good_when_met=False)
    total = value + 10 * cv
    if total <= CRIT_STUNNED:
        t.stunned = 1
        ctx.emit(StatusChanged(rule="WF-STUNNED", figure=t.id, status="stunned"))
    elif total <= CRIT_OUT:
        fall(ctx, t, f, dead=False)
    else:
        _killed_or_destin(ctx, step, t)


def _killed_or_destin(ctx: WfCtx, step: Attack, t: WfFigure) -> None:
    """[WF-FATE] GAP-WF-12: a figure about to be killed may spend 1 Destin to be out of
    action instead."""
    if ctx.s.wf.wf_destin and t.destin > 0:
        ask(ctx, msgspec.structs.replace(step, stage="destin", choice=None), band=t.band,
            kind="wf_destin", figure=t.id, prompt="wf_ask_destin", params={"figure": t.id},
            options=[("destin", "wf_opt_destin", {}), ("die", "wf_opt_die", {})],
            default="destin", paid={"destin": {"destin": 1}})
        return
    fall(ctx, t, ctx.fig(step.attacker), dead=True)


def _destin_answered(ctx: WfCtx, step: Attack) -> None:
    t, f = ctx.fig(step.target), ctx.fig(step.attacker)
    if step.choice == "destin":
        t.destin -= 1
        ctx.emit(StatusChanged(rule="WF-FATE", figure=t.id, status="destin_spent"))
        if t.status == "in_play":
            fall(ctx, t, f, dead=False)
        return
    fall(ctx, t, f, dead=True)


def fall(ctx: WfCtx, t: WfFigure, by: WfFigure, *, dead: bool) -> None:
    """§0.4: the figure is out of action, or dead; who downed it scores it ([R-VP-TABLE]);
    a Chef lost counts for rout this turn (GAP-52)."""
    was_down = t.status == "out_of_action"
    t.status = "dead" if dead else "out_of_action"
    t.downed_by, t.downed_by_band = by.id, by.band
    t.routing = False
    t.stunned = 0
    ctx.moved()
    if not was_down and Rank(t.rank) is Rank.CHEF:
        ctx.s.band(t.band).chef_lost_turn = ctx.s.turn
    if dead:
        ctx.emit(Killed(rule="GAP-WF-9", figure=t.id, by=by.id))
    else:
        ctx.emit(OutOfAction(rule="GAP-WF-9", figure=t.id, by=by.id))


# -- opposed tests (Feinte, Manœuvre) -----------------------------------------------------------
def opposed(ctx: WfCtx, f: WfFigure, t: WfFigure, action: str, rule: str) -> bool:
    """[WF-A-FEINTE] [WF-A-MANOEUVRE] an opposed CC test: the side that succeeds while the
    other fails wins; both succeeding, the larger margin under CC wins; otherwise, or
    level, the defender holds."""
    results = []
    for who, other in ((f, t), (t, f)):
        value, _ = ctx.d100(rule=rule, key="wf_lbl_opposed",
                            params={"figure": who.id, "action": action}, need=who.profile.cc,
                            figure=who.id, target=other.id, inputs={"cc": who.profile.cc})
        results.append((value <= who.profile.cc, who.profile.cc - value))
    (a_ok, a_margin), (d_ok, d_margin) = results
    wins = a_ok and (not d_ok or a_margin > d_margin)
    ctx.emit(Opposition(rule=rule, figures=(f.id, t.id), choices=(action, "cc"),
                        degrees=(a_margin if a_ok else None, d_margin if d_ok else None),
                        winner=f.id if wins else t.id, effect=0,
                        tie_break="defender holds"))
    return wins

