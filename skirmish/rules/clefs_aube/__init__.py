"""Les Clefs de l'Aube (RULESETS.md §3): a d20 roll-under ruleset on the Skirmish table.

It keeps the Skirmish scheduler — initiative, waves, PA, actions, movement, passive
actions and rout ([GAP-CA-1]) — by running the Skirmish engine on a state that extends
the Skirmish one, and replaces through the engine's
:class:`~skirmish.rules.skirmish.context.Hooks` what the source defines: profiles
(§3.b), the Strike and Shoot resolution, damage and standing (§3.d) and, as an option,
the Leadership test (§3.e).

- ``state.py``: ``CaState`` extends the Skirmish state with each figure's wounds by
  aspect, PF, étourdi, banked MA points and the multi-action ladder.
- ``profile.py``: each figure's profile, converted from its race-modified Skirmish one by
  the tables of ``content/data/clefs_aube.toml``, or its own ``native.clefs_aube`` block.
- ``roll.py``, ``shooting.py``, ``melee.py``, ``damage.py``: the d20 window, the critical
  die, encaissement and Table 3.1, each roll one ``D20Roll`` event; ``DamageResolved``
  and ``Opposition`` record the damage pipeline and the exchange.
- ``odds.py``: the exact P(hit) of a window, critical die included, for the previews;
  ``ai_odds.py`` and ``harm.py``: what the computer players read (``Hooks.ai_odds``).
- ``options.py``: every GAP-CA default the engine can switch, labelled in both languages
  for the set-up and rules screens; ``messages.py`` and ``panel.py``: its sentences
  (translated in ``assets/translations/*/clefs_aube.json``) and the figure card's lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import msgspec

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules import commands as c
from skirmish.rules.clefs_aube import messages as _messages  # noqa: F401 - registers keys
from skirmish.rules.clefs_aube.actions import OWN, dispatch, new_activation
from skirmish.rules.clefs_aube.ai_odds import CLEFS_ODDS
from skirmish.rules.clefs_aube.legal import action_menu, legal_commands
from skirmish.rules.clefs_aube.melee import conceal_manoeuvre, run_plan, run_strike
from skirmish.rules.clefs_aube.morale import native_odds, native_test
from skirmish.rules.clefs_aube.options import (
    UNUSED_FRAME_OPTIONS,
    ClefsOptions,
    options_to_dict,
    parse_options,
)
from skirmish.rules.clefs_aube.panel import figure_panel
from skirmish.rules.clefs_aube.profile import RULESET, Native, native_problem, profile_for
from skirmish.rules.clefs_aube.shooting import run_shot
from skirmish.rules.clefs_aube.state import CaFigure, CaState
from skirmish.rules.dice import Dice
from skirmish.rules.events import Event
from skirmish.rules.frame.profile import figure_stats
from skirmish.rules.geometry import TableLike
from skirmish.rules.outcome import Outcome
from skirmish.rules.panel import FigurePanel
from skirmish.rules.registry import register
from skirmish.rules.ruleset import ActionInfo
from skirmish.rules.skirmish import SKIRMISH, deployment, engine, skirmish_look
from skirmish.rules.skirmish.context import Ctx, Hooks, register_hooks
from skirmish.rules.skirmish.state import GameState
from skirmish.rules.skirmish.steps import ResolveShot, RulesetStep
from skirmish.rules.turn import TurnView

_STEPS = {"plan": run_plan, "strike": run_strike}


class ClefsHooks(Hooks):
    clamp_shots = False  # [CA-SHOOT]: only the maximum range limits a shot

    def step_handler(self, step: Any) -> Any | None:
        if isinstance(step, ResolveShot):
            return run_shot
        if isinstance(step, RulesetStep):
            return _STEPS[step.kind]
        return None

    def leadership(self, ctx: Any, f: Any, **kw: Any) -> tuple[tuple[int, ...], int, bool] | None:
        if ctx.s.ca_options.morale != "native":
            return None
        return native_test(ctx, f, **kw)

    def leadership_odds(self, ctx: Any, f: Any, *, bonus: int) -> Fraction | None:
        if ctx.s.ca_options.morale != "native":
            return None
        return native_odds(ctx, f, bonus=bonus)



class ClefsAubeRuleset:
    id = RULESET
    #: The engine's behaviour, recorded in every replay and save and played again on load
    #: (``state.FIXES_OF_3``): 2 is the Skirmish charge of Skirmish's version 2 (GAP-45),
    #: whose engine reads the same number (its ``>= 2`` holds for 3); 3 counts every
    #: attack for Éviter (GAP-CA-18), takes a failed 'Être chargé' test off Enc
    #: (GAP-CA-25) and rolls a grenade's ammunition die ([R-CAMP-AMMO]).
    version = 3
    state_type = CaState
    unused_options = UNUSED_FRAME_OPTIONS
    native_block = Native

    def parse_options(self, raw: Mapping[str, Any]) -> ClefsOptions:
        return parse_options(dict(raw))

    def native_problem(self, book: Rulebook, band: Warband, spec: FigureSpec,
                       options: Mapping[str, Any]) -> tuple[str, str] | None:
        """The block converted over the figure's race-modified Skirmish profile under the
        scenario's options (§3.b), as the game will."""
        return native_problem(book, band, spec, figure_stats(book, band, spec, options))

    def options_to_dict(self, options: ClefsOptions) -> dict[str, Any]:
        return options_to_dict(options)

    def new_state(self, scenario: Scenario, book: Rulebook, options: ClefsOptions) -> CaState:
        """The Skirmish set-up, then §3.b per figure; a native Me sets Cd = Me − 1
        (GAP-CA-20) so the Skirmish Leadership tests read it."""
        base = deployment.new_state(scenario, book, options.frame)
        ca: dict[str, CaFigure] = {}
        for entry in scenario.bands:
            wb = entry.warband
            for spec in wb.figures:
                f = base.figures[f"{wb.id}:{spec.id}"]
                profile = profile_for(book, wb, spec, f.stats)
                if profile.me != f.stats.cd + 1:
                    f.stats = msgspec.structs.replace(f.stats, cd=profile.me - 1)
                ca[f.id] = CaFigure(profile=profile)
        fields = {k: getattr(base, k) for k in GameState.__struct_fields__}
        fields.update(ruleset=RULESET)  # the game sets the version it plays
        return CaState(**fields, ca_options=options.ca, ca=ca)

    def begin(self, state: CaState, table: TableLike, book: Rulebook, dice: Dice) -> list[Event]:
        return SKIRMISH.begin(state, table, book, dice)

    def apply(self, state: CaState, table: TableLike, book: Rulebook, dice: Dice,
              cmd: c.Command) -> list[Event]:
        ctx = Ctx(state, table, book, dice)
        if isinstance(cmd, OWN) and state.phase == "battle" and state.pending is None:
            dispatch(ctx, cmd)
            engine.settle(ctx)
        else:
            engine.apply(ctx, cmd)
            if isinstance(cmd, c.Activate):
                new_activation(ctx, cmd.figure)
        return ctx.events

    def legal_commands(self, state: CaState, table: TableLike, book: Rulebook, dice: Dice,
                       *, sample_moves: bool = True, dense_moves: bool = False
                       ) -> list[c.Command]:
        return legal_commands(Ctx(state, table, book, dice), sample_moves=sample_moves,
                              dense_moves=dense_moves)

    def action_menu(self, state: CaState, table: TableLike, book: Rulebook, dice: Dice,
                    figure: str) -> list[ActionInfo]:
        ctx = Ctx(state, table, book, dice)
        return action_menu(ctx, ctx.fig(figure))

    def pending_band(self, state: CaState) -> str | None:
        return SKIRMISH.pending_band(state)

    def figure_panel(self, state: CaState, figure: str) -> FigurePanel:
        """The Skirmish engine's health and marks, and the CA profile's lines (§3.g)."""
        look = skirmish_look(state.figures[figure])
        return FigurePanel(health=look.health, marks=look.marks,
                           lines=tuple(figure_panel(state, figure)))

    def turn_view(self, state: CaState) -> TurnView:
        return SKIRMISH.turn_view(state)

    def odds(self, state: CaState, table: TableLike, book: Rulebook, dice: Dice,
             cmd: c.Command) -> Outcome | None:
        """The players of the Skirmish engine read its odds through ``Hooks.ai_odds``."""
        return None

    def is_over(self, state: CaState) -> bool:
        return state.phase == "over"

    def conceal(self, state: CaState, log: list[Event], dice: Dice) -> None:
        conceal_manoeuvre(state, log, dice)


CLEFS_AUBE = ClefsAubeRuleset()
register(CLEFS_AUBE)
register_hooks(RULESET, ClefsHooks(CLEFS_ODDS))
