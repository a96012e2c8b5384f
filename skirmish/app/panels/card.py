"""The figure card: the profile as modified (armour shown apart), weapons, equipment,
PA left and state. Rebuilt only when what it shows changes."""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

import pygame

from skirmish.app.describe import CATALOGUE_NOTES, Describer
from skirmish.app.i18n import Translator
from skirmish.app.rule_tips import linked
from skirmish.rules.registry import ruleset_for
from skirmish.rules.skirmish.state import Figure

if TYPE_CHECKING:  # pygame_gui loads with the window's first widget

    from skirmish.app.manager import Manager

#: The Skirmish figure's fields the card shows beyond the table's (a ruleset with its own
#: card says its own through ``ruleset_lines``).
SKIRMISH_KEYS = ("pv", "pa", "activated", "charged_malus", "medikit_left")
MAX_PIPS = 12  # beyond this a count reads better than a row of dots
#: The width pygame_gui gives a line break at the end of a row of text.
BREAK_WIDTH = 4


def pips(n: int, of: int) -> str:
    """●●○ for 2 of 3; only the numbers' place holder "…" past ``MAX_PIPS``."""
    if of > MAX_PIPS or n > MAX_PIPS:
        return "…"
    return "●" * max(0, n) + "○" * max(0, of - max(0, n))


#: A weapon named in a card line by its id (``PanelLine``), named here in the window's words,
#: without the Skirmish notes in brackets at the end of its name (the line says its own).
_WEAPON = re.compile(r"\{weapon:([^{}]+)\}")


def ruleset_lines(d: Describer, fid: str, *, profile: bool = False) -> list[str]:
    """What the game's ruleset adds to the card (RULESETS §0.5 S16, data from the
    ruleset): Les Clefs de l'Aube's CA profile, wounds by aspect and PF; a ruleset with a
    card of its own (``own_card``), the whole of it, a "label: value" line each. As a
    ``profile`` run on after the Skirmish card's lines, a label and its value stand side
    by side like the card's "Mvt 9  Cd 11": "CA mêlée 19 · TA 20" (with colons, the Clefs
    card scrolled at 960 × 600)."""
    pairs = ((escape(label), escape(_WEAPON.sub(lambda m: CATALOGUE_NOTES.sub("", d.weapon(m[1])), value)))
             for label, value in
             (ln.text(d.t.lang) for ln in ruleset_for(d.s.ruleset).figure_panel(d.s, fid).lines))
    if profile:
        return [f"{label} {value}" for label, value in pairs]
    return [d.t.pair(label, value) for label, value in pairs]


def ranged_note(d: Describer, fid: str, wid: str) -> str:
    """A ranged weapon's profile as the card says it: "6/12/18, F 3, 1 PA" (ranges,
    force or the ruleset's note, PA, targets, blast radius)."""
    t, rw = d.t, d.book.ranged_weapons[wid]
    ranges = "/".join(t.num(r) for r in (rw.short, rw.medium, rw.long))
    ca = d.s.ruleset == "clefs_aube"
    force = _ca_note(d, fid, wid) if ca else f"F {rw.force}"
    extra = f", {t('card.targets', n=rw.targets)}" if rw.targets and rw.targets > 1 else ""
    blast = f", {t('card.radius', r=t.num(rw.blast_radius))}" if rw.blast_radius else ""
    return f"{ranges}, {force}, {rw.pa_cost} PA{extra}{blast}"


def melee_note(d: Describer, fid: str, wid: str) -> str:
    """A melee weapon's force bonus ("F+1"), or the ruleset's note."""
    if d.s.ruleset == "clefs_aube":
        return _ca_note(d, fid, wid)
    return f"F+{d.book.melee_weapons[wid].force}"


def _ca_note(d: Describer, fid: str, wid: str) -> str:
    """A weapon's note under Les Clefs de l'Aube (its ruleset loaded with the game)."""
    from skirmish.rules.clefs_aube.panel import weapon_note

    return weapon_note(d.s, fid, wid)  # type: ignore[arg-type]


