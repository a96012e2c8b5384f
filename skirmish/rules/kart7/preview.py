"""The odds of a declaration before it is made (RULESETS §0.5 S14, §0.7 previews), for
the window and the computer players: exact over the cards not yet seen (``odds.py``),
from what every player may see (S15, [GAP-K7-29]).

- :func:`party` — a figure's draw for a declaration as the odds see it: its threshold
  once the markers it spends or discards are off, its level (range, elevation, cover,
  hurry, court-circuit, markers, an ignoring target), a Diamond's cancelling, the
  Puissance support cards waiting for it and, on ask, the hand cards it would play.
- :func:`attack` — a strike or a shot against a target that faces (or ignores it).
- :func:`flight` — a flight's chance to get away from every enemy it is engaged with.
- :func:`backing` — a support's chance to succeed and the chance of the action it helps
  without it and with it ([K7-SUPPORT]).
- :func:`harm` — what a hit of each quality does to its victim: the chance that it is
  put out of the fight (KO, or killed by aggravation), reading the weapon, the Pique and
  the victim's armour, KO and full holders ([K7-DAMAGE], [K7-KO-OK]).
"""

from __future__ import annotations

import msgspec

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.queries import engaged_with
from skirmish.rules.kart7 import declare, odds
from skirmish.rules.kart7.actions import (
    FACE,
    IGNORE,
    TACTIQUE,
    best_melee,
    level_of,
    score,
    target_of,
)
from skirmish.rules.kart7.cards import SPADES, TOP_VALUE, suit_of, value_of
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.harm import aggravate
from skirmish.rules.kart7.profile import K7Weapon
from skirmish.rules.kart7.state import Declaration
from skirmish.rules.kart7.visibility import unseen
from skirmish.rules.outcome import Harm, Outcome

#: The Pique's +3 on a Puissance success ([K7-SUITS]).
PIQUE = 3


def sources(ctx: K7Ctx) -> odds.Sources:
    return odds.sources(ctx.k7.piles, ctx.ace)


def party(ctx: K7Ctx, d: Declaration, *, ignored: int = 0, hand: bool = False) -> odds.Party:
    own = ctx.own(d.figure)
    level, _ = level_of(ctx, d, ignored)
    spend, discard = min(d.spend, own.bonus), min(d.discard, own.malus)
    threshold = own.threshold(score(ctx, d.figure, d.skill or "volonte")) - spend + discard
    support = max((value_of(card, ctx.ace) for card in d.support_cards), default=None)
    hand_values = tuple(sorted({value_of(card, ctx.ace)
                                for card in ctx.k7.piles.hands.get(d.figure, [])})) if hand else ()
    if d.action == "rest" and d.card is not None:
        return odds.Party(threshold=threshold, level=level, known=value_of(d.card, ctx.ace),
                          support=support, hand=hand_values)
    return odds.party_for(ctx.k7.piles, d.figure, threshold, level,
                          carreau=1 if d.levels else 0, support=support, hand=hand_values,
                          fail_empty=ctx.k7.options.k7_empty_pioche == "fail")


def facing(ctx: K7Ctx, d: Declaration, figure: str, *, hand: bool = False) -> odds.Party:
    """[GAP-K7-9] the target's facing draw: Contact against melee, Rapidité against a shot,
    Poursuite against a flight; Moyenne."""
    skill = {"strike": "contact", "shoot": "rapidite", "flee": "poursuite"}[d.action]
    own = ctx.own(figure)
    hand_values = tuple(sorted({value_of(card, ctx.ace)
                                for card in ctx.k7.piles.hands.get(figure, [])})) if hand else ()
    return odds.party_for(ctx.k7.piles, figure, own.threshold(score(ctx, figure, skill)), 0,
                          hand=hand_values,
                          fail_empty=ctx.k7.options.k7_empty_pioche == "fail")


