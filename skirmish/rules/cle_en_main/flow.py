"""The round of Clé en main on the table (RULESETS §2.c, S4, S5, S7, S11, S17): the
commands of a game, the tours de jeu the hand hands out, the interrupt window at each
declaration, the end of a round (timers, Skirmish rout) and of the game (the end-of-game
step, then the VP).

``apply`` checks a command completely before changing anything, plays it, then runs the
flow (:func:`settle`) until a player has something to do: activate a figure, give its
figure a command, or answer a decision.
"""

from __future__ import annotations

from skirmish.content.models import Rank
from skirmish.rules import commands as c
from skirmish.rules.cle_en_main import actions as act
from skirmish.rules.cle_en_main import attack, passive
from skirmish.rules.cle_en_main.ask import ask, take_answer
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow_state import CmState, Tour, TourReason
from skirmish.rules.cle_en_main.hand import (
    Hand,
    next_band,
    response_choices,
    roll_for_the_hand,
    tour_ended,
)
from skirmish.rules.cle_en_main.leadership import CmLeadership
from skirmish.rules.cle_en_main.monitor import PENALTIES, PENALTY_LABELS
from skirmish.rules.cle_en_main.rolls import draw, record
from skirmish.rules.cle_en_main.state import standing, surprised
from skirmish.rules.cle_en_main.throws import Side, oppose
from skirmish.rules.cle_en_main.timers import end_of_game, end_of_round, start_of_round
from skirmish.rules.errors import GameOver, IllegalCommand
from skirmish.rules.events import (
    ActionDeclared,
    Activated,
    ActivationEnded,
    Contest,
    Killed,
    OutOfAction,
    StatusChanged,
    TurnEnded,
    TurnOrder,
    TurnStarted,
)
from skirmish.rules.frame import deployment as dep
from skirmish.rules.frame.messages import illegal, say
from skirmish.rules.frame.queries import bands_in_play
from skirmish.rules.frame.rout import rout_tests
from skirmish.rules.frame.victory import end_game
from skirmish.rules.geometry import PathLike

DECLARING = (c.Walk, c.Run, c.Strike, c.Shoot, c.Charge, c.Act, c.UseMedikit)


# -- who may act --------------------------------------------------------------------------------
def able(s: CmState, fid: str) -> bool:
    """In play and conscious: able to take a tour de jeu or to interrupt."""
    cf = s.cm.figures[fid]
    return s.figures[fid].status == "in_play" and not cf.unconscious and not cf.dead


def can_act(s: CmState, band: str) -> list[str]:
    """The band's figures that may still take their tour de jeu this round."""
    return [fid for fid, f in s.figures.items()
            if f.band == band and able(s, fid) and not s.cm.figures[fid].acted]


def to_activate(s: CmState) -> tuple[str, TourReason, list[str]] | None:
    """The band to activate a figure now, why, and the figures it may pick."""
    if s.tour is not None or s.suspended or s.phase != "battle" or s.pending is not None:
        return None
    found = next_band(s.hand, lambda b: can_act(s, b))
    if found is None:
        return None
    band, reason = found
    left = can_act(s, band)
    if reason == "response":
        left = response_choices(s.hand, band, left)
    return band, reason, left


# -- the game's start and each command ------------------------------------------------------------
def begin(ctx: CmCtx) -> None:
    dep.start_deployment(ctx)
    if ctx.s.phase == "battle":
        start_round(ctx)
    settle(ctx)


def apply(ctx: CmCtx, cmd: c.Command) -> None:
    s = ctx.s
    if s.phase == "over":
        raise GameOver(say("game_over"), key="game_over")
    if s.pending is not None:
        if not isinstance(cmd, c.Choose):
            raise illegal("waiting_for", band=s.band(s.pending.band).name, prompt=s.pending.prompt)
        _answer(ctx, cmd)
    else:
        _dispatch(ctx, cmd)
    settle(ctx)


