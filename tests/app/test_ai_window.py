"""In the window: odds in the hover previews (and the setting that hides them),
the computer's one-line plan in the log, "What would the computer do?" (F3)."""

import pygame
import pytest

from skirmish.ai.player import Plan
from skirmish.app.screens.table import TableScreen
from skirmish.app.session import Session
from skirmish.app.tools import Tool
from skirmish.content.scenario import BandEntry, Scenario
from skirmish.content.warband import Warband
from tests.app.drive import (
    activate_first,
    duel,
    hover_first_target,
    key,
    make_app,
    spec,
    step,
    table_app,
    take_seat,
)


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
    assert screen.hint is not None and screen.hint[1].startswith("The computer would play")
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


def _far_apart() -> Scenario:
    """The duel's bands with swords only, 20 pas apart: nobody can reach anybody in turn 1."""
    d = duel()
    bands = tuple(BandEntry(warband=Warband(
        id=b.warband.id, name=b.warband.name, colour=b.warband.colour,
        figures=tuple(spec(f.id, str(f.rank), (f.position[0], 2.0 if i == 0 else 22.0),
                           ("sword",)) for f in b.warband.figures)), zone=b.zone)
        for i, b in enumerate(d.bands))
    return Scenario(id="apart", name="Apart", width=d.width, height=d.height, bands=bands,
                    options=d.options)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_first_wave_ended_early_is_said_by_the_hint_and_in_the_log_R_TURN_WAVE(lang):
    """[R-TURN-WAVE] GAP-10: the hard computer ends its first wave when nobody is in
    anybody's reach. F3 says so for the human player ("Reds ends its first wave..."),
    and the computer's own early end is logged as its one-line plan."""
    app = make_app(lang=lang)
    session = Session.new(_far_apart(), 3, None, {"blues": "computer"}, level="hard")
    app.go(lambda: TableScreen(app, session))
    step(app)
    screen = app.screen
    hinted = False
    for _ in range(200):
        if hinted and any(isinstance(e, Plan) and e.band == "blues" for e in screen.game.log):
            break
        if screen.human_turn():
            take_seat(app)
            if not hinted:
                key(app, pygame.K_F3)
                assert screen.hint[1] == screen.t(
                    "ai.hint", plan=screen.t("ai.plan_wait", band="Reds"))
                hinted = True
            key(app, pygame.K_n)  # the human ends its first wave too
        step(app)
    plan = next(e for e in screen.game.log if isinstance(e, Plan))
    assert plan.band == "blues" and plan.key == "ai.plan_wait"
    assert "▶ " + screen.t("ai.plan_wait", band="Blues") in screen.log_lines
    assert hinted
