"""The KART 7 turn (RULESETS §4.c; [K7-TURN], [K7-TURN-SUMMARY]): the scheduler of
declaration then resolution behind the table's turn view (S4), replacing the Skirmish
initiative, waves and PA ([GAP-ALT-8]: for any number of sides).

- **Start**: the first speaker — in turn 1 by a high card per side, redrawing ties
  ([GAP-K7-27]); then the next side each turn ([K7-SPEAK-ORDER]).
- **Declarations**: the sides in speaking order declare for one figure at a time; after
  each declaration the opposing sides may court-circuit it, and the contradicted figure
  may then re-declare or court-circuit back ([K7-CHOICE], [GAP-K7-5]). A side that
  declines in its speaking turn holds every figure it has not declared for.
- **Resolution** ([K7-RES-ORDER]): court-circuits first (a court-circuit back before the
  one it answers), then the main actions in declaration order, each followed by the
  actions consecutive to it; before an action, the enemy actions aimed at its supporters,
  then its supports. The resolution runs by itself up to each decision it waits on.
- **End**: consciousness draws, the Énorme survival draws that are due, rout by the
  table's rules with the Leadership of §4.e, then the next turn or the end-of-game step
  before the VP (S17).

The budget of a figure (S5) is its one declaration and its card capital: the pioche,
shown as pips.
"""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.events import DecisionTaken, TurnStarted
from skirmish.rules.frame.deployment import deploying_band
from skirmish.rules.frame.messages import illegal
from skirmish.rules.frame.rout import rout_tests
from skirmish.rules.frame.victory import close_turn, end_game
from skirmish.rules.kart7 import actions, declare, harm
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.draws import HIGH_CARD, DrawRequest
from skirmish.rules.kart7.events import FirstSpeaker
from skirmish.rules.kart7.morale import leadership
from skirmish.rules.kart7.standing import sync
from skirmish.rules.kart7.state import Exchange, K7State, Window
from skirmish.rules.turn import Pip, Said, Slot, TurnView


# -- the turn's start ---------------------------------------------------------------------------
def start_turn(ctx: K7Ctx) -> None:
    s = ctx.s
    s.turn += 1
    ctx.emit(TurnStarted(turn=s.turn))
    s.declarations, s.queue, s.prepared, s.passed = [], [], [], []
    s.window, s.exchange, s.pending = None, None, None
    s.stage = "declare"
    active = [i for i, b in enumerate(s.bands) if not b.resigned]
    if s.turn == 1:
        winner = order_by_cards(ctx, [s.bands[i].id for i in active], "K7-SPEAK-ORDER",
                                "k7_lbl_first_speaker")[0]
        s.first_speaker = [b.id for b in s.bands].index(winner)
    else:
        after = [i for i in active if i > s.first_speaker] + [i for i in active
                                                              if i <= s.first_speaker]
        s.first_speaker = after[0] if after else s.first_speaker
    ctx.emit(FirstSpeaker(rule="K7-SPEAK-ORDER", band=s.bands[s.first_speaker].id,
                          order=tuple(declare.speaking_order(s))))
    s.speaker = 0
    _next_speaker(ctx, advance=False)


def order_by_cards(ctx: K7Ctx, bands: list[str], rule: str, key: str) -> list[str]:
    """[GAP-K7-27] one general card per side, highest first; tied sides draw again among
    themselves. With no card left anywhere to draw (every card dealt), the sides keep the
    scenario's order."""
    if len(bands) <= 1 or not (ctx.k7.piles.general or ctx.k7.piles.discard):
        return list(bands)
    values: dict[str, int] = {}
    for b in bands:
        drawn = ctx.draw(DrawRequest(figure=_drawer(ctx, b), threshold=HIGH_CARD, level=0, rule=rule,
                                     first="general", inputs={"band": b},
                                     **ctx.said(key, band=b)))
        values[b] = drawn.quality(ctx.ace) if drawn.cards else 0
    ctx.end_action()
    out: list[str] = []
    for v in sorted(set(values.values()), reverse=True):
        tied = [b for b in bands if values[b] == v]
        out += order_by_cards(ctx, tied, rule, key) if len(tied) > 1 else tied
    return out


def _drawer(ctx: K7Ctx, band: str) -> str:
    """The figure a side's high card is drawn for: its first figure (the draw is the
    side's; a draw event names a figure)."""
    return next(f.id for f in ctx.band_figures(band))


# -- the declaration phase ----------------------------------------------------------------------
def speaking_band(s: K7State) -> str | None:
    order = declare.speaking_order(s)
    return order[s.speaker] if s.stage == "declare" and s.speaker < len(order) else None


