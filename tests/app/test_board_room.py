"""The board is the biggest thing on the table screen: at 1280 × 720 it has at least 65 %
of the window (it had 55 %). Narrower than 1600 px, the dice tray and the game log fold
away (J or the top bar's button pins them beside the board again); the tray then shows
a moment after each roll over the board, as tall as its rolls, in a corner where it hides
none of the figures its rolls name."""

from __future__ import annotations

import pygame
import pytest

from skirmish.app.screens.table import PIN_WIDTH
from skirmish.app.screens.table_model import PEEK_SECONDS
from tests.app.drive import (
    activate_first,
    click,
    duel,
    key,
    make_app,
    on_board,
    pin_log,
    step,
    table_app,
    take_seat,
)
from tests.app.test_table_look import to_battle


def share(app) -> float:  # noqa: ANN001
    w, h = app.window.get_size()
    b = app.screen.board_rect
    return b.w * b.h / (w * h)


@pytest.mark.parametrize("scenario", ["scenarios/street_fight.toml", "scenarios/open_field.toml"])
def test_the_board_has_two_thirds_of_a_1280_by_720_window(scenario: str) -> None:
    app = make_app(scenario=scenario, size=(1280, 720))
    step(app, n=2)
    assert share(app) >= 0.65, app.screen.board_rect  # deployment
    to_battle(app)
    assert share(app) >= 0.65, app.screen.board_rect
    assert not app.screen.log_pinned


def test_j_pins_the_log_beside_the_board_and_folds_it_again() -> None:
    app = table_app(duel(), size=(1280, 720))
    screen = app.screen
    take_seat(app)
    folded = pygame.Rect(screen.board_rect)
    pin_log(app)  # the top bar's button
    assert screen.log_pinned and screen.board_rect.w < folded.w
    assert not screen.log.rect.colliderect(screen.board_rect)
    key(app, pygame.K_j)
    assert not screen.log_pinned and screen.board_rect == folded
    wide = table_app(duel(), size=(PIN_WIDTH, 900))
    assert wide.screen.log_pinned  # a wide window keeps them beside the board


def test_the_folded_tray_shows_after_a_roll_off_the_figures_it_names_R_SHOOT_HIT() -> None:
    """Cid shoots Bob: the tray shows his to-hit roll for a few seconds over the board,
    in a corner that hides neither of them (the top right, where it folded from, held
    Bob when the duel's Reds stand there), then folds away."""
    app = table_app(duel(), size=(1280, 720))
    screen = app.screen
    fid = activate_first(app, rank="chef")
    bob = screen.state.figures["reds:bob"]
    cam = screen.camera
    cam.pan(screen.board_rect.right - 60 - cam.to_screen(bob.pos)[0],
            screen.board_rect.top + 60 - cam.to_screen(bob.pos)[1])  # Bob at the top right
    step(app)
    key(app, pygame.K_s)
    screen.game.dice.force(6, 1)
    click(app, on_board(app, bob.pos))
    step(app, n=2)
    assert screen.tray.rolls and screen.peek > 0
    tray = screen.tray.rect
    assert screen.board_rect.contains(tray)
    assert tray.h < screen.right_rect.h * 46 // 100  # as tall as one roll needs
    for f in (bob, screen.state.figures[fid]):
        assert not tray.collidepoint(on_board(app, f.pos)), (f.id, tray)
    assert tray in screen.painter._covers  # drawn over the board
    step(app, n=round(PEEK_SECONDS * 30) + 2)
    assert screen.peek == 0 and screen.tray.rect not in screen.painter._covers


def test_the_folded_tray_waits_while_a_morale_panel_gives_the_rolls_R_MORALE_SHOT() -> None:
    """[R-MORALE-SHOT] Dan, shot at, tests: the morale panel gives his roll, and the tray
    does not show beside it (at 960 × 600 the two hid the figures they spoke of); it shows
    once the panel is closed."""
    app = table_app(duel(passive=True, henchmen_pistols=False), size=(960, 600))
    screen = app.screen
    fid = activate_first(app, rank="chef")
    target = next(f for f in screen.state.figures.values()
                  if f.band != screen.state.figures[fid].band and f.rank != "chef")
    key(app, pygame.K_s)
    screen.game.dice.force(2, 6, 6, 2)  # a miss; the target's test fails
    click(app, on_board(app, target.pos))
    step(app, n=2)
    assert screen.morale.open and screen.peek > 0
    assert screen.tray.rect not in screen.painter._covers
    step(app, n=round(PEEK_SECONDS * 30) + 2)
    assert screen.peek > 0  # it waits
    key(app, pygame.K_SPACE)
    step(app, n=2)
    assert not screen.morale.open and screen.tray.rect in screen.painter._covers
