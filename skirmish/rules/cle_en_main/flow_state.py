"""The game state of Clé en main: the table's (positions, bands, turn, VP — RULESETS
§0.2) and the ruleset's own, saved, hashed and replayed as one struct.

A round is scheduled by :class:`~skirmish.rules.cle_en_main.hand.Hand`; the figure taking
its tour de jeu is a :class:`Tour` (an interrupt suspends it in ``suspended``); an attack
being resolved is an :class:`Attack`, whose ``stage`` says where it waits; a decision
owed by either player is an :class:`Ask` (RULESETS §0.5 S7), answered by ``Choose``.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from skirmish.rules.cle_en_main.hand import Hand
from skirmish.rules.cle_en_main.monitor import Load
from skirmish.rules.cle_en_main.rolls import Rolled
from skirmish.rules.cle_en_main.state import CmPart
from skirmish.rules.commands import AnyCommand
from skirmish.rules.events import DamageSteps
from skirmish.rules.frame.figure import Option
from skirmish.rules.frame.state import FrameState

TourReason = Literal["hand", "response", "ceded", "rest", "interrupt", "passive"]
AttackKind = Literal["strike", "shot", "charge", "trip", "disarm"]


class Ask(msgspec.Struct, frozen=True, kw_only=True):
    """A decision owed by ``band`` (ARCHITECTURE convention 5): its ``kind`` says which
    part of the flow waits for it; each option is the table's :class:`Option`."""

    band: str
    kind: str
    prompt: str
    figure: str | None
    options: tuple[Option, ...]
    default: str
    prompt_key: str = ""
    params: dict[str, Any] = {}


class Attack(msgspec.Struct, kw_only=True):
    """An attack being resolved (§2.d): its kind, attacker, targets (a second one for
    Attaques multiples; figures in a Zone are found when it lands), weapon (None:
    unarmed), the primes and pénalités it carries, which figures bought a heroic die,
    the throws so far and the figures it hit."""

    kind: AttackKind
    attacker: str
    target: str
    weapon: str | None
    second: str | None = None
    load: Load = Load()
    stage: str = "pair"
    #: A free prime the circumstances give, still to be chosen (a charge from a height).
    free_prime: bool = False
    heroic: list[str] = []
    attack_roll: Rolled | None = None
    defence_rolls: dict[str, Rolled] = {}
    #: Who won each opposition (defender → winner id); a special action's second one.
    won: dict[str, str] = {}
    #: Figures still to take their damage, in order, and the one whose damage is announced.
    to_harm: list[str] = []
    #: The figures the attack was at (responses, [CM-ORDER]).
    attacked: list[str] = []
    #: Decisions already offered (``heroic:<id>``, ``reroll:<id>:<serials>``).
    asked: list[str] = []
    #: The damage announced to ``to_harm[0]``, waiting for heroism's answer.
    announced: DamageSteps | None = None
    #: The Risque incidents have been settled.
    risk_done: bool = False
    #: [CM-GROUP] [CM-COOP] the figures attacking with the attacker, one tour for all.
    together: list[str] = []


class Tour(msgspec.Struct, kw_only=True):
    """One figure's tour de jeu ([CM-ROUND] [CM-ACTION] [CM-MOVE-ACT], §2.c).

    ``held`` is the command that declared its action, kept through the interrupt window
    (GAP-CM-5); ``walked`` the pas it moved before acting (move and act: Difficulté);
    ``imposed`` the pénalité an interrupt carries; ``attacked`` the enemy figures it
    attacked, by band (the responses owed)."""

    figure: str
    band: str
    reason: TourReason
    declared: bool = False
    held: AnyCommand | None = None
    walked: float = 0.0
    stood: bool = False
    acted: bool = False
    imposed: list[str] = []
    attacked: dict[str, list[str]] = {}
    attack: Attack | None = None
    #: Bands already asked whether they interrupt this declaration.
    asked: list[str] = []


class CmState(FrameState, kw_only=True):
    cm: CmPart
    hand: Hand = msgspec.field(default_factory=Hand)
    tour: Tour | None = None
    suspended: list[Tour] = []
    pending: Ask | None = None
