"""The odds of an attack before it is made (RULESETS §0.5 S14, §0.7): P(hit) and the
damage a hit does, exactly, from the same modifiers the resolution will use, without
spending anything (the monitor's Prudence and Danger are read, not used up). The
previews and the computer players read these."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import msgspec

from skirmish.rules import commands as c
from skirmish.rules.cle_en_main import attack
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow_state import Attack, Tour
from skirmish.rules.cle_en_main.monitor import Load
from skirmish.rules.cle_en_main.odds import (
    Roller,
    distribution,
    hit_damage,
    p_opposition,
    p_test,
    tie_winner,
)
from skirmish.rules.cle_en_main.rolls import Rolled, takes_eleven
from skirmish.rules.cle_en_main.throws import TAKEN, Auto, Side, oppose
from skirmish.rules.frame.queries import in_contact
from skirmish.rules.outcome import Harm, Outcome


@dataclass(frozen=True)
class Odds:
    """P(hit) and the distribution of damage suffered given a hit, with its mean."""

    p_hit: Fraction
    damage: tuple[tuple[int, Fraction], ...]

    @property
    def mean(self) -> float:
        return float(sum(d * p for d, p in self.damage))

    def p_at_least(self, n: int) -> float:
        """P(a hit that does ``n`` or more)."""
        return float(self.p_hit * sum(p for d, p in self.damage if d >= n))


def roller(ctx: CmCtx, fid: str, *, heroic: bool = False) -> Roller:
    if takes_eleven(ctx, fid) and not heroic:
        return (0, "base")
    return (4, ctx.cm.options.cem_auto_dice) if heroic else (3, ctx.cm.options.cem_auto_dice)


def attack_odds(ctx: CmCtx, tour: Tour, kind: str, target: str, wid: str | None,
                load: Load | None = None, *, heroic: bool = False, group: int = 0,
                defender_heroic: bool = False) -> Odds:
    """The odds of ``tour``'s figure attacking ``target`` now (``load``: the primes and
    pénalités it would carry, by default only the mandatory ones; ``group``: the other
    figurants of its group, +1 each to the throw and to the damage, [CM-GROUP];
    ``heroic``, ``defender_heroic``: a side throws four dice, [CM-HERO-USE])."""
    base = attack.base_load(ctx, tour, kind, target, wid) if load is None else load
    a = Attack(kind=kind, attacker=tour.figure, target=target, weapon=wid, load=base)  # type: ignore[arg-type]
    ap, tp = ctx.cmf(tour.figure).profile, ctx.cmf(target).profile
    w = attack.weapon_of(ctx, tour.figure, wid)
    skill = attack.attack_skill(a, w)
    mine = ap.test_value(skill) + sum(attack.attack_mods(ctx, a).values()) + group
    theirs = tp.test_value("defence") + sum(attack.defence_mods(ctx, a, target, spend=False).values())
    b = attack.blow(ctx, a, target)
    tie = tie_winner(ap.skill(skill), tp.defence, True, False)
    against = roller(ctx, target, heroic=defender_heroic)
    if not attack.throws_defence(ctx, target):  # Combat ≥ 10 ([GAP-CM-11]): as against a
        against, tie = UNROLLED, "a"  # fixed 11 with 1 less, the attacker winning a tie
        theirs = attack.UNPERCEIVED - TAKEN
    halvings = b.legere + (1 if b.multiple and not b.full else 0)
    p, dist = hit_damage(mine - theirs, tie, min(w.dice, 3), b.bonus + group, tp.protection,
                         extra=max(0, w.dice - 3) + b.meurtriere, six_plus=w.six_plus,
                         halvings=halvings,
                         before_protection=ctx.cm.options.cem_halving == "before_protection",
                         a=roller(ctx, tour.figure, heroic=heroic), b=against)
    return Odds(p, dist)


#: A side that takes a fixed total (:data:`TAKEN`) without rolling.
UNROLLED: Roller = (0, "base")


def load_with(base: Load, option: str) -> Load:
    """The load once the pair ``option`` ("prime+pénalité", or "none") is chosen."""
    if option == "none":
        return base
    prime, penalty = option.split("+")
    return base.with_pair(prime, penalty)  # type: ignore[arg-type]


#: The automatic result of each rank of :func:`~.odds.distribution`.
AUTO_OF_RANK: dict[int, Auto] = {0: "failure", 1: None, 2: "success"}


def command_odds(ctx: CmCtx, cmd: c.Command) -> Outcome | None:
    """S14 through the seam (``Ruleset.odds``): the chance a Strike, Shoot or Charge hits
    its target, and what it may do to it — P(wounded), P(put out: its vitality gone),
    P(dead at once: a second couteau or figurant hit for more than its Résistance) and
    the expected share of its vitality lost; an answer to a decision by
    :func:`decision_odds`; None for a command without a roll of its own."""
    if isinstance(cmd, c.Choose):
        return decision_odds(ctx, cmd.option)
    if isinstance(cmd, c.Act) and cmd.target:
        return _act_odds(ctx, cmd)
    if not isinstance(cmd, (c.Strike, c.Shoot, c.Charge)):
        return None
    tour = _tour(ctx, cmd.figure)
    kind = {c.Strike: "strike", c.Shoot: "shot", c.Charge: "charge"}[type(cmd)]
    wid = cmd.weapon if isinstance(cmd, c.Shoot) else (
        cmd.weapon if isinstance(cmd, c.Strike) and cmd.weapon else attack.best_melee(ctx, cmd.figure))
    return _outcome(ctx, cmd.target, attack_odds(ctx, tour, kind, cmd.target, wid))


def _act_odds(ctx: CmCtx, cmd: c.Act) -> Outcome | None:
    """Bousculer or Désarmer: the chance to win the first opposition, Combat/Défense (the
    second, specific one follows, [CM-SPECIAL]); a group of figurants attacking together
    with every figurant that may join ([CM-GROUP]); None otherwise (a cooperation is the
    best of several throws)."""
    assert cmd.target is not None
    tour = _tour(ctx, cmd.figure)
    if cmd.action in ("trip", "disarm"):
        wid = cmd.weapon or attack.best_melee(ctx, cmd.figure)
        o = attack_odds(ctx, tour, cmd.action, cmd.target, wid)
        return Outcome(p_success=float(o.p_hit))
    if cmd.action != "together" or not attack.figurant(ctx, cmd.figure):
        return None
    kind = "shot" if cmd.weapon is not None and not in_contact(
        ctx.fig(cmd.figure), ctx.fig(cmd.target)) else "strike"
    wid = cmd.weapon if kind == "shot" else attack.best_melee(ctx, cmd.figure)
    probe = Attack(kind=kind, attacker=cmd.figure, target=cmd.target, weapon=wid)  # type: ignore[arg-type]
    joined = tuple(attack.partners(ctx, probe)[:attack.GROUP_MAX - 1])
    odds = _outcome(ctx, cmd.target, attack_odds(ctx, tour, kind, cmd.target, wid,
                                                 group=len(joined)))
    return msgspec.structs.replace(odds, joined=joined)


def _tour(ctx: CmCtx, fid: str) -> Tour:
    """The tour under way of ``fid``, or the one it would take."""
    s = ctx.s
    return s.tour if s.tour is not None and s.tour.figure == fid else Tour(
        figure=fid, band=ctx.fig(fid).band, reason="hand")


# -- the odds of each answer to a decision (S7 with S14) -----------------------------------------
def _outcome(ctx: CmCtx, target: str, o: Odds) -> Outcome:
    """An attack's odds as the seam states them (see :func:`command_odds`)."""
    ct = ctx.cmf(target)
    left, whole = ct.vitality, max(1, ct.profile.vitality)
    dead = 0.0
    if not ct.profile.pj_rules and left > 0:
        dead = float(o.p_hit * sum(p for d, p in o.damage
                                   if d >= left and d > ct.profile.resistance))
    loss = float(o.p_hit * sum(p * min(d, left) for d, p in o.damage)) / whole
    out = o.p_at_least(max(1, left)) if left > 0 else 0.0
    return Outcome(p_success=float(o.p_hit), harms=(Harm(
        figure=target, p_wound=o.p_at_least(1), p_out=out, p_dead=dead, loss=loss),))


