"""Draws and deck operations of one KART 7 step, each one event: what the damage and
survival pipeline (``harm.py``) and the resolution ask of the game they run in. The
engine's context (``context.py``) has them over the whole game; :class:`Play` over the
ruleset's state alone (the pipeline's own tests)."""

from __future__ import annotations

from skirmish.rules.dice import Dice
from skirmish.rules.events import Event
from skirmish.rules.frame.messages import said
from skirmish.rules.kart7 import piles as pl
from skirmish.rules.kart7.draws import Drawn, DrawRequest, draw
from skirmish.rules.kart7.state import Cards, K7Figure


class CardOps:
    """Over ``k7`` (the ruleset's state), ``dice``, ``events`` and ``turn``."""

    k7: Cards
    dice: Dice
    events: list[Event]
    turn: int

    @property
    def ace(self) -> int:
        return self.k7.options.k7_ace

    def said(self, key: str, **params: object) -> dict[str, object]:
        """A draw's ``label``, ``key`` and ``params`` (the game's context names the ids)."""
        return said(key, **params)

    def own(self, fid: str) -> K7Figure:
        """The figure's KART 7 state (S10)."""
        return self.k7.figures[fid]

    def draw(self, req: DrawRequest) -> Drawn:
        """Make ``req``'s draw ([K7-DRAW]) with this game's empty-pioche rule."""
        drawn, events = draw(self.k7.piles, self.dice, req, self.ace,
                             self.k7.options.k7_empty_pioche)
        self.events.extend(events)
        return drawn

    def end_action(self) -> None:
        """The tray's cards to the discard pile, but those filed as wounds."""
        filed = {w.card for f in self.k7.figures.values() for w in f.wounds}
        pl.clear_tray(self.k7.piles, filed)


class Play(CardOps):
    def __init__(self, k7: Cards, dice: Dice, turn: int = 0) -> None:
        self.k7 = k7
        self.dice = dice
        self.turn = turn
        self.events = []