def _dispatch(ctx: CmCtx, cmd: c.Command) -> None:
    s = ctx.s
    if isinstance(cmd, c.Resign):
        _resign(ctx, cmd.band)
        return
    if s.phase == "deployment":
        dep.deployment_command(ctx, cmd, lambda: start_round(ctx))
        return
    if isinstance(cmd, c.Choose):
        raise illegal("no_decision")
    if isinstance(cmd, (c.Deploy, c.AutoDeploy, c.EndDeployment)):
        raise illegal("deployment_over", "R-DEPLOY")
    if isinstance(cmd, c.Activate):
        _activate(ctx, cmd.figure)
        return
    if isinstance(cmd, c.Cede):
        _cede(ctx, cmd)
        return
    tour = s.tour
    fid = getattr(cmd, "figure", None)
    if tour is None or fid != tour.figure:
        raise illegal("not_active", "CM-ORDER", figure=ctx.fig(fid).name if fid in s.figures else fid)
    if isinstance(cmd, c.EndActivation):
        tour.acted = True
        return
    if not isinstance(cmd, DECLARING):
        raise illegal("unknown_command", command=type(cmd).__name__)
    check(ctx, tour, cmd)
    if tour.declared:
        execute(ctx, tour, cmd)
        return
    tour.declared = True
    tour.held = cmd  # type: ignore[assignment]
    offer_interrupt(ctx)




def _resign(ctx: CmCtx, band_id: str) -> None:
    if not dep.leave_band(ctx, band_id, lambda: start_round(ctx)):
        return
    s = ctx.s
    s.pending = None
    if s.tour is not None and ctx.fig(s.tour.figure).band == band_id:
        s.tour = None
        s.active = None
    s.suspended = [t for t in s.suspended if t.band != band_id]


# -- activations ---------------------------------------------------------------------------------
def _activate(ctx: CmCtx, fid: str) -> None:
    s = ctx.s
    if s.tour is not None:
        raise illegal("cm_tour_running", "CM-ACTION", figure=ctx.fig(s.tour.figure).name)
    if fid not in s.figures:
        raise illegal("no_figure", figure=fid)
    now = to_activate(ctx.s)
    f = ctx.fig(fid)
    if now is None or f.band != now[0]:
        band = now[0] if now else None
        raise illegal("cm_not_to_act", "CM-ORDER", band=s.band(band).name if band else "—")
    band, reason, choices = now
    if fid not in choices:
        if reason == "response" and able(ctx.s, fid) and not ctx.cmf(fid).acted:
            raise illegal("cm_response_only", "CM-ORDER", band=s.band(band).name,
                          figures=", ".join(ctx.fig(x).name for x in choices))
        raise illegal("cm_cannot_act", "CM-ROUND", figure=f.name)
    open_tour(ctx, Tour(figure=fid, band=band, reason=reason))


def open_tour(ctx: CmCtx, tour: Tour) -> None:
    ctx.s.tour = tour
    ctx.s.active = tour.figure
    f, cf = ctx.pair(tour.figure)
    ctx.emit(Activated(figure=f.id, pa=1))
    if cf.prone:
        cf.prone = False
        tour.stood = True
        ctx.emit(StatusChanged(rule="CM-SPECIAL", figure=f.id, status="prone", on=False))
    if f.routing:
        act.rout_flee(ctx, tour)


def _cede(ctx: CmCtx, cmd: c.Cede) -> None:
    """§2.c 4: the band with the hand lets an opponent activate one figure first."""
    now = to_activate(ctx.s)
    if now is None or now[1] != "hand" or now[0] != cmd.band:
        raise illegal("cm_cede_not_holder", "CM-ORDER")
    if cmd.to == cmd.band or cmd.to not in ctx.s.hand.order or not can_act(ctx.s, cmd.to):
        name = ctx.s.band(cmd.to).name if cmd.to in ctx.s.hand.order else cmd.to
        raise illegal("cm_cede_nobody", "CM-ORDER", band=name)
    ctx.s.hand.ceded_to = cmd.to
    ctx.emit(TurnOrder(rule="CM-ORDER", order=tuple(ctx.s.hand.order), holder=cmd.to,
                       reason="ceded"))


