"""An attack from its declaration to its last wound (RULESETS §2.d): [CM-ATTACK]
[CM-DEFENCE] [CM-PRIMES] [CM-HERO-USE] [CM-DMG-BASE] [CM-PROTECT] [CM-RANGED] [CM-SPECIAL]
[CM-N-RISQUE]; GAP-CM-11, 12, 13, 14, 18, 21, 22, 29.

The attack runs by stages, each of which may wait for a decision (S7) owed by either
player: a special action's pénalité, the attacker's pair of a prime and a pénalité (and
a second target, a free prime), a heroic fourth die for each side, the throws and their
oppositions, a test made again by a loser (S8), a Zone's other defences, each wound
announced with heroism's cancellation or an ally taking it, and the Risque incidents.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import msgspec

from skirmish.rules.cle_en_main.ask import ask
from skirmish.rules.cle_en_main.ctx import CmCtx
from skirmish.rules.cle_en_main.flow_state import Attack, Tour
from skirmish.rules.cle_en_main.harm import Blow, damage, suffer
from skirmish.rules.cle_en_main.messages import NAMES, SKILLS
from skirmish.rules.cle_en_main.monitor import (
    PENALTIES,
    PENALTY_LABELS,
    PRIMES,
    Load,
    after_action,
    defence_modifiers,
    pairs,
)
from skirmish.rules.cle_en_main.profile import CmWeapon, weapon_penalties
from skirmish.rules.cle_en_main.rolls import Rolled, dice, draw, record
from skirmish.rules.cle_en_main.state import HERO_COST, CmFigure, Passive, surprised
from skirmish.rules.cle_en_main.throws import Side, oppose, succeeds
from skirmish.rules.events import (
    ActionDeclared,
    Contest,
    ResourceChanged,
    StatusChanged,
)
from skirmish.rules.frame.queries import engaged_with, gap, in_contact

MELEE_KINDS = frozenset({"strike", "charge", "trip", "disarm"})
#: [CM-DEFENCE] [GAP-CM-11] against an attack it cannot perceive, the attacker needs this.
UNPERCEIVED = 10
#: [CM-MODS] [GAP-CM-22] a circumstance's modifier (elevation, cover).
CIRCUMSTANCE = 2
#: [CM-P-MULTI] a shot's two targets are "grouped": within this many pas of each other.
GROUPED = 3.0
#: [GAP-CM-14] "allié proche".
NEAR_ALLY = 3.0
UNARMED = CmWeapon(dice=0, category="standard", melee=True)
#: [CM-SPECIAL] a special action's second opposition: the attacker's skill, the target's.
SECOND: dict[str, tuple[str, str]] = {"trip": ("muscles", "acrobatie"),
                                      "disarm": ("combat_melee", "combat_melee")}


# -- what an attack starts with ----------------------------------------------------------------
def weapon_of(ctx: CmCtx, fid: str, wid: str | None) -> CmWeapon:
    return UNARMED if wid is None else ctx.cmf(fid).profile.weapons[wid]


def best_melee(ctx: CmCtx, fid: str) -> str | None:
    """The melee weapon a figure fights with when none is named: most damage dice."""
    cf = ctx.cmf(fid)
    held = [w for w, cw in cf.profile.weapons.items() if cw.melee and w not in cf.dropped]
    return max(held, key=lambda w: (cf.profile.weapons[w].dice, w), default=None)


def base_load(ctx: CmCtx, tour: Tour, kind: str, target: str, wid: str | None) -> Load:
    """The mandatory pénalités and their Risques (§2.d): a war or heavy weapon untrained
    ([CM-WPN-PARAMS]), a move or a stand before acting and a charge ([CM-MOVE-ACT]), an
    interrupt's ([CM-INTERRUPT]), a shot into a melee with an ally engaged ([CM-PRIMES]),
    beyond the range ([GAP-CM-28] (b))."""
    load = Load()
    p = ctx.cmf(tour.figure).profile
    w = weapon_of(ctx, tour.figure, wid)
    n = weapon_penalties(p, w)
    for _ in range(n):
        load = load.imposed("difficulte")
    if n:
        load = load.imposed("risque", "incident")
    if tour.walked > 0 or tour.stood or kind == "charge":
        load = load.imposed("difficulte")
    for pen in tour.imposed:
        load = load.imposed(pen, "incident" if pen == "risque" else None)  # type: ignore[arg-type]
    if kind == "shot":
        me, t = ctx.fig(tour.figure), ctx.fig(target)
        if any(e.band == me.band for e in engaged_with(ctx, t)):
            load = load.imposed("risque", "ally")
        if w.range is not None and gap(me, t) > w.range:
            load = load.imposed("difficulte")
    return load


def start(ctx: CmCtx, tour: Tour, kind: str, target: str, wid: str | None, *,
          free_prime: bool = False, together: bool = False) -> None:
    """An attack of ``tour``'s figure; ``together``: it first gathers a group of figurants
    ([CM-GROUP]) or, with a boss or a second couteau, the figures cooperating ([CM-COOP])."""
    load = base_load(ctx, tour, kind, target, wid)
    stage = "group" if together else "special" if kind in SECOND else "pair"
    tour.attack = Attack(kind=kind, attacker=tour.figure, target=target, weapon=wid,  # type: ignore[arg-type]
                         load=load, stage=stage, free_prime=free_prime, attacked=[target])


def advance(ctx: CmCtx) -> None:
    """Run the attack's stages until one waits for a decision or the attack is over."""
    tour = ctx.s.tour
    while tour is not None and tour.attack is not None and ctx.s.pending is None:
        _STAGES[tour.attack.stage](ctx, tour, tour.attack)


