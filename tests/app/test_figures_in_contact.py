"""Figures in contact touch and never overlap: every figure draws
inside its base — its rings, its ✓ and other marks, its PV — and no name lies on another
figure's base, so that in a melee each can be told apart. Four figures two by two, base
to base, one activated, one selected, at two window sizes."""

from __future__ import annotations

import math

import pygame
import pytest

from tests.app.drive import duel, motion, on_board, pixels, step, table_app
from tests.app.test_table_look import placed, to_battle

MELEE = {"ann": (10.0, 12.0), "cid": (11.0, 12.0), "bob": (10.0, 13.0), "dan": (11.0, 13.0)}


def melee_app(size: tuple[int, int]):  # noqa: ANN201 - App
    app = table_app(placed(duel(), MELEE), size=size)
    to_battle(app)
    screen = app.screen
    screen.state.figures["reds:bob"].activated = True  # ✓
    screen.selected = "blues:cid"
    screen.camera.zoom(2.0, on_board(app, (10.5, 12.5)))  # names shown for every figure
    motion(app, (2, 2))
    step(app, n=2)
    return app


def drawn_by(app, fid: str) -> pygame.Rect:  # noqa: ANN001
    """The box of the pixels the figure's drawing changes (shown, then taken away)."""
    screen = app.screen
    step(app)
    shown = pixels(app.window).astype(int)
    f = screen.state.figures[fid]
    f.status = "reserve"  # behind the game's back: nothing the painter keeps may show
    screen.painter.forget()
    step(app)
    gone = pixels(app.window).astype(int)
    f.status = "in_play"
    screen.painter.forget()
    step(app)
    b = screen.board_rect  # the board's pixels only (the card shows the selected figure)
    diff = abs(shown - gone).sum(axis=2)[b.left:b.right, b.top:b.bottom] > 24
    xs, ys = diff.nonzero()
    return pygame.Rect(b.x + xs.min(), b.y + ys.min(), xs.max() - xs.min() + 1,
                       ys.max() - ys.min() + 1)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_each_figure_draws_inside_its_base_GAP_16(size, monkeypatch) -> None:
    """Its names aside (placed by the board's label pass, tested below)."""
    from skirmish.app.board.labels import BoardText

    monkeypatch.setattr(BoardText, "blit", lambda self, *a, **kw: pygame.Rect(0, 0, 0, 0))
    app = melee_app(size)
    screen = app.screen
    cam = screen.camera
    for fid, f in screen.state.figures.items():
        c = on_board(app, f.pos)
        r = round(f.base / 2 * cam.scale)
        base = pygame.Rect(c[0] - r, c[1] - r, 2 * r + 1, 2 * r + 1)
        # the contact bar where two bases touch is on both: 3 px of slack for it
        assert base.inflate(6, 6).contains(drawn_by(app, fid)), (fid, drawn_by(app, fid), base)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_name_lies_on_another_figures_base_GAP_16(size) -> None:
    app = melee_app(size)
    screen = app.screen
    cam = screen.camera
    names = [(r, w) for r, w in screen.painter.labels.placed if w]
    assert {"Ann", "Bob", "Cid", "Dan"} <= {w for _, w in names}, names
    for rect, words in names:
        for f in screen.state.figures.values():
            c = on_board(app, f.pos)
            r = f.base / 2 * cam.scale
            nearest = (min(max(c[0], rect.left), rect.right), min(max(c[1], rect.top),
                                                                   rect.bottom))
            assert math.dist(nearest, c) >= r - 1, (words, rect, f.name)
