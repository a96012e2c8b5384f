"""What the scenario's objectives are worth to a figure, as the normal player weighs them.

The rules fix only the score (GAP-13, GAP-57): at the end, a band alone on an objective
scores its VP. How a band goes about it is the player's own, so it is built on what a
player at the table does. Each objective is sent the figures nearest to it on foot, at
most ``HELD_BY`` of them (two, in case one falls; a third adds nothing, it scores once):
those figures *claim* it. A figure is drawn to the best objective it claims, not to all
of them at once: drawn to every objective by a pull for each, a figure between two fords
is pulled as hard one way as the other and stands still, and a whole band stops at the
water's edge of a ford nobody contests. The rest of the band is free to fight.

The pull is the way on foot to the objective, not the straight line (a figure behind a
wall heads round its end), and grows as the end nears: standing on an objective early is
worth part of its VP (``HOLD``), at the end all of it. A band that holds an objective
alone keeps it by staying; a band whose figures are still on their way counts what it
will score only as it gets there.

The end is not only the last turn. The game stops the moment at most one band has
figures in play (GAP-13), so a band that has put most of its enemies down or to flight
is near the end however early the turn (:func:`ending`): a player then sends its free
figures to the objectives before the last blow, not after it, when there is no after.
And an objective no enemy can reach before the end (:func:`uncontested`) is worth all
its VP now: nobody can take it back, so holding it is as good as having scored it.
Weighed by the turn alone, a band that was killing or routing the enemy chased the last
figures and won with its own standing off the objectives, which no player would do.

On the band's last activation before the end (:func:`last_call`) only where a figure
stands counts: every figure that can still reach an objective its comrades do not
already hold twice goes for it, not only the nearest two (they may be fighting, hiding
or down), and on the scenario's last turn a place beside an objective is worth
nothing of it. A band that was
winning on VP otherwise ended the game with its figures a pas or two from objectives
they could have stood on.

An objective is held only by a band alone on it, so the last word counts: on the
scenario's last turn the figures that can stand on a contested objective wait for the
second wave (:func:`answers_late`), to answer the enemy's late steps. When the end is
the enemy's fall instead, it comes with the blow that fells its last figure: the figures
stepping onto an objective act first, and an objective out of reach still draws them
(the game goes on while the enemy's last figures stand).
"""

from __future__ import annotations

import math
from weakref import WeakKeyDictionary

from skirmish.content.scenario import Objective
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.queries import gap
from skirmish.rules.frame.victory import holders, holds
from skirmish.rules.geometry import CONTACT_GAP, PathLike
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.engine import action_points
from skirmish.rules.skirmish.legal import slide_towards
from skirmish.rules.skirmish.movement import (
    check_stepping,
    plan_move,
    run_allowance,
    walk_allowance,
)
from skirmish.rules.skirmish.shooting import usable_weapons
from skirmish.rules.skirmish.state import Figure

HOLD = 0.4  # of an objective's VP for standing on it on turn 1 (all of it on the last)
#: Comrades sent to (and holding) one objective: two hold it in case one falls, a third
#: is free to go and fight (it scores once, GAP-13).
HELD_BY = 2
SUPPORT = 0.25  # of an objective's draw on a figure it is not sent to
NEAR = 0.75  # of the share of an objective held, for standing at its edge
#: Of an objective's share, for a figure on it beyond ``HELD_BY`` on the band's last call
#: when every comrade holding it may yet be put off it by an enemy still to act.
HEDGE = 0.5
ROUTE_CELLS = 0.5  # pas around a figure whose grid cells may start its way to an objective
SAME_PLACE = 0.5  # pas: a move along the way shorter than this is no move
SPOT_ANGLES = 12  # places tried round an objective's rim (and half-way in)
SPOT_INSIDE = 0.2  # pas: how far within holding reach a place on the rim is taken
SPOT_TRIES = 4  # free places on an objective whose way is worked out, nearest first

_CLAIMS: WeakKeyDictionary[Ctx, dict[str, tuple[str, ...]]] = WeakKeyDictionary()
_OPEN: WeakKeyDictionary[Ctx, dict[tuple[str, str], bool]] = WeakKeyDictionary()
_EXPOSED: WeakKeyDictionary[Ctx, dict[str, bool]] = WeakKeyDictionary()


