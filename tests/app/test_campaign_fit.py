"""The campaign screens at the smallest window, driven like a player: every line of a long
post-game is on some page, the title counts the game just played, the shop's catalogue
stays inside the window and the recruit's price shows, and every saved campaign can be
opened from the list (RULES.md §13)."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UITextBox

from skirmish.app.screens.campaign import CampaignScreen
from skirmish.campaign import events as ce
from tests.app.drive import drawn_texts, motion, press, step
from tests.app.test_campaign_screen import finished_session, new_campaign

SMALL = (1280, 720)


def dwarves_and_elves(**kw) -> Path:  # noqa: ANN003
    """Two human bands: the dwarves' and elves' long rosters fill the post-game pages."""
    return new_campaign(warbands=("dwarf_throng.toml", "elf_rangers.toml"), **kw)


def post_game(app_factory, lang: str, size: tuple[int, int] = SMALL):  # noqa: ANN001, ANN201
    """The window on the post-game of a street fight between two human bands."""
    path = dwarves_and_elves()
    app = app_factory(lang=lang, size=size)
    session = finished_session(path)
    app.go(lambda: CampaignScreen(app, session))
    step(app)
    assert app.screen.camp.state.phase == "post_game"
    return app


def action(app, kind: str):  # noqa: ANN001, ANN201
    return next((b for b, a in app.screen.buttons.items() if a[0] == kind), None)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_line_of_the_post_game_is_on_a_page_R_CAMP_XP(app_factory, monkeypatch,
                                                             lang) -> None:
    """[R-CAMP-XP] [R-CAMP-RET-SF] [R-CAMP-RET-HERO] [R-CAMP-VP]: at 1280 × 720, walking the
    pages with Next draws every event of the procedure inside the page — each figure's XP
    line among them — and nothing past its bottom edge (the XP page of a street fight
    between dwarfs and elves used to stop at the panel's foot, French or English)."""
    drawn = drawn_texts(monkeypatch)
    app = post_game(app_factory, lang)
    screen = app.screen
    inside: set[str] = set()
    while True:
        drawn.clear()
        step(app)
        area = app.screen.page_rect
        for text, rect in drawn:
            if area.collidepoint(rect.topleft):
                assert rect.bottom <= area.bottom, (text, rect, area)
                inside.add(text)
        nxt = action(app, "next")
        if nxt is None:
            break
        press(app, nxt)
    events = [e for page in screen.sections() for e in page]
    assert len({e.figure for e in events if isinstance(e, ce.XpGained)}) >= 10
    for e in events:
        words = first_line(screen, e)
        assert any(t.startswith(words) or words.startswith(t) and len(t) >= 10
                   for t in inside), words
    assert "…" not in inside


def first_line(screen, e) -> str:  # noqa: ANN001
    """The start of what the page draws for ``e``."""
    from skirmish.app.screens.campaign_post import profile_line
    from skirmish.rules.events import Roll

    say = screen.say
    if isinstance(e, ce.FigureTurn):
        return f"{screen.names()[e.figure]} — {say.t('campaign.state.' + e.state)}"
    if isinstance(e, Roll):
        return f"[{e.rule}] {say.event(e)}"
    if isinstance(e, ce.ProfileChanged) and not e.text:
        return profile_line(e.before, e.after, say.t)
    return say.event(e)


@pytest.mark.parametrize(("lang", "word"), [("en", "1 game played"),
                                            ("fr", "1 partie jouée")])
def test_the_title_counts_the_game_of_the_post_game_R_CAMP_DEF(app_factory, lang,
                                                               word) -> None:
    """[R-CAMP-DEF]: during the post-game of game 1 the title says one game played, as the
    panel says "After game 1" — and still one once the procedure is over."""
    app = post_game(app_factory, lang)
    titles = [e.text for e in app.manager.get_sprite_group().sprites()
              if getattr(e, "object_ids", None) and "@title" in e.object_ids]
    assert any(word in t for t in titles), titles
    assert app.screen.camp.state.current.index == 1


def wheel_down(app, widget) -> None:  # noqa: ANN001
    """Scroll ``widget`` to its end with the mouse wheel, as a player would."""
    motion(app, widget.rect.center)
    for _ in range(20):
        step(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False,
                                      precise_x=0.0, precise_y=-3.0)])
    step(app, n=2)


def choose(app, menu, text: str) -> None:  # noqa: ANN001
    """Open a drop-down and click one of its options."""
    press(app, menu)
    option = next(b for b in menu.current_state.options_selection_list.item_list_container
                  .elements if b.text == text)
    press(app, option)
    for _ in range(2):  # the list's choice becomes the menu's in the frames that follow
        step(app, pygame.event.get())


def walk_to_shop(app) -> None:  # noqa: ANN001
    while app.screen.shop is None:
        press(app, action(app, "next") or action(app, "choose"))


