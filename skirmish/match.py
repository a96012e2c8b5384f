"""Wiring: a playable :class:`Game` from a scenario — content, geometry and rules together.

The rules only know the table through their protocol; this is the one place that picks
the concrete table, so the window, the AI, ``simulate`` and replays all build games the
same way. A band that breaks the band rules never takes the field: ``new_game`` asks
:mod:`skirmish.content.band_rules`, as the band-rules check of every file does. The last
check of a scenario file (:func:`deployment_problems`) builds its game here too, so a
scenario cannot fail to deploy where ``validate`` passed it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import msgspec

from skirmish import rulesets
from skirmish.content.band_rules import scenario_band_problems
from skirmish.content.errors import ContentError, Problem, quote
from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import DEFAULT_BAND_POINTS, Scenario
from skirmish.geometry import Table
from skirmish.rules import commands as c
from skirmish.rules.dice import Dice
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.game import Game

#: Tables kept per process, newest last: the terrain never moves, so every game of a table
#: (a batch, a campaign's games, a replay checked against its game) shares one, with the
#: sight and routes it remembers.
TABLES_KEPT = 8
_TABLES: OrderedDict[bytes, Table] = OrderedDict()
_TABLES_LOCK = threading.Lock()  # the window loads a game on a thread of its own


def build_table(scenario: Scenario) -> Table:
    """The table of ``scenario``'s size and terrain, shared with every game of that table."""
    key = msgspec.json.encode((scenario.width, scenario.height, scenario.terrain))
    with _TABLES_LOCK:
        table = _TABLES.get(key)
        if table is not None:
            _TABLES.move_to_end(key)
            return table
    table = Table(scenario.width, scenario.height, scenario.terrain)
    with _TABLES_LOCK:
        table = _TABLES.setdefault(key, table)
        while len(_TABLES) > TABLES_KEPT:
            _TABLES.popitem(last=False)
    return table


def _budget(scenario: Scenario, options: dict[str, Any] | None) -> int | None:
    """The ``band_points`` option (``options`` over the scenario's own); a mistyped budget
    is left to the option parser, which names it."""
    budget = {**scenario.options, **(options or {})}.get("band_points", DEFAULT_BAND_POINTS)
    return None if isinstance(budget, bool) or not isinstance(budget, int) else budget


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
    [R-BAND-COST], §12 limits), as ``SCENARIO-ID: bands[i].warband…``; ``band_rules=False``
    is for rules tests that field a lone figure on purpose, and for the deployment check,
    which comes after the band-rules check.
    """
    rulesets.load_named([scenario.ruleset])
    book = load_rulebook()
    if band_rules:
        problems = scenario_band_problems(scenario, book, f"scenario '{scenario.id}'",
                                          budget=_budget(scenario, options))
        if problems:
            raise ContentError.from_problems(problems)
    return Game(scenario, table or build_table(scenario), book, seed, options,
                undo=undo, dice=dice, rules_version=rules_version)


def deployment_problems(scenario: Scenario, file: str, table: Table) -> list[Problem]:
    """Run the engine's auto-deployment of every band on ``table`` (the scenario's): a zone
    too small, or too cluttered for the band's bases, is found here, not when the game
    starts."""
    game = new_game(scenario, 1, table=table, band_rules=False)
    index = {b.warband.id: i for i, b in enumerate(scenario.bands)}
    while game.state.phase == "deployment" and not game.over:
        band = game.to_act
        if band is None:
            break
        try:
            game.apply(c.AutoDeploy(band=band))
            game.apply(c.EndDeployment(band=band))
        except IllegalCommand as err:
            return [Problem(file, f"bands[{index[band]}].zone", f"cannot deploy band "
                                                                f"{quote(band)}: {err}")]
    return []
