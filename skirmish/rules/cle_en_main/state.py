"""What Clé en main owns per figure and per game (RULESETS §0.5 S10, S11), typed and
saved with the game state, so its hash covers them.

Timers count rounds (a game turn is a round, GAP-ALT-2): a figure ``dies_at`` the end of
that round ([CM-MEP] danger of death) and, unconscious, ``wakes_at`` the end of that
round (None: for the rest of the game, [GAP-CM-17]).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from skirmish.rules.cle_en_main.options import CemOptions
from skirmish.rules.cle_en_main.profile import CmProfile

#: [CM-HERO-USE] the heroism effects a figure may use, each once per round
#: [GAP-CM-13]: a fourth die, a test made again, cancelling damage, taking an ally's.
#: The atout's heroic effect is not offered: no atouts [GAP-CM-25].
HeroEffect = Literal["four_dice", "reroll", "cancel_damage", "take_for_ally"]
HERO_COST: dict[str, int] = {"four_dice": 1, "reroll": 1, "cancel_damage": 2,
                             "take_for_ally": 2}

Standing = Literal["in_play", "out_may_return", "out", "dead"]


class CmFigure(msgspec.Struct, kw_only=True):
    """[CM-VITALITY] [CM-MONITOR] [CM-MEP] [CM-SECOND] one figure's resources and state."""

    profile: CmProfile
    vitality: int
    heroism: int
    #: Heroism effects used this round [GAP-CM-13].
    hero_used: list[str] = []
    #: [CM-P-PRUDENCE] [CM-N-DANGER] pending +2 / −2 on the next Défense tests.
    prudence: int = 0
    danger: int = 0
    #: [CM-MEP] at 0 vitality with the PJ rules; ``wounds`` beyond the one that made it so.
    mal_en_point: bool = False
    wounds: int = 0
    dies_at: int | None = None
    unconscious: bool = False
    wakes_at: int | None = None
    dead: bool = False
    #: Its tour de jeu this round is taken (or lost: a failed interrupt, a Risque).
    acted: bool = False
    #: [GAP-CM-12] a Risque incident: it loses its next tour de jeu.
    loses_turn: bool = False
    #: Tripped ([CM-SPECIAL] Bousculer): its next tour de jeu starts by standing up.
    prone: bool = False
    #: Weapons on the ground at its feet (disarmed, or dropped falling unconscious).
    dropped: list[str] = []
    #: [GAP-CM-27] a medikit used (once per game, GAP-14).
    medikit_used: bool = False
    #: Whose damage it took last: who put it down when a timer ends it (D-7).
    hurt_by: str | None = None


def standing(cf: CmFigure) -> Standing:
    """§0.4 [GAP-CM-16]: conscious (even mal en point, even in danger of death) = in play;
    unconscious for rounds = out, may return; for the rest of the game = out; dead."""
    if cf.dead:
        return "dead"
    if cf.unconscious:
        return "out" if cf.wakes_at is None else "out_may_return"
    return "in_play"


class Passive(msgspec.Struct, frozen=True, kw_only=True):
    """A passive action owed ([R-MORALE-SPOT], [R-MORALE-SHOT]): the figure that tests and
    its cause (the enemy it sees, the shooter with its weapon)."""

    kind: Literal["spot", "shot"]
    figure: str
    cause: str
    weapon: str | None = None


class CmPart(msgspec.Struct, kw_only=True):
    """The ruleset's own part of the game state: its options, each figure's state, the
    serial of the last roll (rolls made again name the serial they replace, S8), the
    pairs already seen ("tester>enemy", GAP-46) and the passive actions waiting."""

    options: CemOptions
    figures: dict[str, CmFigure]
    serial: int = 0
    seen: list[str] = []
    passives: list[Passive] = []


def surprised(cf: CmFigure, round_: int) -> bool:
    """[CM-SURPRISE] [GAP-CM-11] in the round it is surprised (the first), a figure can
    neither act nor defend."""
    return cf.profile.surprised is True and round_ == 1
