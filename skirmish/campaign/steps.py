"""The post-game procedure as a queue of steps (RULES.md §13, in order).

Each step is plain data, so the queue is saved with the campaign and a campaign resumes in
the middle of the procedure. A decision step has ``choice = None`` until its owner answers.
"""

from __future__ import annotations

import msgspec


class Step(msgspec.Struct, frozen=True, kw_only=True, tag_field="step"):
    """Base of all steps. ``band`` and ``figure`` name whose step it is."""


class ReturnStep(Step, tag="return", kw_only=True):
    """[R-CAMP-RET-SF] / [R-CAMP-RET-HERO] One figure that played: dead, out of action, fine."""

    band: str
    figure: str


class InjuryRoll(Step, tag="injury", kw_only=True):
    """One D66 on the serious injuries; ``multiple`` for the rolls of GAP-64."""

    band: str
    figure: str
    multiple: bool = False


class ArmRoll(Step, tag="arm", kw_only=True):
    """[R-CAMP-INJ-23] Roll again: 1 amputation, 2–6 misses the next game."""

    band: str
    figure: str


class KeepWeapon(Step, tag="keep_weapon", kw_only=True):
    """GAP-66 (a): after an amputation the owner keeps one one-handed weapon."""

    band: str
    figure: str
    choice: str | None = None


class PotionRoll(Step, tag="potion", kw_only=True):
    band: str
    figure: str


class JudgeRoll(Step, tag="judge", kw_only=True):
    band: str
    figure: str


class PayFine(Step, tag="fine", kw_only=True):
    """[R-CAMP-JUDGE] 2–5: pay D6 band points or the figure misses D3 games."""

    band: str
    figure: str
    amount: int
    choice: str | None = None


class Ransoms(Step, tag="ransoms", kw_only=True):
    """[R-CAMP-INJ-62] Every captive of this game, one after the other (GAP-68 a), once
    every band has converted this game's VP."""


class RansomDemand(Step, tag="ransom_demand", kw_only=True):
    """The captor names a ransom for ``figure`` of ``band`` — any whole number of band
    points (``ask:N``) — or offers to exchange it for one of its own members that
    ``band`` holds (``exchange:<id>``)."""

    band: str
    figure: str
    captor: str
    choice: str | None = None


class RansomAnswer(Step, tag="ransom_answer", kw_only=True):
    """The owner accepts (pays ``amount``, or makes the ``exchange`` offered) or refuses
    and lets the figure go."""

    band: str
    figure: str
    captor: str
    amount: int
    exchange: str | None = None
    choice: str | None = None


class Experience(Step, tag="experience", kw_only=True):
    """[R-CAMP-XP] Every award of the game, each with its reason (GAP-63 a)."""


class AdvanceRoll(Step, tag="advance", kw_only=True):
    """[HOUSE] GAP-62: one 2d6 on the advancement table."""

    band: str
    figure: str


class Promote(Step, tag="promote", kw_only=True):
    """GAP-62: a Sous-fifre rolling 12 may be promoted to Sous-chef instead of +1 Mvt."""

    band: str
    figure: str
    choice: str | None = None


class ConvertVp(Step, tag="convert_vp", kw_only=True):
    """[R-CAMP-VP] GAP-61: victory points become band points."""


class Succession(Step, tag="succession", kw_only=True):
    """[HOUSE] D-11: a band without a Chef hires one or promotes a figure before its next
    game."""

    band: str
    choice: str | None = None


class Shop(Step, tag="shop", kw_only=True):
    """[R-CAMP-VP] The band spends band points: weapons, equipment, recruits."""

    band: str


class Finish(Step, tag="finish", kw_only=True):
    """The procedure is over: the campaign is ready for its next game."""


AnyStep = (
    ReturnStep | InjuryRoll | ArmRoll | KeepWeapon | PotionRoll | JudgeRoll | PayFine | Ransoms
    | RansomDemand | RansomAnswer | Experience | AdvanceRoll | Promote | ConvertVp | Succession
    | Shop | Finish
)
