"""The actions of a figure's turn (RULESETS §1.c, §1.d; [WF-A-*]): what each costs of
its budget of half actions (S5), when it may be taken, its to-hit modifiers, and what it
does. :func:`check` only reads the state and raises :class:`IllegalCommand`; :func:`execute`
then changes it, so an illegal command changes nothing and a held half action
(Retardement) can interrupt between the two."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActionDeclared, Healed, StatusChanged
from skirmish.rules.frame.messages import illegal
from skirmish.rules.frame.movement import ignores_difficult, move_along, plan_path
from skirmish.rules.frame.queries import centroid, engaged_with, gap, in_contact, point_away
from skirmish.rules.geometry import PathLike
from skirmish.rules.wfrp2 import passive
from skirmish.rules.wfrp2.combat import opposed
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.decisions import FORTUNE, ask
from skirmish.rules.wfrp2.profile import WfWeapon
from skirmish.rules.wfrp2.state import (
    CHAINS,
    DEFENSIVE,
    Attack,
    Disengage,
    Heal,
    Step,
    WfFigure,
)

#: Each action's cost in half actions (a full action is 2; free 0) and its rule.
COSTS: dict[str, tuple[int, str]] = {
    "walk": (1, "WF-A-MOUVEMENT"), "run": (2, "WF-A-COURSE"), "charge": (2, "WF-A-CHARGE"),
    "strike": (1, "WF-A-STANDARD"), "shoot": (1, "WF-A-STANDARD"), "rapide": (2, "WF-A-RAPIDE"),
    "brutale": (2, "WF-A-BRUTALE"), "prudente": (2, "WF-A-PRUDENTE"), "feinte": (1, "WF-A-FEINTE"),
    "manoeuvre": (1, "WF-A-MANOEUVRE"), "visee": (1, "WF-A-VISEE"), "parade": (1, "WF-A-PARADE"),
    "defensive": (2, "WF-A-DEFENSIVE"), "retardement": (1, "WF-A-RETARDEMENT"),
    "rechargement": (2, "WF-A-RECHARGEMENT"), "flee": (2, "WF-A-DESENGAGEMENT"),
    "medikit": (2, "WF-A-COMPETENCE"), "fortune": (0, "WF-FORTUNE"),
}
#: What an action spends besides half actions ([WF-FORTUNE]: a half action for 1 Fortune).
PAID: dict[str, dict[str, int]] = {"fortune": {"fortune": 1}}
#: The catalogue's actions taken with :class:`~skirmish.rules.commands.Act`; the others
#: are the table's commands (Walk is Mouvement, Run Course, Strike and Shoot the Attaque
#: standard, Flee the Désengagement, the medikit Soins).
ACT_NAMES = frozenset({"rapide", "brutale", "prudente", "feinte", "manoeuvre", "visee",
                       "parade", "defensive", "retardement", "rechargement", "fortune"})
#: The actions of [WF-A-*] this table does not play, each refused with its reason:
#: spells, jumps, pinning and mounts are out (GAP-WF-22); every weapon a Skirmish figure
#: carries is ready to use, so there is nothing to draw or stow (GAP-WF-6).
NOT_PLAYED: dict[str, tuple[str, str]] = {
    "incantation": ("wf_not_played_incantation", "GAP-WF-22"),  # [WF-A-INCANTATION]
    "saut": ("wf_not_played_saut", "GAP-WF-22"),  # [WF-A-SAUT]
    "se_lever": ("wf_not_played_se_lever", "GAP-WF-22"),  # [WF-A-SE-LEVER]
    "degainer": ("wf_not_played_degainer", "GAP-WF-6"),  # [WF-A-DEGAINER]
}
#: GAP-WF-2: Charge up to 2 × Mvt, Course up to 3 × Mvt.
CHARGE_FACTOR, RUN_FACTOR = 2.0, 3.0
#: [WF-A-MANOEUVRE] the push: "2 mètres (1 case)".
PUSH_METRES = 2.0
#: GAP-30: each further target of a chain within 1 pas of the previous one.
CHAIN_GAP = 1.0
#: GAP-WF-20: "above" is a standing level at least 1 pas higher (GAP-27).
ABOVE = 1.0


@dataclass
class Checked:
    """A legal action, as checked: its name, cost and rule, and what it acts on."""

    action: str
    cost: int
    rule: str
    target: WfFigure | None = None
    weapon: WfWeapon | None = None
    path: PathLike | None = None
    need: int = 0
    inputs: dict[str, Any] = field(default_factory=dict)
    to: tuple[float, float] | None = None
    #: A multi-target Attaque rapide's further targets with their need and inputs.
    chain: list[tuple[WfFigure, int, dict[str, Any]]] = field(default_factory=list)


# -- checks -----------------------------------------------------------------------------------
def check(ctx: WfCtx, f: WfFigure, cmd: c.Command) -> Checked:
    """Every rule ``cmd`` must meet now, without changing anything."""
    name = c.action_kind(cmd)
    if name in NOT_PLAYED:
        key, gap = NOT_PLAYED[name]
        raise illegal(key, rule=gap)
    if name not in COSTS:
        raise illegal("wf_unknown_action", action=getattr(cmd, "action", type(cmd).__name__))
    cost, rule = COSTS[name]
    if name == "shoot":
        w = _ranged(f, getattr(cmd, "weapon", None))
        cost = 2 if w.heavy else 1
    _budget(f, name, cost, rule)
    if f.routing:
        raise illegal("wf_routing", rule="R-END-ROUT-FAIL", figure=f.name)
    target = getattr(cmd, "target", None)
    out = Checked(action=name, cost=cost, rule=rule)
    if name in ("walk", "run"):
        _free_to_move(ctx, f)
        to = cmd.to  # type: ignore[attr-defined]
        factor = RUN_FACTOR if name == "run" else 1.0
        out.path = plan_path(ctx, f, to, factor * f.profile.mvt, "Course" if name == "run"
                             else "Mouvement", may_contact=name == "walk")
    elif name == "charge":
        _free_to_move(ctx, f)
        t = _enemy(ctx, f, target, fallen_ok=False)
        if not ctx.sees(f, t):
            raise illegal("wf_no_sight", rule="GAP-WF-5", figure=f.name, target=t.name)
        path = charge_path(ctx, f, t)
        if path is None:
            raise illegal("wf_no_reach", rule="GAP-WF-15", target=t.name,
                          allowance=f"{CHARGE_FACTOR * f.profile.mvt:g}")
        w = best_melee(f)
        out.target, out.weapon, out.path = t, w, path
        out.need, out.inputs = melee_need(ctx, f, t, w, "charge")
    elif name in ("strike", "brutale", "prudente") or (name == "rapide"
                                                       and _melee_kind(ctx, f, cmd)):
        _no_blow_if_defensive(ctx, f)
        t = _in_contact(ctx, f, target)
        w = _melee(f, getattr(cmd, "weapon", None))
        out.target, out.weapon = t, w
        out.need, out.inputs = melee_need(ctx, f, t, w, name)
    elif name in ("shoot", "rapide"):
        w = _ranged(f, getattr(cmd, "weapon", None))
        if name == "rapide" and (w.slow or w.blast is not None):
            raise illegal("wf_no_rapide", rule="GAP-WF-6", weapon=w.id)
        t = _enemy(ctx, f, target, fallen_ok=False)
        out.target, out.weapon = t, w
        out.need, out.inputs = shot_need(ctx, f, t, w)
        if name == "rapide" and ctx.s.ruleset_version >= CHAINS:
            out.chain = chain(ctx, f, t, w)
    elif name in ("feinte", "manoeuvre"):
        _no_blow_if_defensive(ctx, f)
        out.target = _in_contact(ctx, f, target)
        out.to = getattr(cmd, "to", None)
    elif name == "rechargement":
        w = _ranged(f, getattr(cmd, "weapon", None), loaded_ok=True)
        if not w.slow or w.id in f.loaded:
            raise illegal("wf_loaded", rule="GAP-WF-6", weapon=w.id)
        out.weapon = w
    elif name == "flee":
        if not engaged_with(ctx, f):
            raise illegal("wf_not_engaged", rule="WF-A-DESENGAGEMENT", figure=f.name)
    elif name == "medikit":
        out.target = _patient(ctx, f, target)
    elif name == "fortune":
        if f.fortune < 1:
            raise illegal("wf_no_fortune", rule="WF-FORTUNE", figure=f.name)
        if f.bought:
            raise illegal("wf_bought", rule="WF-FORTUNE", figure=f.name)
    return out


def charge_path(ctx: WfCtx, f: WfFigure, t: WfFigure) -> PathLike | None:
    """GAP-WF-15: the way into contact with ``t`` within a Charge (2 × Mvt), or None."""
    return ctx.table.path_to_contact(f.disc, t.disc, ctx.obstacles(f, extra=[t]),
                                     ignores_difficult(f),
                                     limit=CHARGE_FACTOR * f.profile.mvt + 1e-6, direct_ok=True)


def shots(f: WfFigure, a: Checked) -> int:
    """An Attaque rapide's attacks: A, or N shots of a Cibles N weapon (GAP-WF-6)."""
    assert a.weapon is not None
    n = a.weapon.targets or 1
    return n if a.weapon.ranged and n > 1 else f.profile.a


