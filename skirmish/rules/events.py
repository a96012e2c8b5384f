"""Events: what happened, in order. ``apply`` returns them; the log is their sequence.

Every roll is a :class:`Roll` with the rule that governs it, the faces, what they were
compared with after every modifier (``need``), the outcome and every input by name, so
the dice tray, the game log and a post-mortem all tell the same story.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

import msgspec

Point = tuple[float, float]


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of all events."""


Outcome = Literal["good", "bad"]


class Roll(Event, tag="roll", kw_only=True):
    """One roll. ``compare`` says how ``need`` is used: ``>=`` (d6 target numbers) or
    ``<=`` (Leadership tests); ``table`` when the faces are read on a table (D66).

    ``success`` is always the roll's own comparison, ``sum(dice) compare need`` (a jam
    die of 6 against ``need`` 6 is a success: the weapon is lost). What that means for
    the figure that rolled (``figure``) is ``outcome``: ``good`` or ``bad``, None when it
    is neither (a distance, an initiative score); ``result`` says it in words.
    ``label`` is English; ``key``/``params`` say it in any language."""

    rule: str
    label: str
    dice: tuple[int, ...]
    need: int | None = None
    compare: Literal[">=", "<=", "table"] = ">="
    success: bool | None = None
    inputs: dict[str, Any] = {}
    figure: str | None = None
    target: str | None = None
    result: str | None = None
    outcome: Outcome | None = None
    key: str = ""
    params: dict[str, Any] = {}


class Face(msgspec.Struct, frozen=True, kw_only=True):
    """RULESETS §0.6 ``dice`` entry: the kind of die, its face and its role."""

    die: Literal["d6", "d8", "d10", "d12", "d20", "d100"]
    face: int
    role: str


class Window(msgspec.Struct, frozen=True, kw_only=True):
    """A d20 roll-under window (RULESETS §0.6 ``need``, Clefs de l'Aube): success is
    ``nd < °R`` with ``d ≤ ca``."""

    nd: int
    ca: int


class D20Roll(Roll, tag="roll_d20", kw_only=True):
    """A d20 roll of a d20 ruleset: still a :class:`Roll` (``dice`` the faces in order,
    ``need`` the CA, ``compare`` ``<=``) so the tray, log and undo treat it as one, plus
    the §0.6 fields: die kinds and roles, the window, and the degree — °R (``degree_kind``
    "R") when the d20 came in under the CA, else the degree of failure °É ("E"). ``success``
    is the outcome against the window (°R > ND)."""

    ruleset: str
    faces: tuple[Face, ...]
    window: Window
    degree: int
    degree_kind: Literal["R", "E"]


class DiceRoll(Roll, tag="roll_dice", kw_only=True):
    """A roll of a ruleset's own dice with the fields of RULESETS §0.6: each die's kind,
    face and role (``faces``; ``dice`` repeats the faces in order), the ``value`` read from
    them (a d100 from its tens and units dice, 00 = 100), what it was compared with
    (``need``, after every modifier), the hit ``location`` it gives, the roll's number in
    the game (``roll``) and, for a reroll, the number of the roll it ``replaces`` with
    what was ``paid`` for it (S8: a new event, not an undo)."""

    ruleset: str
    faces: tuple[Face, ...]
    value: int
    roll: int
    location: str | None = None
    replaces: int | None = None
    paid: dict[str, int] = {}


class Ladder(Event, tag="ladder", kw_only=True):
    """RULESETS S4: an initiative ladder of figures of every band, highest first, with
    each figure's score and the tie-breaks that ordered equal scores."""

    rule: str
    order: tuple[str, ...]
    scores: dict[str, int]
    ties: tuple[str, ...] = ()


class WfDamage(Event, tag="wf_damage", kw_only=True):
    """One pass of the WFRP damage pipeline ([WF-DMG], RULESETS §1.d): the location hit
    and its AP, the damage d10 and the weapon's damage, Ulric's Fury, the bonus
    d'Endurance, what got through, B left, and whether it was a critical (GAP-WF-10)."""

    rule: str
    figure: str
    by: str | None
    location: str
    d10: int
    weapon: int
    ulric: int
    helpless: int
    be: int
    ap: int
    total: int
    lost: int
    b_left: int
    critical: int = 0


class DamageResolved(Event, tag="damage_resolved", kw_only=True):
    """One pass of a ruleset's damage pipeline (RULESETS §0.6), e.g. Clefs de l'Aube:
    Dom − BE − °R(encaissement) = effective damage → its table row, the fatigue and the
    wound recorded (after overflow to the next level), per aspect."""

    rule: str
    figure: str
    by: str | None
    aspect: str
    dom: int
    armour: int
    resisted: int
    effective: int
    row: str
    fatigue: int
    wound: str | None
    fatigue_total: int


class Opposition(Event, tag="opposition", kw_only=True):
    """RULESETS §0.6 ``opposition``: two rolls made against each other (the rolls are the
    events just before), the choices behind them, the winner and the tie-break used."""

    rule: str
    figures: tuple[str, str]
    choices: tuple[str, str]
    degrees: tuple[int | None, int | None]
    winner: str | None
    effect: int
    tie_break: str
    #: Points the winner banks for its next manoeuvre (Clefs de l'Aube's MA feint).
    banked: int = 0


