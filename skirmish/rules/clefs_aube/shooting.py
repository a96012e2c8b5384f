"""Shooting ([CA-SHOOT], [CA-DODGE]; GAP-CA-14, -17, -21). Who may shoot whom, groups,
chains and the PA are the Skirmish engine's (``skirmish.rules.skirmish.shooting``); this
module replaces only the resolution of a declared shot (the ``ResolveShot`` step)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from skirmish.content.models import RangedWeapon
from skirmish.rules.clefs_aube.content import tables
from skirmish.rules.clefs_aube.damage import encaisse
from skirmish.rules.clefs_aube.melee import ca_state, take_handicap
from skirmish.rules.clefs_aube.roll import roll
from skirmish.rules.clefs_aube.state import FIXES_OF_3, plays
from skirmish.rules.clefs_aube.totals import ca_tir, esq, targets_handicap
from skirmish.rules.events import ShotResolved
from skirmish.rules.frame.queries import engaged_with, gap
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.shooting import ammunition, range_band, range_inputs
from skirmish.rules.skirmish.state import Figure
from skirmish.rules.skirmish.steps import ResolveShot, ShotTest

ELEVATION = 3  # GAP-CA-17: avantage / handicap 3 from ≥ 1 pas above / below
COVER_ND = 5  # GAP-CA-17 option: one ND step


def shot_window(ctx: Ctx, s: Figure, t: Figure, w: RangedWeapon, *, band: str | None = None
                ) -> tuple[int, int, int, dict[str, object]] | None:
    """(CA, ND, band ND, inputs) before handicaps, or None out of range. ND = the band's
    5 / 10 / 15 + max(0, Esq) if the target sees the shooter and is not engaged.
    ``band`` forces the range band (the AI's shot after walking into long range)."""
    st = ca_state(ctx)
    opts = st.ca_options
    cs, ct = st.ca[s.id], st.ca[t.id]
    d = gap(s, t)
    band = band or range_band(w, d)
    if band is None:
        return None
    band_nd = tables().range_nd[band]
    ca = ca_tir(cs.profile) + cs.profile.ranged[w.id].ba - cs.fatigue()
    ins: dict[str, object] = {"ca_tir": ca_tir(cs.profile), "pf_ph": cs.fatigue(),
                              "weapon": w.id, **range_inputs(w, d), "range_band": band,
                              "band_nd": band_nd}
    nd = band_nd
    if ctx.sees(t, s) and not engaged_with(ctx, t):
        dodge = max(0, esq(ct.profile, opts) - ct.fatigue())
        ins["dodge"] = dodge
        nd += dodge
    lv_s, lv_t = ctx.level(s), ctx.level(t)
    if lv_s - lv_t >= 1:
        ins["elevation"] = ELEVATION
        ca += ELEVATION
    elif lv_t - lv_s >= 1:
        ins["elevation"] = -ELEVATION
        ca -= ELEVATION
    if opts.ca_cover and ctx.table.in_cover(t.disc):
        ins["cover_nd"] = COVER_ND
        nd += COVER_ND
    return ca, nd, band_nd, ins


@dataclass(frozen=True)
class Aim:
    """One roll of a shot: at ``target``, a d20 against ``ca`` (every handicap taken) in
    the window above ``nd``; ``band_nd`` is the range band's, for the damage."""

    target: Figure
    ca: int
    nd: int
    band_nd: int
    inputs: dict[str, object]


def aims(ctx: Ctx, s: Figure, w: RangedWeapon, targets: Sequence[Figure], handicap: int
         ) -> list[Aim]:
    """The rolls of a shot at ``targets`` (its chain, GAP-30) whose shooter's next rolled
    action takes ``handicap`` ([CA-MULTI]): GAP-CA-21, one roll per target as simultaneous
    actions, the i-th of N taking N + 3i more (none for one target). A target down or out
    of range is not rolled at, and keeps its place in the ladder. The resolution and the
    preview both read this, so the window shown is the one rolled against."""
    out = []
    for i, t in enumerate(targets):
        win = shot_window(ctx, s, t, w) if t.status == "in_play" else None
        if win is None:
            continue
        ca, nd, band_nd, ins = win
        extra = targets_handicap(len(targets), i)
        if extra:
            ins["target_handicap"] = extra
        out.append(Aim(t, ca - handicap - extra, nd, band_nd, ins))
    return out


def run_shot(ctx: Ctx, step: ResolveShot) -> None:
    st = ca_state(ctx)
    s = ctx.fig(step.shooter)
    w = ctx.book.ranged_weapons[step.weapon]
    if s.status != "in_play":
        return
    base_ins: dict[str, object] = {}
    handicap = 0 if step.free else take_handicap(ctx, s, base_ins)
    crit = st.ca_options.ca_critical_die == "attacks"
    tested: list[Figure] = []
    hits: list[tuple[Figure, int, int]] = []
    for aim in aims(ctx, s, w, [ctx.fig(tid) for tid in step.targets], handicap):
        t = aim.target
        r = roll(ctx, ca=aim.ca, nd=aim.nd, rule="CA-SHOOT", key="ca_lbl_shot",
                 params={"weapon": w.id}, inputs={**aim.inputs, **base_ins}, figure=s.id,
                 target=t.id, role="attack", critical=crit)
        ctx.emit(ShotResolved(rule="CA-SHOOT", figure=s.id, target=t.id, weapon=w.id,
                              hit=r.hit, range_band=str(aim.inputs["range_band"]),
                              distance=gap(s, t)))
        tested.append(t)
        if r.hit:
            hits.append((t, r.degree, aim.band_nd))
    bd = st.ca[s.id].profile.ranged[w.id].bd
    minus = 5 if st.ca_options.ca_shot_damage == "band_minus_5" else 0
    for t, degree, band_nd in hits:
        if w.is_blast:
            radius = float(w.blast_radius or 0)
            victims = [f for f in ctx.figures() if f.status in ("in_play", "out_of_action")
                       and math.dist(t.pos, f.pos) - f.radius <= radius]
        else:
            victims = [t]
        for v in victims:
            encaisse(ctx, v, degree + bd - (band_nd - minus), s,
                     inputs={"degree": degree, "bd": bd, "band_nd": band_nd - minus})
            if v is not t and v is not s and v not in tested:
                tested.append(v)
    if plays(st, FIXES_OF_3):
        ammunition(ctx, s, w)  # [R-CAMP-AMMO] holds under every ruleset (RULESETS §0.8)
    if ctx.s.options.passive_actions.shot:  # D-6 "Subir un tir", a Skirmish frame test
        ctx.push(*(ShotTest(figure=f.id, shooter=s.id, weapon=w.id) for f in tested
                   if f.status == "in_play"))
