"""One seeded dice source per game (ARCHITECTURE convention 2).

The stream is numpy's PCG64 *raw* output turned into faces by rejection sampling here,
so the faces depend only on PCG64 (a stable algorithm), not on how a numpy release
implements ``Generator.integers``: the same seed gives the same game on every machine.
Tests force faces with :meth:`Dice.force`; forced faces are consumed before the stream.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import msgspec
from numpy.random import PCG64  # numpy loads its random module only when asked

_SPAN = 1 << 64
#: Raw outputs drawn at once (a game rolls a few hundred dice).
AHEAD = 64
#: PCG64's 128-bit LCG: each raw output steps the state to ``state * _MULTIPLIER + inc``.
_MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645
_MASK = (1 << 128) - 1
#: The least raw output refused for a die of so many sides (rejection sampling), by sides.
_LIMITS: dict[int, int] = {}


class DiceState(msgspec.Struct, kw_only=True):
    """What a save needs to resume the stream exactly (128-bit ints as hex strings)."""

    seed: int
    state: str
    inc: str
    rolled: int = 0


class Dice:
    """The randomizer service of RULESETS §0.5 S3 (dice part): d6 for Skirmish and the
    frame rolls, any die through :meth:`die` (d20 and the critical d10 of Les Clefs de
    l'Aube); one stream, so a game mixing them stays one seed."""

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._bits = PCG64(seed)
        self._forced: deque[int] = deque()
        self.rolled = 0
        #: Raw outputs drawn ahead in one call (a numpy call per die cost more than the
        #: rest of a roll), next one last; ``_ahead_from`` is the stream's state before
        #: them, so that :meth:`_position` can say where the dice really are.
        self._ahead: list[int] = []
        self._ahead_from: dict[str, Any] | None = None
        #: (raw outputs left ahead, the stream's place then), see :meth:`_position`.
        self._where: tuple[int, dict[str, int]] | None = None

    # -- faces -------------------------------------------------------------------------
    def die(self, sides: int) -> int:
        """One face 1..sides."""
        if self._forced:
            face = self._forced.popleft()
            if not 1 <= face <= sides:
                raise ValueError(f"forced face {face} is not on a d{sides}")
            self.rolled += 1
            return face
        limit = _LIMITS.get(sides)
        if limit is None:
            limit = _LIMITS[sides] = _SPAN - _SPAN % sides
        ahead = self._ahead
        while True:
            if not ahead:
                self._ahead_from = self._bits.state
                self._where = None
                ahead.extend(reversed(self._bits.random_raw(AHEAD).tolist()))
            raw = ahead.pop()
            if raw < limit:
                self.rolled += 1
                return raw % sides + 1

    def _position(self) -> dict[str, int]:
        """The stream's ``{"state": ..., "inc": ...}`` where the dice rolled so far leave it:
        the raw outputs drawn ahead and not yet used are put back (the state before them,
        advanced by those used). Kept until the dice draw ahead again: a look-ahead forks
        one game's dice hundreds of times where they stand, and a replay hashes the state
        after every command. The advance is PCG64's own 128-bit step, taken in Python from
        the last place worked out (a die or two since, most often): seeding a numpy
        generator to call ``advance`` cost about 20 µs each time."""
        if not self._ahead or self._ahead_from is None:
            return self._bits.state["state"]
        left = len(self._ahead)
        where = self._where
        if where is None:
            where = (AHEAD, self._ahead_from["state"])
        if where[0] != left:
            state, inc = where[1]["state"], where[1]["inc"]
            for _ in range(where[0] - left):
                state = (state * _MULTIPLIER + inc) & _MASK
            where = (left, {"state": state, "inc": inc})
        self._where = where
        return where[1]

    def d6(self) -> int:
        return self.die(6)

    def roll(self, n: int) -> tuple[int, ...]:
        """``n`` d6, in the order rolled."""
        return tuple(self.die(6) for _ in range(n))

    def d3(self) -> int:
        """[R-GEN-DICE] 1d3 read from a d6 (1–2 → 1, 3–4 → 2, 5–6 → 3), as tables do."""
        return (self.die(6) + 1) // 2

    def d66(self) -> tuple[int, int]:
        """[R-GEN-DICE] D66: tens die then units die."""
        return self.die(6), self.die(6)

    # -- testing and look-ahead ---------------------------------------------------------
    def force(self, *faces: int) -> None:
        """Queue faces that the next rolls return, in order (forced-dice tests)."""
        self._forced.extend(faces)

    def fork(self, salt: int) -> Dice:
        """An independent stream for AI look-ahead; the game's own stream is untouched."""
        return Dice(hash((self._seed, int(self._position()["state"]), salt)) & (_SPAN - 1))

    # -- saving -------------------------------------------------------------------------
    def snapshot(self) -> DiceState:
        st = self._position()
        return DiceState(
            seed=self._seed, state=format(st["state"], "x"), inc=format(st["inc"], "x"),
            rolled=self.rolled,
        )

    @classmethod
    def restore(cls, saved: DiceState) -> Dice:
        dice = cls(saved.seed)
        full = dice._bits.state
        full["state"] = {"state": int(saved.state, 16), "inc": int(saved.inc, 16)}
        dice._bits.state = full
        dice.rolled = saved.rolled
        return dice
