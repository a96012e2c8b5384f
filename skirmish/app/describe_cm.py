"""Log lines for the events of a Clé en main game (RULESETS §2.g, §0.6), in the window's
language: a 3d6 test read as what was rolled and what it was compared with ("3 + 4 + 5
= 12, + Réflexes 10 = 22, against 17 → ✓ won"), both sides of an opposition with the
tie-break used, every step of the damage read from the winning roll, the hand, heroism
spent, and the statuses with their rounds. Used by
:class:`~skirmish.app.describe.Describer`."""

from __future__ import annotations

from typing import Any, Protocol

from skirmish.app.i18n import Translator
from skirmish.rules import events as ev

#: The labels of the rolls that are one side of an opposition: compared with the other
#: side's total, not with a difficulty ([CM-OPPOSE]).
OPPOSED = frozenset({"cm_lbl_attack", "cm_lbl_defence", "cm_lbl_reflexes", "cm_lbl_special"})


class Names(Protocol):
    t: Translator

    def fig(self, fid: str | None) -> str: ...

    def weapon(self, wid: str | None) -> str: ...

    def band(self, bid: str | None) -> str: ...

    def label(self, roll: ev.Roll) -> str: ...

    def mark(self, roll: ev.Roll) -> str: ...

    def action_name(self, action: str) -> str: ...


#: The skills a throw names by their rules' words (the same in both languages).
SKILL_WORDS = {"mêlée": "Combat (mêlée)", "tir": "Combat (tir)"}


def term(t: Translator, name: str, v: int) -> str:
    """One named value added to a throw, with its sign: a skill ("+ Réflexes 10", its
    rules' name) or a modifier in the window's words ("− Difficulté 2")."""
    key = f"cm.mod.{name}"
    word = t(key) if t.has(key) else SKILL_WORDS.get(name, name)
    return f"+ {word} {v}" if v >= 0 else f"− {word} {-v}"


def throw_words(t: Translator, r: ev.D6Roll) -> str:
    """What was rolled and what it came to: "3 + 4 + 5 = 12 + Réflexes 10 − Difficulté 2
    = 20"; a heroic fourth die named; 11 taken without dice ([CM-NPC-11])."""
    faces = [f"{t('cm.die.heroic')} {f.face}" if f.role == "heroic" else str(f.face)
             for f in r.faces]
    dice = r.inputs.get("dice_total", sum(r.dice))
    rolled = f"{' + '.join(faces)} = {dice}" if faces else t("cm.took_11")
    named = [term(t, k, v) for k, v in r.inputs.items()
             if k != "dice_total" and isinstance(v, int)]
    return f"{rolled} {' '.join(named)} = {r.total}" if named else rolled


def compared(t: Translator, r: ev.D6Roll) -> str:
    """What the total was compared with: the other side's total in an opposition, the
    difficulty in a test."""
    if r.need is None:
        return ""
    if r.key in OPPOSED:
        return t("cm.against", n=r.need)
    return t("tray.need") + f" {r.need}+"


def verdict(t: Translator, r: ev.D6Roll) -> str:
    """Won or lost (an opposition), success or failure (a test), automatic ones said."""
    if r.success is None:
        return str(r.total)
    if r.automatic is not None:
        return t(f"cm.auto.{r.automatic}")
    if r.key in OPPOSED:
        return t("cm.won") if r.success else t("cm.lost")
    return t("result.pass") if r.success else t("result.fail")


def timer_label(d: Names, r: ev.Roll) -> str | None:
    """A timer roll's label ("danger of death") in the window's words; None for any
    other roll (the engine names the timer in English in its parameters)."""
    what = r.params.get("what")
    if r.key == "cm_lbl_timer" and isinstance(what, str) and d.t.has(f"cm.timer.{what}"):
        return d.t.rules(r.key, {"figure": d.fig(r.figure), "what": d.t(f"cm.timer.{what}")},
                         r.label)
    return None


