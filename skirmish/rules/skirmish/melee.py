"""Melee (§6.3): Charge with its reaction tests (GAP-39, GAP-44, GAP-45, D-5) and Strike."""

from __future__ import annotations

import math

import msgspec

from skirmish.rules.events import ActionDeclared, Roll, StatusChanged, good_if
from skirmish.rules.frame.context import outranks, rank_level
from skirmish.rules.frame.messages import illegal, said
from skirmish.rules.frame.movement import ignores_difficult
from skirmish.rules.frame.queries import centroid, engaged_with, in_contact, point_away
from skirmish.rules.frame.rout import react
from skirmish.rules.geometry import CONTACT_GAP
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.damage import damage_roll
from skirmish.rules.skirmish.decisions import ask
from skirmish.rules.skirmish.morale import leadership_test
from skirmish.rules.skirmish.movement import keep_out_of_contact, require_free_to_move, run_allowance
from skirmish.rules.skirmish.state import Figure
from skirmish.rules.skirmish.steps import ChargeStep, ForcedMove, MoveAlong, StepBack

#: Pas to spare in :func:`_beside`'s bound on who a charge ending at its target may touch.
TOUCH_SLACK = 1.0


# -- Charge -----------------------------------------------------------------------------------
def check_charger(ctx: Ctx, f: Figure) -> None:
    """The charger's side of [R-ACT-CHARGE] (GAP-39, GAP-44, [R-END-ROUT-FAIL])."""
    if f.routing:
        raise illegal("routing_no_charge", "R-END-ROUT-FAIL", figure=f.name)
    require_free_to_move(ctx, f, "Charge")
    if f.no_run:
        raise illegal("no_run", "GAP-44", figure=f.name)
    if f.pa < 1:
        raise illegal("pa_short", "R-ACT-CHARGE", action="Charge", cost=1, figure=f.name,
                      left=f.pa)


def check_charge(ctx: Ctx, f: Figure, target_id: str, *, charger_checks: bool = True) -> Figure:
    """[R-ACT-CHARGE] GAP-39, D-5 preconditions: the charger's, then the declared target's
    (``charger_checks=False`` when the charger's are already known to hold)."""
    if target_id not in ctx.s.figures:
        raise illegal("no_figure", "R-ACT-CHARGE", figure=target_id)
    t = ctx.fig(target_id)
    if charger_checks:
        check_charger(ctx, f)
    problem = target_problem(ctx, f, t)
    if problem is not None:
        key, rule = problem
        if key == SIGHT:
            raise illegal(key, rule, figure=f.name, target=t.name)
        raise illegal(key, rule, target=t.name)
    return t


#: The refusal of a target out of the charger's sight (D-5).
SIGHT = "charge_needs_sight"


def target_problem(ctx: Ctx, f: Figure, t: Figure) -> tuple[str, str] | None:
    """The target's side of [R-ACT-CHARGE] (GAP-51, [R-EQ-ROPE], D-5): the key and rule of
    the first refusal, or None. Nothing is written out: the legal charges ask it of every
    enemy within reach at most steps, and most refusals are a line of sight."""
    if t.band == f.band:
        return "own_side", "R-ACT-CHARGE"
    if t.status != "in_play":
        return "fallen_no_charge", "GAP-51"
    if t.climbing is not None:
        return "rope_no_melee", "R-EQ-ROPE"
    if not ctx.sees(f, t):
        return SIGHT, "D-5"
    return None


def declare_charge(ctx: Ctx, f: Figure, t: Figure) -> None:
    f.pa -= 1
    ctx.emit(ActionDeclared(rule="R-ACT-CHARGE", figure=f.id, action="charge", cost=1,
                            target=t.id))
    ctx.push(ChargeStep(charger=f.id, target=t.id))


def charge_path(ctx: Ctx, f: Figure, t: Figure, limit: float | None):  # noqa: ANN201
    """The cheapest path to contact with ``t`` (GAP-39: Run distance, difficult × 2)."""
    return ctx.table.path_to_contact(f.disc, t.disc, ctx.obstacles(f, extra=[t]),
                                     ignores_difficult(f), limit=limit, direct_ok=True)