def _again(r: Rolled, other: Rolled, *, active: bool) -> float:
    """[CM-HERO-USE] P(``r``'s side wins once its test is made again — the same roller and
    modifiers — against ``other``'s total, which stands)."""
    n = len(r.throw.faces) if not r.throw.fixed else 3
    p = Fraction(0)
    for rank, total, q in distribution((n, r.auto_dice)):  # type: ignore[arg-type]
        auto = AUTO_OF_RANK[rank]
        won, _ = oppose(Side(total + r.value, r.skill, auto, active),
                        Side(other.total, other.skill, other.auto, not active))
        p += q if won == 0 else 0
    return float(p)


def decision_odds(ctx: CmCtx, option: str) -> Outcome | None:
    """S14 for an answer to the pending decision (``Choose``), before it is given: the
    attack's odds with each prime and pénalité, free prime, mandatory pénalité, heroic
    die or group member, and of a free shot; the chance a test made again wins; an
    interrupter's chance to win its Réflexes opposition. None where an answer has no roll
    of its own."""
    s = ctx.s
    p, tour = s.pending, s.tour
    if p is None or tour is None:
        return None
    kind, _, who = p.kind.partition(":")
    if kind == "cm_interrupt":
        if option == "no":
            return None
        me, them = ctx.cmf(option).profile, ctx.cmf(tour.figure).profile
        return Outcome(p_success=float(p_opposition(me.reflexes, them.reflexes,
                                                    skill_a=me.reflexes, skill_b=them.reflexes)))
    if kind == "cm_free_shot" and option != "hold":  # [R-MORALE-SPOT], passive.py
        wid, _, target = option.partition("@")
        probe = Tour(figure=p.figure or "", band=p.band, reason="passive")
        return _outcome(ctx, target, attack_odds(ctx, probe, "shot", target, wid))
    a = tour.attack
    if a is None:
        return None
    if kind == "cm_pair":
        load = load_with(a.load, option)
    elif kind == "cm_free":
        load = a.load.free(option)  # type: ignore[arg-type]
    elif kind == "cm_special_penalty":
        load = a.load.imposed(option, "incident" if option == "risque" else None)  # type: ignore[arg-type]
    elif kind == "cm_group":
        n = len(a.together) + (0 if option == "done" else 1)
        if not attack.figurant(ctx, a.attacker):
            return None  # cooperation: the best of several throws, not one roll's odds
        return _outcome(ctx, a.target, attack_odds(ctx, tour, a.kind, a.target, a.weapon,
                                                   a.load, group=n))
    elif kind == "cm_heroic":
        group = len(a.together) if a.together and attack.figurant(ctx, a.attacker) else 0
        if who != a.attacker:  # a defender's die: the attack's odds against its Défense
            return _outcome(ctx, who, attack_odds(ctx, tour, a.kind, who, a.weapon, a.load,
                                                  heroic=a.attacker in a.heroic, group=group,
                                                  defender_heroic=option == "yes"))
        return _outcome(ctx, a.target, attack_odds(ctx, tour, a.kind, a.target, a.weapon,
                                                   a.load, heroic=option == "yes", group=group))
    elif kind == "cm_reroll" and option == "yes" and a.attack_roll is not None:
        if who == a.attacker:
            against = a.defence_rolls.get(a.target)
            if against is None:  # the target threw no Défense: Combat ≥ 10 ([GAP-CM-11])
                r = a.attack_roll
                n = len(r.throw.faces) if not r.throw.fixed else 3
                return Outcome(p_success=float(p_test(r.value, attack.UNPERCEIVED,
                                                      (n, r.auto_dice))))  # type: ignore[arg-type]
            return Outcome(p_success=_again(a.attack_roll, against, active=True))
        return Outcome(p_success=_again(a.defence_rolls[who], a.attack_roll, active=False))
    else:
        return None
    group = len(a.together) if a.together and attack.figurant(ctx, a.attacker) else 0
    return _outcome(ctx, a.target, attack_odds(ctx, tour, a.kind, a.target, a.weapon, load,
                                               heroic=a.attacker in a.heroic, group=group))
