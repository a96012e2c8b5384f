"""The turn: initiative, activation waves and the end of turn (§5, §10; the Skirmish
scheduler of RULESETS §0.5 S4)."""

from __future__ import annotations

from skirmish.content.models import Rank
from skirmish.rules.commands import EndActivation, EndWave
from skirmish.rules.events import (
    ActivationEnded,
    Initiative,
    Roll,
    StatusChanged,
    TurnStarted,
    WaveStarted,
)
from skirmish.rules.frame.deployment import deploying_band, roll_off
from skirmish.rules.frame.rout import rout_tests
from skirmish.rules.frame.victory import close_turn
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.morale import SKIRMISH_LEADERSHIP, madness_tests
from skirmish.rules.skirmish.state import Figure, GameState
from skirmish.rules.turn import Pip, Said, Slot, TurnView


def action_points(ctx: Ctx, f: Figure) -> int:
    """[R-TURN-PA] GAP-11: PA by rank (option ``action_points``)."""
    return getattr(ctx.s.options.action_points, f.rank)


def sous_fifres_in_play(ctx: Ctx, band: str) -> int:
    """GAP-9 (a): Sous-fifres currently in play."""
    return sum(1 for f in ctx.band_figures(band)
               if f.status == "in_play" and f.rank == Rank.SOUS_FIFRE)


def start_turn(ctx: Ctx) -> None:
    s = ctx.s
    s.turn += 1
    ctx.emit(TurnStarted(turn=s.turn))
    for f in ctx.figures():
        f.activated = f.stunned = f.no_run = False
        f.pa = 0
    madness_tests(ctx)
    initiative(ctx)
    s.wave = 1
    s.band_index = 0
    begin_band(ctx)


def initiative(ctx: Ctx) -> None:
    """[R-TURN-INIT] d6 + Sous-fifres; [R-TURN-INIT-TIE] fewer Sous-fifres first, then
    only the tied bands reroll among themselves (GAP-9)."""
    bands = [b.id for b in ctx.s.bands if not b.resigned
             and any(f.status == "in_play" for f in ctx.band_figures(b.id))]
    sf = {b: sous_fifres_in_play(ctx, b) for b in bands}
    scores = {}
    for b in bands:
        face = ctx.dice.d6()
        scores[b] = face + sf[b]
        ctx.emit(Roll(rule="R-TURN-INIT", **ctx.said("lbl_initiative", band=b),
                      dice=(face,), inputs={"band": b, "sous_fifres": sf[b]},
                      result=f"score {scores[b]}"))
    order: list[str] = []
    for score in sorted(set(scores.values()), reverse=True):
        tied = [b for b in bands if scores[b] == score]
        for n in sorted({sf[b] for b in tied}):
            same = [b for b in tied if sf[b] == n]
            if len(same) > 1:
                same = roll_off(ctx, same, rule="R-TURN-INIT-TIE", key="lbl_init_tie",
                                low_first=False)
            order.extend(same)
    ctx.s.order = order
    ctx.emit(Initiative(order=tuple(order), scores=scores, sous_fifres=sf))


def activatable(ctx: Ctx, band: str) -> list[Figure]:
    """The band's figures in play not yet activated this turn (asked at every step)."""
    return [f for f in ctx.s.figures.values()
            if f.band == band and f.status == "in_play" and not f.activated]


def begin_band(ctx: Ctx) -> None:
    """[R-TURN-WAVE] GAP-10: wave 1 caps each band at its d6; wave 2 activates the rest."""
    s = ctx.s
    while True:
        if s.band_index >= len(s.order):
            if s.wave == 1:
                s.wave, s.band_index = 2, 0
                continue
            end_turn(ctx)
            return
        band = s.order[s.band_index]
        if not activatable(ctx, band):
            s.band_index += 1
            continue
        s.wave_used = 0
        if s.wave == 1:
            s.wave_cap = ctx.roll(1, rule="R-TURN-WAVE", key="lbl_wave",
                                  params={"band": band}, need=None,
                                  inputs={"band": band})[0]
        else:
            s.wave_cap = None
        ctx.emit(WaveStarted(band=band, wave=s.wave, cap=s.wave_cap))
        return