def chain(ctx: WfCtx, f: WfFigure, first: WfFigure, w: WfWeapon
          ) -> list[tuple[WfFigure, int, dict[str, Any]]]:
    """GAP-WF-6 with GAP-30's geometry: each further target of a Cibles N weapon is an
    enemy in play within 1 pas of the previous one that the shooter may shoot (in sight and
    range; the nearest to the previous first), up to N targets in all."""
    out: list[tuple[WfFigure, int, dict[str, Any]]] = []
    prev, taken = first, {first.id}
    while len(out) + 1 < (w.targets or 1):
        nxt = []
        for e in ctx.in_play():
            if e.band == f.band or e.id in taken or gap(prev, e) > CHAIN_GAP:
                continue
            try:
                need, inputs = shot_need(ctx, f, e, w)
            except IllegalCommand:
                continue
            nxt.append((gap(prev, e), gap(f, e), e.id, e, need, inputs))
        if not nxt:
            break
        _, _, _, e, need, inputs = min(nxt, key=lambda x: x[:3])
        out.append((e, need, inputs))
        prev = e
        taken.add(e.id)
    return out


def _budget(f: WfFigure, name: str, cost: int, rule: str) -> None:
    """[WF-ACT-FULL] [WF-ACT-HALF]: a full action takes both halves, and none may have been
    spent this turn."""
    if f.halves < cost:
        raise illegal("wf_halves_short", rule=rule, action=name, cost=cost, figure=f.name,
                      left=f.halves)
    if cost >= 2 and f.halves_used:
        raise illegal("wf_full_after_half", rule="WF-ACT-FULL", figure=f.name)


