"""Damage, KO and survival (RULESETS §4.d; [K7-DAMAGE], [K7-KO-OK], [K7-AGGRAVATION],
[K7-SURVIVAL], [K7-CONSCIOUSNESS]), and the standing each leaves (§0.4, S10, S11, S17).

The pipeline of one hit: v = quality + weapon bonus (+3 for a Pique on Puissance) −
armour ([GAP-K7-17], [GAP-K7-13]); the weapon's lethality, +1 when v > 13, +1 for each
full holder on the way ([K7-AGGRAVATION]); the card filed in that holder; the KO / OK
reading; then a survival draw under Carrure at the level's difficulty. A failed survival
draw moves the record up a level; its chain goes on every 10 turns at Énorme, else in
the end-of-game step ([GAP-K7-15]); no level left is death.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from skirmish.rules.kart7.cards import TOP_VALUE, name_of
from skirmish.rules.kart7.draws import DrawRequest
from skirmish.rules.kart7.events import MarkersChanged, StandingChanged, SurvivalSettled, WoundTaken
from skirmish.rules.kart7.play import CardOps
from skirmish.rules.kart7.profile import LETHALITY, K7Weapon
from skirmish.rules.kart7.state import ENORME, ENORME_EVERY, K7Figure, WoundRecord

Standing = Literal["in_play", "ko", "dead"]


def standing(f: K7Figure) -> Standing:
    """§0.4 [GAP-K7-22]: in play unless KO (out of action, may return) or dead."""
    return "dead" if f.dead else "ko" if f.ko else "in_play"


def aggravate(f: K7Figure, level: int, steps: list[str]) -> int | None:
    """[K7-AGGRAVATION] the first level from ``level`` up whose holder has room (each full
    holder on the way one step, named in ``steps``); None beyond Énorme: death."""
    caps = f.profile.wounds
    while level <= ENORME and f.in_holder(level) >= caps[level]:
        steps.append(f"full:{LETHALITY[level]}")
        level += 1
    return level if level <= ENORME else None


def damage(play: CardOps, victim: str, by: str | None, card: int, quality: int,
           weapon: K7Weapon, suit_bonus: int, melee: bool, rule: str) -> None:
    """One hit on ``victim`` with ``card`` (its quality already read) and ``weapon``; the
    record, the reading and the survival draw, each an event."""
    f = play.own(victim)
    if f.dead:
        return
    opts = play.k7.options
    armour = f.profile.armour + (f.profile.melee_armour if melee else 0)
    off_value = armour if opts.k7_armour == "value" else 0
    value = max(0, quality + weapon.bonus + suit_bonus - off_value)
    steps: list[str] = []
    level: int | None = weapon.lethality
    if value > TOP_VALUE:
        steps.append("over_13")
        level += 1
    level = aggravate(f, level, steps)
    raised = armour if opts.k7_armour == "thresholds" else 0
    ok, ko = f.profile.ok + raised, f.profile.ko + raised
    if level is None:
        reading = "dead"
    elif value <= ok:
        reading = "none"
    elif value < ko:
        reading = "malus"
    elif value == ko:
        reading = "angry"
    else:
        reading = "ko"
    play.events.append(WoundTaken(
        rule=rule, figure=victim, by=by, card=name_of(card), quality=quality, bonus=weapon.bonus,
        suit_bonus=suit_bonus, armour=off_value, value=value, lethality=weapon.lethality,
        steps=tuple(steps), level=level, reading=reading))
    if level is None:
        die(play, victim, by, "K7-AGGRAVATION")
        return
    record = WoundRecord(card=card, value=value, level=level, by=by)
    f.wounds.append(record)
    if reading == "malus":
        markers(play, victim, 0, 1, "K7-KO-OK", "wound")
    elif reading == "angry":
        markers(play, victim, 1, 0, "K7-KO-OK", "angry")
    elif reading == "ko" and not f.ko:
        f.ko = True
        f.ko_wound = len(f.wounds) - 1
        play.events.append(StandingChanged(rule="K7-KO-OK", figure=victim, standing="ko", by=by))
    survival(play, victim, record)


def markers(play: CardOps, figure: str, bonus: int, malus: int, rule: str, reason: str) -> None:
    """[K7-MARKERS] ``bonus`` and ``malus`` markers gained (negative: spent or discarded)."""
    f = play.own(figure)
    f.bonus = max(0, f.bonus + bonus)
    f.malus = max(0, f.malus + malus)
    play.events.append(MarkersChanged(rule=rule, figure=figure, bonus=bonus, malus=malus,
                                      reason=reason))


def die(play: CardOps, figure: str, by: str | None, rule: str) -> None:
    f = play.own(figure)
    f.dead = True
    f.ko = False
    for w in f.wounds:
        w.pending = False
    play.events.append(StandingChanged(rule=rule, figure=figure, standing="dead", by=by))


def survival(play: CardOps, figure: str, record: WoundRecord, *, settling: bool = False,
             medikit: bool = False) -> None:
    """[K7-SURVIVAL] one survival draw for ``record``: under Carrure at its level's
    difficulty (Nulle Très facile … Énorme Très difficile). In the end-of-game step
    (``settling``) the first card comes from the general deck with no "épuisé" penalty,
    one level easier with a medikit in the band ([GAP-K7-26])."""
    f = play.own(figure)
    label = LETHALITY[record.level]
    drawn = play.draw(DrawRequest(
        figure=figure, threshold=f.threshold(f.profile.carrure),
        level=record.level - 2 - (1 if medikit else 0), rule="K7-SURVIVAL",
        first="general" if settling else "pioche",
        inputs={"carrure": f.profile.carrure, "bonus": f.bonus, "malus": f.malus,
                "standing": f.standing_malus(), "wound": record.value, "lethality": label,
                "medikit": medikit},
        **play.said("k7_lbl_survival", figure=figure, lethality=label)))
    play.end_action()
    if drawn.success and drawn.quality(play.ace) >= record.value:
        record.pending, record.due = False, None
        outcome, level = "stop", record.level
    elif drawn.success:
        record.pending, record.due = False, None
        record.malus = max(record.malus, standing_malus(play, record.value))
        outcome, level = "malus", record.level
    else:
        f.wounds.remove(record)
        steps: list[str] = []
        found = aggravate(f, record.level + 1, steps)
        f.wounds.append(record)
        if found is None:
            play.events.append(SurvivalSettled(rule="K7-SURVIVAL", figure=figure,
                                               card=name_of(record.card), value=record.value,
                                               outcome="dead", level=None))
            die(play, figure, record.by, "K7-SURVIVAL")
            return
        record.level = found
        record.pending = True
        record.due = play.turn + ENORME_EVERY if found == ENORME else None
        outcome, level = "worse", found
    play.events.append(SurvivalSettled(rule="K7-SURVIVAL", figure=figure,
                                       card=name_of(record.card), value=record.value,
                                       outcome=outcome, level=level))


def standing_malus(play: CardOps, value: int) -> int:
    """[GAP-K7-14] a survived wound's malus: its value, or one undiscardable marker."""
    return value if play.k7.options.k7_wound_malus == "value" else 1


