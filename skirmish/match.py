"""Wiring: a playable :class:`Game` from a scenario — content, geometry and rules together.

The rules only know the table through their protocol; this is the one place that picks
the concrete table, so the window, the AI, ``simulate`` and replays all build games the
same way.
"""

from __future__ import annotations

from typing import Any

from skirmish.content.rulebook import load_rulebook
from skirmish.content.scenario import Scenario
from skirmish.geometry import Table
from skirmish.rules.dice import Dice
from skirmish.rules.game import Game


def build_table(scenario: Scenario) -> Table:
    return Table(scenario.width, scenario.height, scenario.terrain)


def new_game(
    scenario: Scenario,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    table: Table | None = None,
    undo: bool = False,
    dice: Dice | None = None,
) -> Game:
    """A game at its start (deployment, or turn 1 if the scenario placed everyone)."""
    return Game(scenario, table or build_table(scenario), load_rulebook(), seed, options,
                undo=undo, dice=dice)
