"""One game as the window plays it: the engine's ``Game``, who controls each band, the
computer players, and the events not yet shown.

Only commands go in (``submit``) and only events come out (``drain``); the screens never
change the game state themselves. Saves are replay files (``skirmish.replay.record``)
written atomically, so a save is also a replay of the game so far; loading one re-runs
its commands and checks every stored hash, as ``replay --verify`` does.

The session remembers which band issued each command, so undo takes back only the
moves of the player now at the table (never the opponent's decision, never the
computer's deployment).

"Retry this activation" (practice) goes back to the position before the human's
activation in progress, or their last finished one as long as no other band has played
since (so a retry never takes back an opponent's move), with new dice derived from the
game's seed and the retry's number; the log and the save record it.

In a window running in real time the computer thinks on a worker thread, on a copy of
the game, so the table keeps drawing while the hard level spends its budget.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from skirmish.ai.player import Plan, Player, band_plan
from skirmish.content.loading import scenario_from_dict
from skirmish.content.scenario import Scenario
from skirmish.match import new_game
from skirmish.replay import record
from skirmish.replay.files import write_bytes_atomic
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Event
from skirmish.rules.game import Game, Retried, Snapshot

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

Controller = str  # "human" | "computer"


@cache
def _thinker() -> ThreadPoolExecutor:
    """One worker for every session: the computer thinks about one position at a time.
    Made when a computer first thinks: ``concurrent.futures`` (and the logging it pulls
    in) is a part of the start-up a table of humans never uses."""
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")


def with_controllers(scenario: Scenario, controllers: dict[str, Controller]) -> Scenario:
    """The scenario with each band's controller set, so saves remember who is a computer."""
    bands = tuple(
        msgspec.structs.replace(b, controller=controllers.get(b.warband.id, b.controller))
        for b in scenario.bands
    )
    return msgspec.structs.replace(scenario, bands=bands)


class Players(dict[str, Player]):
    """Each band's computer player, made the first time it is asked for: the levels pull
    in every ruleset's players, which a table of humans (or its first frame) never needs.
    A player's seed depends only on its band, so when it is made does not change a game."""

    def __init__(self, make: Callable[[str], Player]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, band: str) -> Player:
        player = self[band] = self._make(band)
        return player


def _make_player(level: str, seed: int) -> Player:
    from skirmish.ai.levels import make_player  # every level and ruleset: not at start-up

    return make_player(level, seed)


