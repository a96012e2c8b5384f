"""WFRP's Leadership (RULESETS §1.e, S12): the test the table's rout and Skirmish's passive
actions call (:mod:`skirmish.rules.frame.rout`, :mod:`skirmish.rules.frame.passive`)."""

from __future__ import annotations

from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.profile import cd_of
from skirmish.rules.wfrp2.state import WfFigure

#: ``morale: native``: the d100 gains this much where Skirmish's 2d6 gains 1 Cd.
NATIVE_PER_CD = 5


class WfLeadership:
    """S12: [GAP-WF-23] Cd = round(FM / 5) for the Skirmish 2d6; with ``morale: native`` a
    d100 ≤ FM (+5 where Skirmish gives +1 Cd: an ally for a passive test)."""

    def cd(self, f: WfFigure) -> int:
        return cd_of(f.profile.fm)

    def rout_test(self, ctx: WfCtx, f: WfFigure, *, rule: str, key: str,
                  params: dict[str, object], cd: int, lender: WfFigure | None,
                  retest: bool) -> bool:
        inputs: dict[str, object] = {"fm": f.profile.fm, "cd": self.cd(f)}
        if lender is not None:
            inputs["lent_by"] = lender.id
        if ctx.s.wf.morale == "native":
            fm = (lender or f).profile.fm
            bonus = NATIVE_PER_CD * max(0, cd - self.cd(lender or f))
            native: dict[str, object] = {**inputs, "native": True}
            if bonus:
                native["allies"] = bonus
            value, _ = ctx.d100(rule=rule, key=key, params=params, need=fm + bonus,
                                figure=f.id, inputs=native)
            ctx.last_test = (f.id, (value,), fm + bonus, inputs)
            return value <= fm + bonus
        faces = ctx.roll(2, rule=rule, key=key, params=params, need=cd, compare="<=",
                         inputs={**inputs, "dice": 2}, figure=f.id, good_when_met=True)
        ctx.last_test = (f.id, faces, cd, inputs)
        return sum(faces) <= cd


WF_LEADERSHIP = WfLeadership()
