"""Tests and oppositions as events ([CM-TEST] [CM-OPPOSE] [CM-AUTO], RULESETS §0.6): each
throw one :class:`~skirmish.rules.events.D6Roll` with its dice roles, the total after
every named modifier and the automatic result; an opposition is both rolls, each with the
other's total as its ``need``, then one :class:`~skirmish.rules.events.Contest` naming
the winner and the tie-break used."""

from __future__ import annotations

import msgspec

from skirmish.rules.cle_en_main.messages import SKILLS, say
from skirmish.rules.cle_en_main.profile import RULESET
from skirmish.rules.cle_en_main.throws import ROLES, Auto, Side, Throw, oppose, succeeds, throw
from skirmish.rules.cle_en_main.work import Work
from skirmish.rules.events import Contest, D6Roll, Face, good_if


class Rolled(msgspec.Struct, kw_only=True):
    """A throw made for ``figure``'s ``skill`` with named ``mods`` (each a number added to
    the total), under the serial that identifies it in the log; kept in the state while
    its resolution waits for a decision (a test made again, S8)."""

    figure: str
    skill_name: str
    skill: int
    mods: dict[str, int]
    throw: Throw
    serial: int
    auto_dice: str
    replaces: int | None = None
    paid: dict[str, int] = {}

    @property
    def value(self) -> int:
        return self.skill + sum(self.mods.values())

    @property
    def total(self) -> int:
        return self.throw.dice_total + self.value

    @property
    def auto(self) -> Auto:
        return self.throw.automatic("all" if self.auto_dice == "all" else "base")


def takes_eleven(w: Work, figure: str) -> bool:
    """[CM-NPC-11] [GAP-CM-26] under the option, a figurant takes 11."""
    return w.cm.options.cem_npc_11 and w.cmf(figure).profile.tier == "figurant"


def draw(w: Work, figure: str, skill_name: str, mods: dict[str, int] | None = None, *,
         heroic: bool = False, replaces: Rolled | None = None,
         paid: dict[str, int] | None = None) -> Rolled:
    """Throw for ``figure``'s ``skill_name`` (armour's malus on a physical skill is a named
    modifier). ``replaces``: a test made again (S8), the same modifiers, a new serial."""
    p = w.cmf(figure).profile
    named = dict(mods or {})
    malus = p.test_value(skill_name) - p.skill(skill_name)
    if malus:
        named["armour"] = malus
    fixed = takes_eleven(w, figure) and not heroic
    return Rolled(figure=figure, skill_name=skill_name, skill=p.skill(skill_name), mods=named,
                  throw=throw(w.dice, heroic=heroic, fixed=fixed), serial=w.next_serial(),
                  auto_dice=w.cm.options.cem_auto_dice,
                  replaces=replaces.serial if replaces is not None else None,
                  paid=dict(paid or {}))


def record(w: Work, r: Rolled, *, rule: str, key: str, params: dict[str, object],
           need: int, success: bool, target: str | None = None) -> None:
    faces = tuple(Face(die="d6", face=f, role=ROLES[i]) for i, f in enumerate(r.throw.faces))
    auto = r.auto
    result = f"{r.total}" + (f" ({'automatic ' + auto})" if auto else "")
    if r.throw.fixed:
        result += " (11 taken)"
    w.emit(D6Roll(
        rule=rule, label=say(key, w.names, **params), key=key, params=params,
        dice=r.throw.faces, need=need, compare=">=", success=success,
        outcome=good_if(success),
        inputs={SKILLS.get(r.skill_name, r.skill_name): r.skill, **r.mods,
                "dice_total": r.throw.dice_total},
        figure=r.figure, target=target, result=result, ruleset=RULESET, faces=faces,
        total=r.total, serial=r.serial, automatic=auto, replaces=r.replaces, paid=r.paid))


def dice(w: Work, n: int, *, rule: str, key: str, params: dict[str, object], figure: str,
         role: str, result: str | None = None, reroll_above: int = 6) -> tuple[int, ...]:
    """``n`` plain d6 of ``role`` (damage dice, a timer, a random pick), recorded as one
    roll; with ``reroll_above`` < 6, one die rolled again while above it (one of fewer
    than six)."""
    faces = [w.dice.d6() for _ in range(n)]
    while n == 1 and faces[-1] > reroll_above:
        faces.append(w.dice.d6())
    total = faces[-1] if reroll_above < 6 else sum(faces)
    w.emit(D6Roll(
        rule=rule, label=say(key, w.names, **params), key=key, params=params,
        dice=tuple(faces), figure=figure, result=result or str(total), ruleset=RULESET,
        faces=tuple(Face(die="d6", face=f, role=role) for f in faces), total=total,
        serial=w.next_serial()))
    return tuple(faces)


def skill_test(w: Work, figure: str, skill_name: str, need: int, mods: dict[str, int] | None = None,
         *, rule: str, key: str = "cm_lbl_test", params: dict[str, object] | None = None,
         target: str | None = None, heroic: bool = False) -> tuple[Rolled, bool]:
    """[CM-TEST] 3d6 + skill against a difficulty."""
    r = draw(w, figure, skill_name, mods, heroic=heroic)
    ok = succeeds(r.auto, r.total, need)
    shown = params if params is not None else {
        "figure": figure, "skill": SKILLS.get(skill_name, skill_name), "need": need}
    record(w, r, rule=rule, key=key, params=shown, need=need, success=ok, target=target)
    return r, ok


def contest(w: Work, a: Rolled, b: Rolled, *, rule: str, keys: tuple[str, str],
            params: tuple[dict[str, object], dict[str, object]],
            both_active: bool = False) -> str | None:
    """[CM-OPPOSE] record ``a`` (the active side) and ``b`` against each other; the
    winner's figure id, or None for a draw (only when ``both_active``)."""
    won, tie = oppose(Side(a.total, a.skill, a.auto, True),
                      Side(b.total, b.skill, b.auto, both_active))
    for i, (r, other) in enumerate(((a, b), (b, a))):
        record(w, r, rule=rule, key=keys[i], params=params[i], need=other.total,
               success=won == i, target=other.figure)
    winner = None if won is None else (a, b)[won].figure
    w.emit(Contest(rule=rule, ruleset=RULESET, figures=(a.figure, b.figure),
                   serials=(a.serial, b.serial), skills=(a.skill, b.skill),
                   totals=(a.total, b.total), automatic=(a.auto, b.auto), winner=winner,
                   tie_break=tie))
    return winner
