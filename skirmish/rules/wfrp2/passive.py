"""Skirmish's passive actions under WFRP 2e (RULES.md §7 [R-MORALE-*]; RULESETS §0.2, §1.e,
GAP-ALT-3), from version 3 (``PASSIVES``): the same switches and defaults
(``passive_actions``, D-1), each test WFRP's Leadership (Cd = round(FM / 5) on 2d6, or
d100 ≤ FM with ``morale: native``) with +1 Cd per ally less than 3 pas away
([R-MORALE-ALLY], :mod:`skirmish.rules.frame.passive`); the frame's rolls are Skirmish d6
(GAP-ALT-9). Read in WFRP's terms:

- [R-MORALE-CHARGE] (GAP-44 (a)): a figure charging an enemy of higher rank tests before
  it moves; failed, it moves up to its Mvt directly away instead, the Charge's full
  action spent.
- [R-MORALE-CHARGED] (GAP-45): the enemy charged by one of higher rank tests then;
  failed, on a 5–6 it steps 1d3 pas straight back (the charger must still reach it within
  its Charge, else it moves that far towards it and its Charge ends without a blow);
  stepping back less than that, or not at all, the charge's blow reaches it with −1 BE —
  Skirmish's −1 R if contacted.
- [R-MORALE-SPOT] (GAP-46 (a)): once per pair, when a move ends with a figure in sight of
  an enemy of higher rank for the first time (pairs in sight when the battle starts count
  as seen); passed, it may shoot that enemy at once for free (:mod:`.passive_steps`);
  failed, it moves 1d3 pas out of the enemy's sight, else straight away.
- [R-MORALE-SHOT] (GAP-48 (a)): after each shot at it is resolved, hit or miss, a figure
  still in play tests if the weapon's damage is greater than that of its own best
  ranged weapon, or if it has none; failed, it moves 1d3 pas to the nearest cover, else
  straight back.

An engaged figure makes no forced move (D-3). The tests a sighting or a shot owes wait on
the resolution stack as :class:`~skirmish.rules.wfrp2.state.Passive` steps, each resolved
fully (its free shot included) before the step under it.
"""

from __future__ import annotations

from skirmish.rules.events import Moved
from skirmish.rules.frame.context import outranks
from skirmish.rules.frame.movement import ignores_difficult
from skirmish.rules.frame.passive import (
    away,
    d3_move,
    forced_move,
    out_of_sight,
    passive_test,
    switched_on,
)
from skirmish.rules.frame.queries import engaged_with
from skirmish.rules.frame.rout import react
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.leadership import WF_LEADERSHIP
from skirmish.rules.wfrp2.state import PASSIVES, Attack, Passive, Sightings, Step, WfFigure

#: The rank order of a sighting's tests: the enemy of highest rank first.
_LEVEL = {"chef": 3, "sous_chef": 2, "sous_fifre": 1}


def on(ctx: WfCtx, kind: str) -> bool:
    """D-1: the passive action ``kind`` is in use in this game (version 3 on)."""
    return ctx.s.ruleset_version >= PASSIVES and switched_on(ctx, kind)


def memory(ctx: WfCtx) -> Sightings | None:
    """The passive actions' memory; None in a game of an earlier version."""
    m = ctx.s.passives
    return m if isinstance(m, Sightings) else None


def begin(ctx: WfCtx) -> None:
    """The battle starts: a game of version 3 gets its memory, with the pairs in sight now
    counted as seen (GAP-46)."""
    if ctx.s.ruleset_version < PASSIVES:
        return
    figs = ctx.in_play()
    seen = [_key(t.id, e.id) for t in figs for e in figs
            if e.band != t.band and outranks(e, t) and ctx.sees(t, e)] if on(ctx, "spot") else []
    ctx.s.passives = Sightings(seen=seen)


def _key(tester: str, enemy: str) -> str:
    return f"{tester}>{enemy}"


def _test(ctx: WfCtx, f: WfFigure, rule: str, test: str) -> bool:
    return passive_test(ctx, WF_LEADERSHIP, f, rule=rule, test=test)