@pytest.mark.parametrize("size", [SMALL, (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_shop_fits_the_window_and_prices_the_recruit_R_CAMP_VP(app_factory, lang,
                                                                   size) -> None:
    """[R-CAMP-VP] [R-BAND-PROFILE]: the catalogue is a list inside the window whose rows
    all show their price; the hire button shows the recruit's price and follows the rank;
    buying from the list's end and hiring charge what was shown."""
    app = post_game(app_factory, lang, size)
    walk_to_shop(app)
    shop = app.screen.shop
    window = pygame.Rect((0, 0), size)
    for widget in (shop.catalogue, shop.figure, shop.buy, shop.rank, shop.name, shop.hire,
                   shop.done):
        assert window.contains(widget.rect), (widget, widget.rect)
    assert not shop.catalogue.rect.colliderect(app.screen.page_rect)
    assert len(shop.items) >= 40
    assert all(label.endswith((" point", " points")) for label, _, _ in shop.items)
    points = app.t("campaign.cost", cost=10)
    assert shop.hire.text.endswith(f"({points})"), shop.hire.text  # a Sous-fifre and a dagger
    # the rank changes the price: a Sous-chef costs 25, a Sous-fifre 10 again
    camp = app.screen.camp
    band = camp.band(camp.pending.band)
    band.band_points = 100
    choose(app, shop.rank, app.t("campaign.rank.sous_chef"))
    assert shop.hire.text.endswith("(25 points)"), shop.hire.text
    choose(app, shop.rank, app.t("campaign.rank.sous_fifre"))
    assert shop.hire.text.endswith(f"({points})"), shop.hire.text
    press(app, shop.hire)
    assert band.band_points == 90, app.screen.error
    # the last entry of the catalogue can be scrolled to, chosen and bought
    shop = app.screen.shop
    last, item_id, _ = shop.items[-1]
    wheel_down(app, shop.catalogue)
    row = next(b for b in shop.catalogue.item_list_container.elements if b.text == last)
    assert window.contains(row.rect)
    press(app, row)
    assert shop.catalogue.get_single_selection() == last
    before = band.band_points
    press(app, shop.buy)
    cost = camp.book.equipment[item_id].cost if item_id in camp.book.equipment else None
    assert cost is not None and band.band_points == before - cost, app.screen.error
    assert app.screen.shop.catalogue.get_single_selection() == last  # kept its place


def test_every_campaign_is_listed_by_name_and_opens(app_factory) -> None:
    """[R-CAMP-DEF]: thirty campaigns all show in the home list (it used to stop at
    eight), by their name and games played, and the last opens — the list scrolls
    inside the window."""
    for i in range(1, 31):
        path = new_campaign("computer", name=f"Campaign {i}", file=f"c{i}.json")
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))  # saved one after the other
    app = app_factory(size=SMALL)
    step(app)
    press(app, app.screen.buttons["campaign"])
    screen = app.screen
    assert isinstance(screen, CampaignScreen) and screen.home_list is not None
    rows = list(screen.home_rows)
    assert sorted(rows) == sorted(f"Campaign {i} — 0 games played" for i in range(1, 31))
    assert pygame.Rect((0, 0), SMALL).contains(screen.home_list.rect)
    for kind in ("open", "new", "builder"):
        assert pygame.Rect((0, 0), SMALL).contains(action(app, kind).rect)
    oldest = rows[-1]  # the newest campaigns come first
    assert oldest == "Campaign 1 — 0 games played"
    assert oldest not in [b.text for b in screen.home_list.item_list_container.elements]
    wheel_down(app, screen.home_list)
    row = next(b for b in screen.home_list.item_list_container.elements if b.text == oldest)
    press(app, row)
    press(app, action(app, "open"))
    assert app.screen.camp is not None and app.screen.camp.state.name == "Campaign 1"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_decision_s_question_is_read_whole_R_CAMP_DEF(app_factory, lang) -> None:
    """[R-CAMP-DEF]: a question the post-game asks a human band ("… n'a plus de Chef : en
    engager un ou promouvoir un personnage") wraps above its answers at 1280 × 720; on one
    line it was cut at the window's edge."""
    path = dwarves_and_elves(seed=3)  # its open field downs the elves' Chef
    app = app_factory(lang=lang, size=SMALL)
    session = finished_session(path, "open_field.toml")
    app.go(lambda: CampaignScreen(app, session))
    step(app)
    while action(app, "choose") is None and app.screen.shop is None:
        press(app, action(app, "next"))
    assert app.screen.camp.pending.kind == "succession"
    pending = app.screen.camp.pending
    words = app.screen.say(pending.prompt_key, pending.params, pending.prompt)
    boxes = [e for e in app.manager.get_sprite_group().sprites()
             if isinstance(e, UITextBox) and words in re.sub("<[^>]+>", "", html.unescape(e.html_text))]
    assert len(boxes) == 1
    box = boxes[0]
    assert pygame.Rect((0, 0), SMALL).contains(box.rect)
    assert box.rect.bottom <= min(b.rect.top for b, a in app.screen.buttons.items()
                                  if a[0] == "choose")
    assert box.text_box_layout.layout_rect.height <= box.rect.height  # nothing scrolls