def roll_line(d: Names, r: ev.D6Roll) -> str:
    t = d.t
    label = d.label(r)
    names = [d.fig(x) for x in (r.figure, r.target) if x]
    # who rolled, and against whom, unless the label says it ("Bob: Combat (mêlée)
    # against Cid"), as the dice tray does
    who = "" if all(n in label for n in names) else " → ".join(names)
    head = f"[{r.rule}] {label}" + (f" ({who})" if who else "")
    if r.need is None:  # plain dice: damage, a timer, a random pick
        body = f"{' + '.join(str(f.face) for f in r.faces)} → {r.result or r.total}"
    else:
        mark = d.mark(r)
        body = f"{throw_words(t, r)}, {compared(t, r)} → {mark} {verdict(t, r)}"
    if r.replaces is not None:
        body += " " + replaced(t, r)
    return t.pair(head, body)


def contest_line(d: Names, e: ev.Contest) -> str:
    """[CM-OPPOSE] both totals, the winner and the tie-break that decided it."""
    t = d.t
    (a, b), (ta, tb) = e.figures, e.totals
    who = t("cm.contest_win", name=d.fig(e.winner)) if e.winner else t("cm.contest_draw")
    why = t(f"cm.tie.{e.tie_break}")
    return t("cm.contest", rule=e.rule, a=d.fig(a), ta=ta, b=d.fig(b), tb=tb, winner=who,
             why=why)


def damage_line(d: Names, e: ev.DamageSteps) -> str:
    """[CM-DMG-BASE] every step from the winning roll's dice to the vitality left."""
    t = d.t
    if e.read == "none":
        bits = [t("cm.dmg.bonus_only", n=e.bonus)]
    else:
        bits = [t(f"cm.dmg.read.{e.read}") + " " + " + ".join(map(str, e.weapon_dice))]
        if e.bonus:
            bits.append(f"{t('cm.dmg.bonus')} {e.bonus:+d}")
    if e.extra:
        bits.append(f"{t('cm.dmg.extra')} " + " + ".join(map(str, e.extra)))
    if e.heroic:
        bits.append(f"{t('cm.die.heroic')} +{e.heroic}")
    if e.rerolled:
        bits.append("6+ " + " + ".join(map(str, e.rerolled)))
    if e.group:
        bits.append(f"{t('cm.mod.group')} +{e.group}")
    if e.protection:
        bits.append(f"{t('cm.dmg.protection')} −{e.protection}")
    if e.heroic_defence:
        bits.append(f"{t('cm.dmg.heroic_defence')} −{e.heroic_defence}")
    for h in e.halvings:
        bits.append(t("cm.dmg.halved", why=t(f"cm.dmg.halving.{h}")))
    steps = ", ".join(bits).replace("+-", "−")
    if e.cancelled:
        return t("cm.dmg.cancelled", name=d.fig(e.figure), damage=e.damage, steps=steps)
    return t("cm.dmg.line", name=d.fig(e.figure), damage=e.damage, steps=steps,
             left=e.vitality)


def timed_line(d: Names, e: ev.TimedStatus) -> str:
    """[CM-MEP] mal en point, in danger of death until a round, unconscious until one."""
    t = d.t
    state = "on" if e.on else "off"
    if e.on and e.until is not None:
        state = "until"
    elif e.on and e.status == "unconscious":
        state = "game"
    return t(f"cm.status.{e.status}.{state}", name=d.fig(e.figure), n=e.until)


def hand_line(d: Names, e: ev.TurnOrder) -> str:
    t = d.t
    order = " → ".join(d.band(b) for b in e.order)
    return t(f"cm.hand.{e.reason}", band=d.band(e.holder), order=order)