# -- a tour's declared action and the interrupt window --------------------------------------------
def check(ctx: CmCtx, tour: Tour, cmd: c.Command) -> object:
    """Check ``cmd`` for ``tour`` without changing anything; what its execution needs."""
    if isinstance(cmd, (c.Walk, c.Run)):
        return act.check_move(ctx, tour, cmd)
    if isinstance(cmd, c.Strike):
        return act.check_strike(ctx, tour, cmd.target, cmd.weapon)
    if isinstance(cmd, c.Shoot):
        act.check_shot(ctx, tour, cmd.weapon, cmd.target)
        return None
    if isinstance(cmd, c.Charge):
        return act.check_charge(ctx, tour, cmd.target)
    if isinstance(cmd, c.Act):
        act.check_act(ctx, tour, cmd)
        return None
    assert isinstance(cmd, c.UseMedikit)
    return act.check_first_aid(ctx, tour, cmd.target)


def execute(ctx: CmCtx, tour: Tour, cmd: c.Command) -> None:
    found = check(ctx, tour, cmd)
    if isinstance(cmd, (c.Walk, c.Run)):
        act.do_move(ctx, tour, cmd, found)  # type: ignore[arg-type]
    elif isinstance(cmd, c.Strike):
        ctx.emit(_declared(tour, "strike", cmd.target, found))  # type: ignore[arg-type]
        attack.start(ctx, tour, "strike", cmd.target, found)  # type: ignore[arg-type]
    elif isinstance(cmd, c.Shoot):
        ctx.emit(_declared(tour, "shoot", cmd.target, cmd.weapon))
        attack.start(ctx, tour, "shot", cmd.target, cmd.weapon)
    elif isinstance(cmd, c.Charge):
        _charge(ctx, tour, cmd.target, found)  # type: ignore[arg-type]
    elif isinstance(cmd, c.Act):
        act.do_act(ctx, tour, cmd)
    elif isinstance(cmd, c.UseMedikit):
        act.do_first_aid(ctx, tour, cmd.target, found)  # type: ignore[arg-type]


def _charge(ctx: CmCtx, tour: Tour, target: str, path: PathLike) -> None:
    """A charge with its passive actions ([R-MORALE-CHARGE], [R-MORALE-CHARGED]): the
    charger's nerve, then the target's, which may step back out of its reach."""
    if not passive.charge_nerve(ctx, tour, target):
        return
    exposed = passive.charged_nerve(ctx, tour, target)
    try:
        path = act.check_charge(ctx, tour, target)
    except IllegalCommand:
        passive.charge_short(ctx, tour, target)
        return
    if exposed:
        passive.expose(ctx, target)
    act.do_charge(ctx, tour, target, path)


def _declared(tour: Tour, action: str, target: str, weapon: str | None) -> ActionDeclared:
    return ActionDeclared(rule="CM-ATTACK", figure=tour.figure, action=action, cost=1,
                          target=target, weapon=weapon)


def interrupters(ctx: CmCtx, band: str) -> list[str]:
    """[CM-INTERRUPT] the band's figures that have not acted this round and can."""
    return can_act(ctx.s, band)


def offer_interrupt(ctx: CmCtx) -> None:
    """[CM-INTERRUPT] [GAP-CM-5] at a declaration, each opposing side in hand order may
    name one figure that has not acted to try to interrupt; one attempt at most."""
    tour = ctx.s.tour
    assert tour is not None
    for band in ctx.s.hand.order:
        if band == tour.band or band in tour.asked or ctx.s.band(band).resigned:
            continue
        who = interrupters(ctx, band)
        if not who:
            continue
        tour.asked.append(band)
        ask(ctx, band=band, kind="cm_interrupt", figure=tour.figure, prompt="cm_ask_interrupt",
            params={"figure": tour.figure, "band": band},
            options=[("no", "cm_opt_no", {})] + [(f, "cm_opt_figure", {"figure": f}) for f in who],
            default="no")
        return
    run_held(ctx)


