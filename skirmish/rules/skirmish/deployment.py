"""A Skirmish game's state as it starts, and what the end of deployment means to it
(GAP-46); placing the bands is the table's (:mod:`skirmish.rules.frame.deployment`)."""

from __future__ import annotations

import numpy as np

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.rules.frame.context import rank_level
from skirmish.rules.frame.deployment import new_bands, new_figure
from skirmish.rules.frame.options import TableOptions, options_to_dict
from skirmish.rules.frame.per_table import PerTable
from skirmish.rules.frame.profile import figure_stats, medikits
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.state import Figure, GameState


def new_state(scenario: Scenario, book: Rulebook, options: TableOptions) -> GameState:
    opts = options_to_dict(options)
    figures: dict[str, Figure] = {}
    for entry in scenario.bands:
        wb = entry.warband
        for spec in wb.figures:
            stats = figure_stats(book, wb, spec, opts)
            f = new_figure(
                Figure, book, wb.id, spec, stats, pv=stats.pv,
                medikit_left=medikits(book, spec),
                mad="madness" in spec.injuries, hardened="hardened" in spec.injuries,
                hates=spec.hates if "bitter_hatred" in spec.injuries else None,
                ignore_first_wound=spec.ignore_first_wound,
            )
            figures[f.id] = f
    return GameState(
        scenario=scenario.id, setting=scenario.setting, options=options,
        width=float(scenario.width), height=float(scenario.height),
        bands=new_bands(scenario), figures=figures, objectives=list(scenario.objectives),
    )


def see_deployed(ctx: Ctx) -> None:
    """GAP-46: pairs already in sight when deployment ends count as seen."""
    figs = list(ctx.in_play())
    if figs:
        vis = _deployed_sight(ctx, np.asarray([f.disc for f in figs]),
                              np.asarray([ctx.level(f) for f in figs]))
        level = np.asarray([rank_level(f) for f in figs])
        band = np.asarray([f.band for f in figs])
        pairs = vis & (band[:, None] != band[None, :]) & (level[None, :] > level[:, None])
        for i, j in zip(*np.nonzero(pairs), strict=True):  # row by row, as the rules list them
            figs[i].seen[figs[j].id] = True


#: Who sees whom among the deployed bases, remembered per table (the terrain never
#: changes) under the bases, their levels and whether figures block sight: auto-deployed
#: bands stand the same way in every game of a scenario.
_DEPLOYED: PerTable[np.ndarray] = PerTable(kept=64)


def _deployed_sight(ctx: Ctx, discs: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """Every pair at once (the numpy kernel, not N² single queries), remembered."""
    blocking = ctx.s.options.figures_block_los
    key = (discs.tobytes(), levels.tobytes(), levels.dtype.str, discs.shape, blocking)

    def pairs() -> np.ndarray:
        vis = ctx.table.visibility(discs, blocking, levels=levels)
        vis.flags.writeable = False  # shared by every game that deploys so
        return vis

    return _DEPLOYED.get(ctx.table, key, pairs)
