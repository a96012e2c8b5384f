"""The declaration phase (RULESETS §4.c; [K7-SPEAK-ORDER], [K7-CHOICE], [GAP-K7-5],
[GAP-K7-6], [GAP-K7-7]): what a declaration may say, checked in full before anything
changes, and the moments out of speaking order it opens (a court-circuit, the reply).

Every declaration names its figure, its kind and action, and the move made before it,
measured now within the allowance ([GAP-K7-7]: Rapidité + 2 pas, doubled by a hurry or
for a move alone). An engaged figure leaves contact only by Flee; a routing one only
routs.
"""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.frame.figure import FrameFigure
from skirmish.rules.frame.messages import illegal
from skirmish.rules.frame.movement import plan_path
from skirmish.rules.frame.queries import engaged_with, gap, in_contact
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.events import Declared
from skirmish.rules.kart7.state import Action, Declaration, K7State, Kind, Window

ACTIONS: tuple[Action, ...] = ("hold", "move", "strike", "shoot", "aim", "rest", "flee",
                               "heal", "support", "rout")
KINDS: tuple[Kind, ...] = ("main", "support", "consecutive", "court_circuit")
#: Actions that draw, so that others may support or follow them.
DRAWING = frozenset({"strike", "shoot", "aim", "rest", "flee", "heal"})
#: Actions aimed at an enemy: its band chooses to face or ignore ([K7-IGNORE]).
HOSTILE = frozenset({"strike", "shoot"})
MANOEUVRE = {"strike": "P", "shoot": "P", "aim": "T", "rest": "R"}


def walk(f: FrameFigure, ctx: K7Ctx) -> float:
    """[GAP-K7-7] Rapidité + 2 pas with an action."""
    return float(ctx.own(f.id).profile.rapidite + 2)


def allowance(ctx: K7Ctx, f: FrameFigure, action: str, hurry: bool) -> float:
    """[GAP-K7-7] the move allowed before ``action``: doubled by a hurry or alone."""
    if action in ("hold", "flee", "rout"):
        return 0.0
    base = walk(f, ctx)
    return 2 * base if hurry or action == "move" else base


def speaking_order(s: K7State) -> list[str]:
    """[K7-SPEAK-ORDER] [GAP-K7-5] the bands from the first speaker, in scenario order."""
    bands = [b.id for b in s.bands]
    return bands[s.first_speaker:] + bands[:s.first_speaker]


def may_declare(ctx: K7Ctx, f: FrameFigure) -> bool:
    """In play (a KO figure is out of action), its band in the game, not yet declared."""
    return (f.status == "in_play" and not ctx.s.band(f.band).resigned
            and ctx.s.declared(f.id) is None)


def undeclared(ctx: K7Ctx, band: str) -> list[FrameFigure]:
    return [f for f in ctx.band_figures(band) if may_declare(ctx, f)]


def next_number(s: K7State) -> int:
    return len(s.declarations) + 1


