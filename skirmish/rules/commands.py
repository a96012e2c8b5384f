"""Commands: the only way anything changes a game (ARCHITECTURE convention 3).

Frozen, tagged ``msgspec`` structs, so a replay file is simply the list of them encoded
as JSON (``{"type": "walk", "figure": "orks:grishnak", "to": [12.0, 8.5]}``).
Figure ids are ``"band:figure"``.
"""

from __future__ import annotations

from functools import cache

import msgspec

Point = tuple[float, float]


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of all commands."""


# -- deployment (R-DEPLOY, GAP-8) -----------------------------------------------------------
class Deploy(Command, tag="deploy", kw_only=True):
    """Place one figure of the deploying band inside its zone."""

    figure: str
    at: Point


class AutoDeploy(Command, tag="auto_deploy", kw_only=True):
    """Place every figure of the deploying band not yet placed."""

    band: str


class EndDeployment(Command, tag="end_deployment", kw_only=True):
    """The deploying band has placed everything; the next band deploys."""

    band: str


# -- activation (R-TURN-WAVE, GAP-10) -------------------------------------------------------
class Activate(Command, tag="activate", kw_only=True):
    figure: str


class EndActivation(Command, tag="end_activation", kw_only=True):
    """Unspent PA are lost (GAP-12)."""

    figure: str


class EndWave(Command, tag="end_wave", kw_only=True):
    """Activate fewer figures in wave 1 than the d6 allows (GAP-10)."""

    band: str


# -- active actions (§6) --------------------------------------------------------------------
class Walk(Command, tag="walk", kw_only=True):
    figure: str
    to: Point


class Run(Command, tag="run", kw_only=True):
    figure: str
    to: Point


class Shoot(Command, tag="shoot", kw_only=True):
    """Shoot ``target`` (the first target of a multi-target weapon; a blast's centre)."""

    figure: str
    weapon: str
    target: str


class Charge(Command, tag="charge", kw_only=True):
    """Declare a charge on ``target`` (GAP-39); the engine finds the path to contact."""

    figure: str
    target: str


class Strike(Command, tag="strike", kw_only=True):
    figure: str
    target: str
    weapon: str | None = None


class Flee(Command, tag="flee", kw_only=True):
    figure: str


class UseMedikit(Command, tag="use_medikit", kw_only=True):
    figure: str
    target: str


class Climb(Command, tag="climb", kw_only=True):
    """Spend a Walk (or, with ``run``, a Run) climbing ``piece`` with a rope (GAP-60)."""

    figure: str
    piece: str
    run: bool = False


class Evade(Command, tag="evade", kw_only=True):
    """Les Clefs de l'Aube only ([CA-TOTALS], GAP-CA-18): 1 PA; until the figure's next
    activation attackers face its Esq instead of its TP, and it may not Strike or Shoot
    this activation. Skirmish refuses it as an unknown command."""

    figure: str


class Act(Command, tag="act", kw_only=True):
    """A ruleset's own action from its catalogue (RULESETS §0.5 ``catalogue``), by its
    name, with what it points at: a ``target`` figure, a point ``to``, a ``weapon``. The
    actions the table already names (Walk, Run, Shoot, Charge, Strike, Flee, Medikit) keep
    their commands in every ruleset; a ruleset refuses a name it does not know."""

    figure: str
    action: str
    target: str | None = None
    to: Point | None = None
    weapon: str | None = None


class Cede(Command, tag="cede", kw_only=True):
    """The band that holds the turn lets ``to`` activate one figure first (Clé en main's
    hand, [CM-ORDER])."""

    band: str
    to: str


class Declare(Command, tag="declare", kw_only=True):
    """KART 7 only ([K7-CHOICE], RULESETS §4.c): ``figure`` declares ``action`` (hold,
    move, strike, shoot, aim, rest, flee, heal, support, rout) as a ``kind`` of
    declaration (main, support, consecutive, court_circuit) naming declaration ``of``;
    its ``manoeuvre`` (P, T, R) where it has a choice, ``target``, ``weapon``, the hand
    ``card`` a Ressource starts with, the point ``to`` it moves to first, ``hurry``, and
    the bonus markers it ``spend``s and malus markers it ``discard``s on its draw. Every
    other ruleset refuses it as an unknown command."""

    figure: str
    action: str
    kind: str = "main"
    of: int | None = None
    manoeuvre: str | None = None
    target: str | None = None
    weapon: str | None = None
    card: int | None = None
    to: Point | None = None
    hurry: bool = False
    spend: int = 0
    discard: int = 0


class Decline(Command, tag="decline", kw_only=True):
    """KART 7 only: ``band`` lets a moment pass — no court-circuit, its declaration kept,
    or (in its speaking turn) every figure it has not declared for holds."""

    band: str


# -- decisions (ARCHITECTURE convention 5) ---------------------------------------------------
class Choose(Command, tag="choose", kw_only=True):
    """Answer the pending decision with one of its option keys."""

    option: str


class Resign(Command, tag="resign", kw_only=True):
    """A band leaves the game; its figures count as fled (no VP to anyone)."""

    band: str


AnyCommand = (
    Deploy | AutoDeploy | EndDeployment | Activate | EndActivation | EndWave | Walk | Run
    | Shoot | Charge | Strike | Flee | UseMedikit | Climb | Choose | Resign | Evade | Act | Cede
    | Declare | Decline
)

_encoder = msgspec.json.Encoder()


@cache
def _decoder() -> msgspec.json.Decoder[AnyCommand]:
    """Made when first used (a replay or a save read), as the events' decoder is."""
    return msgspec.json.Decoder(AnyCommand)


#: The action-bar kind of each table command (RULESETS §0.7): a ruleset's catalogue names
#: its actions so, and :class:`Act` carries its own name.
KINDS: dict[type[Command], str] = {
    Walk: "walk", Run: "run", Charge: "charge", Strike: "strike", Shoot: "shoot",
    Flee: "flee", UseMedikit: "medikit",
}


def action_kind(cmd: Command) -> str:
    """The catalogue entry ``cmd`` takes (its ``ActionInfo.kind``), "" for none (a
    decision, a band's command, the end of an activation)."""
    if isinstance(cmd, Act):
        return cmd.action
    return KINDS.get(type(cmd), "")


def encode(cmd: Command) -> bytes:
    return _encoder.encode(cmd)


def decode(data: bytes | str) -> AnyCommand:
    return _decoder().decode(data)


def to_builtins(cmd: Command) -> dict:
    return msgspec.to_builtins(cmd)


def from_builtins(data: object) -> AnyCommand:
    return msgspec.convert(data, AnyCommand)