def attack(ctx: K7Ctx, d: Declaration, *, faces: bool = True, hand: bool = False
           ) -> odds.Opposed:
    """A strike or a shot at ``d.target``: both draws when it faces, else the attacker's
    alone one level easier ([K7-IGNORE])."""
    src = sources(ctx)
    if faces:
        return odds.opposed(src, party(ctx, d, hand=hand),
                            facing(ctx, d, d.target or "", hand=hand))
    dist = odds.distribution(src, party(ctx, d, ignored=1, hand=hand))
    return odds.Opposed(attacker=1.0 - dist[0], defender=0.0, both_fail=dist[0],
                        attacker_quality=(0.0, *dist[1:]), defender_quality=(0.0,) * 15)


def flight(ctx: K7Ctx, d: Declaration, *, faces: bool = True,
           src: odds.Sources | None = None, runner: odds.Party | None = None) -> float:
    """[GAP-K7-7] P(the flight gets away): when the enemies it is engaged with face, its
    Poursuite draw against each one's, drawn after it in id order as the resolution does;
    when they all ignore it, its draw alone one level easier for each ([K7-IGNORE]).
    ``src`` and ``runner`` (when facing) stand for the cards unseen and the runner's draw
    when an earlier draw of the turn changes them (a support)."""
    src = src or sources(ctx)
    pursuers = sorted(engaged_with(ctx, ctx.fig(d.figure)), key=lambda e: e.id)
    if not faces:
        return odds.success(src, party(ctx, d, ignored=len(pursuers)))
    return odds.escape(src, runner or party(ctx, d),
                       tuple(facing(ctx, d, e.id) for e in pursuers))


def chance(ctx: K7Ctx, d: Declaration, *, src: odds.Sources | None = None,
           support: int | None = None, bonus: int = 0) -> float:
    """The chance that ``d`` does what it says: a strike or a shot wins its exchange
    against a target that faces, a flight gets away, any other draw succeeds; with a
    Puissance support card of value ``support`` and ``bonus`` markers more, over ``src``
    (the cards unseen, by default as they stand)."""
    src = src or sources(ctx)
    me = party(ctx, d)
    me = msgspec.structs.replace(me, threshold=me.threshold + bonus,
                                 support=max(support, me.support or 0) if support else me.support)
    if d.action in ("strike", "shoot") and d.target:
        return odds.opposed(src, me, facing(ctx, d, d.target)).attacker
    if d.action == "flee":
        return flight(ctx, d, src=src, runner=me)
    return odds.success(src, me)


class Backing(msgspec.Struct, frozen=True):
    """A support's odds ([K7-SUPPORT]): its own draw's chance to succeed; the supported
    action's chance without it and with it (a Tactique's two markers; ``trefle`` the
    chance with the four of a Trèfle success, else equal to ``helped``)."""

    success: float
    unhelped: float
    helped: float
    trefle: float


def backing(ctx: K7Ctx, d: Declaration) -> Backing:
    """The odds of the support ``d``, drawn before the action it helps ([K7-RES-ORDER]):
    for each outcome of its draw, the helped action over the cards it left — with its
    success card as the Puissance support card, or with two bonus markers (four with a
    Trèfle) for a Tactique; a Récupération refills the pioche and leaves the draw as it
    is."""
    other = ctx.s.declaration(d.of or 0)
    src = sources(ctx)
    mine = party(ctx, d)
    helped = trefle = 0.0
    for q, left, p in odds.after(src, mine):
        if q and d.manoeuvre == "T":
            helped += p * chance(ctx, other, src=left, bonus=TACTIQUE)
            trefle += p * chance(ctx, other, src=left, bonus=2 * TACTIQUE)
            continue
        # a failure, a Récupération (a refill, not this draw) or a Puissance card
        same = chance(ctx, other, src=left, support=q if q and d.manoeuvre == "P" else None)
        helped += p * same
        trefle += p * same
    return Backing(success=odds.success(src, mine), unhelped=chance(ctx, other, src=src),
                   helped=helped, trefle=trefle)


def harm(ctx: K7Ctx, victim: str, quality: odds.Dist, weapon: K7Weapon, *, pique: float,
         melee: bool) -> float:
    """P(the victim is put out of the fight) by a hit whose quality has distribution
    ``quality`` (summing to the chance to hit): KO past its KO threshold, or killed when
    no holder is left. ``pique`` is the chance that the retained card is a Pique (the
    share of Piques among the cards not seen: the suit does not change the quality)."""
    return harms(ctx, victim, quality, weapon, pique=pique, melee=melee)[0]


