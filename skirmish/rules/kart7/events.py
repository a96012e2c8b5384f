"""KART 7 events (RULESETS §0.6): every draw is one :class:`CardDraw`, every deck
operation one event, and each step of the damage and survival pipeline one event.

Nothing here ever names a card that is still face down: a deal names the hand (face up)
and only counts the pioche, a refill counts the cards it adds, so the log can be shown to
every player and read by the computer players (S15, [GAP-K7-29]).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from skirmish.rules.events import Event, Roll

RULESET = "kart7"

Source = Literal["pioche", "general", "hand", "support"]
AnyAll = Literal["one", "any", "all"]


class CardEntry(msgspec.Struct, frozen=True, kw_only=True, rename={"source": "from"}):
    """§0.6 ``cards`` entry: the card (``"QH"``), its deck (1–3), the pile it came from
    (written ``from``), its value and whether it is under the threshold."""

    card: str
    deck: int
    source: Source
    value: int
    success: bool


class DrawNeed(msgspec.Struct, frozen=True, kw_only=True):
    """§0.6 ``need`` of a draw: the threshold, how many cards and the any / all rule."""

    threshold: int
    cards: int
    rule: AnyAll


class CardDraw(Roll, tag="k7_draw", kw_only=True):
    """One draw ([K7-DRAW], [K7-DIFFICULTY]): still a :class:`Roll` (``dice`` the cards'
    values in the order drawn, ``need`` the threshold, ``compare`` ``<=``) so the tray, the
    log and undo treat it as one, with the §0.6 fields: ``cards``, ``draw_need``, the
    retained card and the quality (0 on a failure), the difficulty ``level`` (−2 Très
    facile … +2 Très difficile, further out one card more each) and ``number``, this
    game's count of draws, which a replacement names."""

    ruleset: str = RULESET
    number: int
    cards: tuple[CardEntry, ...]
    draw_need: DrawNeed
    level: int
    retained: str | None
    quality: int


class CardReplaced(Event, tag="k7_replaced", kw_only=True):
    """S8: a card put in place of one of draw ``replaces`` — a hand card after a failed
    draw, or a Puissance support's card — with what it was paid with and the new result."""

    rule: str
    figure: str
    replaces: int
    removed: str
    card: CardEntry
    paid: dict[str, str]
    success: bool
    retained: str | None
    quality: int


class DeckShuffled(Event, tag="k7_shuffle", kw_only=True):
    """A seeded shuffle of the general deck: at set-up, or its rebuilding from the
    discard pile when it runs out ([GAP-K7-2])."""

    rule: str
    reason: Literal["setup", "reshuffle"]
    cards: int


class CardsDealt(Event, tag="k7_deal", kw_only=True):
    """[K7-DEAL] a figure's hand (face up, named) and pioche (face down, counted)."""

    rule: str = "K7-DEAL"
    figure: str
    hand: tuple[str, ...]
    pioche: int


class PiocheRefilled(Event, tag="k7_refill", kw_only=True):
    """Cards from the general deck put face down on ``figure``'s pioche (a Ressource, a
    Récupération support), up to its maximum; ``pioche`` is its count after."""

    rule: str
    figure: str
    added: int
    pioche: int


class Declared(Event, tag="k7_declared", kw_only=True):
    """[K7-CHOICE] one public declaration, as the declaration list shows it."""

    rule: str = "K7-CHOICE"
    number: int
    figure: str
    kind: str
    action: str
    levels: int
    manoeuvre: str | None
    skill: str | None
    target: str | None
    of: int | None
    hurry: bool
    path: tuple[tuple[float, float], ...]


class MarkersChanged(Event, tag="k7_markers", kw_only=True):
    """[K7-MARKERS] bonus or malus markers gained, spent or discarded."""

    rule: str
    figure: str
    bonus: int
    malus: int
    reason: str


class WoundTaken(Event, tag="k7_wound", kw_only=True):
    """[K7-DAMAGE] [K7-AGGRAVATION] [K7-KO-OK] one damage: v from its parts, the weapon's
    lethality, each aggravation step (``steps``: ``over_13`` or ``full:<level>``), the
    holder the card went into (None: beyond Énorme, dead) and the KO / OK reading."""

    rule: str
    figure: str
    by: str | None
    card: str
    quality: int
    bonus: int
    suit_bonus: int
    armour: int
    value: int
    lethality: int
    steps: tuple[str, ...]
    level: int | None
    reading: Literal["none", "malus", "angry", "ko", "dead"]


class SurvivalSettled(Event, tag="k7_survival", kw_only=True):
    """[K7-SURVIVAL] what a survival draw did to its wound: ``stop`` (no consequence),
    ``malus`` (a standing malus of ``value``), ``worse`` (moved to ``level``), ``dead``."""

    rule: str
    figure: str
    card: str
    value: int
    outcome: Literal["stop", "malus", "worse", "dead", "pending"]
    level: int | None


class StandingChanged(Event, tag="k7_standing", kw_only=True):
    """S11 a figure's standing (§0.4): ``ko`` (out of action, may return), ``back`` (in
    play again), ``dead``."""

    rule: str
    figure: str
    standing: Literal["ko", "back", "dead"]
    by: str | None = None


class LapsedAction(Event, tag="k7_lapsed", kw_only=True):
    """[GAP-K7-6] [K7-RES-ORDER] a declared action not made: its figure is down, its target
    gone, out of reach or sight (``key`` says which, in the rules' sentences)."""

    rule: str
    number: int
    figure: str
    key: str


class TieBroken(Event, tag="k7_tie", kw_only=True):
    """[GAP-K7-21] equal qualities settled by general cards (the draws just before)."""

    rule: str
    figures: tuple[str, str]
    winner: str


class FirstSpeaker(Event, tag="k7_first_speaker", kw_only=True):
    """[K7-SPEAK-ORDER] [GAP-K7-5] the side that speaks first this turn, and the order."""

    rule: str
    band: str
    order: tuple[str, ...]