# -- a charge ----------------------------------------------------------------------------------
def charge_nerve(ctx: WfCtx, f: WfFigure, t: WfFigure) -> bool:
    """[R-MORALE-CHARGE] True if ``f``'s charge at ``t`` goes on; else it has moved away
    (GAP-44 (a))."""
    if not on(ctx, "charge") or not outranks(t, f):
        return True
    if _test(ctx, f, "R-MORALE-CHARGE", "Test de charge"):
        react(ctx, rule="R-MORALE-CHARGE", figure=f.id, test="charge", passed=True,
              cause=t.id, key="wf_p_charges")
        return True
    react(ctx, rule="R-MORALE-CHARGE", figure=f.id, test="charge", passed=False, cause=t.id,
          key="wf_p_loses_nerve")
    forced_move(ctx, f, away(ctx, f, t.pos, f.profile.mvt), "R-MORALE-CHARGE",
            "failed charge test")
    return False


def charged_nerve(ctx: WfCtx, f: WfFigure, t: WfFigure) -> bool:
    """[R-MORALE-CHARGED] ``t``'s test as ``f`` charges it; True if it stepped back (the
    charge's path must be found again). A target that could not step back its full 1d3
    is exposed to this charge's blow (GAP-45, :func:`exposed`)."""
    m = memory(ctx)
    if m is None:
        return False
    m.exposed = [k for k in m.exposed if not k.startswith(f"{f.id}>")]
    if not on(ctx, "charged") or not outranks(f, t) or t.status != "in_play":
        return False
    if _test(ctx, t, "R-MORALE-CHARGED", "Être chargé"):
        react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged", passed=True,
              cause=f.id, key="wf_p_ready")
        return False
    face = ctx.roll(1, rule="R-MORALE-CHARGED", key="wf_lbl_step_back", params={}, need=5,
                    figure=t.id, good_when_met=True)[0]
    if face < 5 or engaged_with(ctx, t):
        react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged", passed=False,
              cause=f.id, key="wf_p_exposed")
        m.exposed.append(_key(f.id, t.id))
        return False
    dist = d3_move(ctx, t, rule="R-MORALE-CHARGED", key="wf_lbl_move_d3", test="Être chargé")
    path = away(ctx, t, f.pos, float(dist))
    forced_move(ctx, t, path, "R-MORALE-CHARGED", "step back")
    full = path.cost >= dist - 1e-6
    react(ctx, rule="R-MORALE-CHARGED", figure=t.id, test="charged", passed=False, cause=f.id,
          key="wf_p_steps_back" if full else "wf_p_steps_back_short",
          params={"distance": f"{path.cost:.1f}"})
    if not full:
        m.exposed.append(_key(f.id, t.id))
    return path.cost > 1e-9


def charge_short(ctx: WfCtx, f: WfFigure, t: WfFigure, reach: float) -> None:
    """The target stepped out of the Charge's reach: the charger moves that far towards
    it, and its Charge ends without a blow (GAP-45)."""
    path = ctx.table.move_straight(f.disc, t.pos, reach, ctx.obstacles(f), ignores_difficult(f))
    forced_move(ctx, f, path, "R-MORALE-CHARGED", "charge (short)")


def exposed(ctx: WfCtx, step: Attack) -> int:
    """GAP-45 in WFRP's terms: the BE a charge's blow takes off a target that could not
    step back (Skirmish's −1 R if contacted); 0 for any other blow."""
    m = memory(ctx)
    return int(m is not None and step.rule == "WF-A-CHARGE"
               and _key(step.attacker, step.target) in m.exposed)


