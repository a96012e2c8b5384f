"""Pending decisions (ARCHITECTURE convention 5, RULESETS §0.5 S7).

A step that needs a player's choice parks itself in ``GameState.pending`` with the
options; a ``Choose`` command answers and the step runs again with ``choice`` set.
"""

from __future__ import annotations

import msgspec

from skirmish.rules.commands import Choose
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import DecisionNeeded, DecisionTaken
from skirmish.rules.geometry import Point
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.state import Option, Pending
from skirmish.rules.skirmish.steps import AnyStep


def ask(
    ctx: Ctx,
    step: AnyStep,
    *,
    band: str,
    kind: str,
    figure: str | None,
    prompt: str,
    options: list[tuple[str, str, Point | None]],
    default: str | None = None,
) -> None:
    ctx.s.pending = Pending(
        band=band, kind=kind, prompt=prompt, figure=figure,
        options=tuple(Option(key=k, label=label, at=at) for k, label, at in options),
        default=default if default is not None else options[0][0], resume=step,
    )
    ctx.emit(DecisionNeeded(band=band, kind=kind, prompt=prompt))


def answer(ctx: Ctx, cmd: Choose) -> None:
    p = ctx.s.pending
    if p is None:
        raise IllegalCommand("No decision is waiting")
    if cmd.option not in {o.key for o in p.options}:
        labels = ", ".join(o.key for o in p.options)
        raise IllegalCommand(f"'{cmd.option}' is not one of the choices ({labels})")
    ctx.s.pending = None
    ctx.emit(DecisionTaken(band=p.band, kind=p.kind, option=cmd.option))
    ctx.push(msgspec.structs.replace(p.resume, choice=cmd.option))
