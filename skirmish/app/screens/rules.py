"""Rules reference: this game's page — the actions and their PA, the damage table, the
rules options in force with their HOUSE / DEVIATION labels (and, under Les Clefs de
l'Aube, its options and every GAP-CA default), the keyboard shortcuts — then a glossary
and every rule by section, the campaign's included, from the texts shipped with the
program (:mod:`skirmish.app.rule_texts`). Each cited rule ID shows its text on hover or
click (:mod:`skirmish.app.rule_tips`)."""

from __future__ import annotations

from html import escape
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox

from skirmish.app.abbreviations import glossary as abbreviation_glossary
from skirmish.app.describe_ca import ca_damage_rows
from skirmish.app.i18n import Translator
from skirmish.app.layout import fit_text, px
from skirmish.app.rule_texts import glossary, rule_text, sections
from skirmish.app.rule_tips import RuleTips, linked
from skirmish.app.screen import Host, Screen
from skirmish.app.screens.options_form import (
    RULESET_NAMES,
    option_label,
    options_heading,
    ruleset_defaults,
    ruleset_info,
    show,
)
from skirmish.content.rulebook import load_rulebook
from skirmish.rules.cle_en_main.legal import MENU as CM_MENU
from skirmish.rules.cle_en_main.options import GAPS as CM_GAPS
from skirmish.rules.cle_en_main.options import OUT_OF_SCOPE as CM_OUT_OF_SCOPE
from skirmish.rules.clefs_aube.options import GAPS, OUT_OF_SCOPE
from skirmish.rules.kart7.declare import ACTIONS as K7_ACTIONS
from skirmish.rules.kart7.options import GAPS as K7_GAPS
from skirmish.rules.wfrp2.actions import COSTS as WF_COSTS
from skirmish.rules.wfrp2.actions import NOT_PLAYED as WF_NOT_PLAYED
from skirmish.rules.wfrp2.options import GAPS as WF_GAPS

ACTIONS = (("walk", "1", "R-ACT-WALK"), ("run", "2", "R-ACT-RUN"),
           ("shoot", "1–2", "R-ACT-SHOOT"), ("charge", "1 (2)", "R-ACT-CHARGE"),
           ("strike", "1", "R-ACT-STRIKE"), ("flee", "1+", "R-ACT-FLEE"),
           ("medikit", "1", "R-EQ-MEDIKIT"), ("climb", "1–2", "R-EQ-ROPE"))


def ca_damage_table(t: Translator) -> list[str]:
    """[CA-DMG-TABLE] Table 3.1, in place of the Skirmish d6 table."""
    rows, _ = ca_damage_rows(t, [])
    return [f"<br><b>{t('rules.ca_damage')}</b> [CA-DMG-TABLE]", escape(t("rules.ca_damage_how")),
            *(" │ ".join(escape(c) for c in r) for r in rows)]


#: The rule of each Clé en main action (RULESETS §2.c, §2.d).
CM_RULES = {"walk": "CM-MOVE-ACT", "run": "CM-ACTION", "strike": "CM-ATTACK",
            "shoot": "CM-ATTACK", "charge": "CM-MOVE-ACT", "trip": "CM-SPECIAL",
            "disarm": "CM-SPECIAL", "together": "CM-GROUP", "finish_off": "CM-MEP",
            "first_aid": "CM-FIRSTAID", "pick_up": "CM-SPECIAL"}
#: A WFRP action's cost in words (RULESETS §1.c: half, full or free).
WF_COST_WORDS = {2: "cost.full", 1: "cost.half", 0: "cost.free"}


