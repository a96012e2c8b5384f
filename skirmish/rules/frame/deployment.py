"""Setting up the bands and deploying them ([R-DEPLOY], GAP-8), under every ruleset
(RULESETS §0.2; the roll-off is the Skirmish d6, GAP-ALT-9)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

from skirmish.content.models import Rank, Rulebook
from skirmish.content.scenario import Scenario
from skirmish.content.warband import FigureSpec
from skirmish.rules import commands as c
from skirmish.rules.events import DeploymentEnded, DeploymentOrder, Placed, Resigned, Roll
from skirmish.rules.frame.context import TableCtx
from skirmish.rules.frame.figure import Band, FigureHead, Stats, TableFigure
from skirmish.rules.frame.messages import illegal
from skirmish.rules.frame.per_table import PerTable
from skirmish.rules.frame.state import TableState
from skirmish.rules.geometry import Point

ZONE_DEPTH = 8.0  # GAP-8 default: 8-pas-deep strips on opposite long edges
DEPLOY_SPACING = 1.2  # auto-deploy leaves this gap between bases (clear of 1-pas groups)
RANK_ORDER = {Rank.CHEF: 0, Rank.SOUS_CHEF: 1, Rank.SOUS_FIFRE: 2}

Head = TypeVar("Head", bound=FigureHead)


def default_zones(width: float, height: float) -> list[list[Point]]:
    """GAP-8: two strips along the long edges."""
    d = ZONE_DEPTH
    if width >= height:
        return [[(0, 0), (width, 0), (width, d), (0, d)],
                [(0, height - d), (width, height - d), (width, height), (0, height)]]
    return [[(0, 0), (d, 0), (d, height), (0, height)],
            [(width - d, 0), (width, 0), (width, height), (width - d, height)]]


def band_zones(scenario: Scenario) -> list[list[Point] | None]:
    """Each band's deployment zone as the game uses it: its own, else (GAP-8) a default
    strip for the first two bands, else none (the band may deploy anywhere; ``validate``
    refuses such a scenario, a recorded game keeps it)."""
    defaults = default_zones(scenario.width, scenario.height)
    zones: list[list[Point] | None] = []
    for i, entry in enumerate(scenario.bands):
        zone = list(entry.zone) if entry.zone else (defaults[i] if i < 2 else None)
        zones.append([(float(x), float(y)) for x, y in zone] if zone else None)
    return zones


def new_bands(scenario: Scenario) -> list[Band]:
    """The scenario's bands as a game starts: each with its Chef and its zone."""
    bands: list[Band] = []
    for entry, zone in zip(scenario.bands, band_zones(scenario), strict=True):
        wb = entry.warband
        chef = next((f"{wb.id}:{s.id}" for s in wb.figures if s.rank == Rank.CHEF), None)
        bands.append(Band(id=wb.id, name=wb.name, race=wb.race, colour=wb.colour,
                          controller=entry.controller, start_strength=len(wb.figures),
                          chef=chef, zone=zone))
    return bands


def new_figure(cls: type[Head], book: Rulebook, band_id: str, spec: FigureSpec, stats: Stats,
               **own: Any) -> Head:
    """``spec`` of band ``band_id`` as a game starts, as the ruleset's figure struct
    ``cls``: its kit sorted by the rulebook, and in play where the scenario placed it;
    ``own`` holds the fields the ruleset adds."""
    f = cls(id=f"{band_id}:{spec.id}", band=band_id, name=spec.name, rank=str(spec.rank),
            base=float(spec.base), stats=stats,
            ranged=[w for w in spec.weapons if w in book.ranged_weapons],
            melee=[w for w in spec.weapons if w in book.melee_weapons],
            equipment=list(spec.equipment), **own)
    if spec.position is not None:
        f.x, f.y = float(spec.position[0]), float(spec.position[1])
        f.status = "in_play"
    return f


def point_in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


# -- the deployment phase -------------------------------------------------------------------
def start_deployment(ctx: TableCtx) -> None:
    """GAP-8: roll-off (only tied bands reroll); the loser deploys its whole band first."""
    s = ctx.s
    todo = [b.id for b in s.bands
            if any(f.status == "reserve" for f in ctx.band_figures(b.id))]
    if not todo:
        finish_deployment(ctx)
        return
    order = roll_off(ctx, todo, rule="R-DEPLOY", key="lbl_roll_off", low_first=True,
                     again="lbl_roll_off_again")
    s.deploy_order = order
    s.deploy_index = 0
    ctx.emit(DeploymentOrder(order=tuple(order)))


