"""Labels are placed, never stacked: the name of the figure being
deployed joins the board's label pass (drawn apart, it merged with a placed figure's
name, "M✓ Dutchel"), and no two labels touch: a gap is kept between them."""

from __future__ import annotations

import itertools

import pygame

from skirmish.rules import commands as c
from tests.app.drive import bar_button, duel, make_app, motion, on_board, press, step, table_app, take_seat
from tests.app.test_table_look import to_battle

GAP = 2


def labels(app) -> list[tuple[pygame.Rect, str]]:  # noqa: ANN001
    return [(r, w) for r, w in app.screen.painter.labels.placed if w]


def assert_apart(found: list[tuple[pygame.Rect, str]]) -> None:
    for (a, wa), (b, wb) in itertools.combinations(found, 2):
        assert not a.inflate(2 * GAP, 2 * GAP).colliderect(b), (wa, a, wb, b)


def test_the_carried_figures_name_keeps_off_a_placed_figures_name_R_DEPLOY() -> None:
    """Ann is placed; carrying Bob just beside her, both names show, apart."""
    app = table_app(duel(placed=False))
    screen = app.screen
    take_seat(app)
    band = screen.session.to_act
    first, second = [f.id for f in screen.state.figures.values() if f.band == band][:2]
    screen.submit(c.Deploy(figure=first, at=(10.0, 4.0) if band == "reds" else (10.0, 20.0)))
    step(app)
    press(app, bar_button(app, f"pick:{second}"))
    assert screen.carrying == second
    a = screen.state.figures[first]
    screen.camera.zoom(2.0, on_board(app, a.pos))  # every figure named at this zoom
    motion(app, on_board(app, (a.x + 1.1, a.y)))
    step(app, n=2)
    found = labels(app)
    names = [w for _, w in found]
    assert a.name in names and any(w.endswith(screen.state.figures[second].name)
                                   and w[0] in "✓✗" for w in names), names
    assert_apart(found)


def test_no_two_board_labels_touch_when_zoomed_in_GAP_21() -> None:
    app = make_app(scenario="scenarios/street_fight.toml", seed=2)
    to_battle(app)
    screen = app.screen
    band = next(iter(screen.styles))
    figs = [f for f in screen.state.figures.values() if f.band == band]
    cx, cy = sum(f.x for f in figs) / len(figs), sum(f.y for f in figs) / len(figs)
    screen.camera.zoom(3.0, screen.camera.to_screen((cx, cy)))
    motion(app, screen.camera.to_screen(figs[0].pos))
    step(app, n=2)
    found = labels(app)
    assert len(found) >= 3
    assert_apart(found)
