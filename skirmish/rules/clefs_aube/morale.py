"""Leadership under option ``morale = "native"`` (RULESETS §3.e, GAP-CA-20 (b)): d20 ≤
Me + Ré + BC(Volonté) with ND 0, +1 CA where Skirmish gives +1 Cd (allies). With the
default (a) the Skirmish 2d6 test runs on the rank's Cd (custom figures: Me − 1)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from skirmish.rules.clefs_aube.profile import bc
from skirmish.rules.clefs_aube.roll import hit_chance, roll
from skirmish.rules.frame.messages import say
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.state import Figure


def native_test(ctx: Ctx, f: Figure, *, bonus: int, rule: str, key: str,
                params: dict[str, object], inputs: dict[str, object],
                target: str | None) -> tuple[tuple[int, ...], int, bool]:
    cf = ctx.s.ca[f.id]  # type: ignore[attr-defined]
    p = cf.profile
    ca = p.me + p.re + bc(p.nc_volonte) + bonus
    ins: dict[str, Any] = {**inputs, "me": p.me, "re": p.re, "bc_volonte": bc(p.nc_volonte),
                           "bonus": bonus}
    r = roll(ctx, ca=ca, nd=0, rule=rule, key="ca_lbl_native_test",
             params={"test": say(key, **params)}, inputs=ins, figure=f.id, target=target,
             role="leadership", critical=False)
    face = ctx.events[-1].dice  # type: ignore[attr-defined]
    return tuple(face), ca, r.hit


def native_odds(ctx: Ctx, f: Figure, *, bonus: int) -> Fraction:
    """P(pass) of :func:`native_test` with the same CA (no critical die)."""
    p = ctx.s.ca[f.id].profile  # type: ignore[attr-defined]
    return hit_chance(p.me + p.re + bc(p.nc_volonte) + bonus, 0)
