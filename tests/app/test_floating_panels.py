"""Panels that float over the board never lie on each other, at any window size: the
tutorial's hint, the morale and decision panels, banners. A usability audit found the
hint hiding a morale test's title ("TEST DE MORAL — S…") at 1920 × 1080."""

import numpy as np
import pygame
import pytest

from skirmish.app.board.camera import Camera
from skirmish.app.layout import place_beside
from skirmish.app.screens.table_drawing import banner_box, floating_boxes
from tests.app.drive import click, key, motion, on_board, step, take_seat
from tests.app.test_tutorial_and_languages import marla_takes_up, open_tutorial, wait_for_reds


def shoot_grub(lang: str, size: tuple[int, int]):
    """The tutorial from the menu: Marla shoots Grub, who takes a morale test."""
    app = open_tutorial(lang, size)
    screen = app.screen
    marla_takes_up(app, pygame.K_s)
    grub = screen.state.figures["raiders:grub"]
    motion(app, on_board(app, grub.pos))
    click(app, on_board(app, grub.pos))
    step(app, n=2)
    assert screen.morale.open and screen.morale.panel is not None
    return app, screen


def drawn_hint(app) -> pygame.Rect:
    """The box the hint is drawn in, found on the window by its amber edge."""
    step(app)
    px = pygame.surfarray.pixels3d(pygame.display.get_surface())
    xs, ys = np.nonzero((px[:, :, 0] == 240) & (px[:, :, 1] == 190) & (px[:, :, 2] == 80))
    del px
    if len(xs) == 0:
        return pygame.Rect(0, 0, 0, 0)
    return pygame.Rect(int(xs.min()), int(ys.min()), int(xs.max() - xs.min()) + 1,
                       int(ys.max() - ys.min()) + 1)


@pytest.mark.parametrize(("lang", "size"), [
    ("fr", (1920, 1080)), ("en", (1920, 1080)), ("en", (1280, 720)), ("fr", (960, 600)),
])
def test_the_tutorial_hint_keeps_off_the_morale_panel_R_MORALE_SHOT(lang, size):
    """R-MORALE-SHOT: Grub, shot at, tests; his panel and the hint that explains it are
    both read whole, and the board's labels keep off the hint too."""
    app, screen = shoot_grub(lang, size)
    hint = drawn_hint(app)
    assert hint.w > 0 and screen.board_rect.contains(hint)
    panel = screen.morale.panel.rect
    assert not hint.colliderect(panel), (hint, panel)
    assert hint in floating_boxes(screen)


def test_the_hint_moves_off_a_panel_that_lies_where_it_would_go_R_MORALE_SHOT():
    """A panel already at the top of the board (placed before the hint changed, or by a
    smaller window) sends the hint elsewhere instead of under or over it."""
    app, screen = shoot_grub("en", (1280, 720))
    panel = screen.morale.panel
    top = drawn_hint(app)
    panel.set_position((top.x, top.y))
    step(app)
    hint = drawn_hint(app)
    assert not hint.colliderect(panel.rect), (hint, panel.rect)
    assert screen.board_rect.contains(hint)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_hint_keeps_off_the_turn_banner_and_the_computers_plan_R_TURN_WAVE(size):
    """[R-TURN-WAVE] The computer's wave opens with the turn banner and its plan under
    it; the hint ("the computer plays the blue raiders now") had covered the banner."""
    app = open_tutorial("en", size)
    screen = app.screen
    wait_for_reds(app)
    for fid in ("reds:marla", "reds:tomas"):  # both end at once: the raiders' wave
        click(app, on_board(app, screen.state.figures[fid].pos))
        key(app, pygame.K_a)
        key(app, pygame.K_RETURN)
    seen = 0
    for _ in range(300):
        take_seat(app)
        hint = drawn_hint(app)  # a frame, and the boxes as drawn in it
        others = ([banner_box(screen, screen.banner[0])]
                  if screen.banner is not None and screen.toast is None else [])
        others += [screen.plan_banner.box] if screen.plan_banner.visible else []
        for other in others:
            assert not hint.colliderect(other), (hint, other)
        seen += bool(others)
        if screen.morale.open:
            key(app, pygame.K_SPACE)
        if seen > 20:
            break
    assert seen, "the raiders' wave showed no banner"


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (2560, 1440)])
def test_a_panel_is_placed_off_the_boxes_it_must_avoid(size):
    """place_beside: with a hint along the board's top, no spot chosen touches it, for
    points anywhere on the board."""
    w, h = size
    board = pygame.Rect(round(w * 0.22), 35, round(w * 0.56), h - 120)
    cam = Camera(board, 36.0, 24.0)
    hint = pygame.Rect(0, 0, min(board.w - 40, round(620 * w / 1280)), 70)
    hint.midtop = (board.centerx, board.y + 8)
    panel = (round(520 * w / 1280), round(250 * h / 720))
    for x in (2.0, 18.0, 34.0):
        for y in (2.0, 12.0, 22.0):
            spot = place_beside(board, panel, cam, [(x, y)], avoid=[hint])
            assert not spot.colliderect(hint), (size, (x, y), spot, hint)
            assert board.contains(spot)