def roll_off(ctx: TableCtx, bands: list[str], *, rule: str, key: str, low_first: bool,
             again: str | None = None) -> list[str]:
    """Each band rolls a d6; ties reroll among themselves until resolved."""
    scores = {}
    for b in bands:
        face = ctx.dice.d6()
        scores[b] = face
        ctx.emit(Roll(rule=rule, **ctx.said(key, band=b), dice=(face,), inputs={"band": b},
                      result=str(face)))
    groups: dict[int, list[str]] = {}
    for b, v in scores.items():
        groups.setdefault(v, []).append(b)
    out: list[str] = []
    for v in sorted(groups, reverse=not low_first):
        tied = groups[v]
        out.extend(roll_off(ctx, tied, rule=rule, key=again or key, low_first=low_first,
                            again=again) if len(tied) > 1 else tied)
    return out


def deploying_band(s: TableState) -> str | None:
    if s.phase != "deployment" or s.deploy_index >= len(s.deploy_order):
        return None
    return s.deploy_order[s.deploy_index]


def deployment_commands(ctx: TableCtx, band_id: str, *, sample: bool) -> list[c.Command]:
    """What the deploying ``band_id`` may do (RULESETS §0.7): end its deployment once every
    figure is placed; else place them all at once and, when ``sample``, one by hand at its
    first automatic place (placing is continuous: that one stands for any other)."""
    if not any(f.status == "reserve" for f in ctx.band_figures(band_id)):
        return [c.EndDeployment(band=band_id)]
    out: list[c.Command] = [c.AutoDeploy(band=band_id)]
    if sample:
        out += [c.Deploy(figure=f.id, at=p) for f, p in auto_positions(ctx, band_id)[:1]]
    return out


def check_place(ctx: TableCtx, f: TableFigure, at: Point) -> None:
    band = ctx.s.band(f.band)
    if deploying_band(ctx.s) != f.band:
        raise illegal("not_deploy_turn", "R-DEPLOY", band=band.name)
    if band.zone is not None and not point_in_polygon(at, band.zone):
        raise illegal("outside_zone", "R-DEPLOY", figure=f.name, band=band.name)
    others = [o.disc for o in ctx.in_play() if o.id != f.id]
    problem = ctx.table.placement_problem((at[0], at[1], f.radius), others)
    if problem:
        raise illegal("cannot_stand", "R-DEPLOY", figure=f.name, problem=problem)


def place(ctx: TableCtx, f: TableFigure, at: Point) -> None:
    f.x, f.y = float(at[0]), float(at[1])
    f.status = "in_play"
    ctx.moved()
    ctx.emit(Placed(figure=f.id, at=at))


def _zone_candidates(zone: Sequence[Point]) -> np.ndarray:
    """Points every 0.5 pas inside ``zone``, nearest its centre first (cached: zones do not
    change during a game)."""
    key = tuple(zone)
    cached = _CANDIDATES.get(key)
    if cached is not None:
        return cached
    poly = np.asarray(zone, dtype=float)
    xs, ys = poly[:, 0], poly[:, 1]
    gx, gy = np.meshgrid(np.arange(xs.min() + 0.5, xs.max(), 0.5),
                         np.arange(ys.min() + 0.5, ys.max(), 0.5))
    px, py = gx.ravel(), gy.ravel()
    inside = np.zeros(px.shape, dtype=bool)
    x1, y1 = xs, ys
    x2, y2 = np.roll(xs, -1), np.roll(ys, -1)
    for a, b, c_, d in zip(x1, y1, x2, y2, strict=True):
        crosses = (b > py) != (d > py)
        with np.errstate(divide="ignore", invalid="ignore"):
            xint = a + (py - b) * (c_ - a) / (d - b)
        inside ^= crosses & (px < xint)
    pts = np.round(np.stack([px[inside], py[inside]], axis=1), 3)
    cx, cy = xs.mean(), ys.mean()
    order = np.lexsort((pts[:, 1], pts[:, 0], np.hypot(pts[:, 0] - cx, pts[:, 1] - cy)))
    _CANDIDATES[key] = pts[order]
    return _CANDIDATES[key]


_CANDIDATES: dict[tuple[Point, ...], np.ndarray] = {}


def auto_positions(ctx: TableCtx, band_id: str) -> list[tuple[TableFigure, Point]]:
    """Deterministic places for the band's unplaced figures: Chef first, then Sous-chefs,
    then Sous-fifres, each on the free spot nearest the zone's centre. The places depend
    only on the table, the zone, the bases to place and those already down, so they are
    remembered per table under those (:data:`_PLACES`).
    """
    band = ctx.s.band(band_id)
    todo = sorted((f for f in ctx.band_figures(band_id) if f.status == "reserve"),
                  key=lambda f: (RANK_ORDER[Rank(f.rank)], f.id))
    zone = band.zone or [(0, 0), (ctx.s.width, 0), (ctx.s.width, ctx.s.height), (0, ctx.s.height)]
    placed = [o.disc for o in ctx.in_play()]
    key = (tuple(zone), tuple(f.radius for f in todo), tuple(placed))
    spots = _PLACES.get(ctx.table, key, lambda: _free_spots(ctx, band.name, todo, zone, placed))
    return list(zip(todo, spots, strict=True))


