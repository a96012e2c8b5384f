"""The legal commands every ruleset lists alike (RULESETS §0.7): none once the game is
over, the options of a pending decision, and the deploying band's; the rest of a game is
its own scheduler's."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.frame import deployment as dep
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.decisions import Decision

__all__ = ["table_commands"]


def table_commands(ctx: TableCtx, pending: Decision | None, *, sample_moves: bool
                   ) -> list[c.Command] | None:
    """The commands when the game is over, awaits ``pending`` or is deploying (placing
    sampled when ``sample_moves``); None when the battle's own turn decides them."""
    s = ctx.s
    if s.phase == "over":
        return []
    if pending is not None:
        return [c.Choose(option=o.key) for o in pending.options]
    if s.phase == "deployment":
        band = dep.deploying_band(s)
        return [] if band is None else dep.deployment_commands(ctx, band, sample=sample_moves)
    return None
