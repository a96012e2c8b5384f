"""Exact odds of each answer to a decision owed inside a resolution (RULESETS §0.5 S7,
S14), so a player — the window's preview or the computer — weighs an answer as it weighs
an action: what the blow will do to the target if it parries, dodges or takes it (the hit
location is already known from the roll, [WF-LOC]); what a Fortune reroll of a failed
attack or defence gives ([WF-FORTUNE]); Destin against death (GAP-WF-12); a held half
action's blow ([WF-A-RETARDEMENT]) and a passed Spot test's free shot ([R-MORALE-SPOT]).
A Soins reroll states its chance to pass. An answer that changes no figure's fate (the
initiative's Fortune d10, keeping a held action) has no odds to state (None, not a sure
"success"): only what it costs tells it apart."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.outcome import Harm, Outcome
from skirmish.rules.wfrp2.actions import melee_need, shot_need
from skirmish.rules.wfrp2.combat import defences, weapon_of
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.odds import attack_odds, p_test
from skirmish.rules.wfrp2.profile import LOCATIONS, WfWeapon, location_of, reverse
from skirmish.rules.wfrp2.state import Attack, Heal, Held, Passive, WfFigure


def answer_odds(ctx: WfCtx, cmd: c.Choose) -> Outcome | None:
    """S14 for the answer ``cmd`` to the pending decision; None with none pending, an
    option it does not offer, or an answer that puts nothing to the dice."""
    p = ctx.s.pending
    if p is None or cmd.option not in {o.key for o in p.options}:
        return None
    step, key = p.resume, cmd.option
    if isinstance(step, Attack):
        return _attack_answer(ctx, step, key)
    if isinstance(step, Held):
        return _shot_or_blow(ctx, ctx.fig(p.figure or ""), ctx.fig(step.mover), key)
    if isinstance(step, Passive):  # [R-MORALE-SPOT] the free shot
        return _shot_or_blow(ctx, ctx.fig(step.figure), ctx.fig(step.cause), key)
    if isinstance(step, Heal) and key == "reroll":  # GAP-WF-21: the Soins test again
        return Outcome(p_success=float(p_test(step.need)))
    return None


def _attack_answer(ctx: WfCtx, step: Attack, key: str) -> Outcome | None:
    f, t = ctx.fig(step.attacker), ctx.fig(step.target)
    w = weapon_of(f, step.weapon)
    at = LOCATIONS.index(location_of(reverse(step.value))) if step.value else -1
    if step.stage == "reroll":  # the attacker's failed roll
        if key != "reroll":  # it stands: said in the reroll's terms, no hit, no harm
            return Outcome(p_success=0.0, harms=(Harm(figure=t.id, p_wound=0.0, p_out=0.0,
                                                      p_dead=0.0, loss=0.0),))
        return Outcome(p_success=float(p_test(step.need)),
                       harms=(attack_odds(ctx, f, t, w, step.need),))
    if step.stage == "defend":
        need = dict(defences(t, shot=not step.melee, allow_shots=ctx.s.wf.wf_dodge_shots)
                    ).get(key, 0)
        return _landing(ctx, f, t, w, step, need, at)
    if step.stage == "defence_reroll":
        need = step.defence_need if key == "reroll" else 0
        return _landing(ctx, f, t, w, step, need, at)
    if step.stage == "destin":
        dead = 0.0 if key == "destin" else 1.0
        return Outcome(p_success=1.0, harms=(Harm(figure=t.id, p_wound=1.0, p_out=1.0,
                                                  p_dead=dead, loss=0.0),))
    return None


def _landing(ctx: WfCtx, f: WfFigure, t: WfFigure, w: WfWeapon, step: Attack, need: int,
             at: int) -> Outcome:
    """A blow that has hit, against a defence of ``need`` % (0: none): its success is
    that it lands, as an attack's is (the window's "hit")."""
    return Outcome(p_success=float(1 - p_test(need)),
                   harms=(attack_odds(ctx, f, t, w, step.need, defence=need, at=at),))


def _shot_or_blow(ctx: WfCtx, h: WfFigure, mover: WfFigure, key: str) -> Outcome | None:
    """A blow or shot ``h`` may take at ``mover`` out of its turn: a held half action's,
    before the mover acts, or a passed Spot test's free shot."""
    kind, _, wid = key.partition(":")
    if kind not in ("strike", "shoot"):
        return None
    w = weapon_of(h, wid)
    try:
        need, _ = (melee_need(ctx, h, mover, w, "strike") if kind == "strike"
                   else shot_need(ctx, h, mover, w))
    except IllegalCommand:
        return None
    return Outcome(p_success=float(p_test(need)), harms=(attack_odds(ctx, h, mover, w, need),))