def run_charge(ctx: Ctx, step: ChargeStep) -> None:
    f, t = ctx.fig(step.charger), ctx.fig(step.target)
    if f.status != "in_play":
        return
    if step.stage == "tests":
        _charge_tests(ctx, f, t)
    elif step.stage == "charged":
        _charged_test(ctx, f, step)
    elif step.stage == "move":
        _charge_move(ctx, f, t, step)
    else:
        _charge_contact(ctx, f, t, step)


def _touched_at_end(ctx: Ctx, f: Figure, t: Figure, candidates: list[Figure]) -> list[Figure]:
    """Those of ``candidates`` that the end of the charge path planned now (to ``t``)
    touches, highest rank first then id (the order of Spot's tests, D-4). No path is
    planned when no candidate stands near enough to ``t`` to be touched: the answer is
    none whatever the path, and a charge that then fails its test, or whose target steps
    back, would have planned a route (the dearest part of a charge) for nothing."""
    near = [e for e in candidates if _beside(f, t, e)]
    path = charge_path(ctx, f, t, run_allowance(f)) if near else None
    return [] if path is None else _touching(f, path.end, near)


def _beside(f: Figure, t: Figure, e: Figure) -> bool:
    """Whether ``f``, standing in contact with ``t`` (the end of a charge at it, GAP-39),
    might touch ``e``: then ``e``'s centre is within ``f``'s base and both contact gaps of
    a base touching ``t`` (``TOUCH_SLACK`` pas to spare: a bound, not the test)."""
    reach = 2 * f.radius + t.radius + e.radius + 2 * CONTACT_GAP + TOUCH_SLACK
    return math.hypot(t.x - e.x, t.y - e.y) <= reach


def _touching(f: Figure, end: tuple[float, float], candidates: list[Figure]) -> list[Figure]:
    """Those of ``candidates`` that ``f`` standing at ``end`` touches, highest rank first
    then id."""
    return sorted((e for e in candidates
                   if math.hypot(end[0] - e.x, end[1] - e.y) - f.radius - e.radius
                   <= CONTACT_GAP),
                  key=lambda e: (-rank_level(e), e.id))


def newly_outranking(ctx: Ctx, f: Figure, end: tuple[float, float],
                     faced: tuple[str, ...]) -> list[Figure]:
    """D-5: the enemies outranking ``f`` that it touches standing at ``end`` (the end of a
    charge planned again after a step back), other than those ``faced`` at declaration:
    the Charge test the re-planned move takes, highest rank first then id."""
    return _touching(f, end, [e for e in ctx.in_play() if e.band != f.band
                              and outranks(e, f) and e.id not in faced])


def outranking_contacts(ctx: Ctx, f: Figure, t: Figure) -> list[Figure]:
    """D-5: the enemies that outrank the charger among those the charge will contact:
    the declared target, and every other enemy the planned end position touches (the
    path is planned before the test; highest rank first, the declared target first)."""
    above = [e for e in ctx.in_play() if e.band != f.band and outranks(e, f)]
    first = [t] if t in above else []
    return first + _touched_at_end(ctx, f, t, [e for e in above if e is not t])


def outranked_contacts(ctx: Ctx, f: Figure, t: Figure) -> list[Figure]:
    """D-5: the figures that take "Être chargé": the declared target if the charger
    outranks it, then every other enemy the charger outranks that the planned end
    position touches, highest rank first then id (the path is planned before the tests)."""
    below = [e for e in ctx.in_play() if e.band != f.band and outranks(f, e)]
    first = [t] if t in below else []
    return first + _touched_at_end(ctx, f, t, [e for e in below if e is not t])


def _charge_tests(ctx: Ctx, f: Figure, t: Figure) -> None:
    pa = ctx.s.options.passive_actions
    above = outranking_contacts(ctx, f, t) if pa.charge else []
    if above and not _charge_test(ctx, f, above):
        return
    below = outranked_contacts(ctx, f, t) if pa.charged else []
    # D-5, GAP-45: every target the charger outranks tests at declaration, each test
    # (with its step back) resolved fully before the next.
    ctx.push(ChargeStep(charger=f.id, target=t.id, stage="charged" if below else "move",
                        queue=tuple(e.id for e in below),
                        faced=tuple(e.id for e in above) if above else msgspec.UNSET))


