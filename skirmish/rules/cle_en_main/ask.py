"""Decisions owed inside a resolution (RULESETS §0.5 S7, ARCHITECTURE convention 5): the
flow parks an :class:`~skirmish.rules.cle_en_main.flow_state.Ask` in the state and stops;
``Choose`` answers it, and the flow reads the answer where it stopped."""

from __future__ import annotations

from typing import Any

from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow_state import Ask
from skirmish.rules.commands import Choose
from skirmish.rules.events import DecisionNeeded
from skirmish.rules.frame.decisions import answered
from skirmish.rules.frame.figure import Option
from skirmish.rules.frame.messages import say


def ask(ctx: CmCtx, *, band: str, kind: str, figure: str | None, prompt: str,
        params: dict[str, Any], options: list[tuple[str, str, dict[str, Any]]],
        default: str | None = None) -> None:
    """Park a decision for ``band``: ``prompt`` a message key with its ``params`` (ids),
    each option (choice, label key, params)."""
    opts = tuple(Option(key=k, label=say(lk, **ctx.named(ps)), label_key=lk,
                        params=ctx.named(ps)) for k, lk, ps in options)
    named = ctx.named(params)
    ctx.s.pending = Ask(band=band, kind=kind, prompt=say(prompt, **named), prompt_key=prompt,
                        params=named, figure=figure, options=opts,
                        default=default if default is not None else options[0][0])
    ctx.emit(DecisionNeeded(band=band, kind=kind, prompt=ctx.s.pending.prompt, key=prompt,
                            params=params))


def take_answer(ctx: CmCtx, cmd: Choose) -> tuple[Ask, str]:
    """The pending decision and its answer, checked; the decision is cleared."""
    p = answered(ctx, ctx.s.pending, cmd)
    ctx.s.pending = None
    return p, cmd.option
