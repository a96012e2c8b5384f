"""The Leadership test of a passive action (RULES.md §7, [R-MORALE-ALLY], GAP-42), under
any ruleset that keeps Skirmish's passive actions (RULESETS §0.2, GAP-ALT-3): the
ruleset's own Leadership (S12) — the Skirmish 2d6 ≤ Cd, a Cd derived from the system's
willpower, or a native test — with +1 Cd for each ally in play less than 3 pas away."""

from __future__ import annotations

from typing import Any

from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.queries import allies_within
from skirmish.rules.frame.rout import Leadership


def passive_test(ctx: TableCtx, lead: Leadership, f: Any, *, rule: str, test: str) -> bool:
    """``f``'s test named ``test`` (the source's French name) under ``rule``; True if passed.
    Its roll is left in ``ctx.last_test`` for the reaction that says what it did."""
    allies = allies_within(ctx, f, 3.0)
    return lead.rout_test(ctx, f, rule=rule, key="lbl_test", params={"test": test},
                          cd=lead.cd(f) + len(allies), lender=None, retest=False)
