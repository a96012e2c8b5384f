"""What a command is worth to the band playing it, in victory points, from the exact odds.

The normal player ranks candidates with :func:`score`; the hard player uses it to order
its search and :func:`material` to judge the positions it reaches. Every figure is worth
the VP its enemies would score for putting it out of action ([R-VP-TABLE]); an attack is
worth the chance it does that times the value, plus a share for wounds and failed
tests; a destination is worth what the figure could hit from there next, less what
could hit it (each enemy's best shot or charge), plus objectives, cover and staying
near a leader when the band is close to its rout threshold (GAP-54).

Why the threat is weighed as it is: an enemy strikes or shoots one target, so its threat
to a figure is shared with every other figure it could hit instead (comrades, and a third
band's); counting each enemy's whole threat against every figure makes a band too timid
to cross open ground. A charge is worth its strikes and the place it ends in, under every
enemy's threat there, and a flight the place it ends in: a flat bonus for contact sends
figures into charges with no chance of harm, and a flight weighed by the danger alone
leaves every melee. A Chef counts twice (``CHEF_WEIGHT``), since its fall tests the whole
band for rout. What the objectives add is :mod:`skirmish.ai.objectives`' to say (which
figures go for which, and how hard they are drawn). A figure on a rope threatens nothing
and takes no blows ([R-EQ-ROPE]), so hanging there is never mistaken for a safe, strong
place.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from weakref import WeakKeyDictionary

from skirmish.ai.objectives import (
    end_near,
    final_turn,
    last_call,
    late,
    objective_value,
    stake,
    stepping_on,
)
from skirmish.content.models import Rank
from skirmish.rules import commands as c
from skirmish.rules.ai_odds import Blow, Harm
from skirmish.rules.frame.queries import engaged_with, gap
from skirmish.rules.frame.victory import holders, tally
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.engine import action_points
from skirmish.rules.skirmish.movement import run_allowance, walk_allowance
from skirmish.rules.skirmish.shooting import range_band, usable_weapons
from skirmish.rules.skirmish.state import Figure

WOUND_SHARE = 0.8  # a lost PV short of out of action, as a share of the figure's value per PV
TEST_SHARE = 0.15  # a failed passive test (the figure is pushed back, loses its move)
LATER = 0.6  # a threat from an enemy that has already acted this turn comes next turn
DANGER = 1.0  # each enemy's threat to this figure (it may pick another target)
FUTURE = 0.8  # what a figure could hit next time it acts, against a hit now
APPROACH = 0.05  # VP per pas of closing in when nothing is in reach
LEAD_CAUTION = 3.0  # the threat's extra weight for a band ahead, by the last turn
BEHIND_BOLDNESS = 0.8  # and how much less it weighs for a band behind
STANCE_COST = 0.02  # a command weighed by the place it leaves, against ending the activation
#: A figure stepping onto an objective on the last call acts after the rest on the last
#: turn, before them when the end is the enemy's fall.
STEP_LAST = 100.0
CHEF_WEIGHT = 2.0  # a Chef down also sets its whole band testing for rout ([R-END-ROUT])


@dataclass
class Scored:
    """A candidate command, its worth, and the one-line reason for the plan."""

    cmd: c.Command
    value: float
    why: str
    p: float | None = None  # the headline chance quoted in the plan
    #: What the plan quotes when ``p`` rounds to nothing: the chance to wound (a strike,
    #: a shot) or to reach (a charge), so the line says what the action does offer.
    alt: float | None = None


def _p_wound(h: Harm) -> float:
    """P(at least one PV lost), read off the seam's ``pv_loss`` so every ruleset's odds
    give it (the window's ``p_damage`` is Skirmish's chance given a hit, not this)."""
    return float(sum(p for k, p in h.pv_loss.items() if k > 0))


def value(ctx: Ctx, f: Figure) -> float:
    """[R-VP-TABLE] what the enemy scores for putting ``f`` out of action."""
    return float(ctx.book.victory_points.out_of_action[Rank(f.rank)])


def worth(ctx: Ctx, f: Figure) -> float:
    """What losing ``f`` costs its band: its VP, twice for a Chef, whose fall sets the
    whole band testing for rout at the end of the turn ([R-END-ROUT], GAP-52)."""
    v = value(ctx, f)
    return v * CHEF_WEIGHT if f.rank == "chef" else v


def kill_bonus(ctx: Ctx, f: Figure) -> float:
    """Killing a fallen figure adds the dead row over the out-of-action row (GAP-57)."""
    vp = ctx.book.victory_points
    return float(vp.dead[Rank(f.rank)] - vp.out_of_action[Rank(f.rank)])


def _hurt(ctx: Ctx, t: Figure, h: Harm, extra: float = 0.0) -> float:
    """What ``h`` takes off ``t``; ``extra`` is what its fall adds besides its own worth
    (the objectives it holds, :func:`objectives.stake`). A wound counts its share of
    both: each PV lost brings the holder's fall, and the objective's, one blow nearer.
    Counted for its worth alone, a wound on the enemy's last holder of the cairn was
    worth no more than one on a figure beside it, and a band's blows spread over both;
    the holder stood at the end with a PV or two left."""
    if t.status == "out_of_action":
        return kill_bonus(ctx, t) * float(h.p_dead)
    loss = sum(k * float(p) for k, p in h.pv_loss.items())
    v = worth(ctx, t)
    return (v + extra) * (float(h.p_out) + WOUND_SHARE * loss / max(1, t.stats.pv))


# -- attacks ---------------------------------------------------------------------------------
def strike_value(ctx: Ctx, me: Figure, cmd: c.Strike) -> Scored:
    t = ctx.fig(cmd.target)
    o = ctx.hooks.ai_odds.strike(ctx, me, t, cmd.weapon)
    up = t.status == "in_play"
    p = float(o.harm.p_out if up else o.harm.p_dead)
    return Scored(cmd, _hurt(ctx, t, o.harm, stake(ctx, me.band, t)), f"strike:{t.id}", p,
                  _p_wound(o.harm) if up else None)


def shot_value(ctx: Ctx, me: Figure, cmd: c.Shoot) -> Scored:
    """Harm and failed tests among the enemy, less the same among the shooter's own
    side (a blast takes in everyone under its template, [R-SHOOT-BLAST])."""
    t = ctx.fig(cmd.target)
    o = ctx.hooks.ai_odds.shot(ctx, me, cmd.weapon, t)

    def side(fid: str) -> float:
        return -1.0 if ctx.fig(fid).band == me.band else 1.0

    v = sum(side(h.figure) * _hurt(ctx, ctx.fig(h.figure), h,
                                   stake(ctx, me.band, ctx.fig(h.figure))) for h in o.harms)
    v += sum(side(x.figure) * TEST_SHARE * value(ctx, ctx.fig(x.figure)) * (1 - float(x.p_pass))
             for x in o.tests)
    v -= 2.0 * float(o.p_weapon_lost)
    p = float(o.harms[0].p_out) if o.harms else 0.0
    return Scored(cmd, v, f"shoot:{t.id}", p, _p_wound(o.harms[0]) if o.harms else None)


def charge_value(ctx: Ctx, me: Figure, cmd: c.Charge, here: float) -> Scored:
    """The strikes every PA left buys once in contact (wounds count, as for a Strike),
    then where the charger stands: the target's blows back and every other enemy's
    threat at the end of the charge, against staying where it is."""
    t = ctx.fig(cmd.target)
    o = ctx.hooks.ai_odds.charge(ctx, me, t)
    contact = float(o.p_contact)
    gain = 0.0
    if o.strike is not None:
        gain += contact * _blows(ctx, t, o.strike.blow, me.pa - 1, stake(ctx, me.band, t))
    if o.end is not None:
        gain += contact * (standing(ctx, me, o.end) - here)
    if o.p_charge_test is not None:
        gain -= TEST_SHARE * worth(ctx, me) * (1 - float(o.p_charge_test))
    return Scored(cmd, gain, f"charge:{t.id}", float(o.p_out) if o.strike else None,
                  float(o.p_contact))


# -- positions ---------------------------------------------------------------------------------
def _blows(ctx: Ctx, t: Figure, p: Blow, n: int, extra: float = 0.0) -> float:
    """What ``n`` independent blows, each damaging with chance ``p``, take off ``t``: as
    :func:`_hurt` of :func:`odds.harm` (``extra`` as there), in floats (positions are
    weighed thousands of times a decision, and an estimate needs no exact fraction)."""
    if n <= 0 or not p:
        return 0.0
    fallen = t.status == "out_of_action"
    own = ctx.hooks.ai_odds.blows(ctx, t, p, n)  # a ruleset with its own health track
    out, dead, loss = own if own is not None else _blow_numbers(
        float(p), n, t.pv, fallen, t.ignore_first_wound and t.status == "in_play")
    if fallen:
        return kill_bonus(ctx, t) * dead
    v = worth(ctx, t)
    return (v + extra) * (out + WOUND_SHARE * loss / max(1, t.stats.pv))


@lru_cache(maxsize=8192)
def _blow_numbers(p: float, n: int, pv: int, fallen: bool, soak: bool
                  ) -> tuple[float, float, float]:
    """(P(out of action), P(dead), expected PV lost) after ``n`` blows of chance ``p``
    ([R-WOUND-OOA], [R-WOUND-DEAD], GAP-51; a potion soaks the first)."""
    out = dead = loss = 0.0
    for k in range(n + 1):
        q = math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        lost = max(0, k - 1) if soak else k
        loss += q * lost
        if fallen:
            out += q if lost else 0.0
            dead += q if lost else 0.0
        else:
            out += q if lost >= pv else 0.0
            dead += q if lost > pv else 0.0
    return out, dead, loss


def threat(ctx: Ctx, e: Figure, me: Figure) -> float:
    """Expected VP ``e`` takes off ``me`` where it stands when it next acts: the best of
    its shots (after walking into range if it must) or, if it can reach, its charge
    and strikes, with the PA it will have."""
    if e.climbing is not None:  # [R-EQ-ROPE] on a rope it can only climb
        return 0.0
    best = 0.0
    d = gap(e, me)
    pa = action_points(ctx, e)
    if d <= run_allowance(e) + 0.1 and me.climbing is None:  # no blows on a rope
        best = _blows(ctx, me, ctx.hooks.ai_odds.strike(ctx, e, me).blow, pa - 1)
    walk = walk_allowance(e) if pa >= 2 else 0.0
    for wid in usable_weapons(e):
        w = ctx.book.ranged_weapons[wid]
        if d > w.long + walk or not ctx.sees(e, me):
            continue
        if range_band(w, d) is None:  # it walks into long range first, then shoots
            blow, shots = ctx.hooks.ai_odds.shot_blow(ctx, e, me, wid, walk_in=True), pa - 1
        else:
            blow, shots = ctx.hooks.ai_odds.shot_blow(ctx, e, me, wid, walk_in=False), pa
        if not blow:
            continue
        best = max(best, _blows(ctx, me, blow, shots))
    return best


_ELSEWHERE: WeakKeyDictionary[Ctx, dict[str, dict[str, float]]] = WeakKeyDictionary()
_TWO_BEST: WeakKeyDictionary[Ctx, dict[str, list[tuple[float, str]]]] = WeakKeyDictionary()


def _elsewhere(ctx: Ctx, me: Figure) -> dict[str, float]:
    """Each enemy's best threat to a target other than ``me`` as they stand: ``me``'s
    comrades, and with three bands or more the third band's figures too (kept for the
    whole decision on the context: only ``me`` moves while its places are weighed).
    One figure's decision works it out for ``me`` alone; once a second figure asks on the
    same context (choosing whom to activate asks for each), every enemy's two best
    targets are worked out once and serve them all: the same values, a tenth the cost."""
    memo = _ELSEWHERE.setdefault(ctx, {})
    if me.id in memo:
        return memo[me.id]
    foes = [e for e in ctx.in_play() if e.band != me.band]
    if not memo:
        others = [f for f in ctx.in_play() if f.id != me.id]
        memo[me.id] = {e.id: max((threat(ctx, e, f) for f in others if f.band != e.band),
                                 default=0.0) for e in foes}
        return memo[me.id]
    two = _TWO_BEST.get(ctx)
    if two is None:
        two = _TWO_BEST[ctx] = {
            e.id: heapq.nlargest(2, ((threat(ctx, e, f), f.id) for f in ctx.in_play()
                                     if f.band != e.band), key=lambda t: t[0])
            for e in ctx.in_play()}
    memo[me.id] = {e.id: next((v for v, fid in two[e.id] if fid != me.id), 0.0) for e in foes}
    return memo[me.id]


def carry_over(src: Ctx, dst: Ctx, figure: str) -> None:
    """``dst`` is ``src`` after a command of ``figure`` alone (a climb, a stance): every
    other figure stands where it stood, so each enemy's threat to them, weighed on
    ``src``, holds."""
    memo = _ELSEWHERE.get(src)
    if memo is not None and figure in memo:
        _ELSEWHERE.setdefault(dst, {})[figure] = memo[figure]


def to_come(ctx: Ctx, f: Figure) -> float:
    """How much of ``f``'s :func:`threat` is still to come: all of it before it acts this
    turn, ``LATER`` of it once it has (its blow waits for next turn, after the other side
    has moved), none once it has acted on the last turn (GAP-13: there is no next turn).
    :func:`danger` weighs an enemy's threat so, :func:`pressure` both sides'."""
    if not f.activated:
        return 1.0
    return 0.0 if ctx.s.turn >= ctx.s.options.max_turns else LATER


def danger(ctx: Ctx, me: Figure) -> float:
    """Expected VP the enemy takes off ``me`` where it stands: each enemy's threat
    (:func:`threat`), as much of it as is still to come (:func:`to_come`)."""
    total = 0.0
    alt = _elsewhere(ctx, me)
    for e in ctx.in_play():
        if e.band == me.band or e.routing:
            continue
        share = to_come(ctx, e)
        if not share:
            continue
        best = threat(ctx, e, me)
        if best > 0:  # it may rather hit a comrade: the share it would pick me
            best *= best / (best + alt.get(e.id, 0.0))
        total += best * share
    return DANGER * total


def offence(ctx: Ctx, me: Figure) -> float:
    """What ``me`` could take from the enemy from where it stands, next time it acts:
    nothing while it hangs on a rope ([R-EQ-ROPE]: it can only climb on), which is no
    shelter to wait in but a way to somewhere else."""
    best = 0.0
    nearest = math.inf
    pa = action_points(ctx, me)
    for e in ctx.in_play():
        if e.band == me.band:
            continue
        d = gap(me, e)
        nearest = min(nearest, d)
        if me.climbing is not None:
            continue
        for wid in usable_weapons(me):
            w = ctx.book.ranged_weapons[wid]
            if range_band(w, d) is None or not ctx.sees(me, e):
                continue
            blow = ctx.hooks.ai_odds.shot_blow(ctx, me, e, wid, walk_in=False)
            if not blow:
                continue
            best = max(best, _blows(ctx, e, blow, pa))
        if d <= run_allowance(me) and ctx.sees(me, e):
            blow = ctx.hooks.ai_odds.strike(ctx, me, e).blow
            best = max(best, 0.8 * _blows(ctx, e, blow, pa - 1))
    # close in when nothing is in reach (melee figures, short weapons)
    approach = 0.0 if best > 0 or nearest == math.inf else -APPROACH * nearest
    return FUTURE * best + approach


def caution(ctx: Ctx, band: str) -> float:
    """How much the threat weighs: more for a band ahead on VP as the end nears (it
    keeps its lead), less for one behind (it must take risks to catch up) (GAP-13).
    A band level with the best takes risks too, but later: a draw is no win at the
    end, and early on it is nothing yet (the square of how near the end is). Weighed
    as a band ahead, a band level at 0–0 on the fifth turn kept its figures out of the
    enemy's sight a few pas from a ford nobody held, and drew."""
    vp, _ = tally(ctx)
    lead = vp.get(band, 0) - max((v for b, v in vp.items() if b != band), default=0)
    if lead > 0:
        return 1.0 + LEAD_CAUTION * late(ctx)
    if lead < 0:
        return max(0.2, 1.0 - BEHIND_BOLDNESS * late(ctx))
    return max(0.2, 1.0 - BEHIND_BOLDNESS * late(ctx) ** 2)