# -- heroism -----------------------------------------------------------------------------------
def can_spend(cf: CmFigure, effect: str) -> bool:
    """[CM-HERO-USE] [GAP-CM-13] a figure with the PJ rules, conscious, with the points,
    that has not used this effect this round."""
    return (cf.profile.pj_rules and not cf.dead and not cf.unconscious
            and cf.heroism >= HERO_COST[effect] and effect not in cf.hero_used)


def spend(ctx: CmCtx, fid: str, effect: str) -> None:
    cf = ctx.cmf(fid)
    cf.heroism -= HERO_COST[effect]
    cf.hero_used.append(effect)
    ctx.emit(ResourceChanged(rule="CM-HERO-USE", figure=fid, resource="heroism",
                             delta=-HERO_COST[effect], left=cf.heroism, effect=effect))


# -- answers -------------------------------------------------------------------------------------
def answer(ctx: CmCtx, kind: str, option: str) -> None:
    """A decision of the attack was taken: note it and move on."""
    tour = ctx.s.tour
    assert tour is not None and tour.attack is not None
    a = tour.attack
    what, _, fid = kind.partition(":")
    if what == "cm_special_penalty":
        a.load = a.load.imposed(option, "incident" if option == "risque" else None)  # type: ignore[arg-type]
        a.stage = "pair"
    elif what == "cm_pair":
        if option != "none":
            prime, penalty = option.split("+")
            a.load = a.load.with_pair(prime, penalty)  # type: ignore[arg-type]
        a.stage = "second" if option.startswith("multiple+") else "free"
    elif what == "cm_second":
        a.second = option
        a.attacked.append(option)
        a.stage = "free"
    elif what == "cm_free":
        a.load = a.load.free(option)  # type: ignore[arg-type]
        a.free_prime = False
        a.stage = "second" if option == "multiple" else "hero"
    elif what == "cm_group":
        if option == "done":
            a.stage = "pair"
        else:
            a.together.append(option)
            ctx.emit(ActionDeclared(rule=_group_rule(ctx, a), figure=option, action="group",
                                    cost=1, target=a.target, weapon=a.weapon))
    elif what == "cm_heroic":
        a.asked.append(f"heroic:{fid}")
        if option == "yes":
            a.heroic.append(fid)
            spend(ctx, fid, "four_dice")
    elif what == "cm_reroll":
        a.asked.append(_reroll_key(a, fid))
        if option == "yes":
            spend(ctx, fid, "reroll")
            _reroll(ctx, a, fid)
    elif what == "cm_damage":
        _harm_answer(ctx, a, option)


