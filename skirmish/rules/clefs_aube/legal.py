"""What may be done now: the Skirmish list (same scheduler, moves, charges, shots), with
this ruleset's Éviter and medikit, and no attack while evading (GAP-CA-18, GAP-CA-23)."""

from __future__ import annotations

from skirmish.rules import commands as c
from skirmish.rules.clefs_aube.actions import check_evade, check_medikit
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.skirmish import legal as skirmish_legal
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.legal import ActionInfo
from skirmish.rules.skirmish.state import Figure


def legal_commands(ctx: Ctx, *, sample_moves: bool = True, dense_moves: bool = False
                   ) -> list[c.Command]:
    out = skirmish_legal.legal_commands(ctx, sample_moves=sample_moves, dense_moves=dense_moves)
    s = ctx.s
    if s.phase != "battle" or s.pending is not None or s.active is None:
        return out
    f = ctx.fig(s.active)
    evading = s.ca[f.id].evading  # type: ignore[attr-defined]
    out = [cmd for cmd in out if not isinstance(cmd, c.UseMedikit)
           and not (evading and isinstance(cmd, c.Strike | c.Shoot))]
    if len(out) == 1 and isinstance(out[0], c.Flee):
        return out  # GAP-55: a routing figure flees while it can
    out += medikit_commands(ctx, f)
    try:
        check_evade(ctx, f)
        out.append(c.Evade(figure=f.id))
    except IllegalCommand:
        pass
    return out


def medikit_commands(ctx: Ctx, f: Figure) -> list[c.Command]:
    out: list[c.Command] = []
    for t in ctx.band_figures(f.band):
        try:
            check_medikit(ctx, f, t.id)
        except IllegalCommand:
            continue
        out.append(c.UseMedikit(figure=f.id, target=t.id))
    return out


def evade_info(ctx: Ctx, f: Figure) -> ActionInfo:
    """The action bar's Éviter (GAP-CA-18): enabled, or greyed with the engine's reason."""
    try:
        check_evade(ctx, f)
    except IllegalCommand as e:
        return ActionInfo(kind="evade", cost="1", enabled=False, reason=str(e),
                          rule=e.rule or "", reason_key=e.key, reason_params=e.params)
    return ActionInfo(kind="evade", cost="1", enabled=True)