def loss(ctx: Ctx, me: Figure) -> float:
    """What the enemy's threats (:func:`danger`) may take off ``me`` where it stands.
    On the band's last activation before the end (:func:`objectives.last_call`) they
    are chances to lose ``me`` once: each enemy's threat, as a share of what ``me`` is
    worth, is a chance it falls, and the chances of several make it fall at most
    once (``worth · (1 − e^(−danger/worth))``). Summed, the pistols of a band in range
    of a beacon made standing on it look a loss of almost 9 VP for a figure worth 5,
    and on the last turn the figure ran past the 8-VP beacon. Earlier in the game the
    sum stands, as the levels' strength was measured with it: a figure left under
    many guns faces them again turn after turn."""
    d = danger(ctx, me)
    if not d or not last_call(ctx, me.band):
        return d
    w = worth(ctx, me)
    return w * -math.expm1(-d / w)


def place_value(ctx: Ctx, me: Figure) -> float:
    """The worth of ``me`` standing where it is: offence − danger (:func:`loss`) + objectives
    (:func:`objectives.objective_value`) + cover + the rout safety of a leader within
    4 pas. A band ahead weighs the threat more (:func:`caution`), to keep its lead; an
    objective it holds at the end adds to that lead as surely as a figure kept out of
    harm keeps it, so it weighs the objectives alike. Weighed by the threat alone, a
    band ahead left an objective a few pas off sooner than risk a wound for it."""
    care = caution(ctx, me.band)
    v = offence(ctx, me) - care * loss(ctx, me) + max(1.0, care) * objective_value(ctx, me)
    if ctx.table.in_cover(me.disc):
        v += 0.1
    band = ctx.s.band(me.band)
    down = sum(1 for f in ctx.band_figures(me.band) if f.status in ("out_of_action", "dead"))
    if (down + 1) * 2 > band.start_strength:
        lender = any(a.id != me.id and a.status == "in_play" and a.stats.cd > me.stats.cd
                     and gap(a, me) < 4.0 for a in ctx.band_figures(me.band))
        v += 0.3 * value(ctx, me) if lender else 0.0
    return v


