"""One seeded dice source per game (ARCHITECTURE convention 2).

The stream is numpy's PCG64 *raw* output turned into faces by rejection sampling here,
so the faces depend only on PCG64 (a stable algorithm), not on how a numpy release
implements ``Generator.integers``: the same seed gives the same game on every machine.
Tests force faces with :meth:`Dice.force`; forced faces are consumed before the stream.
"""

from __future__ import annotations

from collections import deque

import msgspec
from numpy.random import PCG64  # numpy loads its random module only when asked

_SPAN = 1 << 64


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

    # -- faces -------------------------------------------------------------------------
    def die(self, sides: int) -> int:
        """One face 1..sides."""
        if self._forced:
            face = self._forced.popleft()
            if not 1 <= face <= sides:
                raise ValueError(f"forced face {face} is not on a d{sides}")
            self.rolled += 1
            return face
        limit = _SPAN - _SPAN % sides
        while True:
            raw = int(self._bits.random_raw())
            if raw < limit:
                self.rolled += 1
                return raw % sides + 1

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
        return Dice(hash((self._seed, int(self._bits.state["state"]["state"]), salt)) & (_SPAN - 1))

    # -- saving -------------------------------------------------------------------------
    def snapshot(self) -> DiceState:
        st = self._bits.state["state"]
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
