"""Every way the dice can fall for one action, each with its exact chance: what the odds
tests check the exact odds against when an action rolls few dice (a few dozen to a few
hundred ways), in place of thousands of seeded plays that could only bound them within
standard errors.

The action is played once per sequence of faces, on a copy of the game whose dice read
their faces from a script; the sequences are walked in order like an odometer, each die
over the faces of the die the engine asked for at that point (which may depend on the
faces before it, never on those after)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import TypeVar

from skirmish.rules.dice import Dice
from skirmish.rules.game import Game

T = TypeVar("T")


class ScriptedDice(Dice):
    """Dice that give the faces of ``script`` in order, then 1s, and note the sides of
    every die rolled."""

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script = script
        self.sides: list[int] = []

    def die(self, sides: int) -> int:
        k = len(self.sides)
        face = self.script[k] if k < len(self.script) else 1
        assert 1 <= face <= sides, f"die {k} was a d{sides} in an earlier play"
        self.sides.append(sides)
        self.rolled += 1
        return face


def every_roll(game: Game, play: Callable[[Game], T]) -> Iterator[tuple[Game, T, Fraction]]:
    """(the copy played, what ``play`` returned, its chance) for every sequence of faces
    ``play`` can roll on a copy of ``game``; the chances sum to 1."""
    script: list[int] = []
    total = Fraction(0)
    while True:
        copy = game.copy()
        copy.dice = dice = ScriptedDice(script)
        out = play(copy)
        faces = script + [1] * (len(dice.sides) - len(script))
        chance = Fraction(1)
        for sides in dice.sides:
            chance /= sides
        total += chance
        yield copy, out, chance
        last = len(faces) - 1
        while last >= 0 and faces[last] == dice.sides[last]:
            last -= 1
        if last < 0:
            assert total == 1, total
            return
        script = [*faces[:last], faces[last] + 1]
