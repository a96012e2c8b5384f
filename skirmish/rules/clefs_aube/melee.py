"""Strike in the simple system ([CA-MELEE]) and by surclassement ([CA-SURCLASSEMENT],
GAP-CA-5, GAP-CA-6), and the multi-action ladder every rolled action climbs."""

from __future__ import annotations

import msgspec

from skirmish.rules.clefs_aube.damage import encaisse
from skirmish.rules.clefs_aube.profile import bc
from skirmish.rules.clefs_aube.roll import roll
from skirmish.rules.clefs_aube.state import FIXES_OF_3, CaFigure, CaState, plays
from skirmish.rules.clefs_aube.totals import defence_nd, ladder, ta, weapon
from skirmish.rules.dice import Dice
from skirmish.rules.events import ActionDeclared, DecisionTaken, Event, Opposition
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.decisions import ask
from skirmish.rules.skirmish.state import Figure
from skirmish.rules.skirmish.steps import RulesetStep

#: [CA-SURCLASSEMENT] the manoeuvres and the keys of their labels.
MANOEUVRES = {"MD": "ca_opt_md", "MP": "ca_opt_mp", "MA": "ca_opt_ma"}


def ca_state(ctx: Ctx) -> CaState:
    return ctx.s  # type: ignore[return-value]


# -- the activation's rolled actions ([CA-MULTI], GAP-CA-2) -------------------------------------
def plan_step(fid: str) -> RulesetStep:
    return RulesetStep(kind="plan", data={"figure": fid})


def run_plan(ctx: Ctx, step: RulesetStep) -> None:
    """At its first rolled action the figure declares how many it plans (1 … what its PA
    still allow); with one possible there is nothing to ask."""
    s = ca_state(ctx)
    f = ctx.fig(step.data["figure"])
    cf = s.ca[f.id]
    if cf.planned or not s.ca_options.ca_multi_actions:
        return
    if step.choice is not None:
        cf.planned = int(step.choice)
        return
    most = 1 + max(0, f.pa)
    if most == 1:
        cf.planned = 1
        return
    opts = []
    for n in range(1, most + 1):
        steps = ", ".join(str(ladder(n, k)) for k in range(n))
        opts.append((str(n), "ca_opt_plan", {"n": n, "ladder": steps}, None))
    ask(ctx, step, band=f.band, kind="ca_plan", figure=f.id, prompt="ca_ask_plan",
        params={"figure": f.id}, options=opts, default="1")


def next_handicap(ctx: Ctx, f: Figure) -> tuple[int, dict[str, object]]:
    """The handicap ``f``'s next rolled action would take, without taking it: its ladder
    step ([CA-MULTI], as if one action were planned when none is yet) and étourdi."""
    s = ca_state(ctx)
    cf = s.ca[f.id]
    ins: dict[str, object] = {}
    total = 0
    if s.ca_options.ca_multi_actions:
        h = ladder(cf.planned, cf.rolled)
        if h:
            ins["multi_action_handicap"] = h
            ins["planned_actions"] = cf.planned
        total += h
    if cf.etourdi:
        ins["etourdi"] = 1
        total += 1
    return total, ins


def take_handicap(ctx: Ctx, f: Figure, ins: dict[str, object]) -> int:
    """The handicap of ``f``'s next rolled action (GAP-CA-2, GAP-CA-10), used up now;
    written into ``ins``. The action is counted whether or not the ladder is in use, for
    GAP-CA-18 forbids Éviter after an attack (a game of version 2 or older counted only
    with ``ca_multi_actions``, and let an attacker evade without it)."""
    total, why = next_handicap(ctx, f)
    ins.update(why)
    s = ca_state(ctx)
    cf = s.ca[f.id]
    if s.ca_options.ca_multi_actions or plays(s, FIXES_OF_3):
        cf.rolled += 1
    cf.etourdi = False
    return total


# -- Strike -----------------------------------------------------------------------------------
def declare_strike(ctx: Ctx, f: Figure, t: Figure, wid: str | None) -> None:
    f.pa -= 1
    ctx.emit(ActionDeclared(rule="R-ACT-STRIKE", figure=f.id, action="strike", cost=1,
                            target=t.id, weapon=wid))
    strike = RulesetStep(kind="strike", data={"attacker": f.id, "target": t.id, "weapon": wid})
    ctx.push(plan_step(f.id), strike)


