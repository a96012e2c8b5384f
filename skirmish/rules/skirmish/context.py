"""The working set of one ``apply`` on the Skirmish engine: the table's context
(:class:`~skirmish.rules.frame.context.TableCtx`) with the resolution stack and the
:class:`Hooks` of the game's ruleset, registered here by every ruleset that runs on this
engine (Skirmish itself, Les Clefs de l'Aube).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from skirmish.content.models import Rulebook
from skirmish.rules.ai_odds import AiOdds
from skirmish.rules.dice import Dice
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.geometry import TableLike
from skirmish.rules.skirmish.state import Figure, GameState
from skirmish.rules.skirmish.steps import AnyStep


class Hooks:
    """What a ruleset that reuses the Skirmish engine (initiative, waves, PA, movement,
    passive actions) changes inside it (RULESETS §0.5 S4/S5 kept, S3/S10/S12 replaced).

    The :class:`Ctx` looks its hooks up by ``state.ruleset``, so a context built anywhere
    — the engine, the action menu, previews, the AI — resolves with the rules of the game
    it belongs to. The defaults are the Skirmish rules; ``ai_odds`` is the odds the
    computer players weigh moves with (``skirmish.rules.ai_odds``), asked for thousands of
    times a decision."""

    #: [R-SHOOT-CLAMP] a modified CT above 6 makes a shot impossible (Skirmish only).
    clamp_shots: bool = True

    def __init__(self, ai_odds: AiOdds[Ctx, Figure]) -> None:
        self.ai_odds = ai_odds

    def step_handler(self, step: AnyStep) -> Callable[[Ctx, Any], None] | None:
        """A handler ``(ctx, step) -> None`` that replaces the engine's for ``step``, or
        None to keep the engine's."""
        return None

    def leadership(self, ctx: Ctx, f: Figure, *, bonus: int, rule: str, key: str,
                   params: dict[str, object], inputs: dict[str, object],
                   target: str | None) -> tuple[tuple[int, ...], int, bool] | None:
        """S12: roll a Leadership test natively — (faces, need, passed) — or None for the
        Skirmish 2d6 ≤ Cd. ``bonus`` is what Skirmish adds to the Cd (allies)."""
        return None

    def leadership_odds(self, ctx: Ctx, f: Figure, *, bonus: int) -> Fraction | None:
        """P(pass) of :meth:`leadership`'s native test, or None for the Skirmish 2d6."""
        return None


#: Hooks by ruleset id: each ruleset on this engine registers its own on import.
_HOOKS: dict[str, Hooks] = {}


def register_hooks(ruleset_id: str, hooks: Hooks) -> None:
    _HOOKS[ruleset_id] = hooks


def hooks_for(ruleset_id: str) -> Hooks:
    try:
        return _HOOKS[ruleset_id]
    except KeyError:
        raise LookupError(f"ruleset '{ruleset_id}' does not run on the Skirmish engine "
                          f"(registered: {', '.join(_HOOKS)})") from None


class Ctx(TableCtx):
    """The table's context on a Skirmish-engine state, with the game's :class:`Hooks` and
    the engine's resolution stack."""

    s: GameState

    def __init__(self, state: GameState, table: TableLike, book: Rulebook, dice: Dice) -> None:
        super().__init__(state, table, book, dice)
        #: What the game's ruleset changes in the Skirmish engine.
        self.hooks = hooks_for(state.ruleset)

    # -- stack ------------------------------------------------------------------------
    def push(self, *steps: AnyStep) -> None:
        """Push steps so that the first one given runs first."""
        self.s.stack.extend(reversed(steps))