def route_distance(ctx: Ctx, me: Figure, at: tuple[float, float]) -> float:
    """Pas from ``me`` to ``at`` by the cheapest way round impassable terrain (other
    figures aside): an objective in a courtyard is far from the far side of its wall,
    however close in a straight line (the table keeps the costs, ``way_to``). The
    straight distance stands where there are none (on a roof, or ``at`` walled in)."""
    straight = math.dist(me.pos, at)
    if me.on_piece is not None:
        return straight
    way = ctx.table.way_to(at, me.radius, me.stats.ignores_difficult).grid_cost(me.pos, ROUTE_CELLS)
    return straight if way == math.inf else max(straight, way)


def late(ctx: Ctx) -> float:
    """How near the last turn is, from 1/``max_turns`` on turn 1 to 1 on the last (GAP-13:
    the objectives score at the end)."""
    return min(1.0, ctx.s.turn / max(1, ctx.s.options.max_turns))


def _standing(ctx: Ctx, band: str) -> float:
    """The share of ``band``'s enemies still standing: in play and not routing."""
    foes = [f for f in ctx.figures() if f.band != band]
    return sum(1 for f in foes if _free(f)) / len(foes) if foes else 1.0


def ending(ctx: Ctx, band: str) -> float:
    """How near the end is for ``band``'s objectives: the later of the last turn
    (:func:`late`) and the end its enemies' fall brings (GAP-13: the game stops once at
    most one band has figures in play), the share of the enemy's figures down, fled or
    routing. A band that has beaten four figures in five is four fifths of the way to
    the end, whatever the turn; with no enemy left standing, at it."""
    return max(late(ctx), 1.0 - _standing(ctx, band))


def turns_left(ctx: Ctx, band: str) -> int:
    """The turns ``band`` may count on to reach an objective, this one included: those
    the scenario has left, cut in the share of the enemy still standing (:func:`ending`:
    an enemy all but gone may be gone this turn, and the game with it)."""
    turns = max(1, ctx.s.options.max_turns - ctx.s.turn + 1)
    return max(1, math.ceil(turns * _standing(ctx, band)))


def last_call(ctx: Ctx, band: str) -> bool:
    """``band``'s figures are on their last activation before the end (:func:`turns_left`
    is 1): the scenario's last turn, or an enemy so nearly beaten that the game may stop
    before the band acts again (GAP-13). Where a figure stands now is where it scores."""
    return turns_left(ctx, band) == 1


def final_turn(ctx: Ctx) -> bool:
    """The scenario's last turn: every figure in play acts before the end (GAP-13). A
    :func:`last_call` on an earlier turn is the enemy's fall, which ends the game the
    moment it comes, whoever has yet to act."""
    return ctx.s.turn >= ctx.s.options.max_turns


def _activations_left(ctx: Ctx, f: Figure) -> int:
    """The activations ``f`` has before the end of the last turn, this turn's included
    if it has not acted yet."""
    return max(0, ctx.s.options.max_turns - ctx.s.turn + (0 if f.activated else 1))


def uncontested(ctx: Ctx, band: str, obj: Objective) -> bool:
    """No enemy of ``band`` can stand on ``obj`` by the end: none in play and not routing
    (a routing figure holds nothing, GAP-13) is within the way its PA walk it in the
    activations it has left, by its way on foot. Holding ``obj`` then scores for certain.
    Worked out once per decision (the enemy does not move while ``me``'s places are
    weighed)."""
    memo = _OPEN.setdefault(ctx, {})
    key = (band, obj.id)
    if key not in memo:
        memo[key] = not any(
            route_distance(ctx, e, obj.at) - e.radius - obj.radius
            <= _activations_left(ctx, e) * action_points(ctx, e) * walk_allowance(e)
            for e in ctx.in_play() if e.band != band and not e.routing)
    return memo[key]


def end_near(ctx: Ctx, band: str, obj: Objective) -> float:
    """How near ``band`` holding ``obj`` is to having scored it: 1 when no enemy can take
    it (:func:`uncontested`), else as near as the end is (:func:`ending`)."""
    return 1.0 if uncontested(ctx, band, obj) else ending(ctx, band)