def run_held(ctx: CmCtx) -> None:
    tour = ctx.s.tour
    assert tour is not None
    cmd, tour.held = tour.held, None
    if cmd is None:
        return
    try:
        execute(ctx, tour, cmd)
    except IllegalCommand:
        return  # what it declared is no longer possible: it chooses again


def _try_interrupt(ctx: CmCtx, who: str) -> None:
    """Réflexes/Réflexes, the interrupter the active side. Won: it takes its tour at once,
    with a mandatory pénalité; lost: it takes no tour this round."""
    tour = ctx.s.tour
    assert tour is not None
    a = draw(ctx, who, "reflexes")
    d = draw(ctx, tour.figure, "reflexes")
    won, tie = oppose(Side(a.total, a.skill, a.auto, True), Side(d.total, d.skill, d.auto, False))
    for r, other, ok in ((a, d, won == 0), (d, a, won == 1)):
        record(ctx, r, rule="CM-INTERRUPT", key="cm_lbl_reflexes", params={"figure": r.figure},
               need=other.total, success=ok, target=other.figure)
    winner = who if won == 0 else tour.figure
    ctx.emit(Contest(rule="CM-INTERRUPT", ruleset="cle_en_main", figures=(who, tour.figure),
                     serials=(a.serial, d.serial), skills=(a.skill, d.skill),
                     totals=(a.total, d.total), automatic=(a.auto, d.auto), winner=winner,
                     tie_break=tie))
    if winner != who:
        ctx.cmf(who).acted = True
        ctx.emit(StatusChanged(rule="CM-INTERRUPT", figure=who, status="interrupt_failed"))
        run_held(ctx)
        return
    ctx.s.suspended.append(tour)
    band = ctx.fig(who).band
    inner = Tour(figure=who, band=band, reason="interrupt", declared=True)
    open_tour(ctx, inner)
    ask(ctx, band=band, kind="cm_interrupt_penalty", figure=who,
        prompt="cm_ask_interrupt_penalty", params={"figure": who},
        options=[(p, PENALTY_LABELS[p], {}) for p in PENALTIES],
        default="difficulte")


def _answer(ctx: CmCtx, cmd: c.Choose) -> None:
    p, option = take_answer(ctx, cmd)
    if p.kind == "cm_interrupt":
        if option == "no":
            offer_interrupt(ctx)
        else:
            _try_interrupt(ctx, option)
    elif p.kind == "cm_interrupt_penalty":
        assert ctx.s.tour is not None
        ctx.s.tour.imposed = [option]
    elif p.kind == "cm_free_shot":
        assert p.figure is not None
        passive.free_shot(ctx, p.figure, option)
    else:
        attack.answer(ctx, p.kind, option)


# -- the flow between commands ---------------------------------------------------------------------
def settle(ctx: CmCtx) -> None:
    s = ctx.s
    while s.pending is None and s.phase == "battle":
        sync_standings(ctx)
        if len(bands_in_play(ctx)) <= 1:
            finish(ctx, "end_one_band")
            return
        ctx.scanned = passive.note_moves(ctx, ctx.scanned)
        tour = s.tour
        if tour is not None and tour.attack is not None:
            attack.advance(ctx)
            continue
        if ctx.cm.passives:
            passive.resolve_next(ctx)
            continue
        if tour is not None:
            if tour.acted or not able(ctx.s, tour.figure):
                end_tour(ctx)
                continue
            return
        if s.suspended:
            _resume(ctx)
            continue
        if to_activate(ctx.s) is None:
            end_round(ctx)
            continue
        return


def _resume(ctx: CmCtx) -> None:
    tour = ctx.s.suspended.pop()
    ctx.s.tour = tour
    ctx.s.active = tour.figure
    if able(ctx.s, tour.figure) and not tour.acted:
        run_held(ctx)