def _no_blow_if_defensive(ctx: WfCtx, f: WfFigure) -> None:
    """[WF-A-DEFENSIVE] a figure in Posture défensive strikes no blow until its next turn
    (from version 4: a half action bought with Fortune struck before)."""
    if f.defensive and ctx.s.ruleset_version >= DEFENSIVE:
        raise illegal("wf_defensive", rule="WF-A-DEFENSIVE", figure=f.name)


def _free_to_move(ctx: WfCtx, f: WfFigure) -> None:
    """GAP-WF-13: an engaged figure leaves contact only by Désengagement."""
    foes = engaged_with(ctx, f)
    if foes:
        raise illegal("wf_engaged", rule="GAP-WF-13", figure=f.name, enemy=foes[0].name)


def _enemy(ctx: WfCtx, f: WfFigure, target: str | None, *, fallen_ok: bool) -> WfFigure:
    t = ctx.s.figures.get(target or "")
    ok = ("in_play", "out_of_action") if fallen_ok else ("in_play",)
    if t is None or t.band == f.band or t.status not in ok:
        raise illegal("wf_not_enemy", rule="GAP-WF-5", target=t.name if t else target)
    return t


def _in_contact(ctx: WfCtx, f: WfFigure, target: str | None) -> WfFigure:
    """GAP-WF-5: melee needs contact (an enemy out of action in contact may be attacked:
    GAP-WF-19)."""
    t = _enemy(ctx, f, target, fallen_ok=True)
    if not in_contact(f, t):
        raise illegal("wf_no_melee", rule="GAP-WF-5", figure=f.name, target=t.name)
    return t


