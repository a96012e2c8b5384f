"""One game as the window plays it: the engine's ``Game``, who controls each band, the
computer players, and the events not yet shown.

Only commands go in (``submit``) and only events come out (``drain``); the screens never
change the game state themselves. Saves are replay files (``skirmish.replay.record``)
written atomically, so a save is also a replay of the game so far.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from skirmish.ai.player import Plan, make_player
from skirmish.content.loading import scenario_from_dict
from skirmish.content.scenario import Scenario
from skirmish.match import new_game
from skirmish.replay import record
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Event
from skirmish.rules.game import Game

Controller = str  # "human" | "computer"


def with_controllers(scenario: Scenario, controllers: dict[str, Controller]) -> Scenario:
    """The scenario with each band's controller set, so saves remember who is a computer."""
    bands = tuple(
        msgspec.structs.replace(b, controller=controllers.get(b.warband.id, b.controller))
        for b in scenario.bands
    )
    return msgspec.structs.replace(scenario, bands=bands)


class Session:
    def __init__(self, game: Game, ai_seed: int = 0, level: str = "normal") -> None:
        self.game = game
        self.controllers: dict[str, Controller] = {
            b.warband.id: b.controller for b in game.scenario.bands
        }
        self.level = level
        self.ai = {band: make_player(level, ai_seed * 31 + i)
                   for i, band in enumerate(self.controllers)}
        self._feed: list[Event] = list(game.log)
        self.error: IllegalCommand | None = None  # why the last command was refused

    # -- starting -------------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: Scenario, seed: int, options: dict[str, Any] | None = None,
            controllers: dict[str, Controller] | None = None, level: str = "normal") -> Session:
        if controllers:
            scenario = with_controllers(scenario, controllers)
        return cls(new_game(scenario, seed, options, undo=True), ai_seed=seed, level=level)

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """Replay a save's commands on a fresh game (raises ``ContentError`` if broken)."""
        replay = record.load(path)
        scenario = scenario_from_dict(replay.scenario, f"{path} scenario")
        game = new_game(scenario, replay.seed, replay.options, undo=True)
        for i in range(len(replay.steps)):
            game.apply(record.command_at(replay, i, str(path)))
        return cls(game, ai_seed=replay.seed + len(replay.steps))

    def save(self, path: str | Path) -> None:
        record.save(record.from_game(self.game), path)

    # -- playing --------------------------------------------------------------------------
    def submit(self, cmd: c.Command) -> bool:
        """Apply a player's command; on refusal keep the engine's reason for the screen."""
        try:
            events = self.game.apply(cmd)
        except IllegalCommand as e:
            self.error = e
            return False
        self.error = None
        self._feed.extend(events)
        return True

    def drain(self) -> list[Event]:
        """Events produced since the last call, for the log, the tray and animations."""
        out, self._feed = self._feed, []
        return out

    @property
    def to_act(self) -> str | None:
        return self.game.to_act

    def is_computer(self, band: str | None) -> bool:
        return band is not None and self.controllers.get(band) == "computer"

    @property
    def humans(self) -> list[str]:
        return [b for b, who in self.controllers.items() if who == "human"]

    def ai_step(self) -> bool:
        """Let the computer owning the next decision play one command."""
        band = self.to_act
        if self.game.over or not self.is_computer(band):
            return False
        assert band is not None
        player = self.ai[band]
        cmd = player.choose(self.game)
        plan = player.take_plan()
        if plan is not None:  # a log note before the activation: not state, hashes unchanged
            self.game.log.append(plan)
            self._feed.append(plan)
        return self.submit(cmd)

    def hint(self) -> Plan | None:
        """"What would the computer do?": the command the computer (this session's level)
        would play now for the band to act, with its plan; the game is not touched."""
        band = self.to_act
        if band is None or self.game.over:
            return None
        player = make_player(self.level, len(self.game.commands))
        cmd = player.choose(self.game.copy())
        plan = player.take_plan()
        fig = getattr(cmd, "figure", None) or ""
        return plan or Plan(band=band, figure=fig, text=type(cmd).__name__, key="ai.hint_cmd",
                            params={"command": type(cmd).__name__})

    def undo(self) -> bool:
        if not self.game.can_undo():
            return False
        self.game.undo()
        self._feed.append(_UNDONE)
        return True


class Undone(Event, tag="ui_undone", kw_only=True):
    """Not an engine event: tells the screens that the last command was taken back."""


_UNDONE = Undone()
