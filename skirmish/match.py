"""Wiring: a playable :class:`Game` from a scenario — content, geometry and rules together.

The rules only know the table through their protocol; this is the one place that picks
the concrete table, so the window, the AI, ``simulate`` and replays all build games the
same way. A band that breaks the band rules never takes the field: ``new_game`` asks
:mod:`skirmish.content.band_rules`, as ``skirmish validate`` does.
"""

from __future__ import annotations

from typing import Any

from skirmish import rulesets  # noqa: F401 - registers the shipped rulesets
from skirmish.content.band_rules import band_problems
from skirmish.content.errors import ContentError, Problem
from skirmish.content.models import Rulebook
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import Scenario
from skirmish.geometry import Table
from skirmish.rules.dice import Dice
from skirmish.rules.game import Game

#: GAP-2 [HOUSE]: the budget when neither the scenario nor the options set ``band_points``.
DEFAULT_BAND_POINTS = 250


def build_table(scenario: Scenario) -> Table:
    return Table(scenario.width, scenario.height, scenario.terrain)


def scenario_band_problems(scenario: Scenario, book: Rulebook,
                           options: dict[str, Any] | None = None) -> list[Problem]:
    """Every band rule the scenario's bands break, as ``SCENARIO-ID: bands[i].warband…``.

    The budget is the ``band_points`` option (``options`` over the scenario's own); a
    mistyped budget is left to the option parser, which names it.
    """
    raw = {**scenario.options, **(options or {})}
    budget = raw.get("band_points", DEFAULT_BAND_POINTS)
    if isinstance(budget, bool) or not isinstance(budget, int):
        budget = None
    out = []
    for i, entry in enumerate(scenario.bands):
        for bp in band_problems(entry.warband, book, budget=budget, setting=scenario.setting,
                                campaign=scenario.campaign):
            where = f"bands[{i}].warband" + (f".{bp.entry}" if bp.entry else "")
            out.append(Problem(f"scenario '{scenario.id}'", where, bp.problem))
    return out


def new_game(
    scenario: Scenario,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    table: Table | None = None,
    undo: bool = False,
    dice: Dice | None = None,
    band_rules: bool = True,
    rules_version: int | None = None,
) -> Game:
    """A game at its start (deployment, or turn 1 if the scenario placed everyone).

    Raises :class:`ContentError` listing every band-rule problem ([R-BAND-COMP],
    [R-BAND-COST], §12 limits); ``band_rules=False`` is for rules tests that field a lone
    figure on purpose.
    """
    book = load_rulebook()
    if band_rules:
        problems = scenario_band_problems(scenario, book, options)
        if problems:
            raise ContentError.from_problems(problems)
    return Game(scenario, table or build_table(scenario), book, seed, options,
                undo=undo, dice=dice, rules_version=rules_version)
