"""The odds of a declaration before it is made (RULESETS §0.5 S14, §0.7 previews), for
the window and the computer players: exact over the cards not yet seen (``odds.py``),
from what every player may see (S15, [GAP-K7-29]).

- :func:`party` — a figure's draw for a declaration as the odds see it: its threshold
  once the markers it spends or discards are off, its level (range, elevation, cover,
  hurry, court-circuit, markers, an ignoring target), a Diamond's cancelling, the
  Puissance support cards waiting for it and, on ask, the hand cards it would play.
- :func:`attack` — a strike or a shot against a target that faces (or ignores it).
- :func:`harm` — what a hit of each quality does to its victim: the chance that it is
  put out of the fight (KO, or killed by aggravation), reading the weapon, the Pique and
  the victim's armour, KO and full holders ([K7-DAMAGE], [K7-KO-OK]).
"""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.kart7 import declare, odds
from skirmish.rules.kart7.actions import best_melee, level_of, score
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
    support), its chance to succeed. None for what draws no card, or is not legal now,
    and for a flight (drawn against every pursuer that faces)."""
    if not isinstance(cmd, c.Declare):
        return None
    try:
        d = declare.check(ctx, cmd, band)
    except IllegalCommand:
        return None
    if d.action in ("strike", "shoot") and d.target:
        o = attack(ctx, d)
        melee = d.action == "strike"
        prof = ctx.own(d.figure).profile
        weapon = prof.weapon(d.weapon) if not melee or d.weapon \
            else best_melee(ctx, d.figure)[1]
        out, dead = harms(ctx, d.target, o.attacker_quality, weapon,
                          pique=pique_share(ctx), melee=melee)
        return Outcome(p_success=o.attacker, harms=(Harm(
            figure=d.target, p_wound=o.attacker, p_out=out, p_dead=dead,
            loss=o.attacker / max(1, sum(ctx.own(d.target).profile.wounds))),))
    if d.action in ("aim", "rest", "heal", "support"):
        return Outcome(p_success=odds.success(sources(ctx), party(ctx, d)))
    return None


def pique_share(ctx: K7Ctx) -> float:
    """The share of Piques among the cards not seen (public, S15)."""
    hidden = [card for cards in unseen(ctx.k7.piles).values() for card in cards]
    return sum(1 for card in hidden if suit_of(card) == SPADES) / len(hidden) if hidden else 0.25
