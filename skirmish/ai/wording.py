"""A move's plan line in the table's words: "Gorgutz walks into cover by the Hedge, 6 pas
from the Loot cart", not "Gorgutz moves to (24.0, 30.2)".

A player says where a figure goes by what is there: the objective it steps onto, the
piece whose cover it takes or that hides it from the enemy, the objective it heads for,
or the enemy it closes on or falls back from, with the distance in whole pas. The first
of these that is true of the move says it (:func:`move_plan`); a move with none of them
(no enemy left, nothing near) keeps its point. Every line also carries the point (``x``,
``y``), which the window draws.

The line is English in ``text`` (:data:`TEXT`, the same words as
``assets/translations/en/ai.json``); the window says it in its own language by ``key``.
Names come in both languages, ``piece``/``objective`` in English with their article
("the Hedge"), ``piece_fr``/``objective_fr`` as the French window names them
(``name_fr``, else the name), since the window fills a plan's words from its params alone.
"""

from __future__ import annotations

import math
from typing import Any

import shapely

from skirmish.ai.objectives import claims, route_distance
from skirmish.ai.player import Plan
from skirmish.rules import commands as c
from skirmish.rules.frame.victory import holds
from skirmish.rules.game import Game
from skirmish.rules.geometry import CONTACT_GAP
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.rules.skirmish.state import Figure

#: The English line of each kind of move, by key; "walk" or "run" is filled in.
TEXT = {
    "ai.plan_walk_onto": "{figure} walks onto {objective}",
    "ai.plan_run_onto": "{figure} runs onto {objective}",
    "ai.plan_walk_hide": "{figure} walks out of sight behind {piece}",
    "ai.plan_run_hide": "{figure} runs out of sight behind {piece}",
    "ai.plan_walk_cover_objective": "{figure} walks into cover by {piece}, {pas} pas from {objective}",
    "ai.plan_run_cover_objective": "{figure} runs into cover by {piece}, {pas} pas from {objective}",
    "ai.plan_walk_cover_enemy": "{figure} walks into cover by {piece}, {pas} pas from {target}",
    "ai.plan_run_cover_enemy": "{figure} runs into cover by {piece}, {pas} pas from {target}",
    "ai.plan_walk_objective": "{figure} walks towards {objective}, {pas} pas to go",
    "ai.plan_run_objective": "{figure} runs towards {objective}, {pas} pas to go",
    "ai.plan_walk_towards": "{figure} walks to within {pas} pas of {target}",
    "ai.plan_run_towards": "{figure} runs to within {pas} pas of {target}",
    "ai.plan_walk_back": "{figure} falls back to {pas} pas from {target}",
    "ai.plan_run_back": "{figure} runs back to {pas} pas from {target}",
    "ai.plan_walk_across": "{figure} walks across, {pas} pas from {target}",
    "ai.plan_run_across": "{figure} runs across, {pas} pas from {target}",
    "ai.plan_move": "{figure} moves to ({x}, {y})",
}
CLOSER = 0.5  # pas: a move that changes the gap to the enemy by less goes "across"
NEARER = 1.0  # pas: the least a move must shorten the way to an objective to head for it
HIDE_NEAR = 6.0  # pas: a piece further from a figure out of sight is not what hides it


def the(name: str) -> str:
    """An English name with its article: "the Hedge", "the idol" for "The idol"."""
    if name[:4].lower() == "the ":
        return "the " + name[4:]
    return "the " + name


def _names(record: Any, kind: str) -> dict[str, object]:
    return {kind: the(record.name), f"{kind}_fr": record.name_fr or record.name}


def _pas(d: float) -> int:
    """A distance as a player reads it off the tape, in whole pas (at least 1)."""
    return max(1, round(d))


def _nearest_piece(game: Game, at: tuple[float, float], which: str) -> tuple[Any, float] | None:
    """The terrain piece with ``which`` set (``cover``, ``blocks_los``) nearest ``at``."""
    point = shapely.Point(at)
    found = [(p, shapely.Polygon(p.polygon).distance(point)) for p in game.table.pieces
             if getattr(p, which)]
    return min(found, key=lambda x: x[1]) if found else None


def _seen(ctx: Ctx, me: Figure) -> bool:
    return any(ctx.sees(e, me) for e in ctx.in_play() if e.band != me.band)


