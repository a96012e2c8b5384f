"""Issue 10 in the window: odds in the hover previews (and the setting that hides them),
the computer's one-line plan in the log, "What would the computer do?" (F3)."""

import pygame

from skirmish.ai.player import Plan
from skirmish.app.tools import Tool
from tests.app.drive import activate_first, duel, hover_first_target, key, step, table_app


def test_charge_hover_shows_contact_and_out_of_action_odds_and_the_tests_R_ACT_CHARGE():
    app = table_app(duel(passive=True))
    screen = app.screen
    activate_first(app, rank="chef")
    info = hover_first_target(app, pygame.K_c)
    assert "contact" in info and "out of action" in info
    assert f"{round(100 * screen.tool.preview.p_contact)}%" in info


def test_play_blind_hides_the_odds():
    app = table_app(duel(), show_odds=False)
    try:
        activate_first(app)
        info = hover_first_target(app, pygame.K_c)
        assert "reaches contact" in info and "%" not in info
    finally:
        Tool.show_odds = True


def test_what_would_the_computer_do_says_its_plan_without_playing():
    app = table_app(duel())
    screen = app.screen
    activate_first(app)
    before = screen.game.state_hash(), len(screen.game.commands)
    key(app, pygame.K_F3)
    assert screen.toast is not None and screen.toast[0].startswith("The computer would play")
    assert (screen.game.state_hash(), len(screen.game.commands)) == before


def test_computer_activation_plan_is_logged_in_one_line():
    app = table_app(duel(), controllers={"blues": "computer"}, ai_delay=0.0)
    screen = app.screen
    for _ in range(400):
        if any(isinstance(e, Plan) for e in screen.game.log):
            break
        if screen.human_turn():
            activate_first(app)
            key(app, pygame.K_RETURN)
        step(app)
    plans = [e for e in screen.game.log if isinstance(e, Plan)]
    assert plans and plans[0].band == "blues"
    assert any(line.startswith("▶ ") for line in screen.log_lines)
