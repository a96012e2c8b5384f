"""What may be declared now: ``legal_commands`` and the action menu (RULESETS §4.c, §0.7).

A declaration's move is continuous, so the list holds a finite, deterministic sample of
declarations (the contact point of each enemy within reach, the compass points of a
move, each hand card of a Ressource…), each checked by :func:`declare.check` as ``apply``
would; any other point within the allowance is just as legal.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame import deployment as dep
from skirmish.rules.frame.figure import FrameFigure
from skirmish.rules.frame.messages import illegal
from skirmish.rules.frame.queries import engaged_with, in_contact
from skirmish.rules.kart7 import declare
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.state import Declaration
from skirmish.rules.kart7.turn import to_act
from skirmish.rules.ruleset import ActionInfo

COMPASS_POINTS = 8
DENSE_POINTS = 24


def legal_commands(ctx: K7Ctx, *, sample_moves: bool = True, dense_moves: bool = False
                   ) -> list[c.Command]:
    s = ctx.s
    if s.phase == "over":
        return []
    if s.pending is not None:
        return [c.Choose(option=o.key) for o in s.pending.options]
    band = to_act(s)
    if band is None:
        return []
    if s.phase == "deployment":
        return dep.deployment_commands(ctx, band, sample=sample_moves)
    out: list[c.Command] = [c.Decline(band=band)]
    for cmd in candidates(ctx, band, sample_moves=sample_moves, dense_moves=dense_moves):
        try:
            declare.check(ctx, cmd, band)
        except IllegalCommand:
            continue
        out.append(cmd)
    return out


def candidates(ctx: K7Ctx, band: str, *, sample_moves: bool, dense_moves: bool
               ) -> Iterator[c.Declare]:
    """Declarations worth checking for ``band`` now: in a court-circuit window its
    figures' court-circuits, in a reply the contradicted figure's answers, else every
    undeclared figure's declarations."""
    s = ctx.s
    window = s.window
    if window is not None and window.kind == "court_circuit":
        for f in declare.undeclared(ctx, band):
            for cmd in figure_declarations(ctx, f, sample_moves=False, dense_moves=False):
                if cmd.action in ("strike", "shoot", "aim", "move"):
                    yield _as(cmd, kind="court_circuit", of=window.of)
        return
    if window is not None:
        cc = s.declaration(window.of)
        f = ctx.fig(s.declaration(cc.of or 0).figure)
        for cmd in figure_declarations(ctx, f, sample_moves=False, dense_moves=False):
            yield cmd
            if cmd.action in ("strike", "shoot"):
                yield _as(cmd, kind="court_circuit", of=window.of)
        return
    for f in declare.undeclared(ctx, band):
        yield from figure_declarations(ctx, f, sample_moves=sample_moves,
                                       dense_moves=dense_moves)


def _as(cmd: c.Declare, **changes: object) -> c.Declare:
    fields = {k: getattr(cmd, k) for k in cmd.__struct_fields__}
    fields.update(changes)
    return c.Declare(**fields)  # type: ignore[arg-type]


def figure_declarations(ctx: K7Ctx, f: FrameFigure, *, sample_moves: bool, dense_moves: bool
                        ) -> Iterator[c.Declare]:
    """A figure's declarations: hold, rout, strikes, shots, aims, rests, flights, moves,
    heals and supports of its side's declared actions."""
    fid = f.id
    yield c.Declare(figure=fid, action="hold")
    if f.routing:
        yield c.Declare(figure=fid, action="rout")
        return
    engaged = engaged_with(ctx, f)
    enemies = [e for e in ctx.s.figures.values()
               if e.band != f.band and e.status in ("in_play", "out_of_action")]
    hand = ctx.k7.piles.hands.get(fid, [])
    for card in hand:
        yield c.Declare(figure=fid, action="rest", card=card)
    yield c.Declare(figure=fid, action="aim", weapon=f.ranged[0] if f.ranged else None)
    if engaged:
        for e in sorted(engaged, key=lambda e: e.id):
            yield c.Declare(figure=fid, action="strike", target=e.id)
        yield c.Declare(figure=fid, action="flee", to=_away(f, engaged, declare.walk(f, ctx)))
    else:
        for e in sorted(enemies, key=lambda e: e.id):
            if in_contact(f, e):
                yield c.Declare(figure=fid, action="strike", target=e.id)
                continue
            for hurry in (False, True):
                point = _contact_point(ctx, f, e, declare.allowance(ctx, f, "strike", hurry))
                if point is not None:
                    yield c.Declare(figure=fid, action="strike", target=e.id, to=point,
                                    hurry=hurry)
                    break
            for w in f.ranged:
                yield c.Declare(figure=fid, action="shoot", target=e.id, weapon=w)
        if sample_moves:
            yield from _moves(ctx, f, enemies, DENSE_POINTS if dense_moves else COMPASS_POINTS)
    for ally in _wounded(ctx, f):
        yield c.Declare(figure=fid, action="heal", target=ally.id)
    for d in ctx.s.declarations:
        if d.band == f.band and d.kind != "support" and d.action in declare.DRAWING \
                and d.status == "declared" and d.figure != fid:
            yield from _supports(f, d)


