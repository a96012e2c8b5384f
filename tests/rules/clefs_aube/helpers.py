"""Builders for Clefs de l'Aube tests: the Skirmish builders with ``ruleset = "clefs_aube"``."""

from __future__ import annotations

from typing import Any

import msgspec

from skirmish.content.scenario import Scenario
from skirmish.rules import commands as c
from skirmish.rules.events import D20Roll, DamageResolved
from skirmish.rules.game import Game
from tests.rules.build import scenario, start

QUIET = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def ca_scenario(*bands: Any, **options: Any) -> Scenario:
    scn = scenario(*bands, **{**QUIET, **options})
    return msgspec.structs.replace(scn, ruleset="clefs_aube")


def ca_start(scn: Scenario, *faces: int) -> Game:
    """Band ``a`` wins the initiative (6 against 1) and activates everything in wave 1."""
    return start(scn, 6, 1, 6, *faces)


def d20s(events: list[Any], rule: str | None = None) -> list[D20Roll]:
    return [e for e in events if isinstance(e, D20Roll) and (rule is None or e.rule == rule)]


def damage(events: list[Any]) -> list[DamageResolved]:
    return [e for e in events if isinstance(e, DamageResolved)]


def answer(game: Game, option: str) -> list[Any]:
    return game.apply(c.Choose(option=option))
