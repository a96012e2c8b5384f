"""The state machine from the main menu: setup, deployment, battle; language; resize."""

import pygame

from skirmish.app.paths import shipped_scenarios
from tests.app.drive import (
    bar_button,
    click,
    drag,
    key,
    on_board,
    press,
    step,
    take_seat,
)


def test_menu_setup_deployment(app_factory):
    app = app_factory()
    step(app)
    assert app.screen.name == "menu"
    press(app, app.screen.buttons["new"])
    assert app.screen.name == "setup"
    setup = app.screen
    assert len(setup.scenarios) == len(shipped_scenarios())
    band = next(iter(setup.controller_buttons))
    press(app, band)
    assert set(setup.controllers.values()) - {"human"}  # a computer level
    press(app, setup.start)
    assert app.screen.name == "deployment"
    assert "computer" in app.screen.session.controllers.values()


def test_setup_shows_options_with_tags(app_factory):
    app = app_factory()
    press(app, app.screen.buttons["new"])
    labels = [e.text for e in app.manager.get_root_container().elements if hasattr(e, "text")]
    joined = " ".join(str(x) for x in labels)
    assert "[HOUSE]" in joined and "[DEVIATION]" in joined and "GAP-47" in joined


def test_scenario_goes_straight_to_deployment_and_deploys(app_factory):
    app = app_factory(scenario="scenarios/street_fight.toml", seed=2)
    step(app)
    screen = app.screen
    assert screen.name == "deployment"
    take_seat(app)
    band = screen.session.to_act
    assert band == screen.state.deploy_order[0]
    zone = screen.state.band(band).zone
    cx = sum(p[0] for p in zone) / len(zone)
    cy = sum(p[1] for p in zone) / len(zone)
    # pick from the list, click inside the zone
    press(app, bar_button(app, "pick:"))
    fid = screen.carrying
    click(app, on_board(app, (cx, cy)))
    f = screen.state.figures[fid]
    assert f.status == "in_play" and abs(f.x - cx) < 0.2 and abs(f.y - cy) < 0.2
    # drag it somewhere else in the zone
    drag(app, on_board(app, f.pos), on_board(app, (cx + 5, cy)))
    assert abs(f.x - (cx + 5)) < 0.2
    # outside the zone: refused, with the rule
    if screen.carrying is None:
        press(app, bar_button(app, "pick:"))
    click(app, on_board(app, (cx, screen.state.height / 2)))
    assert screen.toast and "R-DEPLOY" in screen.toast[0]
    press(app, bar_button(app, "auto"))
    press(app, bar_button(app, "end_deploy"))
    take_seat(app)
    assert screen.session.to_act == screen.state.deploy_order[1]
    press(app, bar_button(app, "auto"))
    press(app, bar_button(app, "end_deploy"))
    step(app)
    assert app.screen.name == "battle"


def test_language_switch_and_resize(app_factory):
    app = app_factory(scenario="scenarios/open_field.toml")
    step(app)
    key(app, pygame.K_F2)
    assert app.t.lang == "fr"
    assert app.screen.log.title == "JOURNAL"
    step(app, [pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))])
    assert app.window.get_size() == (1920, 1080)
    assert app.screen.board_rect.w > 1000
    key(app, pygame.K_F2)
    assert app.t.lang == "en"


def test_rules_reference_and_back(app_factory):
    app = app_factory()
    press(app, app.screen.buttons["rules"])
    assert app.screen.name == "rules"
    key(app, pygame.K_ESCAPE)
    assert app.screen.name == "menu"


def test_play_load_opens_a_save_where_it_stopped(app_factory, tmp_path):
    from skirmish.app.session import Session
    from skirmish.content.loading import load_scenario

    session = Session.new(load_scenario("scenarios/street_fight.toml"), 4)
    session.ai_step()  # nobody is a computer here: nothing happens
    from skirmish.rules import commands as c

    band = session.to_act
    assert session.submit(c.AutoDeploy(band=band))
    path = tmp_path / "save.json"
    session.save(path)
    app = app_factory(load=str(path))
    assert app.screen.name == "deployment"
    assert app.screen.game.state_hash() == session.game.state_hash()
