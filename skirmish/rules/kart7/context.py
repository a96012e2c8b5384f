"""The working set of one KART 7 ``apply``: the table's context (state, table, rulebook,
dice, events, cached lines of sight) with the card operations over the game's piles."""

from __future__ import annotations

from skirmish.rules.frame.context import TableCtx
from skirmish.rules.kart7.play import CardOps
from skirmish.rules.kart7.state import Cards, K7State


class K7Ctx(TableCtx, CardOps):
    s: K7State

    @property
    def k7(self) -> Cards:  # type: ignore[override]
        return self.s.k7

    @property
    def turn(self) -> int:  # type: ignore[override]
        return self.s.turn