class D6Roll(Roll, tag="roll_d6", kw_only=True):
    """A roll of a d6-pool ruleset (Clé en main: 3d6 + skill): still a :class:`Roll`
    (``dice`` the faces in order, ``need`` the difficulty or the opponent's total,
    ``compare`` ``>=``) so the tray, log and undo treat it as one, plus the §0.6 fields:
    each die's role (red, white, heroic, damage), the ``total`` after every modifier, an
    ``automatic`` result, and, for a roll made again (S8), the ``serial`` of the roll it
    ``replaces`` and what was ``paid``. A roll taken as a fixed 11 ([CM-NPC-11]) has no
    dice."""

    ruleset: str
    faces: tuple[Face, ...]
    total: int
    serial: int
    automatic: Literal["success", "failure"] | None = None
    replaces: int | None = None
    paid: dict[str, int] = {}


class Contest(Event, tag="contest", kw_only=True):
    """RULESETS §0.6 ``opposition`` of two totals (the rolls are the events just before,
    by their ``serials``): the active side first, their skills and totals, the automatic
    results, the winner (None: a draw) and the tie-break that decided it: ``automatic``,
    ``total``, ``skill``, ``active`` or ``draw``."""

    rule: str
    ruleset: str
    figures: tuple[str, str]
    serials: tuple[int, int]
    skills: tuple[int, int]
    totals: tuple[int, int]
    automatic: tuple[str | None, str | None]
    winner: str | None
    tie_break: Literal["automatic", "total", "skill", "active", "draw"]


class DamageSteps(Event, tag="damage_steps", kw_only=True):
    """Every step of a dice-read damage pipeline (RULESETS §0.6; Clé en main §2.d): the
    weapon dice read from the winning roll (``read``: red, whites, all or none), the
    damage bonus, extra dice (Attaque meurtrière, dice above three), the heroic die,
    6+ rerolls, a group's bonus, the protection and the defender's heroic die taken off,
    each halving in order, the damage suffered and the vitality left; ``cancelled`` when
    heroism cancelled it."""

    rule: str
    ruleset: str
    figure: str
    by: str | None
    read: Literal["red", "whites", "all", "none"]
    weapon_dice: tuple[int, ...]
    bonus: int
    extra: tuple[int, ...] = ()
    heroic: int = 0
    rerolled: tuple[int, ...] = ()
    group: int = 0
    protection: int = 0
    heroic_defence: int = 0
    halvings: tuple[str, ...] = ()
    damage: int
    vitality: int
    cancelled: bool = False


class TimedStatus(Event, tag="timed_status", kw_only=True):
    """A ruleset status with its timer (RULESETS §0.5 S10/S11): set (``on``) or ended,
    lasting ``until`` the end of that round (None: no end, or the rest of the game)."""

    rule: str
    figure: str
    status: str
    on: bool = True
    until: int | None = None


class TurnOrder(Event, tag="turn_order", kw_only=True):
    """Who holds the turn in a scheduler that passes it between bands (RULESETS §0.5 S4;
    Clé en main's hand): the band order of the round, the band that holds it now and
    why (``opposition`` at the start of a round, ``ceded``, ``returned``…)."""

    rule: str
    order: tuple[str, ...]
    holder: str | None
    reason: str


class ResourceChanged(Event, tag="resource", kw_only=True):
    """A per-figure resource spent or gained (heroism, Prudence, Danger…): by ``delta``,
    ``left`` after, and what it was spent on (``effect``)."""

    rule: str
    figure: str
    resource: str
    delta: int
    left: int
    effect: str


def good_if(good: bool) -> Outcome:
    """A :class:`Roll` ``outcome`` from whether the roll went the roller's way."""
    return "good" if good else "bad"


class DeploymentOrder(Event, tag="deployment_order", kw_only=True):
    rule: str = "R-DEPLOY"
    order: tuple[str, ...]


class Placed(Event, tag="placed", kw_only=True):
    figure: str
    at: Point


class DeploymentEnded(Event, tag="deployment_ended", kw_only=True):
    pass


class TurnStarted(Event, tag="turn_started", kw_only=True):
    turn: int


class Initiative(Event, tag="initiative", kw_only=True):
    """[R-TURN-INIT] The activation order for the turn and how it was reached."""

    rule: str = "R-TURN-INIT"
    order: tuple[str, ...]
    scores: dict[str, int]
    sous_fifres: dict[str, int]


class WaveStarted(Event, tag="wave_started", kw_only=True):
    """[R-TURN-WAVE] ``cap`` is the wave-1 d6 (None in wave 2: all the rest)."""

    rule: str = "R-TURN-WAVE"
    band: str
    wave: int
    cap: int | None


class Activated(Event, tag="activated", kw_only=True):
    figure: str
    pa: int


class ActivationEnded(Event, tag="activation_ended", kw_only=True):
    figure: str
    pa_lost: int


