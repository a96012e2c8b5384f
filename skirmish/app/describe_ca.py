"""Log lines for the events only Les Clefs de l'Aube emits (RULESETS §3.g): the damage
pipeline "Dom − BE − °R = effective → Table 3.1 row" and the surclassement reveal, in the
window's language. Used by :class:`~skirmish.app.describe.Describer`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from skirmish.app.i18n import Translator
from skirmish.rules import events as ev


class Names(Protocol):
    t: Translator

    def fig(self, fid: str | None) -> str: ...

    def weapon(self, wid: str | None) -> str: ...


def row_name(t: Translator, row: str) -> str:
    """A Table 3.1 row (or a wound level) in words: "blessure grave", "serious wound"."""
    return t(f"ca.row.{row}") if t.has(f"ca.row.{row}") else row


def damage_line(d: Names, e: ev.DamageResolved) -> str:
    from skirmish.rules.clefs_aube.roll import num  # a Clefs de l'Aube game's

    t = d.t
    pf = t("log.ca_damage_pf", n=e.fatigue, total=e.fatigue_total) if e.fatigue else ""
    if e.wound is not None and e.wound != e.row:
        pf += t("log.ca_damage_risen", wound=row_name(t, e.wound))
    return t("log.ca_damage", name=d.fig(e.figure), dom=num(e.dom), be=e.armour,
             resisted=e.resisted, effective=num(e.effective), row=row_name(t, e.row), pf=pf)


def exchange_line(d: Names, e: ev.Opposition) -> str:
    """Both manoeuvres revealed, both raw °R, then the winner and the effect."""
    from skirmish.rules.clefs_aube.roll import num  # a Clefs de l'Aube game's

    t = d.t
    (a, b), (ma, mb) = e.figures, e.choices

    def degree(r: int | None) -> str:
        return t("log.ca_failed") if r is None else f"°R {num(r)}"

    if e.winner is not None:
        outcome = t("log.ca_exchange_win", name=d.fig(e.winner), effect=e.effect)
        if e.banked:
            outcome += t("log.ca_exchange_banked", n=e.banked)
    elif e.degrees == (None, None):
        outcome = t("log.ca_exchange_none")
    else:
        outcome = t("log.ca_exchange_tie")
    return t("log.ca_exchange", a=d.fig(a), ma=ma, ra=degree(e.degrees[0]), d=d.fig(b), md=mb,
             rd=degree(e.degrees[1]), outcome=outcome)


def decision_prompt(t: Translator, e: ev.DecisionNeeded, otherwise: str) -> str:
    """What a decision is about, by its kind (``decision.<kind>``) in the window's
    language; ``otherwise`` (the engine's prompt as said) where no key names the kind."""
    key = f"decision.{e.kind}"
    return t(key) if t.has(key) else otherwise


#: Inputs of a d20 roll said in words (``input.ca_<key>``, formatted with ``n``); the
#: rule terms of RULESETS §3 (CA, TP, Enc…) are in ``describe.CA_INPUTS``.
WORDED = ("multi_action_handicap", "planned_actions", "etourdi", "target_handicap",
          "cover_nd", "evading", "fallen_target", "effect", "banked_ma", "bonus")


def ca_input(d: Names, k: str, v: object) -> str | None:
    """One input of a Clefs de l'Aube roll for the tray and the log, or None if ``k`` is
    not one of this ruleset's."""
    t = d.t
    if k == "manoeuvre":
        return str(v)
    if k == "elevation" and isinstance(v, int):
        return t("input.ca_elevation", n=f"+{v}" if v > 0 else f"−{-v}")
    if k == "parry_weapon":
        name = t("input.ca_unarmed") if v == "unarmed" else d.weapon(str(v))
        return t("input.ca_parry_weapon", weapon=name)
    if k in WORDED:
        return "" if k == "bonus" and not v else t(f"input.ca_{k}", n=v)
    return None


def ca_damage_rows(t: Translator, log: Sequence[ev.Event]
                   ) -> tuple[list[tuple[str, str, str]], int | None]:
    """Table 3.1 as (effective damage, row name, PF) lines, and the index of the row the
    last damage resolved landed on (None before any)."""
    from skirmish.rules.clefs_aube.content import tables  # the table of the game on show

    table = tables().damage_table
    rows: list[tuple[str, str, str]] = []
    low: int | None = None
    for row in table:
        span = f"≤ {row.upto}" if low is None else \
            f"≥ {low}" if row.row == "fatale" else f"{low}–{row.upto}"
        rows.append((span, row_name(t, row.row), f"PF {row.pf}"))
        low = row.upto + 1
    last = next((e for e in reversed(log) if isinstance(e, ev.DamageResolved)), None)
    current = None if last is None else [r.row for r in table].index(last.row)
    return rows, current