def _next_speaker(ctx: K7Ctx, *, advance: bool = True) -> None:
    """The next side in speaking order with a figure left to declare; none: resolve."""
    s = ctx.s
    order = declare.speaking_order(s)
    n = len(order)
    start = (s.speaker + 1) % n if advance else s.speaker % n
    for k in range(n):
        i = (start + k) % n
        if order[i] not in s.passed and declare.undeclared(ctx, order[i]):
            s.speaker = i
            return
    start_resolution(ctx)


def on_declare(ctx: K7Ctx, cmd: c.Declare) -> None:
    s = ctx.s
    band = to_act(s)
    if band is None or s.stage != "declare" or s.pending is not None:
        raise illegal("k7_not_declaring", "K7-TURN")
    d = declare.check(ctx, cmd, band)
    window = s.window
    if window is not None and window.kind == "reply":
        declare.replace(ctx, d)
        s.window = None
        _after_window(ctx)
        return
    declare.record(ctx, d)
    if window is not None:  # a court-circuit: its target's side may answer
        s.window = Window(kind="reply", of=d.number, bands=[s.declaration(d.of or 0).band])
        return
    s.window = declare.court_circuit_window(ctx, d)
    if s.window is None:
        _next_speaker(ctx)


def on_decline(ctx: K7Ctx, cmd: c.Decline) -> None:
    s = ctx.s
    if s.stage != "declare" or s.pending is not None or to_act(s) != cmd.band:
        raise illegal("k7_not_declaring", "K7-TURN")
    window = s.window
    if window is None:
        s.passed.append(cmd.band)  # every figure it has not declared for holds
        _next_speaker(ctx)
        return
    window.bands.pop(0)
    if window.kind == "reply" or not window.bands:
        s.window = None
        _after_window(ctx)


def _after_window(ctx: K7Ctx) -> None:
    """The moment out of order is over: the speaking order goes on after the side that
    made the declaration that opened it."""
    _next_speaker(ctx)


# -- the resolution phase -----------------------------------------------------------------------
def resolution_order(s: K7State) -> list[int]:
    """[K7-RES-ORDER] court-circuits (a back before the one it answers), then the main
    actions in declaration order, each with the actions consecutive to it after it."""
    live = [d for d in s.declarations if d.status == "declared"]
    out: list[int] = []

    def chain(n: int) -> list[int]:
        follow = [d.number for d in live if d.kind == "consecutive" and d.of == n]
        return [x for m in follow for x in (m, *chain(m))]

    for d in live:
        if d.kind == "court_circuit" and not d.back:
            backs = [b.number for b in live if b.back and b.of == d.number]
            out += [x for b in backs for x in (b, *chain(b))] + [d.number, *chain(d.number)]
    for d in live:
        if d.kind == "main":
            out += [d.number, *chain(d.number)]
    out += [d.number for d in live if d.kind != "support" and d.number not in out]
    return out


def start_resolution(ctx: K7Ctx) -> None:
    s = ctx.s
    s.stage = "resolve"
    s.window = None
    s.queue = resolution_order(s)
    run(ctx)


def _prepare(ctx: K7Ctx, n: int) -> bool:
    """[K7-RES-ORDER] [K7-MAIN] before action ``n``: the enemy actions aimed at its
    supporters, then its supports. True when the queue changed."""
    s = ctx.s
    s.prepared.append(n)
    supports = [d for d in s.declarations if d.kind == "support" and d.of == n
                and d.status == "declared"]
    helpers = {d.figure for d in supports}
    d0 = s.declaration(n)
    first = [m for m in s.queue[1:] if s.declaration(m).target in helpers
             and s.declaration(m).band != d0.band and s.declaration(m).action in ("strike",
                                                                                 "shoot")]
    ahead = first + [d.number for d in supports]
    if not ahead:
        return False
    s.queue = [*ahead, *[m for m in s.queue if m not in first]]
    return True


def run(ctx: K7Ctx) -> None:
    """Resolve until a decision is owed or the turn is over."""
    s = ctx.s
    while s.stage == "resolve" and s.pending is None:
        if s.exchange is None:
            if not s.queue:
                end_turn(ctx)
                return
            n = s.queue[0]
            d = s.declaration(n)
            if d.status != "declared":
                s.queue.pop(0)
                continue
            if d.kind != "support" and n not in s.prepared and _prepare(ctx, n):
                continue
            s.queue.pop(0)
            s.exchange = Exchange(number=n, stage="start")
        if actions.advance(ctx, s.exchange):
            s.exchange = None


