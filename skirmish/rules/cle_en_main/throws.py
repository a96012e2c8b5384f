"""The 3d6 test of Clé en main ([CM-DICE] [CM-TEST] [CM-AUTO] [CM-OPPOSE] [CM-NPC-11]):
what is rolled, how it reads, and who wins an opposition.

A throw is three base dice — one red, two white — and, when a heroism point bought it
([CM-HERO-USE]), a distinct heroic fourth die; the faces stay in that order because the
damage of a successful attack is read from them ([CM-DMG-BASE]). Everything here is pure:
the events that record a throw are made in ``rolls.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import msgspec

from skirmish.rules.dice import Dice

Auto = Literal["success", "failure"] | None
AutoDice = Literal["base", "all"]
TieBreak = Literal["automatic", "total", "skill", "active", "draw"]
#: [CM-NPC-11] what a figure that does not roll takes on its 3d6.
TAKEN = 11
#: The roles of the dice, in the order they are rolled (RULESETS §0.6).
ROLES = ("red", "white", "white", "heroic")


class Throw(msgspec.Struct, frozen=True):
    """``faces``: red, white, white, then the heroic die if one was bought; ``fixed``: no
    dice, 11 taken ([CM-NPC-11])."""

    faces: tuple[int, ...]
    fixed: bool = False

    @property
    def heroic(self) -> int:
        """The heroic die's face, 0 when none was rolled."""
        return self.faces[3] if len(self.faces) > 3 else 0

    @property
    def dice_total(self) -> int:
        return TAKEN if self.fixed else sum(self.faces)

    def automatic(self, mode: AutoDice) -> Auto:
        """[CM-AUTO] all 1s fail, three 6s succeed, on the three base dice [GAP-CM-18]
        (``all``: on every die rolled, any three of them showing 6)."""
        if self.fixed:
            return None
        dice = self.faces[:3] if mode == "base" else self.faces
        if all(f == 1 for f in dice):
            return "failure"
        if sum(1 for f in dice if f == 6) >= 3:
            return "success"
        return None

    def damage_dice(self, n: int) -> tuple[Literal["red", "whites", "all", "none"], tuple[int, ...]]:
        """[CM-DMG-BASE] a weapon's ``n`` damage dice read from this (winning) throw: 1d6 the
        red die, 2d6 the two whites, 3d6 all three (more: the caller rolls the rest);
        taken 11, the dice are the 3, 4, 4 whose sum is 11."""
        faces = (3, 4, 4) if self.fixed else self.faces
        if n <= 0:
            return "none", ()
        if n == 1:
            return "red", faces[:1]
        if n == 2:
            return "whites", faces[1:3]
        return "all", faces[:3]


def throw(dice: Dice, *, heroic: bool = False, fixed: bool = False) -> Throw:
    """Roll 3d6 (4 with ``heroic``), or take 11 (``fixed``)."""
    if fixed:
        return Throw((), fixed=True)
    return Throw(tuple(dice.d6() for _ in range(4 if heroic else 3)))


def succeeds(auto: Auto, total: int, need: int) -> bool:
    """[CM-TEST] a test against a difficulty: an automatic result decides, else the total."""
    if auto is not None:
        return auto == "success"
    return total >= need


@dataclass(frozen=True)
class Side:
    """One side of an opposition: its total, the skill used, its automatic result and
    whether it started the action ([CM-OPPOSE])."""

    total: int
    skill: int
    auto: Auto
    active: bool


_RANK = {"failure": 0, None: 1, "success": 2}


def oppose(a: Side, b: Side) -> tuple[int | None, TieBreak]:
    """[CM-OPPOSE] the winner (0 for ``a``, 1 for ``b``, None for a draw) and why. An
    automatic success beats any result that is not one, an automatic failure loses to
    any that is not one ([CM-AUTO] read in an opposition, GAP-CM-18); then the better
    total; on a tie the higher skill, then the active side; both active: a draw."""
    ra, rb = _RANK[a.auto], _RANK[b.auto]
    if ra != rb:
        return (0 if ra > rb else 1), "automatic"
    if a.total != b.total:
        return (0 if a.total > b.total else 1), "total"
    if a.skill != b.skill:
        return (0 if a.skill > b.skill else 1), "skill"
    if a.active != b.active:
        return (0 if a.active else 1), "active"
    return None, "draw"
