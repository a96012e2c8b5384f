"""The shop of the post-game panel: a band spends band points on weapons, equipment and
recruits ([R-CAMP-VP]). The catalogue is a scrolling list inside the panel, each entry
with its cost, and the hire button shows the recruit's price for the rank chosen; a
refusal says why (the same checks as a warband file, GAP-28, and GAP-66 for an amputee).

The whole catalogue is offered to every band: the rules restrict no weapon or item by
setting or race (§11, [R-EQ-GEN]; the setting only frees a first modern pistol, GAP-4).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextEntryLine,
)

from skirmish.app.band_words import free_name
from skirmish.app.layout import fit_text, px
from skirmish.campaign import commands as cc
from skirmish.campaign.record import CampaignBand
from skirmish.campaign.shop import hire_cost
from skirmish.content.models import Rank

RANKS = ("sous_fifre", "sous_chef", "chef")
#: The recruit's kit: its free first dagger ([R-BAND-FREE]).
RECRUIT_KIT = ("dagger",)
#: Design pixels (at 1280 × 720) of one row, of the gap under it, of the catalogue, and of
#: the page above that the catalogue gives way to (a larger text size on a small window).
ROW, GAP, LIST, PAGE = 30, 6, 150, 140


def selected(menu: UIDropDownMenu) -> str:
    """The text of a drop-down's choice (a ``(text, id)`` pair in pygame_gui 0.6)."""
    opt = menu.selected_option
    return opt[0] if isinstance(opt, tuple) else opt


