"""The WFRP turn (RULESETS §1.c): one initiative ladder of every figure of every band
(S4), each figure's turn with its budget of half actions (S5), and the end of the round
with the table's rout tests (§0.2) through this ruleset's Leadership (S12).

[WF-INIT] each figure rolls Ag + 1d10, once a game (GAP-WF-3; every turn with the
option), and may add 1d10 for 1 Fortune ([WF-FORTUNE]); [WF-INIT-ORDER] highest first,
ties by Ag then a d10 roll-off. [WF-SURPRISE] a figure marked surprised loses turn 1
(GAP-WF-22). An Assommé figure loses its next turn ([WF-STUNNED]). A routing figure
spends its turn fleeing (GAP-55).
"""

from __future__ import annotations

from skirmish.rules.commands import EndActivation
from skirmish.rules.events import (
    Activated,
    ActivationEnded,
    Ladder,
    StatusChanged,
    TurnStarted,
)
from skirmish.rules.frame.rout import rout_tests
from skirmish.rules.frame.victory import close_turn
from skirmish.rules.turn import Pip, Said, Slot, TurnView
from skirmish.rules.wfrp2.actions import disengage
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.decisions import FORTUNE, ask
from skirmish.rules.wfrp2.leadership import WF_LEADERSHIP
from skirmish.rules.wfrp2.passive import begin as begin_passives
from skirmish.rules.wfrp2.state import Initiative, Rung, WfFigure, WfState


# -- the ladder ---------------------------------------------------------------------------------
def start_turn(ctx: WfCtx) -> None:
    """A new round: the ladder is rolled in turn 1 (and every turn with the option)."""
    s = ctx.s
    s.turn += 1
    ctx.emit(TurnStarted(turn=s.turn))
    for f in ctx.figures():
        f.acted = f.free_parry = f.dodged = False
    s.rung = -1
    if s.turn == 1:
        begin_passives(ctx)
    if s.turn == 1 or s.wf.wf_initiative_each_round:
        roll_ladder(ctx)


def roll_ladder(ctx: WfCtx) -> None:
    """[WF-INIT] Ag + 1d10 for every figure in play; those with Fortune are then asked
    whether to add 1d10 for a point ([WF-FORTUNE]); the ladder is ordered once they have
    answered (:func:`order_ladder`)."""
    s = ctx.s
    s.ladder = []
    scores: dict[str, int] = {}
    asks = []
    for f in ctx.in_play():
        d10 = ctx.d10(rule="WF-INIT", key="wf_lbl_initiative", params={"figure": f.id},
                      role="initiative", figure=f.id, inputs={"ag": f.profile.ag})
        scores[f.id] = f.profile.ag + d10
        if f.fortune > 0:
            asks.append(Initiative(figure=f.id, score=scores[f.id], roll=s.rolls))
    s.rolling = scores
    ctx.push(*asks)


def run_initiative(ctx: WfCtx, step: Initiative) -> None:
    f = ctx.fig(step.figure)
    if step.choice is None:
        ask(ctx, step, band=f.band, kind="wf_initiative", figure=f.id, prompt="wf_ask_initiative",
            params={"figure": f.id, "score": step.score},
            options=[("keep", "wf_opt_keep", {}), ("fortune", "wf_opt_fortune_d10", {})],
            default="keep", paid={"fortune": FORTUNE})
        return
    if step.choice == "fortune":
        f.fortune -= 1
        d10 = ctx.d10(rule="WF-FORTUNE", key="wf_lbl_initiative_fortune",
                      params={"figure": f.id}, role="initiative", figure=f.id,
                      inputs={"fortune": 1, "score": step.score})
        ctx.s.rolling[f.id] = step.score + d10


def order_ladder(ctx: WfCtx) -> None:
    """[WF-INIT-ORDER] highest score first; GAP-WF-3: equal scores by the higher Ag, then a
    d10 roll-off among those still level (again until they differ)."""
    s = ctx.s
    scores = s.rolling
    figs = {fid: ctx.fig(fid) for fid in scores}
    keyed = sorted(scores, key=lambda fid: (-scores[fid], -figs[fid].profile.ag))
    order: list[str] = []
    ties: list[str] = []
    i = 0
    while i < len(keyed):
        j = i
        key = (scores[keyed[i]], figs[keyed[i]].profile.ag)
        while j < len(keyed) and (scores[keyed[j]], figs[keyed[j]].profile.ag) == key:
            j += 1
        group = keyed[i:j]
        if len(group) > 1:
            ties.extend(group)
            group = _roll_off(ctx, group)
        order.extend(group)
        i = j
    s.ladder = [Rung(figure=fid, score=scores[fid], ag=figs[fid].profile.ag) for fid in order]
    s.rolling = {}
    ctx.emit(Ladder(rule="WF-INIT-ORDER", order=tuple(order), scores=dict(scores),
                    ties=tuple(ties)))