class FigureCard:
    def __init__(self, manager: Manager, rect: pygame.Rect) -> None:
        from pygame_gui.elements import UITextBox
        self.box = UITextBox("", rect, manager)
        self.key: tuple = ()

    def show(self, f: Figure | None, d: Describer, engaged: bool, pa_max: int,
             hint: str) -> None:
        key = (None if f is None else (f.id, f.status, f.routing, engaged,
                                       f.climbing is not None, f.on_piece,
                                       *(getattr(f, k, None) for k in SKIRMISH_KEYS)),
               d.t.lang, hint, tuple(ruleset_lines(d, f.id)) if f is not None else ())
        if key == self.key:
            return
        self.key = key
        self.box.set_text(hint if f is None else linked(self.clear_of_the_edge(
            self.html(f, d, engaged, pa_max))))

    def clear_of_the_edge(self, html: str) -> str:
        """``html`` with each plain line that would end within :data:`BREAK_WIDTH` of the
        box's edge broken before its last part: pygame_gui puts the line break of such a
        row on a row of its own, a blank line in the card ("Combat : mêlée 8 · tir 10 ·
        Défense 8" in French)."""
        font = self.box.ui_theme.get_font(self.box.combined_element_ids)
        width = self.box.text_wrap_rect.width
        out = []
        for line in html.split("<br>"):
            if "<" not in line and width - BREAK_WIDTH < font.size(line)[0] <= width:
                head, sep, tail = line.rpartition(" · ")
                if not sep:
                    head, sep, tail = line.rpartition(" ")
                line = f"{head}{sep.rstrip()}<br>{tail}" if sep else line
            out.append(line)
        return "<br>".join(out)

    def html(self, f: Figure, d: Describer, engaged: bool, pa_max: int) -> str:
        t = d.t
        if ruleset_for(d.s.ruleset).figure_panel(d.s, f.id).own_card:
            head = f"<b>{escape(d.fig(f.id))}</b> — {d.rank(f.rank)} · {escape(d.band(f.band))}"
            state = t.pair(t("card.status"), t(f"state.{f.status}")
                           + (f", {t('state.engaged')}" if engaged else ""))
            return "<br>".join([head, *ruleset_lines(d, f.id), state])
        s = f.stats
        band = d.band(f.band)
        lines = [f"<b>{escape(d.fig(f.id))}</b> — {d.rank(f.rank)} · {escape(band)}"]
        ca = d.s.ruleset == "clefs_aube"  # its profile replaces CT, CCC, F, R and PV
        pa = t("card.pa", pips=pips(f.pa, pa_max), n=f.pa, of=pa_max) \
            if f.activated or f.pa else ""
        # under Les Clefs de l'Aube the PA share the first line (its card is the longest)
        lines.append(f"Mvt {t.num(s.mvt)}  Cd {s.cd}" + (f" · {pa}" if ca and pa else "" if ca
                                                          else f"  CT {s.ct}+  CCC {s.ccc}+"))
        r = f"R {s.r} {t('card.armour', n=s.armour)} = {s.r + s.armour}" if s.armour \
            else f"R {s.r}"
        fm = f" ({t('card.melee_bonus', n=s.f_melee)})" if s.f_melee else ""
        if not ca:
            lines.append(f"F {s.f}{fm}  {r}  PV {pips(f.pv, s.pv)} ({f.pv}/{s.pv})")
            lines.append(pa)
        book = d.book
        weapons = []
        for w in f.ranged:
            lost = f" <b>✗</b> {t('card.lost')}" if w in f.lost_weapons else ""
            weapons.append(f"{escape(d.weapon(w))} ({ranged_note(d, f.id, w)}){lost}")
        weapons += [f"{escape(d.weapon(w))} ({melee_note(d, f.id, w)})" for w in f.melee]
        lines.append(t.pair(t("card.weapons"), "; ".join(weapons) or t("card.unarmed")))
        if f.equipment:
            names = [escape(book.equipment[e].name_fr if t.lang == "fr"
                            else book.equipment[e].name_en) for e in f.equipment
                     if e in book.equipment]
            lines.append(t.pair(t("card.equipment"), ", ".join(names)))
        if f.medikit_left:
            lines.append(t("card.medikits", n=f.medikit_left))
        lines.append(t.pair(t("card.status"), ", ".join(self.states(f, t, engaged))))
        # a ruleset's own lines run on, a dot between them (one per line, Les Clefs de
        # l'Aube's card scrolled and lost its last line at 1280 × 720)
        lines.append(" · ".join(ruleset_lines(d, f.id, profile=True)))
        return "<br>".join(x for x in lines if x.strip())

    @staticmethod
    def states(f: Figure, t: Translator, engaged: bool) -> list[str]:
        acting = f.activated and f.pa > 0  # PA are spent or lost when an activation ends
        flags = (("engaged", engaged), ("routing", f.routing), ("acting", acting),
                 ("activated", f.activated and not acting),
                 ("charged_malus", f.charged_malus), ("climbing", f.climbing is not None),
                 ("stunned", f.stunned))
        shown = [t(f"state.{k}") for k, on in flags if on]
        # "engaged, being activated" says it is in play (the words took a line of their own)
        return shown if shown and f.status == "in_play" else [t(f"state.{f.status}"), *shown]
