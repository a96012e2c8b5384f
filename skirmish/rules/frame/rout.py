"""Rout at the end of a turn (RULES.md §10.1), kept in every ruleset (RULESETS §0.2,
GAP-ALT-3), through the ruleset's Leadership (S12).

Which bands test, who tests in which order, who may lend its Leadership and what a
failure or a rally does are the table's; the test itself — the Skirmish 2d6 ≤ Cd, a Cd
derived from the system's willpower, or a native test — is the :class:`Leadership` the
ruleset passes in.
"""

from __future__ import annotations

from typing import Any, Protocol

from skirmish.rules.events import Reaction, StatusChanged
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.figure import TableFigure
from skirmish.rules.frame.messages import say
from skirmish.rules.frame.queries import gap


class Leadership(Protocol):
    """RULESETS §0.5 S12: a ruleset's Leadership, as rout asks it."""

    def cd(self, f: Any) -> int:
        """The Cd the table compares (who tests first, who may lend its Leadership)."""
        ...

    def rout_test(self, ctx: Any, f: Any, *, rule: str, key: str, params: dict[str, object],
                  cd: int, lender: Any | None, retest: bool) -> bool:
        """Roll ``f``'s Leadership test with ``cd`` (``lender``'s when lent; raised by its
        allies for a passive action, :mod:`.passive`) — with ``retest``, the test of a
        routing figure to rally; True if passed. It leaves its roll in ``ctx.last_test``
        for the reaction the table then says."""
        ...


def react(ctx: TableCtx, *, rule: str, figure: str, test: str, passed: bool, key: str,
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


def rout_triggered(ctx: TableCtx, band: str) -> tuple[str, dict[str, object]] | None:
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


def _best_lender(ctx: TableCtx, lead: Leadership, f: TableFigure, failed: dict[str, bool]
                 ) -> TableFigure | None:
    """[R-END-ROUT-CD] GAP-54, D-9: a same-band character in play, not routing, less than
    4 pas away, that has not failed its test, with a higher Cd."""
    best: TableFigure | None = None
    for a in ctx.band_figures(f.band):
        if a.id == f.id or a.status != "in_play" or a.routing or a.id in failed:
            continue
        if lead.cd(a) > (lead.cd(best) if best else lead.cd(f)) and gap(f, a) < 4.0:
            best = a
    return best


def rout_tests(ctx: TableCtx, lead: Leadership, order: list[str]) -> None:
    """[R-END-ROUT-WHO] [R-END-ROUT-ORDER] [R-END-ROUT-TEST] [R-END-ROUT-FAIL] and
    [R-END-ROUT-RETEST], band by band in ``order`` (the turn's initiative order, else
    the scenario's)."""
    bands = order or [b.id for b in ctx.s.bands]
    for band in bands:
        failed: dict[str, bool] = {}
        why = rout_triggered(ctx, band)
        if why is not None:
            testers = [f for f in ctx.band_figures(band) if f.status == "in_play" and not f.routing]
            testers.sort(key=lambda f: -lead.cd(f))
            for f in testers:
                _rout_test(ctx, lead, f, failed, rule="R-END-ROUT-TEST", why=why)
        retesters = [
            f for f in ctx.band_figures(band)
            if f.status == "in_play" and f.routing and f.routing_since < ctx.s.turn
            and f.id not in failed
        ]
        retesters.sort(key=lambda f: -lead.cd(f))
        for f in retesters:
            cd, lender = _cd_for(ctx, lead, f, failed)
            if lead.rout_test(ctx, f, rule="R-END-ROUT-RETEST", key="lbl_rout_retest", params={},
                              cd=cd, lender=lender, retest=True):
                f.routing = False
                react(ctx, rule="R-END-ROUT-RETEST", figure=f.id, test="rout_retest",
                      passed=True, key="rallies")
                ctx.emit(StatusChanged(rule="R-END-ROUT-RETEST", figure=f.id, status="routing",
                                       on=False))
            else:
                react(ctx, rule="R-END-ROUT-RETEST", figure=f.id, test="rout_retest",
                      passed=False, key="keeps_routing")


def _cd_for(ctx: TableCtx, lead: Leadership, f: TableFigure, failed: dict[str, bool]
            ) -> tuple[int, TableFigure | None]:
    lender = _best_lender(ctx, lead, f, failed)
    return (lead.cd(lender), lender) if lender else (lead.cd(f), None)


def _rout_test(ctx: TableCtx, lead: Leadership, f: TableFigure, failed: dict[str, bool], *,
               rule: str, why: tuple[str, dict[str, object]]) -> None:
    cd, lender = _cd_for(ctx, lead, f, failed)
    if lead.rout_test(ctx, f, rule=rule, key=why[0], params=why[1], cd=cd, lender=lender,
                      retest=False):
        react(ctx, rule=rule, figure=f.id, test="rout", passed=True, key="holds")
        return
    failed[f.id] = True
    f.routing = True
    f.routing_since = ctx.s.turn
    react(ctx, rule="R-END-ROUT-FAIL", figure=f.id, test="rout", passed=False, key="routs")
    ctx.emit(StatusChanged(rule="R-END-ROUT-FAIL", figure=f.id, status="routing"))