# -- stages --------------------------------------------------------------------------------------
def _special(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    """[CM-SPECIAL] attempting a special action takes a mandatory pénalité."""
    ask(ctx, band=tour.band, kind="cm_special_penalty", figure=a.attacker,
        prompt="cm_ask_special_penalty", params={"figure": a.attacker},
        options=[(p, PENALTY_LABELS[p], {}) for p in PENALTIES],
        default="difficulte")


def second_targets(ctx: CmCtx, a: Attack) -> list[str]:
    """[CM-P-MULTI] another enemy within reach: in contact for melee; for a shot, grouped
    with the target (within 3 pas of it), seen and in range."""
    me, t = ctx.fig(a.attacker), ctx.fig(a.target)
    w = weapon_of(ctx, a.attacker, a.weapon)
    out = []
    for e in ctx.in_play():
        if e.band == me.band or e.id == t.id or ctx.cmf(e.id).unconscious:
            continue
        if a.kind in MELEE_KINDS:
            ok = in_contact(me, e)
        else:
            ok = (gap(t, e) <= GROUPED and ctx.sees(me, e)
                  and (w.range is None or gap(me, e) <= w.range))
        if ok:
            out.append(e.id)
    return out


def figurant(ctx: CmCtx, fid: str) -> bool:
    return ctx.cmf(fid).profile.tier == "figurant"


def _group_rule(ctx: CmCtx, a: Attack) -> str:
    return "CM-GROUP" if figurant(ctx, a.attacker) else "CM-COOP"


#: [CM-GROUP] a group of figurants is up to five.
GROUP_MAX = 5


def partners(ctx: CmCtx, a: Attack) -> list[str]:
    """[CM-GROUP] [CM-COOP] [CM-GANG] [GAP-CM-15] figures of the attacker's band that may
    join its attack: of its kind (figurants with a figurant, the others with the others),
    that have not acted, able to attack the target where they stand (in contact for a
    blow; a weapon in range and in sight, not engaged, for a shot); a group of figurants
    up to five; under option (b) each within 3 pas of one already in it."""
    me, t = ctx.fig(a.attacker), ctx.fig(a.target)
    members = [a.attacker, *a.together]
    if figurant(ctx, a.attacker) and len(members) >= GROUP_MAX:
        return []
    out = []
    for f in ctx.in_play():
        cf = ctx.cmf(f.id)
        if (f.band != me.band or f.id in members or cf.acted or cf.unconscious
                or figurant(ctx, f.id) != figurant(ctx, a.attacker)):
            continue
        if ctx.cm.options.cem_group == "within_3" and all(
                gap(f, ctx.fig(m)) > NEAR_ALLY for m in members):
            continue
        if a.kind in MELEE_KINDS:
            ok = in_contact(f, t)
        else:
            ok = not engaged_with(ctx, f) and ctx.sees(f, t) and any(
                w.range is not None and not w.melee and wid not in cf.dropped
                and gap(f, t) <= w.range for wid, w in cf.profile.weapons.items())
        if ok:
            out.append(f.id)
    return out


def _group(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    found = partners(ctx, a)
    if not found:
        a.stage = "pair"
        return
    prompt = "cm_ask_group" if figurant(ctx, a.attacker) else "cm_ask_coop"  # [CM-COOP]
    ask(ctx, band=tour.band, kind="cm_group", figure=a.attacker, prompt=prompt,
        params={"figure": a.attacker, "target": a.target, "n": len(a.together)},
        options=[("done", "cm_opt_done", {})] + [
            (fid, "cm_opt_figure", {"figure": fid}) for fid in found],
        default="done")


def imposed_words(load: Load) -> str:
    """§2.g the free primes and mandatory pénalités already on an action, by their names
    ("Difficulté ×2, Risque (toucher son allié)")."""
    names = [*load.primes, *load.penalties]
    out = []
    for name in dict.fromkeys(names):
        n = names.count(name)
        word = NAMES[name] + (f" ×{n}" if n > 1 else "")
        if name == "risque" and "ally" in load.risks:
            word += " (toucher son allié)"
        out.append(word)
    return ", ".join(out)


def _pair(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    """[CM-PRIMES] one prime paired with one pénalité, or none."""
    if a.kind in SECOND:
        choices = pairs(a.load, attack=False, two_targets=False)
    else:
        choices = pairs(a.load, attack=True, two_targets=bool(second_targets(ctx, a)))
    imposed = imposed_words(a.load)
    ask(ctx, band=tour.band, kind="cm_pair", figure=a.attacker,
        prompt="cm_ask_pair_imposed" if imposed else "cm_ask_pair",
        params={"figure": a.attacker, "imposed": imposed},
        options=[("none", "cm_opt_no", {})] + [
            (f"{p}+{n}", "cm_opt_pair", {"prime": NAMES[p], "penalty": NAMES[n]})
            for p, n in choices],
        default="none")


def _second(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    found = second_targets(ctx, a)
    if not found:  # the second target left reach: the prime stays, on one target
        a.stage = "hero"
        return
    ask(ctx, band=tour.band, kind="cm_second", figure=a.attacker, prompt="cm_ask_second",
        params={"figure": a.attacker},
        options=[(fid, "cm_opt_figure", {"figure": fid}) for fid in found])


def _free(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    """§2.d Charge: a free prime for leaving a height to rush an enemy (L642–647)."""
    if not a.free_prime:
        a.stage = "hero"
        return
    two = bool(second_targets(ctx, a)) and a.second is None
    primes = [p for p in PRIMES if p != "multiple" or two]
    ask(ctx, band=tour.band, kind="cm_free", figure=a.attacker, prompt="cm_ask_free",
        params={"figure": a.attacker},
        options=[(p, "cm_opt_prime", {"prime": NAMES[p]}) for p in primes],
        default="efficacite")


def defenders(a: Attack) -> list[str]:
    return [a.target] + ([a.second] if a.second else [])


#: From this version a figure that does not perceive the attack throws no Défense when it
#: is struck, shot or caught by a Risque ([GAP-CM-11]); in a game of version 1 it threw
#: one (only a Zone spared an unconscious figure), and a replay of one keeps that.
UNPERCEIVED_STRIKES = 2


def perceives(ctx: CmCtx, fid: str) -> bool:
    """[CM-DEFENCE] [GAP-CM-11] a figure defends against an attack it perceives: it is
    neither unconscious nor surprised ([CM-SURPRISE])."""
    cf = ctx.cmf(fid)
    return not cf.unconscious and not surprised(cf, ctx.round)


def throws_defence(ctx: CmCtx, fid: str) -> bool:
    """Whether ``fid`` throws Défense against a strike, a shot or a Risque: when it
    perceives it, or whatever its state in a game of version 1."""
    return perceives(ctx, fid) or ctx.s.ruleset_version < UNPERCEIVED_STRIKES


def _hero(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    """[CM-HERO-USE] a fourth die, offered to each side before its throw."""
    for fid in [a.attacker, *filter(lambda d: throws_defence(ctx, d), defenders(a))]:
        if f"heroic:{fid}" in a.asked or not can_spend(ctx.cmf(fid), "four_dice"):
            continue
        ask(ctx, band=ctx.fig(fid).band, kind=f"cm_heroic:{fid}", figure=fid,
            prompt="cm_ask_heroic", params={"figure": fid},
            options=[("no", "cm_opt_no", {}), ("yes", "cm_opt_yes", {})])
        return
    a.stage = "roll"


def attack_skill(a: Attack, w: CmWeapon) -> str:
    return "combat_melee" if a.kind in MELEE_KINDS else "combat_tir"


def attack_mods(ctx: CmCtx, a: Attack) -> dict[str, int]:
    """The attacker's modifiers: the load's Efficacité and Difficulté, a sighting device
    on a shot, the elevation of a shot ([GAP-CM-22])."""
    mods = a.load.modifiers()
    if a.kind == "shot":
        sight = ctx.cmf(a.attacker).profile.sight
        if sight:
            mods["sight"] = sight
        if ctx.level(ctx.fig(a.attacker)) - ctx.level(ctx.fig(a.target)) >= 1:
            mods["elevation"] = CIRCUMSTANCE
    return mods


def defence_mods(ctx: CmCtx, a: Attack, fid: str, *, spend: bool = True) -> dict[str, int]:
    """A defender's modifiers: its monitor's Prudence and Danger (spent), a shield against
    melee ([GAP-CM-9]), −2 engaged with several enemies ([CM-DEFENCE]), elevation and
    cover against a shot ([GAP-CM-22]). A preview looks without ``spend``."""
    cf = ctx.cmf(fid)
    mods = defence_modifiers(cf, spend=spend)
    f = ctx.fig(fid)
    if a.kind in MELEE_KINDS:
        if cf.profile.shield:
            mods["shield"] = cf.profile.shield
        if len(engaged_with(ctx, f)) >= 2:
            mods["several_enemies"] = -CIRCUMSTANCE
    else:
        if ctx.level(f) - ctx.level(ctx.fig(a.attacker)) >= 1:
            mods["elevation"] = CIRCUMSTANCE
        if ctx.cm.options.cem_cover and ctx.table.in_cover(f.disc):
            mods["cover"] = CIRCUMSTANCE
    return mods


def _roll(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    """[CM-ATTACK] one Combat throw against each defender's Défense; a group's one throw
    +1 per other figurant ([CM-GROUP]); cooperating figures each throw, the best is used,
    +1 per other ≥ 15 and −1 per other < 10 ([CM-COOP])."""
    w = weapon_of(ctx, a.attacker, a.weapon)
    mods = attack_mods(ctx, a)
    if a.together and figurant(ctx, a.attacker):
        mods["group"] = len(a.together)
    a.attack_roll = draw(ctx, a.attacker, attack_skill(a, w), mods,
                         heroic=a.attacker in a.heroic)
    if a.together and not figurant(ctx, a.attacker):
        a.attack_roll = _cooperate(ctx, a, a.attack_roll, mods)
    for fid in filter(lambda d: throws_defence(ctx, d), defenders(a)):
        a.defence_rolls[fid] = draw(ctx, fid, "defence", defence_mods(ctx, a, fid),
                                    heroic=fid in a.heroic)
    _record_all(ctx, a)
    a.stage = "reroll"


def _cooperate(ctx: CmCtx, a: Attack, lead: Rolled, mods: dict[str, int]) -> Rolled:
    """[CM-COOP] each cooperating figure throws; the best result carries the others'
    help, and its dice give the damage."""
    rolls = [lead] + [draw(ctx, fid, lead.skill_name, mods) for fid in a.together]
    best = max(rolls, key=lambda r: (_AUTO_RANK[r.auto], r.total, r.figure == a.attacker))
    helped = sum(1 for r in rolls if r is not best and r.total >= COOP_HELP) - sum(
        1 for r in rolls if r is not best and r.total < COOP_HINDER)
    for r in rolls:
        if r is not best:
            record(ctx, r, rule="CM-COOP", key="cm_lbl_attack",
                   params={"figure": r.figure, "skill": SKILLS[r.skill_name], "target": a.target},
                   need=COOP_HELP, success=r.total >= COOP_HELP, target=a.target)
    if helped:
        best.mods = {**best.mods, "cooperation": helped}
    return best


#: [CM-COOP] another's test of 15 or more helps by 1, one under 10 hinders by 1.
COOP_HELP, COOP_HINDER = 15, 10
_AUTO_RANK = {"failure": 0, None: 1, "success": 2}


def _judge(a: Attack, fid: str) -> str:
    """Who wins against ``fid``: the opposition of the throws (a draw goes to the
    attacker) or, against a figure that threw no Défense, Combat ≥ 10 ([GAP-CM-11])."""
    ar, dr = a.attack_roll, a.defence_rolls.get(fid)
    assert ar is not None
    if dr is None:
        return a.attacker if succeeds(ar.auto, ar.total, UNPERCEIVED) else fid
    won, _ = oppose(Side(ar.total, ar.skill, ar.auto, True), Side(dr.total, dr.skill, dr.auto, False))
    return (a.attacker, dr.figure)[won] if won is not None else a.attacker


def _defend(ctx: CmCtx, a: Attack, fid: str, throws: bool) -> None:
    """One more defender against the throw made (a Zone, a Risque's ally): its Défense
    when it ``throws`` one."""
    if throws:
        a.defence_rolls[fid] = draw(ctx, fid, "defence", defence_mods(ctx, a, fid))
    a.won[fid] = _judge(a, fid)
    if fid in a.defence_rolls:
        _record_defence(ctx, a, fid)


def _record_attack(ctx: CmCtx, a: Attack) -> None:
    ar = a.attack_roll
    assert ar is not None
    first = a.defence_rolls.get(a.target)
    record(ctx, ar, rule=_rule(a), key="cm_lbl_attack",
           params={"figure": a.attacker, "skill": SKILLS[ar.skill_name], "target": a.target},
           need=first.total if first is not None else UNPERCEIVED,
           success=a.won.get(a.target) == a.attacker, target=a.target)


def _record_defence(ctx: CmCtx, a: Attack, fid: str) -> None:
    ar, dr = a.attack_roll, a.defence_rolls[fid]
    assert ar is not None
    record(ctx, dr, rule=_rule(a), key="cm_lbl_defence",
           params={"figure": fid, "target": a.attacker}, need=ar.total,
           success=a.won.get(fid) == fid, target=a.attacker)
    _, tie = oppose(Side(ar.total, ar.skill, ar.auto, True), Side(dr.total, dr.skill, dr.auto, False))
    ctx.emit(Contest(rule=_rule(a), ruleset="cle_en_main", figures=(a.attacker, fid),
                     serials=(ar.serial, dr.serial), skills=(ar.skill, dr.skill),
                     totals=(ar.total, dr.total), automatic=(ar.auto, dr.auto),
                     winner=a.won.get(fid), tie_break=tie))


def _record_all(ctx: CmCtx, a: Attack) -> None:
    for fid in defenders(a):
        a.won[fid] = _judge(a, fid)
    _record_attack(ctx, a)
    for fid in defenders(a):
        if fid in a.defence_rolls:
            _record_defence(ctx, a, fid)


def _rule(a: Attack) -> str:
    return "CM-SPECIAL" if a.kind in SECOND else "CM-ATTACK"


def _reroll_key(a: Attack, fid: str) -> str:
    serials = [a.attack_roll.serial] if a.attack_roll else []
    serials += [r.serial for r in a.defence_rolls.values()]
    return f"reroll:{fid}:{','.join(map(str, serials))}"


def _reroll_stage(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    """[CM-HERO-USE] [S8] a side that lost may cancel its test and make it again (the
    attacker its own throw, not a cooperating figure's)."""
    own = a.attack_roll is not None and a.attack_roll.figure == a.attacker
    losers = [a.attacker] if own and any(a.won[d] != a.attacker for d in defenders(a)) else []
    losers += [d for d in defenders(a) if a.won[d] != d and d in a.defence_rolls]
    for fid in losers:
        if _reroll_key(a, fid) in a.asked or not can_spend(ctx.cmf(fid), "reroll"):
            continue
        ask(ctx, band=ctx.fig(fid).band, kind=f"cm_reroll:{fid}", figure=fid,
            prompt="cm_ask_reroll", params={"figure": fid},
            options=[("no", "cm_opt_no", {}), ("yes", "cm_opt_yes", {})])
        return
    a.stage = "zone"


def _reroll(ctx: CmCtx, a: Attack, fid: str) -> None:
    old = a.attack_roll if fid == a.attacker else a.defence_rolls[fid]
    assert old is not None
    mods = {k: v for k, v in old.mods.items() if k != "armour"}
    new = draw(ctx, fid, old.skill_name, mods, heroic=len(old.throw.faces) > 3, replaces=old,
               paid={"heroism": HERO_COST["reroll"]})
    if fid == a.attacker:
        a.attack_roll = new
        for d in defenders(a):
            a.won[d] = _judge(a, d)
        _record_attack(ctx, a)
        for d in defenders(a):
            if d in a.defence_rolls:
                _contest_only(ctx, a, d)
    else:
        a.defence_rolls[fid] = new
        a.won[fid] = _judge(a, fid)
        _record_defence(ctx, a, fid)


def _contest_only(ctx: CmCtx, a: Attack, fid: str) -> None:
    ar, dr = a.attack_roll, a.defence_rolls[fid]
    assert ar is not None
    _, tie = oppose(Side(ar.total, ar.skill, ar.auto, True), Side(dr.total, dr.skill, dr.auto, False))
    ctx.emit(Contest(rule=_rule(a), ruleset="cle_en_main", figures=(a.attacker, fid),
                     serials=(ar.serial, dr.serial), skills=(ar.skill, dr.skill),
                     totals=(ar.total, dr.total), automatic=(ar.auto, dr.auto),
                     winner=a.won[fid], tie_break=tie))


def in_zone(ctx: CmCtx, a: Attack, radius: float) -> list[str]:
    """[GAP-CM-21] every figure on the table whose base is within ``radius`` pas of the
    target's centre, friends included, the fallen too, but the target."""
    t = ctx.fig(a.target)
    out = []
    for f in ctx.figures():
        cf = ctx.cmf(f.id)
        if f.id == t.id or cf.dead or f.status not in ("in_play", "out_of_action"):
            continue
        if math.dist(f.pos, t.pos) - f.radius <= radius:
            out.append(f.id)
    return out


def _zone(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    """[CM-RANGED] Zone: everyone in it defends against the one Combat result; an
    unconscious or surprised figure cannot, and is hit if the attack reaches 10
    ([GAP-CM-11])."""
    w = weapon_of(ctx, a.attacker, a.weapon)
    if w.zone and a.kind == "shot":
        for fid in in_zone(ctx, a, w.zone):
            if fid in a.defence_rolls or fid in a.won:
                continue
            a.attacked.append(fid)
            _defend(ctx, a, fid, perceives(ctx, fid))
    a.stage = "outcome"


def _outcome(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    if a.kind in SECOND:
        if a.won[a.target] == a.attacker:
            _special_effect(ctx, a)
        a.stage = "risk"
        return
    a.to_harm = [fid for fid, w in a.won.items() if w == a.attacker]
    a.stage = "harm"


def _special_effect(ctx: CmCtx, a: Attack) -> None:
    """[CM-SPECIAL] the second opposition: Muscles/Acrobatie trips, Combat/Combat
    disarms; a won first opposition does no damage."""
    mine, theirs = SECOND[a.kind]
    ar = draw(ctx, a.attacker, mine, a.load.modifiers())
    dr = draw(ctx, a.target, theirs)
    won, tie = oppose(Side(ar.total, ar.skill, ar.auto, True), Side(dr.total, dr.skill, dr.auto, False))
    for r, other, ok in ((ar, dr, won == 0), (dr, ar, won == 1)):
        record(ctx, r, rule="CM-SPECIAL", key="cm_lbl_special",
               params={"figure": r.figure, "skill": SKILLS[r.skill_name], "target": other.figure},
               need=other.total, success=ok, target=other.figure)
    winner = a.attacker if won == 0 else a.target
    ctx.emit(Contest(rule="CM-SPECIAL", ruleset="cle_en_main", figures=(a.attacker, a.target),
                     serials=(ar.serial, dr.serial), skills=(ar.skill, dr.skill),
                     totals=(ar.total, dr.total), automatic=(ar.auto, dr.auto), winner=winner,
                     tie_break=tie))
    a.won[f"{a.target}:second"] = winner
    if winner != a.attacker:
        return
    cf = ctx.cmf(a.target)
    if a.kind == "trip":
        cf.prone = True
        ctx.emit(StatusChanged(rule="CM-SPECIAL", figure=a.target, status="prone"))
    else:
        w = best_melee(ctx, a.target)
        if w is not None:
            cf.dropped = sorted({*cf.dropped, w})
            ctx.emit(StatusChanged(rule="CM-SPECIAL", figure=a.target, status="disarmed"))


def blow(ctx: CmCtx, a: Attack, fid: str) -> Blow:
    w = weapon_of(ctx, a.attacker, a.weapon)
    p = ctx.cmf(a.attacker).profile
    zone = bool(w.zone) and a.kind == "shot"
    group = len(a.together) if figurant(ctx, a.attacker) else 0
    return Blow(weapon=w, bonus=p.melee_bonus if a.kind in MELEE_KINDS else p.ranged_bonus,
                meurtriere=a.load.count("meurtriere"), legere=a.load.count("legere"),
                multiple="multiple" in a.load.primes, group=group, full=zone)


def _harm_stage(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    """Each wound announced, then taken: the target may cancel it, a nearby ally with
    the PJ rules may take it instead ([CM-HERO-USE], [GAP-CM-14])."""
    if not a.to_harm:
        a.stage = "done" if a.risk_done else "risk"
        return
    fid = a.to_harm[0]
    ar = a.attack_roll
    assert ar is not None
    dr = a.defence_rolls.get(fid)
    steps = damage(ctx, ar.throw, blow(ctx, a, fid), by=a.attacker, target=fid,
                   heroic_defence=dr.throw.heroic if dr is not None else 0)
    a.announced = steps
    options = _harm_options(ctx, fid) if steps.damage > 0 else []
    if not options:
        _take(ctx, a, "none")
        return
    ask(ctx, band=ctx.fig(fid).band, kind="cm_damage", figure=fid, prompt="cm_ask_damage",
        params={"figure": fid, "damage": steps.damage},
        options=[("none", "cm_opt_no", {}), *options])


def _harm_options(ctx: CmCtx, fid: str) -> list[tuple[str, str, dict[str, object]]]:
    out: list[tuple[str, str, dict[str, object]]] = []
    if can_spend(ctx.cmf(fid), "cancel_damage"):
        out.append(("cancel", "cm_opt_cancel", {"figure": fid}))
    f = ctx.fig(fid)
    contact = ctx.cm.options.cem_near_ally == "contact"
    for ally in ctx.in_play():
        if ally.id == fid or ally.band != f.band or not can_spend(ctx.cmf(ally.id), "take_for_ally"):
            continue
        if in_contact(f, ally) if contact else gap(f, ally) <= NEAR_ALLY:
            out.append((f"take:{ally.id}", "cm_opt_take", {"figure": ally.id}))
    return out


def _harm_answer(ctx: CmCtx, a: Attack, option: str) -> None:
    if option == "cancel":
        spend(ctx, a.to_harm[0], "cancel_damage")
    elif option.startswith("take:"):
        spend(ctx, option.split(":", 1)[1], "take_for_ally")
    _take(ctx, a, option)


def _take(ctx: CmCtx, a: Attack, option: str) -> None:
    steps = a.announced
    assert steps is not None
    if option == "cancel":
        suffer(ctx, msgspec.structs.replace(steps, damage=0, cancelled=True))
    elif option.startswith("take:"):
        ally = option.split(":", 1)[1]
        suffer(ctx, msgspec.structs.replace(steps, figure=ally, rule="CM-HERO-USE",
                                            protection=0, vitality=ctx.cmf(ally).vitality))
    else:
        suffer(ctx, steps)
    a.announced = None
    a.to_harm.pop(0)


def _risk(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    """[CM-N-RISQUE] [GAP-CM-12] a failed action's Risques: a shot into a melee goes to a
    random ally in contact with the target, who defends against the same result; any
    other Risque costs the attacker its next tour de jeu."""
    a.risk_done = True
    failed = a.won.get(a.target) != a.attacker or (
        a.kind in SECOND and a.won.get(f"{a.target}:second") != a.attacker)
    a.stage = "done"
    if not failed:
        return
    if "incident" in a.load.risks:
        ctx.cmf(a.attacker).loses_turn = True
        ctx.emit(StatusChanged(rule="GAP-CM-12", figure=a.attacker, status="loses_next_tour"))
    if "ally" in a.load.risks:
        me = ctx.fig(a.attacker)
        near = sorted(e.id for e in engaged_with(ctx, ctx.fig(a.target)) if e.band == me.band)
        if not near:
            return
        ally = near[_pick(ctx, a.attacker, min(len(near), 6)) - 1]
        a.attacked.append(ally)
        _defend(ctx, a, ally, throws_defence(ctx, ally))
        if a.won[ally] == a.attacker:
            a.to_harm = [ally]
            a.stage = "harm"


def _pick(ctx: CmCtx, fid: str, n: int) -> int:
    """One of ``n`` (≤ 6) at random: a d6, rolled again above ``n``; recorded."""
    if n == 1:
        return 1
    return dice(ctx, 1, rule=RISQUE_ALLY, key="cm_lbl_ally", params={"figure": fid},
                figure=fid, role="white", reroll_above=n)[-1]


#: [GAP-CM-12] the rule of a failed shot's Risque that hits an ally.
RISQUE_ALLY = "GAP-CM-12"


def _done(ctx: CmCtx, tour: Tour, a: Attack) -> None:
    after_action(ctx.cmf(a.attacker), a.load)
    group = figurant(ctx, a.attacker)
    for fid in a.together:  # their tours de jeu are used ([CM-COOP]: one single turn)
        ctx.cmf(fid).acted = True
        if group:  # [CM-GROUP-MONITOR] a group's combat monitor is each member's
            after_action(ctx.cmf(fid), a.load)
    band = ctx.fig(a.attacker).band
    for fid in dict.fromkeys(a.attacked):
        f = ctx.fig(fid)
        if f.band != band:
            tour.attacked.setdefault(f.band, [])
            if fid not in tour.attacked[f.band]:
                tour.attacked[f.band].append(fid)
    if a.kind == "shot" and ctx.s.options.passive_actions.shot:  # [R-MORALE-SHOT], passive.py
        ctx.cm.passives += [Passive(kind="shot", figure=fid, cause=a.attacker, weapon=a.weapon)
                            for fid in defenders(a)]
    tour.acted = True
    tour.attack = None


_STAGES: dict[str, Callable[[CmCtx, Tour, Attack], None]] = {
    "group": _group, "special": _special, "pair": _pair, "second": _second, "free": _free, "hero": _hero,
    "roll": _roll, "reroll": _reroll_stage, "zone": _zone, "outcome": _outcome,
    "harm": _harm_stage, "risk": _risk, "done": _done,
}