def _melee_kind(ctx: WfCtx, f: WfFigure, cmd: c.Command) -> bool:
    """An Attaque rapide whose weapon (or, with none named, a target in contact) makes it
    melee."""
    wid = getattr(cmd, "weapon", None)
    if wid is not None:
        return any(w.id == wid and not w.ranged for w in f.profile.weapons)
    t = ctx.s.figures.get(getattr(cmd, "target", None) or "")
    return t is not None and in_contact(f, t)


def best_melee(f: WfFigure) -> WfWeapon:
    """The melee weapon a figure strikes with when none is named: its most damaging."""
    return max((w for w in f.profile.weapons if not w.ranged), key=lambda w: w.damage)


def _melee(f: WfFigure, wid: str | None) -> WfWeapon:
    if wid is None:
        return best_melee(f)
    w = next((w for w in f.profile.weapons if w.id == wid and not w.ranged), None)
    if w is None:
        raise illegal("wf_no_weapon", rule="GAP-WF-6", figure=f.name, weapon=wid)
    return w


def _ranged(f: WfFigure, wid: str | None, *, loaded_ok: bool = False) -> WfWeapon:
    w = next((w for w in f.profile.weapons if w.ranged and (wid is None or w.id == wid)), None)
    if w is None:
        raise illegal("wf_no_weapon", rule="GAP-WF-6", figure=f.name, weapon=wid or "—")
    if not loaded_ok and w.slow and w.id not in f.loaded:
        raise illegal("wf_needs_reload", rule="GAP-WF-6", weapon=w.id)
    return w


def _patient(ctx: WfCtx, f: WfFigure, target: str | None) -> WfFigure:
    """GAP-WF-21: Soins on itself or an ally in play in contact, with a medikit use left."""
    if f.medikits < 1:
        raise illegal("wf_no_medikit", rule="GAP-WF-21", figure=f.name)
    t = ctx.s.figures.get(target or "")
    if t is None or t.band != f.band or t.status != "in_play" or (
            t is not f and not in_contact(f, t)):
        raise illegal("wf_not_ally", rule="GAP-WF-21", target=t.name if t else target)
    if t.b >= t.profile.b:
        raise illegal("wf_full_b", rule="GAP-WF-21", target=t.name)
    return t


# -- to-hit modifiers ---------------------------------------------------------------------------
def melee_need(ctx: WfCtx, f: WfFigure, t: WfFigure, w: WfWeapon, kind: str
               ) -> tuple[int, dict[str, Any]]:
    """[WF-ATK-ROLL] CC + modifiers (§1.d): charge +10, brutale +20, prudente −10, Visée +10
    on a standard attack, target ran +20, Assommé +20, in Posture défensive −20, off hand
    −20 ([WF-OFFHAND])."""
    inputs: dict[str, Any] = {"cc": f.profile.cc}
    mods = {"charge": 10, "brutale": 20, "prudente": -10}
    if kind in mods:
        inputs[kind] = mods[kind]
    if kind == "strike" and f.aimed:
        inputs["visee"] = 10
    if t.ran:
        inputs["target_ran"] = 20
    if t.stunned:
        inputs["target_stunned"] = 20
    if t.defensive:
        inputs["target_defensive"] = -20
    if off_hand(f, w):
        inputs["off_hand"] = -20
    return f.profile.cc + sum(v for k, v in inputs.items() if k != "cc"), inputs