def harms(ctx: K7Ctx, victim: str, quality: odds.Dist, weapon: K7Weapon, *, pique: float,
          melee: bool) -> tuple[float, float]:
    """(P(out of the fight), P(killed outright: no holder left for the wound)) of
    :func:`harm`."""
    own = ctx.own(victim)
    armour = own.profile.armour + (own.profile.melee_armour if melee else 0)
    value_armour = armour if ctx.k7.options.k7_armour == "value" else 0
    raised = armour - value_armour
    out = dead = 0.0
    for q, p in enumerate(quality):
        if not p or q == 0:
            continue
        for bonus, share in ((PIQUE, pique), (0, 1.0 - pique)):
            v = max(0, q + weapon.bonus + bonus - value_armour)
            level = weapon.lethality + (1 if v > TOP_VALUE else 0)
            killed = aggravate(own, level, []) is None
            out += p * share * (killed or v > own.profile.ko + raised)
            dead += p * share * killed
    return out, dead


def outcome(ctx: K7Ctx, band: str, cmd: c.Command) -> Outcome | None:
    """S14 through the seam, for the window's previews: a strike or a shot, its chance to
    win the exchange against a target that faces, and what its hit does to the target
    (any hit leaves a wound card); a draw of its own (Tactique, Ressource, a heal, a
    support), its chance to succeed; a flight, its chance to get away from every enemy
    that faces it; an answer to face or ignore a strike or a shot, the attack's odds so.
    None for what draws no card, or is not legal now."""
    if isinstance(cmd, c.Choose):
        return _answer(ctx, cmd.option)
    if not isinstance(cmd, c.Declare):
        return None
    try:
        d = declare.check(ctx, cmd, band)
    except IllegalCommand:
        return None
    if d.action in ("strike", "shoot") and d.target:
        return _attack_outcome(ctx, d, faces=True)
    if d.action == "flee":
        return Outcome(p_success=flight(ctx, d))
    if d.action in ("aim", "rest", "heal", "support"):
        return Outcome(p_success=odds.success(sources(ctx), party(ctx, d)))
    return None


def _attack_outcome(ctx: K7Ctx, d: Declaration, *, faces: bool) -> Outcome:
    """A strike or a shot: its chance to win the exchange and what its hit does to the
    target (any hit leaves a wound card)."""
    target = d.target or ""
    o = attack(ctx, d, faces=faces)
    melee = d.action == "strike"
    prof = ctx.own(d.figure).profile
    weapon = prof.weapon(d.weapon) if not melee or d.weapon else best_melee(ctx, d.figure)[1]
    out, dead = harms(ctx, target, o.attacker_quality, weapon, pique=pique_share(ctx),
                      melee=melee)
    return Outcome(p_success=o.attacker, harms=(Harm(
        figure=target, p_wound=o.attacker, p_out=out, p_dead=dead,
        loss=o.attacker / max(1, sum(ctx.own(target).profile.wounds))),))


def _answer(ctx: K7Ctx, option: str) -> Outcome | None:
    """[K7-IGNORE] an answer to "face or ignore" a strike or a shot: the attack's odds
    against its target facing it, or ignoring it (one level easier), with the support
    cards already waiting for it; None for any other question, and for a flight."""
    s = ctx.s
    p, ex = s.pending, s.exchange
    if p is None or p.kind != "face" or ex is None or option not in (FACE, IGNORE):
        return None
    d = s.declaration(ex.number)
    if d.action not in ("strike", "shoot"):
        return None
    at = msgspec.structs.replace(d, target=target_of(d, ex))
    return _attack_outcome(ctx, at, faces=option == FACE)


def pique_share(ctx: K7Ctx) -> float:
    """The share of Piques among the cards not seen (public, S15)."""
    hidden = [card for cards in unseen(ctx.k7.piles).values() for card in cards]
    return sum(1 for card in hidden if suit_of(card) == SPADES) / len(hidden) if hidden else 0.25