def end_tour(ctx: CmCtx) -> None:
    s = ctx.s
    tour = s.tour
    assert tour is not None
    if tour.reason == "passive":  # a free shot, outside the figure's tour de jeu
        s.tour = None
        s.active = None
        return
    ctx.cmf(tour.figure).acted = True
    ctx.emit(ActivationEnded(figure=tour.figure, pa_lost=0))
    s.tour = None
    s.active = None
    if tour.reason != "interrupt":
        tour_ended(s.hand, tour.reason, tour.band, tour.attacked,  # type: ignore[arg-type]
                   ctx.cm.options.cem_order == "alternate")


def start_round(ctx: CmCtx) -> None:
    """[CM-ROUND] a new round: what lasted one ends, then the hand ([CM-ORDER-DISAGREE])."""
    s = ctx.s
    if s.turn == 0:  # the battle begins: who sees whom already (GAP-46)
        passive.see_deployed(ctx)
    s.turn += 1
    ctx.emit(TurnStarted(turn=s.turn))
    start_of_round(ctx)
    leaders = {b.id: lead for b in s.bands if (lead := _leader(ctx, b.id)) is not None}
    order = roll_for_the_hand(ctx, leaders) if len(leaders) > 1 else list(leaders)
    order += [b.id for b in s.bands if b.id not in order and not b.resigned]
    s.hand = Hand(order=order, holder=order[0] if order else None)
    ctx.emit(TurnOrder(rule="CM-ORDER-DISAGREE", order=tuple(order), holder=s.hand.holder,
                       reason="opposition"))


def _leader(ctx: CmCtx, band: str) -> str | None:
    """§2.c 1: the band's highest-ranked figure able to act (then its Réflexes, its id);
    one the scenario surprises does not ([CM-SURPRISE]): a band all surprised comes last."""
    able_ones = [f for f in ctx.band_figures(band)
                 if able(ctx.s, f.id) and not surprised(ctx.cmf(f.id), ctx.s.turn)]
    if not able_ones:
        return None
    best = max(able_ones, key=lambda f: (Rank(f.rank).level, ctx.cmf(f.id).profile.reflexes,
                                         f.id))
    return best.id


def end_round(ctx: CmCtx) -> None:
    """End of round: timers run out ([CM-MEP]), then Skirmish rout (GAP-ALT-3), then the
    next round or the end of the game."""
    s = ctx.s
    end_of_round(ctx)
    sync_standings(ctx)
    rout_tests(ctx, CmLeadership(ctx), list(s.hand.order))
    ctx.emit(TurnEnded(turn=s.turn))
    if s.turn >= s.options.max_turns:
        finish(ctx, "end_turns", turn=s.turn, turns=s.options.max_turns)
        return
    start_round(ctx)


def finish(ctx: CmCtx, key: str, **params: object) -> None:
    """S17: the end-of-game step settles the timers, then the VP."""
    end_of_game(ctx)
    sync_standings(ctx)
    ctx.s.tour = None
    ctx.s.suspended = []
    end_game(ctx, key, **params)


def sync_standings(ctx: CmCtx) -> None:
    """§0.4 [GAP-CM-16]: the table's standing of each figure from its state; who put it
    down is the one its wound came from (D-7)."""
    by: dict[str, str | None] = {}
    for e in ctx.events:
        if isinstance(e, (OutOfAction, Killed)) and e.by is not None:
            by[e.figure] = e.by
    for fid, cf in ctx.cm.figures.items():
        f = ctx.fig(fid)
        if f.status not in ("in_play", "out_of_action", "dead"):
            continue
        want = {"in_play": "in_play", "out_may_return": "out_of_action", "out": "out_of_action",
                "dead": "dead"}[standing(cf)]
        if want != f.status:
            f.status = want  # type: ignore[assignment]
            ctx.moved()
        if fid in by and by[fid] in ctx.s.figures:
            who = ctx.fig(by[fid])  # type: ignore[index]
            f.downed_by = who.id
            f.downed_by_band = who.band if who.band != f.band else None
