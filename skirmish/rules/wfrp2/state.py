"""A WFRP game's state: the table's (:class:`~skirmish.rules.frame.state.FrameState`),
the initiative ladder, the resolution in progress and the figures' own state (RULESETS
§0.5 S10). Plain data: saved, hashed and replayed like any state."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from skirmish.rules.frame.figure import FrameFigure, Option
from skirmish.rules.frame.state import FrameState
from skirmish.rules.wfrp2.options import WfOptions
from skirmish.rules.wfrp2.profile import WfProfile

RULESET = "wfrp2"
#: The engine's behaviour by version (``ruleset_version``; a replay keeps its own).
#: Version 2: a multi-target weapon's Attaque rapide shoots along its chain of targets
#: (GAP-WF-6, GAP-30), and a decision's answers that spend Fortune or Destin say what
#: they cost (``paid`` among their params). Version 1 put every shot at one target.
CHAINS = 2
#: Version 3: Skirmish's passive actions ([R-MORALE-*], RULESETS §1.e) are played, by the
#: table's ``passive_actions`` switches; versions 1 and 2 played none.
PASSIVES = 3
#: Version 4: a figure in Posture défensive strikes no blow until its next turn
#: ([WF-A-DEFENSIVE]), not even with a half action bought with Fortune.
DEFENSIVE = 4


class WfFigure(FrameFigure, kw_only=True):
    """A figure's WFRP state.

    ``b`` its Blessures left; ``fortune``, ``destin`` what it has left to spend. Its turn's
    budget (S5, [WF-ACT-*]): ``halves`` half actions left (a full action takes two, and
    only while ``halves_used`` is 0); ``bought`` once a Fortune point bought the extra
    half this turn. Defences this round (GAP-WF-7): ``parade`` (a Parade half action
    taken, until its next turn), ``free_parry`` and ``dodged`` once used. Statuses with
    their durations (GAP-WF-14, GAP-WF-17): ``ran``, ``prudente``, ``defensive``,
    ``brutale`` until its next turn; ``aimed`` turns of Visée left (2: this turn and its
    next); ``feinted`` the figure its next attack cannot be defended by; ``stunned`` its own
    turns still to lose ([WF-STUNNED]); ``loaded`` its slow weapons ready to fire; ``held``
    a held half action ([WF-A-RETARDEMENT]); ``medikits`` uses left (GAP-WF-21)."""

    profile: WfProfile
    b: int
    fortune: int
    destin: int
    halves: int = 0
    halves_used: int = 0
    bought: bool = False
    acted: bool = False
    parade: bool = False
    free_parry: bool = False
    dodged: bool = False
    ran: bool = False
    prudente: bool = False
    defensive: bool = False
    brutale: bool = False
    aimed: int = 0
    feinted: str | None = None
    stunned: int = 0
    loaded: list[str] = []
    held: int = 0
    medikits: int = 0
    surprised: bool = False


class Rung(msgspec.Struct, frozen=True, kw_only=True):
    """One figure on the ladder: its initiative score ([WF-INIT]) and its Ag, which breaks
    ties before the d10 (GAP-WF-3)."""

    figure: str
    score: int
    ag: int


class Attack(msgspec.Struct, frozen=True, kw_only=True, tag="attack"):
    """One attack in resolution ([WF-ATK-ROLL] → defence → [WF-DMG]). ``need`` is the
    target % after every modifier (``inputs`` name them); ``roll``/``value`` the attack
    roll's number and result once rolled; ``stage`` where it stands; ``auto`` hits
    without a roll (Sans défense); ``blast`` a radius every base inside takes the damage."""

    attacker: str
    target: str
    weapon: str
    melee: bool
    need: int
    rule: str
    inputs: dict[str, Any] = {}
    stage: Literal["roll", "reroll", "defend", "defence_reroll", "damage", "destin"] = "roll"
    roll: int = 0
    value: int = 0
    defence: str = ""
    defence_roll: int = 0
    defence_need: int = 0
    auto: bool = False
    undefendable: bool = False
    blast: float | None = None
    choice: str | None = None


class Initiative(msgspec.Struct, frozen=True, kw_only=True, tag="initiative"):
    """[WF-INIT] a figure's initiative roll waiting on its Fortune (+1d10, [WF-FORTUNE])."""

    figure: str
    score: int
    roll: int
    choice: str | None = None


class Held(msgspec.Struct, frozen=True, kw_only=True, tag="held"):
    """[WF-A-RETARDEMENT] GAP-WF-4: the window before ``mover`` starts an action (``cmd``,
    the command it waits on, as JSON) or after it completes a Mouvement; the holders in
    ``ask`` are asked in ladder order."""

    mover: str
    ask: tuple[str, ...]
    cmd: dict[str, Any] | None = None
    choice: str | None = None


class Disengage(msgspec.Struct, frozen=True, kw_only=True, tag="disengage"):
    """[WF-A-DESENGAGEMENT] the move away, once any free attacks it allowed are resolved;
    ``allowance`` in pas; ``rout`` for a routing figure's flight (GAP-55)."""

    figure: str
    allowance: float
    rout: bool = False
    choice: str | None = None


class Heal(msgspec.Struct, frozen=True, kw_only=True, tag="heal"):
    """[WF-A-COMPETENCE] GAP-WF-21: a Soins test waiting on a Fortune reroll."""

    figure: str
    target: str
    need: int
    roll: int
    value: int
    choice: str | None = None


class Passive(msgspec.Struct, frozen=True, kw_only=True, tag="passive"):
    """A passive test owed ([R-MORALE-SPOT], [R-MORALE-SHOT]): ``figure`` tests because of
    ``cause`` (the enemy it sights, or the shooter and its ``weapon``); ``choice`` the
    free shot a passed Spot test chose ("shoot:<weapon>", or "hold")."""

    kind: Literal["spot", "shot"]
    figure: str
    cause: str
    weapon: str | None = None
    choice: str | None = None


Step = Attack | Initiative | Held | Disengage | Heal | Passive


class Sightings(msgspec.Struct, kw_only=True):
    """What the passive actions remember (version 3): ``seen`` the pairs already in sight
    ("tester>enemy", GAP-46 (a): a Spot test once per pair), ``exposed`` the charges that
    reach a target which could not step back ("charger>target", GAP-45)."""

    seen: list[str] = []
    exposed: list[str] = []


class Pending(msgspec.Struct, frozen=True, kw_only=True):
    """A decision owed by ``band`` (RULESETS S7): what the window and the computer read
    (the fields of the Skirmish decision) and the step it resumes."""

    band: str
    kind: str
    prompt: str
    figure: str | None
    options: tuple[Option, ...]
    default: str
    resume: Step
    prompt_key: str = ""
    params: dict[str, Any] = {}


class WfState(FrameState, kw_only=True):
    """``ladder`` highest first ([WF-INIT-ORDER]); ``rung`` the place of the figure whose
    turn it is; ``rolling`` the initiative scores while the ladder is being rolled (its
    Fortune decisions owed); ``rolls`` the number of the game's last roll (for ``replaces``); ``stack``
    the resolution steps still to run (last first); ``passives`` the passive actions'
    memory."""

    ruleset: str = RULESET
    figures: dict[str, WfFigure]
    wf: WfOptions = WfOptions()
    ladder: list[Rung] = []
    rung: int = 0
    rolling: dict[str, int] = {}
    rolls: int = 0
    stack: list[Step] = []
    pending: Pending | None = None
    #: Unset before version 3, so that earlier games encode (and hash) as they did.
    passives: Sightings | msgspec.UnsetType = msgspec.UNSET
