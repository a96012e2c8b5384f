"""Pending decisions (ARCHITECTURE convention 5, RULESETS §0.5 S7).

A step that needs a player's choice parks itself in ``GameState.pending`` with the
options; a ``Choose`` command answers and the step runs again with ``choice`` set.
"""

from __future__ import annotations

from typing import Any

import msgspec

from skirmish.rules.commands import Choose
from skirmish.rules.events import DecisionNeeded
from skirmish.rules.frame.decisions import answered
from skirmish.rules.frame.figure import Option
from skirmish.rules.frame.messages import say
from skirmish.rules.geometry import Point
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.state import Pending
from skirmish.rules.skirmish.steps import AnyStep


def ask(
    ctx: Ctx,
    step: AnyStep,
    *,
    band: str,
    kind: str,
    figure: str | None,
    prompt: str,
    params: dict[str, Any],
    options: list[tuple[str, str, dict[str, Any], Point | None]],
    default: str | None = None,
) -> None:
    """Park ``step`` until ``band`` answers. ``prompt`` is a message key, its ``params``
    with ids (``messages.ID_PARAMS``): the log's ``DecisionNeeded`` keeps them, the
    pending decision in the state holds them named as before (so states hash the same).
    Each option is (choice, label key — or "" when the label is a name given as
    ``params["name"]`` —, params, point to draw)."""
    opts = tuple(
        Option(key=k, label=say(lk, **ps) if lk else str(ps["name"]), at=at, label_key=lk,
               params=ps)
        for k, lk, ps, at in options
    )
    names = ctx.named(params)
    ctx.s.pending = Pending(
        band=band, kind=kind, prompt=say(prompt, **names), prompt_key=prompt, params=names,
        figure=figure, options=opts,
        default=default if default is not None else options[0][0], resume=step,
    )
    ctx.emit(DecisionNeeded(band=band, kind=kind, prompt=ctx.s.pending.prompt, key=prompt,
                            params=params))


def answer(ctx: Ctx, cmd: Choose) -> None:
    p = answered(ctx, ctx.s.pending, cmd)
    ctx.s.pending = None
    ctx.push(msgspec.structs.replace(p.resume, choice=cmd.option))