def standing(ctx: Ctx, me: Figure, at: tuple[float, float]) -> float:
    with odds._placed(ctx, me, at):
        return place_value(ctx, me)


def move_value(ctx: Ctx, me: Figure, cmd: c.Walk | c.Run, here: float,
               then: tuple[float, float] | None = None) -> Scored:
    """A move is worth the place it ends in; a Walk that a second Walk will follow (``then``,
    its end), the better of the two places."""
    there = standing(ctx, me, cmd.to)
    if then is not None:
        there = max(there, standing(ctx, me, then))
    return Scored(cmd, there - here - (0.02 if isinstance(cmd, c.Run) else 0.0), "move", None)


def spot_risk(ctx: Ctx, me: Figure, path: tuple[tuple[float, float], ...]) -> float:
    """[R-MORALE-SPOT] a failed test of ours stops the move; a passed test of an
    enemy's gives it a free shot (GAP-46), worth what that shot may take off ``me``
    where the move ends (:func:`free_shot`): nothing from an enemy with no gun in range.
    Pricing every spotter's shot alike (a fifth of ``me``'s VP each) made a figure out of
    sight of a whole band stay there, whatever the band could shoot."""
    risk = 0.0
    for t in ctx.hooks.ai_odds.spot_tests(ctx, me, path):
        if t.figure == me.id:
            risk += TEST_SHARE * value(ctx, me) * (1 - float(t.p_pass))
        else:
            with odds._placed(ctx, me, path[-1]):
                risk += float(t.p_pass) * free_shot(ctx, ctx.fig(t.figure), me)
    return risk