def run_strike(ctx: Ctx, step: RulesetStep) -> None:
    s = ca_state(ctx)
    f, t = ctx.fig(step.data["attacker"]), ctx.fig(step.data["target"])
    if f.status != "in_play" or t.status not in ("in_play", "out_of_action"):
        return
    if t.status == "in_play" and s.ca_options.ca_combat == "surclassement":
        run_exchange(ctx, step, f, t)
        return
    simple_strike(ctx, f, t, step.data["weapon"])


def simple_strike(ctx: Ctx, f: Figure, t: Figure, wid: str | None) -> None:
    """[CA-MELEE] d20 against TA, ND = the defender's TP (Esq while it evades); on a hit
    Dom = °R + BD. A fallen defender is hit without a roll, °R = CA (GAP-CA-9, GAP-51)."""
    s = ca_state(ctx)
    cf, tf = s.ca[f.id], s.ca[t.id]
    w = weapon(cf.profile, wid)
    ins: dict[str, object] = {"ta": ta(cf.profile, wid), "ba": w.ba, "bd": w.bd,
                              "weapon": wid or "unarmed", "pf_ph": cf.fatigue()}
    ca = ta(cf.profile, wid) - cf.fatigue() - take_handicap(ctx, f, ins)
    if t.status == "out_of_action":
        ins["fallen_target"] = True
        encaisse(ctx, t, ca + w.bd, f, inputs={"degree": ca, "bd": w.bd})
        return
    nd, nd_ins = defence_nd(tf, s.ca_options)
    ins.update(nd_ins)
    r = roll(ctx, ca=ca, nd=nd, rule="CA-MELEE", key="ca_lbl_strike", params={"weapon": wid or ""},
             inputs=ins, figure=f.id, target=t.id, role="attack",
             critical=s.ca_options.ca_critical_die == "attacks")
    if r.hit:
        encaisse(ctx, t, r.degree + w.bd, f, inputs={"degree": r.degree, "bd": w.bd})


# -- surclassement ----------------------------------------------------------------------------
def run_exchange(ctx: Ctx, step: RulesetStep, f: Figure, t: Figure) -> None:
    """Both fighters choose a manoeuvre in secret (attacker, then defender behind the
    hand-off), then both roll (S7 hidden choice; S9 opposed resolution)."""
    data = step.data
    if "attacker_choice" not in data:
        if step.choice is None:
            _ask_manoeuvre(ctx, step, f, t, default="MD", handicap=next_handicap(ctx, f)[0])
            return
        nxt = RulesetStep(kind="strike", data={**data, "attacker_choice": step.choice})
        _ask_manoeuvre(ctx, nxt, t, f, default="MP", handicap=0)
        return
    if step.choice is None:  # resumed without an answer: cannot happen through ``answer``
        _ask_manoeuvre(ctx, step, t, f, default="MP", handicap=0)
        return
    exchange(ctx, f, t, data["weapon"], data["attacker_choice"], step.choice)


def _ask_manoeuvre(ctx: Ctx, step: RulesetStep, chooser: Figure, enemy: Figure,
                   default: str, handicap: int) -> None:
    """Each option shows the CA its roll will be made against (handicaps included)."""
    cf = ca_state(ctx).ca[chooser.id]
    ask(ctx, step, band=chooser.band, kind="ca_manoeuvre", figure=chooser.id,
        prompt="ca_ask_manoeuvre", params={"figure": chooser.id, "enemy": enemy.id},
        options=[(m, key, {"ca": manoeuvre_ca(cf, m) - handicap}, None)
                 for m, key in MANOEUVRES.items()], default=default)