# -- checking a declaration ---------------------------------------------------------------------
def check(ctx: K7Ctx, cmd: c.Declare, band: str) -> Declaration:
    """The declaration ``cmd`` as ``band`` may make it now, or a refusal naming why."""
    s = ctx.s
    f = s.figures.get(cmd.figure)
    if f is None:
        raise illegal("no_figure", None, figure=cmd.figure)
    if f.band != band:
        raise illegal("k7_not_your_figure", "K7-CHOICE", figure=f.name)
    if cmd.action not in ACTIONS:
        raise illegal("k7_unknown_action", "K7-CHOICE", action=cmd.action)
    if cmd.kind not in KINDS:
        raise illegal("k7_unknown_kind", "K7-CHOICE", kind=cmd.kind)
    window = s.window
    back = False
    levels = 0
    if window is not None and window.kind == "reply":
        court_circuit = s.declaration(window.of)
        contradicted = s.figures[s.declaration(court_circuit.of or 0).figure]
        back = cmd.kind == "court_circuit"
        if cmd.figure != contradicted.id:
            raise illegal("k7_reply_only", "K7-CHOICE", figure=contradicted.name)
        if back:
            if cmd.of != window.of:
                raise illegal("k7_back_of", "K7-CHOICE", number=window.of)
            levels = 2
    else:
        if not may_declare(ctx, f):
            raise illegal("k7_cannot_declare", "K7-CHOICE", figure=f.name)
        if window is not None:
            if cmd.kind != "court_circuit" or cmd.of != window.of:
                raise illegal("k7_window_court_circuit", "K7-CHOICE", number=window.of)
            levels = 1
        elif cmd.kind == "court_circuit":
            raise illegal("k7_court_circuit_when", "K7-CHOICE")
    if f.routing and cmd.action != "rout":
        raise illegal("k7_routing", "R-END-ROUT-FAIL", figure=f.name)
    if cmd.action == "rout" and not f.routing:
        raise illegal("k7_not_routing", "R-END-ROUT-FAIL", figure=f.name)
    if (cmd.kind == "support") != (cmd.action == "support"):
        raise illegal("k7_support_kind", "K7-SUPPORT")
    d = Declaration(number=next_number(s), figure=f.id, band=f.band, kind=cmd.kind,  # type: ignore[arg-type]
                    action=cmd.action, of=cmd.of, target=cmd.target,  # type: ignore[arg-type]
                    weapon=cmd.weapon, card=cmd.card, to=cmd.to, hurry=cmd.hurry,
                    spend=cmd.spend, discard=cmd.discard, levels=levels, back=back)
    _check_named(ctx, d)
    _check_markers(ctx, f, d)
    d.allowance = allowance(ctx, f, d.action, d.hurry)
    at = _check_move(ctx, f, d)
    _check_action(ctx, f, d, cmd, at)
    return d


def _check_named(ctx: K7Ctx, d: Declaration) -> None:
    """The declaration a support, a consecutive action or a court-circuit names."""
    s = ctx.s
    if d.kind == "main":
        if d.of is not None:
            raise illegal("k7_main_names_none", "K7-CHOICE")
        return
    if d.of is None or not 1 <= d.of <= len(s.declarations):
        raise illegal("k7_names_declaration", "K7-CHOICE")
    other = s.declaration(d.of)
    if other.status == "replaced" or other.action not in DRAWING | {"move"}:
        raise illegal("k7_nothing_to_join", "K7-CHOICE", number=d.of)
    if d.kind == "support" and (other.band != d.band or other.kind == "support"
                                or other.action not in DRAWING or other.figure == d.figure):
        raise illegal("k7_support_ally", "K7-SUPPORT", number=d.of)
    if d.kind == "court_circuit" and other.band == d.band:
        raise illegal("k7_court_circuit_enemy", "K7-CHOICE", number=d.of)


def _check_markers(ctx: K7Ctx, f: FrameFigure, d: Declaration) -> None:
    """[K7-MARKERS] [GAP-K7-20] markers spent or discarded, each a level on this draw."""
    own = ctx.own(f.id)
    if d.spend < 0 or d.discard < 0 or d.spend > own.bonus or d.discard > own.malus:
        raise illegal("k7_markers", "K7-MARKERS", figure=f.name, bonus=own.bonus,
                      malus=own.malus)
    if (d.spend or d.discard) and d.action not in DRAWING | {"support"}:
        raise illegal("k7_markers_no_draw", "K7-MARKERS")


def _check_move(ctx: K7Ctx, f: FrameFigure, d: Declaration) -> tuple[float, float]:
    """[GAP-K7-7] the move before the action, measured now: where the figure will act."""
    if d.to is None:
        if d.action == "move":
            raise illegal("k7_move_where", "GAP-K7-7")
        if d.hurry:
            raise illegal("k7_hurry_moves", "K7-DURATION")
        return f.pos
    if d.action in ("hold", "rout"):
        raise illegal("k7_no_move", "GAP-K7-7", action=d.action)
    if d.action == "flee":
        return f.pos  # its move is the flight itself, after the draw
    if engaged_with(ctx, f):
        raise illegal("k7_engaged_stays", "GAP-K7-7", figure=f.name)
    path = plan_path(ctx, f, d.to, d.allowance, d.action,
                     may_contact=d.action in ("strike", "support", "heal"))
    return path.end