def free_shot(ctx: Ctx, e: Figure, me: Figure) -> float:
    """Expected VP one shot of ``e`` takes off ``me`` as they stand, with its best gun in
    range (GAP-46: any weapon, no PA)."""
    best = 0.0
    for wid in usable_weapons(e):
        if range_band(ctx.book.ranged_weapons[wid], gap(e, me)) is None:
            continue
        blow = ctx.hooks.ai_odds.shot_blow(ctx, e, me, wid, walk_in=False)
        if blow:
            best = max(best, _blows(ctx, me, blow, 1))
    return best


# -- the whole list ------------------------------------------------------------------------------
def score(ctx: Ctx, me: Figure, cmds: list[c.Command],
          flee_to: tuple[float, float] | None = None,
          after: Callable[[c.Command], float | None] | None = None,
          onward: dict[tuple[float, float], tuple[float, float]] | None = None) -> list[Scored]:
    """Every candidate with its worth, best first (ties kept in the given order).
    ``flee_to`` is where the engine would put ``me`` if it fled ([R-ACT-FLEE]): half its
    Mvt away, often still within the enemy's charge, so a flight is worth what that
    place is worth against staying. Any other command of ``me`` (a climb with a rope,
    a ruleset's own stance such as the Clefs Éviter) is worth the place it leaves ``me``
    in, which ``after`` weighs by playing it on a copy of the game: the evaluator need
    not know the command to see that a roof or a dodge makes ``me`` safer. ``onward``
    maps a Walk's end to where a second Walk would take ``me`` from there
    (:func:`objectives.onward`)."""
    here = place_value(ctx, me)
    then = onward or {}
    out: list[Scored] = []
    for cmd in cmds:
        if isinstance(cmd, c.Strike):
            out.append(strike_value(ctx, me, cmd))
        elif isinstance(cmd, c.Shoot):
            out.append(shot_value(ctx, me, cmd))
        elif isinstance(cmd, c.Charge):
            out.append(charge_value(ctx, me, cmd, here))
        elif isinstance(cmd, (c.Walk, c.Run)):
            out.append(move_value(ctx, me, cmd, here,
                                  then.get(cmd.to) if isinstance(cmd, c.Walk) else None))
        elif isinstance(cmd, c.UseMedikit):
            t = ctx.fig(cmd.target)
            back = 1.0 if t.status == "out_of_action" else 0.4
            out.append(Scored(cmd, back * value(ctx, t), f"heal:{t.id}", None))
        elif isinstance(cmd, c.Flee):
            gain = -0.5 if flee_to is None else standing(ctx, me, flee_to) - here
            out.append(Scored(cmd, gain, "flee", None))
        elif isinstance(cmd, c.EndActivation):
            out.append(Scored(cmd, 0.0, "end", None))
        else:
            there = after(cmd) if after is not None and getattr(cmd, "figure", None) == me.id \
                else None
            if there is None:
                out.append(Scored(cmd, -0.05, "other", None))
            else:  # a PA spent for nothing is worth a little less than keeping it
                out.append(Scored(cmd, there - here - STANCE_COST, "stance", None))
    out.sort(key=lambda s: -s.value)
    return out