def _roll_off(ctx: WfCtx, group: list[str]) -> list[str]:
    rolls = {fid: ctx.d10(rule="GAP-WF-3", key="wf_lbl_tie", params={"figure": fid},
                          role="tie", figure=fid) for fid in group}
    out: list[str] = []
    for face in sorted(set(rolls.values()), reverse=True):
        level = [fid for fid in group if rolls[fid] == face]
        out.extend(_roll_off(ctx, level) if len(level) > 1 else level)
    return out


# -- a figure's turn -------------------------------------------------------------------------------
def next_actor(ctx: WfCtx) -> None:
    """Down the ladder to the next figure that acts; at its foot, the end of the round.
    A figure out of play is passed over; a surprised (turn 1) or Assommé one loses its
    turn; a routing one flees."""
    s = ctx.s
    while True:
        s.rung += 1
        if s.rung >= len(s.ladder):
            end_round(ctx)
            return
        f = ctx.fig(s.ladder[s.rung].figure)
        if f.status != "in_play":
            continue
        _new_turn_of(ctx, f)
        if f.surprised and s.turn == 1:
            _lose_turn(ctx, f, "WF-SURPRISE", "wf_surprised")
            continue
        if f.stunned:
            f.stunned -= 1
            _lose_turn(ctx, f, "WF-STUNNED", "stunned")
            continue
        s.active = f.id
        f.halves = 2
        ctx.emit(Activated(figure=f.id, pa=f.halves))
        if f.routing:
            f.halves = 0
            disengage(ctx, f, rout=True)
        return


def _new_turn_of(ctx: WfCtx, f: WfFigure) -> None:
    """GAP-WF-14: what lasts "until its next turn" ends; GAP-WF-4: a held half action not
    used is lost; GAP-WF-17: a Visée lasts this turn and the next."""
    for status in ("ran", "prudente", "defensive", "brutale", "parade"):
        if getattr(f, status):
            setattr(f, status, False)
            ctx.emit(StatusChanged(rule="GAP-WF-14", figure=f.id, status=f"wf_{status}", on=False))
    if f.held:
        f.held = 0
        ctx.emit(StatusChanged(rule="GAP-WF-4", figure=f.id, status="wf_held", on=False))
    f.aimed = max(0, f.aimed - 1)
    f.halves = f.halves_used = 0
    f.bought = False


def _lose_turn(ctx: WfCtx, f: WfFigure, rule: str, status: str) -> None:
    f.acted = True
    ctx.emit(StatusChanged(rule=rule, figure=f.id, status=status, on=False))


def end_figure_turn(ctx: WfCtx, f: WfFigure) -> None:
    """The figure's turn is over; what it did not spend is lost."""
    ctx.emit(ActivationEnded(figure=f.id, pa_lost=max(0, f.halves)))
    f.halves = 0
    f.acted = True
    ctx.s.active = None


def end_round(ctx: WfCtx) -> None:
    """[WF-TURN] everyone has acted: the table's rout tests, then the end-of-game check
    (GAP-13), else the next round."""
    s = ctx.s
    order = list(dict.fromkeys(ctx.fig(r.figure).band for r in s.ladder))
    rout_tests(ctx, WF_LEADERSHIP, order)
    close_turn(ctx, lambda: start_turn(ctx))


# -- the table's view (S4, S5) -------------------------------------------------------------------
def turn_view(s: WfState, to_act: str | None) -> TurnView:
    """The ladder across bands, its rung, the acting figure's half actions (the bought one
    apart) and held actions; ending the figure's turn passes."""
    common = {"phase": s.phase, "turn": s.turn, "turns": s.options.max_turns, "band": to_act,
              "acted": tuple(f.id for f in s.figures.values() if f.acted), "unit": "half"}
    if s.phase == "deployment":
        return TurnView(**common, order=tuple(
            Slot(band=b, now=b == to_act, done=i < s.deploy_index)
            for i, b in enumerate(s.deploy_order)))
    order = tuple(Slot(band=s.figures[r.figure].band, figure=r.figure, score=r.score,
                       now=i == s.rung and s.phase == "battle",
                       done=s.figures[r.figure].acted, held=s.figures[r.figure].held)
                  for i, r in enumerate(s.ladder)
                  if s.figures[r.figure].status == "in_play")
    if s.phase == "over":
        return TurnView(**common, order=order)
    stage = (Said("wf.top.rung", {"n": s.rung + 1, "of": len(s.ladder)}),) if s.ladder \
        else (Said("wf.top.rolling"),)
    if s.active is None:
        return TurnView(**common, stage=stage, order=order)
    f = s.figures[s.active]
    kinds = ["half", "half"] + (["bought"] if f.bought else [])
    spent = len(kinds) - f.halves
    pips = tuple(Pip(kind=k, spent=i < spent) for i, k in enumerate(kinds))
    return TurnView(**common, figure=f.id, stage=stage, order=order, pips=pips,
                    end=EndActivation(figure=f.id), end_key="end")

