"""Answering a pending decision (ARCHITECTURE convention 5), under any ruleset: each
parks its own kind of decision in its state, but every one is answered by ``Choose``
with one of its options, checked and logged the same way."""

from __future__ import annotations

from typing import Protocol, TypeVar

from skirmish.rules.commands import Choose
from skirmish.rules.events import DecisionTaken
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.figure import Option
from skirmish.rules.frame.messages import illegal

__all__ = ["Decision", "answered"]


class Decision(Protocol):
    """What a pending decision holds, whatever it resumes."""

    @property
    def band(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def options(self) -> tuple[Option, ...]: ...


Owed = TypeVar("Owed", bound=Decision)


def answered(ctx: TableCtx, pending: Owed | None, cmd: Choose) -> Owed:
    """``pending`` as ``cmd`` answers it, logged; refused when nothing is owed or the
    option is not one of its. The caller clears it from its state and resumes."""
    if pending is None:
        raise illegal("no_decision")
    if cmd.option not in {o.key for o in pending.options}:
        raise illegal("not_a_choice", option=cmd.option,
                      choices=", ".join(o.key for o in pending.options))
    ctx.emit(DecisionTaken(band=pending.band, kind=pending.kind, option=cmd.option))
    return pending