def conceal_manoeuvre(state: CaState, log: list[Event], dice: Dice) -> None:
    """S15 (S7 hidden choice): while the defender chooses, the attacker's manoeuvre is
    already in the pending step (and its ``DecisionTaken`` in the log). A look-ahead for
    the defender — the computer's rollouts, the F3 hint — would resolve every exchange
    with the real choice; on the copy it becomes one drawn uniformly from the forked dice,
    the same whatever the secret was."""
    p = state.pending
    if p is None or p.kind != "ca_manoeuvre":
        return
    step = p.resume
    if not isinstance(step, RulesetStep) or "attacker_choice" not in step.data:
        return
    guess = list(MANOEUVRES)[dice.die(len(MANOEUVRES)) - 1]
    data = {**step.data, "attacker_choice": guess}
    state.pending = msgspec.structs.replace(p, resume=msgspec.structs.replace(step, data=data))
    for i in range(len(log) - 1, -1, -1):  # the attacker's answer, the last one taken
        e = log[i]
        if isinstance(e, DecisionTaken) and e.kind == "ca_manoeuvre":
            log[i] = msgspec.structs.replace(e, option=guess)
            return


def manoeuvre_ca(cf: CaFigure, m: str) -> int:
    """[CA-SURCLASSEMENT] MP Ph + Ma + BC; MA Ph + Ex + BC; MD Ph + Pu + BC (less PF)."""
    p = cf.profile
    moyen = {"MP": p.ma, "MA": p.ex, "MD": p.pu}[m]
    return p.ph + moyen + bc(p.nc_melee) - cf.fatigue()


def exchange(ctx: Ctx, f: Figure, t: Figure, wid: str | None, m_att: str, m_def: str) -> None:
    """GAP-CA-6: raw °R compared (banked MA points added to a success); one success wins
    with its whole °R, two with the difference. Effects (GAP-CA-5, the chapter): MD Dom =
    effect + BD − 5; MA banks effect + BA; MP only stops the other."""
    s = ca_state(ctx)
    crit = s.ca_options.ca_critical_die == "attacks"
    sides = []
    for fig, m, wpn, attacker in ((f, m_att, wid, True), (t, m_def, None, False)):
        cf = s.ca[fig.id]
        if not attacker:
            wpn = max(sorted(cf.profile.melee) or [None],
                      key=lambda w: weapon(cf.profile, w).bd)
        ins: dict[str, object] = {"manoeuvre": m, "pf_ph": cf.fatigue(),
                                  "weapon": wpn or "unarmed"}
        ca = manoeuvre_ca(cf, m) - (take_handicap(ctx, fig, ins) if attacker else 0)
        banked, cf.banked_ma = cf.banked_ma, 0
        r = roll(ctx, ca=ca, nd=0, rule="CA-SURCLASSEMENT", key="ca_lbl_manoeuvre",
                 params={"manoeuvre": m}, inputs=ins, figure=fig.id,
                 target=(t if attacker else f).id, role="attack", critical=crit)
        raw = r.degree + banked if r.ok else None
        if banked and r.ok:
            ins["banked_ma"] = banked
        sides.append((fig, m, wpn, raw))
    (a, ma, wa, ra), (d, md, wd, rd) = sides
    winner = None
    effect = 0
    tie = "one success" if (ra is None) != (rd is None) else "higher raw °R"
    if ra is not None and rd is not None:
        if ra != rd:
            winner = (a, ma, wa) if ra > rd else (d, md, wd)
            effect = abs(ra - rd)
        else:
            tie = "equal °R: no winner"
    elif ra is not None:
        winner, effect = (a, ma, wa), ra
    elif rd is not None:
        winner, effect = (d, md, wd), rd
    else:
        tie = "both failed: banked points lost"
    w = weapon(s.ca[winner[0].id].profile, winner[2]) if winner else None
    banked = effect + w.ba if winner and w and winner[1] == "MA" else 0
    ctx.emit(Opposition(rule="CA-SURCLASSEMENT", figures=(a.id, d.id), choices=(ma, md),
                        degrees=(ra, rd), winner=winner[0].id if winner else None,
                        effect=effect, tie_break=tie, banked=banked))
    if winner is None or w is None:
        return
    wf, wm, _ = winner
    loser = d if wf is a else a
    if wm == "MD":
        encaisse(ctx, loser, effect + w.bd - 5, wf,
                 inputs={"effect": effect, "bd": w.bd, "manoeuvre": "MD"})
    elif wm == "MA":
        s.ca[wf.id].banked_ma = banked
