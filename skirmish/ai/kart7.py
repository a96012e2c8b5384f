"""The computer player of KART 7 (RULESETS §4), at every level: its declarations,
supports, court-circuits, facing or ignoring, and hand cards, all weighed on the exact
odds of the draws over the cards it has not seen (:mod:`skirmish.rules.kart7.preview`).

It reads what a player at the table reads (RULESETS S15, [GAP-K7-29]): the declarations,
the hands and the discard pile, the count and generation of each face-down card, never
their order; so its choices are the same whatever that order.

- A declaration is scored in VP expected: a strike or a shot by the chance to put its
  target out of the fight times the target's VP, less (in melee) the same for a defender
  that wins; Tactique by the two markers it may bring; a Ressource when the pioche runs
  low; a move by the way it makes towards the enemy (or into range) and the objectives;
  a support by the help it brings; a flight by the strikes it escapes, times its chance
  to get away from the enemies that face it. The best declaration of any of its figures is made;
  when none is worth anything the side passes.
- A court-circuit is made when one of its figures can strike or shoot the declaring
  figure first with better than even odds; a court-circuit is answered by keeping.
- It faces a hostile action unless ignoring leaves it better off; it plays a hand card
  in place of a failing card in an opposed draw, the highest that succeeds.
- ``easy`` adds noise to every score (seeded) and never court-circuits, ``normal`` takes
  the best; ``hard`` plays the close ones out first (:mod:`skirmish.ai.kart7_hard`).
"""

from __future__ import annotations

import math
import random

import msgspec

from skirmish.ai.player import Plan, Planner
from skirmish.content.models import Rank
from skirmish.percent import percent
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.figure import FrameFigure
from skirmish.rules.frame.queries import engaged_with, gap
from skirmish.rules.game import Game
from skirmish.rules.kart7 import declare, legal, odds, preview
from skirmish.rules.kart7.actions import best_melee
from skirmish.rules.kart7.cards import value_of
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.state import Declaration, K7State

RULESET = "kart7"
#: What the help of a Tactique (two bonus markers) or a support is worth, in VP-like units.
TACTIQUE_WORTH = 0.4
SUPPORT_WORTH = 0.5
#: A move's worth per pas gained towards the fight, and towards an objective not held.
CLOSING = 0.05
OBJECTIVE = 0.08
#: A court-circuit is made with at least these odds to win the exchange.
COURT_CIRCUIT_ODDS = 0.55
EASY_NOISE = 0.6


