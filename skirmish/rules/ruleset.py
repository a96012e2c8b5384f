"""The seam between the shared table and one rules system (RULESETS.md §0.5).

A ruleset owns its options, its state (figure state included), its scheduler and its
resolution; the :class:`~skirmish.rules.game.Game` holds the shared parts (scenario,
table, dice, log) and talks to the ruleset only through this protocol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.rules.commands import Command
from skirmish.rules.dice import Dice
from skirmish.rules.events import Event
from skirmish.rules.geometry import TableLike


class Ruleset(Protocol):
    id: str
    version: int
    state_type: type

    def parse_options(self, raw: Mapping[str, Any]) -> Any: ...

    def options_to_dict(self, options: Any) -> dict[str, Any]: ...

    def new_state(self, scenario: Scenario, book: Rulebook, options: Any) -> Any: ...

    def begin(self, state: Any, table: TableLike, book: Rulebook, dice: Dice) -> list[Event]: ...

    def apply(
        self, state: Any, table: TableLike, book: Rulebook, dice: Dice, cmd: Command
    ) -> list[Event]: ...

    def legal_commands(
        self, state: Any, table: TableLike, book: Rulebook, dice: Dice, *, sample_moves: bool = True
    ) -> list[Command]:
        """What may be done now; movement, being continuous, is sampled (or left out)."""
        ...

    def pending_band(self, state: Any) -> str | None:
        """The band that must act or answer next (hot-seat hand-off, AI dispatch)."""
        ...

    def is_over(self, state: Any) -> bool: ...
