"""One game: the shared parts (scenario, table, rulebook, dice, log) around a ruleset.

``Game`` is what every client drives — the window, the AI, ``simulate`` and the replay
runner — through the same three calls: ``legal_commands()``, ``apply(cmd)`` and the
``log``. Like python-chess's ``Board``, it checks a move completely before making it.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from skirmish.content.models import Rulebook
from skirmish.content.scenario import Scenario
from skirmish.rules.commands import Command
from skirmish.rules.dice import Dice, DiceState
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Event, Roll
from skirmish.rules.geometry import TableLike
from skirmish.rules.outcome import Outcome
from skirmish.rules.registry import ruleset_for
from skirmish.rules.ruleset import Ruleset
from skirmish.rules.turn import TurnView

MAX_SEED = (1 << 63) - 1

_encode = msgspec.json.Encoder().encode
#: A decoder made once per ruleset's state type: a look-ahead copies its game thousands of
#: times, and ``msgspec.json.decode(data, type=...)`` works the type out again at each
#: call (a quarter of the copy of a small state).
_DECODERS: dict[type, msgspec.json.Decoder[Any]] = {}


def _decoded(data: bytes, state_type: type) -> Any:
    """The state that ``data`` (the JSON of one) holds."""
    decoder = _DECODERS.get(state_type)
    if decoder is None:
        decoder = _DECODERS[state_type] = msgspec.json.Decoder(state_type)
    return decoder.decode(data)


class Snapshot(msgspec.Struct, frozen=True):
    """A position to come back to: the state, the dice and how many commands led there."""

    state: bytes
    dice: DiceState
    commands: int


class Retried(Event, tag="retried", kw_only=True):
    """Not a rule: a practice retry. The activation of ``figure`` was taken back to the
    position after ``kept`` commands (``dropped`` commands thrown away) and is replayed
    with new dice from ``seed`` (the game's ``n``-th retry). Kept in the log after the
    attempt it replaces, so a retry is never hidden."""

    figure: str
    n: int
    seed: int
    kept: int
    dropped: int


def retry_seed(seed: int, n: int) -> int:
    """The dice seed of a game's ``n``-th retry, derived from the game's own seed, so the
    same scenario, seed, commands and retries give the same game byte for byte."""
    digest = hashlib.blake2b(f"{seed}:retry:{n}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & MAX_SEED


def plays_version(ruleset: Ruleset, version: int) -> bool:
    """This program can play ``version`` of ``ruleset``: any from 1 to the newest."""
    return 1 <= version <= ruleset.version


class Game:
    """A game in progress. ``options`` (a dict) overrides the scenario's options; ``dice``
    replaces the seeded dice (tests pass one with forced faces); ``rules_version`` plays
    an older version of the ruleset's engine (a replay's, see ``Ruleset.version``)."""

    def __init__(
        self,
        scenario: Scenario,
        table: TableLike,
        book: Rulebook,
        seed: int,
        options: dict[str, Any] | None = None,
        *,
        undo: bool = False,
        dice: Dice | None = None,
        rules_version: int | None = None,
    ) -> None:
        self.scenario = scenario
        self.table = table
        self.book = book
        self.seed = seed
        self.ruleset = ruleset_for(scenario.ruleset)
        raw = {**scenario.options, **(options or {})}
        self.options = self.ruleset.parse_options(raw)
        self.dice = dice if dice is not None else Dice(seed)
        self.state: Any = self.ruleset.new_state(scenario, book, self.options)
        self.state.ruleset_version = self._version(rules_version)
        self.log: list[Event] = []
        self.commands: list[Command] = []
        self._undo: list[tuple[bytes, DiceState, int]] | None = [] if undo else None
        #: Each retry with the commands it took back, in order (what replays record).
        self.retries: list[tuple[Retried, list[Command]]] = []
        #: The state hash at the start and after each command, when :meth:`keep_hashes`
        #: asked for them: a replay is then recorded from them instead of playing the
        #: game again (``replay.record.from_game``).
        self.hashes: list[str] | None = None
        self.log.extend(self.ruleset.begin(self.state, table, book, self.dice))

    def _version(self, wanted: int | None) -> int:
        """The rules version this game plays: the newest, or an older one a replay was
        recorded with, so that it plays on exactly as it was played."""
        if wanted is None:
            return self.ruleset.version
        if not plays_version(self.ruleset, wanted):
            raise ValueError(f"rules version {wanted} of {self.ruleset.id} is unknown "
                             f"(this program plays versions 1 to {self.ruleset.version})")
        return wanted

    # -- playing ------------------------------------------------------------------------
    def apply(self, cmd: Command) -> list[Event]:
        """Check and play ``cmd``; raises :class:`IllegalCommand` and changes nothing if
        it breaks a rule."""
        saved = None
        if self._undo is not None:
            saved = (_encode(self.state), self.dice.snapshot(), len(self.log))
        events = self.ruleset.apply(self.state, self.table, self.book, self.dice, cmd)
        self.commands.append(cmd)
        self.log.extend(events)
        if self._undo is not None and saved is not None:
            if any(isinstance(e, Roll) and e.dice for e in events):
                self._undo.clear()  # ARCHITECTURE convention 6: dice make an action final
            else:
                self._undo.append(saved)
        if self.hashes is not None:
            self.hashes.append(self.state_hash())
        return events

    def keep_hashes(self) -> None:
        """Keep the state hash after each command from now on (see ``hashes``); only
        from the start, as a replay needs every one."""
        if self.commands or self.retries:
            raise ValueError("step hashes are kept from a game's start only")
        self.hashes = [self.state_hash()]

    def legal_commands(self, *, sample_moves: bool = True, dense_moves: bool = False
                       ) -> list[Command]:
        """Every legal command; Walk and Run destinations are a sample (any point of the
        figure's reach is legal too; ``dense_moves`` for about six times as many) or, with
        ``sample_moves=False``, left out."""
        return self.ruleset.legal_commands(self.state, self.table, self.book, self.dice,
                                           sample_moves=sample_moves, dense_moves=dense_moves)

    @property
    def over(self) -> bool:
        return self.ruleset.is_over(self.state)

    @property
    def to_act(self) -> str | None:
        """The band that must act or answer next."""
        return self.ruleset.pending_band(self.state)

    def odds(self, cmd: Command) -> Outcome | None:
        """S14: the exact odds of ``cmd`` before it is committed, if the ruleset states them
        through the seam (:mod:`skirmish.rules.outcome`)."""
        return self.ruleset.odds(self.state, self.table, self.book, self.dice, cmd)

    def turn_view(self) -> TurnView:
        """Whose turn it is, the order, the acting figure's budget (RULESETS S4, S5)."""
        return self.ruleset.turn_view(self.state)

    # -- undo (convention 6) --------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        if not self._undo:
            raise IllegalCommand("Nothing to undo: dice have been rolled since")
        state, dice, log_len = self._undo.pop()
        self.state = _decoded(state, self.ruleset.state_type)
        self.dice = Dice.restore(dice)
        del self.log[log_len:]
        self.commands.pop()
        if self.hashes is not None:
            self.hashes.pop()

    # -- retry (a practice tool, recorded in replays) ----------------------------------------
    def snapshot(self) -> Snapshot:
        return Snapshot(_encode(self.state), self.dice.snapshot(), len(self.commands))

    def retry(self, back_to: Snapshot, n: int, figure: str) -> Retried:
        """Go back to ``back_to`` (taken earlier in this very game) with new dice seeded by
        :func:`retry_seed` (``n``: this is the game's n-th retry). The commands since are
        dropped from ``commands``; the log keeps their events and gets the returned
        :class:`Retried` marker. Undo cannot reach past a retry."""
        last = self.retries[-1][0].kept if self.retries else 0
        if not last <= back_to.commands <= len(self.commands):
            raise IllegalCommand("Nothing to retry: that position is not in this game's line "
                                 "of play since its last retry")
        seed = retry_seed(self.seed, n)
        self.state = _decoded(back_to.state, self.ruleset.state_type)
        self.dice = Dice(seed)
        dropped = self.commands[back_to.commands:]
        del self.commands[back_to.commands:]
        if self._undo is not None:
            self._undo.clear()
        self.hashes = None  # a replay records the discarded attempt too: from_game re-runs
        marker = Retried(figure=figure, n=n, seed=seed, kept=back_to.commands,
                         dropped=len(dropped))
        self.log.append(marker)
        self.retries.append((marker, dropped))
        return marker

    # -- identity -----------------------------------------------------------------------
    def state_bytes(self) -> bytes:
        return _encode(self.state) + _encode(self.dice.snapshot())

    def state_hash(self) -> str:
        """What replays check after every command (ARCHITECTURE: replay files)."""
        return self.state_and_hash()[1]

    def state_and_hash(self) -> tuple[bytes, str]:
        """The state encoded (what a snapshot holds) and :meth:`state_hash`, for a caller
        that needs both of the same position: the state is encoded once. The hash is of
        :meth:`state_bytes`, fed in two parts rather than joined (a copy of the state)."""
        state = _encode(self.state)
        digest = hashlib.blake2b(state, digest_size=8)
        digest.update(_encode(self.dice.snapshot()))
        return state, digest.hexdigest()

    def copy(self, *, fork_dice: int | None = None) -> Game:
        """An independent copy. A look-ahead (the computer's, a preview's) forks the dice
        so it cannot peek at them, and is made for the band to act: what that band may not
        see (another band's secret choice) is replaced by a sample from the forked dice
        (RULESETS §0.5 S15, :meth:`Ruleset.conceal`)."""
        other = object.__new__(Game)
        other.scenario, other.table, other.book = self.scenario, self.table, self.book
        other.seed, other.ruleset, other.options = self.seed, self.ruleset, self.options
        other.state = _decoded(_encode(self.state), self.ruleset.state_type)
        other.dice = self.dice.fork(fork_dice) if fork_dice is not None else Dice.restore(
            self.dice.snapshot())
        other.log = list(self.log)
        other.commands = list(self.commands)
        other.retries = list(self.retries)
        other._undo = None
        other.hashes = None
        if fork_dice is not None:
            other.ruleset.conceal(other.state, other.log, other.dice)
        return other
