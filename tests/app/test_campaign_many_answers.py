"""A post-game decision with many answers keeps the page in view: a Chef promoted from
any of sixteen figures (D-11 [HOUSE]) laid a button per figure down the column, past the
window's foot, and pushed the page and its heading off the top; the answers now scroll in
a list with Choose under it."""

from __future__ import annotations

import pygame

from skirmish.app.screens.campaign import CampaignScreen
from skirmish.campaign.engine import Campaign
from skirmish.content.models import Rank
from skirmish.content.warband import Warband
from tests.app.drive import click, press, step
from tests.app.test_campaign_end_window import button, saved, to_last_page
from tests.campaign.build import member, play, spec, warband


def big_band() -> Warband:
    return Warband(id="red", name="Red", race="none", setting="medieval", figures=(
        spec("boss", "chef", ("sword", "dagger")),
        *(spec(f"f{i}", "sous_fifre") for i in range(16))))


def test_sixteen_answers_scroll_and_leave_the_page_in_view_D_11(app_factory) -> None:
    c = Campaign.new("Many", [(big_band(), "human", ""), (warband("blue"), "computer", "")],
                     5)
    play(c, red__boss=("dead", "blue:boss"))
    assert c.pending.kind == "succession" and len(c.pending.options) >= 16
    for size in ((960, 600), (1280, 720)):
        app = app_factory(size=size)
        app.go(lambda app=app: CampaignScreen(app, path=saved(c, "many")))
        step(app)
        to_last_page(app)
        screen = app.screen
        window = app.window.get_rect()
        assert screen.answer_list is not None
        assert screen.page_rect.top == screen.right.top and \
            screen.page_rect.h >= screen.right.h // 3  # the page keeps its room
        assert all(window.contains(b.rect) for b in screen.buttons)
        assert window.contains(screen.answer_list.rect)
    row = next(i["button_element"] for i in screen.answer_list.item_list
               if i["text"] == "Promote F3 to Chef" and i["button_element"] is not None)
    click(app, row.rect.center)
    step(app, pygame.event.get())
    press(app, button(app, ("choose_listed",)))
    assert member(app.screen.camp, "red:f3").spec.rank == Rank.CHEF


def test_a_new_chef_has_a_page_of_its_own_D_11(app_factory) -> None:
    """The computer's succession was told on the captives' page, under its heading. (A
    file left waiting on a computer's answer is answered when it is opened: the panel
    waited for nobody.)"""
    from skirmish.campaign import events as ce

    c = Campaign.new("Many", [(big_band(), "computer", ""), (warband("blue"), "human", "")],
                     5)
    play(c, red__boss=("dead", "blue:boss"))
    app = app_factory(size=(960, 600))
    app.go(lambda: CampaignScreen(app, path=saved(c, "chef")))
    step(app)
    screen = app.screen
    pages = screen.pages()
    page = next(i for i, p in enumerate(pages)
                if any(isinstance(e, ce.DecisionTaken) and e.kind == "succession" for e in p))
    assert screen.page_title(page).endswith("a new Chef")
    assert isinstance(pages[page][0], ce.DecisionTaken)
