"""Morale by cards (RULESETS §4.e; [GAP-K7-24], S12): the rout test is a Volonté draw,
Moyenne, its first card from the tester's pioche, under the highest Volonté of a
same-band figure in play within 4 pas ([R-END-ROUT-CD]); the trigger and the effects
are the table's ([R-END-ROUT…]). Option ``morale = "skirmish"``: 2d6 ≤ Cd, Cd = Volonté
+ 2 (11 / 8 / 6 for the ready-made ranks)."""

from __future__ import annotations

from typing import Any

from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.draws import DrawRequest

CD_OFFSET = 2  # Cd = Volonté + 2, the inverse of §4.b's Volonté = Cd − 2


class K7Leadership:
    """The table's :class:`~skirmish.rules.frame.rout.Leadership` under KART 7."""

    def __init__(self, ctx: K7Ctx) -> None:
        self.ctx = ctx

    def cd(self, f: Any) -> int:
        return self.ctx.own(f.id).profile.volonte + CD_OFFSET

    def rout_test(self, ctx: Any, f: Any, *, rule: str, key: str, params: dict[str, object],
                  cd: int, lender: Any | None, retest: bool) -> bool:
        k7: K7Ctx = ctx
        inputs: dict[str, object] = {"lender": lender.id if lender else None, "retest": retest}
        if k7.k7.options.morale == "skirmish":
            faces = k7.roll(2, rule=rule, key=key, params=params, need=cd, compare="<=",
                            inputs={**inputs, "cd": cd}, figure=f.id, good_when_met=True)
            k7.last_test = (f.id, faces, cd, {**inputs, "cd": cd})
            return sum(faces) <= cd
        own = k7.own(f.id)
        volonte = cd - CD_OFFSET
        drawn = k7.draw(DrawRequest(
            figure=f.id, threshold=own.threshold(volonte), level=0, rule="GAP-K7-24",
            inputs={**inputs, "volonte": volonte, "bonus": own.bonus, "malus": own.malus,
                    "standing": own.standing_malus()},
            **k7.said(key, **params)))
        k7.end_action()
        k7.last_test = (f.id, tuple(drawn.values(k7.ace)), drawn.threshold,
                        {**inputs, "volonte": volonte})
        return drawn.success


def leadership(ctx: K7Ctx) -> K7Leadership:
    return K7Leadership(ctx)
