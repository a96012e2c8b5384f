"""Leadership under Clé en main (RULESETS §2.e, S12, [GAP-CM-23], GAP-ALT-3): the source
has no morale rule, so Skirmish rout and its Leadership stay, with Cd = Volonté + 2
(11 / 8 / 6 for the ready-made ranks). Under ``morale = "native"`` the test is
Volonté/15 — 3d6 + Volonté ≥ 15 — the Volonté a lender's Cd − 2, +1 for each ally where
Skirmish gives +1 Cd (a passive action's, [R-MORALE-ALLY])."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.odds import p_test
from skirmish.rules.cle_en_main.rolls import skill_test

CD_OVER_VOLONTE = 2
NATIVE_NEED = 15


class CmLeadership:
    """The frame's :class:`~skirmish.rules.frame.rout.Leadership` for this ruleset."""

    def cd(self, f: Any) -> int:
        return self._volonte[f.id] + CD_OVER_VOLONTE

    def __init__(self, ctx: CmCtx) -> None:
        self._volonte = {fid: cf.profile.volonte for fid, cf in ctx.cm.figures.items()}

    def rout_test(self, ctx: Any, f: Any, *, rule: str, key: str, params: dict[str, object],
                  cd: int, lender: Any | None, retest: bool) -> bool:
        inputs: dict[str, object] = {"leadership": cd}
        if lender is not None:
            inputs["lender"] = lender.id
        if ctx.cm.options.morale == "native":
            own = ctx.cmf(f.id).profile.volonte
            bonus = cd - CD_OVER_VOLONTE - own  # a lender's Volonté, or allies near by
            mods = {"lent" if lender is not None else "allies": bonus} if bonus else {}
            r, ok = skill_test(ctx, f.id, "volonte", NATIVE_NEED, mods, rule=rule)
            ctx.last_test = (f.id, r.throw.faces, NATIVE_NEED, inputs)
            return ok
        faces = ctx.roll(2, rule=rule, key=key, params=params, need=cd, compare="<=",
                         inputs=inputs, figure=f.id, good_when_met=True)
        ctx.last_test = (f.id, faces, cd, inputs)
        return sum(faces) <= cd


def p_native(volonte: int) -> Fraction:
    """§2.e: P(Volonté/15) — 50 % for a Sous-fifre's 4, 95 % for the Chef's 9."""
    return p_test(volonte, NATIVE_NEED)
