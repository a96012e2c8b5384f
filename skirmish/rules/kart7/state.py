"""A KART 7 game's state (RULESETS §0.5 S3, S4, S10): what the ruleset owns — the piles,
and per figure its profile, its wound records in the five holders, its markers and its
standing (:class:`Cards`) — and the turn's declarations and resolution, on the table's
state (:class:`K7State`); saved, hashed and replayed like any state."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from skirmish.rules.frame.figure import FrameFigure, Option
from skirmish.rules.frame.state import FrameState
from skirmish.rules.kart7.draws import Drawn
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
    next at turn ``due`` (None: in the end-of-game step); ``by`` the figure that dealt it
    (whose band scores the VP if it kills, [R-VP])."""

    card: int
    value: int
    level: int
    by: str | None = None
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


# -- the turn (RULESETS §4.c) ------------------------------------------------------------------
Point = tuple[float, float]
Kind = Literal["main", "support", "consecutive", "court_circuit"]
Action = Literal["hold", "move", "strike", "shoot", "aim", "rest", "flee", "heal", "support",
                 "rout"]
Manoeuvre = Literal["P", "T", "R"]


class Declaration(msgspec.Struct, kw_only=True):
    """One public declaration ([K7-CHOICE], [GAP-K7-6]): the figure; its kind and, for a
    support, a consecutive action or a court-circuit, the number of the declaration it
    names (``of``); the action, its manoeuvre, skill, target, weapon and Ressource card;
    the destination of its move (measured at declaration, ``allowance`` pas) and the hurry
    flag; the bonus markers it spends and malus markers it discards; the extra levels a
    court-circuit costs (``levels``: 1, or 2 for a court-circuit back, [K7-CHOICE]). Its
    ``status`` follows it through the resolution; a Puissance support's success card
    waits in ``support_cards`` of the action it helps."""

    number: int
    figure: str
    band: str
    kind: Kind
    action: Action
    manoeuvre: Manoeuvre | None = None
    skill: str | None = None
    target: str | None = None
    of: int | None = None
    weapon: str | None = None
    card: int | None = None
    to: Point | None = None
    allowance: float = 0.0
    hurry: bool = False
    spend: int = 0
    discard: int = 0
    levels: int = 0
    back: bool = False
    status: Literal["declared", "done", "lapsed", "replaced"] = "declared"
    support_cards: list[int] = []


class Window(msgspec.Struct, kw_only=True):
    """A moment out of speaking order ([K7-CHOICE]): after declaration ``of``, the bands in
    ``bands`` may court-circuit it in turn (``kind`` "court_circuit"), or its figure's band
    may answer a court-circuit by re-declaring or court-circuiting back ("reply")."""

    kind: Literal["court_circuit", "reply"]
    of: int
    bands: list[str]


class Exchange(msgspec.Struct, kw_only=True):
    """The action resolving now, between the decisions it waits on: its declaration, its
    stage, who faces it (by figure), the draws made so far and the hand cards played
    (−1: none), by figure."""

    number: int
    stage: str
    faces: dict[str, bool] = {}
    draws: dict[str, Drawn] = {}
    hands: dict[str, int] = {}
    #: [GAP-K7-23] a shot at several targets: the target now (None: the declared one) and
    #: the further targets of its chain still to draw for.
    target: str | None = None
    chain: list[str] = []
    chained: bool = False
    #: [GAP-K7-6] its target gone or out of reach, the side chose: another target, one
    #: level harder (True), or just the move (False); None: not asked.
    replanned: bool | None = None


class Pending(msgspec.Struct, frozen=True, kw_only=True):
    """A decision owed by ``band`` inside a resolution (S7): face or ignore, a hand card."""

    band: str
    kind: str
    figure: str
    prompt: str
    options: tuple[Option, ...]
    default: str
    prompt_key: str = ""
    params: dict[str, Any] = {}


class K7State(FrameState, kw_only=True):
    """A KART 7 game: the table (:class:`FrameState`), the cards and the figures' own state
    (``k7``), and the turn: the speaking order from ``first_speaker``, the declarations of
    this turn, the band declaring now, a court-circuit window, the resolution queue (the
    numbers of the declarations still to resolve, in order) and the action resolving."""

    figures: dict[str, FrameFigure]
    k7: Cards = msgspec.field(default_factory=Cards)
    stage: Literal["declare", "resolve"] = "declare"
    first_speaker: int = 0
    speaker: int = 0
    passed: list[str] = []
    declarations: list[Declaration] = []
    window: Window | None = None
    queue: list[int] = []
    prepared: list[int] = []
    exchange: Exchange | None = None
    pending: Pending | None = None

    def declaration(self, number: int) -> Declaration:
        return self.declarations[number - 1]

    def declared(self, figure: str) -> Declaration | None:
        """``figure``'s live declaration this turn, if any."""
        for d in reversed(self.declarations):
            if d.figure == figure and d.status != "replaced":
                return d
        return None