def _charge_test(ctx: Ctx, f: Figure, above: list[Figure]) -> bool:
    """[R-MORALE-CHARGE] D-5: one Charge test for the outranking enemies ``above`` (taken
    against the first); a failure (GAP-44) turns the charge into a Mvt move away."""
    cause = above[0]
    ok = leadership_test(ctx, f, rule="R-MORALE-CHARGE", key="lbl_test",
                         params={"test": "Test de charge"},
                         kind="passive", against=cause, target=cause)
    if not ok:
        f.no_run = True
        react(ctx, rule="R-MORALE-CHARGE", figure=f.id, test="charge", passed=False,
              cause=cause.id, key="loses_nerve")
        # GAP-44: Mvt directly away (D-2: from the centroid of the enemies concerned).
        ctx.push(ForcedMove(figure=f.id, kind="away", origin=centroid(above),
                            distance=f.stats.mvt, rule="R-MORALE-CHARGE",
                            reason="failed charge test",
                            ignore_difficult=ignores_difficult(f)))
        return False
    react(ctx, rule="R-MORALE-CHARGE", figure=f.id, test="charge", passed=True,
          cause=cause.id, key="charges")
    return True


def _charged_test(ctx: Ctx, f: Figure, step: ChargeStep) -> None:
    """[R-MORALE-CHARGED] GAP-45 for the head of the queue, then the same stage for the
    rest (a figure out of play by then is skipped; an empty queue moves on to ``move``)."""
    if not step.queue:
        ctx.push(msgspec.structs.replace(step, stage="move"))
        return
    t = ctx.fig(step.queue[0])
    rest = msgspec.structs.replace(step, queue=step.queue[1:])
    if t.status != "in_play":
        ctx.push(rest)
        return
    nxt = msgspec.structs.replace(rest, tested=(*step.tested, t.id))
    ok = leadership_test(ctx, t, rule="R-MORALE-CHARGED", key="lbl_test",
                         params={"test": "Être chargé"},
                         kind="passive", against=f, target=f)
    if ok:
        react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged", passed=True,
              cause=f.id, key="ready")
        ctx.push(nxt)
        return
    face = ctx.dice.d6()
    back = face >= 5
    ctx.emit(Roll(rule="R-MORALE-CHARGED", **said("lbl_step_back_roll"),
                  dice=(face,), need=5, success=back, figure=t.id,
                  result="may step back 1d3 pas" if back else "stands, −1 R if contacted",
                  outcome=good_if(back)))
    if back and not engaged_with(ctx, t):
        dist = ctx.dice.d3()
        ctx.emit(Roll(rule="R-MORALE-CHARGED", **said("lbl_step_back_distance"),
                      dice=(dist,), compare="table", figure=t.id, result=f"{dist} pas"))
        react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged",
              passed=False, cause=f.id, key="may_step_back", params={"distance": dist})
        ctx.push(StepBack(figure=t.id, charger=f.id, distance=float(dist), then=nxt))
        return
    react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged", passed=False,
          cause=f.id, key="minus_one_r")
    ctx.push(msgspec.structs.replace(nxt, malus_if_contact=(*nxt.malus_if_contact, t.id)))


def run_step_back(ctx: Ctx, step: StepBack) -> None:
    """GAP-45: the target may step back; if it cannot go the full distance (or stays)
    it has −1 R until the end of the turn should the charger reach contact with it. With
    no room at all (a wall or a comrade behind it) it stands: nothing to ask."""
    t, f = ctx.fig(step.figure), ctx.fig(step.charger)
    path = ctx.table.move_straight(t.disc, point_away(t, f.pos), step.distance,
                                   ctx.obstacles(t), ignores_difficult(t))
    path = keep_out_of_contact(ctx, t, path)
    full = path.cost >= step.distance - 1e-6
    stuck = path.cost <= 1e-9 and ctx.s.ruleset_version >= 2  # version 1 asked anyway
    if step.choice is None and t.status == "in_play":
        if stuck:
            react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged", passed=False,
                  cause=f.id, key="no_room_to_step_back")
        else:
            dist = f"{path.cost:.1f}"
            ask(ctx, step, band=t.band, kind="step_back", figure=t.id,
                prompt="ask_step_back", params={"figure": t.id, "distance": dist},
                options=[("back", "opt_step_back", {"distance": dist}, path.end),
                         ("stay", "opt_stand", {}, None)])
            return
    nxt = step.then
    if not (step.choice == "back" and full):
        nxt = msgspec.structs.replace(nxt, malus_if_contact=(*nxt.malus_if_contact, t.id))
    if step.choice == "back" and path.cost > 1e-9:
        ctx.push(MoveAlong(figure=t.id, path=tuple(path.points), reason="step back",
                           rule="R-MORALE-CHARGED", forced=True,
                           ignore_difficult=ignores_difficult(t)), nxt)
    else:
        ctx.push(nxt)