def off_hand(f: WfFigure, w: WfWeapon) -> bool:
    """[WF-OFFHAND]: the second one-handed melee weapon is held in the left hand."""
    one = [x for x in f.profile.weapons if not x.ranged and not x.unarmed and x.hands == 1]
    return f.profile.left_hand == "weapon" and len(one) >= 2 and w.id == one[1].id


def shot_need(ctx: WfCtx, f: WfFigure, t: WfFigure, w: WfWeapon) -> tuple[int, dict[str, Any]]:
    """[WF-ATK-ROLL] CT + modifiers (§1.d), after the shot's own conditions: line of sight,
    not engaged (GAP-23), range ≤ 2 × PM, and beyond PM a Visée first, −30 %
    ([WF-LONG-RANGE], GAP-WF-18); Visée +10; target engaged −20
    ([WF-SHOOT-INTO-MELEE]); target ran −20; elevation ±10 and cover (GAP-WF-20)."""
    foes = engaged_with(ctx, f)
    if foes:
        raise illegal("wf_engaged", rule="GAP-23", figure=f.name, enemy=foes[0].name)
    if not ctx.sees(f, t):
        raise illegal("wf_no_sight", rule="GAP-WF-5", figure=f.name, target=t.name)
    distance = gap(f, t)
    if distance > w.max_range + 1e-9:
        raise illegal("wf_too_far", rule="WF-LONG-RANGE", target=t.name,
                      distance=f"{distance:.1f}", weapon=w.id, reach=f"{w.max_range:g}")
    inputs: dict[str, Any] = {"ct": f.profile.ct, "distance": round(distance, 2)}
    long = distance > w.range + 1e-9
    if long:
        if not f.aimed:
            raise illegal("wf_needs_aim", rule="GAP-WF-18", range=f"{w.range:g}")
        inputs["long_range"] = -30
    if f.aimed and (not long or ctx.s.wf.wf_long_range_aim_bonus):
        inputs["visee"] = 10
    if engaged_with(ctx, t):
        inputs["target_engaged"] = -20
    if t.ran:
        inputs["target_ran"] = -20
    rise = ctx.level(f) - ctx.level(t)
    if rise >= ABOVE:
        inputs["above"] = 10
    elif rise <= -ABOVE:
        inputs["below"] = -10
    if ctx.s.wf.wf_cover and ctx.table.in_cover(t.disc):
        inputs["cover"] = -10
    return f.profile.ct + sum(v for k, v in inputs.items() if k not in ("ct", "distance")), inputs


# -- doing it ---------------------------------------------------------------------------------
def execute(ctx: WfCtx, f: WfFigure, a: Checked) -> None:
    """Spend the cost, say the action, and do it (pushing the attacks it makes)."""
    f.halves -= a.cost
    f.halves_used += a.cost
    aimed = f.aimed
    if a.action != "fortune":
        f.aimed = 0  # [WF-A-VISEE] GAP-WF-17: the Visée is for the next action only
    ctx.emit(ActionDeclared(rule=a.rule, figure=f.id, action=a.action, cost=a.cost,
                            target=a.target.id if a.target else None,
                            weapon=a.weapon.id if a.weapon else None))
    name = a.action
    if name == "charge" and not _charge_goes_on(ctx, f, a):
        return
    if name in ("walk", "run", "charge"):
        assert a.path is not None
        move_along(ctx, f, tuple(a.path.points), rule=a.rule, reason=name,
                   ignore_difficult=ignores_difficult(f))
        if name == "run":
            f.ran = True
            ctx.emit(StatusChanged(rule="GAP-WF-14", figure=f.id, status="wf_ran"))
        if name == "charge":
            _attacks(ctx, f, a, 1)
    elif name in ("strike", "shoot", "brutale", "prudente"):
        if name in ("brutale", "prudente"):
            setattr(f, name, True)
            ctx.emit(StatusChanged(rule=a.rule, figure=f.id, status=f"wf_{name}"))
        _attacks(ctx, f, a, 1, aimed=aimed)
    elif name == "rapide":
        _attacks(ctx, f, a, shots(f, a))
    elif name in ("feinte", "manoeuvre"):
        assert a.target is not None
        if opposed(ctx, f, a.target, name, a.rule):
            if name == "feinte":
                f.feinted = a.target.id
            else:
                _push(ctx, f, a.target, a.to)
    elif name in ("visee", "parade", "defensive"):
        if name == "visee":
            f.aimed = 2
        else:
            setattr(f, name, True)
        ctx.emit(StatusChanged(rule=a.rule, figure=f.id, status=f"wf_{name}"))
    elif name == "retardement":
        f.held = 1
        f.halves = 0
        ctx.emit(StatusChanged(rule=a.rule, figure=f.id, status="wf_held"))
    elif name == "rechargement":
        assert a.weapon is not None
        f.loaded.append(a.weapon.id)
    elif name == "flee":
        disengage(ctx, f, rout=False)
    elif name == "medikit":
        assert a.target is not None
        _soins(ctx, f, a.target)
    elif name == "fortune":
        f.fortune -= 1
        f.halves += 1
        f.bought = True
        ctx.emit(StatusChanged(rule=a.rule, figure=f.id, status="wf_bought_half"))


