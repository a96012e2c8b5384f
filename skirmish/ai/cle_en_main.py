"""The computer player of Clé en main (RULESETS §2): it plays the hand, answers every
decision the rules owe it and chooses its attacks, primes and pénalités, interrupts and
heroism by the exact odds of the ruleset (``skirmish.rules.cle_en_main.preview``).

- ``normal`` weighs every attack, prime and pénalité, interrupt and heroism point by
  those odds (:class:`CleEnMainPlayer`).
- ``easy`` activates the figure nearest the enemy, attacks the nearest enemy it can,
  takes every default answer (no prime, no interrupt) and spends no heroism.
- ``hard`` (:mod:`skirmish.ai.cle_en_main_hard`) plays the close choices out on copies.

Its own choices are deterministic; the game's dice are never read.
"""

from __future__ import annotations

import math

from skirmish.ai.player import Plan, Planner, finish_plan, odds_plan
from skirmish.rules import commands as c
from skirmish.rules.cle_en_main import actions as act
from skirmish.rules.cle_en_main.attack import GROUP_MAX, best_melee, figurant, partners
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow import check
from skirmish.rules.cle_en_main.flow_state import Attack, CmState, Tour
from skirmish.rules.cle_en_main.monitor import Load
from skirmish.rules.cle_en_main.odds import p_opposition
from skirmish.rules.cle_en_main.preview import Odds, attack_odds, decision_odds, load_with
from skirmish.rules.cle_en_main.state import HERO_COST
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.queries import gap
from skirmish.rules.game import Game
from skirmish.rules.outcome import Outcome

#: What putting a figure out is worth, by rank (the VP table's proportions).
WORTH = {"chef": 3.0, "sous_chef": 2.0, "sous_fifre": 1.0}
#: Below this an attack is not worth the tour: the figure moves instead.
WORTH_ATTACKING = 0.05
#: The cost of a lost next tour (a Risque), of a Danger on the next defence, and what a
#: Prudence on it is worth, in the same units as an attack's value.
LOST_TOUR = 0.3
DANGER = 0.05
PRUDENCE = 0.05
#: A group's value per tour it uses is weighed up by this: its members, acting together,
#: are not left standing alone in reach of the enemy's response.
GROUPED_WORTH = 1.5
#: Interrupt when the Réflexes opposition is won at least this often.
INTERRUPT_AT = 0.55
#: What a heroism point kept for later is worth (the points do not come back in the
#: game): a fourth die or a test made again is spent when it gains more than this.
HERO_POINT = 0.12


def ctx_of(game: Game) -> CmCtx:
    return CmCtx(game.state, game.table, game.book, game.dice)


def harm_value(ctx: CmCtx, target: str, odds: Odds) -> float:
    """What an attack of these odds is worth: putting the target at 0 vitality (or, mal
    en point already, wounding it again) by its rank, and a share for the damage."""
    f, cf = ctx.pair(target)
    worth = WORTH.get(f.rank, 1.0)
    if cf.vitality <= 0:
        return worth * 0.5 * odds.p_at_least(1)
    out = odds.p_at_least(cf.vitality)
    share = float(odds.p_hit) * min(odds.mean, cf.vitality) / max(1, cf.profile.vitality)
    return worth * (out + 0.5 * share)


def load_cost(load: Load, odds: Odds) -> float:
    cost = DANGER * load.count("danger") - PRUDENCE * load.count("prudence")
    if "incident" in load.risks:
        cost += LOST_TOUR * (1 - float(odds.p_hit))
    return cost


