"""The seam between the shared table and one rules system (RULESETS.md §0.5).

A ruleset owns its options, its state (figure state included), its scheduler and its
resolution; the :class:`~skirmish.rules.game.Game` holds the shared parts (scenario,
table, dice, log) and talks to the ruleset only through this protocol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import msgspec

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.rules.commands import Command
from skirmish.rules.dice import Dice
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Event
from skirmish.rules.geometry import TableLike


class ActionInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One button of the action bar (RULESETS §0.7): enabled, or greyed with the engine's
    reason and rule; ``note`` says what an enabled action will do before the player
    commits (the ``*_key``/``*_params`` say it in the window's language)."""

    kind: str
    cost: str
    enabled: bool
    reason: str = ""
    rule: str = ""
    reason_key: str = ""
    reason_params: dict[str, object] = {}
    note: str = ""
    note_key: str = ""
    note_params: dict[str, object] = {}

    @classmethod
    def refused(cls, kind: str, cost: str, err: IllegalCommand) -> ActionInfo:
        return cls(kind=kind, cost=cost, enabled=False, reason=str(err), rule=err.rule or "",
                   reason_key=err.key, reason_params=err.params)


class Ruleset(Protocol):
    id: str
    #: The newest version of the engine's behaviour. A game plays the version in its
    #: state's ``ruleset_version`` (the newest, or the one a replay was recorded with).
    version: int
    state_type: type
    #: Frame options (RULES.md §15) this ruleset's resolution does not use: a scenario may
    #: still set them (one file serves every ruleset), the window does not offer them.
    unused_options: frozenset[str]

    def parse_options(self, raw: Mapping[str, Any]) -> Any: ...

    def options_to_dict(self, options: Any) -> dict[str, Any]: ...

    def new_state(self, scenario: Scenario, book: Rulebook, options: Any) -> Any: ...

    def begin(self, state: Any, table: TableLike, book: Rulebook, dice: Dice) -> list[Event]: ...

    def apply(
        self, state: Any, table: TableLike, book: Rulebook, dice: Dice, cmd: Command
    ) -> list[Event]: ...

    def legal_commands(
        self, state: Any, table: TableLike, book: Rulebook, dice: Dice, *, sample_moves: bool = True,
        dense_moves: bool = False,
    ) -> list[Command]:
        """What may be done now; movement, being continuous, is sampled (densely with
        ``dense_moves``, the hard computer player's own choices) or left out."""
        ...

    def action_menu(self, state: Any, table: TableLike, book: Rulebook, dice: Dice,
                    figure: str) -> list[ActionInfo]:
        """The action bar of the active ``figure`` (RULESETS §0.7): every action of the
        ruleset with its cost, whether it may be taken now and, if not, why."""
        ...

    def pending_band(self, state: Any) -> str | None:
        """The band that must act or answer next (hot-seat hand-off, AI dispatch)."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def conceal(self, state: Any, log: list[Event], dice: Dice) -> None:
        """S15: in a look-ahead copy (``state`` and ``log``, with forked ``dice``) replace
        what the band to act may not see — another band's secret choice — by a sample
        drawn from ``dice``, so nothing played on the copy depends on the secret."""
        ...
