"""Encaissement, wounds, fatigue and standing (RULESETS §3.d; [CA-DMG] [CA-ARMOUR]
[CA-DMG-TABLE] [CA-WOUNDS] [CA-FATIGUE] [CA-STUN]; GAP-CA-9, -10, -13, -16, -25)."""

from __future__ import annotations

from skirmish.rules.clefs_aube.content import damage_row, tables
from skirmish.rules.clefs_aube.roll import roll
from skirmish.rules.clefs_aube.state import FIXES_OF_3, CaFigure, CaState, plays
from skirmish.rules.clefs_aube.totals import enc
from skirmish.rules.events import DamageResolved, StatusChanged
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.damage import fall
from skirmish.rules.skirmish.state import Figure

LEVELS = ("legere", "grave", "critique")


def record_wound(cf: CaFigure, aspect: str, level: str) -> str:
    """[CA-WOUNDS] put a wound in its box, rising a level while the boxes are full
    (légère → grave → critique → fatale). Returns the level recorded."""
    boxes = tables().wound_boxes
    taken = cf.wounds.setdefault(aspect, {lv: 0 for lv in LEVELS})
    i = LEVELS.index(level)
    while i < len(LEVELS) and taken[LEVELS[i]] >= boxes[LEVELS[i]]:
        i += 1
    if i == len(LEVELS):
        return "fatale"
    taken[LEVELS[i]] += 1
    return LEVELS[i]


def encaisse(ctx: Ctx, victim: Figure, dom: int, by: Figure | None, *,
             inputs: dict[str, object]) -> None:
    """Dom → armour → encaissement roll → Table 3.1 → étourdi, PF, wound, standing."""
    s: CaState = ctx.s  # type: ignore[assignment]
    if victim.status not in ("in_play", "out_of_action"):
        return
    opts = s.ca_options
    cf = s.ca[victim.id]
    p = cf.profile
    armour = p.be if opts.ca_armour == "dom" else 0  # GAP-CA-13 (a) off Dom, (b) onto Enc
    after = dom - armour
    ca = enc(p, opts) - cf.fatigue() + (p.be if opts.ca_armour == "enc" else 0)
    ins: dict[str, object] = {"dom": dom, "be": p.be, "enc": enc(p, opts),
                              "pf_ph": cf.fatigue(), **inputs}
    if charged_malus(s, victim):
        ins["charged_malus"] = -1
        ca -= 1
    r = roll(ctx, ca=ca, nd=0, rule="CA-DMG", key="ca_lbl_enc", params={}, inputs=ins,
             figure=victim.id, target=None, role="encaissement",
             critical=opts.ca_critical_die == "attacks")
    resisted = max(0, r.degree) if r.ok else 0  # GAP-CA-16: a failure subtracts nothing
    effective = after - resisted
    row = damage_row(effective)
    fallen = victim.status == "out_of_action"
    wound: str | None = None
    if row.row in LEVELS:
        wound = record_wound(cf, "ph", row.row)
    elif row.row == "fatale":
        wound = "fatale"
    cf.pf["ph"] = cf.pf.get("ph", 0) + row.pf
    ctx.emit(DamageResolved(
        rule="CA-DMG-TABLE", figure=victim.id, by=by.id if by else None, aspect="ph", dom=dom,
        armour=armour, resisted=resisted, effective=effective, row=row.row, fatigue=row.pf,
        wound=wound, fatigue_total=cf.pf["ph"],
    ))
    if row.row == "etourdi" and not fallen and not cf.etourdi:
        cf.etourdi = True  # GAP-CA-10: −1 on its next rolled action
        ctx.emit(StatusChanged(rule="GAP-CA-10", figure=victim.id, status="etourdi"))
    if wound == "fatale" or (fallen and wound is not None):
        fall(ctx, victim, by, dead=True)  # GAP-CA-9; GAP-51: any wound kills the fallen
    elif not fallen and out_of_action(cf, s):
        fall(ctx, victim, by, dead=False)


def charged_malus(s: CaState, victim: Figure) -> bool:
    """GAP-CA-25: a failed 'Être chargé' test's −1 R ([R-MORALE-CHARGED]) is Enc −1 here
    (R maps to Ré, part of Enc) until the end of the turn, when the Skirmish frame lifts
    it; it is one flag, so several failed tests do not stack (D-4). Games of version 2
    or older ignored it."""
    return victim.charged_malus and plays(s, FIXES_OF_3)


def out_of_action(cf: CaFigure, s: CaState) -> bool:
    """GAP-CA-9: a critique (a grave with option (b)), or PF(Ph) ≥ Ph."""
    taken = cf.wounds.get("ph", {})
    worst = ("grave", "critique") if s.ca_options.ca_out_of_action == "grave" else ("critique",)
    return any(taken.get(lv, 0) for lv in worst) or cf.fatigue() >= cf.profile.ph