def end_share(ctx: Ctx, band: str, obj: Objective) -> float:
    """The part of ``obj``'s VP that standing on it is worth to ``band`` now: from
    ``HOLD`` on turn 1 to all of it at the end or when no enemy can take it
    (:func:`end_near`; ``HOLD + (1 - HOLD)`` is exactly 1)."""
    return HOLD + (1 - HOLD) * end_near(ctx, band, obj)


def stake(ctx: Ctx, band: str, t: Figure) -> float:
    """What putting ``t`` out of action is worth to ``band`` in objectives, on top of its
    own VP: each objective ``t`` stands on for its band (GAP-13: only its in-play,
    not-routing figures count), its VP shared among the comrades of ``t`` standing
    there (all of them must go before the band loses it), as near as the end is
    (:func:`ending`). Taken off, the band no longer scores it, and ``band`` scores it
    if its own figures stand there: the margin moves by the VP either way. Weighed by
    its rank alone, the last dwarf on the cairn was no likelier a target than one off
    it, and the game ended with both bands on the cairn, which neither scored."""
    if not _free(t):
        return 0.0
    total = 0.0
    for obj in ctx.s.objectives:
        if holds(t, obj):
            same = sum(1 for f in holders(ctx, obj) if f.band == t.band)
            total += obj.vp * ending(ctx, band) / max(1, same)
    return total


def _free(f: Figure) -> bool:
    """A figure the band can send: in play and not routing (a routing one holds nothing)."""
    return f.status == "in_play" and not f.routing


def claims(ctx: Ctx, me: Figure) -> tuple[str, ...]:
    """The objectives ``me`` is sent to: those with fewer than ``HELD_BY`` comrades
    nearer to them on foot than ``me`` (ties go by id, so two figures never both defer
    to each other), and on the band's :func:`last_call` every objective ``me`` can
    still reach (:func:`in_reach`) that its comrades do not hold firmly
    (:func:`_held_firmly`): the
    nearest two may be fighting, hiding or down, and a figure that can stand on an
    objective at the end does, rather than leave it to them. Worked out once per
    decision, from where the figures stood when it began (kept on the context: only
    ``me`` moves while its places are weighed)."""
    memo = _CLAIMS.setdefault(ctx, {})
    if me.id in memo:
        return memo[me.id]
    mates = [f for f in ctx.band_figures(me.band) if f.id != me.id and _free(f)]
    final = last_call(ctx, me.band)
    out = []
    for obj in ctx.s.objectives:
        way = route_distance(ctx, me, obj.at)
        mine = (way, me.id)
        nearer = sum(1 for f in mates if (route_distance(ctx, f, obj.at), f.id) < mine)
        if nearer < HELD_BY or (final and not _held_firmly(ctx, me, obj)
                                and in_reach(ctx, me, obj, way)):
            out.append(obj.id)
    memo[me.id] = tuple(out)
    return memo[me.id]


def in_reach(ctx: Ctx, me: Figure, obj: Objective, way: float | None = None) -> bool:
    """``me`` can stand on ``obj`` before its activation ends: the way on foot to its
    edge (``way`` to its centre if already worked out) is within a Walk for each PA it
    has left, or will have when it is activated ([R-ACT-WALK])."""
    pa = me.pa if me.activated else action_points(ctx, me)
    to = route_distance(ctx, me, obj.at) if way is None else way
    return to - me.radius - obj.radius <= pa * walk_allowance(me)


def answers_late(ctx: Ctx, me: Figure) -> bool:
    """On the band's :func:`last_call`, ``me`` has not acted, is in contact with no enemy,
    and can stand on an objective an enemy may still contest (:func:`in_reach`, not
    :func:`uncontested`), on it already or not: it is the band's answer to an enemy who
    steps onto that objective, and an answer is only one if it comes after the step.
    Such a figure waits for the second wave ([R-TURN-WAVE], GAP-10: a band may activate
    fewer figures than its d6 allows in the first), which comes after every band's
    first wave. Activated in the first wave, the band's figures by the loot cart had all
    acted when the enemy's last three came on, and one walked onto the cart unanswered:
    the cart was nobody's. A figure in contact fights in the first wave: its blows may
    take the enemy out before it acts. Only on the scenario's last turn
    (:func:`final_turn`): a game that ends with the enemy's fall ends with the blow that
    fells its last figure, and a figure kept for the second wave may never act."""
    if me.activated or not final_turn(ctx) or not _loose(ctx, me):
        return False
    return any(in_reach(ctx, me, obj) and not uncontested(ctx, me.band, obj)
               for obj in ctx.s.objectives)


