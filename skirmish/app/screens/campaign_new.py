"""A new campaign: the bands (ready warbands), who plays each, a seed and the campaign
options — the [HOUSE] rules labelled as such — then the campaign screen."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from skirmish.app import routes
from skirmish.app.band_words import warband_labels
from skirmish.app.i18n import Translator
from skirmish.app.layout import px
from skirmish.app.paths import campaigns_dir, own_warband, warband_files
from skirmish.app.rule_tips import tooltip
from skirmish.app.screen import Host, Screen
from skirmish.app.screens.campaign_shop import selected
from skirmish.app.theme import BAD
from skirmish.campaign import files
from skirmish.campaign.engine import Campaign
from skirmish.campaign.record import CampaignOptions
from skirmish.content.errors import ContentError
from skirmish.content.loading import load_warband
from skirmish.content.warband import Warband

OPTIONS = ("advancement", "succession", "back_to_back")


def told_apart(first: Warband, copy: Warband) -> Warband:
    """``copy``, a band the player saved from ``first`` with the builder (the same id),
    under an id of its own — the campaign tells its bands by id — and, in each language
    where the two names are the same, named as the form labels it ("… (saved)"), so the
    tabs and the sentences of the campaign say which is the copy too."""
    names = {}
    for lang, field in (("en", "name"), ("fr", "name_fr")):
        mine = getattr(copy, field) or copy.name
        if mine == (getattr(first, field) or first.name):
            names[field] = Translator(lang)("builder.own", name=mine)
    return msgspec.structs.replace(copy, id=f"{copy.id}_2", **names)


class NewCampaignScreen(Screen):
    name = "campaign_new"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.warbands = warband_files()  # the player's own bands (builder) first
        self.picks = [0, 1 if len(self.warbands) > 1 else 0]
        self.controllers = ["human", "computer"]
        self.options = {"advancement": True, "succession": True, "back_to_back": False}
        self.seed = random.SystemRandom().randrange(1, 100_000)
        self.error = ""

    def build(self) -> None:
        app, t, s = self.app, self.t, self.app.scale
        m = app.manager
        w, h = app.window.get_size()
        margin, row = px(s, 24), px(s, 34)
        UILabel(pygame.Rect(margin, margin, w - 2 * margin, px(s, 48)), t("campaign.new"), m,
                object_id="@title")
        col = min(w - 2 * margin, px(s, 760))
        x = (w - col) // 2
        y = margin + px(s, 64)
        names = self.labels = warband_labels(self.warbands, t.lang,
                                             lambda n: t("builder.own", name=n))
        self.menus: list[UIDropDownMenu] = []
        self.ctl: dict[object, int] = {}
        for i in range(2):
            UILabel(pygame.Rect(x, y, col * 20 // 100, row), t("campaign.band_n", n=i + 1), m)
            self.menus.append(UIDropDownMenu(names, names[self.picks[i]], pygame.Rect(
                x + col * 20 // 100, y, col * 50 // 100, row), m))
            b = UIButton(pygame.Rect(x + col * 72 // 100, y, col * 28 // 100, row),
                         t(f"setup.{self.controllers[i]}"), m)
            self.ctl[b] = i
            y += row + 8
        UILabel(pygame.Rect(x, y, col * 20 // 100, row), t("campaign.name"), m)
        self.name = UITextEntryLine(pygame.Rect(x + col * 20 // 100, y, col * 50 // 100, row), m)
        self.name.set_text(self.name_text if hasattr(self, "name_text")
                           else t("campaign.default_name"))
        y += row + 8
        UILabel(pygame.Rect(x, y, col * 20 // 100, row), t("setup.seed"), m)
        self.seed_entry = UITextEntryLine(pygame.Rect(x + col * 20 // 100, y, col * 25 // 100,
                                                      row), m)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text(str(self.seed))
        y += row + 14
        self.toggles: dict[object, str] = {}
        for key in OPTIONS:
            state = t("campaign.on") if self.options[key] else t("campaign.off")
            label = t.pair(t("campaign.opt." + key), state)
            b = UIButton(pygame.Rect(x, y, col, row), label, m,
                         tool_tip_text=tooltip(label, t.lang))  # the rules it cites
            self.toggles[b] = key
            y += row + 6
        bw = px(s, 200)
        self.back = UIButton(pygame.Rect(margin, h - margin - row, bw, row), t("back"), m)
        # as wide as its bold words (they ran past the button's edges)
        cw = max(bw, self.app.text.font(16, bold=True).size(t("campaign.create"))[0] + px(s, 32))
        self.create = UIButton(pygame.Rect(w - margin - cw, h - margin - row, cw, row),
                               t("campaign.create"), m, object_id="@primary")

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.menus:
            i = self.menus.index(event.ui_element)
            self.picks[i] = self.labels.index(event.text)
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el in self.ctl:
            i = self.ctl[el]
            self.controllers[i] = "computer" if self.controllers[i] == "human" else "human"
            self._keep_and_rebuild()
        elif el in self.toggles:
            key = self.toggles[el]
            self.options[key] = not self.options[key]
            self._keep_and_rebuild()
        elif el is self.back:
            self.app.open(routes.Campaign())
        elif el is self.create:
            self.make()

    def _keep_and_rebuild(self) -> None:
        self.name_text = self.name.get_text()
        raw = self.seed_entry.get_text().strip()
        self.seed = int(raw) if raw.isdigit() else self.seed
        self.app.rebuild()

    def make(self) -> Path | None:
        """Create and save the campaign, then show it."""
        for i, menu in enumerate(self.menus):
            self.picks[i] = self.labels.index(selected(menu))
        if self.picks[0] == self.picks[1]:
            self.error = self.t("campaign.same_band")
            return None
        raw = self.seed_entry.get_text().strip()
        seed = int(raw) if raw.isdigit() else self.seed
        name = self.name.get_text().strip() or self.t("campaign.default_name")
        try:
            bands = [(load_warband(self.warbands[p]), self.controllers[i], self.warbands[p].name)
                     for i, p in enumerate(self.picks)]
        except ContentError as e:
            self.error = str(e)
            return None
        if bands[0][0].id == bands[1][0].id:  # a player's copy of a shipped band
            i = 1 if own_warband(self.warbands[self.picks[1]]) else 0
            bands[i] = (told_apart(bands[1 - i][0], bands[i][0]), *bands[i][1:])
        c = Campaign.new(name, bands, seed, CampaignOptions(**self.options))
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
        path = campaigns_dir() / f"{safe}.json"
        n = 2
        while path.exists():
            path = campaigns_dir() / f"{safe}-{n}.json"
            n += 1
        try:
            files.save(c, path)
        except (OSError, ValueError) as e:  # a read-only or full saves folder: said, no crash
            self.error = self.t("campaign.save_failed", file=path.name, problem=str(e))
            return None
        self.app.open(routes.Campaign(path=path))
        return path

    def draw(self, surface: pygame.Surface) -> None:
        if self.error:
            w, h = surface.get_size()
            self.app.text.blit(surface, self.error, (w // 2, h - px(self.app.scale, 70)), 12,
                               BAD, anchor="midbottom")