def _charge_move(ctx: Ctx, f: Figure, t: Figure, step: ChargeStep) -> None:
    path = charge_path(ctx, f, t, run_allowance(f)) if t.status == "in_play" else None
    if path is not None:
        if ctx.s.options.passive_actions.charge:
            # D-5: a step back moved the end of the charge; outranking enemies the
            # re-planned end touches that the test at declaration was not taken for call
            # for a Charge test now, before the charger moves.
            new = newly_outranking(ctx, f, path.end, step.faced or ())
            if new and not _charge_test(ctx, f, new):
                return
        ctx.push(MoveAlong(figure=f.id, path=tuple(path.points), reason="charge",
                           rule="R-ACT-CHARGE", ignore_difficult=ignores_difficult(f)),
                 msgspec.structs.replace(step, stage="contact"))
        return
    # [R-ACT-CHARGE-FAIL] out of reach: a Run towards the target (2 PA in all), or half
    # Mvt with only 1 PA, and no move at all from difficult terrain.
    if f.pa >= 1:
        f.pa -= 1
        allowance, extra = run_allowance(f), 1
    else:
        stuck = ctx.table.terrain_at(f.pos) == "difficult" and not ignores_difficult(f)
        allowance, extra = (0.0 if stuck else f.stats.mvt / 2), 0
    ctx.emit(ActionDeclared(rule="R-ACT-CHARGE-FAIL", figure=f.id, action="charge_failed",
                            cost=extra, target=t.id))
    if allowance <= 0:
        return
    full = charge_path(ctx, f, t, 2 * math.dist(f.pos, t.pos) + 4 * f.base)
    if full is not None:
        moved = ctx.table.truncate(full, allowance, ignores_difficult(f))
    else:
        moved = ctx.table.move_straight(f.disc, t.pos, allowance, ctx.obstacles(f),
                                        ignores_difficult(f))
    moved = keep_out_of_contact(ctx, f, moved)
    if len(moved.points) >= 2 and moved.cost > 1e-9:
        ctx.push(MoveAlong(figure=f.id, path=tuple(moved.points), reason="charge (failed)",
                           rule="R-ACT-CHARGE-FAIL", ignore_difficult=ignores_difficult(f)))


def _charge_contact(ctx: Ctx, f: Figure, t: Figure, step: ChargeStep) -> None:
    if t.status != "in_play" or not in_contact(f, t):
        # Stopped short (a passive action ended the move): the charge becomes a Run.
        extra = 1 if f.pa >= 1 else 0
        f.pa -= extra
        ctx.emit(ActionDeclared(rule="R-ACT-CHARGE-FAIL", figure=f.id, action="charge_failed",
                                cost=extra, target=t.id))
        return
    ctx.emit(StatusChanged(rule="R-ACT-CHARGE", figure=f.id, status="engaged"))
    # GAP-45: −1 R "if the charger reaches contact" — with that figure: one that stepped
    # back (part way) out of the re-planned path's reach keeps its full R.
    for tid in step.malus_if_contact:
        if in_contact(f, ctx.fig(tid)):
            _malus(ctx, ctx.fig(tid))
    if ctx.s.options.passive_actions.charged:
        # D-5: an outranked enemy the re-planned path touches but the planned one did not
        # (a step back moved the end) took no test at declaration: it tests now; the
        # charger already touches it, so it cannot step back, and a failure is −1 R.
        for e in engaged_with(ctx, f):
            if e.id in step.tested or not outranks(f, e) or e.charged_malus:
                continue
            if not leadership_test(ctx, e, rule="R-MORALE-CHARGED", key="lbl_test",
                                   params={"test": "Être chargé"},
                                   kind="passive", against=f, target=f):
                react(ctx, rule="R-MORALE-CHARGED", figure=e.id, test="charged",
                      passed=False, cause=f.id, key="engaged_minus_one_r")
                _malus(ctx, e)