class K7Player(Planner):
    def __init__(self, level: str, seed: int) -> None:
        super().__init__()
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> c.Command:
        s: K7State = game.state
        ctx = K7Ctx(s, game.table, game.book, game.dice)
        if s.pending is not None:
            return self._answer(ctx)
        if s.phase == "deployment":
            return next(cmd for cmd in game.legal_commands(sample_moves=False)
                        if isinstance(cmd, (c.AutoDeploy, c.EndDeployment)))
        band = game.to_act or ""
        declares = [(cmd, d) for cmd in legal.candidates(ctx, band, sample_moves=False,
                                                         dense_moves=False)
                    if (d := _checked(ctx, cmd, band)) is not None]
        if s.window is not None:
            return self._window(ctx, band, declares)
        declares += [(m, _checked(ctx, m, band)) for f in declare.undeclared(ctx, band)
                     if (m := advance(ctx, f))]
        scored = []
        for cmd, d in declares:
            value = self._worth(ctx, d) if d is not None else -1.0
            if self.level == "easy":
                value += self.rng.gauss(0.0, EASY_NOISE) * 0.1
            scored.append((cmd, value))
        best = self.pick(game, band, scored)
        if best is None:
            return c.Decline(band=band)
        self._plan = _plan(ctx, best)
        return best

    def pick(self, game: Game, band: str, scored: list[tuple[c.Declare, float]]
             ) -> c.Declare | None:
        """The declaration to make of ``scored`` (each with its worth), None to pass: the
        first of the best worth, when it is worth anything."""
        best, worth = None, 0.0
        for cmd, value in scored:
            if best is None or value > worth:
                best, worth = cmd, value
        return best if best is not None and worth > 0.0 else None

    # -- declarations ---------------------------------------------------------------------------
    def _worth(self, ctx: K7Ctx, d: Declaration) -> float:
        f = ctx.fig(d.figure)
        if d.action in ("strike", "shoot"):
            return attack_worth(ctx, d)
        if d.action == "aim":
            return TACTIQUE_WORTH * odds.success(preview.sources(ctx), preview.party(ctx, d)) \
                * (1.0 if _threatened(ctx, f) else 0.3)
        if d.action == "rest":
            pioche = len(ctx.k7.piles.pioches.get(f.id, []))
            if pioche > 2:
                return 0.0
            return 0.1 * (ctx.own(f.id).profile.pioche_max - pioche) * odds.success(
                preview.sources(ctx), preview.party(ctx, d))
        if d.action == "move":
            return move_worth(ctx, f, d)
        if d.action == "support":
            other = ctx.s.declaration(d.of or 0)
            if other.action not in ("strike", "shoot"):
                return 0.0
            return SUPPORT_WORTH * odds.success(preview.sources(ctx), preview.party(ctx, d))
        if d.action == "flee":
            worst = max((attack_worth(ctx, e_d) for e_d in _threats(ctx, f)), default=0.0)
            return 0.5 * worst * preview.flight(ctx, d)
        if d.action == "heal":
            return 0.3 * odds.success(preview.sources(ctx), preview.party(ctx, d))
        if d.action == "rout":
            return 1.0
        return 0.0

    def _window(self, ctx: K7Ctx, band: str,
                declares: list[tuple[c.Declare, Declaration]]) -> c.Command:
        """A court-circuit when one of its figures strikes or shoots first with good odds;
        an answer to a court-circuit: keep."""
        s = ctx.s
        window = s.window
        assert window is not None
        if window.kind == "reply" or self.level == "easy":
            return c.Decline(band=band)
        contradicted = s.declaration(window.of)
        best, worth = None, 0.0
        for cmd, d in declares:
            if cmd.kind != "court_circuit" or cmd.action not in ("strike", "shoot") \
                    or cmd.target != contradicted.figure:
                continue
            if preview.attack(ctx, d).attacker < COURT_CIRCUIT_ODDS:
                continue
            value = attack_worth(ctx, d)
            if value > worth:
                best, worth = cmd, value
        if best is None:
            return c.Decline(band=band)
        self._plan = _plan(ctx, best)
        return best

    # -- decisions inside the resolution ------------------------------------------------------
    def _answer(self, ctx: K7Ctx) -> c.Command:
        s = ctx.s
        p = s.pending
        assert p is not None and s.exchange is not None
        d = s.declaration(s.exchange.number)
        if p.kind == "face":
            return c.Choose(option=face_or_ignore(ctx, d, p.figure))
        if p.kind == "replan":
            return c.Choose(option=self._replan(ctx, d))
        opposed = d.action in ("strike", "shoot", "flee")
        if not opposed or self.level == "easy" and p.figure != d.figure:
            return c.Choose(option=p.default)
        cards = [o.key for o in p.options if o.key != "keep"]
        best = max(cards, key=lambda k: (_card_value(ctx, int(k)), k))
        return c.Choose(option=best)


    def _replan(self, ctx: K7Ctx, d: Declaration) -> str:
        """[GAP-K7-6] the other target worth the most at one level harder, if any is worth
        anything; else just the move."""
        p = ctx.s.pending
        assert p is not None
        best, worth = p.default, 0.0
        for o in p.options:
            if o.key == p.default or self.level == "easy":
                continue
            other = msgspec.structs.replace(d, target=o.key, levels=d.levels + 1)
            value = attack_worth(ctx, other)
            if value > worth:
                best, worth = o.key, value
        return best


def _checked(ctx: K7Ctx, cmd: c.Declare, band: str) -> Declaration | None:
    """``cmd`` as ``band`` may declare it now; None when it may not."""
    try:
        return declare.check(ctx, cmd, band)
    except IllegalCommand:
        return None


def _card_value(ctx: K7Ctx, card: int) -> int:
    return value_of(card, ctx.ace)


def vp(ctx: K7Ctx, f: FrameFigure) -> float:
    """What putting ``f`` out of the fight is worth: its rank's VP ([R-VP-TABLE])."""
    return float(ctx.book.victory_points.out_of_action[Rank(f.rank)])


def attack_worth(ctx: K7Ctx, d: Declaration) -> float:
    """The VP a strike or a shot is expected to win, less what a defender that wins in
    melee is expected to take back ([GAP-K7-10])."""
    target = ctx.fig(d.target)
    o = preview.attack(ctx, d)
    pique = preview.pique_share(ctx)
    prof = ctx.own(d.figure).profile
    melee = d.action == "strike"
    weapon = prof.weapon(d.weapon) if not melee or d.weapon else best_melee(ctx, d.figure)[1]
    gain = preview.harm(ctx, target.id, o.attacker_quality, weapon, pique=pique, melee=melee)
    worth = gain * vp(ctx, target) + 0.1 * o.attacker
    if target.status != "in_play":
        worth *= 0.5  # already down: only a kill adds to it
    if melee:
        _, theirs = best_melee(ctx, target.id)
        back = preview.harm(ctx, d.figure, o.defender_quality, theirs, pique=0.0, melee=True)
        worth -= back * vp(ctx, ctx.fig(d.figure))
    return worth