def _sees_from(ctx: K7Ctx, f: FrameFigure, at: tuple[float, float], target: FrameFigure
               ) -> tuple[bool, float]:
    """Line of sight and edge gap from ``at``, where ``f`` will stand."""
    x, y = f.x, f.y
    f.x, f.y = at
    try:
        return ctx.sight(f, target).visible, gap(f, target)
    finally:
        f.x, f.y = x, y


def _touches(f: FrameFigure, at: tuple[float, float], other: FrameFigure) -> bool:
    x, y = f.x, f.y
    f.x, f.y = at
    try:
        return in_contact(f, other)
    finally:
        f.x, f.y = x, y


def _check_action(ctx: K7Ctx, f: FrameFigure, d: Declaration, cmd: c.Declare,
                  at: tuple[float, float]) -> None:
    s = ctx.s
    book = ctx.book
    target = s.figures.get(d.target) if d.target is not None else None
    if d.target is not None and target is None:
        raise illegal("no_figure", None, figure=d.target)
    if d.action in ("strike", "shoot") and (target is None or target.band == f.band
                                            or target.status not in ("in_play",
                                                                     "out_of_action")):
        raise illegal("k7_enemy_target", "K7-MANOEUVRES", action=d.action)
    if d.action == "strike":
        assert target is not None
        if d.weapon is not None and d.weapon not in f.melee:
            raise illegal("k7_not_carried", "GAP-K7-12", figure=f.name, weapon=d.weapon)
        if not _touches(f, at, target):
            raise illegal("k7_strike_contact", "K7-MANOEUVRES", figure=f.name,
                          target=target.name)
        d.skill, d.manoeuvre = "contact", "P"
    elif d.action == "shoot":
        assert target is not None
        if d.weapon is None or d.weapon not in f.ranged:
            raise illegal("k7_not_carried", "GAP-K7-12", figure=f.name, weapon=d.weapon or "-")
        if engaged_with(ctx, f):
            raise illegal("k7_engaged_shot", "GAP-K7-8", figure=f.name)
        visible, distance = _sees_from(ctx, f, at, target)
        if not visible:
            raise illegal("k7_no_sight", "R-SHOOT-LOS", figure=f.name, target=target.name)
        w = book.ranged_weapons[d.weapon]
        if distance > w.long:
            raise illegal("k7_out_of_range", "GAP-K7-8", target=target.name, weapon=w.name_fr)
        if w.is_blast and distance + target.radius <= float(w.blast_radius or 0):
            raise illegal("k7_inside_blast", "GAP-K7-23", figure=f.name,
                          radius=f"{float(w.blast_radius or 0):g}")
        d.skill, d.manoeuvre = "distance", "P"
    elif d.action == "aim":
        if d.weapon is not None and d.weapon not in f.ranged + f.melee:
            raise illegal("k7_not_carried", "GAP-K7-12", figure=f.name, weapon=d.weapon)
        d.skill = "distance" if d.weapon in f.ranged else "contact"
        d.manoeuvre = "T"
    elif d.action == "rest":
        if d.card is None or d.card not in ctx.k7.piles.hands.get(f.id, []):
            raise illegal("k7_rest_card", "GAP-K7-18", figure=f.name)
        d.skill, d.manoeuvre = "volonte", "R"
    elif d.action == "flee":
        if not engaged_with(ctx, f):
            raise illegal("k7_flee_engaged", "GAP-K7-7", figure=f.name)
        if d.to is None:
            raise illegal("k7_flee_where", "GAP-K7-7")
        plan_path(ctx, f, d.to, walk(f, ctx) + _engaged_room(ctx, f), "flee",
                  may_contact=False)
        d.skill = "poursuite"
    elif d.action == "heal":
        if target is None or target.band != f.band or target.id == f.id:
            raise illegal("k7_heal_ally", "K7-MEDICINE")
        if not any(w.malus or w.pending for w in ctx.own(target.id).wounds):
            raise illegal("k7_heal_nothing", "K7-MEDICINE", target=target.name)
        if not _touches(f, at, target):
            raise illegal("k7_heal_contact", "K7-MEDICINE", target=target.name)
        d.skill = "intellect"
    elif d.action == "support":
        _check_support(ctx, f, d, cmd, at)
    elif d.target is not None:
        raise illegal("k7_no_target", "K7-CHOICE", action=d.action)