class Stunned(Event, tag="stunned", kw_only=True):
    """[R-CAMP-INJ-24] A failed madness test: no action this turn."""

    rule: str = "R-CAMP-INJ-24"
    figure: str


class ActionDeclared(Event, tag="action", kw_only=True):
    """An active action and its PA cost (§6)."""

    rule: str
    figure: str
    action: str
    cost: int
    target: str | None = None
    weapon: str | None = None


class Moved(Event, tag="moved", kw_only=True):
    """A move along ``path`` (corner points, start first) costing ``cost`` pas of allowance.

    ``reason`` is the action or passive action that caused it."""

    rule: str
    figure: str
    path: tuple[Point, ...]
    cost: float
    reason: str
    interrupted: bool = False


class ShotResolved(Event, tag="shot", kw_only=True):
    """[R-SHOOT-HIT] Summary of one target of a shot, after its to-hit die."""

    rule: str = "R-SHOOT-HIT"
    figure: str
    target: str
    weapon: str
    hit: bool
    range_band: str | None = None
    distance: float | None = None


class Wounded(Event, tag="wounded", kw_only=True):
    rule: str = "R-DMG-PV"
    figure: str
    by: str | None
    pv: int
    ignored: bool = False


class OutOfAction(Event, tag="out_of_action", kw_only=True):
    rule: str = "R-WOUND-OOA"
    figure: str
    by: str | None


class Killed(Event, tag="killed", kw_only=True):
    rule: str = "R-WOUND-DEAD"
    figure: str
    by: str | None


class Healed(Event, tag="healed", kw_only=True):
    rule: str = "R-EQ-MEDIKIT"
    figure: str
    by: str
    pv: int


class WeaponLost(Event, tag="weapon_lost", kw_only=True):
    """A weapon exploded ([R-SHOOT-BP]) or jammed for good ([R-SHOOT-JAM])."""

    rule: str
    figure: str
    weapon: str
    reason: str


class Reaction(Event, tag="reaction", kw_only=True):
    """A passive action or rout test and what it caused (the morale panel's content).

    ``effect`` is the English sentence; ``key`` and ``params`` say it in any language
    (``skirmish.rules.frame.messages``); ``dice``, ``need`` and ``inputs`` repeat the
    test's roll (empty when the test was passed automatically or there was none)."""

    rule: str
    figure: str
    test: str
    passed: bool
    effect: str
    cause: str | None = None
    key: str = ""
    params: dict[str, Any] = {}
    dice: tuple[int, ...] = ()
    need: int | None = None
    inputs: dict[str, Any] = {}


class StatusChanged(Event, tag="status", kw_only=True):
    """A lasting state: ``routing``, ``rallied``, ``charged_malus``, ``climbing``, ``fled``…"""

    rule: str
    figure: str
    status: str
    on: bool = True


class DecisionNeeded(Event, tag="decision", kw_only=True):
    """A player who may not be the active one owes a choice (see ``GameState.pending``).
    ``prompt`` is English; ``key``/``params`` (ids, ``messages.ID_PARAMS``) say it in any
    language."""

    band: str
    kind: str
    prompt: str
    key: str = ""
    params: dict[str, Any] = {}


class DecisionTaken(Event, tag="decided", kw_only=True):
    band: str
    kind: str
    option: str


class TurnEnded(Event, tag="turn_ended", kw_only=True):
    turn: int


class Resigned(Event, tag="resigned", kw_only=True):
    band: str


class ScoreLine(msgspec.Struct, frozen=True, kw_only=True):
    """One line of a band's VP: the English ``text``, and ``key``/``params`` to say it
    in any language (``skirmish.rules.frame.messages``)."""

    text: str
    vp: int
    key: str
    params: dict[str, Any] = {}


class GameEnded(Event, tag="game_ended", kw_only=True):
    """[R-VP] Final VP per band, what scored them, and the winner (None = draw)."""

    rule: str = "R-VP"
    reason: str
    key: str = ""
    params: dict[str, Any] = {}
    vp: dict[str, int]
    breakdown: dict[str, tuple[ScoreLine, ...]]
    winner: str | None


AnyEvent = (
    Roll | D20Roll | DiceRoll | Ladder | WfDamage | DeploymentOrder | Placed | DeploymentEnded
    | TurnStarted | Initiative
    | WaveStarted | Activated | ActivationEnded | Stunned | ActionDeclared | Moved
    | ShotResolved | Wounded | OutOfAction | Killed | Healed | WeaponLost | Reaction
    | StatusChanged | DecisionNeeded | DecisionTaken | TurnEnded | Resigned | GameEnded
    | DamageResolved | Opposition | D6Roll | Contest | DamageSteps | TimedStatus
    | ResourceChanged | TurnOrder
)

_encoder = msgspec.json.Encoder()


@cache
def _decoder() -> msgspec.json.Decoder[AnyEvent]:
    """Made when first used (a replay or a save read): it reads every event type, about
    10 ms that the start of a new game, which decodes none, would wait for."""
    return msgspec.json.Decoder(AnyEvent)


def encode(event: Event) -> bytes:
    return _encoder.encode(event)


def decode(data: bytes | str) -> AnyEvent:
    return _decoder().decode(data)
