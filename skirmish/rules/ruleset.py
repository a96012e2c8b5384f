"""The seam between the shared table and one rules system (RULESETS.md §0.5).

A ruleset owns its options, its state (figure state included), its scheduler and its
resolution; the :class:`~skirmish.rules.game.Game` holds the shared parts (scenario,
table, rulebook, seeded dice, log) and talks to the ruleset only through this protocol.
The registry (``rules/registry.py``) maps an id to one :class:`Ruleset`, which each ruleset
package registers on import (``skirmish/rulesets.py`` imports a shipped one when a game or a
file first names it): it parses its options, builds its state (a msgspec struct, saved,
hashed and replayed like any state) and answers ``begin``, ``apply(cmd) -> events``,
``legal_commands``, ``pending_band``, ``is_over``, and for the window and the computer
players ``turn_view`` (whose turn it is, the order strip, the acting figure's budget:
:mod:`skirmish.rules.turn`), ``odds`` (S14, :mod:`skirmish.rules.outcome`) and
``figure_panel`` (S16, :mod:`skirmish.rules.panel`).
Because nothing else is asked of it, ``simulate``, ``replay --verify``, ``validate``,
saves and the window run every ruleset the same way. A ruleset that schedules its own
turn (WFRP, ``rules/wfrp2/``) builds on the table's frame (:mod:`skirmish.rules.frame`)
and never on another ruleset. A scenario picks its
ruleset (``ruleset = "clefs_aube"``), the set-up screen or ``--ruleset`` another; the
state's ``ruleset_version`` keeps a recorded game on the engine behaviour it was played
with, so a change to a ruleset never breaks a replay.

A ruleset that keeps the Skirmish scheduler (initiative, waves, PA, movement, passive
actions), as Les Clefs de l'Aube does (``rules/clefs_aube/``), runs the Skirmish engine on
a state that extends the Skirmish one and changes what its source defines through
:class:`Hooks`, looked up by ``state.ruleset``, so the engine, the action menu, the
previews and the computer players all resolve with the game's rules:

- ``step_handler`` replaces the resolution of a step; a ruleset's own steps are
  ``RulesetStep(kind, data)``, plain JSON on the engine's stack, so a step waiting for a
  decision (even a hidden one behind the hot-seat hand-off) saves and replays like the
  Skirmish ones. ``leadership`` swaps the 2d6 Leadership test for a native one;
  ``clamp_shots`` turns off the Skirmish CT clamp.
- Dice: ``Dice.die(sides)`` draws any die from the game's one seeded stream. A d20 roll is
  one ``D20Roll`` event, still a ``Roll`` (the dice tray, log and undo treat it as one),
  carrying each die's role (``Face``) and every input (RULESETS §0.6).
- Profiles and options: each figure is converted from its Skirmish profile unless it
  carries a native block (``native.<ruleset id>``), which its ruleset parses and
  ``validate`` checks through ``rules/native_blocks.py``.
- Odds: ``ai_odds`` hands the computer players the ruleset's :class:`AiOdds`
  (``rules/ai_odds.py``), and ``leadership_odds`` those of a native Leadership test; the
  easy, normal and hard players then serve the ruleset unchanged.

Adding a ruleset changes no Skirmish game: ``tests/rules/test_skirmish_unchanged.py``
replays stored Skirmish games and compares their logs byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import msgspec

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules.commands import Command
from skirmish.rules.dice import Dice
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Event
from skirmish.rules.geometry import TableLike
from skirmish.rules.outcome import Outcome
from skirmish.rules.panel import FigurePanel
from skirmish.rules.turn import TurnView


class ActionInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One button of the action bar (RULESETS §0.7): enabled, or greyed with the engine's
    reason and rule; ``note`` says what an enabled action will do before the player
    commits (the ``*_key``/``*_params`` say it in the window's language); ``paid`` the
    figure's resources it spends besides its budget (WFRP's Fortune for a half action),
    which the computer players weigh."""

    kind: str
    cost: str
    paid: dict[str, int] = {}
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

    #: S2: the schema of a figure's ``native.<id>`` block (a msgspec struct), or None when
    #: the ruleset takes none.
    native_block: type | None

    def parse_options(self, raw: Mapping[str, Any]) -> Any: ...

    def native_problem(self, book: Rulebook, band: Warband, spec: FigureSpec,
                       options: Mapping[str, Any]) -> tuple[str, str] | None:
        """S2: the first problem of ``spec``'s native block, whose fields are of the right
        types, as (field, problem) under the scenario's ``options``; None when sound."""
        ...

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

    def figure_panel(self, state: Any, figure: str) -> FigurePanel:
        """S16: ``figure``'s health, base marks and card lines, as data."""
        ...

    def turn_view(self, state: Any) -> TurnView:
        """S4/S5: the scheduler as the table shows it — who acts, the order strip, the
        acting figure's budget, how to pass (:mod:`skirmish.rules.turn`)."""
        ...

    def odds(self, state: Any, table: TableLike, book: Rulebook, dice: Dice, cmd: Command
             ) -> Outcome | None:
        """S14: the exact odds of ``cmd`` before it is committed (:mod:`.outcome`), or None
        when it has no roll of its own — or when the ruleset's players read its odds
        elsewhere (the Skirmish engine's, through its hooks)."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def conceal(self, state: Any, log: list[Event], dice: Dice) -> None:
        """S15: in a look-ahead copy (``state`` and ``log``, with forked ``dice``) replace
        what the band to act may not see — another band's secret choice — by a sample
        drawn from ``dice``, so nothing played on the copy depends on the secret."""
        ...
