"""The tutorial played through the window from the
menu, and no mixed languages in the set-up and the table."""

import pygame

from skirmish.app.screens import table_tutorial as tutorial
from skirmish.app.screens.setup import SetupScreen
from skirmish.rules import events as ev
from tests.app.drive import click, key, make_app, motion, on_board, press, step


def open_tutorial(lang="en", size=(1280, 720)):
    app = make_app(lang=lang, size=size)
    press(app, app.screen.buttons["tutorial"])
    wait = getattr(app.screen, "wait", None)  # the loading screen may already have finished
    if wait is not None:
        wait()
    step(app, n=3)
    assert app.screen.name == "battle" and app.screen.game.scenario.id == "tutorial"
    return app


def marla_takes_up(app, tool_key):
    """The reds' turn: Marla activated with the tool of ``tool_key`` in hand."""
    wait_for_reds(app)
    click(app, on_board(app, app.screen.state.figures["reds:marla"].pos))
    key(app, pygame.K_a)
    key(app, tool_key)


def wait_for_reds(app):
    screen = app.screen
    for _ in range(2000):  # the computer may think off the frame loop: more frames under load
        if screen.session.to_act == "reds" and screen.state.active is None \
                and not screen.morale.open:
            return
        if screen.morale.open:
            key(app, pygame.K_SPACE)
        step(app)
    raise AssertionError("the reds never got the turn")


def test_tutorial_walks_through_activation_walk_shoot_charge_and_morale_R_MORALE_CHARGED():
    app = open_tutorial()
    screen = app.screen
    wait_for_reds(app)
    assert tutorial.hint_key(screen) == "tutorial.activate"
    marla = screen.state.figures["reds:marla"]
    click(app, on_board(app, marla.pos))
    key(app, pygame.K_a)
    assert screen.state.active == "reds:marla"
    assert tutorial.hint_key(screen) == "tutorial.walk"
    key(app, pygame.K_w)
    assert tutorial.hint_key(screen) == "tutorial.tool_walk"
    click(app, on_board(app, (marla.x + 1.5, marla.y)))
    assert tutorial.hint_key(screen) == "tutorial.charge"  # its strike fits in 2 PA
    key(app, pygame.K_s)  # the player shoots instead: the hints follow
    assert screen.tool.kind == "shoot" and screen.tool.targets
    target = sorted(screen.tool.targets)[0]
    motion(app, on_board(app, screen.state.figures[target].pos))
    click(app, on_board(app, screen.state.figures[target].pos))
    assert any(isinstance(e, ev.ShotResolved) for e in screen.game.log)
    while screen.morale.open:
        assert tutorial.hint_key(screen) == "tutorial.morale"
        key(app, pygame.K_SPACE)
    # 1 PA left: a charge's strike would not fit (R-TURN-PA), so no charge lesson now
    assert tutorial.hint_key(screen) == "tutorial.free"
    step(app)
    shot = app.window.copy()  # the hint is drawn above the board
    assert shot.get_at((screen.board_rect.centerx, screen.board_rect.y + 12))[:3] != \
        (0, 0, 0)


def test_tutorial_charge_is_a_morale_test_for_the_charged_R_MORALE_CHARGED():
    app = open_tutorial("fr")
    screen = app.screen
    marla_takes_up(app, pygame.K_c)
    assert screen.tool.kind == "charge"
    grub = screen.state.figures["raiders:grub"]
    assert "raiders:grub" in screen.tool.targets  # seed 1: Grub is in reach
    assert "Seuls les ennemis" in screen.t("tutorial.charge")
    click(app, on_board(app, grub.pos))
    assert any(isinstance(e, ev.ActionDeclared) and e.action == "charge"
               for e in screen.game.log)
    reactions = [e for e in screen.game.log if isinstance(e, ev.Reaction)]
    assert any(e.rule == "R-MORALE-CHARGED" for e in reactions), reactions
    assert tutorial.hint_key(screen) in ("tutorial.morale", "tutorial.strike")


def test_french_setup_shows_french_scenario_race_and_passive_names():
    """Defect 14: in French no English scenario text, race or passive-action names."""
    app = make_app(lang="fr")
    app.go(lambda: SetupScreen(app))
    screen = app.screen
    screen.index = next(i for i, (_, sc) in enumerate(screen.scenarios) if sc.id == "tutorial")
    screen._reset_controllers()
    app.rebuild()
    step(app)
    texts = " | ".join([str(getattr(el, "text", "") or getattr(el, "html_text", ""))
                        for el in app.manager.get_sprite_group().sprites()]
                       + [screen.scenario_menu.selected_option[0]])
    assert "Tutoriel : premiers pas" in texts and "Une première partie guidée" in texts
    assert "(Humains," in texts and "(human," not in texts
    assert "Aperçu" in texts and "spot" not in texts
    en = make_app(lang="en")
    assert en.t("damage.title").startswith("Damage table")
    assert "restantes" not in app.t("top.wave_cap", d6=3, left=1)