def on_choose(ctx: K7Ctx, cmd: c.Choose) -> None:
    """S7: the answer to the decision the resolution waits on."""
    s = ctx.s
    p = s.pending
    if p is None or s.exchange is None:
        raise illegal("no_decision")
    keys = [o.key for o in p.options]
    if cmd.option not in keys:
        raise illegal("not_a_choice", None, option=cmd.option, choices=", ".join(keys))
    if p.kind == "face":
        s.exchange.faces[p.figure] = cmd.option == actions.FACE
    elif p.kind == "replan":
        s.exchange.replanned = cmd.option != actions.KEEP
        s.exchange.target = None if cmd.option == actions.KEEP else cmd.option
    else:
        s.exchange.hands[p.figure] = -1 if cmd.option == actions.KEEP else int(cmd.option)
    s.pending = None
    ctx.emit(DecisionTaken(band=p.band, kind=p.kind, option=cmd.option))
    run(ctx)


def drop_band(ctx: K7Ctx, band: str) -> None:
    """A side left mid-turn: it is asked nothing more; a decision it owed takes its
    default; its declarations lapse when they come (its figures have fled)."""
    s = ctx.s
    if s.pending is not None and s.pending.band == band:
        on_choose(ctx, c.Choose(option=s.pending.default))
        return
    if s.window is not None and band in s.window.bands:
        s.window.bands.remove(band)
        if not s.window.bands:
            s.window = None
            _after_window(ctx)
            return
    if s.stage == "declare" and s.window is None and speaking_band(s) == band:
        _next_speaker(ctx)


# -- the end of the turn ------------------------------------------------------------------------
def end_turn(ctx: K7Ctx) -> None:
    s = ctx.s
    for d in s.declarations:  # a support's card whose action never drew
        ctx.k7.piles.discard.extend(d.support_cards)
        d.support_cards = []
    harm.consciousness(ctx)
    harm.due_survivals(ctx)
    for fid in s.figures:
        sync(ctx, fid)
    rout_tests(ctx, leadership(ctx), declare.speaking_order(s))
    close_turn(ctx, lambda: start_turn(ctx), finish)


def finish(ctx: K7Ctx, key: str, **params: object) -> None:
    """S17 [GAP-K7-15] the end-of-game step settles every survival chain, then the VP."""
    s = ctx.s
    harm.settle(ctx, lambda fid: any(ctx.book.equipment[e].slot == "medikit"
                                     for f in ctx.band_figures(s.figures[fid].band)
                                     for e in f.equipment))
    for fid in s.figures:
        sync(ctx, fid)
    end_game(ctx, key, **params)


# -- whose turn it is ---------------------------------------------------------------------------
def to_act(s: K7State) -> str | None:
    if s.phase == "deployment":
        return deploying_band(s)
    if s.phase == "over":
        return None
    if s.pending is not None:
        return s.pending.band
    if s.window is not None:
        return s.window.bands[0] if s.window.bands else None
    return speaking_band(s)


def turn_view(s: K7State) -> TurnView:
    """S4/S5 as the table shows it: the side to speak (or answer), the speaking order,
    and the acting figure's card capital as pips."""
    band = to_act(s)
    if s.phase == "deployment":
        return TurnView(phase=s.phase, turn=s.turn, turns=s.options.max_turns, band=band,
                        stage=(Said("k7_stage_deploy"),),
                        end=c.EndDeployment(band=band) if band else None,
                        end_key="k7_end_deployment")
    order = tuple(Slot(band=b, now=b == band, done=not _left(s, b))
                  for b in declare.speaking_order(s))
    figure = None
    if s.exchange is not None:
        figure = s.declaration(s.exchange.number).figure
    pips = tuple(Pip(kind="card") for _ in s.k7.piles.pioches.get(figure or "", []))
    if s.stage == "declare":
        stage = (Said("k7_stage_window" if s.window else "k7_stage_declare"),)
        choose = tuple(f.id for f in s.figures.values()
                       if f.band == band and f.status == "in_play" and s.declared(f.id) is None)
        return TurnView(phase=s.phase, turn=s.turn, turns=s.options.max_turns, band=band,
                        choose=choose if s.window is None else (), stage=stage, order=order,
                        end=c.Decline(band=band) if band else None, end_key="k7_end_decline")
    return TurnView(phase=s.phase, turn=s.turn, turns=s.options.max_turns, band=band,
                    figure=figure, stage=(Said("k7_stage_resolve"),), order=order, pips=pips)


def _left(s: K7State, band: str) -> bool:
    return band not in s.passed and any(
        f.band == band and f.status == "in_play" and s.declared(f.id) is None
        for f in s.figures.values())
