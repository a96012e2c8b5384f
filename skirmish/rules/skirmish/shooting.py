"""Shooting (§6.2): targets, range bands, CT modifiers, misfires, multi-target and blasts."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from skirmish.content.models import RangedWeapon
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActionDeclared, Roll, ShotResolved, WeaponLost, good_if
from skirmish.rules.frame.messages import illegal, said, say
from skirmish.rules.frame.queries import enemies_in_play, engaged_with, gap
from skirmish.rules.geometry import Point
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.damage import damage_roll, fall, wound
from skirmish.rules.skirmish.decisions import ask
from skirmish.rules.skirmish.state import Figure
from skirmish.rules.skirmish.steps import ChooseFirstTarget, ResolveShot, ShotTest

RANGE_MOD = {"short": -1, "medium": 0, "long": 1}
GROUP_GAP = 1.0  # [R-SHOOT-TARGET] "less than 1 pas apart"; [R-SHOOT-MULTI] chains ≤ 1 pas
ARTILLERY_ACCIDENT = 3.0  # GAP-35: an exploding artillery piece hits every figure within 3 pas
ENDS_BURST = ("jam", "black_powder")  # GAP-37: a firing incident on a 1 stops a multi-target shot


def range_band(w: RangedWeapon, distance: float) -> str | None:
    """[R-SHOOT-RANGE] GAP-25: d ≤ PC short, ≤ PM medium, ≤ PL long, else out of range."""
    if distance <= w.short:
        return "short"
    if distance <= w.medium:
        return "medium"
    if distance <= w.long:
        return "long"
    return None


def range_inputs(w: RangedWeapon, distance: float) -> dict[str, object]:
    """What a shot's record says of its range: the distance the band was read from,
    unrounded (12.004 pas written 12.0 and called long could not be checked), and the
    weapon's band limits, so the band can be read again from the record ([R-SHOOT-RANGE],
    GAP-25)."""
    return {"distance": distance,
            "range_limits": {"short": w.short, "medium": w.medium, "long": w.long}}


@dataclass
class Need:
    """The to-hit number for one target and every value it came from."""

    need: int | None
    inputs: dict[str, object] = field(default_factory=dict)
    why_not: IllegalCommand | None = None


def to_hit(ctx: Ctx, shooter: Figure, target: Figure, w: RangedWeapon) -> Need:
    """[R-SHOOT-HIT] CT + range [R-SHOOT-RANGE] + elevation [R-SHOOT-ELEV] (+ cover, house
    option GAP-22), summed then bounded by [R-SHOOT-CLAMP] (GAP-26: below 2 → 2, above 6
    → impossible), with every value it came from (the Roll's ``inputs``)."""
    d, band, elev, cover, total = ct_modified(ctx, shooter, target, w)
    ins: dict[str, object] = {"ct": shooter.stats.ct, **range_inputs(w, d), "weapon": w.id}
    if band is None:
        return Need(None, ins, _out_of_range(target, d, w))
    ins["range_band"] = band
    ins["range_mod"] = RANGE_MOD[band]
    if elev:
        ins["elevation_mod"] = elev
    if cover:
        ins["cover_mod"] = cover
    ins["ct_modified"] = total
    need = clamped_need(ctx, total)
    if need is None:
        return Need(None, ins, _impossible(total))
    return Need(need, ins)


def _out_of_range(target: Figure, d: float, w: RangedWeapon) -> IllegalCommand:
    return illegal("out_of_range", "R-SHOOT-LOS", target=target.name, distance=f"{d:.1f}",
                   weapon=w.name_fr, long=f"{w.long:g}")


def _impossible(total: int) -> IllegalCommand:
    return illegal("shot_impossible", "R-SHOOT-CLAMP", ct=total)


def ct_modified(ctx: Ctx, shooter: Figure, target: Figure, w: RangedWeapon
                ) -> tuple[float, str | None, int, int, int]:
    """The numbers of :func:`to_hit` alone (the odds ask for them thousands of times):
    (edge gap, range band or None out of range, elevation modifier, cover modifier,
    modified CT — 0 when out of range)."""
    d = gap(shooter, target)
    band = range_band(w, d)
    if band is None:
        return d, None, 0, 0, 0
    lv_s, lv_t = ctx.level(shooter), ctx.level(target)
    elev = -1 if lv_s - lv_t >= 1 else 1 if lv_t - lv_s >= 1 else 0
    cover = 1 if ctx.s.options.cover_modifier and ctx.table.in_cover(target.disc) else 0
    return d, band, elev, cover, shooter.stats.ct + RANGE_MOD[band] + elev + cover


def clamped_need(ctx: Ctx, total: int) -> int | None:
    """[R-SHOOT-CLAMP] GAP-26: a modified CT below 2 needs 2; above 6 the shot is
    impossible (None) where the ruleset clamps shots."""
    if total > 6 and ctx.hooks.clamp_shots:
        return None
    return max(2, total)


def hit_need(ctx: Ctx, shooter: Figure, target: Figure, w: RangedWeapon) -> int | None:
    """:func:`to_hit`'s need without its record: None when out of range or impossible."""
    _, band, _, _, total = ct_modified(ctx, shooter, target, w)
    return None if band is None else clamped_need(ctx, total)


def may_hit(ctx: Ctx, shooter: Figure, target: Figure, w: RangedWeapon) -> bool:
    """``hit_need(...) is not None``: in range, and not made impossible by [R-SHOOT-CLAMP].
    Elevation and cover add at most 1 each to the modified CT, so when the CT and the
    range band stay within 6 even with both, the levels are not looked up (the legal
    commands ask this of every enemy at every step)."""
    d = gap(shooter, target)
    band = range_band(w, d)
    if band is None:
        return False
    worst = shooter.stats.ct + RANGE_MOD[band] + 1 + (1 if ctx.s.options.cover_modifier else 0)
    return worst <= 6 or hit_need(ctx, shooter, target, w) is not None


def usable_weapons(f: Figure) -> list[str]:
    return [w for w in f.ranged if w not in f.lost_weapons]


def _group(target: Figure, foes: list[Figure]) -> list[Figure]:
    """Those of ``foes`` (the shooter's enemies in play) linked to ``target`` by gaps under
    1 pas (GAP-29). The caller lists the foes once for every group it asks about."""
    group, todo, ids = [target], [target], {target.id}
    hypot = math.hypot
    while todo:
        cur = todo.pop()
        x, y, base = cur.x, cur.y, cur.base
        for e in foes:  # gap(cur, e) written out: asked of every pair of enemies
            if e.id not in ids and hypot(x - e.x, y - e.y) - (base + e.base) / 2 < GROUP_GAP:
                group.append(e)
                todo.append(e)
                ids.add(e.id)
    return group


def check_target(ctx: Ctx, shooter: Figure, target: Figure, w: RangedWeapon) -> None:
    """The target's side of [R-SHOOT-LOS]: the refusals of :func:`to_hit`, without the
    to-hit record (the roll works it out when the shot is resolved)."""
    if target.band == shooter.band:
        raise illegal("own_side", "R-SHOOT-LOS", target=target.name)
    if target.status != "in_play":
        raise illegal("fallen_no_shot", "GAP-51", target=target.name)
    if not ctx.sees(shooter, target):
        s = ctx.sight(shooter, target)
        what = (ctx.table.piece_name(s.blocker) if s.blocker not in (None, "figure")
                else say("a_figure"))
        raise illegal("blocked_by", "R-SHOOT-LOS", figure=shooter.name, target=target.name,
                      blocker=what)
    d, band, _, _, total = ct_modified(ctx, shooter, target, w)
    if band is None:
        raise _out_of_range(target, d, w)
    if clamped_need(ctx, total) is None:
        raise _impossible(total)


def may_shoot_at(ctx: Ctx, shooter: Figure, e: Figure, w: RangedWeapon) -> bool:
    """Whether :func:`check_target` accepts ``e``: the same tests, without writing out
    the refusal or the to-hit record (asked of every enemy in a group or chain)."""
    return (e.band != shooter.band and e.status == "in_play"
            and may_hit(ctx, shooter, e, w) and ctx.sees(shooter, e))


def nearest_candidates(ctx: Ctx, shooter: Figure, target: Figure, w: RangedWeapon) -> list[Figure]:
    """GAP-29 / [R-SHOOT-MULTI]: the group members the shooter may take first."""
    members = [e for e in _group(target, enemies_in_play(ctx, shooter))
               if may_shoot_at(ctx, shooter, e, w)]
    best = min(gap(shooter, e) for e in members)
    return [e for e in members if gap(shooter, e) <= best + 1e-6]


def chain(ctx: Ctx, shooter: Figure, first: Figure, w: RangedWeapon) -> tuple[str, ...]:
    """GAP-30: each further target ≤ 1 pas from the previous one, in sight and range."""
    if w.targets is None or w.targets <= 1:
        return (first.id,)
    out = [first]
    while len(out) < w.targets:
        prev = out[-1]
        nxt = [e for e in ctx.in_play()
               if e.band != shooter.band and e not in out and gap(prev, e) <= GROUP_GAP
               and may_shoot_at(ctx, shooter, e, w)]
        if not nxt:
            break
        nxt.sort(key=lambda e: (gap(prev, e), gap(shooter, e), e.id))
        out.append(nxt[0])
    return tuple(e.id for e in out)


@dataclass
class ShotPlan:
    shooter: Figure
    weapon: RangedWeapon
    first: tuple[Figure, ...]  # one figure, or the tied nearest ones (a decision)


def check_shooter(ctx: Ctx, shooter: Figure, weapon_id: str, *, free: bool = False) -> RangedWeapon:
    """The shooter's side of [R-ACT-SHOOT] / [R-ACT-SHOOT-SLOW]: weapon, state, PA."""
    if weapon_id not in shooter.ranged:
        raise illegal("no_weapon", "R-ACT-SHOOT", figure=shooter.name, weapon=weapon_id)
    w = ctx.book.ranged_weapons[weapon_id]
    if weapon_id in shooter.lost_weapons:
        raise illegal("weapon_lost", "R-SHOOT-JAM", figure=shooter.name, weapon=w.name_fr)
    if shooter.routing:
        raise illegal("routing_no_shoot", "R-END-ROUT-FAIL", figure=shooter.name)
    if shooter.climbing is not None:
        raise illegal("on_rope", "R-EQ-ROPE", figure=shooter.name)
    foes = engaged_with(ctx, shooter)
    if foes:
        raise illegal("engaged_no_shoot", "GAP-23", figure=shooter.name, enemy=foes[0].name)
    if not free and shooter.pa < w.pa_cost:
        raise illegal("pa_short", "R-ACT-SHOOT-SLOW" if w.pa_cost == 2 else "R-ACT-SHOOT",
                      action=w.name_fr, cost=w.pa_cost, figure=shooter.name, left=shooter.pa)
    return w


def plan_target(ctx: Ctx, shooter: Figure, w: RangedWeapon, target: Figure, *, free: bool = False
                ) -> ShotPlan:
    """The target's side of [R-SHOOT-LOS], GAP-29 (nearest of a group) and GAP-32."""
    check_target(ctx, shooter, target, w)
    if w.is_blast:
        radius = float(w.blast_radius or 0)
        if math.dist(shooter.pos, target.pos) - shooter.radius <= radius:
            raise illegal("inside_blast", "GAP-32", figure=shooter.name, radius=f"{radius:g}")
        return ShotPlan(shooter, w, (target,))
    if free:
        return ShotPlan(shooter, w, (target,))
    nearest = nearest_candidates(ctx, shooter, target, w)
    if target not in nearest:
        raise illegal("nearest_of_group", "GAP-29", target=target.name, nearest=nearest[0].name)
    if w.targets is not None and w.targets > 1 and len(nearest) > 1:
        return ShotPlan(shooter, w, tuple(nearest))
    return ShotPlan(shooter, w, (target,))


def shootable_targets(ctx: Ctx, shooter: Figure, w: RangedWeapon, foes: list[Figure]
                      ) -> list[Figure]:
    """Those of ``foes`` (enemies in play) that :func:`plan_target` accepts for a shot that
    is not free, in their order: the same checks, each asked once for all of them (a
    figure's sight and to-hit, each group of enemies under 1 pas apart, GAP-29), and no
    refusal written out for the ones it rejects. The legal commands ask this for every
    enemy at every step of a game."""
    ok: dict[str, bool] = {}

    def shootable(e: Figure) -> bool:  # range first: a gap is cheap, a line of sight is not
        found = ok.get(e.id)
        if found is None:
            found = ok[e.id] = may_hit(ctx, shooter, e, w) and ctx.sees(shooter, e)
        return found

    out = []
    nearest: dict[str, float] = {}  # the least gap to a shootable member, by group member
    for e in foes:
        if not shootable(e):
            continue
        if w.is_blast:
            if math.dist(shooter.pos, e.pos) - shooter.radius > float(w.blast_radius or 0):
                out.append(e)
            continue
        if e.id not in nearest:
            group = _group(e, foes)
            best = min(gap(shooter, m) for m in group if shootable(m))
            nearest.update((m.id, best) for m in group)
        if gap(shooter, e) <= nearest[e.id] + 1e-6:
            out.append(e)
    return out


def check_shot(ctx: Ctx, shooter: Figure, weapon_id: str, target_id: str, *, free: bool = False
               ) -> ShotPlan:
    """Every precondition of a shot, shooter first, then the target."""
    w = check_shooter(ctx, shooter, weapon_id, free=free)
    if target_id not in ctx.s.figures:
        raise illegal("no_figure", "R-SHOOT-LOS", figure=target_id)
    return plan_target(ctx, shooter, w, ctx.fig(target_id), free=free)


def declare_shot(ctx: Ctx, plan: ShotPlan, *, free: bool = False) -> None:
    s, w = plan.shooter, plan.weapon
    if not free:
        s.pa -= w.pa_cost
    ctx.emit(ActionDeclared(
        rule="R-ACT-SHOOT-SLOW" if w.pa_cost == 2 else "R-ACT-SHOOT", figure=s.id,
        action="free_shot" if free else "shoot", cost=0 if free else w.pa_cost,
        target=plan.first[0].id, weapon=w.id,
    ))
    if len(plan.first) > 1:
        ctx.push(ChooseFirstTarget(shooter=s.id, weapon=w.id,
                                   candidates=tuple(f.id for f in plan.first), free=free))
    else:
        ctx.push(ResolveShot(shooter=s.id, weapon=w.id,
                             targets=chain(ctx, s, plan.first[0], w), free=free))


# -- resolution ------------------------------------------------------------------------------
def run_shot(ctx: Ctx, step: ResolveShot) -> None:
    s = ctx.fig(step.shooter)
    w = ctx.book.ranged_weapons[step.weapon]
    if s.status != "in_play":
        return
    if w.is_blast:
        _blast(ctx, s, w, ctx.fig(step.targets[0]))
        ammunition(ctx, s, w)
        return
    tests: list[Figure] = []
    hits: list[tuple[int, Figure]] = []
    for i, tid in enumerate(step.targets):
        t = ctx.fig(tid)
        if t.status != "in_play":
            continue
        need = to_hit(ctx, s, t, w)
        if need.need is None:
            continue
        ins = dict(need.inputs)
        if i:
            ins["target_index"] = i + 1
        face = ctx.dice.d6()
        hit = face != 1 and face >= need.need
        ctx.emit(Roll(rule="R-SHOOT-HIT", **ctx.said("lbl_to_hit", weapon=w.id), dice=(face,),
                      need=need.need, success=hit, inputs=ins, figure=s.id, target=t.id,
                      result="hit" if hit else "miss", outcome=good_if(hit)))
        ctx.emit(ShotResolved(figure=s.id, target=t.id, weapon=w.id, hit=hit,
                              range_band=str(ins.get("range_band")), distance=gap(s, t)))
        tests.append(t)
        if hit:
            hits.append((i, t))
        if face == 1 and w.misfire in ENDS_BURST:
            # GAP-37 (GAP-35 likewise): the misfire ends the burst; later targets are not
            # shot at (no die, no "Subir un tir"); earlier hits stand, whatever the jam die.
            _misfire(ctx, s, w)
            break
    for i, t in hits:
        _hit_damage(ctx, s, w, t, extra_r=1 if i else 0)
    _shot_tests(ctx, s, w, tests)


def _hit_damage(ctx: Ctx, s: Figure, w: RangedWeapon, t: Figure, extra_r: int = 0) -> None:
    """[R-SHOOT-DMG] the weapon's Force against R + armour; GAP-31 +1 R for later targets;
    [R-EQ-ROPE] a climber who loses PV may fall."""
    before = t.pv
    climbing = t.climbing is not None
    damage_roll(ctx, t, w.force, by=s, extra_r=extra_r, key="lbl_damage",
                params={"weapon": w.id},
                inputs={"weapon": w.id})
    if climbing and t.pv < before:
        if t.status == "out_of_action":
            fall(ctx, t, s, dead=True)  # GAP-60: reaching 0 PV on the rope kills
            return
        face = ctx.dice.d6()
        falls = face == 1
        ctx.emit(Roll(rule="R-EQ-ROPE", **said("lbl_climber_falls"), dice=(face,), need=1,
                      compare="<=", success=falls, figure=t.id,
                      result="falls" if falls else "holds on", outcome=good_if(not falls)))
        if falls:
            t.climbing = None
            ctx.moved()
            wound(ctx, t, s)


def _shot_tests(ctx: Ctx, s: Figure, w: RangedWeapon, figs: list[Figure]) -> None:
    """D-6: every figure shot at takes "Subir un tir" after its wounds, unless fallen."""
    if not ctx.s.options.passive_actions.shot:
        return
    ctx.push(*(ShotTest(figure=f.id, shooter=s.id, weapon=w.id) for f in figs
               if f.status == "in_play"))


def _misfire(ctx: Ctx, s: Figure, w: RangedWeapon) -> None:
    """A natural 1 to hit (GAP-49) with a weapon that has firing incidents: the black-powder
    accident die ([R-SHOOT-BP], GAP-35) or the jam die ([R-SHOOT-JAM], GAP-37). Each roll
    records ``success`` as its own comparison (the bad event happened) and ``outcome``
    as what it means for the shooter."""
    if w.misfire == "black_powder":
        face = ctx.dice.d6()
        boom = face == 1
        ctx.emit(Roll(rule="R-SHOOT-BP", **ctx.said("lbl_accident", weapon=w.id), dice=(face,),
                      need=1, compare="<=", success=boom, figure=s.id,
                      inputs={"weapon": w.id, "artillery": w.artillery},
                      result="explodes" if boom else "just misses", outcome=good_if(not boom)))
        if boom:
            s.lost_weapons.append(w.id)
            ctx.emit(WeaponLost(rule="R-SHOOT-BP", figure=s.id, weapon=w.id, reason="exploded"))
            victims = [s]
            if w.artillery:
                victims = [f for f in ctx.figures() if f.status in ("in_play", "out_of_action")
                           and (f is s or gap(s, f) <= ARTILLERY_ACCIDENT)]
            for v in victims:
                damage_roll(ctx, v, w.force, by=s, credit=False,
                            key="lbl_explodes", params={"weapon": w.id},
                            inputs={"weapon": w.id})
        return
    if w.misfire == "jam":
        face = ctx.dice.d6()
        gone = face == 6
        ctx.emit(Roll(rule="R-SHOOT-JAM", **ctx.said("lbl_jam", weapon=w.id), dice=(face,), need=6,
                      success=gone, figure=s.id, inputs={"weapon": w.id},
                      result="out of use for good" if gone else "works again",
                      outcome=good_if(not gone)))
        if gone:
            s.lost_weapons.append(w.id)
            ctx.emit(WeaponLost(rule="R-SHOOT-JAM", figure=s.id, weapon=w.id, reason="jammed"))


def ammunition(ctx: Ctx, s: Figure, w: RangedWeapon) -> None:
    """[R-CAMP-AMMO] GAP-69 (a): in a campaign game played without rest, 1d6 after every
    grenade or rocket fired, hit or miss; on 1–2 the figure is out of ammunition (for this
    game only: the campaign restocks it, unlike a jam)."""
    if not (ctx.s.options.back_to_back and w.limited_ammo) or w.id in s.lost_weapons:
        return
    face = ctx.dice.d6()
    out = face <= 2
    ctx.emit(Roll(rule="R-CAMP-AMMO", **ctx.said("lbl_ammo", weapon=w.id), dice=(face,),
                  need=3, compare=">=", success=not out, outcome=good_if(not out), figure=s.id,
                  inputs={"weapon": w.id},
                  result="out of ammunition" if out else "ammunition left"))
    if out:
        s.lost_weapons.append(w.id)
        ctx.emit(WeaponLost(rule="R-CAMP-AMMO", figure=s.id, weapon=w.id, reason="out_of_ammo"))


def _blast(ctx: Ctx, s: Figure, w: RangedWeapon, t: Figure) -> None:
    """GAP-32: on a hit, every figure whose base is within the radius of the target's
    centre takes a damage roll at the weapon's Force; GAP-33: a miss does nothing unless
    the house option ``blast_scatter`` is on."""
    need = to_hit(ctx, s, t, w)
    if need.need is None or t.status != "in_play":
        return
    face = ctx.dice.d6()
    hit = face != 1 and face >= need.need
    ctx.emit(Roll(rule="R-SHOOT-HIT", **ctx.said("lbl_to_hit", weapon=w.id), dice=(face,), need=need.need,
                  success=hit, inputs=dict(need.inputs), figure=s.id, target=t.id,
                  result="hit" if hit else "miss", outcome=good_if(hit)))
    ctx.emit(ShotResolved(figure=s.id, target=t.id, weapon=w.id, hit=hit,
                          range_band=str(need.inputs.get("range_band")), distance=gap(s, t)))
    if face == 1 and w.misfire in ENDS_BURST:
        _misfire(ctx, s, w)  # GAP-35 / GAP-37: the shot is lost (no scatter either)
        _shot_tests(ctx, s, w, [t])
        return
    centre: Point | None = t.pos if hit else None
    if not hit and ctx.s.options.blast_scatter:
        centre = _scatter(ctx, s, t)
    victims: list[Figure] = []
    if centre is not None:
        radius = float(w.blast_radius or 0)
        victims = [f for f in ctx.figures() if f.status in ("in_play", "out_of_action")
                   and math.dist(centre, f.pos) - f.radius <= radius]
        for v in victims:
            damage_roll(ctx, v, w.force, by=s, key="lbl_blast_damage", params={"weapon": w.id},
                        inputs={"weapon": w.id, "blast_radius": radius})
    tested = [t] + [v for v in victims if v is not t and v is not s]
    _shot_tests(ctx, s, w, tested)


def _scatter(ctx: Ctx, s: Figure, t: Figure) -> Point:
    """[HOUSE] GAP-33 option: the blast lands 1d6 pas away in one of six directions (d6)."""
    direction, distance = ctx.dice.d6(), ctx.dice.d6()
    angle = (direction - 1) * math.pi / 3
    p = (t.x + distance * math.cos(angle), t.y + distance * math.sin(angle))
    ctx.emit(Roll(rule="GAP-33", **said("lbl_scatter"), dice=(direction, distance),
                  compare="table", figure=s.id, target=t.id,
                  inputs={"direction_deg": (direction - 1) * 60, "distance": distance},
                  result=f"lands {distance} pas away"))
    return p


def run_first_target(ctx: Ctx, step: ChooseFirstTarget) -> None:
    """[R-SHOOT-MULTI]: the controller of the equally-near targets picks the first."""
    s = ctx.fig(step.shooter)
    w = ctx.book.ranged_weapons[step.weapon]
    if step.choice is None:
        cands = [ctx.fig(c) for c in step.candidates]
        ask(ctx, step, band=cands[0].band, kind="first_target", figure=s.id,
            prompt="ask_first_target", params={"figure": s.id, "weapon": w.id},
            options=[(c.id, "", {"name": c.name}, c.pos) for c in cands])
        return
    ctx.push(ResolveShot(shooter=s.id, weapon=w.id, targets=chain(ctx, s, ctx.fig(step.choice), w),
                         free=step.free))
