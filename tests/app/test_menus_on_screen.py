"""Drop-down menus on a screen's bottom row open where their choices can be read and
scroll; Esc closes an open menu before it leaves the screen."""

from __future__ import annotations

import pygame

from skirmish.app.menus import is_open
from skirmish.app.screens.builder import BuilderScreen
from skirmish.app.screens.campaign import CampaignScreen
from tests.app.drive import click, key, step
from tests.app.test_campaign_screen import new_campaign


def open_list(app, menu) -> pygame.Rect:  # noqa: ANN001
    """Open ``menu`` by a click and return where its list of choices is drawn."""
    click(app, menu.rect.center)
    step(app)
    assert is_open(menu)
    return menu.current_state.options_selection_list.rect


def shows_its_choices(app, menu) -> None:  # noqa: ANN001
    """The open list lies inside the window and shows several rows, or all of them."""
    rect = open_list(app, menu)
    assert app.window.get_rect().contains(rect), (rect, app.window.get_size())
    rows = len(menu.options_list)
    assert rect.h >= min(rows, 4) * menu.rect.h * 0.6, (rect, rows)


def test_the_campaign_scenario_list_opens_upwards_and_esc_closes_it(app_factory) -> None:
    path = new_campaign()
    for size in ((960, 600), (1280, 720)):
        app = app_factory(size=size)
        app.go(lambda app=app: CampaignScreen(app, path=path))
        step(app)
        menu = app.screen.scenario_menu
        shows_its_choices(app, menu)
        key(app, pygame.K_ESCAPE)
        step(app)
        assert isinstance(app.screen, CampaignScreen) and not is_open(menu)
        key(app, pygame.K_ESCAPE)  # a second Esc leaves, as before
        assert app.screen.name == "menu"


def test_the_builder_band_list_opens_upwards_and_esc_closes_it(app_factory) -> None:
    for size in ((960, 600), (1280, 720)):
        app = app_factory(size=size)
        app.go(lambda app=app: BuilderScreen(app))
        step(app)
        screen = app.screen
        shows_its_choices(app, screen.load_menu)
        key(app, pygame.K_ESCAPE)
        step(app)
        assert app.screen is screen and not is_open(screen.load_menu)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.screen, CampaignScreen)


def test_clicking_the_choice_already_made_closes_the_list(app_factory) -> None:
    """The list stayed open over the widgets under it (pygame_gui dropped the choice)."""
    from skirmish.app.screens.campaign_new import NewCampaignScreen
    from skirmish.app.screens.campaign_shop import selected

    app = app_factory(size=(960, 600))
    app.go(lambda: NewCampaignScreen(app))
    step(app)
    menu = app.screen.menus[0]
    chosen = selected(menu)
    open_list(app, menu)
    row = next(b for b in menu.current_state.options_selection_list.item_list
               if b["text"] == chosen)["button_element"]
    click(app, row.rect.center)
    for _ in range(2):  # the list drops the choice, then the menu closes: a frame each
        step(app, pygame.event.get())
    step(app)
    assert not is_open(menu) and selected(app.screen.menus[0]) == chosen
    other = app.screen.menus[1]
    open_list(app, other)  # the next menu opens at once, its first click not eaten


def test_the_scenario_list_names_scenarios_in_the_window_s_language(app_factory) -> None:
    """It listed file names ("street_fight"); a choice still starts that scenario."""
    from skirmish.app.screens.campaign_shop import selected

    path = new_campaign()
    app = app_factory(size=(960, 600), lang="fr")
    app.go(lambda: CampaignScreen(app, path=path))
    step(app)
    menu = app.screen.scenario_menu
    labels = [o[0] if isinstance(o, tuple) else o for o in menu.options_list]
    assert "Combat de rue" in labels and "street_fight" not in labels
    open_list(app, menu)
    row = next(b for b in menu.current_state.options_selection_list.item_list
               if b["text"] == "Combat de rue")["button_element"]
    click(app, row.rect.center)
    for _ in range(2):
        step(app, pygame.event.get())
    assert selected(app.screen.scenario_menu) == "Combat de rue"
    assert app.screen.scenario.endswith("street_fight.toml")
