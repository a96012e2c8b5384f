"""Damage rolls, wounds, out of action and death (RULES.md §8, §9)."""

from __future__ import annotations

from skirmish.content.models import Rank
from skirmish.rules.events import Killed, OutOfAction, Roll, Wounded, good_if
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.state import Figure


def effective_r(f: Figure, extra: int = 0) -> int:
    """[R-DMG-TABLE] R with armour and every bonus or penalty: GAP-45's −1 R while the
    "Être chargé" malus lasts, GAP-31's +1 R for later targets of a multi-target shot."""
    return f.stats.r + f.stats.armour + extra - (1 if f.charged_malus else 0)


def damage_roll(
    ctx: Ctx,
    target: Figure,
    force: int,
    *,
    by: Figure | None,
    credit: bool = True,
    extra_r: int = 0,
    key: str,
    params: dict[str, object],
    inputs: dict[str, object] | None = None,
) -> bool:
    """[R-DMG-TABLE] One d6 on the damage table; [R-DMG-AUTO]/GAP-49: a natural 6 always
    damages and a natural 1 always fails. Returns whether a damage was inflicted."""
    r = effective_r(target, extra_r)
    need = ctx.book.damage.need(force, r)
    face = ctx.dice.d6()
    success = face == 6 or (face != 1 and face >= need)
    ins: dict[str, object] = {
        "force": force, "resistance": target.stats.r, "armour": target.stats.armour,
        "resistance_used": r,
    }
    if extra_r:
        ins["later_target_r"] = extra_r
    if target.charged_malus:
        ins["charged_malus"] = -1
    ins.update(inputs or {})
    ctx.emit(Roll(
        rule="R-DMG-TABLE", **ctx.said(key, **params), dice=(face,), need=need, compare=">=",
        success=success, inputs=ins, figure=by.id if by else None, target=target.id,
        result="damage" if success else "no damage",
        outcome=good_if(success == (by is not None and by.band != target.band)),
    ))
    if success:
        wound(ctx, target, by, credit=credit)
    return success


def wound(ctx: Ctx, target: Figure, by: Figure | None, *, credit: bool = True) -> None:
    """[R-DMG-PV] One damage = 1 PV. [R-WOUND-OOA] at 0 PV; [R-WOUND-DEAD] below 0.

    GAP-51: any damage to a fallen figure kills it. D-7: the loss is credited to the band
    of ``by`` when it is an enemy and ``credit`` is set (not for accidents)."""
    if target.status not in ("in_play", "out_of_action"):
        return
    if target.ignore_first_wound and target.status == "in_play":
        target.ignore_first_wound = False
        ctx.emit(Wounded(figure=target.id, by=by.id if by else None, pv=target.pv, ignored=True,
                         rule="R-CAMP-POTION"))
        return
    target.pv -= 1
    ctx.emit(Wounded(figure=target.id, by=by.id if by else None, pv=target.pv))
    if target.pv == 0 and target.status == "in_play":
        fall(ctx, target, by, dead=False, credit=credit)
    elif target.pv < 0:
        fall(ctx, target, by, dead=True, credit=credit)


def fall(ctx: Ctx, target: Figure, by: Figure | None, *, dead: bool, credit: bool = True) -> None:
    """Put a figure out of action or kill it, and record who scores for it (D-7)."""
    by_id = by.id if by else None
    target.status = "dead" if dead else "out_of_action"
    target.routing = False
    target.climbing = None
    band = by.band if (by is not None and credit and by.band != target.band) else None
    target.downed_by = by_id if band else None
    target.downed_by_band = band
    if target.rank == Rank.CHEF and ctx.s.phase == "battle":
        ctx.s.band(target.band).chef_lost_turn = ctx.s.turn
    if dead:
        target.pv = min(target.pv, -1)
        ctx.emit(Killed(figure=target.id, by=by_id))
    else:
        ctx.emit(OutOfAction(figure=target.id, by=by_id))
    ctx.moved()
