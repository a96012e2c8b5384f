"""The Skirmish rules (RULES.md): the first ruleset behind the seams of RULESETS §0.5,
registered on import with the default hooks of its engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules.commands import Command
from skirmish.rules.dice import Dice
from skirmish.rules.events import Event
from skirmish.rules.frame.options import TableOptions, options_to_dict, parse_options
from skirmish.rules.geometry import TableLike
from skirmish.rules.outcome import Outcome
from skirmish.rules.panel import FigurePanel
from skirmish.rules.registry import register
from skirmish.rules.ruleset import ActionInfo
from skirmish.rules.skirmish import deployment, engine, legal, turns
from skirmish.rules.skirmish import messages as _sentences  # noqa: F401 - adds them to the table
from skirmish.rules.skirmish.ai_odds import SKIRMISH_ODDS
from skirmish.rules.skirmish.context import Ctx, Hooks, register_hooks
from skirmish.rules.skirmish.state import Figure, GameState
from skirmish.rules.turn import TurnView


class SkirmishRuleset:
    id = "skirmish"
    #: The engine's behaviour, recorded in every replay and save and played again on
    #: load: 2 asks no question of a charged figure with no room to step back (GAP-45);
    #: 3 holds Haine implacable for every test of a game the hated band plays (GAP-67).
    version = 3
    state_type = GameState
    unused_options: frozenset[str] = frozenset()
    #: The warband files are written in Skirmish's own terms: nothing to override.
    native_block = None

    def parse_options(self, raw: Mapping[str, Any]) -> TableOptions:
        return parse_options(dict(raw))

    def native_problem(self, book: Rulebook, band: Warband, spec: FigureSpec,
                       options: Mapping[str, Any]) -> tuple[str, str] | None:
        return None

    def options_to_dict(self, options: TableOptions) -> dict[str, Any]:
        return options_to_dict(options)

    def new_state(self, scenario: Scenario, book: Rulebook, options: TableOptions) -> GameState:
        return deployment.new_state(scenario, book, options)

    def begin(self, state: GameState, table: TableLike, book: Rulebook, dice: Dice) -> list[Event]:
        ctx = Ctx(state, table, book, dice)
        engine.begin(ctx)
        return ctx.events

    def apply(self, state: GameState, table: TableLike, book: Rulebook, dice: Dice,
              cmd: Command) -> list[Event]:
        ctx = Ctx(state, table, book, dice)
        engine.apply(ctx, cmd)
        return ctx.events

    def legal_commands(self, state: GameState, table: TableLike, book: Rulebook, dice: Dice,
                       *, sample_moves: bool = True, dense_moves: bool = False
                       ) -> list[Command]:
        return legal.legal_commands(Ctx(state, table, book, dice), sample_moves=sample_moves,
                                    dense_moves=dense_moves)

    def action_menu(self, state: GameState, table: TableLike, book: Rulebook, dice: Dice,
                    figure: str) -> list[ActionInfo]:
        ctx = Ctx(state, table, book, dice)
        return legal.action_menu(ctx, ctx.fig(figure))

    def pending_band(self, state: GameState) -> str | None:
        return turns.to_act(state)

    def figure_panel(self, state: GameState, figure: str) -> FigurePanel:
        """Its PV and the marks of routing, −1 R after a charge (GAP-45) and the rope; the
        card shows the Skirmish profile itself."""
        return skirmish_look(state.figures[figure])

    def turn_view(self, state: GameState) -> TurnView:
        return turns.turn_view(state)

    def odds(self, state: GameState, table: TableLike, book: Rulebook, dice: Dice,
             cmd: Command) -> Outcome | None:
        """The players of the Skirmish engine read its odds through ``Hooks.ai_odds``."""
        return None

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def conceal(self, state: GameState, log: list[Event], dice: Dice) -> None:
        """Nothing to hide: every Skirmish choice is made in the open (the dice, the one
        unknown, are forked by the copy itself)."""


def skirmish_look(f: Figure) -> FigurePanel:
    marks = tuple(m for m, on in (("routing", f.routing), ("charged_malus", f.charged_malus),
                                  ("climbing", f.climbing is not None)) if on)
    return FigurePanel(health=(f.pv, f.stats.pv), marks=marks)


SKIRMISH = SkirmishRuleset()
register(SKIRMISH)
register_hooks(SKIRMISH.id, Hooks(SKIRMISH_ODDS))