def due_survivals(play: CardOps) -> None:
    """[GAP-K7-15] the Énorme chains whose 10 turns are up draw again."""
    for fid, f in play.k7.figures.items():
        for record in list(f.wounds):
            if not f.dead and record.pending and record.due is not None \
                    and record.due <= play.turn:
                survival(play, fid, record)


def consciousness(play: CardOps) -> None:
    """[K7-CONSCIOUSNESS] [GAP-K7-22] each KO figure's Volonté draw (Moyenne) at the end
    of the turn; back in play with a malus equal to its KO wound's value, once."""
    for fid, f in play.k7.figures.items():
        if not f.ko or f.dead:
            continue
        drawn = play.draw(DrawRequest(
            figure=fid, threshold=f.threshold(f.profile.volonte), level=0,
            rule="K7-CONSCIOUSNESS",
            inputs={"volonte": f.profile.volonte, "bonus": f.bonus, "malus": f.malus,
                    "standing": f.standing_malus()},
            **play.said("k7_lbl_consciousness", figure=fid)))
        play.end_action()
        if drawn.success:
            f.ko = False
            if f.ko_wound is not None:
                wound = f.wounds[f.ko_wound]
                wound.malus = max(wound.malus, standing_malus(play, wound.value))
            f.ko_wound = None
            play.events.append(StandingChanged(rule="K7-CONSCIOUSNESS", figure=fid,
                                               standing="back"))


def settle(play: CardOps, medikit: Callable[[str], bool]) -> None:
    """S17 [GAP-K7-15] [GAP-K7-26] the end-of-game step: every pending survival chain draws
    on until it stops or its figure dies; ``medikit(figure)`` says its band has one."""
    for fid, f in play.k7.figures.items():
        while not f.dead and (record := next((w for w in f.wounds if w.pending), None)):
            survival(play, fid, record, settling=True, medikit=medikit(fid))