def stepping_on(ctx: Ctx, me: Figure) -> bool:
    """On the band's :func:`last_call`, ``me`` is in contact with no enemy, holds no
    objective, and can reach one (:func:`in_reach`) its comrades do not hold firmly."""
    if not _loose(ctx, me) or any(holds(me, obj) for obj in ctx.s.objectives):
        return False
    return any(in_reach(ctx, me, obj) and not _held_firmly(ctx, me, obj)
               for obj in ctx.s.objectives)


def _loose(ctx: Ctx, me: Figure) -> bool:
    """On the band's :func:`last_call`, ``me`` can be sent (:func:`_free`) and is in
    contact with no enemy: where it stands at the end is its to choose."""
    return last_call(ctx, me.band) and _free(me) and not any(
        gap(e, me) <= CONTACT_GAP for e in ctx.in_play() if e.band != me.band)


def _comrades_on(ctx: Ctx, me: Figure, obj: Objective) -> int:
    """``me``'s comrades that hold ``obj`` as the score counts them."""
    return sum(1 for f in holders(ctx, obj) if f.band == me.band and f.id != me.id)


def _held_firmly(ctx: Ctx, me: Figure, obj: Objective) -> bool:
    """``HELD_BY`` of ``me``'s comrades hold ``obj`` and one at least is safe there from
    every enemy still to act this turn (:func:`_exposed`). Two holders under the enemy's
    guns on the last turn may both be shot off it, or pushed off by a failed test: the
    comrades beside the beacon ended their activations there, the two on it were driven
    off, and the beacon was nobody's."""
    mates = [f for f in holders(ctx, obj) if f.band == me.band and f.id != me.id]
    return len(mates) >= HELD_BY and not all(_exposed(ctx, f) for f in mates)


def _exposed(ctx: Ctx, f: Figure) -> bool:
    """An enemy that has not acted this turn may still put ``f`` off where it stands:
    it can reach ``f`` by a Run, or sees it within a gun's long range and a Walk. Worked
    out once per decision (the other figures stand still while ``me``'s places are
    weighed)."""
    memo = _EXPOSED.setdefault(ctx, {})
    if f.id not in memo:
        memo[f.id] = any(
            gap(e, f) <= run_allowance(e) + 0.1
            or (any(gap(e, f) <= ctx.book.ranged_weapons[w].long + walk_allowance(e)
                    for w in usable_weapons(e)) and ctx.sees(e, f))
            for e in ctx.in_play()
            if e.band != f.band and not e.routing and not e.activated)
    return memo[f.id]


def objective_value(ctx: Ctx, me: Figure) -> float:
    """What the objectives add to ``me`` standing where it is: the best of what each one
    is worth to it (:func:`worth_to`). The best one, not the sum: the pulls of two
    objectives on either side of a figure would cancel and leave it standing between
    them."""
    return max((worth_to(ctx, me, obj) for obj in ctx.s.objectives), default=0.0)


