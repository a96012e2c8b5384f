"""The hand as the table shows it (RULESETS §0.5 S4, S5, §2.g): who holds the hand, who
must activate a figure now and why (the hand, a response owed, a ceded activation, the
rest of the round, an interrupt), the bands in hand order, the acting figure's one action
and its move, and what passes."""

from __future__ import annotations

from skirmish.rules.cle_en_main.flow import can_act, to_activate
from skirmish.rules.cle_en_main.flow_state import CmState
from skirmish.rules.commands import EndActivation
from skirmish.rules.frame.deployment import deploying_band
from skirmish.rules.turn import Pip, Said, Slot, TurnView


def turn_view(s: CmState, band: str | None) -> TurnView:
    common = {"phase": s.phase, "turn": s.turn, "turns": s.options.max_turns, "band": band}
    if s.phase == "deployment":
        now = deploying_band(s)
        return TurnView(**common, order=tuple(
            Slot(band=b, now=b == now, done=i < s.deploy_index)
            for i, b in enumerate(s.deploy_order)))
    if s.phase == "over":
        return TurnView(**common, order=tuple(Slot(band=b) for b in s.hand.order))
    holder = s.hand.holder
    stage = [Said("top.cm_holder", {"band": holder})] if holder else []
    order = tuple(Slot(band=b, now=b == band, done=not can_act(s, b)) for b in s.hand.order)
    tour = s.tour
    if tour is not None:
        stage.append(Said(f"top.cm_{tour.reason}"))
        pips = (Pip(kind="move", spent=tour.walked > 0 or tour.acted),
                Pip(kind="action", spent=tour.acted))
        return TurnView(**common, figure=tour.figure, stage=tuple(stage), order=order,
                        pips=pips, end=EndActivation(figure=tour.figure), end_key="end")
    now = to_activate(s)
    choose: tuple[str, ...] = ()
    if now is not None:
        stage.append(Said(f"top.cm_{now[1]}"))
        choose = tuple(now[2])
    return TurnView(**common, choose=choose, stage=tuple(stage), order=order)
