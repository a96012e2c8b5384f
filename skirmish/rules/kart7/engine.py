"""A KART 7 game from set-up to the end: the state as it starts (§4.b per figure), the
deal and the deployment roll-off by cards ([K7-DEAL], [GAP-K7-2], [GAP-K7-27]), and the
dispatch of every command to the table's deployment or the turn (``turn.py``)."""

from __future__ import annotations

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.rules import commands as c
from skirmish.rules.errors import GameOver
from skirmish.rules.events import DeploymentOrder
from skirmish.rules.frame import deployment as dep
from skirmish.rules.frame.figure import FrameFigure
from skirmish.rules.frame.messages import illegal, say
from skirmish.rules.frame.options import options_to_dict
from skirmish.rules.frame.profile import figure_stats
from skirmish.rules.frame.queries import bands_in_play
from skirmish.rules.kart7 import piles, turn
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.options import Kart7Options
from skirmish.rules.kart7.profile import RULESET, profile_for
from skirmish.rules.kart7.state import Cards, K7Figure, K7State


def new_state(scenario: Scenario, book: Rulebook, options: Kart7Options) -> K7State:
    """The table's set-up and, per figure, its §4.b profile (a native block wins)."""
    opts = options_to_dict(options.frame)
    figures: dict[str, FrameFigure] = {}
    own: dict[str, K7Figure] = {}
    for entry in scenario.bands:
        wb = entry.warband
        for spec in wb.figures:
            stats = figure_stats(book, wb, spec, opts)
            fid = f"{wb.id}:{spec.id}"
            f = FrameFigure(id=fid, band=wb.id, name=spec.name, rank=str(spec.rank),
                            base=float(spec.base), stats=stats,
                            ranged=[w for w in spec.weapons if w in book.ranged_weapons],
                            melee=[w for w in spec.weapons if w in book.melee_weapons],
                            equipment=list(spec.equipment))
            if spec.position is not None:
                f.x, f.y = float(spec.position[0]), float(spec.position[1])
                f.status = "in_play"
            figures[fid] = f
            own[fid] = K7Figure(profile=profile_for(book, spec, stats))
    return K7State(ruleset=RULESET, scenario=scenario.id, setting=scenario.setting,
                   options=options.frame, width=float(scenario.width),
                   height=float(scenario.height), bands=dep.new_bands(scenario),
                   figures=figures, objectives=list(scenario.objectives),
                   k7=Cards(options=options.k7, figures=own))


def begin(ctx: K7Ctx) -> None:
    """[K7-DEAL] the decks shuffled from the seed, each figure dealt its hand and pioche
    (sides in scenario order, figures in roster order); then the deployment."""
    p = ctx.k7.piles
    ctx.events.extend(piles.set_up(p, ctx.k7.options.k7_decks, ctx.dice))
    for fid in ctx.s.figures:
        prof = ctx.own(fid).profile
        ctx.events.extend(piles.deal(p, fid, prof.hand, prof.pioche_max, ctx.dice))
    start_deployment(ctx)
    if ctx.s.phase == "battle":
        turn.start_turn(ctx)


def start_deployment(ctx: K7Ctx) -> None:
    """GAP-8 with [GAP-K7-27]: a card per side, the lowest deploys its whole band first."""
    s = ctx.s
    todo = [b.id for b in s.bands
            if any(f.status == "reserve" for f in ctx.band_figures(b.id))]
    if not todo:
        dep.finish_deployment(ctx)
        return
    order = turn.order_by_cards(ctx, todo, "GAP-K7-27", "k7_lbl_roll_off")
    s.deploy_order = list(reversed(order))
    s.deploy_index = 0
    ctx.emit(DeploymentOrder(rule="GAP-K7-27", order=tuple(s.deploy_order)))


def apply(ctx: K7Ctx, cmd: c.Command) -> None:
    s = ctx.s
    if s.phase == "over":
        raise GameOver(say("game_over"), key="game_over")
    if isinstance(cmd, c.Resign):
        resign(ctx, cmd.band)
        return
    if s.pending is not None:
        if not isinstance(cmd, c.Choose):
            raise illegal("waiting_for", band=s.band(s.pending.band).name,
                          prompt=s.pending.prompt)
        turn.on_choose(ctx, cmd)
        return
    if s.phase == "deployment":
        dep.deployment_command(ctx, cmd, lambda: turn.start_turn(ctx))
    elif isinstance(cmd, c.Declare):
        turn.on_declare(ctx, cmd)
    elif isinstance(cmd, c.Decline):
        turn.on_decline(ctx, cmd)
    elif isinstance(cmd, c.Choose):
        raise illegal("no_decision")
    elif isinstance(cmd, (c.Deploy, c.AutoDeploy, c.EndDeployment)):
        raise illegal("deployment_over", "R-DEPLOY")
    else:
        raise illegal("unknown_command", command=type(cmd).__name__)




def resign(ctx: K7Ctx, band_id: str) -> None:
    """A side leaves: its figures count as fled (no VP to anyone); the turn goes on
    without it, or the game ends when one side is left."""
    fleeing = ("in_play", "reserve", "out_of_action")  # a KO figure flees with its side
    if not dep.leave_band(ctx, band_id, lambda: turn.start_turn(ctx), fleeing):
        return
    s = ctx.s
    if len(bands_in_play(ctx)) <= 1:
        s.pending = None
        turn.finish(ctx, "end_one_band")
        return
    turn.drop_band(ctx, band_id)