def current_band(s: GameState) -> str | None:
    """The band whose wave it is (None outside the battle)."""
    if s.phase != "battle" or s.band_index >= len(s.order):
        return None
    return s.order[s.band_index]


def end_activation(ctx: Ctx, f: Figure) -> None:
    """GAP-12: unspent PA are lost."""
    s = ctx.s
    ctx.emit(ActivationEnded(figure=f.id, pa_lost=max(0, f.pa)))
    f.pa = 0
    f.no_run = False
    s.active = None
    s.wave_used += 1
    band = current_band(s)
    if band is None:
        return
    if not activatable(ctx, band) or (s.wave == 1 and s.wave_cap is not None
                                      and s.wave_used >= s.wave_cap):
        end_wave(ctx)


def end_wave(ctx: Ctx) -> None:
    ctx.s.band_index += 1
    begin_band(ctx)


def end_turn(ctx: Ctx) -> None:
    """[R-TURN-END]: rout tests, then the end-of-game check (GAP-13)."""
    s = ctx.s
    rout_tests(ctx, SKIRMISH_LEADERSHIP, s.order)
    for f in ctx.figures():
        if f.charged_malus:
            f.charged_malus = False
            ctx.emit(StatusChanged(rule="GAP-45", figure=f.id, status="charged_malus", on=False))
    close_turn(ctx, lambda: start_turn(ctx))


def to_act(s: GameState) -> str | None:
    """The band that must act or answer next."""
    if s.phase == "over":
        return None
    if s.pending is not None:
        return s.pending.band
    if s.phase == "deployment":
        return deploying_band(s)
    if s.active is not None:
        return s.figures[s.active].band
    return current_band(s)


def turn_view(s: GameState) -> TurnView:
    """The waves as the table shows them (RULESETS S4): the bands in the turn's
    initiative order (in deployment, the deployment order), the wave and its d6, the
    figures the band to act may activate, the active figure's PA, and what passes."""
    band = to_act(s)
    common = {"phase": s.phase, "turn": s.turn, "turns": s.options.max_turns, "band": band,
              "acted": tuple(f.id for f in s.figures.values() if f.activated)}
    if s.phase == "deployment":
        return TurnView(**common, order=tuple(
            Slot(band=b, now=b == band, done=i < s.deploy_index)
            for i, b in enumerate(s.deploy_order)))
    if s.phase == "over":
        return TurnView(**common, order=tuple(Slot(band=b) for b in s.order))
    stage = [Said("top.wave", {"n": s.wave})]
    if s.wave == 1 and s.wave_cap is not None:
        stage.append(Said("top.wave_cap", {"d6": s.wave_cap,
                                           "left": max(0, s.wave_cap - s.wave_used)}))
    elif s.wave == 2:
        stage.append(Said("top.wave_rest"))
    order = tuple(Slot(band=b, now=b == band, done=i < s.band_index)
                  for i, b in enumerate(s.order))
    if s.active is not None:
        f = s.figures[s.active]
        pa_max = getattr(s.options.action_points, f.rank)
        pips = tuple(Pip(kind="pa", spent=i >= f.pa) for i in range(max(pa_max, f.pa)))
        return TurnView(**common, figure=f.id, stage=tuple(stage), order=order, pips=pips,
                        end=EndActivation(figure=f.id), end_key="end")
    choose: tuple[str, ...] = ()
    current = current_band(s)
    if s.pending is None and current is not None:
        choose = tuple(f.id for f in s.figures.values()
                       if f.band == current and f.status == "in_play" and not f.activated)
    end = EndWave(band=current) if s.wave == 1 and current is not None else None
    return TurnView(**common, choose=choose, stage=tuple(stage), order=order, end=end,
                    end_key="end_wave" if end is not None else "")
