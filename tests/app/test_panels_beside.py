"""A panel never covers the figures it is about: the free-shot
question left the spotted figure under it, the turn banner lay on a band deployed along
the board's top, a morale panel on the computer's plan line."""

from __future__ import annotations

import msgspec
import pygame
import pytest

from skirmish.app.screens.table_drawing import banner_box
from tests.app.drive import duel, key, on_board, step, table_app, take_seat
from tests.app.spots import walk_into_spot
from tests.app.test_table_look import placed


def covers(app, rect: pygame.Rect, fid: str) -> bool:  # noqa: ANN001
    f = app.screen.state.figures[fid]
    r = f.radius * app.screen.camera.scale
    return rect.inflate(2 * r, 2 * r).collidepoint(on_board(app, f.pos))


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_free_shot_question_leaves_the_spotted_figure_in_view_R_MORALE_SPOT(size) -> None:
    """Dan spotted Ann: the Blues' question "free shot?" stands beside both."""
    app = walk_into_spot(size=size)
    screen = app.screen
    while screen.morale.open:
        key(app, pygame.K_SPACE)
    take_seat(app)
    step(app, n=3)
    panel = screen.decision.panel
    assert panel is not None
    for fid in ("reds:ann", "blues:dan"):
        assert not covers(app, panel.rect, fid), (fid, panel.rect)
        assert screen.board_rect.collidepoint(on_board(app, screen.state.figures[fid].pos))


def test_turn_banner_leaves_a_band_deployed_along_the_top_in_view_R_TURN_INIT() -> None:
    """The Reds stand along the table's top edge: the banners of the turn (each wave's)
    go where they cover none of them."""
    top = {"ann": (12.0, 0.8), "bob": (14.0, 0.8)}
    narrow = msgspec.structs.replace(duel(), width=26.0)  # the table fills the board's height
    app = table_app(placed(narrow, top), size=(1280, 720))
    screen = app.screen
    for _ in range(6):  # each band ends its first wave: the second wave's banner
        take_seat(app)
        key(app, pygame.K_n)
        if screen.state.wave == 2:
            break
    step(app)
    assert screen.banner is not None and screen.state.wave == 2
    box = banner_box(screen, screen.banner[0])
    assert [f for f in screen.state.figures if covers(app, box, f)] == [], box


@pytest.mark.parametrize("seed", [1, 5])
def test_morale_panel_and_the_computers_plan_line_keep_apart_R_MORALE_SHOT(seed) -> None:
    """The computer's Blues shoot at the human Reds: the "Subir un tir" panel and the
    plan line saying what the computer does both show whole."""
    scn = placed(duel(passive=True, henchmen_pistols=False, max_turns=3),
                 {"ann": (16.0, 9.0), "bob": (20.0, 9.0), "cid": (17.0, 15.0),
                  "dan": (20.0, 15.0)})
    app = table_app(scn, seed=seed, controllers={"blues": "computer"})
    s = app.screen
    for _ in range(400):
        step(app)
        if s.morale.panel is not None and s.plan_banner.visible:
            break
        if s.human_turn() and s.state.active is None and s._ready():
            key(app, pygame.K_n)
        elif s.human_turn() and s.state.active:
            key(app, pygame.K_RETURN)
    assert s.morale.panel is not None and s.plan_banner.visible
    assert not s.morale.panel.rect.colliderect(s.plan_banner.box)


def test_turn_banner_keeps_off_an_open_morale_panel_R_TURN_WAVE() -> None:
    """A wave's banner came up over a morale test's title (Les Clefs de l'Aube at 960 ×
    600): it goes along the top, foot or middle of the board, wherever no open panel is."""
    app = walk_into_spot(size=(960, 600))
    screen = app.screen
    assert screen.morale.open and screen.morale.panel is not None
    board = screen.board_rect
    for y in (board.y + 4, board.bottom - 4 - screen.morale.panel.rect.h):
        screen.morale.panel.set_position((screen.morale.panel.rect.x, y))
        screen.banner = ("The Blues: wave 1, up to 4 activations", 2.0)
        step(app)
        box = banner_box(screen, screen.banner[0])
        assert not box.colliderect(screen.morale.panel.rect), (box, screen.morale.panel.rect)