def activation_priority(ctx: Ctx, f: Figure) -> float:
    """Which figure to activate first: the one with the best attack now, or in danger.
    On the band's last call a figure free to step onto an objective (:func:`objectives.
    stepping_on`) goes after the others on the scenario's last turn (``STEP_LAST``):
    every figure acts before the end, and one that steps on late leaves the enemy fewer
    activations to shoot or charge it off, and its comrades' blows may first have
    cleared the enemy off it. When the end is the enemy's fall instead (an earlier
    turn, :func:`objectives.final_turn`), it goes before the others: the blow that fells
    the enemy's last figure ends the game at once, and a figure still on its way to the
    loot then scores nothing; the band had beaten its enemy with its figures a few
    pas short of an objective nobody contested."""
    saved = f.pa
    f.pa = action_points(ctx, f)
    try:
        best = 0.0
        for e in engaged_with(ctx, f):
            best = max(best, strike_value(ctx, f, c.Strike(figure=f.id, target=e.id)).value)
        first = best + offence(ctx, f) + 0.5 * danger(ctx, f)
        if not stepping_on(ctx, f):
            return first
        return first - STEP_LAST if final_turn(ctx) else first + STEP_LAST
    finally:
        f.pa = saved


def material(ctx: Ctx, band: str) -> float:
    """VP now (as if the game ended: figures downed, objectives held, [R-VP-TABLE]) against
    the best of the other bands (GAP-13: the most VP wins, so a third band's points are
    not mine to lose), plus each figure's remaining worth (:func:`worth`, less when
    wounded or routing), ``band``'s minus its enemies': the hard player's leaf value."""
    total = 0.0
    vp = ctx.book.victory_points
    scored = {b.id: 0.0 for b in ctx.s.bands}
    for f in ctx.figures():
        if f.status == "in_play":
            left, full = ctx.hooks.ai_odds.health(ctx, f)
            w = worth(ctx, f) * (0.6 + 0.4 * left / max(1, full)) * (0.5 if f.routing else 1.0)
            total += w if f.band == band else -w
        if f.downed_by_band is not None and f.status in ("out_of_action", "dead"):
            scored[f.downed_by_band] += (vp.dead if f.status == "dead" else vp.out_of_action)[Rank(f.rank)]
    for obj in ctx.s.objectives:
        bands = {f.band for f in holders(ctx, obj)}
        if len(bands) == 1:
            holder = bands.pop()
            scored[holder] += obj.vp * end_near(ctx, holder, obj)
    rivals = max((v for b, v in scored.items() if b != band), default=0.0)
    return total + scored.get(band, 0.0) - rivals


def pressure(ctx: Ctx, band: str) -> float:
    """What each side threatens to take next as the figures stand: every enemy's best
    :func:`threat` on one of ``band``'s figures (it hits one target), against the same
    for ``band``'s figures on the enemy, each as much of it as is still to come
    (:func:`to_come`). A rollout stops after one reply; this is the blow that is coming
    and not yet struck. Counted whole, a gun that cannot fire again before the end would
    keep the hard player's last activations out of its sight for nothing."""
    mine = [f for f in ctx.in_play() if f.band == band]
    theirs = [f for f in ctx.in_play() if f.band != band]
    gain = sum(to_come(ctx, f) * max((threat(ctx, f, e) for e in theirs), default=0.0)
               for f in mine if not f.routing)
    loss = sum(to_come(ctx, e) * max((threat(ctx, e, f) for f in mine), default=0.0)
               for e in theirs if not e.routing)
    return gain - loss
