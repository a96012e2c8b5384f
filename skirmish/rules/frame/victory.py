"""Victory points and the end of the game ([R-VP], [R-VP-TABLE], GAP-13, GAP-57), under
every ruleset: each maps its states to the table's standings (RULESETS §0.4)."""

from __future__ import annotations

import math
from collections.abc import Callable

from skirmish.content.models import Rank
from skirmish.content.scenario import Objective
from skirmish.rules.events import GameEnded, ScoreLine, TurnEnded
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.figure import TableFigure
from skirmish.rules.frame.messages import say
from skirmish.rules.frame.queries import bands_in_play

#: French rank terms, kept in every language (RULES.md glossary).
RANK_NAMES = {Rank.CHEF: "Chef", Rank.SOUS_CHEF: "Sous-chef", Rank.SOUS_FIFRE: "Sous-fifre"}


def _line(key: str, vp: int, **params: object) -> ScoreLine:
    return ScoreLine(text=say(key, vp=vp, **params), vp=vp, key=key, params={"vp": vp, **params})


def holds(f: TableFigure, obj: Objective) -> bool:
    """GAP-13: a figure stands on an objective when its base reaches the objective's circle
    (the AI weighs places by the same test the score uses)."""
    return math.dist(f.pos, obj.at) - f.radius <= obj.radius


def holders(ctx: TableCtx, obj: Objective) -> list[TableFigure]:
    """GAP-13: the figures the score counts on ``obj``: in play, not routing, standing on
    it (the band that alone has any scores it)."""
    return [f for f in ctx.in_play() if not f.routing and holds(f, obj)]


def tally(ctx: TableCtx) -> tuple[dict[str, int], dict[str, list[ScoreLine]]]:
    """GAP-57: score each enemy's final state (killed overrides out of action), credited
    per D-7; routed characters score nothing; scenario objectives add their VP."""
    vp = {b.id: 0 for b in ctx.s.bands}
    why: dict[str, list[ScoreLine]] = {b.id: [] for b in ctx.s.bands}
    table = ctx.book.victory_points
    for f in ctx.figures():
        band = f.downed_by_band
        if band is None or f.status not in ("out_of_action", "dead"):
            continue
        rank = Rank(f.rank)
        pts = (table.dead if f.status == "dead" else table.out_of_action)[rank]
        vp[band] += pts
        why[band].append(_line("vp_killed" if f.status == "dead" else "vp_out_of_action", pts,
                               name=f.name, rank=RANK_NAMES[rank]))
    for obj in ctx.s.objectives:
        bands = {f.band for f in holders(ctx, obj)}
        if len(bands) == 1:
            band = bands.pop()
            vp[band] += obj.vp
            why[band].append(_line("vp_objective", obj.vp, objective=obj.name))
    return vp, why


def end_game(ctx: TableCtx, key: str, **params: object) -> None:
    """GAP-13: most VP wins; equal VP is a draw. ``key``/``params`` say why it ended."""
    reason = say(key, **params)
    vp, why = tally(ctx)
    best = max(vp.values(), default=0)
    leaders = [b for b, v in vp.items() if v == best]
    winner = leaders[0] if len(leaders) == 1 else None
    ctx.s.phase = "over"
    ctx.s.active = None
    ctx.s.result = {"reason": reason, "vp": vp, "winner": winner}
    ctx.emit(GameEnded(reason=reason, key=key, params=params, vp=vp, winner=winner,
                       breakdown={b: tuple(v) for b, v in why.items()}))


def close_turn(ctx: TableCtx, next_turn: Callable[[], None],
               finish: Callable[..., None] = end_game) -> None:
    """GAP-13: a turn over, the game ends after the scenario's last turn or once at most
    one band has figures in play (by ``finish``, a ruleset's own end-of-game step, with
    ``end_game``'s arguments); else ``next_turn`` starts."""
    s = ctx.s
    ctx.emit(TurnEnded(turn=s.turn))
    if s.turn >= s.options.max_turns:
        finish(ctx, "end_turns", turn=s.turn, turns=s.options.max_turns)
    elif len(bands_in_play(ctx)) <= 1:
        finish(ctx, "end_one_band")
    else:
        next_turn()
