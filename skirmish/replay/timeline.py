"""A replay as a timeline: the game at any step, reached fast in both directions.

The position is a step index: 0 is the game before its first command, ``n`` the game
after ``n`` commands. Loading re-runs every command once (checking each recorded hash
and the result, so a timeline is also a verification) and keeps the whole log and a
snapshot of the state and the dice (about 20 KB) every ``every`` commands, or sooner once
the commands since the last one took ``budget_ms`` to run (an end of deployment or a
long shot can cost more than a dozen cheap ones). Seeking restores the nearest snapshot
at or before the target and re-runs what lies between, so going back costs about one
budget; going forward applies one command. Snapshots only decide how fast, never what:
every position is the same game whichever snapshot it was reached from. No pygame here:
the viewer, the exports and the bench all drive this.
"""

from __future__ import annotations

import bisect
import time
from dataclasses import dataclass
from typing import Literal

import msgspec

from skirmish.content.errors import ContentError
from skirmish.replay import bookmarks, record
from skirmish.rules import commands as c
from skirmish.rules import events as ev
from skirmish.rules.dice import Dice, DiceState
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.game import Game, retry_seed

SNAPSHOT_EVERY = 4
SNAPSHOT_BUDGET_MS = 1.0
MarkKind = Literal["turn", "wave", "activation", "retry"]


@dataclass(frozen=True)
class Mark:
    """A place worth jumping to: the step at whose end a turn, wave or activation began,
    or whose command came after a retried activation (practice, never hidden)."""

    kind: MarkKind
    step: int
    turn: int
    band: str | None = None
    figure: str | None = None
    wave: int | None = None


@dataclass(frozen=True)
class _Snapshot:
    state: bytes
    dice: DiceState