class RulesScreen(Screen):
    name = "rules"

    def __init__(self, app: Host, options: dict[str, Any] | None = None,
                 ruleset: str = "skirmish") -> None:
        super().__init__(app)
        #: Back returns to the screen the rules were opened from, as it was (the table
        #: with its tool in hand, its view, its panels).
        self.back_to = app.screen
        self.ruleset = ruleset
        self.options = {**ruleset_defaults(ruleset), **(options or {})}
        #: The page shown: 0 this game, 1 the glossary, then the rules' sections.
        self.page = 0
        self.tips = RuleTips()

    def titles(self) -> list[str]:
        """The pages, as the list on the left names them."""
        t = self.t
        return [t("rules.this_game"), t("rules.glossary"),
                *(title for title, _ in sections(t.lang))]

    def page_html(self) -> str:
        """The page shown, its rule IDs as links to their texts."""
        t = self.t
        if self.page == 0:
            return linked(self.html())
        if self.page == 1:
            out = [f"<b>{t('rules.glossary')}</b>"]
            book = glossary(t.lang)
            out += [f"<b>{escape(a)}</b> — {escape(term)} — {escape(meaning)}"
                    for a, term, meaning in book]
            # every abbreviation a hover explains (Les Clefs de l'Aube's Dom, °R, Ph…) is
            # here too, in the hover's words, after the rulebook's own entries
            listed = {a for a, _, _ in book}
            out += [f"<b>{escape(a)}</b> — {escape(words)}"
                    for a, words in abbreviation_glossary(t) if a not in listed]
            return linked("<br>".join(out))
        title, ids = sections(t.lang)[self.page - 2]
        out = [f"<b>{escape(title)}</b>"]
        for rule in ids:
            body = escape(rule_text(rule, t.lang) or "").replace("\n", "<br>   ")
            out.append(f"<br><b>[{rule}]</b> {linked(body)}")
        return "<br>".join(out)

    def html(self) -> str:
        t = self.t
        out = [f"<b>{t('rules.ruleset', name=RULESET_NAMES[self.ruleset])}</b><br>",
               f"<b>{t('rules.actions')}</b>"]
        if self.ruleset == "wfrp2":
            for kind, (cost, rule) in WF_COSTS.items():
                out.append(f"{t('action.' + kind)} — {t(WF_COST_WORDS[cost])}  [{rule}]")
            for kind, (_, gap) in WF_NOT_PLAYED.items():  # refused, with the reason
                out.append(f"{t('action.' + kind)} — {t('rules.wf_not_played')}  [{gap}]")
        elif self.ruleset == "cle_en_main":  # one action a tour de jeu (§2.c)
            for kind, cost in CM_MENU:
                if kind != "end":
                    out.append(f"{t('action.' + kind)} — {t('cost.' + cost)}  [{CM_RULES[kind]}]")
        elif self.ruleset == "kart7":  # one declaration a figure a turn (§4.c)
            out.append(" · ".join(t(f"action.k7_{kind}") for kind in K7_ACTIONS)
                       + "  [K7-CHOICE]")
        else:
            extra = (("evade", "1", "GAP-CA-18"),) if self.ruleset == "clefs_aube" else ()
            for kind, cost, rule in (*ACTIONS, *extra):
                out.append(f"{t('action.' + kind)} — {cost} PA  [{rule}]")
        out.append(f"<br><b>{t('rules.turn')}</b>")
        out.append(escape(options_heading(t, "rules.turn_text", self.ruleset)))
        out.append(f"<br><b>{escape(options_heading(t, 'rules.options', self.ruleset))}</b>")
        for key in ruleset_info(self.ruleset):
            out.append(t.pair(escape(option_label(t, key, self.ruleset)),
                              f"<b>{escape(show(self.options[key], t, key))}</b>"))
        gaps = {"clefs_aube": ("rules.ca_gaps", GAPS.items()),
                "wfrp2": ("rules.wf_gaps", WF_GAPS.items()),
                "cle_en_main": ("rules.cm_gaps", CM_GAPS.items()),
                "kart7": ("rules.k7_gaps", ((g, (i.en, i.fr, i.option))
                                            for g, i in K7_GAPS.items()))}.get(self.ruleset)
        if gaps is not None:
            out.append(f"<br><b>{t(gaps[0])}</b>")
            for gap, (en, fr, key) in gaps[1]:
                now = f" — {t('rules.ca_switch')} <b>{escape(show(self.options[key], t, key))}</b>" \
                    if key else ""
                out.append(t.pair(gap, f"{escape(fr if t.lang == 'fr' else en)}{now}"))
        unused = {"clefs_aube": ("rules.ca_out_of_scope", OUT_OF_SCOPE),
                  "cle_en_main": ("rules.cm_out_of_scope", CM_OUT_OF_SCOPE)}.get(self.ruleset)
        if unused is not None:
            out.append(f"<br><b>{t(unused[0])}</b>")
            for rule, (en, fr) in unused[1].items():
                out.append(f"[{rule}] {escape(fr if t.lang == 'fr' else en)}")
        if self.ruleset == "clefs_aube":
            out.extend(ca_damage_table(t))
        elif self.ruleset == "skirmish":
            out.append(f"<br><b>{t('rules.damage')}</b> [R-DMG-TABLE]")
            out.append(t("rules.damage_how"))
            for r, row in enumerate(load_rulebook().damage.rows, start=1):
                out.append(f"R {r} │ " + "  ".join(f"{n}+" for n in row))
        out.append(f"<br><b>{t('rules.keys')}</b>")
        out.extend(options_heading(t, "rules.keys_text", self.ruleset).split("\n"))
        return "<br>".join(out)

    def build(self) -> None:
        app, s = self.app, self.app.scale
        m = app.manager
        w, h = app.window.get_size()
        margin, row = px(s, 24), px(s, 34)
        UILabel(pygame.Rect(margin, margin, w - 2 * margin, row), self.t("rules.title"), m,
                object_id="@heading")
        top, foot = margin + row, h - 2 * margin - row
        titles = self.titles()
        # the list as wide as its longest title, up to two fifths of the window; a title
        # still too long ends in "…" there (its page shows it whole)
        longest = max(app.text.font(14).size(title)[0] for title in titles)
        side = min(max(px(s, 300), longest + px(s, 24)), w * 2 // 5)
        font = m.get_theme().get_font(["selection_list.@selection_list_item",
                                       "@selection_list_item", "button"])
        self.listed = [fit_text(font, x, side - px(s, 30)) for x in titles]
        self.pages = UISelectionList(pygame.Rect(margin, top, side, foot - top), self.listed,
                                     m, default_selection=self.listed[self.page])
        self.box = UITextBox(self.page_html(), pygame.Rect(margin + side + 8, top,
                                                           w - 2 * margin - side - 8,
                                                           foot - top), m)
        self.tips = RuleTips()
        self.tips.watch(self.box)
        self.back = UIButton(pygame.Rect(margin, h - margin - row, px(s, 170), row),
                             self.t("back"), m)

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if self.tips.handle(event):
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.pages and event.text in self.listed:
            self.page = self.listed.index(event.text)
            self.app.rebuild()
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or \
                (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.go(lambda: self.back_to)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.tips.draw(surface, self.app.text, self.t.lang, self.app.manager.tracked_pos)