def cm_line(d: Names, e: ev.Event) -> str | None:
    """The line of a Clé en main event; None when the table's own line serves."""
    t = d.t
    if isinstance(e, ev.D6Roll):
        return roll_line(d, e)
    if isinstance(e, ev.Contest):
        return contest_line(d, e)
    if isinstance(e, ev.DamageSteps):
        return damage_line(d, e)
    if isinstance(e, ev.TimedStatus):
        return timed_line(d, e)
    if isinstance(e, ev.TurnOrder):
        return hand_line(d, e)
    if isinstance(e, ev.ResourceChanged):
        return t("cm.hero_spent", name=d.fig(e.figure), n=-e.delta, left=e.left,
                 effect=t(f"cm.hero.{e.effect}"))
    if isinstance(e, ev.Activated):
        return t("cm.activated", name=d.fig(e.figure))
    if isinstance(e, ev.ActionDeclared):
        return _declared(d, e)
    return None


def _declared(d: Names, e: ev.ActionDeclared) -> str:
    t = d.t
    if e.action == "group":
        return t("cm.joins", name=d.fig(e.figure), target=d.fig(e.target))
    params: dict[str, Any] = {"name": d.fig(e.figure), "action": d.action_name(e.action)}
    target = f" → {d.fig(e.target)}" if e.target else ""
    weapon = f" ({d.weapon(e.weapon)})" if e.weapon else ""
    return t("cm.action", **params) + target + weapon


# -- the dice tray (RULESETS §2.g) ------------------------------------------------------------
#: The dice of a winning roll that give the damage, by how the damage read them.
READ_DICE = {"red": (0,), "whites": (1, 2), "all": (0, 1, 2), "none": ()}


def tray_marks(t: Translator, log: list[ev.Event], rolls: list[ev.Roll]
               ) -> tuple[dict[int, tuple[int, ...]], dict[int, str]]:
    """For the tray's ``rolls`` (by their place in it): the dice that gave the damage —
    the red die, the two whites or all three, and a heroic die, whose value is added
    ([CM-DMG-BASE] [CM-DMG-HERO]) — and the tie-break an opposition was decided by."""
    place = {r.serial: i for i, r in enumerate(rolls) if isinstance(r, ev.D6Roll)}
    last_attack: dict[str, int] = {}
    dice: dict[int, tuple[int, ...]] = {}
    notes: dict[int, str] = {}
    for e in log:
        if isinstance(e, ev.D6Roll) and e.key == "cm_lbl_attack" and e.figure:
            last_attack[e.figure] = e.serial
        elif isinstance(e, ev.DamageSteps) and e.by in last_attack:
            at = place.get(last_attack[e.by])
            if at is not None:
                dice[at] = READ_DICE[e.read] + ((3,) if e.heroic else ())
        elif isinstance(e, ev.Contest) and e.tie_break != "total":
            for serial in e.serials:
                if serial in place:
                    notes[place[serial]] = t(f"cm.tie.{e.tie_break}")
    return dice, notes


def tray_inputs(t: Translator, r: ev.D6Roll) -> str:
    """The tray's line under a throw's dice: what the total was made of ("dice 12 +
    Combat (mêlée) 8 − Difficulté 2")."""
    if r.need is None:
        return ""
    dice = r.inputs.get("dice_total", sum(r.dice))
    named = [term(t, k, v) for k, v in r.inputs.items()
             if k != "dice_total" and isinstance(v, int)]
    said = " ".join([f"{t('cm.dice')} {dice}", *named])
    if r.replaces is not None:
        said += " " + replaced(t, r)
    return said


def replaced(t: Translator, r: ev.D6Roll) -> str:
    """S8: the roll this one replaces and what was paid for it."""
    return t("cm.replaces", n=r.replaces,
             paid=", ".join(f"{v} {t('cm.paid.' + k)}" for k, v in r.paid.items()))


def roll_marks(ruleset: str, t: Translator, log: list[ev.Event], rolls: list[ev.Roll]
               ) -> tuple[dict[int, tuple[int, ...]], dict[int, str]]:
    """:func:`tray_marks` for a Clé en main game; nothing for another ruleset's."""
    return tray_marks(t, log, rolls) if ruleset == "cle_en_main" else ({}, {})
