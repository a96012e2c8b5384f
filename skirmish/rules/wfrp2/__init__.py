"""The WFRP 2e combat summary (RULESETS.md §1, [WF-…], GAP-WF-1…23): the first ruleset
that replaces the turn itself. It plays on the table's frame (:mod:`skirmish.rules.frame`:
deployment, movement, VP, rout) with its own scheduler — one initiative ladder of every
figure (S4, :mod:`.ladder`), a budget of half, full and free actions (S5,
:mod:`.actions`) — d100 tests read from a tens and a units d10 (S3, :mod:`.context`),
the target's parry or dodge asked inside the resolution (S7), Fortune rerolls that name
the roll they replace (S8, :mod:`.combat`), its own figure state (S10, :mod:`.state`),
Leadership from FM (S12, :mod:`.leadership`) for the rout and Skirmish's passive actions
(:mod:`.passive`, version 3) and exact odds (S14, :mod:`.odds`; of a decision's answers,
:mod:`.answer_odds`).
Registered on import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules.commands import Choose, Command
from skirmish.rules.dice import Dice
from skirmish.rules.events import Event
from skirmish.rules.frame.deployment import deploying_band, new_bands, new_figure
from skirmish.rules.frame.options import options_to_dict as frame_to_dict
from skirmish.rules.frame.profile import figure_stats, medikits
from skirmish.rules.geometry import TableLike
from skirmish.rules.outcome import Outcome
from skirmish.rules.panel import FigurePanel
from skirmish.rules.registry import register
from skirmish.rules.ruleset import ActionInfo
from skirmish.rules.turn import TurnView
from skirmish.rules.wfrp2 import engine, legal
from skirmish.rules.wfrp2 import messages as _sentences  # noqa: F401 - adds them to the table
from skirmish.rules.wfrp2.answer_odds import answer_odds
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.ladder import turn_view
from skirmish.rules.wfrp2.odds import odds
from skirmish.rules.wfrp2.options import (
    UNUSED_FRAME_OPTIONS,
    Wfrp2Options,
    options_to_dict,
    parse_options,
)
from skirmish.rules.wfrp2.panel import figure_panel
from skirmish.rules.wfrp2.profile import Native, convert
from skirmish.rules.wfrp2.state import RULESET, WfFigure, WfState


def new_figures(scenario: Scenario, book: Rulebook, options: Wfrp2Options
                ) -> dict[str, WfFigure]:
    """Every figure converted by §1.b (or its native block), placed when the scenario
    placed it; its slow weapons loaded."""
    opts = frame_to_dict(options.frame)
    out: dict[str, WfFigure] = {}
    for entry in scenario.bands:
        wb = entry.warband
        for spec in wb.figures:
            stats = figure_stats(book, wb, spec, opts)
            profile = convert(book, spec, stats, spec.native.get(RULESET))
            f = new_figure(
                WfFigure, book, wb.id, spec, stats, profile=profile, b=profile.b,
                fortune=profile.fortune, destin=profile.destin, surprised=profile.surprised,
                medikits=medikits(book, spec), loaded=[w.id for w in profile.weapons if w.slow],
            )
            out[f.id] = f
    return out


class Wfrp2Ruleset:
    id = RULESET
    version = 4
    state_type = WfState
    unused_options = UNUSED_FRAME_OPTIONS
    native_block = Native

    def parse_options(self, raw: Mapping[str, Any]) -> Wfrp2Options:
        return parse_options(dict(raw))

    def native_problem(self, book: Rulebook, band: Warband, spec: FigureSpec,
                       options: Mapping[str, Any]) -> tuple[str, str] | None:
        """None: the block's fields are checked against :class:`Native` (names, types and
        ranges) before this is asked, and every block that passes makes a playable
        profile."""
        return None

    def options_to_dict(self, options: Wfrp2Options) -> dict[str, Any]:
        return options_to_dict(options)

    def new_state(self, scenario: Scenario, book: Rulebook, options: Wfrp2Options) -> WfState:
        return WfState(
            scenario=scenario.id, setting=scenario.setting, options=options.frame,
            wf=options.wf, width=float(scenario.width), height=float(scenario.height),
            bands=new_bands(scenario), figures=new_figures(scenario, book, options),
            objectives=list(scenario.objectives))

    def begin(self, state: WfState, table: TableLike, book: Rulebook, dice: Dice) -> list[Event]:
        ctx = WfCtx(state, table, book, dice)
        engine.begin(ctx)
        return ctx.events

    def apply(self, state: WfState, table: TableLike, book: Rulebook, dice: Dice,
              cmd: Command) -> list[Event]:
        ctx = WfCtx(state, table, book, dice)
        engine.apply(ctx, cmd)
        return ctx.events

    def legal_commands(self, state: WfState, table: TableLike, book: Rulebook, dice: Dice,
                       *, sample_moves: bool = True, dense_moves: bool = False
                       ) -> list[Command]:
        return legal.legal_commands(WfCtx(state, table, book, dice), sample_moves=sample_moves)

    def action_menu(self, state: WfState, table: TableLike, book: Rulebook, dice: Dice,
                    figure: str) -> list[ActionInfo]:
        ctx = WfCtx(state, table, book, dice)
        return legal.action_menu(ctx, ctx.fig(figure))

    def pending_band(self, state: WfState) -> str | None:
        if state.phase == "over":
            return None
        if state.pending is not None:
            return state.pending.band
        if state.phase == "deployment":
            return deploying_band(state)
        if state.active is not None:
            return state.figures[state.active].band
        return None

    def figure_panel(self, state: WfState, figure: str) -> FigurePanel:
        return figure_panel(state, figure)

    def turn_view(self, state: WfState) -> TurnView:
        return turn_view(state, self.pending_band(state))

    def odds(self, state: WfState, table: TableLike, book: Rulebook, dice: Dice, cmd: Command
             ) -> Outcome | None:
        ctx = WfCtx(state, table, book, dice)
        if isinstance(cmd, Choose):
            return answer_odds(ctx, cmd)
        return odds(ctx, cmd)

    def is_over(self, state: WfState) -> bool:
        return state.phase == "over"

    def conceal(self, state: WfState, log: list[Event], dice: Dice) -> None:
        """Nothing to hide: every WFRP choice is made in the open."""


WFRP2 = Wfrp2Ruleset()
register(WFRP2)