def _engaged_room(ctx: K7Ctx, f: FrameFigure) -> float:
    """A flight starts in contact: the bases it slides past cost nothing more."""
    return max((e.base for e in engaged_with(ctx, f)), default=0.0)


def supported_target(ctx: K7Ctx, d: Declaration) -> FrameFigure:
    """[GAP-K7-19] whom a support of ``d`` must reach: ``d``'s target, or its figure."""
    return ctx.s.figures[d.target] if d.target is not None else ctx.s.figures[d.figure]


def _check_support(ctx: K7Ctx, f: FrameFigure, d: Declaration, cmd: c.Declare,
                   at: tuple[float, float]) -> None:
    """[K7-SUPPORT] [GAP-K7-19] in contact with the supported action's target (Contact),
    or with sight and range to it (Distance, with the ranged weapon named)."""
    if cmd.manoeuvre not in ("P", "T", "R"):
        raise illegal("k7_support_manoeuvre", "K7-SUPPORT")
    d.manoeuvre = cmd.manoeuvre  # type: ignore[assignment]
    other = ctx.s.declaration(d.of or 0)
    reach = supported_target(ctx, other)
    if d.weapon is not None:
        if d.weapon not in f.ranged:
            raise illegal("k7_not_carried", "GAP-K7-12", figure=f.name, weapon=d.weapon)
        visible, distance = _sees_from(ctx, f, at, reach)
        if not visible or distance > ctx.book.ranged_weapons[d.weapon].long:
            raise illegal("k7_support_reach", "GAP-K7-19", figure=f.name, target=reach.name)
        d.skill = "distance"
    else:
        if not _touches(f, at, reach) and reach.id != f.id:
            raise illegal("k7_support_reach", "GAP-K7-19", figure=f.name, target=reach.name)
        d.skill = "contact"
    d.target = None


# -- recording it ------------------------------------------------------------------------------
def record(ctx: K7Ctx, d: Declaration) -> None:
    """The declaration made public ([K7-CHOICE] step 5), as a token and a list entry."""
    s = ctx.s
    s.declarations.append(d)
    path: tuple[tuple[float, float], ...] = (s.figures[d.figure].pos, d.to) if d.to else ()
    ctx.emit(Declared(number=d.number, figure=d.figure, kind=d.kind, manoeuvre=d.manoeuvre,
                      skill=d.skill, target=d.target, of=d.of, hurry=d.hurry, path=path,
                      action=d.action, levels=d.levels))


def replace(ctx: K7Ctx, d: Declaration) -> None:
    """[K7-CHOICE] the contradicted figure re-declares: its old declaration is set aside
    (and every support or consecutive action naming it with it)."""
    old = ctx.s.declared(d.figure)
    if old is not None:
        old.status = "replaced"
    record(ctx, d)


def court_circuit_window(ctx: K7Ctx, d: Declaration) -> Window | None:
    """[K7-CHOICE] right after a declaration, the opposing bands that have a figure yet to
    declare may court-circuit it, in speaking order."""
    if d.kind not in ("main", "consecutive") or d.action not in DRAWING | {"move"}:
        return None
    order = speaking_order(ctx.s)
    i = order.index(d.band)
    bands = [b for b in order[i + 1:] + order[:i]
             if b not in ctx.s.passed and undeclared(ctx, b)]
    return Window(kind="court_circuit", of=d.number, bands=bands) if bands else None