class CleEnMainPlayer(Planner):
    def __init__(self, seed: int, level: str = "normal") -> None:
        super().__init__()
        self.seed = seed
        self.easy = level == "easy"

    def choose(self, game: Game) -> c.Command:
        s: CmState = game.state
        ctx = ctx_of(game)
        if s.pending is not None:
            return c.Choose(option=self._answer(ctx, s))
        cmds = game.legal_commands(sample_moves=False)
        if s.phase == "deployment":
            return next(x for x in cmds if isinstance(x, (c.AutoDeploy, c.EndDeployment)))
        if s.tour is None:
            return self._activate(ctx, [x for x in cmds if isinstance(x, c.Activate)])
        cmd = self._act(ctx, game, s.tour, cmds)
        if self._planned != (s.turn, s.tour.figure):
            self._planned = (s.turn, s.tour.figure)
            self._plan = plan_of(game, s.tour.figure, cmd)
        return cmd

    # -- whom to activate ---------------------------------------------------------------------
    def _activate(self, ctx: CmCtx, options: list[c.Activate]) -> c.Command:
        if self.easy:
            return min(options, key=lambda x: (_nearest_enemy(ctx, x.figure), x.figure))
        return max(options, key=lambda x: self.activation_score(ctx, x))

    def activation_score(self, ctx: CmCtx, cmd: c.Activate) -> tuple[float, float, str]:
        """The normal player's priority: its best attack's value, then nearness."""
        tour = Tour(figure=cmd.figure, band=ctx.fig(cmd.figure).band, reason="hand")
        return self.best_attack(ctx, tour), -_nearest_enemy(ctx, cmd.figure), cmd.figure

    # -- a tour ------------------------------------------------------------------------------------
    def _attacks(self, ctx: CmCtx, tour: Tour,
                 cmds: list[c.Command]) -> list[tuple[c.Command, float]]:
        """Each attack the figure may make now (of ``cmds``, the legal ones) and its value."""
        out: list[tuple[c.Command, float]] = []
        for cmd in cmds:
            value = self._value(ctx, tour, cmd)
            if value is not None:
                out.append((cmd, value))
        return out

    def _value(self, ctx: CmCtx, tour: Tour, cmd: c.Command) -> float | None:
        """An attack's value, by its odds (None for a command that is no attack)."""
        if isinstance(cmd, c.Act) and cmd.action == "finish_off":
            return 2 * WORTH.get(ctx.fig(cmd.target or "").rank, 1.0)
        if isinstance(cmd, c.Act) and cmd.action == "together" and cmd.target:
            return self._together(ctx, tour, cmd)
        if isinstance(cmd, (c.Strike, c.Shoot, c.Charge)):
            kind = {c.Strike: "strike", c.Shoot: "shot", c.Charge: "charge"}[type(cmd)]
            wid = cmd.weapon if not isinstance(cmd, c.Charge) else best_melee(ctx, tour.figure)
            odds = attack_odds(ctx, tour, kind, cmd.target, wid)
            return harm_value(ctx, cmd.target, odds)
        return None

    def best_attack(self, ctx: CmCtx, tour: Tour) -> float:
        """The value of the best attack ``tour``'s figure may make, as the best of
        :meth:`_attacks` over its legal commands, but each attack is valued before it is
        checked and only the best are checked: a charge's way is what costs."""
        f = ctx.fig(tour.figure)
        melee = best_melee(ctx, f.id)
        ranged = [w for w, cw in ctx.cmf(f.id).profile.weapons.items() if cw.range is not None]
        tries: list[c.Command] = []
        for e in ctx.in_play():
            if e.band == f.band:
                continue
            if melee is not None:
                tries.append(c.Strike(figure=f.id, target=e.id, weapon=melee))
                tries.append(c.Act(figure=f.id, action="together", target=e.id))
                if gap(f, e) <= act.move_act(ctx, f) + 0.5:
                    tries.append(c.Charge(figure=f.id, target=e.id))
            for wid in ranged:
                tries.append(c.Shoot(figure=f.id, weapon=wid, target=e.id))
                tries.append(c.Act(figure=f.id, action="together", target=e.id, weapon=wid))
        tries += [c.Act(figure=f.id, action="finish_off", target=fid)
                  for fid, cf in ctx.cm.figures.items()
                  if ctx.fig(fid).band != f.band and cf.unconscious and not cf.dead]
        valued = sorted(((v, _key(x), x) for x in tries
                         if (v := self._value(ctx, tour, x) or 0.0) > 0.0), reverse=True)
        for value, _, cmd in valued:
            try:
                check(ctx, tour, cmd)
                if isinstance(cmd, c.Act) and cmd.action == "together":  # joins a legal attack
                    check(ctx, tour, c.Strike(figure=f.id, target=cmd.target or "", weapon=melee)
                          if cmd.weapon is None else
                          c.Shoot(figure=f.id, weapon=cmd.weapon, target=cmd.target or ""))
            except IllegalCommand:
                continue
            return value
        return 0.0

    def _easy_attacks(self, ctx: CmCtx, tour: Tour,
                      cmds: list[c.Command]) -> list[tuple[c.Command, float]]:
        """The easy player's: a plain attack (or finishing off) on the nearest enemy it may
        attack, whatever its odds."""
        plain = [x for x in cmds if isinstance(x, (c.Strike, c.Shoot, c.Charge))
                 or (isinstance(x, c.Act) and x.action == "finish_off")]
        if not plain:
            return []
        me = ctx.fig(tour.figure)
        near = min(plain, key=lambda x: (gap(me, ctx.fig(getattr(x, "target", "") or "")),
                                         _key(x)))
        return [(near, 1.0)]

    def _together(self, ctx: CmCtx, tour: Tour, cmd: c.Act) -> float:
        """A group of figurants by its odds with every figurant that may join, worth per
        tour de jeu it uses; cooperation is not weighed (its odds are a best of several
        throws): the computer's bosses and seconds couteaux attack alone."""
        if not figurant(ctx, tour.figure):
            return 0.0
        kind = "shot" if cmd.weapon is not None else "strike"
        wid = cmd.weapon if cmd.weapon is not None else best_melee(ctx, tour.figure)
        probe = Attack(kind=kind, attacker=tour.figure, target=cmd.target or "", weapon=wid)
        n = min(len(partners(ctx, probe)), GROUP_MAX - 1)
        if n == 0:
            return 0.0  # nobody may join: no group
        odds = attack_odds(ctx, tour, kind, cmd.target or "", wid, group=n)
        return harm_value(ctx, cmd.target or "", odds) / (n + 1) * GROUPED_WORTH

    def _act(self, ctx: CmCtx, game: Game, tour: Tour, cmds: list[c.Command]) -> c.Command:
        attacks = self._easy_attacks(ctx, tour, cmds) if self.easy else self._attacks(ctx, tour, cmds)
        if attacks:
            cmd, value = max(attacks, key=lambda cv: (cv[1], _key(cv[0])))
            if value >= WORTH_ATTACKING:
                return cmd
        care = [x for x in cmds if isinstance(x, c.UseMedikit)
                and (ctx.cmf(x.target).dies_at is not None or ctx.cmf(x.target).unconscious)]
        if care:
            return care[0]
        if tour.walked > 0 or tour.stood:
            return c.EndActivation(figure=tour.figure)
        return self._move(ctx, game, tour)

    def _move(self, ctx: CmCtx, game: Game, tour: Tour) -> c.Command:
        """Toward the nearest enemy: a fighter runs into contact; a shooter runs while it
        is far, then walks (it may shoot after) to about its weapon's range of an enemy it
        sees, and on past one it does not see. The places tried are on the way, nearer and
        a little to either side, until one is legal."""
        fid = tour.figure
        f = ctx.fig(fid)
        enemies = [e for e in ctx.in_play() if e.band != f.band and not ctx.cmf(e.id).unconscious]
        if not enemies:
            return c.EndActivation(figure=fid)
        e = min(enemies, key=lambda x: (gap(f, x), x.id))
        weapons = ctx.cmf(fid).profile.weapons.values()
        reach = max((w.range or 0.0 for w in weapons if not w.melee), default=0.0)
        stop = reach * 0.8 if reach and ctx.sees(f, e) else 0.0
        far = gap(f, e) - stop > act.move_act(ctx, f)
        run = not reach or far
        allowance = act.move_only(ctx, f) if run else act.move_act(ctx, f)
        d = math.dist(f.pos, e.pos)
        want = min(allowance - 0.05, max(0.0, d - f.radius - e.radius - stop - 0.02))
        if want <= 0.1:
            return c.EndActivation(figure=fid)
        heading = math.atan2(e.y - f.y, e.x - f.x)
        kind = c.Run if run else c.Walk
        for frac in (1.0, 0.75, 0.5, 0.25):
            for turn in (0.0, 0.5, -0.5, 1.0, -1.0):
                a = heading + turn
                to = (round(f.x + want * frac * math.cos(a), 3),
                      round(f.y + want * frac * math.sin(a), 3))
                cmd = kind(figure=fid, to=to)
                try:
                    check(ctx, tour, cmd)
                except IllegalCommand:
                    continue
                return cmd
        return c.EndActivation(figure=fid)

    # -- decisions ---------------------------------------------------------------------------------
    def _answer(self, ctx: CmCtx, s: CmState) -> str:
        p = s.pending
        assert p is not None
        keys = [o.key for o in p.options]
        kind, _, fid = p.kind.partition(":")
        if self.easy:
            return "no" if kind in ("cm_heroic", "cm_reroll") else p.default
        if kind == "cm_interrupt":
            return self._interrupt(ctx, s, keys)
        if kind in ("cm_interrupt_penalty", "cm_special_penalty"):
            return "danger" if "danger" in keys else p.default
        if kind == "cm_pair":
            return self._pair(ctx, s, keys)
        if kind == "cm_second":
            return min(keys, key=lambda k: (ctx.cmf(k).profile.defence, k))
        if kind == "cm_free":
            return "efficacite" if "efficacite" in keys else keys[0]
        if kind == "cm_group":
            return next((k for k in keys if k != "done"), "done")
        if kind == "cm_heroic":
            return self._heroic(ctx, s, fid)
        if kind == "cm_reroll":
            return self._reroll(ctx, s, fid)
        if kind == "cm_damage":
            return self._damage(ctx, s, keys)
        return p.default

    def _interrupt(self, ctx: CmCtx, s: CmState, keys: list[str]) -> str:
        tour = s.tour
        assert tour is not None
        declarer = ctx.cmf(tour.figure).profile
        best, chance = "no", INTERRUPT_AT
        for k in keys:
            if k == "no":
                continue
            me = ctx.cmf(k).profile
            p = float(p_opposition(me.reflexes, declarer.reflexes, skill_a=me.reflexes,
                                   skill_b=declarer.reflexes))
            if p >= chance and gap(ctx.fig(k), ctx.fig(tour.figure)) <= 10.5:
                best, chance = k, p
        return best

    def _pair(self, ctx: CmCtx, s: CmState, keys: list[str]) -> str:
        tour = s.tour
        assert tour is not None and tour.attack is not None
        a = tour.attack
        if a.kind in ("trip", "disarm"):
            return "efficacite+danger" if "efficacite+danger" in keys else "none"
        return max(keys, key=lambda k: (self.pair_worth(ctx, s, k), k == "none", k))

    def pair_worth(self, ctx: CmCtx, s: CmState, key: str) -> float:
        """[CM-PRIMES] an attack's value with the pair ``key``, less what its pénalité costs."""
        tour = s.tour
        assert tour is not None and tour.attack is not None
        a = tour.attack
        load = load_with(a.load, key)
        odds = attack_odds(ctx, tour, a.kind, a.target, a.weapon, load)
        v = harm_value(ctx, a.target, odds) - load_cost(load, odds)
        return v * (1.6 if key.startswith("multiple+") else 1.0)

    def _heroic(self, ctx: CmCtx, s: CmState, fid: str) -> str:
        """[CM-HERO-USE] a fourth die when it gains more than a point is worth: for the
        attacker, the value its attack gains; for a defender, the harm it is spared."""
        tour = s.tour
        assert tour is not None and tour.attack is not None
        a = tour.attack
        target = a.target if fid == a.attacker else fid
        odds = {k: decision_odds(ctx, k) for k in ("no", "yes")}
        value = {k: _outcome_value(ctx, target, o) for k, o in odds.items()}
        gain = value["yes"] - value["no"] if fid == a.attacker else value["no"] - value["yes"]
        return "yes" if gain >= HERO_POINT * HERO_COST["four_dice"] else "no"

    def _reroll(self, ctx: CmCtx, s: CmState, fid: str) -> str:
        """[CM-HERO-USE] a lost test made again when its chance to win times what a hit
        is worth (to the attacker) or costs (to the defender) beats a point kept."""
        tour = s.tour
        assert tour is not None and tour.attack is not None
        a = tour.attack
        again = decision_odds(ctx, "yes")
        if again is None:
            return "no"
        target = a.target if fid == a.attacker else fid
        odds = attack_odds(ctx, tour, a.kind, target, a.weapon, a.load,
                           heroic=a.attacker in a.heroic)
        if odds.p_hit == 0:
            return "no"
        stake = harm_value(ctx, target, odds) / float(odds.p_hit)
        return "yes" if again.p_success * stake >= HERO_POINT * HERO_COST["reroll"] else "no"

    def _damage(self, ctx: CmCtx, s: CmState, keys: list[str]) -> str:
        tour = s.tour
        assert tour is not None and tour.attack is not None and tour.attack.announced is not None
        steps = tour.attack.announced
        cf = ctx.cmf(steps.figure)
        if "cancel" in keys and steps.damage >= max(1, cf.vitality):
            return "cancel"
        for k in keys:
            if k.startswith("take:"):
                hero = ctx.cmf(k.split(":", 1)[1])
                if steps.damage >= cf.vitality and hero.vitality > steps.damage + 3:
                    return k
        return "none"


