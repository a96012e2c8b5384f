"""Exact odds and numbers shown before an action is committed (the UI's previews and
the AI's evaluation, RULESETS §0.5 S14). Pure queries: nothing here changes the game."""

from __future__ import annotations

import math

import msgspec

from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.movement import ignores_difficult
from skirmish.rules.frame.queries import gap
from skirmish.rules.game import Game
from skirmish.rules.ruleset import ActionInfo
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.damage import effective_r
from skirmish.rules.skirmish.melee import charge_path
from skirmish.rules.skirmish.movement import move_allowance, plan_move, run_allowance
from skirmish.rules.skirmish.queries import best_ranged_force
from skirmish.rules.skirmish.shooting import chain, check_shot, to_hit


def ctx_of(game: Game) -> Ctx:
    return Ctx(game.state, game.table, game.book, game.dice)


p_d6_at_least = odds.p_d6
p_sum_at_most = odds.p_sum_at_most


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
    taken_out: dict[int, float] = {}  # P(k figures out of action) for the whole shot
    tests: tuple[tuple[str, str, float], ...] = ()  # (rule, figure, P(pass)) it provokes


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
    o = odds.shot_odds(ctx, s, weapon, t)
    first = o.targets.index(t.id) if t.id in o.targets else 0
    out.p_hit, out.p_damage = float(o.p_hit[first]) if o.p_hit else 0.0, float(p_d6_at_least(dn))
    out.p_out_of_action = float(o.harms[first].p_out) if o.harms else 0.0
    out.taken_out = {k: float(v) for k, v in o.taken_out.items()}
    out.tests = tuple((x.rule, x.figure, float(x.p_pass)) for x in o.tests)
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
    o = odds.strike_odds(ctx, ctx.fig(striker), ctx.fig(target), weapon)
    return StrikePreview(need=o.need, bucklers=o.bucklers, force=o.force, damage_need=o.damage_need,
                         p_hit=float(o.p_hit), p_damage=float(o.p_damage),
                         p_out_of_action=float(o.harm.p_out), weapon=o.weapon)


class ChargePreview(msgspec.Struct, kw_only=True):
    reaches: bool
    path: tuple[tuple[float, float], ...] = ()
    cost: float = 0.0
    allowance: float = 0.0
    charge_test: float | None = None
    charged_test: float | None = None
    p_contact: float = 0.0  # the tests, step-back and Spot stops included
    p_out_of_action: float = 0.0  # after the charge and a Strike with every PA left
    tests: tuple[tuple[str, str, float], ...] = ()


def charge_preview(game: Game, charger: str, target: str) -> ChargePreview:
    """Whether the charge reaches contact, and the odds of the reaction tests."""
    ctx = ctx_of(game)
    f, t = ctx.fig(charger), ctx.fig(target)
    allowance = run_allowance(f)
    path = charge_path(ctx, f, t, allowance)
    out = ChargePreview(reaches=path is not None, allowance=allowance)
    if path is not None:
        out.path, out.cost = tuple(path.points), round(path.cost, 2)
    o = odds.charge_odds(ctx, f, t)
    out.charge_test = None if o.p_charge_test is None else float(o.p_charge_test)
    out.charged_test = None if o.p_charged_test is None else float(o.p_charged_test)
    out.p_contact, out.p_out_of_action = float(o.p_contact), float(o.p_out)
    out.tests = tuple((x.rule, x.figure, float(x.p_pass)) for x in o.tests)
    return out


def menu(game: Game, figure: str) -> list[ActionInfo]:
    """The action bar for ``figure`` with enabled flags and reasons: the ruleset's own
    (RULESETS §0.7), so each ruleset says which of its actions are open and why not."""
    return game.ruleset.action_menu(game.state, game.table, game.book, game.dice, figure)


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


def move_tests(game: Game, figure: str, path: object) -> list[tuple[str, str, float]]:
    """The Spot tests a move along ``path`` would provoke: (rule, tester, P(pass))."""
    ctx = ctx_of(game)
    pts = tuple(getattr(path, "points", path))  # type: ignore[arg-type]
    return [(x.rule, x.figure, float(x.p_pass)) for x in odds.spot_tests(ctx, ctx.fig(figure), pts)]
