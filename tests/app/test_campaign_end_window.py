"""The window follows a campaign to its end and names any ransom: a band that fields no
figure forfeits the game, whose post-game opens instead of a table (D-10); a band that
leaves is said so on its roster and in the games played; one band left ends the campaign
on a final screen with its winner and standing and no next game. The captor types any
ransom; the owner pays, accepts an exchange or lets the figure go, and is told why paying
is not offered; the computer's demand is said (GAP-68, [R-CAMP-INJ-62])."""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UILabel, UITextBox

from skirmish.app.paths import campaigns_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.campaign import commands as cc
from skirmish.campaign import files
from skirmish.campaign.engine import Campaign
from skirmish.campaign.record import CampaignOptions
from tests.app.drive import drawn_texts, key, press, step
from tests.app.test_campaign_post_panel import after_game, next_page, open_post
from tests.campaign.build import campaign, member, play, warband


def saved(c: Campaign, name: str) -> Path:
    campaigns_dir().mkdir(parents=True, exist_ok=True)
    path = campaigns_dir() / f"{name}.json"
    files.save(c, path)
    return path


def opened(app_factory, path: Path, **kw):  # noqa: ANN001, ANN201
    app = app_factory(**kw)
    app.go(lambda: CampaignScreen(app, path=path))
    step(app)
    return app


def button(app, action: tuple) -> object:  # noqa: ANN001
    return next(b for b, a in app.screen.buttons.items() if a == action)


def actions(app) -> list[tuple]:  # noqa: ANN001
    return list(app.screen.buttons.values())


def to_last_page(app) -> None:  # noqa: ANN001
    while ("next",) in actions(app):
        next_page(app)


def boxes(app) -> str:  # noqa: ANN001
    return " ".join(e.html_text for e in app.manager.get_sprite_group().sprites()
                    if isinstance(e, UITextBox))


def wiped(c: Campaign, band: str) -> None:
    for m in c.band(band).members:
        m.status = "dead"


# -- D-10 ------------------------------------------------------------------------------------
def test_a_band_with_nobody_forfeits_and_the_campaign_ends_on_its_final_screen_D_10(
        app_factory, monkeypatch) -> None:
    """Before, "Play game 1" opened a table for a game never begun: a traceback."""
    c = campaign()
    c.band("blue").controller = "computer"
    wiped(c, "red")
    c.band("red").band_points = 3  # too few for a recruit
    app = opened(app_factory, saved(c, "forfeit"), size=(960, 600))
    drawn = drawn_texts(monkeypatch)
    press(app, button(app, ("play",)))
    screen = app.screen
    assert screen.name == "campaign" and screen.walking and screen.page == 0
    assert "forfeit" in screen.page_title(0)
    step(app)
    said = [t for t, _ in drawn]
    assert "Red can field no figure and forfeits game 1, which is not played (D-10)" in said
    to_last_page(app)
    assert screen.camp.pending.kind == "shop" and screen.shop is not None  # it may hire
    press(app, screen.shop.done)
    to_last_page(app)
    assert screen.camp.state.phase == "over"
    assert "leaving the campaign" in screen.page_title(screen.page)
    drawn.clear()
    step(app)
    said = [t for t, _ in drawn]
    assert any(t.startswith("Red has no figure and too few band points") for t in said)
    assert "The campaign is over after 1 game: Blue wins (D-10)" in said
    press(app, button(app, ("close",)))
    assert ("play",) not in actions(app) and screen.scenario_menu is None
    html = boxes(app)
    assert "The campaign is over after 1 game: Blue wins" in html
    assert "1. <b>Blue</b>" in html and "2. <b>Red</b> — left the campaign after game 1" in html
    assert "not played, forfeited by Red" in html and "won by Blue" in html
    labels = [e.text for e in app.manager.get_sprite_group().sprites() if isinstance(e, UILabel)]
    assert "The campaign is over: no more games" in labels
    key(app, pygame.K_F2)  # and in French
    html = boxes(app)
    assert "victoire de Blue" in html and "Classement final" in html
    assert "départ de la campagne après la partie 1" in html


