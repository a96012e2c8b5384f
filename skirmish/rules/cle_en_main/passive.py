"""Skirmish's passive actions under Clé en main (RULES.md §7 [R-MORALE-*], RULESETS §0.2 and
§2.e, GAP-ALT-3): the same switches and defaults (``passive_actions``, D-1), each test the
Leadership of §2.e — Cd = Volonté + 2 on 2d6, or Volonté/15 — with +1 per ally less than
3 pas away ([R-MORALE-ALLY], :mod:`skirmish.rules.frame.passive`); the frame's rolls are
Skirmish d6 (GAP-ALT-9). Read in Clé en main's terms:

- [R-MORALE-CHARGE] (GAP-44 (a)): a figure charging an enemy of higher rank tests when
  its charge is carried out (after the interrupt window); failed, it moves its
  move-and-act allowance directly away and its tour de jeu is spent.
- [R-MORALE-CHARGED] (GAP-45): a figure charged by one of higher rank tests then; failed,
  on a 5–6 it steps 1d3 pas straight back (and the charger must reach it again within its
  allowance, else its tour ends short); stepping back less than that, or not at all, it
  meets the charge with a Danger on its next Défense — the −2 of [CM-N-DANGER] read for
  Skirmish's −1 R if contacted.
- [R-MORALE-SPOT] (GAP-46 (a)): once per pair, when a move ends with a figure in sight of
  an enemy of higher rank for the first time (pairs in sight when deployment ends count as
  seen); passed, it may shoot that enemy at once for free, outside its tour de jeu;
  failed, it moves 1d3 pas out of the enemy's sight, else straight away.
- [R-MORALE-SHOT] (GAP-48 (a)): after a shot at it is resolved (the attack queues it), a
  figure still able to act tests if the shooting weapon has more damage dice than its own
  best shooting weapon, or if it has none; failed, it moves 1d3 pas to the nearest cover,
  else straight back.

An engaged figure makes no forced move (D-3). Tests waiting (a sighting, a shot) are kept
in the state and resolved one at a time between the steps of the flow, each fully (its
free shot included) before the next.
"""

from __future__ import annotations

from skirmish.rules.cle_en_main import actions as act
from skirmish.rules.cle_en_main import attack
from skirmish.rules.cle_en_main.ask import ask
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow_state import Tour
from skirmish.rules.cle_en_main.leadership import CmLeadership
from skirmish.rules.cle_en_main.state import Passive
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActionDeclared, Moved
from skirmish.rules.frame.context import outranks
from skirmish.rules.frame.figure import FrameFigure
from skirmish.rules.frame.movement import ignores_difficult
from skirmish.rules.frame.passive import (
    away,
    d3_move,
    forced_move,
    out_of_sight,
    passive_test,
)
from skirmish.rules.frame.passive import switched_on as on
from skirmish.rules.frame.queries import engaged_with
from skirmish.rules.frame.rout import react


def _able(ctx: CmCtx, fid: str) -> bool:
    f, cf = ctx.pair(fid)
    return f.status == "in_play" and not cf.unconscious and not cf.dead


def _test(ctx: CmCtx, f: FrameFigure, rule: str, test: str) -> bool:
    return passive_test(ctx, CmLeadership(ctx), f, rule=rule, test=test)





# -- a charge ----------------------------------------------------------------------------------
def charge_nerve(ctx: CmCtx, tour: Tour, target: str) -> bool:
    """[R-MORALE-CHARGE] True if the charge goes on; else the charger has moved away and
    its tour de jeu is spent (GAP-44 (a))."""
    f, t = ctx.fig(tour.figure), ctx.fig(target)
    if not on(ctx, "charge") or not outranks(t, f):
        return True
    if _test(ctx, f, "R-MORALE-CHARGE", "Test de charge"):
        react(ctx, rule="R-MORALE-CHARGE", figure=f.id, test="charge", passed=True,
              cause=t.id, key="cm_p_charges")
        return True
    react(ctx, rule="R-MORALE-CHARGE", figure=f.id, test="charge", passed=False, cause=t.id,
          key="cm_p_loses_nerve")
    ctx.emit(ActionDeclared(rule="R-MORALE-CHARGE", figure=f.id, action="charge_failed",
                            cost=1, target=target))
    forced_move(ctx, f, away(ctx, f, t.pos, act.move_act(ctx, f)), "R-MORALE-CHARGE",
            "failed charge test")
    tour.acted = True
    return False


