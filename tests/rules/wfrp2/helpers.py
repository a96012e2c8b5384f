"""Builders for WFRP tests: the rules builders with ``ruleset = "wfrp2"``, and d100 faces
to force (a tens die and a units die, each a d10 whose 10 reads 0)."""

from __future__ import annotations

from typing import Any

import msgspec

from skirmish.content.scenario import Scenario
from skirmish.rules import commands as c
from skirmish.rules.events import DiceRoll, WfDamage
from skirmish.rules.game import Game
from tests.rules.build import band, fig, scenario, start

#: The passive actions ([R-MORALE-*]) all off: rules tests of other rules force their dice
#: without the passive tests' (the tests of the passive actions switch them on).
PASSIVES_OFF = {"charge": False, "charged": False, "spot": False, "shot": False}


def wf_scenario(*bands: Any, **options: Any) -> Scenario:
    options.setdefault("passive_actions", PASSIVES_OFF)
    return msgspec.structs.replace(scenario(*bands, **options), ruleset="wfrp2")


def d100(value: int) -> tuple[int, int]:
    """The two d10 faces that read ``value`` (1..100; 100 is 00)."""
    tens, units = divmod(value % 100, 10)
    return (tens or 10, units or 10)


def faces(*values: int | tuple[int, int]) -> tuple[int, ...]:
    """Faces to force: an int is one d10 face, a pair the two of a d100 (:func:`d100`)."""
    out: list[int] = []
    for v in values:
        out.extend(v if isinstance(v, tuple) else (v,))
    return tuple(out)


def wf_start(scn: Scenario, *forced: int | tuple[int, int]) -> Game:
    return start(scn, *faces(*forced))


def rolls(events: list[Any], rule: str | None = None) -> list[DiceRoll]:
    return [e for e in events if isinstance(e, DiceRoll) and (rule is None or e.rule == rule)]


def damage(events: list[Any]) -> list[WfDamage]:
    return [e for e in events if isinstance(e, WfDamage)]


def answer(game: Game, option: str) -> list[Any]:
    return game.apply(c.Choose(option=option))


def force(game: Game, *forced: int | tuple[int, int]) -> None:
    game.dice.force(*faces(*forced))


Spot = tuple[float, float]
Names = tuple[str, ...]


def henchmen(a_at: Spot = (5, 5), b_at: Spot = (6, 5), a_kit: Names = (), b_kit: Names = (),
             a_weapons: Names = ("sword",), b_weapons: Names = ("sword",),
             **options: Any) -> Scenario:
    """Two henchmen (no Fortune: no questions) and a far reserve each; a acts first."""
    return wf_scenario(
        band("a", fig("x", "sous_fifre", a_at, weapons=a_weapons, equipment=a_kit),
             fig("r", "sous_fifre", (1, 30))),
        band("b", fig("x", "sous_fifre", b_at, weapons=b_weapons, equipment=b_kit),
             fig("r", "sous_fifre", (47, 30))), **options)


def start_a_first(scn: Scenario) -> Game:
    return wf_start(scn, 10, 1, 1, 1)  # a:x 44, a:r 35, b:x 35, b:r 35 (ties after a:x)
