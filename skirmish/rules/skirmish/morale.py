"""Leadership tests: passive actions (§7), madness (R-CAMP-INJ-24), and the Leadership the
table's rout tests ask (§10.1, :mod:`skirmish.rules.frame.rout`)."""

from __future__ import annotations

from typing import Literal

from skirmish.rules.events import Roll, StatusChanged
from skirmish.rules.frame.messages import said, say
from skirmish.rules.frame.queries import allies_within
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.state import Figure

TestKind = Literal["passive", "rout", "madness"]

#: The engine version from which Haine implacable holds for the whole game (GAP-67).
HATRED_ALL_GAME = 3


def hates_here(ctx: Ctx, f: Figure, against: Figure | None) -> bool:
    """[R-CAMP-INJ-61] Haine implacable holds for this test. GAP-67: in a game where the
    hated band plays, for every test whatever caused it (the madness test and tests caused
    by a third band included). Games recorded with an earlier engine played it only for
    tests caused by the hated band, and play on so (``ruleset_version``)."""
    if f.hates is None:
        return False
    if ctx.s.ruleset_version >= HATRED_ALL_GAME:
        return any(b.id == f.hates for b in ctx.s.bands)
    return against is not None and f.hates == against.band


def leadership_test(
    ctx: Ctx,
    f: Figure,
    *,
    rule: str,
    key: str,
    params: dict[str, object],
    kind: TestKind,
    against: Figure | None = None,
    dice: int = 2,
    cd: int | None = None,
    lender: Figure | None = None,
    target: Figure | None = None,
    deviation: str | None = None,
) -> bool:
    """[R-GEN-LD] Roll ``dice`` d6; pass if the total ≤ the Cd used.

    Passive tests add +1 per ally in play within 3 pas ([R-MORALE-ALLY], GAP-42).
    Endurci passes every test (GAP-56); Haine implacable passes every test but rout
    tests in a game where the hated band plays, and may reroll a failed rout test
    ([R-CAMP-INJ-61], GAP-67: :func:`hates_here`).
    ``key``/``params`` name the test (messages.py) for the log; ``deviation`` is the GAP
    whose [DEVIATION] reading the test follows (the UI labels it)."""
    name = say(key, **params)
    hates = hates_here(ctx, f, against)
    if f.hardened:
        ctx.emit(Roll(rule="R-CAMP-INJ-63", **said("lbl_hardened", test=name), dice=(),
                      success=True, outcome="good", figure=f.id, inputs={"hardened": True},
                      target=target.id if target else None))
        return True
    if hates and kind != "rout":
        ctx.emit(Roll(rule="R-CAMP-INJ-61", **said("lbl_hatred", test=name), dice=(),
                      success=True, outcome="good", figure=f.id, inputs={"hates": f.hates},
                      target=target.id if target else None))
        return True
    base = f.stats.cd if cd is None else cd
    inputs: dict[str, object] = {"leadership": f.stats.cd}
    if lender is not None:
        inputs["lent_by"] = lender.id
        inputs["lent_leadership"] = base
    need = base
    if kind == "passive":
        allies = allies_within(ctx, f, 3.0)
        inputs["allies_within_3"] = len(allies)
        need += len(allies)
    native = ctx.hooks.leadership(ctx, f, bonus=need - base, rule=rule, key=key, params=params,
                                  inputs=inputs, target=target.id if target else None)
    if native is not None:  # RULESETS §0.5 S12: the ruleset's own test
        ctx.last_test = (f.id, native[0], native[1], inputs)
        return native[2]
    inputs["dice"] = dice
    if deviation is not None:
        inputs["deviation"] = deviation
    faces = ctx.roll(dice, rule=rule, key=key, params=params, need=need, compare="<=",
                     inputs=inputs, figure=f.id, target=target.id if target else None,
                     good_when_met=True)
    passed = sum(faces) <= need
    if not passed and kind == "rout" and hates:
        faces = ctx.roll(dice, rule="R-CAMP-INJ-61", key="lbl_hatred_reroll",
                         params={"test": name}, need=need, compare="<=", inputs=inputs,
                         figure=f.id, good_when_met=True)
        passed = sum(faces) <= need
    ctx.last_test = (f.id, faces, need, inputs)
    return passed


# -- madness ----------------------------------------------------------------------------------
def madness_tests(ctx: Ctx) -> None:
    """[R-CAMP-INJ-24] GAP-67: plain 2d6 ≤ Cd before initiative; a failure leaves the
    character with 0 PA for the turn, without using a wave-1 slot."""
    for f in list(ctx.in_play()):
        if not f.mad:
            continue
        ok = leadership_test(ctx, f, rule="R-CAMP-INJ-24", key="lbl_test",
                             params={"test": "Folie"}, kind="madness")
        if not ok:
            f.stunned = True
            f.activated = True
            ctx.emit(StatusChanged(rule="R-CAMP-INJ-24", figure=f.id, status="stunned"))


# -- rout (§10.1) -------------------------------------------------------------------------------
class SkirmishLeadership:
    """RULESETS §0.5 S12 for the table's rout tests: the rank's Cd, the 2d6 test of
    :func:`leadership_test` (a ruleset on this engine may swap it through its hooks)."""

    def cd(self, f: Figure) -> int:
        return f.stats.cd

    def rout_test(self, ctx: Ctx, f: Figure, *, rule: str, key: str, params: dict[str, object],
                  cd: int, lender: Figure | None, retest: bool) -> bool:
        """The first test names the hated band's figure it is against (GAP-67's older
        reading asks who caused it); a rally test names none."""
        enemy_bands = {b.id for b in ctx.s.bands if b.id != f.band}
        against = None
        if not retest and f.hates in enemy_bands:
            against = next((e for e in ctx.figures() if e.band == f.hates), None)
        return leadership_test(ctx, f, rule=rule, key=key, params=params, kind="rout", cd=cd,
                               lender=lender, against=against)


SKIRMISH_LEADERSHIP = SkirmishLeadership()