def charged_nerve(ctx: CmCtx, tour: Tour, target: str) -> bool:
    """[R-MORALE-CHARGED] The target's test; True if it meets the charge exposed (a
    Danger on its next Défense once the charger reaches it)."""
    f, t = ctx.fig(tour.figure), ctx.fig(target)
    if not on(ctx, "charged") or not outranks(f, t) or not _able(ctx, t.id):
        return False
    if _test(ctx, t, "R-MORALE-CHARGED", "Être chargé"):
        react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged", passed=True,
              cause=f.id, key="cm_p_ready")
        return False
    face = ctx.roll(1, rule="R-MORALE-CHARGED", key="cm_lbl_step_back", params={}, need=5,
                    figure=t.id, good_when_met=True)[0]
    if face < 5 or engaged_with(ctx, t):
        react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged", passed=False,
              cause=f.id, key="cm_p_exposed")
        return True
    dist = d3_move(ctx, t, rule="R-MORALE-CHARGED", key="cm_lbl_move_d3", test="Être chargé")
    path = away(ctx, t, f.pos, float(dist))
    forced_move(ctx, t, path, "R-MORALE-CHARGED", "step back")
    full = path.cost >= dist - 1e-6
    react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged", passed=False, cause=f.id,
          key="cm_p_steps_back" if full else "cm_p_steps_back_short",
          params={"distance": f"{path.cost:.1f}"})
    return not full


def expose(ctx: CmCtx, target: str) -> None:
    """GAP-45 read in Clé en main's terms: the charge reaches a figure that could not step
    back — its next Défense takes a Danger ([CM-N-DANGER])."""
    ctx.cmf(target).danger += 1


def charge_short(ctx: CmCtx, tour: Tour, target: str) -> None:
    """The target stepped out of reach: the charger moves its allowance towards it, and
    its tour de jeu is spent without a blow."""
    f, t = ctx.fig(tour.figure), ctx.fig(target)
    ctx.emit(ActionDeclared(rule="R-MORALE-CHARGED", figure=f.id, action="charge_failed",
                            cost=1, target=target))
    path = ctx.table.move_straight(f.disc, t.pos, act.move_act(ctx, f), ctx.obstacles(f),
                                   ignores_difficult(f))
    forced_move(ctx, f, path, "R-MORALE-CHARGED", "charge (failed)")
    tour.acted = True


# -- sightings ---------------------------------------------------------------------------------
def _key(tester: str, enemy: str) -> str:
    return f"{tester}>{enemy}"


def see_deployed(ctx: CmCtx) -> None:
    """GAP-46: the pairs in sight when deployment ends count as seen."""
    figs = ctx.in_play()
    for t in figs:
        for e in figs:
            if e.band != t.band and outranks(e, t) and ctx.sees(t, e):
                ctx.cm.seen.append(_key(t.id, e.id))


def note_moves(ctx: CmCtx, since: int) -> int:
    """Queue a Spot test for every pair first in sight where a move since event ``since``
    ended: the mover's own first (the enemy of highest rank first), then the others by
    rank. Returns the events looked at."""
    if not on(ctx, "spot") or ctx.s.phase != "battle":
        return len(ctx.events)
    movers = [e.figure for e in ctx.events[since:] if isinstance(e, Moved)]
    for mid in dict.fromkeys(movers):
        if not _able(ctx, mid):
            continue
        m = ctx.fig(mid)
        own, others = [], []
        for e in ctx.in_play():
            if e.band == m.band or ctx.cmf(e.id).unconscious:
                continue
            if outranks(e, m) and _key(m.id, e.id) not in ctx.cm.seen and ctx.sees(m, e):
                own.append((m, e))
            elif outranks(m, e) and _key(e.id, m.id) not in ctx.cm.seen and ctx.sees(e, m):
                others.append((e, m))
        own.sort(key=lambda p: (-_level(p[1]), p[1].id))
        others.sort(key=lambda p: (-_level(p[0]), p[0].id))
        for t, e in (*own, *others):
            ctx.cm.seen.append(_key(t.id, e.id))
            ctx.cm.passives.append(Passive(kind="spot", figure=t.id, cause=e.id))
    return len(ctx.events)


def _level(f: FrameFigure) -> int:
    return {"chef": 3, "sous_chef": 2, "sous_fifre": 1}.get(f.rank, 0)