# -- sightings ---------------------------------------------------------------------------------
def note_moves(ctx: WfCtx) -> None:
    """Push a Spot test for every pair first in sight where a move since the events last
    looked at ended: the mover's own first (the enemy of highest rank first), then the
    others by rank."""
    since, ctx.scanned = ctx.scanned, len(ctx.events)
    m = memory(ctx)
    if m is None or not on(ctx, "spot") or ctx.s.phase != "battle":
        return
    movers = [e.figure for e in ctx.events[since:] if isinstance(e, Moved)]
    steps: list[Step] = []
    for mid in dict.fromkeys(movers):
        mover = ctx.fig(mid)
        if mover.status != "in_play":
            continue
        own, others = [], []
        for e in ctx.in_play():
            if e.band == mover.band:
                continue
            if outranks(e, mover) and _key(mover.id, e.id) not in m.seen and ctx.sees(mover, e):
                own.append((mover, e))
            elif outranks(mover, e) and _key(e.id, mover.id) not in m.seen \
                    and ctx.sees(e, mover):
                others.append((e, mover))
        own.sort(key=lambda p: (-_LEVEL.get(p[1].rank, 0), p[1].id))
        others.sort(key=lambda p: (-_LEVEL.get(p[0].rank, 0), p[0].id))
        for t, e in (*own, *others):
            m.seen.append(_key(t.id, e.id))
            steps.append(Passive(kind="spot", figure=t.id, cause=e.id))
    ctx.push(*steps)


def spot_test(ctx: WfCtx, p: Passive) -> bool:
    """[R-MORALE-SPOT] ``p.figure``'s test on sighting ``p.cause``; True if it passed and
    may shoot for free. Failed, it has moved 1d3 pas out of sight (or away)."""
    t, e = ctx.fig(p.figure), ctx.fig(p.cause)
    if t.status != "in_play" or e.status != "in_play":
        return False
    if _test(ctx, t, "R-MORALE-SPOT", "Apercevoir l'ennemi"):
        react(ctx, rule="R-MORALE-SPOT", figure=t.id, test="spot", passed=True, cause=e.id,
              key="wf_p_stands_free_shot")
        return True
    dist = d3_move(ctx, t, rule="R-MORALE-SPOT", key="wf_lbl_move_d3", test="Apercevoir l'ennemi")
    react(ctx, rule="R-MORALE-SPOT", figure=t.id, test="spot", passed=False, cause=e.id,
          key="wf_p_out_of_sight", params={"distance": dist})
    if not engaged_with(ctx, t):
        forced_move(ctx, t, out_of_sight(ctx, t, e, float(dist)), "R-MORALE-SPOT", "spot")
    return False



# -- being shot at -----------------------------------------------------------------------------
def with_shot_test(ctx: WfCtx, shot: Attack) -> list[Step]:
    """``shot`` followed by the test it owes its target ([R-MORALE-SHOT]), if in use."""
    if not on(ctx, "shot") or shot.melee:
        return [shot]
    return [shot, Passive(kind="shot", figure=shot.target, cause=shot.attacker,
                          weapon=shot.weapon)]


def shot_test(ctx: WfCtx, p: Passive) -> None:
    """[R-MORALE-SHOT] ``p.figure``'s test after ``p.cause`` shot at it with ``p.weapon``."""
    f, s = ctx.fig(p.figure), ctx.fig(p.cause)
    w = next((x for x in s.profile.weapons if x.id == p.weapon), None)
    if f.status != "in_play" or w is None:
        return
    own = [x.damage for x in f.profile.weapons if x.ranged]
    if own and w.damage <= max(own):
        return
    if _test(ctx, f, "R-MORALE-SHOT", "Subir un tir"):
        react(ctx, rule="R-MORALE-SHOT", figure=f.id, test="shot", passed=True, cause=s.id,
              key="wf_p_holds")
        return
    dist = d3_move(ctx, f, rule="R-MORALE-SHOT", key="wf_lbl_move_d3", test="Subir un tir")
    react(ctx, rule="R-MORALE-SHOT", figure=f.id, test="shot", passed=False, cause=s.id,
          key="wf_p_to_cover", params={"distance": dist})
    if engaged_with(ctx, f):
        return
    path = ctx.table.nearest_cover(f.disc, ctx.obstacles(f), float(dist), ignores_difficult(f))
    forced_move(ctx, f, path or away(ctx, f, s.pos, float(dist)), "R-MORALE-SHOT", "Subir un tir")
