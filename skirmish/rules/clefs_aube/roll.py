"""The d20 roll-under of Les Clefs de l'Aube ([CA-ROLL] [CA-DEGREE] [CA-EDGE] [CA-ND]
[CA-CRIT-DIE]) and its exact odds (RULESETS §0.5 S14).

Every roll is one :class:`~skirmish.rules.events.D20Roll` carrying the die kinds and
roles, the window ``{nd, ca}``, the degree and every input (RULESETS §0.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from skirmish.rules.clefs_aube.profile import RULESET
from skirmish.rules.events import D20Roll, Face, Window, good_if
from skirmish.rules.skirmish.context import Ctx


def num(v: int) -> str:
    """An integer as this ruleset writes it for a player: a true minus sign (°É −5, Esq −5),
    never a hyphen."""
    return f"−{-v}" if v < 0 else str(v)


def read(face: int, ca: int) -> tuple[bool, int]:
    """[CA-DEGREE] [CA-EDGE] (success, degree): °R = the die on d ≤ CA, else the degree of
    failure d − CA; a 20 always fails (20 − CA); with CA ≤ 1 a 1 succeeds with °R = CA.
    A CA above 20 is read as it is: heroism levels, which would turn it into CA − 20 and a
    heroism total ([CA-HEROISM]), are not offered [GAP-CA-19]."""
    if face == 20:
        return False, 20 - ca
    if ca <= 1 and face == 1:
        return True, ca
    if face <= ca:
        return True, face
    return False, face - ca


@dataclass(frozen=True)
class D20:
    """A read roll: ``ok`` the d20 came under the CA; ``degree`` °R (ok) or °É;
    ``hit`` the success against ND (°R > ND)."""

    ok: bool
    degree: int
    hit: bool


def roll(
    ctx: Ctx, *, ca: int, nd: int, rule: str, key: str, params: dict[str, object],
    inputs: dict[str, object], figure: str | None, target: str | None, role: str,
    critical: bool, result: str | None = None,
) -> D20:
    """Roll a d20 against CA and ND; with ``critical`` (GAP-CA-8) a critical die too, whose
    1 rerolls the d20 and adds it to the degree, again while the d20 shows 20."""
    opts = ctx.s.ca_options  # type: ignore[attr-defined]
    face = ctx.dice.die(20)
    faces = [Face(die="d20", face=face, role=role)]
    ok, degree = read(face, ca)
    if critical:
        sides = opts.ca_critical_sides
        crit = ctx.dice.die(sides)
        faces.append(Face(die=f"d{sides}", face=crit,  # type: ignore[arg-type]
                          role="critical"))
        if crit == 1:
            while True:
                extra = ctx.dice.die(20)
                faces.append(Face(die="d20", face=extra, role="critical"))
                degree += extra
                if extra != 20:
                    break
    hit = ok and degree > nd
    ins = dict(inputs)
    if critical:
        ins["critical_die"] = f"d{opts.ca_critical_sides}"
    ctx.emit(D20Roll(
        rule=rule, **ctx.said(key, **params), dice=tuple(f.face for f in faces), need=ca,
        compare="<=", success=hit, outcome=good_if(hit), inputs=ins, figure=figure,
        target=target,
        result=result or f"°{'R' if ok else 'É'} {num(degree)}", ruleset=RULESET,
        faces=tuple(faces), window=Window(nd=nd, ca=ca), degree=degree,
        degree_kind="R" if ok else "E",
    ))
    return D20(ok, degree, hit)


# -- exact odds (S14) --------------------------------------------------------------------------
@cache
def _extra_at_least(t: int) -> Fraction:
    """P(X ≥ t) for the open-ended critical reroll X (a d20, again and added on 20)."""
    if t <= 1:
        return Fraction(1)
    low = sum(1 for f in range(1, 20) if f >= t)
    return Fraction(low, 20) + Fraction(1, 20) * _extra_at_least(t - 20)


def hit_chance(ca: int, nd: int, critical_sides: int | None = None) -> Fraction:
    """P(°R > ND) for a d20 against ``ca`` ([CA-ND]); with a critical die of
    ``critical_sides`` faces, its 1 (probability 1/sides) adds the open-ended reroll."""
    plain = Fraction(0)
    crit = Fraction(0)
    for face in range(1, 21):
        ok, degree = read(face, ca)
        if not ok:
            continue
        if degree > nd:
            plain += Fraction(1, 20)
            crit += Fraction(1, 20)
        else:
            crit += Fraction(1, 20) * _extra_at_least(nd - degree + 1)
    if critical_sides is None:
        return plain
    p1 = Fraction(1, critical_sides)
    return (1 - p1) * plain + p1 * crit
