"""Primes and pénalités, and the combat monitor ([CM-PRIMES] [CM-P-MEURTRIERE]
[CM-P-MULTI] [CM-P-EFFICACITE] [CM-P-PRUDENCE] [CM-N-LEGERE] [CM-N-DANGER]
[CM-N-DIFFICULTE] [CM-N-RISQUE] [CM-MONITOR]; GAP-CM-12, GAP-CM-24, GAP-CM-29).

An action carries a :class:`Load`: the pair its player chose (one prime with one
pénalité), the free primes and the mandatory pénalités its circumstances give. Efficacité
and Difficulté change the action's total; Meurtrière, Attaques multiples and Blessure
légère its damage; Prudence and Danger are counted on the figure's monitor and spent on
its next Défense tests. A Défense test takes no pair of its own [GAP-CM-29].
"""

from __future__ import annotations

from typing import Literal

import msgspec

from skirmish.rules.cle_en_main.state import CmFigure

Prime = Literal["meurtriere", "multiple", "efficacite", "prudence"]
Penalty = Literal["legere", "danger", "difficulte", "risque"]
PRIMES: tuple[Prime, ...] = ("meurtriere", "multiple", "efficacite", "prudence")
PENALTIES: tuple[Penalty, ...] = ("legere", "danger", "difficulte", "risque")
#: The words (a sentence key) of each mandatory pénalité a player chooses — an
#: interrupt's, a special action's — saying what it does.
PENALTY_LABELS: dict[str, str] = {
    "legere": "cm_opt_pen_legere", "danger": "cm_opt_pen_danger",
    "difficulte": "cm_opt_pen_difficulte", "risque": "cm_opt_pen_risque",
}
#: [CM-N-RISQUE] [GAP-CM-12] what a failed action's Risque brings: hitting an ally (a shot
#: into a melee with an ally engaged) or an incident that costs the next tour de jeu.
#: Different Risques stack, identical ones do not: a set of these.
Risk = Literal["ally", "incident"]
#: [CM-P-EFFICACITE] [CM-N-DIFFICULTE] [CM-P-PRUDENCE] [CM-N-DANGER] each instance's step.
STEP = 2
#: The rule id of each prime and pénalité.
RULE: dict[str, str] = {
    "meurtriere": "CM-P-MEURTRIERE", "multiple": "CM-P-MULTI", "efficacite": "CM-P-EFFICACITE",
    "prudence": "CM-P-PRUDENCE", "legere": "CM-N-LEGERE", "danger": "CM-N-DANGER",
    "difficulte": "CM-N-DIFFICULTE", "risque": "CM-N-RISQUE",
}


class Load(msgspec.Struct, frozen=True, kw_only=True):
    """What one action carries: every prime and pénalité in force on it (the chosen pair
    included) and its Risques."""

    primes: tuple[Prime, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    risks: tuple[Risk, ...] = ()

    def count(self, name: str) -> int:
        return self.primes.count(name) + self.penalties.count(name)  # type: ignore[arg-type]

    def modifiers(self) -> dict[str, int]:
        """The named modifiers of the action's own total."""
        out = {}
        if n := self.count("efficacite"):
            out["efficacite"] = STEP * n
        if n := self.count("difficulte"):
            out["difficulte"] = -STEP * n
        return out

    def with_pair(self, prime: Prime, penalty: Penalty) -> Load:
        """[CM-PRIMES] one prime paired with one pénalité, on top of what is imposed; a
        chosen Risque is an incident [GAP-CM-12]."""
        risks = self.risks if penalty != "risque" else _add_risk(self.risks, "incident")
        return Load(primes=(*self.primes, prime), penalties=(*self.penalties, penalty),
                    risks=risks)

    def imposed(self, penalty: Penalty, risk: Risk | None = None) -> Load:
        """A mandatory pénalité (a weapon untrained, a move, an interrupt, a shot into
        melee); a Risque names what it risks."""
        risks = self.risks if risk is None else _add_risk(self.risks, risk)
        return Load(primes=self.primes, penalties=(*self.penalties, penalty), risks=risks)

    def free(self, prime: Prime) -> Load:
        """A free prime (leaving an advantageous position to rush an enemy)."""
        return Load(primes=(*self.primes, prime), penalties=self.penalties, risks=self.risks)


def _add_risk(risks: tuple[Risk, ...], risk: Risk) -> tuple[Risk, ...]:
    return risks if risk in risks else (*risks, risk)


def pairs(load: Load, *, attack: bool, two_targets: bool) -> list[tuple[Prime, Penalty]]:
    """The pairs a player may choose for an action: Meurtrière, Attaques multiples and
    Blessure légère only change an attack; Attaques multiples needs a second target
    within reach and is taken once ([CM-P-MULTI])."""
    out = []
    for prime in PRIMES:
        if prime in ("meurtriere", "multiple") and not attack:
            continue
        if prime == "multiple" and (not two_targets or "multiple" in load.primes):
            continue
        for penalty in PENALTIES:
            if penalty == "legere" and not attack:
                continue
            out.append((prime, penalty))
    return out


def after_action(cf: CmFigure, load: Load) -> None:
    """[CM-MONITOR] Prudence and Danger taken on the action wait for the next Défense
    tests."""
    cf.prudence += load.count("prudence")
    cf.danger += load.count("danger")


def defence_modifiers(cf: CmFigure, *, spend: bool = True) -> dict[str, int]:
    """[CM-P-PRUDENCE] [CM-N-DANGER] the monitor's next Défense test: +2 if a Prudence is
    waiting, −2 if a Danger is; each is spent by this test (not by a preview's look)."""
    out = {}
    if cf.prudence:
        out["prudence"] = STEP
    if cf.danger:
        out["danger"] = -STEP
    if spend:
        cf.prudence, cf.danger = max(0, cf.prudence - 1), max(0, cf.danger - 1)
    return out