def plan_of(game: Game, fid: str, cmd: c.Command) -> Plan:
    """The tour's one line in the words of every level (the window translates it): a
    move advances, an attack says its chance to put its target out of action, a special
    action or a group strikes, finishing off and first aid say so."""
    f = game.state.figures[fid]
    target = getattr(cmd, "target", None)
    if isinstance(cmd, (c.Walk, c.Run)):
        return Plan(band=f.band, figure=fid, text=f"{f.name} advances", key="ai.plan_advance",
                    params={"figure": f.name})
    if isinstance(cmd, c.Act) and cmd.action == "finish_off" and target:
        return finish_plan(game, fid, target)
    if isinstance(cmd, (c.Act, c.UseMedikit)) and target:
        t = game.state.figures[target].name
        verb, key = ("tends", "ai.plan_heal") if isinstance(cmd, c.UseMedikit) \
            else ("strikes", "ai.plan_strike_plain")
        return Plan(band=f.band, figure=fid, text=f"{f.name} {verb} {t}", key=key,
                    params={"figure": f.name, "target": t})
    return odds_plan(game, fid, cmd)


def _outcome_value(ctx: CmCtx, target: str, o: Outcome | None) -> float:
    """What an attack's seam odds are worth, as :func:`harm_value` weighs them."""
    if o is None or not o.harms:
        return 0.0
    worth = WORTH.get(ctx.fig(target).rank, 1.0)
    h = o.harms[0]
    return worth * (h.p_out + 0.5 * h.loss)


def _nearest_enemy(ctx: CmCtx, fid: str) -> float:
    f = ctx.fig(fid)
    return min((gap(f, e) for e in ctx.in_play() if e.band != f.band), default=0.0)


def _key(cmd: c.Command) -> str:
    return c.encode(cmd).decode()