def worth_to(ctx: Ctx, me: Figure, obj: Objective) -> float:
    """``obj`` to ``me``: on it, while fewer than ``HELD_BY`` comrades hold it too, its
    share of the VP (:func:`end_share`: ``HOLD`` of them on turn 1, all at the end or
    when no enemy can take it); beyond them, on the band's :func:`last_call`, ``HEDGE``
    of it while they do not hold it firmly (:func:`_held_firmly`). Off it, that share
    less the part of the way still to go, on foot, out of the walk left before the end (a Walk in each of the
    :func:`turns_left`): a figure as far as it can walk by the end counts nothing,
    and one at the objective's edge ``NEAR`` of it, short of holding it, so that a
    figure beside an objective steps onto it. So a far objective draws little early
    on, and the draw steepens as the turns run out, as a player leaves the dash to an
    uncontested objective late but never too late. Only the figures it is sent to
    (:func:`claims`) are drawn in full; the rest of the band, ``SUPPORT`` of that, so
    that a figure with nothing in reach drifts to where the game is decided.

    On the band's :func:`last_call` on the scenario's last turn a place off ``obj`` is
    worth nothing of it: the figure scores only where it stands at the end, and the
    Walks that still get it there are weighed by where they end (:func:`onward`).
    Counted as ``NEAR`` of it, the place beside an objective under fire looked better
    than the objective itself, and a figure ended its last activation a pas or two
    from a cache it could have held. A last call on an earlier turn (the enemy all but
    beaten, :func:`final_turn`) may be followed by more turns, as long as its last
    figures stand: a figure too far to reach the objective this time is still drawn
    along the way. Drawn by nothing, the band's figures stood where they were while it
    hunted the enemy's last two, and the game ended with the loot nobody's."""
    share = obj.vp * end_share(ctx, me.band, obj)
    final = last_call(ctx, me.band)
    if holds(me, obj):
        if _comrades_on(ctx, me, obj) < HELD_BY:
            return share
        return HEDGE * share if final and not _held_firmly(ctx, me, obj) else 0.0
    if final and final_turn(ctx):
        return 0.0
    left = turns_left(ctx, me.band) * walk_allowance(me)
    way = max(0.0, route_distance(ctx, me, obj.at) - me.radius - obj.radius)
    sent = 1.0 if obj.id in claims(ctx, me) else SUPPORT
    return NEAR * share * (1 - way / left) * sent


def destinations(ctx: Ctx, me: Figure) -> list[c.Walk]:
    """A Walk that stops on each objective within reach, and one that goes as far as it
    can along the way on foot to each objective ``me`` is sent to. The plain sample goes
    the whole allowance in eight straight lines and towards the enemy: it walks past an
    objective a few pas off or stops at its edge, and a figure hemmed in by its
    comrades, or behind a wall, has no straight line out. A player steps onto the
    objective, or walks round them.

    Walks, not Runs: two Walks take a figure 2 × Mvt for the 2 PA a Run spends on 1.5 ×
    Mvt ([R-ACT-WALK], [R-ACT-RUN]), difficult ground halving both alike; see
    :func:`onward` for how the second one is weighed."""
    return [w for _, w in _walks(ctx, me)]


def onward(ctx: Ctx, me: Figure) -> dict[tuple[float, float], tuple[float, float]]:
    """Where the Walks that follow towards the same objective would take ``me`` after
    each of its :func:`destinations` that leaves it short, by the first Walk's end: one
    more Walk for each PA ``me`` has left after the first, stopping once it stands on the
    objective. The player weighs one command at a time: a Run's one longer step looked
    better than a Walk's half of the way, so an objective two Walks reach across a river
    was run at, and missed by a pas or two on the last turn; and a figure with 3 PA ran
    and walked (2.5 × Mvt) at an objective three Walks (3 × Mvt) reach. A Walk with more
    to follow is worth where the last would end."""
    if me.pa < 2:
        return {}
    out: dict[tuple[float, float], tuple[float, float]] = {}
    for obj, first in _walks(ctx, me):
        end = _then(ctx, me, obj, first.to, me.pa - 1)
        if end is not None:
            out[first.to] = end
    return out


def _then(ctx: Ctx, me: Figure, obj: Objective, at: tuple[float, float], walks: int
          ) -> tuple[float, float] | None:
    """Where up to ``walks`` more Walks towards ``obj`` take ``me`` from ``at`` (it stops
    once it holds ``obj``); None if it holds it there already or cannot walk on."""
    with odds._placed(ctx, me, at):
        if walks < 1 or holds(me, obj):
            return None
        nxt = _walk_to(ctx, me, obj)
        further = None if nxt is None else _then(ctx, me, obj, nxt, walks - 1)
    return further if further is not None else nxt


def _walks(ctx: Ctx, me: Figure) -> list[tuple[Objective, c.Walk]]:
    """Each objective ``me`` does not hold with the Walk :func:`destinations` offers
    towards it (none when ``me`` may not walk)."""
    if not _may_walk(ctx, me):
        return []
    out = []
    for obj in ctx.s.objectives:
        if holds(me, obj):
            continue
        end = _walk_to(ctx, me, obj)
        if end is not None:
            out.append((obj, c.Walk(figure=me.id, to=end)))
    return out


