"""What may be done now: the Skirmish list (same scheduler, moves, charges, shots), with
this ruleset's Éviter and medikit, and no attack while evading (GAP-CA-18, GAP-CA-23);
and the action bar that says so (RULESETS §0.7)."""

from __future__ import annotations

import msgspec

from skirmish.rules import commands as c
from skirmish.rules.clefs_aube.actions import check_attack, check_evade, check_medikit
from skirmish.rules.clefs_aube.melee import ca_state
from skirmish.rules.clefs_aube.roll import num
from skirmish.rules.clefs_aube.totals import guards
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.messages import said
from skirmish.rules.ruleset import ActionInfo
from skirmish.rules.skirmish import legal as skirmish_legal
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.legal import medikit_reason, menu_item
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


def action_menu(ctx: Ctx, f: Figure) -> list[ActionInfo]:
    """The Skirmish bar — moves, charge, flee and climb are the frame's (GAP-CA-1) — with
    this ruleset's say on the rest: no Strike or Shoot while evading (GAP-CA-18), the
    medikit for fatigue (GAP-CA-23), and Éviter before End."""
    items: list[ActionInfo] = []
    for item in skirmish_legal.action_menu(ctx, f):
        if item.kind in ("strike", "shoot"):
            item = menu_item(item.kind, item.cost, lambda: check_attack(ctx, f)) \
                if ca_state(ctx).ca[f.id].evading else item
        elif item.kind == "medikit":
            item = menu_item("medikit", "1", lambda: medikit_reason(ctx, f), "ca_nobody_tired",
                             medikit_commands(ctx, f), "GAP-CA-23")
        elif item.kind == "end":
            items.append(evade_info(ctx, f))
        items.append(item)
    return items


def evade_info(ctx: Ctx, f: Figure) -> ActionInfo:
    """Éviter (GAP-CA-18): greyed with the engine's reason, or open with what it does —
    the dodge attackers will face in place of the parry (with §3.b's conversion, lower:
    the figure gets easier to hit) and no Strike or Shoot for the rest of the activation."""
    item = menu_item("evade", "1", lambda: check_evade(ctx, f))
    if not item.enabled:
        return item
    parry, dodge = guards(ca_state(ctx).ca[f.id], ca_state(ctx).ca_options)
    key = "ca_evade_easier" if dodge < parry else \
        "ca_evade_harder" if dodge > parry else "ca_evade_same"
    note = said(key, dodge=num(dodge), parry=num(parry))
    return msgspec.structs.replace(item, note=note["label"], note_key=key,
                                   note_params=note["params"])
