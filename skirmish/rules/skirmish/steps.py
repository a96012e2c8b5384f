"""Resolution steps: the engine's to-do list, kept in the game state.

An action pushes steps; the engine pops and runs them until the stack is empty or a
step needs a decision from a player (then it parks itself in ``GameState.pending`` and
runs again, with ``choice`` filled in, when a ``Choose`` command answers). Because steps
are plain data, a game can be saved, hashed, copied for look-ahead or replayed in the
middle of a charge or a chain of passive actions.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

Point = tuple[float, float]


class Step(msgspec.Struct, frozen=True, kw_only=True, tag_field="step"):
    """Base of all steps; ``choice`` carries a decision's answer when resumed."""

    choice: str | None = None


class MoveAlong(Step, tag="move", kw_only=True):
    """Move ``figure`` along ``path`` (its position first), checking Spot on the way (D-4).

    ``paid`` is the allowance already spent by earlier legs of the same move."""

    figure: str
    path: tuple[Point, ...]
    reason: str
    rule: str
    spot: bool = True
    forced: bool = False
    ignore_difficult: bool = False
    leave_table: bool = False
    paid: float = 0.0


class SpotTest(Step, tag="spot", kw_only=True):
    """[R-MORALE-SPOT] ``tester`` sees the higher-rank ``enemy`` for the first time."""

    tester: str
    enemy: str


class SpotShot(Step, tag="spot_shot", kw_only=True):
    """A passed Spot test: the tester may shoot ``target`` for free (GAP-46)."""

    tester: str
    target: str


class SpotEscape(Step, tag="spot_escape", kw_only=True):
    """A failed Spot test: move ``distance`` pas out of ``enemy``'s sight, or away."""

    tester: str
    enemy: str
    distance: float


class ChooseFirstTarget(Step, tag="first_target", kw_only=True):
    """[R-SHOOT-MULTI] Two targets equally near: their controller picks the first."""

    shooter: str
    weapon: str
    candidates: tuple[str, ...]
    free: bool = False


class ResolveShot(Step, tag="shot", kw_only=True):
    """Roll a declared shot. ``targets`` are ordered (first target first); a blast has
    one entry, the figure at its centre."""

    shooter: str
    weapon: str
    targets: tuple[str, ...]
    free: bool = False


class ShotTest(Step, tag="shot_test", kw_only=True):
    """[R-MORALE-SHOT] ``figure`` was shot at by ``shooter`` with ``weapon``."""

    figure: str
    shooter: str
    weapon: str


class ForcedMove(Step, tag="forced", kw_only=True):
    """A move a rule imposes (D-2). ``kind``: ``away`` from ``origin``; ``cover`` (nearest
    cover within the distance, else away from ``origin``)."""

    figure: str
    kind: Literal["away", "cover"]
    origin: Point
    distance: float
    rule: str
    reason: str
    ignore_difficult: bool = False


class ChargeStep(Step, tag="charge", kw_only=True):
    """A declared charge (GAP-39, D-5) at ``stage``: ``tests`` (the Charge test) →
    ``charged`` (one "Être chargé" test for the head of ``queue``, then the rest) →
    ``move`` → ``contact``. ``tested``: who took "Être chargé" at declaration (they do not
    test again on contact); ``malus_if_contact``: who loses 1 R should the charger reach
    contact with them (GAP-45); ``faced``: the outranking enemies the Charge test at
    declaration was taken for (the re-planned move tests again only for others). Unset
    when there was none, so it stays out of the encoding and older states hash as before."""

    charger: str
    target: str
    stage: Literal["tests", "charged", "move", "contact"] = "tests"
    queue: tuple[str, ...] = ()
    tested: tuple[str, ...] = ()
    malus_if_contact: tuple[str, ...] = ()
    faced: tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET


class StepBack(Step, tag="step_back", kw_only=True):
    """A failed "Être chargé" test with a 5–6: ``figure`` may step back 1d3 pas (GAP-45);
    the charge then resumes as ``then``."""

    figure: str
    charger: str
    distance: float
    then: ChargeStep


class RulesetStep(Step, tag="ruleset", kw_only=True):
    """A step owned by another ruleset that reuses this engine (RULESETS §0.5 S7): its
    ``kind`` names the handler that ``context.Hooks.step_handler`` gives, ``data`` holds
    its arguments as plain JSON values (so it saves and hashes like any step)."""

    kind: str
    data: dict[str, Any] = {}


AnyStep = (
    MoveAlong | SpotTest | SpotShot | SpotEscape | ChooseFirstTarget | ResolveShot | ShotTest
    | ForcedMove | ChargeStep | StepBack | RulesetStep
)