def _malus(ctx: Ctx, f: Figure) -> None:
    """GAP-45, D-4: −1 R until the end of the turn; several failures do not stack."""
    if f.status == "in_play" and not f.charged_malus:
        f.charged_malus = True
        ctx.emit(StatusChanged(rule="R-MORALE-CHARGED", figure=f.id, status="charged_malus"))


# -- Strike ---------------------------------------------------------------------------------
def check_strike(ctx: Ctx, f: Figure, target_id: str, weapon: str | None) -> tuple[Figure, str | None]:
    if target_id not in ctx.s.figures:
        raise illegal("no_figure", "R-ACT-STRIKE", figure=target_id)
    t = ctx.fig(target_id)
    if t.band == f.band:
        raise illegal("own_side", "R-ACT-STRIKE", target=t.name)
    if t.status not in ("in_play", "out_of_action"):
        raise illegal("gone", "R-ACT-STRIKE", target=t.name)
    if f.climbing is not None or t.climbing is not None:
        raise illegal("no_rope_fight", "R-EQ-ROPE")
    if not in_contact(f, t):
        raise illegal("not_in_contact", "R-ACT-STRIKE", figure=f.name, target=t.name)
    if f.pa < 1:
        raise illegal("pa_short", "R-ACT-STRIKE", action="Strike", cost=1, figure=f.name,
                      left=f.pa)
    if weapon is not None and weapon not in f.melee:
        raise illegal("no_weapon", "R-ACT-STRIKE", figure=f.name, weapon=weapon)
    return t, weapon if weapon is not None else best_melee(ctx, f)


def best_melee(ctx: Ctx, f: Figure) -> str | None:
    """GAP-40: one weapon per Strike, the attacker's choice; by default the strongest."""
    if not f.melee:
        return None
    return max(f.melee, key=lambda w: (ctx.book.melee_weapons[w].force, w))


def strike_force(ctx: Ctx, f: Figure, weapon: str | None) -> int:
    """[R-MELEE-DMG] F + the weapon's Force (+1 per cybernetic arm, GAP-28; unarmed 0)."""
    wf = ctx.book.melee_weapons[weapon].force if weapon else 0
    return f.stats.f + f.stats.f_melee + wf


def ccc_need(f: Figure) -> int:
    """GAP-40: CCC bounded to 2..6, no other modifier."""
    return min(6, max(2, f.stats.ccc))


def do_strike(ctx: Ctx, f: Figure, t: Figure, weapon: str | None) -> None:
    """[R-ACT-STRIKE] [R-MELEE-HIT] [R-MELEE-DMG], with [R-EQ-BUCKLER] rerolls (GAP-59)."""
    f.pa -= 1
    ctx.emit(ActionDeclared(rule="R-ACT-STRIKE", figure=f.id, action="strike", cost=1,
                            target=t.id, weapon=weapon))
    need = ccc_need(f)
    ins = {"ccc": f.stats.ccc, "weapon": weapon or "unarmed"}
    face = ctx.dice.d6()
    hit = face != 1 and face >= need
    ctx.emit(Roll(rule="R-MELEE-HIT", **ctx.said("lbl_to_hit", weapon=weapon or ""), dice=(face,), need=need,
                  success=hit, inputs=ins, figure=f.id, target=t.id,
                  result="hit" if hit else "miss", outcome=good_if(hit)))
    if t.status == "in_play":
        for k in range(t.stats.bucklers):
            if not hit:
                break
            face = ctx.dice.d6()
            hit = face != 1 and face >= need
            ctx.emit(Roll(rule="R-EQ-BUCKLER", **said("lbl_buckler", n=k + 1), dice=(face,),
                          need=need, success=hit, inputs=ins, figure=f.id, target=t.id,
                          result="hit" if hit else "miss", outcome=good_if(hit)))
    if hit:
        force = strike_force(ctx, f, weapon)
        damage_roll(ctx, t, force, by=f, key="lbl_damage", params={"weapon": weapon or ""},
                    inputs={"strength": f.stats.f, "weapon_force": force - f.stats.f
                            - f.stats.f_melee, "cybernetic_arms": f.stats.f_melee})
