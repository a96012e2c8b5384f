"""Decisions owed inside a resolution (RULESETS §0.5 S7): a step parks itself in
``WfState.pending`` with its options; a ``Choose`` answers, and the step runs again with
``choice`` set. The target's parry or dodge, a Fortune reroll, Destin, the initiative's
Fortune d10 and a held half action are asked so, of whichever band owes them (the window
hands off in hot-seat; the computer answers by the odds)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from skirmish.rules.commands import Choose
from skirmish.rules.events import DecisionNeeded
from skirmish.rules.frame.decisions import answered
from skirmish.rules.frame.figure import Option
from skirmish.rules.frame.messages import say
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.state import CHAINS, Pending, Step

#: [WF-FORTUNE] one point for a reroll, an extra defence or the initiative's d10.
FORTUNE: dict[str, int] = {"fortune": 1}


def ask(ctx: WfCtx, step: Step, *, band: str, kind: str, figure: str | None, prompt: str,
        params: dict[str, Any], options: list[tuple[str, str, dict[str, Any]]],
        default: str, paid: Mapping[str, dict[str, int]] | None = None) -> None:
    """Park ``step`` until ``band`` answers ``prompt`` (a message key, ``params`` with
    ids) with one of ``options`` (choice, label key, label params); ``paid`` what an
    answer spends, by its choice, added to its params (version 2) for whoever weighs it."""
    priced = ctx.s.ruleset_version >= CHAINS and paid is not None
    opts = tuple(Option(key=k, label=say(lk, **ctx.named(ps)), label_key=lk,
                        params={**ps, "paid": paid[k]} if priced and k in paid else ps)
                 for k, lk, ps in options)
    names = ctx.named(params)
    ctx.s.pending = Pending(band=band, kind=kind, prompt=say(prompt, **names), prompt_key=prompt,
                            params=names, figure=figure, options=opts, default=default,
                            resume=step)
    ctx.emit(DecisionNeeded(band=band, kind=kind, prompt=ctx.s.pending.prompt, key=prompt,
                            params=params))


def answer(ctx: WfCtx, cmd: Choose) -> None:
    p = answered(ctx, ctx.s.pending, cmd)
    ctx.s.pending = None
    ctx.push(msgspec.structs.replace(p.resume, choice=cmd.option))
