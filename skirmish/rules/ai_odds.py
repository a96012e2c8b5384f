"""What the computer players read of a ruleset's odds: the AI side of the seam
(RULESETS §0.5 S14, odds before commitment).

The evaluator (``skirmish.ai.evaluate``) weighs every attack and every position with
these few numbers, so one set of computer players serves every ruleset: each ruleset
hands its provider out through its engine's hooks (:attr:`Hooks.ai_odds
<skirmish.rules.skirmish.context.Hooks.ai_odds>` for the rulesets on the Skirmish engine)
and keeps its own dice, damage and health inside it: a provider is generic in its
engine's working context and figures, which this generic layer does not know. A ``Blow``
is the provider's own description of what one attack may do to one figure (a
:class:`~fractions.Fraction`, P(one PV lost), for Skirmish); the evaluator only
multiplies blows out with :meth:`AiOdds.blows` and treats a falsy blow as one that
cannot hurt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeVar

Blow = Any
C = TypeVar("C", contravariant=True)
F = TypeVar("F", contravariant=True)


class Harm(Protocol):
    """What one figure may lose: ``pv_loss`` maps PV lost — for a ruleset without PV,
    the PV-equivalent, the share of its health track times its Skirmish PV — to its
    probability; ``p_out`` P(out of action or dead afterwards), ``p_dead`` P(dead)."""

    @property
    def figure(self) -> str: ...

    @property
    def pv_loss(self) -> Mapping[Any, Fraction]: ...

    @property
    def p_out(self) -> Fraction: ...

    @property
    def p_dead(self) -> Fraction: ...


class Test(Protocol):
    """A passive test an action provokes: who takes it and P(pass)."""

    @property
    def figure(self) -> str: ...

    @property
    def p_pass(self) -> Fraction: ...


class StrikeOdds(Protocol):
    """One Strike now: its harm, and its blow for estimates of several strikes."""

    @property
    def harm(self) -> Harm: ...

    @property
    def blow(self) -> Blow: ...


class ShotOdds(Protocol):
    """One Shoot action: a harm per figure it may hurt (its target first), the passive
    tests it provokes, P(the weapon is lost for good)."""

    @property
    def harms(self) -> Sequence[Harm]: ...

    @property
    def tests(self) -> Sequence[Test]: ...

    @property
    def p_weapon_lost(self) -> Fraction: ...


class ChargeOdds(Protocol):
    """A Charge then a Strike with every PA left: P(contact), P(the target is out of
    action at the end), the first strike after contact (None with no PA left),
    P(the charger passes its Charge test) if it takes one, and where the planned charge
    ends (None without a path)."""

    @property
    def p_contact(self) -> Fraction: ...

    @property
    def p_out(self) -> Fraction: ...

    @property
    def strike(self) -> StrikeOdds | None: ...

    @property
    def p_charge_test(self) -> Fraction | None: ...

    @property
    def end(self) -> tuple[float, float] | None: ...


class AiOdds(Protocol[C, F]):
    """The provider of one engine: ``C`` its working context, ``F`` its figure."""

    def strike(self, ctx: C, f: F, t: F, weapon: str | None = None) -> StrikeOdds:
        """``f`` strikes ``t`` now (``weapon`` None: the one the engine would pick)."""
        ...

    def shot(self, ctx: C, s: F, weapon: str, t: F) -> ShotOdds: ...

    def charge(self, ctx: C, f: F, t: F) -> ChargeOdds:
        """The quick look: reach judged without planning a path per step back."""
        ...

    def shot_blow(self, ctx: C, s: F, t: F, weapon: str, *, walk_in: bool) -> Blow:
        """One shot of ``s`` at ``t`` from where they stand, or (``walk_in``) after ``s``
        walks into long range; falsy when it cannot hit."""
        ...

    def blows(self, ctx: C, t: F, blow: Blow, n: int) -> tuple[float, float, float] | None:
        """(P(out of action), P(dead), expected PV-equivalent lost) after ``n`` blows, in
        floats (estimates weighed thousands of times a decision); None where ``t`` loses
        plain PV to independent blows of chance ``blow`` (the evaluator's own memo)."""
        ...

    def health(self, ctx: C, f: F) -> tuple[int, int]:
        """(what is left, the whole) of ``f``'s health track: its PV, for Skirmish."""
        ...

    def spot_tests(self, ctx: C, mover: F, path: tuple[tuple[float, float], ...]) -> Sequence[Test]:
        """The first-sighting tests a move along ``path`` provokes ([R-MORALE-SPOT])."""
        ...