def _walk_to(ctx: Ctx, me: Figure, obj: Objective) -> tuple[float, float] | None:
    """A Walk's end onto ``obj`` if a straight one gets there, else as far as a Walk goes
    along the way on foot to it if ``me`` is sent there; None if neither. (A straight
    Walk stopped short by a wall is no way there.)"""
    allowance = walk_allowance(me)
    d = math.dist(me.pos, obj.at)
    if d <= allowance + obj.radius + me.radius:
        end = slide_towards(ctx, me, obj.at, min(allowance, d))
        if end is not None and math.dist(end, obj.at) - me.radius <= obj.radius:
            return end
        end = _onto(ctx, me, obj, allowance)
        if end is not None:
            return end
    if obj.id not in claims(ctx, me):
        return None
    return _along(ctx, me, ctx.table.path(me.disc, obj.at, ctx.obstacles(me),
                                          me.stats.ignores_difficult, on=me.on_piece),
                  allowance)


def _spots(ctx: Ctx, me: Figure, obj: Objective) -> list[tuple[float, float]]:
    """Places on ``obj`` where ``me`` would hold it (GAP-13) and a Walk may end: clear of
    every other base, and out of contact with the enemy (only a Charge ends in contact,
    GAP-16), nearest to ``me`` first. The objective's centre is often taken: the enemy
    standing on it, or a comrade; the rim is free, and holds it as well."""
    rim = max(0.0, obj.radius + me.radius - SPOT_INSIDE)
    ring = [(obj.at[0] + r * math.cos(a), obj.at[1] + r * math.sin(a))
            for r in (rim, rim / 2) if r > 0
            for a in (2 * math.pi * k / SPOT_ANGLES for k in range(SPOT_ANGLES))]
    others = [f for f in ctx.in_play() if f.id != me.id]
    out = []
    for p in ring:
        if all(math.dist(p, f.pos) - me.radius - f.radius
               > (CONTACT_GAP if f.band != me.band else 0.0) for f in others):
            out.append(p)
    out.sort(key=lambda p: math.dist(p, me.pos))
    return out


def _onto(ctx: Ctx, me: Figure, obj: Objective, allowance: float) -> tuple[float, float] | None:
    """A Walk's end on a free place of ``obj`` (:func:`_spots`), the nearest a Walk
    reaches by a legal way (the first ``SPOT_TRIES`` tried); None if none does. The
    straight Walk at the centre stops short of whoever stands there, a pas or two off
    the objective: on the last turn a figure then stood beside a pump its band could
    have contested, and the enemy scored it."""
    for p in [q for q in _spots(ctx, me, obj)
              if math.dist(q, me.pos) <= allowance][:SPOT_TRIES]:
        try:
            plan_move(ctx, me, p, allowance, "Walk")
        except IllegalCommand:
            continue
        return p
    return None


def _may_walk(ctx: Ctx, me: Figure) -> bool:
    """``me`` has the PA for a Walk and may take one now ([R-ACT-WALK])."""
    if me.pa < 1:
        return False
    try:
        check_stepping(ctx, me, False)
    except IllegalCommand:
        return False
    return True


def _along(ctx: Ctx, me: Figure, path: PathLike | None, allowance: float
           ) -> tuple[float, float] | None:
    """The farthest point ``me`` can reach by a Walk on ``path``, its cheapest way to
    an objective (round terrain and the other figures), or None if there is no way or it
    stays put. Difficult ground costs double, so the way is cut where its cost runs out,
    and the point is checked as the rules check a move."""
    length = _length(path.points) if path is not None else 0.0
    if path is None or length <= 0:
        return None
    reach = allowance * length / max(path.cost, length)
    for _ in range(2):
        end = _point_along(path.points, reach)
        if math.dist(end, me.pos) < SAME_PLACE:
            return None
        try:
            plan_move(ctx, me, end, allowance, "Walk")
        except IllegalCommand:
            reach *= 0.7
            continue
        return end
    return None


def _length(points: tuple[tuple[float, float], ...]) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))


def _point_along(points: tuple[tuple[float, float], ...], length: float) -> tuple[float, float]:
    """The point ``length`` pas along the polyline ``points`` (its end if shorter)."""
    for a, b in zip(points, points[1:], strict=False):
        leg = math.dist(a, b)
        if length <= leg:
            t = length / leg if leg else 0.0
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        length -= leg
    return (float(points[-1][0]), float(points[-1][1]))
