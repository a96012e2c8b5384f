"""Clé en main behind the rules seam (RULESETS §0.5): its options, its state, its
scheduler and its resolution, registered under ``cle_en_main``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules import commands as c
from skirmish.rules.cle_en_main import flow
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow_state import CmState
from skirmish.rules.cle_en_main.legal import action_menu, legal_commands
from skirmish.rules.cle_en_main.options import (
    UNUSED_FRAME_OPTIONS,
    CleOptions,
    options_to_dict,
    parse_options,
)
from skirmish.rules.cle_en_main.panel import figure_panel
from skirmish.rules.cle_en_main.preview import command_odds
from skirmish.rules.cle_en_main.profile import RULESET, Native, base_of, native_problem, profile_for
from skirmish.rules.cle_en_main.state import CmFigure, CmPart
from skirmish.rules.cle_en_main.view import turn_view
from skirmish.rules.dice import Dice
from skirmish.rules.events import Event
from skirmish.rules.frame import deployment as dep
from skirmish.rules.frame.figure import FrameFigure
from skirmish.rules.frame.options import options_to_dict as frame_to_dict
from skirmish.rules.frame.profile import figure_stats
from skirmish.rules.geometry import TableLike
from skirmish.rules.outcome import Outcome
from skirmish.rules.panel import FigurePanel
from skirmish.rules.ruleset import ActionInfo
from skirmish.rules.turn import TurnView


class CleEnMainRuleset:
    id = RULESET
    version = 2
    state_type = CmState
    unused_options = UNUSED_FRAME_OPTIONS
    native_block = Native

    def parse_options(self, raw: Mapping[str, Any]) -> CleOptions:
        return parse_options(dict(raw))

    def options_to_dict(self, options: CleOptions) -> dict[str, Any]:
        return options_to_dict(options)

    def native_problem(self, book: Rulebook, band: Warband, spec: FigureSpec,
                       options: Mapping[str, Any]) -> tuple[str, str] | None:
        """The block over the figure's §2.b conversion under the scenario's options."""
        o = parse_options(dict(options))
        stats = figure_stats(book, band, spec, frame_to_dict(o.frame))
        return native_problem(book, spec, base_of(book, spec, stats), o.cm)

    def new_state(self, scenario: Scenario, book: Rulebook, options: CleOptions) -> CmState:
        opts = frame_to_dict(options.frame)
        figures: dict[str, FrameFigure] = {}
        cm: dict[str, CmFigure] = {}
        for entry in scenario.bands:
            wb = entry.warband
            for spec in wb.figures:
                stats = figure_stats(book, wb, spec, opts)
                f = dep.new_figure(FrameFigure, book, wb.id, spec, stats)
                figures[f.id] = f
                p = profile_for(book, spec, base_of(book, spec, stats), options.cm)
                cm[f.id] = CmFigure(profile=p, vitality=p.vitality, heroism=p.heroism)
        return CmState(
            ruleset=RULESET, scenario=scenario.id, setting=scenario.setting,
            options=options.frame, width=float(scenario.width), height=float(scenario.height),
            bands=dep.new_bands(scenario), figures=figures,
            objectives=list(scenario.objectives),
            cm=CmPart(options=options.cm, figures=cm))

    def begin(self, state: CmState, table: TableLike, book: Rulebook, dice: Dice) -> list[Event]:
        ctx = CmCtx(state, table, book, dice)
        flow.begin(ctx)
        return ctx.events

    def apply(self, state: CmState, table: TableLike, book: Rulebook, dice: Dice,
              cmd: c.Command) -> list[Event]:
        ctx = CmCtx(state, table, book, dice)
        flow.apply(ctx, cmd)
        return ctx.events

    def legal_commands(self, state: CmState, table: TableLike, book: Rulebook, dice: Dice,
                       *, sample_moves: bool = True, dense_moves: bool = False
                       ) -> list[c.Command]:
        return legal_commands(CmCtx(state, table, book, dice), sample_moves=sample_moves,
                              dense_moves=dense_moves)

    def action_menu(self, state: CmState, table: TableLike, book: Rulebook, dice: Dice,
                    figure: str) -> list[ActionInfo]:
        return action_menu(CmCtx(state, table, book, dice), figure)

    def pending_band(self, state: CmState) -> str | None:
        if state.phase == "over":
            return None
        if state.pending is not None:
            return state.pending.band
        if state.phase == "deployment":
            return dep.deploying_band(state)
        if state.tour is not None:
            return state.tour.band
        now = flow.to_activate(state)
        return now[0] if now else None

    def odds(self, state: CmState, table: TableLike, book: Rulebook, dice: Dice,
             cmd: c.Command) -> Outcome | None:
        return command_odds(CmCtx(state, table, book, dice), cmd)

    def figure_panel(self, state: CmState, figure: str) -> FigurePanel:
        return figure_panel(state, figure)

    def turn_view(self, state: CmState) -> TurnView:
        return turn_view(state, self.pending_band(state))

    def is_over(self, state: CmState) -> bool:
        return state.phase == "over"

    def conceal(self, state: CmState, log: list[Event], dice: Dice) -> None:
        """Nothing is hidden in Clé en main: every choice is made in the open."""


CLE_EN_MAIN = CleEnMainRuleset()