def move_plan(game: Game, figure: str, cmd: c.Walk | c.Run) -> Plan:
    """The plan line of ``figure``'s ``cmd`` (a Walk or a Run), in the table's words."""
    ctx = ctx_of(game.copy())
    me = ctx.fig(figure)
    kind = "run" if isinstance(cmd, c.Run) else "walk"
    to = cmd.to
    params: dict[str, object] = {"figure": me.name, "x": round(to[0], 1), "y": round(to[1], 1)}
    key, more = _where(game, ctx, me, to)
    key = key.format(kind=kind) if key != "ai.plan_move" else key
    params.update(more)
    return Plan(band=me.band, figure=figure, text=TEXT[key].format(**params), key=key,
                params=params)


def _where(game: Game, ctx: Ctx, me: Figure, to: tuple[float, float]
           ) -> tuple[str, dict[str, object]]:
    """The first true of: onto an objective, out of sight behind a piece, into a piece's
    cover, towards an objective it is sent to, then towards, back from or across from
    the nearest enemy; else the bare point."""
    start = me.pos
    was_seen = _seen(ctx, me)
    was_in_cover = ctx.table.in_cover(me.disc)
    mine = claims(ctx, me)
    before = {o.id: route_distance(ctx, me, o.at) for o in ctx.s.objectives if o.id in mine}
    foes = [e for e in ctx.in_play() if e.band != me.band]
    with odds._placed(ctx, me, to):
        for obj in ctx.s.objectives:
            if holds(me, obj) and math.dist(start, obj.at) - me.radius > obj.radius:
                return "ai.plan_{kind}_onto", _names(obj, "objective")
        if was_seen and not _seen(ctx, me):
            hide = _nearest_piece(game, to, "blocks_los")
            if hide is not None and hide[1] <= HIDE_NEAR:
                return "ai.plan_{kind}_hide", _names(hide[0], "piece")
        nearest = min(foes, key=lambda e: (math.dist(e.pos, to), e.id), default=None)
        if ctx.table.in_cover(me.disc) and not was_in_cover:
            cover = _nearest_piece(game, to, "cover")
            if cover is not None and cover[1] <= me.radius + CONTACT_GAP + 1e-6:
                return _cover_line(ctx, me, cover[0], nearest)
        heading = [(before[o.id] - route_distance(ctx, me, o.at), o) for o in ctx.s.objectives
                   if o.id in before]
        gain, obj = max(heading, key=lambda h: h[0], default=(0.0, None))
        if obj is not None and gain >= NEARER:
            d = route_distance(ctx, me, obj.at) - me.radius - obj.radius
            return "ai.plan_{kind}_objective", {**_names(obj, "objective"), "pas": _pas(d)}
        if nearest is None:
            return "ai.plan_move", {}
        now = math.dist(to, nearest.pos) - me.radius - nearest.radius
    was = math.dist(start, nearest.pos) - me.radius - nearest.radius
    way = "towards" if now < was - CLOSER else "back" if now > was + CLOSER else "across"
    return f"ai.plan_{{kind}}_{way}", {"target": nearest.name, "pas": _pas(now)}


def _cover_line(ctx: Ctx, me: Figure, piece: Any, foe: Figure | None
                ) -> tuple[str, dict[str, object]]:
    """Into ``piece``'s cover, so many pas from whichever is nearer, the nearest
    objective (what the cover is for, as a player says it) or the nearest enemy."""
    names = _names(piece, "piece")
    objs = [(math.dist(me.pos, o.at) - me.radius - o.radius, o.id, o) for o in ctx.s.objectives]
    d_obj, _, obj = min(objs, key=lambda x: x[:2], default=(math.inf, "", None))
    d_foe = math.inf if foe is None else math.dist(me.pos, foe.pos) - me.radius - foe.radius
    if obj is not None and d_obj <= d_foe:
        return "ai.plan_{kind}_cover_objective", {**names, **_names(obj, "objective"),
                                                  "pas": _pas(d_obj)}
    if foe is None:
        return "ai.plan_move", {}
    return "ai.plan_{kind}_cover_enemy", {**names, "target": foe.name, "pas": _pas(d_foe)}