class Session:
    def __init__(self, game: Game, ai_seed: int = 0, level: str = "normal",
                 levels: dict[str, str] | None = None) -> None:
        self.game = game
        self.controllers: dict[str, Controller] = {
            b.warband.id: b.controller for b in game.scenario.bands
        }
        self.level = level
        #: Each band's computer level (``level`` unless the set-up or the save says).
        self.levels = {band: (levels or {}).get(band, level) for band in self.controllers}
        self._ai_seed = ai_seed
        self.ai = self._players(0)
        #: Where "retry this activation" goes back to: the position before the human's
        #: last activation, its band and figure (None: nothing to retry).
        self.retry_from: tuple[Snapshot, str, str] | None = None
        #: The retries so far with their discarded steps and hashes, for the saves.
        self.retries: list[record.Retry] = []
        #: The computer's next command and plan, chosen but not yet played (see ai_peek).
        self._ai_next: tuple[tuple[int, int, int], c.Command, Plan | None] | None = None
        #: Choose on the worker thread (see ai_peek). Off by default: frame-stepped runs
        #: (tests, ``fixed_dt``) need the move in the very frame that asks for it.
        self.think_apart = False
        self._thinking: tuple[tuple[int, int, int], Future[Any]] | None = None
        self._feed: list[Event] = list(game.log)
        self.error: IllegalCommand | None = None  # why the last command was refused
        self.campaign_path: str | None = None  # the campaign file, for a campaign's game
        self.campaign_game: int | None = None  # and the game's number in it
        #: The band that issued each of ``game.commands`` (None: unknown).
        self.issuers: list[str | None] = [None] * len(game.commands)
        #: The start hash and the hash after each command, kept as the game goes so a save
        #: (an autosave after every activation) need not re-run the game; None: unknown.
        self.hashes: tuple[str, list[str]] | None = \
            (game.state_hash(), []) if not game.commands else None

    def _players(self, retries: int) -> Players:
        """The computer players, fresh after each retry (a plan already made for a figure
        whose activation was taken back would otherwise not be said again)."""
        seeds = {band: self._ai_seed * 31 + i + 7919 * retries
                 for i, band in enumerate(self.controllers)}
        levels = dict(self.levels)
        return Players(lambda band: _make_player(levels[band], seeds[band]))

    # -- starting -------------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: Scenario, seed: int, options: dict[str, Any] | None = None,
            controllers: dict[str, Controller] | None = None, level: str = "normal",
            levels: dict[str, str] | None = None) -> Session:
        if controllers:
            scenario = with_controllers(scenario, controllers)
        return cls(new_game(scenario, seed, options, undo=True), ai_seed=seed, level=level,
                   levels=levels)

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """Re-run a save's commands, checking every stored hash; raises ``ContentError``
        (one line naming the first bad step) if the file is broken or does not
        reproduce."""
        source = str(path)
        replay = record.load(path)
        check_replay(replay, source)
        scenario = scenario_from_dict(replay.scenario, f"{source} scenario")
        game = new_game(scenario, replay.seed, replay.options, undo=True,
                        rules_version=replay.ruleset_version)
        from skirmish.app.saves import link_from_meta, recorded_levels

        session = cls(game, ai_seed=replay.seed + len(replay.steps),
                      levels=recorded_levels(replay.meta))
        link = link_from_meta(replay.meta)
        if link is not None:  # a campaign's game: its results lead to the post-game
            session.campaign_path, session.campaign_game = link
        session.issuers = []
        for i in range(len(replay.steps) + 1):
            record.play_retries(game, replay, i, source)
            if i == len(replay.steps):
                break
            cmd = record.command_at(replay, i, source)
            session._note(cmd, game.to_act)
            session.issuers.append(game.to_act)
            game.apply(cmd)
        session._feed = list(game.log)
        session.retries = list(replay.retries)
        session.hashes = (replay.start_hash, [st.hash for st in replay.steps])
        return session

    def save(self, path: str | Path, data: bytes | None = None) -> None:
        """Write the game so far (raises ``OSError`` or ``ValueError``; any previous file
        at ``path`` is left whole): ``data`` when given, the :meth:`save_bytes` of it
        already made for another file."""
        write_bytes_atomic(path, self.save_bytes() if data is None else data)

    def save_bytes(self) -> bytes:
        """The save file of the game so far, as :meth:`save` writes it."""
        from skirmish.app.saves import link_meta, meta

        replay = self.recorded()
        replay.meta = meta(self.game)
        replay.meta["levels"] = {b: lv for b, lv in self.levels.items() if self.is_computer(b)}
        if self.campaign_path is not None and self.campaign_game is not None:
            replay.meta["campaign"] = link_meta(self.campaign_path, self.campaign_game)
        return record.encoded(replay)

    def recorded(self) -> record.Replay:
        """The game so far as a replay, from the hashes kept as it was played (the game
        re-run only when they are not known: a session made from a game already under way)."""
        g = self.game
        if self.hashes is None or len(self.hashes[1]) != len(g.commands):
            return record.from_game(g)
        start, hashes = self.hashes
        return record.from_hashes(g, start, hashes, self.retries)

    # -- playing --------------------------------------------------------------------------
    def submit(self, cmd: c.Command) -> bool:
        """Apply a player's command; on refusal keep the engine's reason for the screen."""
        band = self.to_act
        before = self.retry_from
        self._note(cmd, band)
        try:
            events = self.game.apply(cmd)
        except IllegalCommand as e:
            self.retry_from = before
            self.error = e
            return False
        self.error = None
        self.issuers.append(band)
        if self.hashes is not None:
            self.hashes[1].append(self.game.state_hash())
        self._feed.extend(events)
        return True

    def _note(self, cmd: c.Command, band: str | None) -> None:
        """Before ``cmd`` is played by ``band``: a human's activation is where a retry
        would go back to; another band's move closes the retry, except an answer within
        that activation or the computer merely picking its next figure (step by step it
        waits there for Next, and the player may still retry)."""
        if isinstance(cmd, c.Activate) and band is not None and not self.is_computer(band):
            self.retry_from = (self.game.snapshot(), band, cmd.figure)
        elif self.retry_from is not None and band != self.retry_from[1] \
                and not isinstance(cmd, (c.Choose, c.Activate)):
            self.retry_from = None

    def can_retry(self) -> bool:
        """Solo practice only (one human band: in hot-seat a retry would replay dice the
        other player saw), something played since the activation began, game not over."""
        return self.retry_from is not None and not self.game.over \
            and len(self.humans) == 1 \
            and len(self.game.commands) > self.retry_from[0].commands

    def retry(self) -> Retried | None:
        """Back to the position before the activation, with new dice (the game's n-th
        retry); the discarded commands and their hashes go into the save."""
        if not self.can_retry():
            return None
        assert self.retry_from is not None
        snap, _band, figure = self.retry_from
        kept = snap.commands
        dropped_hashes = self.hashes[1][kept:] if self.hashes is not None else None
        dropped_cmds = self.game.commands[kept:]
        marker = self.game.retry(snap, len(self.game.retries) + 1, figure)
        if dropped_hashes is not None and self.hashes is not None:
            self.retries.append(record.Retry(
                step=kept, n=marker.n, figure=figure,
                discarded=[record.Step(command=c.to_builtins(cmd), hash=h)
                           for cmd, h in zip(dropped_cmds, dropped_hashes, strict=True)]))
            del self.hashes[1][kept:]
        else:
            self.hashes = None  # the save re-runs the game (record.from_game) instead
        del self.issuers[kept:]
        self._ai_next = None
        self.ai = self._players(marker.n)
        self._feed.append(marker)
        return marker

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

    def ai_peek(self) -> tuple[c.Command, Plan | None] | None:
        """What the computer owning the next decision will play, and its plan if this
        begins an activation — chosen once and kept until played, so the window can show
        the plan and wait (step by step) before the command is applied. None also while
        the computer is still thinking on the worker thread (``think_apart``)."""
        band = self.to_act
        if self.game.over or not self.is_computer(band):
            return None
        assert band is not None
        key = (len(self.game.commands), len(self.game.log), len(self.game.retries))
        if self._ai_next is None or self._ai_next[0] != key:
            chosen = self._think(band, key)
            if chosen is None:
                return None
            self._ai_next = (key, *chosen)
        return self._ai_next[1], self._ai_next[2]

    def _think(self, band: str, key: tuple[int, int, int]
               ) -> tuple[c.Command, Plan | None] | None:
        """The computer's command and plan for the position ``key``: at once, or from the
        worker thread (None until it is done). The worker gets a copy of the game, so
        nothing the window does meanwhile can touch what it reads."""
        player = self.ai[band]

        def choose(game: Game) -> tuple[c.Command, Plan | None]:
            return player.choose(game), player.take_plan()

        if not self.think_apart:
            return choose(self.game)
        if self._thinking is None or self._thinking[0] != key:
            self._thinking = (key, _thinker().submit(choose, self.game.copy()))
        if not self._thinking[1].done():
            return None
        chosen = self._thinking[1].result()
        self._thinking = None
        return chosen

    def ai_step(self) -> bool:
        """Let the computer owning the next decision play one command."""
        chosen = self.ai_peek()
        if chosen is None:
            return False
        cmd, plan = chosen
        self._ai_next = None
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
        player = _make_player(self.level, len(self.game.commands))
        game = self.game.copy()
        cmd = player.choose(game)
        plan = player.take_plan()
        if isinstance(cmd, c.Activate) and plan is None:
            # "Activate" alone says nothing: what the figure would do once active (its
            # plan), looked at on a copy whose dice are forked, so nothing is revealed
            ahead = self.game.copy(fork_dice=0)
            ahead.apply(cmd)
            player.choose(ahead)
            plan = player.take_plan()
        pending = self.game.state.pending
        if isinstance(cmd, c.Choose) and pending is not None:  # a question: which answer
            opt = next(o for o in pending.options if o.key == cmd.option)
            return Plan(band=band, figure=pending.figure or "", text=opt.label,
                        key="ai.hint_answer",
                        params={"option": opt.key, "label_key": opt.label_key,
                                "label_params": dict(opt.params)})
        fig = getattr(cmd, "figure", None) or ""
        return plan or band_plan(self.game, band, cmd) or Plan(
            band=band, figure=fig, text=type(cmd).__name__, key="ai.hint_cmd",
            params={"command": type(cmd).__name__})

    def can_undo(self) -> bool:
        """The last command can be taken back (no dice since) and it was a move of the
        human whose turn it is now."""
        if not self.game.can_undo() or not self.issuers:
            return False
        band = self.issuers[-1]
        return band is not None and band == self.to_act and not self.is_computer(band)

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.game.undo()
        self.issuers.pop()
        if self.hashes is not None:
            self.hashes[1].pop()
        self._feed.append(_UNDONE)
        return True


def check_replay(replay: record.Replay, source: str) -> None:
    """Refuse a save that does not reproduce, naming the first bad step (one call, so the
    shared verification in :mod:`skirmish.replay.record` can be swapped in whole)."""
    import json

    from skirmish.app.saves import version_note
    from skirmish.content.errors import ContentError

    div = record.verify(replay, source)
    if div is None:
        return
    where = "start" if div.step < 0 else f"steps[{div.step}]"
    cmd = f" ({json.dumps(div.command, sort_keys=True)})" if div.command else ""
    raise ContentError(source, where, f"does not reproduce{cmd}: expected hash "
                       f"{div.expected}, got {div.actual}{version_note(replay.meta)}")


class Undone(Event, tag="ui_undone", kw_only=True):
    """Not an engine event: tells the screens that the last command was taken back."""


_UNDONE = Undone()
