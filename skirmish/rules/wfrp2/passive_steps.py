"""The resolution step of a passive test owed (:class:`~skirmish.rules.wfrp2.state.Passive`,
[R-MORALE-SPOT], [R-MORALE-SHOT]): the test (:mod:`.passive`) and, after a passed Spot
test, the free shot asked of its band — taken at once, outside the figure's turn, with no
half action, with any ranged weapon ready to fire that may shoot the enemy now (sight,
range, not engaged; GAP-46 (a))."""

from __future__ import annotations

from typing import Any

from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActionDeclared
from skirmish.rules.wfrp2 import passive
from skirmish.rules.wfrp2.actions import shot_need
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.decisions import ask
from skirmish.rules.wfrp2.profile import WfWeapon
from skirmish.rules.wfrp2.state import Attack, Passive, WfFigure


def free_shots(ctx: WfCtx, t: WfFigure, e: WfFigure) -> list[tuple[WfWeapon, int, dict[str, Any]]]:
    """The weapons ``t`` may shoot ``e`` with now, with each shot's need and inputs, the
    most damaging first."""
    out = []
    for w in t.profile.weapons:
        if not w.ranged or (w.slow and w.id not in t.loaded):
            continue
        try:
            need, inputs = shot_need(ctx, t, e, w)
        except IllegalCommand:
            continue
        out.append((w, need, inputs))
    return sorted(out, key=lambda x: (-x[0].damage, x[0].id))


def run_passive(ctx: WfCtx, step: Passive) -> None:
    if step.kind == "shot":
        passive.shot_test(ctx, step)
        return
    t, e = ctx.fig(step.figure), ctx.fig(step.cause)
    if step.choice is None:
        if not passive.spot_test(ctx, step):
            return
        weapons = free_shots(ctx, t, e)
        if weapons:
            ask(ctx, step, band=t.band, kind="wf_free_shot", figure=t.id,
                prompt="wf_ask_free_shot", params={"figure": t.id, "target": e.id},
                options=[(f"shoot:{w.id}", "wf_opt_held_attack",
                          {"target": e.id, "weapon": w.id}) for w, _, _ in weapons]
                + [("hold", "wf_opt_hold", {})], default="hold")
        return
    _, _, wid = step.choice.partition(":")
    chosen = next(((w, need, inputs) for w, need, inputs in free_shots(ctx, t, e)
                   if w.id == wid), None)
    if chosen is None or t.status != "in_play" or e.status != "in_play":
        return  # "hold", or the table changed so that it can no longer shoot
    w, need, inputs = chosen
    ctx.emit(ActionDeclared(rule="R-MORALE-SPOT", figure=t.id, action="free_shot", cost=0,
                            target=e.id, weapon=w.id))
    if w.slow:
        t.loaded.remove(w.id)
    ctx.push(*passive.with_shot_test(ctx, Attack(
        attacker=t.id, target=e.id, weapon=w.id, melee=False, need=need, rule="R-MORALE-SPOT",
        inputs=inputs, blast=w.blast)))
