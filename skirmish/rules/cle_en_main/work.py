"""The working set of one resolution: the ruleset's part of the state, the dice, the
round, figure names for the English labels, and the events emitted so far."""

from __future__ import annotations

from collections.abc import Mapping

from skirmish.rules.cle_en_main.state import CmFigure, CmPart
from skirmish.rules.dice import Dice
from skirmish.rules.events import Event


class Work:
    def __init__(self, cm: CmPart, dice: Dice, round_: int, names: Mapping[str, str]) -> None:
        self.cm = cm
        self.dice = dice
        self.round = round_
        self.names = names
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def cmf(self, fid: str) -> CmFigure:
        return self.cm.figures[fid]

    def next_serial(self) -> int:
        self.cm.serial += 1
        return self.cm.serial
