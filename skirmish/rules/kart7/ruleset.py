"""The KART 7 ruleset behind the seam (RULESETS §0.5): options, state, the turn and the
information boundary, for the game, ``simulate``, replays, ``validate`` and saves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules import commands as c
from skirmish.rules.dice import Dice
from skirmish.rules.events import Event
from skirmish.rules.frame.profile import figure_stats
from skirmish.rules.geometry import TableLike
from skirmish.rules.kart7 import engine, legal, preview, turn
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.options import (
    UNUSED_FRAME_OPTIONS,
    Kart7Options,
    options_to_dict,
    parse_options,
)
from skirmish.rules.kart7.panel import figure_panel
from skirmish.rules.kart7.profile import RULESET, Native, native_problem
from skirmish.rules.kart7.state import K7State
from skirmish.rules.kart7.visibility import conceal
from skirmish.rules.outcome import Outcome
from skirmish.rules.panel import FigurePanel
from skirmish.rules.ruleset import ActionInfo
from skirmish.rules.turn import TurnView


class Kart7Ruleset:
    id = RULESET
    #: The engine's behaviour, recorded in every replay and save and played again on load.
    version = 1
    state_type = K7State
    unused_options = UNUSED_FRAME_OPTIONS
    native_block = Native

    def parse_options(self, raw: Mapping[str, Any]) -> Kart7Options:
        return parse_options(dict(raw))

    def native_problem(self, book: Rulebook, band: Warband, spec: FigureSpec,
                       options: Mapping[str, Any]) -> tuple[str, str] | None:
        """The block over the figure's race-modified Skirmish profile under the scenario's
        options (§4.b), as the game converts it."""
        return native_problem(book, spec, figure_stats(book, band, spec, options))

    def options_to_dict(self, options: Kart7Options) -> dict[str, Any]:
        return options_to_dict(options)

    def new_state(self, scenario: Scenario, book: Rulebook, options: Kart7Options) -> K7State:
        return engine.new_state(scenario, book, options)

    def begin(self, state: K7State, table: TableLike, book: Rulebook, dice: Dice
              ) -> list[Event]:
        ctx = K7Ctx(state, table, book, dice)
        engine.begin(ctx)
        return ctx.events

    def apply(self, state: K7State, table: TableLike, book: Rulebook, dice: Dice,
              cmd: c.Command) -> list[Event]:
        """A refused command leaves the state as it was: every check comes first."""
        ctx = K7Ctx(state, table, book, dice)
        engine.apply(ctx, cmd)
        return ctx.events

    def legal_commands(self, state: K7State, table: TableLike, book: Rulebook, dice: Dice,
                       *, sample_moves: bool = True, dense_moves: bool = False
                       ) -> list[c.Command]:
        return legal.legal_commands(K7Ctx(state, table, book, dice), sample_moves=sample_moves,
                                    dense_moves=dense_moves)

    def action_menu(self, state: K7State, table: TableLike, book: Rulebook, dice: Dice,
                    figure: str) -> list[ActionInfo]:
        ctx = K7Ctx(state, table, book, dice)
        return legal.action_menu(ctx, ctx.fig(figure))

    def pending_band(self, state: K7State) -> str | None:
        return turn.to_act(state)

    def figure_panel(self, state: K7State, figure: str) -> FigurePanel:
        return figure_panel(state, figure)

    def turn_view(self, state: K7State) -> TurnView:
        return turn.turn_view(state)

    def odds(self, state: K7State, table: TableLike, book: Rulebook, dice: Dice,
             cmd: c.Command) -> Outcome | None:
        """S14 over the cards the band to declare has not seen ([GAP-K7-29])."""
        return preview.outcome(K7Ctx(state, table, book, dice), turn.to_act(state) or "", cmd)

    def is_over(self, state: K7State) -> bool:
        return state.phase == "over"

    def conceal(self, state: K7State, log: list[Event], dice: Dice) -> None:
        """S15 [GAP-K7-29]: the face-down cards dealt again among their places, each
        generation apart; the log names none of them."""
        conceal(state.k7.piles, dice)


KART7 = Kart7Ruleset()