class ShopPanel:
    """Owner and points; the figure and Buy; the catalogue; rank, name and Hire; Done."""

    @staticmethod
    def height(scale: float, room: int) -> int:
        """The height the panel takes of ``room`` (its own and the page's above it): four
        rows and the catalogue, which shrinks (to three entries) to leave the page a few
        lines."""
        rows = px(scale, 4 * (ROW + GAP) + GAP)
        catalogue = min(px(scale, LIST), room - rows - px(scale, PAGE))
        return rows + max(px(scale, 66), catalogue)

    def __init__(self, screen: Any, band: CampaignBand, rect: pygame.Rect, owner: str) -> None:
        self.screen = screen
        self.band = band
        t, s, m = screen.t, screen.app.scale, screen.app.manager
        book = screen.camp.book
        row, gap = px(s, ROW), px(s, GAP)
        bottom = screen.app.window.get_height() - gap  # drop-downs open no lower than this
        fr = t.lang == "fr"
        self.members = [x for x in band.members if x.status == "active"]
        # a purchase rebuilds the screen: keep the band's choices (and the list's place)
        memo = screen.shop_memory if screen.shop_memory.get("band") == band.id else {}
        entries: list[tuple[str, str, str, bool]] = []  # name, price, id, from the store
        for item in sorted(set(band.stash)):
            entries.append((t("campaign.from_store", item=screen._item(item)), "", item, True))
        for table in (book.melee_weapons, book.ranged_weapons, book.equipment):
            for wid, w in table.items():
                entries.append((w.name_fr if fr else w.name_en,
                                t("campaign.cost", cost=w.cost), wid, False))
        y = rect.y
        self.heading = UILabel(pygame.Rect(rect.x, y, rect.w, row), "", m)
        self.heading.set_text(self._heading(owner, screen.band_name(band),
                                            t("campaign.shop", points=band.band_points)))
        y += row + gap
        third = (rect.w - 16) // 3
        fig_names = [x.spec.name for x in self.members] or ["—"]
        self.figure = UIDropDownMenu(fig_names, memo.get("figure", fig_names[0])
                                     if memo.get("figure") in fig_names else fig_names[0],
                                     pygame.Rect(rect.x, y, 2 * third + 8, row), m,
                                     expansion_height_limit=bottom - y - row)
        self.buy = UIButton(pygame.Rect(rect.x + 2 * third + 16, y, third, row),
                            t("campaign.buy"), m)
        y += row + gap
        list_rect = pygame.Rect(rect.x, y, rect.w, rect.h - px(s, 4 * (ROW + GAP) + GAP))
        self.items = self._labels(entries, list_rect.w - px(s, 40))
        labels = [lab for lab, _, _ in self.items]
        chosen = memo.get("item") if memo.get("item") in labels else labels[0]
        self.catalogue = UISelectionList(list_rect, labels, m, default_selection=chosen)
        bar = self.catalogue.scroll_bar
        if bar is not None and chosen != labels[0]:
            bar.set_scroll_from_start_percentage(labels.index(chosen) / len(labels))
        y = list_rect.bottom + gap
        rank = memo.get("rank", RANKS[0])
        quarter = (rect.w - 16) // 4  # the hire button takes half the row: its price shows
        self.rank = UIDropDownMenu([t(f"campaign.rank.{r}") for r in RANKS],
                                   t(f"campaign.rank.{rank}"),
                                   pygame.Rect(rect.x, y, quarter, row), m,
                                   expansion_height_limit=bottom - y - row)
        self.name = UITextEntryLine(pygame.Rect(rect.x + quarter + 8, y, quarter, row), m)
        self.name.set_text(free_name(t("campaign.recruit"), {x.spec.name for x in band.members}))
        self.hire = UIButton(pygame.Rect(rect.x + 2 * quarter + 16, y,
                                         3 * third - 2 * quarter, row), "", m)
        self._set_hire(rank)
        y += row + gap
        self.done = UIButton(pygame.Rect(rect.x + 2 * third + 16, y, third, row),
                             t("campaign.done"), m, object_id="@primary")

    def _heading(self, owner: str, name: str, words: str) -> str:
        """Whose turn and the points left, on one line: on a narrow window the hand-over
        words give way to the band's name alone (the French line was cut at 960 × 600
        before the points), then the name shortens; the points always show."""
        t, font = self.screen.t, self.heading.font
        room = self.heading.rect.w - 12
        for who in (owner, name):
            line = t.pair(who, words)
            if font.size(line)[0] <= room:
                return line
        rest = font.size(t.pair(name, words))[0] - font.size(name)[0]
        return t.pair(fit_text(font, name, room - rest), words)

    def _labels(self, entries: list[tuple[str, str, str, bool]],
                width: int) -> list[tuple[str, str, bool]]:
        """Each entry as "name — price", the name shortened so the price always shows."""
        font = self.screen.app.text.font(14)
        out: list[tuple[str, str, bool]] = []
        for name, price, item, stash in entries:
            tail = f" — {price}" if price else ""
            label = fit_text(font, name, width - font.size(tail)[0]) + tail
            while label in {lab for lab, _, _ in out}:  # a list's rows must differ
                label += " "
            out.append((label, item, stash))
        return out

    def _set_hire(self, rank: str) -> None:
        """The hire button with the price of a recruit of ``rank`` ([R-BAND-PROFILE]); if
        a large text size still does not fit, the price is kept and the words shortened."""
        cost = hire_cost(self.screen.camp, self.band, Rank(rank), RECRUIT_KIT)
        words = self.screen.t("campaign.hire", cost=cost)
        font = self.screen.app.text.font(14)
        tail = f" ({self.screen.t('campaign.cost', cost=cost)})"
        room = self.hire.rect.w - px(self.screen.app.scale, 12)
        if font.size(words)[0] > room and words.endswith(tail):
            words = fit_text(font, words[:-len(tail)], room - font.size(tail)[0]) + tail
        self.hire.set_text(words)

    def _rank(self) -> str:
        t = self.screen.t
        return next(r for r in RANKS if t(f"campaign.rank.{r}") == selected(self.rank))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.rank:
            self._set_hire(self._rank())
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        el = event.ui_element
        self.screen.shop_memory = {"band": self.band.id, "figure": selected(self.figure),
                                   "item": self.catalogue.get_single_selection() or "",
                                   "rank": self._rank()}
        if el is self.buy and self.members:
            names = [x.spec.name for x in self.members]
            member = self.members[names.index(selected(self.figure))]
            label = self.catalogue.get_single_selection()
            chosen = next((i for i in self.items if i[0] == label), None)
            if chosen is None:
                return True
            _, item, stash = chosen
            self.screen.act(cc.Buy(band=self.band.id, figure=member.id, item=item, stash=stash))
            return True
        if el is self.hire:
            self.screen.act(cc.Hire(band=self.band.id, name=self.name.get_text(),
                                    rank=self._rank(), weapons=RECRUIT_KIT))
            return True
        if el is self.done:
            self.screen.act(cc.Done(band=self.band.id))
            return True
        return False
