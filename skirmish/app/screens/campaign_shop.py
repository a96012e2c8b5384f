"""The shop of the post-game panel: a band spends band points on weapons, equipment and
recruits ([R-CAMP-VP]). The catalogue shows each item's cost; a refusal says why (the
same checks as a warband file, GAP-28, and GAP-66 for an amputee)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from skirmish.app.layout import px
from skirmish.campaign import commands as cc
from skirmish.campaign.record import CampaignBand

RANKS = ("sous_fifre", "sous_chef", "chef")


def selected(menu: UIDropDownMenu) -> str:
    """The text of a drop-down's choice (a ``(text, id)`` pair in pygame_gui 0.6)."""
    opt = menu.selected_option
    return opt[0] if isinstance(opt, tuple) else opt


class ShopPanel:
    def __init__(self, screen: Any, band: CampaignBand, rect: pygame.Rect, owner: str) -> None:
        self.screen = screen
        self.band = band
        t, s, m = screen.t, screen.app.scale, screen.app.manager
        book = screen.camp.book
        row = px(s, 30)
        fr = t.lang == "fr"
        self.members = [x for x in band.members if x.status == "active"]
        self.items: list[tuple[str, str, bool]] = []
        for item in sorted(set(band.stash)):
            self.items.append((t("campaign.from_store", item=screen._item(item)), item, True))
        for table in (book.melee_weapons, book.ranged_weapons, book.equipment):
            for wid, w in table.items():
                self.items.append((f"{w.name_fr if fr else w.name_en} ({w.cost})", wid, False))
        y = rect.y
        UILabel(pygame.Rect(rect.x, y, rect.w, row),
                t.pair(owner, t("campaign.shop", points=band.band_points)), m)
        y += row + 4
        third = (rect.w - 16) // 3
        fig_names = [x.spec.name for x in self.members] or ["—"]
        self.figure = UIDropDownMenu(fig_names, fig_names[0],
                                     pygame.Rect(rect.x, y, third, row), m)
        labels = [lab for lab, _, _ in self.items]
        self.item = UIDropDownMenu(labels, labels[0],
                                   pygame.Rect(rect.x + third + 8, y, third, row), m)
        self.buy = UIButton(pygame.Rect(rect.x + 2 * third + 16, y, third, row),
                            t("campaign.buy"), m)
        y += row + 8
        self.rank = UIDropDownMenu([t(f"campaign.rank.{r}") for r in RANKS], t(f"campaign.rank.{RANKS[0]}"),
                                   pygame.Rect(rect.x, y, third, row), m)
        self.name = UITextEntryLine(pygame.Rect(rect.x + third + 8, y, third, row), m)
        self.name.set_text(t("campaign.recruit"))
        self.hire = UIButton(pygame.Rect(rect.x + 2 * third + 16, y, third, row),
                             t("campaign.hire", cost="10+"), m)
        y += row + 8
        self.done = UIButton(pygame.Rect(rect.x + 2 * third + 16, y, third, row),
                             t("campaign.done"), m, object_id="@primary")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        t = self.screen.t
        el = event.ui_element
        if el is self.buy and self.members:
            names = [x.spec.name for x in self.members]
            member = self.members[names.index(selected(self.figure))]
            label = selected(self.item)
            _, item, stash = next(i for i in self.items if i[0] == label)
            self.screen.act(cc.Buy(band=self.band.id, figure=member.id, item=item, stash=stash))
            return True
        if el is self.hire:
            rid = next(r for r in RANKS if t(f"campaign.rank.{r}") == selected(self.rank))
            self.screen.act(cc.Hire(band=self.band.id, name=self.name.get_text(), rank=rid,
                                    weapons=("dagger",)))
            return True
        if el is self.done:
            self.screen.act(cc.Done(band=self.band.id))
            return True
        return False
