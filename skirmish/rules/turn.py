"""Whose turn it is, as every ruleset tells it (RULESETS §0.5 S4, S5): the scheduler's view.

The rulesets schedule the turn in different ways — Skirmish bands in waves, a ladder of
every figure (WFRP), a hand with responses, declarations then resolution — but the table
around them asks the same few questions: who acts now, in what order the others come,
which figure is acting and what it has left to spend, what the stage of the turn is
called, and how the player passes. :class:`TurnView` answers them as data; the window's
turn banner, order strip and action pips, the computer players' dispatch and the drivers
read it (``Ruleset.turn_view``, ``Game.turn_view()``) instead of a ruleset's own fields.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from skirmish.rules.commands import Command

Phase = Literal["deployment", "battle", "over"]


class Slot(msgspec.Struct, frozen=True, kw_only=True):
    """One place in the order strip: a band (waves, deployment) or a figure (a ladder).
    ``score`` is the initiative shown after its name; ``held`` the half actions it
    keeps for later (a WFRP Retardement)."""

    band: str
    figure: str | None = None
    score: int | None = None
    now: bool = False
    done: bool = False
    held: int = 0


class Pip(msgspec.Struct, frozen=True, kw_only=True):
    """One unit of the acting figure's budget: ``kind`` names it (``pa``; ``half``,
    ``full``, ``free`` or ``bought``…), ``spent`` once used."""

    kind: str
    spent: bool = False


class Said(msgspec.Struct, frozen=True):
    """Words of the window's translations: a key and its parameters (a ``band`` or a
    ``figure`` by its id, which the window names in its language)."""

    key: str
    params: dict[str, Any] = {}


class TurnView(msgspec.Struct, frozen=True, kw_only=True):
    """The scheduler's state as the table shows it.

    ``band`` must act or answer now; ``figure`` is the figure acting (None between
    activations); ``choose`` the figures ``band`` may pick to act now (empty when the
    scheduler picks itself); ``stage`` names the turn's stage after its number (a wave
    and its d6, a ladder's rung); ``order`` is the strip; ``pips`` the acting figure's
    budget; ``end`` the command that passes now (ends the activation, or stops a band's
    wave early) with ``end_key`` its words, None when passing is not a single command;
    ``acted`` the figures that have acted this turn (the board dims them); ``unit`` what
    the budget is counted in (``pa``; ``half`` actions), as the log says its costs."""

    phase: Phase
    turn: int
    turns: int
    band: str | None
    figure: str | None = None
    choose: tuple[str, ...] = ()
    stage: tuple[Said, ...] = ()
    order: tuple[Slot, ...] = ()
    pips: tuple[Pip, ...] = ()
    end: Command | None = None
    end_key: str = ""
    acted: tuple[str, ...] = ()
    unit: str = "pa"