class Timeline:
    """A loaded replay with a game that can be moved to any step."""

    def __init__(self, replay: record.Replay, source: str = "<replay>", *,
                 every: int = SNAPSHOT_EVERY, budget_ms: float = SNAPSHOT_BUDGET_MS) -> None:
        self.replay = replay
        self.source = source
        self.every = max(1, every)
        self.budget = budget_ms / 1000
        self.commands: list[c.Command] = [record.command_at(replay, i, source)
                                          for i in range(len(replay.steps))]
        bookmarks.check(replay, source)
        self._base = record.start(replay, source)
        if self._base.state_hash() != replay.start_hash:
            raise ContentError(source, "start_hash", "the replay does not start from this "
                               "scenario, seed and options (hash differs)")
        self.hashes: list[str] = [replay.start_hash] + [s.hash for s in replay.steps]
        self._state_type = self._base.ruleset.state_type
        self._snapshots: dict[int, _Snapshot] = {}
        self._snapshot_steps: list[int] = []
        self.log: list[ev.Event] = []  # the whole game's log
        self.log_len: list[int] = []  # log_len[p]: events in the log at step p
        self.step_of: list[int] = []  # step_of[i]: the step whose command made event i
        self.marks: list[Mark] = []
        #: Steps whose command was played with a retry's new dice: the retry number.
        self.reseed: dict[int, int] = {r.step: r.n for r in replay.retries}
        self._run_all()
        self.game: Game = self._base.copy()  # the one game the timeline moves, in place
        self._restore(0)
        self.position = 0

    @classmethod
    def load(cls, path: str, **kw: float) -> Timeline:
        return cls(record.load(path), str(path), **kw)  # type: ignore[arg-type]

    # -- building ---------------------------------------------------------------------------
    def _run_all(self) -> None:
        game = self._base.copy()
        self._take(0, game)
        self.log_len.append(len(game.log))
        self._index(0, game.log, game)
        spent, last = 0.0, 0
        for i, cmd in enumerate(self.commands):
            t0 = time.perf_counter()
            self._retries(i, game)
            before = len(game.log)  # a discarded attempt's turns and activations: no marks
            try:
                game.apply(cmd)
            except IllegalCommand as e:
                raise ContentError(self.source, f"steps[{i}].command", f"illegal here: {e}") from None
            state, digest = game.state_and_hash()
            if digest != self.hashes[i + 1]:
                div = record.Divergence(step=i, expected=self.hashes[i + 1], actual=digest)
                raise ContentError(self.source, f"steps[{i}].hash", div.describe())
            spent += time.perf_counter() - t0
            if i + 1 - last >= self.every or spent >= self.budget:
                self._take(i + 1, game, state)
                spent, last = 0.0, i + 1
            self.log_len.append(len(game.log))
            self._index(i + 1, game.log[before:], game)
        self._retries(self.length, game)
        self.log_len[-1] = len(game.log)
        self.log = game.log
        if record._canonical(game.state.result) != record._canonical(self.replay.result):
            raise ContentError(self.source, "result", record.Divergence(
                step=self.length, what="result", expected=record._result_text(self.replay.result),
                actual=record._result_text(game.state.result)).describe())
        for p, n in enumerate(self.log_len):
            self.step_of.extend([p] * (n - len(self.step_of)))

    def _retries(self, step: int, game: Game) -> None:
        """The activations retried at ``step``: their attempts and markers join the log
        (shown with the next command's events) and a "retry" mark goes on the timeline;
        the turns and activations inside a discarded attempt get no marks of their own."""
        if step not in self.reseed:
            return
        div = record.play_retries(game, self.replay, step, self.source)
        if div is not None:
            raise ContentError(self.source, f"retries (step {step})", div.describe())
        for r in self.replay.retries:
            if r.step == step:
                self.marks.append(Mark("retry", min(step + 1, self.length), game.state.turn,
                                       figure=r.figure))

    def _take(self, step: int, game: Game, state: bytes | None = None) -> None:
        """Snapshot ``game`` at ``step``; ``state``: its state already encoded."""
        if state is None:
            state = msgspec.json.encode(game.state)
        self._snapshots[step] = _Snapshot(state, game.dice.snapshot())
        self._snapshot_steps.append(step)

    def _index(self, step: int, events: list[ev.Event], game: Game) -> None:
        turn = 0
        for e in events:
            if isinstance(e, ev.TurnStarted):
                turn = e.turn
                self.marks.append(Mark("turn", step, e.turn))
            elif isinstance(e, ev.WaveStarted):
                self.marks.append(Mark("wave", step, turn or game.state.turn, band=e.band,
                                       wave=e.wave))
            elif isinstance(e, ev.Activated):
                f = game.state.figures.get(e.figure)
                self.marks.append(Mark("activation", step, turn or game.state.turn,
                                       band=f.band if f else None, figure=e.figure))

    def _restore(self, step: int) -> None:
        """Put the snapshot of ``step`` into the timeline's game (no new ``Game``: only
        the state, the dice, the log and the commands change)."""
        snap = self._snapshots[step]
        game = self.game
        game.state = msgspec.json.decode(snap.state, type=self._state_type)
        game.dice = Dice.restore(snap.dice)
        game.log = self.log[:self.log_len[step]]
        game.commands = self.commands[:step]
        self.position = step

    # -- moving -----------------------------------------------------------------------------
    @property
    def length(self) -> int:
        """The last position (the number of commands)."""
        return len(self.commands)

    def seek(self, step: int) -> Game:
        """The game at ``step`` (clamped to 0…length): forward by applying commands when
        that is shorter, else from the nearest snapshot at or before it."""
        step = max(0, min(self.length, step))
        base = self._snapshot_steps[bisect.bisect_right(self._snapshot_steps, step) - 1]
        if not (self.position <= step and self.position >= base):
            self._restore(base)
        while self.position < step:
            n = self.reseed.get(self.position)
            if n is not None:  # the position after a retry: its new dice
                self.game.dice = Dice(retry_seed(self.replay.seed, n))
            self.game.apply(self.commands[self.position])
            self.position += 1
        if self.reseed:  # retries' discarded attempts are in the log, not in the commands
            self.game.log = self.log[:self.log_len[self.position]]
        return self.game

    def forward(self) -> Game:
        return self.seek(self.position + 1)

    def back(self) -> Game:
        return self.seek(self.position - 1)

    # -- reading ----------------------------------------------------------------------------
    def events_until(self, step: int | None = None) -> list[ev.Event]:
        """The log as it stood at ``step`` (default: the position)."""
        return self.log[:self.log_len[self.position if step is None else step]]

    def events_of(self, step: int) -> list[ev.Event]:
        """What the command that led to ``step`` produced (at 0: the game's opening)."""
        if step <= 0:
            return self.log[:self.log_len[0]]
        return self.log[self.log_len[step - 1]:self.log_len[step]]

    def marks_of(self, kind: MarkKind) -> list[Mark]:
        return [m for m in self.marks if m.kind == kind]

    def next_mark(self, kind: MarkKind, forward: bool = True) -> Mark | None:
        """The next (or previous) mark of ``kind`` from the position."""
        marks = self.marks_of(kind)
        if forward:
            return next((m for m in marks if m.step > self.position), None)
        return next((m for m in reversed(marks) if m.step < self.position), None)

    def turn_at(self, step: int) -> int:
        """The turn being played at ``step`` (0 during deployment)."""
        turn = 0
        for m in self.marks:
            if m.step > step:
                break
            if m.kind == "turn":
                turn = m.turn
        return turn
