"""Leadership tests: passive actions (§7), madness (R-CAMP-INJ-24) and rout (§10.1)."""

from __future__ import annotations

from typing import Any, Literal

from skirmish.rules.events import Reaction, Roll, StatusChanged
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.messages import said, say
from skirmish.rules.skirmish.queries import allies_within, gap
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


def react(ctx: Ctx, *, rule: str, figure: str, test: str, passed: bool, key: str,
          cause: str | None = None, params: dict[str, Any] | None = None) -> None:
    """Emit a :class:`Reaction` said by key, carrying the numbers of ``figure``'s test."""
    params = params or {}
    dice: tuple[int, ...] = ()
    need = None
    inputs: dict[str, Any] = {}
    if ctx.last_test is not None and ctx.last_test[0] == figure:
        _, dice, need, inputs = ctx.last_test
    ctx.last_test = None
    ctx.emit(Reaction(rule=rule, figure=figure, test=test, passed=passed, cause=cause,
                      effect=say(key, **params), key=key, params=params, dice=dice, need=need,
                      inputs=inputs))


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
def rout_triggered(ctx: Ctx, band: str) -> tuple[str, dict[str, object]] | None:
    """[R-END-ROUT] Why the band tests this end of turn (a label key and its params), or
    None. GAP-52: the Chef was
    lost this very turn; GAP-53: more than half the starting strength dead or out of
    action, tested every end of turn while it holds."""
    b = ctx.s.band(band)
    if b.chef_lost_turn == ctx.s.turn:
        return "lbl_rout_chef", {}
    down = sum(1 for f in ctx.band_figures(band) if f.status in ("out_of_action", "dead"))
    if down * 2 > b.start_strength:
        return "lbl_rout_half", {"down": down, "start": b.start_strength}
    return None


def _best_lender(ctx: Ctx, f: Figure, failed: dict[str, bool]) -> Figure | None:
    """[R-END-ROUT-CD] GAP-54, D-9: a same-band character in play, not routing, less than
    4 pas away, that has not failed its test, with a higher Cd."""
    best: Figure | None = None
    for a in ctx.band_figures(f.band):
        if a.id == f.id or a.status != "in_play" or a.routing or a.id in failed:
            continue
        if a.stats.cd > (best.stats.cd if best else f.stats.cd) and gap(f, a) < 4.0:
            best = a
    return best


def rout_tests(ctx: Ctx) -> None:
    """[R-END-ROUT-WHO] [R-END-ROUT-ORDER] [R-END-ROUT-TEST] [R-END-ROUT-FAIL] and
    [R-END-ROUT-RETEST], band by band in the turn's initiative order."""
    bands = ctx.s.order or [b.id for b in ctx.s.bands]
    for band in bands:
        failed: dict[str, bool] = {}
        why = rout_triggered(ctx, band)
        if why is not None:
            testers = [f for f in ctx.band_figures(band) if f.status == "in_play" and not f.routing]
            testers.sort(key=lambda f: -f.stats.cd)
            for f in testers:
                _rout_test(ctx, f, failed, rule="R-END-ROUT-TEST", why=why)
        retesters = [
            f for f in ctx.band_figures(band)
            if f.status == "in_play" and f.routing and f.routing_since < ctx.s.turn
            and f.id not in failed
        ]
        retesters.sort(key=lambda f: -f.stats.cd)
        for f in retesters:
            cd, lender = _cd_for(ctx, f, failed)
            if leadership_test(ctx, f, rule="R-END-ROUT-RETEST", key="lbl_rout_retest", params={},
                               kind="rout", cd=cd, lender=lender):
                f.routing = False
                react(ctx, rule="R-END-ROUT-RETEST", figure=f.id, test="rout_retest",
                                  passed=True, key="rallies")
                ctx.emit(StatusChanged(rule="R-END-ROUT-RETEST", figure=f.id, status="routing",
                                       on=False))
            else:
                react(ctx, rule="R-END-ROUT-RETEST", figure=f.id, test="rout_retest",
                                  passed=False, key="keeps_routing")


def _cd_for(ctx: Ctx, f: Figure, failed: dict[str, bool]) -> tuple[int, Figure | None]:
    lender = _best_lender(ctx, f, failed)
    return (lender.stats.cd, lender) if lender else (f.stats.cd, None)


def _rout_test(ctx: Ctx, f: Figure, failed: dict[str, bool], *, rule: str,
               why: tuple[str, dict[str, object]]) -> None:
    cd, lender = _cd_for(ctx, f, failed)
    enemy_bands = {b.id for b in ctx.s.bands if b.id != f.band}
    against = None
    if f.hates in enemy_bands:
        against = next((e for e in ctx.figures() if e.band == f.hates), None)
    if leadership_test(ctx, f, rule=rule, key=why[0], params=why[1], kind="rout", cd=cd,
                       lender=lender, against=against):
        react(ctx, rule=rule, figure=f.id, test="rout", passed=True, key="holds")
        return
    failed[f.id] = True
    f.routing = True
    f.routing_since = ctx.s.turn
    react(ctx, rule="R-END-ROUT-FAIL", figure=f.id, test="rout", passed=False,
                      key="routs")
    ctx.emit(StatusChanged(rule="R-END-ROUT-FAIL", figure=f.id, status="routing"))
