"""The round's ends and the game's (RULESETS §0.5 S10, S11, S17; [CM-MEP] [CM-FIRSTAID]
[CM-HERO-USE]; GAP-CM-13, GAP-CM-16, GAP-ALT-2).

At the end of a round a figure whose death timer runs out dies and one whose
unconsciousness ends wakes, still mal en point. A new round clears what lasts one: the
tour de jeu taken and the heroism effects used. The end-of-game step settles, before the
victory points, what a timer would decide after the last round: a figure still in danger
of death dies, since no first aid can reach it any more; an unconscious one stays out.
"""

from __future__ import annotations

from skirmish.rules.cle_en_main.harm import kill
from skirmish.rules.cle_en_main.state import surprised
from skirmish.rules.cle_en_main.work import Work
from skirmish.rules.events import StatusChanged, TimedStatus


def end_of_round(w: Work) -> None:
    for fid, cf in w.cm.figures.items():
        if cf.dead:
            continue
        if cf.dies_at is not None and cf.dies_at <= w.round:
            w.emit(TimedStatus(rule="CM-MEP", figure=fid, status="danger_of_death", on=False))
            kill(w, fid, cf.hurt_by, rule="CM-MEP")
            continue
        if cf.unconscious and cf.wakes_at is not None and cf.wakes_at <= w.round:
            cf.unconscious, cf.wakes_at = False, None
            w.emit(TimedStatus(rule="CM-MEP", figure=fid, status="unconscious", on=False))


def start_of_round(w: Work) -> None:
    """[CM-ROUND] one tour de jeu per figure per round, but one a Risque cost is lost
    [GAP-CM-12]; [GAP-CM-13] each heroism effect once per round; [CM-SURPRISE] a figure
    the scenario surprises takes no tour in round 1."""
    for fid, cf in w.cm.figures.items():
        cf.acted, cf.loses_turn = cf.loses_turn, False
        cf.hero_used = []
        if surprised(cf, w.round):
            cf.acted = True
            w.emit(StatusChanged(rule="CM-SURPRISE", figure=fid, status="surprised"))


def end_of_game(w: Work) -> None:
    """S17 [GAP-ALT-2]: a death timer still running ends in death."""
    for fid, cf in w.cm.figures.items():
        if not cf.dead and cf.dies_at is not None:
            w.emit(TimedStatus(rule="GAP-ALT-2", figure=fid, status="danger_of_death",
                               on=False))
            kill(w, fid, cf.hurt_by, rule="GAP-ALT-2")