def _charge_goes_on(ctx: WfCtx, f: WfFigure, a: Checked) -> bool:
    """The passive actions of a charge ([R-MORALE-CHARGE], [R-MORALE-CHARGED]): the
    charger's nerve, then the target's; a target that stepped back must still be reached
    within the Charge (its path found again), else the charger moves that far towards it
    and its Charge ends without a blow."""
    assert a.target is not None
    if not passive.charge_nerve(ctx, f, a.target):
        return False
    if passive.charged_nerve(ctx, f, a.target):
        a.path = charge_path(ctx, f, a.target)
        if a.path is None:
            passive.charge_short(ctx, f, a.target, CHARGE_FACTOR * f.profile.mvt)
            return False
    return True


def _attacks(ctx: WfCtx, f: WfFigure, a: Checked, n: int, *, aimed: int = 0) -> None:
    """Push ``n`` attacks: a multi-target weapon's first shot at each figure of its chain
    in order, the shots left over at the first target; any other Attaque rapide's all at
    its target (a blow at a figure it put out of action is at the Sans défense,
    GAP-WF-19), each shot followed by its target's test ([R-MORALE-SHOT]). A feint makes
    the next one undefendable; a slow weapon is spent."""
    assert a.target is not None and a.weapon is not None
    w = a.weapon
    aims = [(a.target, a.need, a.inputs), *a.chain]
    aims += [aims[0]] * (n - len(aims))
    steps: list[Step] = []
    for i, (t, need, inputs) in enumerate(aims):
        undefendable = f.feinted == t.id and i == 0
        steps += passive.with_shot_test(ctx, Attack(
            attacker=f.id, target=t.id, weapon=w.id, melee=not w.ranged, need=need,
            rule="WF-A-RAPIDE" if n > 1 else a.rule, inputs=inputs,
            auto=not w.ranged and t.status == "out_of_action", undefendable=undefendable,
            blast=w.blast))
    f.feinted = None
    if w.slow and w.id in f.loaded:
        f.loaded.remove(w.id)
    ctx.push(*steps)


def disengage(ctx: WfCtx, f: WfFigure, *, rout: bool) -> None:
    """[WF-A-DESENGAGEMENT] GAP-WF-13: the engaged enemies first strike once each if the
    figure starts in difficult terrain (as written; every time with the option), then it
    moves up to Mvt away from them (difficult terrain halving it)."""
    foes = engaged_with(ctx, f)
    free = ctx.s.wf.wf_free_attack_always or ctx.table.terrain_at(f.pos) == "difficult"
    steps: list[Any] = []
    if free:
        for e in foes:
            w = best_melee(e)
            need, inputs = melee_need(ctx, e, f, w, "strike")
            steps.append(Attack(attacker=e.id, target=f.id, weapon=w.id, melee=True, need=need,
                                rule="WF-A-DESENGAGEMENT", inputs=inputs))
    allowance = (RUN_FACTOR if rout and not foes else 1.0) * f.profile.mvt
    ctx.push(*steps, Disengage(figure=f.id, allowance=allowance, rout=rout))