def face_or_ignore(ctx: K7Ctx, d: Declaration, figure: str) -> str:
    """[K7-IGNORE] face unless ignoring leaves ``figure`` better off: what it expects to
    lose either way, and, facing a strike, what it may deal back."""
    me = ctx.fig(figure)
    if d.action == "flee":
        return "face"
    faced = preview.attack(ctx, d, faces=True)
    ignored = preview.attack(ctx, d, faces=False)
    prof = ctx.own(d.figure).profile
    melee = d.action == "strike"
    weapon = prof.weapon(d.weapon) if not melee or d.weapon else best_melee(ctx, d.figure)[1]
    pique = preview.pique_share(ctx)
    lose_face = preview.harm(ctx, figure, faced.attacker_quality, weapon, pique=pique,
                             melee=melee)
    lose_ignore = preview.harm(ctx, figure, ignored.attacker_quality, weapon, pique=pique,
                               melee=melee)
    win_back = 0.0
    if melee:
        _, mine = best_melee(ctx, figure)
        win_back = preview.harm(ctx, d.figure, faced.defender_quality, mine, pique=0.0,
                                melee=True) * vp(ctx, ctx.fig(d.figure)) / max(vp(ctx, me), 1.0)
    return "face" if lose_face - win_back <= lose_ignore else "ignore"


def _threats(ctx: K7Ctx, f: FrameFigure) -> list[Declaration]:
    """The strikes each enemy engaged with ``f`` could make on it, as declarations."""
    out = []
    for e in engaged_with(ctx, f):
        out.append(Declaration(number=0, figure=e.id, band=e.band, kind="main", action="strike",
                               target=f.id, skill="contact", manoeuvre="P"))
    return out


def _threatened(ctx: K7Ctx, f: FrameFigure) -> bool:
    return any(e.band != f.band and e.status == "in_play" and gap(f, e) < 15
               for e in ctx.s.figures.values())


def advance(ctx: K7Ctx, f: FrameFigure) -> c.Declare | None:
    """A move alone towards the nearest enemy (or, with none left, the nearest objective),
    as far as the allowance goes in a straight line; checked when it is weighed."""
    if f.routing or engaged_with(ctx, f):
        return None
    goals = [e.pos for e in ctx.s.figures.values() if e.band != f.band and e.status == "in_play"]
    goals = goals or [o.at for o in ctx.s.objectives]
    if not goals:
        return None
    goal = min(goals, key=lambda p: (math.dist(f.pos, p), p))
    d = math.dist(f.pos, goal)
    step = min(declare.allowance(ctx, f, "move", False) * 0.95, d - f.base - 0.2)
    if step < 0.5:
        return None
    to = (round(f.x + (goal[0] - f.x) / d * step, 3), round(f.y + (goal[1] - f.y) / d * step, 3))
    return c.Declare(figure=f.id, action="move", to=to)


def move_worth(ctx: K7Ctx, f: FrameFigure, d: Declaration) -> float:
    """A move alone: the pas it closes on the nearest enemy (a shooter: until in range),
    and on the nearest objective its side does not hold."""
    if d.to is None:
        return 0.0
    enemies = [e for e in ctx.s.figures.values() if e.band != f.band and e.status == "in_play"]
    worth = 0.0
    if enemies:
        near = min(enemies, key=lambda e: (math.dist(f.pos, e.pos), e.id))
        now, then = math.dist(f.pos, near.pos), math.dist(d.to, near.pos)
        reach = max((ctx.book.ranged_weapons[w].medium for w in f.ranged), default=0.0)
        if reach and now <= reach:
            return -0.01
        worth += CLOSING * (now - max(then, reach))
    for obj in ctx.s.objectives:
        worth += OBJECTIVE * max(0.0, math.dist(f.pos, obj.at) - math.dist(d.to, obj.at)) / 6
    return worth


#: Each declaration as the plan says it, in English; the window words it by its key
#: (``ai.k7_plan_<action>``, ``ai.k7_plan_<action>_at`` with a target and its odds).
PLAN_WORDS = {"hold": "holds", "move": "moves", "strike": "strikes", "shoot": "shoots",
              "aim": "declares a Tactique", "rest": "declares a Ressource", "flee": "flees",
              "heal": "heals", "support": "supports an action", "rout": "routs"}


def _plan(ctx: K7Ctx, cmd: c.Declare) -> Plan:
    """The one-line plan of a declaration: what the figure does, and its odds to win."""
    f = ctx.fig(cmd.figure)
    params: dict[str, object] = {"figure": f.name}
    words = PLAN_WORDS[cmd.action]
    if cmd.target is None or cmd.action not in ("strike", "shoot"):
        return Plan(band=f.band, figure=f.id, text=f"{f.name} {words}",
                    key=f"ai.k7_plan_{cmd.action}", params=params)
    d = declare.check(ctx, cmd, f.band)
    pct = percent(preview.attack(ctx, d).attacker)
    target = ctx.fig(cmd.target).name
    params.update(target=target, pct=pct)
    return Plan(band=f.band, figure=f.id,
                text=f"{f.name} {words} {target}: {pct} % to win the exchange",
                key=f"ai.k7_plan_{cmd.action}_at", params=params)