def _supports(f: FrameFigure, d: Declaration) -> Iterator[c.Declare]:
    for manoeuvre in ("P", "T"):
        yield c.Declare(figure=f.id, action="support", kind="support", of=d.number,
                        manoeuvre=manoeuvre)
        for w in f.ranged:
            yield c.Declare(figure=f.id, action="support", kind="support", of=d.number,
                            manoeuvre=manoeuvre, weapon=w)


def _wounded(ctx: K7Ctx, f: FrameFigure) -> list[FrameFigure]:
    return [a for a in ctx.band_figures(f.band) if a.id != f.id and in_contact(f, a)
            and any(w.malus or w.pending for w in ctx.own(a.id).wounds)]


def _contact_point(ctx: K7Ctx, f: FrameFigure, e: FrameFigure, allowance: float
                   ) -> tuple[float, float] | None:
    """Where ``f`` would touch ``e`` within ``allowance`` pas, or None."""
    obstacles = [o.disc for o in ctx.in_play() if o.id not in (f.id, e.id)]
    if math.dist(f.pos, e.pos) - f.radius - e.radius > allowance + 0.5:
        return None
    path = ctx.table.path_to_contact(f.disc, e.disc, obstacles, f.stats.ignores_difficult,
                                     limit=allowance, on=f.on_piece)
    if path is None:
        return None
    return (round(path.end[0], 3), round(path.end[1], 3))


def _away(f: FrameFigure, engaged: list[FrameFigure], distance: float) -> tuple[float, float]:
    """Straight away from the enemies it is engaged with, nearly as far as it may go."""
    cx = sum(e.x for e in engaged) / len(engaged)
    cy = sum(e.y for e in engaged) / len(engaged)
    dx, dy = f.x - cx, f.y - cy
    d = math.hypot(dx, dy) or 1.0
    return (round(f.x + dx / d * distance * 0.9, 3), round(f.y + dy / d * distance * 0.9, 3))


def _moves(ctx: K7Ctx, f: FrameFigure, enemies: list[FrameFigure], points: int
           ) -> Iterator[c.Declare]:
    """A move alone: the compass points at the allowance, and towards the nearest enemy."""
    far = declare.allowance(ctx, f, "move", False)
    for k in range(points):
        a = 2 * math.pi * k / points
        to = (round(f.x + far * math.cos(a), 3), round(f.y + far * math.sin(a), 3))
        if 0 <= to[0] <= ctx.s.width and 0 <= to[1] <= ctx.s.height:
            yield c.Declare(figure=f.id, action="move", to=to)
    if enemies:
        e = min(enemies, key=lambda e: (math.dist(f.pos, e.pos), e.id))
        d = math.dist(f.pos, e.pos)
        step = min(far, max(0.0, d - f.radius - e.radius - 1.0))
        if step > 0.5:
            to = (round(f.x + (e.x - f.x) / d * step, 3), round(f.y + (e.y - f.y) / d * step, 3))
            yield c.Declare(figure=f.id, action="move", to=to)


def action_menu(ctx: K7Ctx, f: FrameFigure) -> list[ActionInfo]:
    """Each action of §4.d with whether ``f`` may declare it now, and why not."""
    band = to_act(ctx.s)
    out: list[ActionInfo] = []
    # in a court-circuit's window, what it may declare there (a court-circuit, an answer)
    offered = [cmd for cmd in candidates(ctx, band, sample_moves=True, dense_moves=False)
               if cmd.figure == f.id] if ctx.s.window is not None and band else \
        list(figure_declarations(ctx, f, sample_moves=True, dense_moves=False))
    for action in declare.ACTIONS:
        tried = [cmd for cmd in offered if cmd.action == action]
        error: IllegalCommand | None = None
        ok = False
        for cmd in tried:
            try:
                declare.check(ctx, cmd, band or f.band)
                ok = True
                break
            except IllegalCommand as err:
                error = error or err
        if ok:
            out.append(ActionInfo(kind=action, cost="1", enabled=True))
        elif error is not None:
            out.append(ActionInfo.refused(action, "1", error))
        elif action == "support":  # [K7-CHOICE] nothing of its side declared to join
            out.append(ActionInfo.refused(action, "1", illegal("k7_nothing_to_support",
                                                               "K7-SUPPORT", figure=f.name)))
        else:
            out.append(ActionInfo.refused(action, "1", illegal("k7_nothing_to", "K7-CHOICE",
                                                               figure=f.name, action=action)))
    return out