def free_shots(ctx: CmCtx, t: FrameFigure, e: FrameFigure) -> list[str]:
    """The weapons ``t`` may shoot ``e`` with now (sight, range, not engaged), the most
    damage dice first."""
    probe = Tour(figure=t.id, band=t.band, reason="passive")
    weapons = ctx.cmf(t.id).profile.weapons
    out = []
    for wid, w in weapons.items():
        if w.range is None:
            continue
        try:
            act.check_shot(ctx, probe, wid, e.id)
        except IllegalCommand:
            continue
        out.append(wid)
    return sorted(out, key=lambda w: (-weapons[w].dice, w))


def _spot(ctx: CmCtx, p: Passive) -> None:
    t, e = ctx.fig(p.figure), ctx.fig(p.cause)
    if not _able(ctx, t.id) or not _able(ctx, e.id):
        return
    if _test(ctx, t, "R-MORALE-SPOT", "Apercevoir l'ennemi"):
        react(ctx, rule="R-MORALE-SPOT", figure=t.id, test="spot", passed=True, cause=e.id,
              key="cm_p_stands_free_shot")
        weapons = free_shots(ctx, t, e)
        if weapons:
            ask(ctx, band=t.band, kind="cm_free_shot", figure=t.id, prompt="cm_ask_free_shot",
                params={"figure": t.id, "target": e.id},
                options=[(f"{w}@{e.id}", "cm_opt_weapon", {"weapon": w}) for w in weapons]
                + [("hold", "cm_opt_hold", {})])
        return
    dist = d3_move(ctx, t, rule="R-MORALE-SPOT", key="cm_lbl_move_d3", test="Apercevoir l'ennemi")
    react(ctx, rule="R-MORALE-SPOT", figure=t.id, test="spot", passed=False, cause=e.id,
          key="cm_p_out_of_sight", params={"distance": dist})
    if not engaged_with(ctx, t):
        forced_move(ctx, t, out_of_sight(ctx, t, e, float(dist)), "R-MORALE-SPOT", "spot")



def free_shot(ctx: CmCtx, tester: str, option: str) -> None:
    """[R-MORALE-SPOT] the free shot ``tester`` chose ("weapon@target", or "hold"): taken at
    once, outside its tour de jeu (the tour under way waits, as for an interrupt, and goes
    on after it)."""
    if option == "hold":
        return
    s = ctx.s
    wid, _, target = option.partition("@")
    if s.tour is not None:
        s.suspended.append(s.tour)
    tour = Tour(figure=tester, band=ctx.fig(tester).band, reason="passive", declared=True)
    s.tour, s.active = tour, tester
    ctx.emit(ActionDeclared(rule="R-MORALE-SPOT", figure=tester, action="free_shot", cost=0,
                            target=target, weapon=wid))
    attack.start(ctx, tour, "shot", target, wid)


# -- being shot at -----------------------------------------------------------------------------
def _shot(ctx: CmCtx, p: Passive) -> None:
    f, s = ctx.fig(p.figure), ctx.fig(p.cause)
    if not _able(ctx, f.id) or p.weapon is None:
        return
    dice = ctx.cmf(s.id).profile.weapons[p.weapon].dice
    own = [w.dice for wid, w in ctx.cmf(f.id).profile.weapons.items()
           if w.range is not None and wid not in ctx.cmf(f.id).dropped]
    if own and dice <= max(own):
        return
    if _test(ctx, f, "R-MORALE-SHOT", "Subir un tir"):
        react(ctx, rule="R-MORALE-SHOT", figure=f.id, test="shot", passed=True, cause=s.id,
              key="cm_p_holds")
        return
    dist = d3_move(ctx, f, rule="R-MORALE-SHOT", key="cm_lbl_move_d3", test="Subir un tir")
    react(ctx, rule="R-MORALE-SHOT", figure=f.id, test="shot", passed=False, cause=s.id,
          key="cm_p_to_cover", params={"distance": dist})
    if engaged_with(ctx, f):
        return
    path = ctx.table.nearest_cover(f.disc, ctx.obstacles(f), float(dist), ignores_difficult(f))
    forced_move(ctx, f, path or away(ctx, f, s.pos, float(dist)), "R-MORALE-SHOT", "Subir un tir")


def resolve_next(ctx: CmCtx) -> None:
    """The first passive action waiting, resolved (it may ask for a free shot)."""
    p = ctx.cm.passives.pop(0)
    (_spot if p.kind == "spot" else _shot)(ctx, p)
