"""The working set of one KART 7 step: the ruleset's state, the game's dice, the turn and
the events so far; draws and deck operations go through it so each is one event."""

from __future__ import annotations

from dataclasses import dataclass, field

from skirmish.rules.dice import Dice
from skirmish.rules.events import Event
from skirmish.rules.kart7 import piles as pl
from skirmish.rules.kart7.draws import Drawn, DrawRequest, draw
from skirmish.rules.kart7.state import Cards, K7Figure


@dataclass
class Play:
    k7: Cards
    dice: Dice
    turn: int = 0
    events: list[Event] = field(default_factory=list)

    @property
    def ace(self) -> int:
        return self.k7.options.k7_ace

    def fig(self, fid: str) -> K7Figure:
        return self.k7.figures[fid]

    def draw(self, req: DrawRequest) -> Drawn:
        """Make ``req``'s draw ([K7-DRAW]) with this game's empty-pioche rule."""
        drawn, events = draw(self.k7.piles, self.dice, req, self.ace,
                             self.k7.options.k7_empty_pioche)
        self.events.extend(events)
        return drawn

    def end_action(self, keep: list[int]) -> None:
        """The tray's cards to the discard pile, but ``keep`` (filed wound cards)."""
        pl.clear_tray(self.k7.piles, keep)
