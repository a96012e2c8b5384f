"""What may be done now in a WFRP game (``Ruleset.legal_commands``) and the acting
figure's action bar (``Ruleset.action_menu``, RULESETS §0.7): every candidate is checked
by the same :func:`~skirmish.rules.wfrp2.actions.check` the engine runs."""

from __future__ import annotations

import math

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.legal import table_commands
from skirmish.rules.frame.messages import illegal, say
from skirmish.rules.frame.movement import ignores_difficult
from skirmish.rules.frame.queries import engaged_with, gap
from skirmish.rules.ruleset import ActionInfo
from skirmish.rules.wfrp2.actions import COSTS, PAID, RUN_FACTOR, check
from skirmish.rules.wfrp2.context import WfCtx
from skirmish.rules.wfrp2.state import WfFigure

#: Destinations sampled for a move: this many compass bearings, and the nearest enemies.
BEARINGS, NEAREST = 8, 3
#: How far the action bar's probe of a move goes (pas).
STEP = 1.0
#: The tooltip of an action whose button's short words do not say what it spends.
NOTES = {"fortune": "wf_note_fortune"}


def legal_commands(ctx: WfCtx, *, sample_moves: bool = True) -> list[c.Command]:
    s = ctx.s
    table = table_commands(ctx, s.pending, sample_moves=False)
    if table is not None:
        return table
    if s.active is None:
        return []
    return figure_commands(ctx, ctx.fig(s.active), sample_moves=sample_moves)


def _legal(ctx: WfCtx, f: WfFigure, cmd: c.Command) -> bool:
    try:
        check(ctx, f, cmd)
    except IllegalCommand:
        return False
    return True


def figure_commands(ctx: WfCtx, f: WfFigure, *, sample_moves: bool = True) -> list[c.Command]:
    """Every action of the acting figure that may be taken now (moves sampled)."""
    out: list[c.Command] = [c.EndActivation(figure=f.id)]
    fid = f.id
    cands: list[c.Command] = [c.Act(figure=fid, action=a) for a in
                              ("fortune", "visee", "parade", "defensive", "retardement")]
    enemies = [e for e in ctx.figures() if e.band != f.band and e.status in ("in_play",
                                                                            "out_of_action")]
    contact = {e.id for e in engaged_with(ctx, f)} | {
        e.id for e in enemies if e.status == "out_of_action" and gap(f, e) <= 0.1}
    for e in enemies:
        if e.id in contact:
            cands += [c.Strike(figure=fid, target=e.id)]
            if e.status == "in_play":
                cands += [c.Act(figure=fid, action=a, target=e.id)
                          for a in ("rapide", "brutale", "prudente", "feinte", "manoeuvre")]
        elif e.status == "in_play":
            cands.append(c.Charge(figure=fid, target=e.id))
            for w in f.profile.weapons:
                if w.ranged:
                    cands.append(c.Shoot(figure=fid, weapon=w.id, target=e.id))
                    cands.append(c.Act(figure=fid, action="rapide", target=e.id, weapon=w.id))
    for w in f.profile.weapons:
        if w.slow:
            cands.append(c.Act(figure=fid, action="rechargement", weapon=w.id))
    cands.append(c.Flee(figure=fid))
    cands += [c.UseMedikit(figure=fid, target=a.id) for a in ctx.band_figures(f.band)
              if a.status == "in_play"]
    if sample_moves:
        cands += move_commands(ctx, f)
    out += [cmd for cmd in cands if _legal(ctx, f, cmd)]
    return out


def move_commands(ctx: WfCtx, f: WfFigure) -> list[c.Command]:
    """Mouvement towards each compass bearing, and Mouvement and Course towards the nearest
    enemies and the objectives, as far as the allowance goes (difficult terrain costing
    double)."""
    bearings = [(f.x + math.cos(2 * math.pi * i / BEARINGS) * 100,
                 f.y + math.sin(2 * math.pi * i / BEARINGS) * 100) for i in range(BEARINGS)]
    foes = sorted((e for e in ctx.in_play() if e.band != f.band), key=lambda e: (gap(f, e), e.id))
    goals = [e.pos for e in foes[:NEAREST]] + [o.at for o in ctx.s.objectives]
    out: list[c.Command] = []
    for kind, factor, towards in ((c.Walk, 1.0, bearings + goals), (c.Run, RUN_FACTOR, goals)):
        for goal in towards:
            path = ctx.table.move_straight(f.disc, goal, factor * f.profile.mvt,
                                           ctx.obstacles(f), ignores_difficult(f))
            if path.cost > 0.5:
                end = (round(path.end[0], 2), round(path.end[1], 2))
                out.append(kind(figure=f.id, to=end))
    return out


def action_menu(ctx: WfCtx, f: WfFigure) -> list[ActionInfo]:
    """Each action of the catalogue the figure could ever take, with its cost in half
    actions, enabled when some target or place makes it legal now, else greyed with the
    first refusal's reason."""
    cmds = figure_commands(ctx, f, sample_moves=True)
    items = []
    for name, (cost, rule) in COSTS.items():
        if not _ever(f, name):
            continue
        said = {2: "full", 1: "half", 0: "free"}[cost]
        mine = [cmd for cmd in cmds if c.action_kind(cmd) == name]
        paid = PAID.get(name, {})
        key = NOTES.get(name, "")
        err = None if mine else _refusal(ctx, f, name)
        items.append(ActionInfo.refused(name, said, err) if err is not None
                     else ActionInfo(kind=name, cost=said, enabled=True, rule=rule, paid=paid,
                                     note=say(key) if key else "", note_key=key))
    items.append(ActionInfo(kind="end", cost="0", enabled=True))
    return items


def _ever(f: WfFigure, name: str) -> bool:
    """Whether the figure could ever take ``name`` in this game: a shot with a missile
    weapon, a Rechargement with a slow one, Soins with a medikit, the Fortune half action
    with Fortune points. The others are greyed with their reason when they may not be
    taken now; these would only fill the bar (a henchman's eighteenth button)."""
    ranged = [w for w in f.profile.weapons if w.ranged]
    return {"shoot": bool(ranged), "rechargement": any(w.slow for w in ranged),
            "medikit": f.medikits > 0, "fortune": f.fortune > 0}.get(name, True)


def _refusal(ctx: WfCtx, f: WfFigure, name: str) -> IllegalCommand | None:
    """Why ``name`` cannot be taken now, asked of the engine with a probe; None when a
    probe passes (a move a step away in some direction: the sample went farther)."""
    if name in ("walk", "run"):
        kind = c.Walk if name == "walk" else c.Run
        probes: list[c.Command] = [kind(figure=f.id, to=(f.x + math.cos(a) * STEP,
                                                         f.y + math.sin(a) * STEP))
                                   for a in (2 * math.pi * i / BEARINGS for i in range(BEARINGS))]
    else:
        probes = [{"charge": c.Charge(figure=f.id, target=""),
                   "strike": c.Strike(figure=f.id, target=""),
                   "shoot": c.Shoot(figure=f.id, weapon="", target=""),
                   "flee": c.Flee(figure=f.id),
                   "medikit": c.UseMedikit(figure=f.id, target=f.id)}.get(name)
                  or c.Act(figure=f.id, action=name)]
    first = None
    for cmd in probes:
        try:
            check(ctx, f, cmd)
        except IllegalCommand as err:
            first = first or err
        else:
            return None
    if first is not None and first.key == "wf_not_enemy":  # the probe named nobody
        return illegal("wf_no_target", "GAP-WF-5", action=name)
    return first
