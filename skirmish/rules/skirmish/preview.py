"""Exact odds and numbers shown before an action is committed (the UI's previews and
the AI's evaluation, RULESETS §0.5 S14). Pure queries: nothing here changes the game."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import msgspec

from skirmish.rules.errors import IllegalCommand
from skirmish.rules.game import Game
from skirmish.rules.skirmish.context import Ctx, outranks
from skirmish.rules.skirmish.damage import effective_r
from skirmish.rules.skirmish.legal import ActionInfo, action_menu
from skirmish.rules.skirmish.melee import best_melee, ccc_need, charge_path, strike_force
from skirmish.rules.skirmish.movement import (
    ignores_difficult,
    move_allowance,
    plan_move,
    run_allowance,
)
from skirmish.rules.skirmish.queries import allies_within, best_ranged_force, gap
from skirmish.rules.skirmish.shooting import chain, check_shot, to_hit


def ctx_of(game: Game) -> Ctx:
    return Ctx(game.state, game.table, game.book, game.dice)


def p_d6_at_least(need: int) -> Fraction:
    """P(d6 ≥ need) where a 1 always fails and a 6 always succeeds."""
    need = min(6, max(2, need))
    return Fraction(7 - need, 6)


def p_sum_at_most(n_dice: int, target: int) -> Fraction:
    """P(sum of ``n_dice`` d6 ≤ target): the Leadership test ([R-GEN-LD])."""
    faces = list(product(range(1, 7), repeat=n_dice))
    return Fraction(sum(1 for f in faces if sum(f) <= target), len(faces))


class ShotPreview(msgspec.Struct, kw_only=True):
    legal: bool
    reason: str = ""
    reason_key: str = ""
    reason_params: dict[str, object] = {}
    rule: str = ""
    visible: bool = False
    blocker: str | None = None
    blocked_at: tuple[float, float] | None = None
    distance: float = 0.0
    range_band: str | None = None
    need: int | None = None
    modifiers: dict[str, int] = {}
    damage_need: int | None = None
    p_hit: float = 0.0
    p_damage: float = 0.0
    p_out_of_action: float = 0.0
    targets: tuple[str, ...] = ()
    blast_victims: tuple[str, ...] = ()
    shot_test: bool = False


def shot_preview(game: Game, shooter: str, weapon: str, target: str) -> ShotPreview:
    ctx = ctx_of(game)
    s, t = ctx.fig(shooter), ctx.fig(target)
    w = ctx.book.ranged_weapons[weapon]
    sight = ctx.sight(s, t)
    blocker = None
    if not sight.visible and sight.blocker is not None:
        blocker = "a figure" if sight.blocker == "figure" else ctx.table.piece_name(sight.blocker)
    point = getattr(sight, "point", None)
    out = ShotPreview(legal=False, visible=sight.visible, blocker=blocker,
                      blocked_at=None if sight.visible or point is None else (point[0], point[1]),
                      distance=round(gap(s, t), 2))
    need = to_hit(ctx, s, t, w)
    out.range_band = need.inputs.get("range_band")  # type: ignore[assignment]
    out.modifiers = {k: int(v) for k, v in need.inputs.items()  # type: ignore[call-overload]
                     if k.endswith("_mod") and v}
    out.need = need.need
    try:
        plan = check_shot(ctx, s, weapon, target)
    except IllegalCommand as e:
        out.reason, out.rule, out.reason_key, out.reason_params = str(e), e.rule or "", e.key, e.params
        return out
    out.legal = True
    out.targets = chain(ctx, s, plan.first[0], w) if not w.is_blast else (t.id,)
    dn = ctx.book.damage.need(w.force, effective_r(t))
    out.damage_need = dn
    p_hit = p_d6_at_least(need.need or 7)
    p_dmg = p_d6_at_least(dn)
    out.p_hit, out.p_damage = float(p_hit), float(p_dmg)
    out.p_out_of_action = float(p_hit * p_dmg) if t.pv <= 1 else 0.0
    if w.is_blast:
        radius = float(w.blast_radius or 0)
        out.blast_victims = tuple(
            f.id for f in ctx.figures() if f.status in ("in_play", "out_of_action")
            and math.dist(t.pos, f.pos) - f.radius <= radius
        )
    own = best_ranged_force(ctx, t)
    out.shot_test = ctx.s.options.passive_actions.shot and (own is None or w.force > own)
    return out


class StrikePreview(msgspec.Struct, kw_only=True):
    need: int
    bucklers: int
    force: int
    damage_need: int
    p_hit: float
    p_damage: float
    p_out_of_action: float
    weapon: str | None


def strike_preview(game: Game, striker: str, target: str, weapon: str | None = None
                   ) -> StrikePreview:
    ctx = ctx_of(game)
    f, t = ctx.fig(striker), ctx.fig(target)
    weapon = weapon if weapon is not None else best_melee(ctx, f)
    need = ccc_need(f)
    bucklers = t.stats.bucklers if t.status == "in_play" else 0
    p = p_d6_at_least(need)
    p_hit = p ** (1 + bucklers)  # GAP-59: every reroll must hit again
    force = strike_force(ctx, f, weapon)
    dn = ctx.book.damage.need(force, effective_r(t))
    p_dmg = p_d6_at_least(dn)
    ooa = p_hit * p_dmg if t.pv <= 1 else Fraction(0)
    return StrikePreview(need=need, bucklers=bucklers, force=force, damage_need=dn,
                         p_hit=float(p_hit), p_damage=float(p_dmg), p_out_of_action=float(ooa),
                         weapon=weapon)


class ChargePreview(msgspec.Struct, kw_only=True):
    reaches: bool
    path: tuple[tuple[float, float], ...] = ()
    cost: float = 0.0
    allowance: float = 0.0
    charge_test: float | None = None
    charged_test: float | None = None


def charge_preview(game: Game, charger: str, target: str) -> ChargePreview:
    """Whether the charge reaches contact, and the odds of the reaction tests."""
    ctx = ctx_of(game)
    f, t = ctx.fig(charger), ctx.fig(target)
    allowance = run_allowance(f)
    path = charge_path(ctx, f, t, allowance)
    out = ChargePreview(reaches=path is not None, allowance=allowance)
    if path is not None:
        out.path, out.cost = tuple(path.points), round(path.cost, 2)
    pa = ctx.s.options.passive_actions
    if pa.charge and outranks(t, f) and not f.hardened:
        out.charge_test = float(p_sum_at_most(2, f.stats.cd + len(allies_within(ctx, f, 3.0))))
    if pa.charged and outranks(f, t) and not t.hardened:
        out.charged_test = float(p_sum_at_most(2, t.stats.cd + len(allies_within(ctx, t, 3.0))))
    return out


def menu(game: Game, figure: str) -> list[ActionInfo]:
    """The action bar for ``figure`` with enabled flags and reasons."""
    ctx = ctx_of(game)
    return action_menu(ctx, ctx.fig(figure))


def move_path(game: Game, figure: str, to: tuple[float, float], kind: str
              ) -> tuple[object | None, IllegalCommand | None]:
    """The path a Walk or Run to ``to`` would take — the very one ``apply`` takes — or
    why it may not (out of reach, blocked, ending in contact with an enemy)."""
    ctx = ctx_of(game)
    f = ctx.fig(figure)
    try:
        return plan_move(ctx, f, to, move_allowance(f, kind != "walk"),
                         "Walk" if kind == "walk" else "Run"), None
    except IllegalCommand as e:
        return None, e


def reach(game: Game, figure: str, kind: str):  # noqa: ANN201 - geometry's Reach
    """The area ``figure`` can reach with a Walk, a Run or a Charge (run distance)."""
    ctx = ctx_of(game)
    f = ctx.fig(figure)
    return ctx.table.reach(f.disc, ctx.obstacles(f), move_allowance(f, kind != "walk"),
                           ignores_difficult(f),
                           on=f.on_piece)