def test_a_band_that_leaves_is_said_while_the_others_play_on_D_10(app_factory) -> None:
    c = Campaign.new("Three", [(warband("red"), "human", ""), (warband("blue"), "computer", ""),
                               (warband("green"), "computer", "")], 4,
                     CampaignOptions(scenario="three_band_brawl.toml"))
    wiped(c, "green")
    c.apply(cc.BeginGame(scenario="three_band_brawl.toml"))
    app = opened(app_factory, saved(c, "three"))
    screen = app.screen
    to_last_page(app)
    press(app, screen.shop.done)  # the computers spend and Green, with nothing, leaves
    to_last_page(app)
    assert screen.camp.state.phase == "ready"
    screen.band_index = 2
    app.rebuild()
    assert "left the campaign after game 1 <a href='D-10'>(D-10)</a>" in boxes(app)
    press(app, button(app, ("close",)))
    assert ("play",) in actions(app)  # Red and Blue play on
    assert "not played, forfeited by Green" in boxes(app)


# -- GAP-68 ----------------------------------------------------------------------------------
def test_the_captor_types_any_ransom_GAP_68(app_factory, monkeypatch) -> None:
    """Before, the captor chose among three amounts (half, once, twice its worth)."""
    app = open_post(app_factory, 40, size=(960, 600))  # Gorgutz's Boyz hold a Survivor
    screen = app.screen
    to_last_page(app)
    assert screen.camp.pending.kind == "ransom_demand" and screen.amount is not None
    field = screen.amount.rect
    assert screen.right.contains(field) or screen.right.colliderect(field)
    press(app, button(app, ("amount",)))  # nothing typed: refused, with the range
    assert screen.camp.pending.kind == "ransom_demand"
    assert "whole number of band points from 0 to 1000000" in screen.error
    screen.amount.set_text("37")
    press(app, button(app, ("amount",)))
    taken = [e for e in screen.camp.log if type(e).__name__ == "DecisionTaken"]
    assert taken[-2].option == "ask:37"  # the computer owner then answered it
    drawn = drawn_texts(monkeypatch)
    page = next(i for i, p in enumerate(screen.pages()) if taken[-2] in p)
    while screen.page < page:
        next_page(app)
    step(app)
    assert "Gorgutz's Boyz asks a ransom of 37 band points (GAP-68)" in [t for t, _ in drawn]


def test_the_owner_is_told_why_it_cannot_pay_and_can_pay_when_it_can_GAP_68(
        app_factory) -> None:
    app = open_post(app_factory, 6, size=(960, 600))  # the computer holds an Ork for 35
    screen = app.screen
    to_last_page(app)
    assert [o.key for o in screen.camp.pending.options] == ["let_go"]
    assert "too few to pay 35" in boxes(app)
    path, session = after_game(6)  # again, the Orks rich enough this time
    c = files.load(path)
    c.band("ork_boyz").band_points = 100
    files.save(c, path)
    app = app_factory(size=(960, 600))
    app.go(lambda: CampaignScreen(app, session))
    step(app)
    to_last_page(app)
    screen = app.screen
    assert [o.key for o in screen.camp.pending.options] == ["pay", "let_go"]
    assert "too few" not in boxes(app)
    figure = screen.camp.pending.figure.split(":")[1]
    press(app, button(app, ("choose", "pay")))
    assert screen.camp.band("ork_boyz").member(figure).status == "active"


def test_an_exchange_is_offered_and_accepted_in_the_window_R_CAMP_INJ_62(app_factory,
                                                                         monkeypatch) -> None:
    c = campaign()
    play(c, 6, 2, 6, 2, red__boss=("out_of_action", "blue:grunt"),
         blue__lieu=("out_of_action", "red:runt"))
    app = opened(app_factory, saved(c, "exchange"), size=(960, 600))
    screen = app.screen
    to_last_page(app)
    assert screen.camp.pending.band == "blue"
    assert "Hand over to Blue" in boxes(app)
    press(app, button(app, ("choose", "exchange:lieu")))
    to_last_page(app)
    assert screen.camp.pending.band == "red" and "Lieu" in boxes(app)
    offer = next(b for b, a in screen.buttons.items() if a == ("choose", "exchange:lieu"))
    assert offer.text == "Give Lieu back for Boss"
    drawn = drawn_texts(monkeypatch)
    press(app, offer)
    assert member(screen.camp, "red:boss").status == "active"
    assert member(screen.camp, "blue:lieu").status == "active"
    page = next(i for i, p in enumerate(screen.pages())
                if any(getattr(e, "option", "") == "exchange:lieu" for e in p))
    screen.page = page
    app.rebuild()
    step(app)
    said = [t for t, _ in drawn]
    assert "Blue offers an exchange for Lieu (GAP-68)" in said
    assert "Red chooses: an exchange for Lieu" in said
