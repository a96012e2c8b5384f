"""Events: what happened, in order. ``apply`` returns them; the log is their sequence.

Every roll is a :class:`Roll` with the rule that governs it, the faces, what they were
compared with after every modifier (``need``), the outcome and every input by name, so
the dice tray, the game log and a post-mortem all tell the same story.
"""

from __future__ import annotations

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
    Roll | D20Roll | DeploymentOrder | Placed | DeploymentEnded | TurnStarted | Initiative
    | WaveStarted | Activated | ActivationEnded | Stunned | ActionDeclared | Moved
    | ShotResolved | Wounded | OutOfAction | Killed | Healed | WeaponLost | Reaction
    | StatusChanged | DecisionNeeded | DecisionTaken | TurnEnded | Resigned | GameEnded
    | DamageResolved | Opposition
)

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(AnyEvent)


def encode(event: Event) -> bytes:
    return _encoder.encode(event)


def decode(data: bytes | str) -> AnyEvent:
    return _decoder.decode(data)