def run_disengage(ctx: WfCtx, step: Disengage) -> None:
    """The move of :func:`disengage`: away from the enemies in contact, or (a rout) for
    the nearest edge, off the table beyond it (GAP-55)."""
    from skirmish.rules.frame.movement import rout_path

    f = ctx.fig(step.figure)
    if f.status != "in_play":
        return
    foes = engaged_with(ctx, f)
    if step.rout and not foes:
        path = rout_path(ctx, f, step.allowance)
    else:
        away = point_away(f, centroid(foes)) if foes else point_away(f, (f.x, f.y + 1))
        path = ctx.table.move_straight(f.disc, away, step.allowance, ctx.obstacles(f),
                                       ignores_difficult(f))
    if len(path.points) >= 2:
        move_along(ctx, f, tuple(path.points), rule="GAP-55" if step.rout else
                   "WF-A-DESENGAGEMENT", reason="rout" if step.rout else "flee",
                   ignore_difficult=ignores_difficult(f), leaving=step.rout)


def _push(ctx: WfCtx, f: WfFigure, t: WfFigure, to: tuple[float, float] | None) -> None:
    """[WF-A-MANOEUVRE] the loser is moved 2 m (2 pas at GAP-ALT-1's 1 m per pas) towards
    ``to``, or straight away from the winner."""
    distance = PUSH_METRES / ctx.s.wf.metres_per_pas
    towards = to if to is not None else point_away(t, f.pos)
    path = ctx.table.move_straight(t.disc, towards, distance, ctx.obstacles(t), True)
    if len(path.points) >= 2 and path.cost > 1e-9:
        move_along(ctx, t, tuple(path.points), rule="WF-A-MANOEUVRE", reason="pushed",
                   ignore_difficult=True)


def _soins(ctx: WfCtx, f: WfFigure, t: WfFigure) -> None:
    """GAP-WF-21: d100 ≤ Int + 20 with the medikit (one use); a Fortune may reroll it."""
    f.medikits -= 1
    need = f.profile.int_ + 20
    value, roll = ctx.d100(rule="GAP-WF-21", key="wf_lbl_soins", params={"figure": f.id},
                           need=need, figure=f.id, target=t.id,
                           inputs={"int": f.profile.int_, "medikit": 20})
    if value <= need:
        heal(ctx, f, t)
    elif f.fortune > 0:
        ask(ctx, Heal(figure=f.id, target=t.id, need=need, roll=roll, value=value),
            band=f.band, kind="wf_reroll", figure=f.id, prompt="wf_ask_reroll",
            params={"figure": f.id, "value": value, "need": need},
            options=[("keep", "wf_opt_keep", {}), ("reroll", "wf_opt_reroll", {})],
            default="keep", paid={"reroll": FORTUNE})


def run_heal(ctx: WfCtx, step: Heal) -> None:
    f, t = ctx.fig(step.figure), ctx.fig(step.target)
    if step.choice != "reroll" or t.status != "in_play":
        return
    f.fortune -= 1
    value, _ = ctx.d100(rule="WF-FORTUNE", key="wf_lbl_reroll", params={"figure": f.id},
                        need=step.need, figure=f.id, target=t.id, replaces=step.roll,
                        paid={"fortune": 1})
    if value <= step.need:
        heal(ctx, f, t)


def heal(ctx: WfCtx, f: WfFigure, t: WfFigure) -> None:
    """A lightly wounded figure (B ≥ 3, [WF-LIGHTLY]) regains 1d10 B, a heavily wounded one
    1, never above its maximum."""
    gain = ctx.d10(rule="GAP-WF-21", key="wf_lbl_soins_d10", params={}, role="heal",
                   figure=f.id, target=t.id) if t.b >= 3 else 1
    t.b = min(t.profile.b, t.b + gain)
    ctx.emit(Healed(rule="GAP-WF-21", figure=t.id, by=f.id, pv=t.b))