#: Auto-deployed places remembered per table (the terrain never changes): every game of a
#: scenario deploys the same bands on the same table, so it places them the same way.
_PLACES: PerTable[list[Point]] = PerTable(kept=256)


def _free_spots(ctx: TableCtx, band_name: str, todo: list[TableFigure], zone: Sequence[Point],
                placed: list[tuple[float, float, float]]) -> list[Point]:
    """:func:`auto_positions`' places, in the order of ``todo``, worked out.

    Near-linear: each candidate keeps its clearance to the bases already down, updated
    once per placed base, instead of every figure measuring every candidate against every
    base; a candidate the table refuses (terrain, the edge: never another base, the
    clearance sees to that) is not asked again for the same base size."""
    cands = _zone_candidates(zone)
    clearance = np.full(len(cands), np.inf)  # min over bases down of (distance − radius)
    for disc in placed:
        _clear(clearance, cands, disc)
    refused: dict[float, np.ndarray] = {}
    out: list[Point] = []
    for f in todo:
        bad = refused.setdefault(f.radius, np.zeros(len(cands), dtype=bool))
        for i in np.flatnonzero((clearance - f.radius >= DEPLOY_SPACING) & ~bad):
            p = (float(cands[i, 0]), float(cands[i, 1]))
            disc = (p[0], p[1], f.radius)
            if ctx.table.placement_problem(disc, placed) is None:
                placed.append(disc)
                _clear(clearance, cands, disc)
                out.append(p)
                break
            bad[i] = True
        else:
            raise illegal("zone_full", "R-DEPLOY", band=band_name, figure=f.name)
    return out


def _clear(clearance: np.ndarray, cands: np.ndarray, disc: tuple[float, float, float]) -> None:
    """Lower each candidate's clearance by a newly placed base."""
    d = np.hypot(cands[:, 0] - disc[0], cands[:, 1] - disc[1]) - disc[2]
    np.minimum(clearance, d, out=clearance)


def end_band_deployment(ctx: TableCtx, band_id: str) -> None:
    left = [f.name for f in ctx.band_figures(band_id) if f.status == "reserve"]
    if left:
        raise illegal("still_to_place", "R-DEPLOY", figures=", ".join(left))
    ctx.s.deploy_index += 1
    if ctx.s.deploy_index >= len(ctx.s.deploy_order):
        finish_deployment(ctx)


def finish_deployment(ctx: TableCtx) -> None:
    """Every band is down: the battle begins (the ruleset then starts its first turn)."""
    ctx.s.phase = "battle"
    ctx.emit(DeploymentEnded())


def deployment_command(ctx: TableCtx, cmd: c.Command, begin_battle: Callable[[], None]) -> None:
    """A command while the bands deploy, the same under every ruleset ([R-DEPLOY], GAP-8:
    deployment stays the table's, RULESETS §0.2): place a figure, place the rest, or end
    the band's deployment; ``begin_battle`` starts the ruleset's first turn once the last
    band has ended."""
    band = deploying_band(ctx.s)
    if isinstance(cmd, c.Deploy):
        if cmd.figure not in ctx.s.figures:
            raise illegal("no_figure", figure=cmd.figure)
        f = ctx.fig(cmd.figure)
        check_place(ctx, f, cmd.at)
        place(ctx, f, cmd.at)
    elif isinstance(cmd, (c.AutoDeploy, c.EndDeployment)):
        if cmd.band != band:
            raise illegal("not_deploy_turn", "R-DEPLOY", band=ctx.s.band(cmd.band).name)
        if isinstance(cmd, c.AutoDeploy):
            for f, p in auto_positions(ctx, cmd.band):
                place(ctx, f, p)
        else:
            end_band_deployment(ctx, cmd.band)
            if ctx.s.phase == "battle":
                begin_battle()
    else:
        raise illegal("still_deploying", "R-DEPLOY")


def leave_band(ctx: TableCtx, band_id: str, begin_battle: Callable[[], None],
               flee: tuple[str, ...] = ("in_play", "reserve")) -> bool:
    """A band leaves the game, the same under every ruleset: its figures of a ``flee``
    status count as fled, and a band still deploying drops out of the order
    (``begin_battle`` starts the first turn if it was the last to deploy). True when the
    battle is under way and the ruleset's scheduler must forget the band's turn."""
    s = ctx.s
    b = s.band(band_id)
    if b.resigned:
        raise illegal("already_left", band=b.name)
    b.resigned = True
    for f in ctx.band_figures(band_id):
        if f.status in flee:
            f.status = "fled"
    ctx.moved()
    ctx.emit(Resigned(band=band_id))
    if s.phase != "deployment":
        return True
    if deploying_band(s) == band_id:
        end_band_deployment(ctx, band_id)
    else:
        s.deploy_order = [x for x in s.deploy_order if x != band_id]
    if s.phase == "battle":
        begin_battle()
    return False
