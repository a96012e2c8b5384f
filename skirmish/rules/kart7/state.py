"""What KART 7 owns in a game's state (RULESETS §0.5 S3, S10): the piles, and per figure
its profile, its wound records in the five holders, its markers and its standing. The
whole game state holds one :class:`Cards` (``k7``), saved, hashed and replayed with it."""

from __future__ import annotations

import msgspec

from skirmish.rules.kart7.options import K7Options
from skirmish.rules.kart7.piles import Piles
from skirmish.rules.kart7.profile import K7Profile

#: [K7-SURVIVAL] [GAP-K7-15] survival draws of an Énorme wound come back every 10 turns
#: (1 minute = 10 rounds, GAP-ALT-2); the other frequencies are longer than a game.
ENORME = 4
ENORME_EVERY = 10


class WoundRecord(msgspec.Struct, kw_only=True):
    """One damage card in a holder ([K7-DAMAGE]): the card, its value v and its level
    (0 Nulle … 4 Énorme). ``malus`` is the standing malus it gives once survived below v
    or after a KO ([GAP-K7-14], [GAP-K7-22]); ``pending`` its survival chain still runs,
    next at turn ``due`` (None: in the end-of-game step)."""

    card: int
    value: int
    level: int
    malus: int = 0
    pending: bool = False
    due: int | None = None


class K7Figure(msgspec.Struct, kw_only=True):
    """[K7-SHEET] live state: wound records, bonus and malus markers, Ressource draws made
    ([GAP-K7-18]), the KO flag (with the wound that caused it) and death."""

    profile: K7Profile
    wounds: list[WoundRecord] = []
    bonus: int = 0
    malus: int = 0
    ressources: int = 0
    ko: bool = False
    ko_wound: int | None = None
    dead: bool = False

    def standing_malus(self) -> int:
        """[GAP-K7-14] the sum of the survived wounds' maluses, each counted once."""
        return sum(w.malus for w in self.wounds)

    def threshold(self, score: int) -> int:
        """§4.d step 1: the score + bonus markers − malus markers − standing maluses."""
        return score + self.bonus - self.malus - self.standing_malus()

    def in_holder(self, level: int) -> int:
        return sum(1 for w in self.wounds if w.level == level)


class Cards(msgspec.Struct, kw_only=True):
    """The ruleset's part of the state: its options, the piles and every figure's own."""

    options: K7Options = K7Options()
    piles: Piles = msgspec.field(default_factory=Piles)
    figures: dict[str, K7Figure] = {}
