"""Less tedium: in wave 2 the figures left can stand at once ("end my
turn", N) instead of a click, A and Enter each; and a string of tests raised by one move
is listed in one panel, each with its roll, under one Continue."""

from __future__ import annotations

import msgspec
import pygame

from skirmish.content.models import Rank
from skirmish.content.warband import FigureSpec
from tests.app.drive import click, key, on_board, step, table_app, take_seat
from tests.app.screen_walk import scrolled_boxes
from tests.app.spots import spot_scenario


def test_end_my_turn_stands_every_figure_left_in_wave_2_R_TURN_WAVE() -> None:
    """A one-turn duel, both bands human: in wave 2, N stands the band's figures left,
    and the turn goes on to the other band (or ends), with no figure of ours left."""
    from tests.app.drive import duel

    app = table_app(duel(max_turns=2))
    screen = app.screen
    for _ in range(60):
        take_seat(app)
        if screen.state.wave == 2 and screen._ready():
            break
        if screen.human_turn() and screen.state.active is None:
            key(app, pygame.K_n)  # wave 1: end it at once
        step(app)
    assert screen.state.wave == 2 and screen._ready()
    band = screen.session.to_act
    label = next(i.label for i in screen.bar.items if i.key == "end_turn")
    assert label.startswith("N  End my turn"), label
    key(app, pygame.K_n)
    step(app, n=2)
    left = [f for f in screen.state.figures.values() if f.band == band
            and f.status == "in_play" and not f.activated and screen.state.turn == 1]
    assert left == [] and screen.session.to_act != band, (left, screen.session.to_act)


def crowd_scenario():  # noqa: ANN201 - a Scenario
    """The spot duel with three more Blues Sous-fifres beside Dan, behind the wall: Ann's
    walk into view raises a Spot test for each [R-MORALE-SPOT]."""
    scn = spot_scenario()
    blues = scn.bands[1]
    more = tuple(FigureSpec(id=f"s{i}", name=f"Sentry{i}", rank=Rank("sous_fifre"),
                            position=(24.5 + 1.1 * i, 21.0), weapons=("dagger",))
                 for i in range(3))
    blues = msgspec.structs.replace(blues, warband=msgspec.structs.replace(
        blues.warband, figures=(*blues.warband.figures, *more)))
    return msgspec.structs.replace(scn, bands=(scn.bands[0], blues))


def test_a_string_of_tests_shows_in_one_panel_each_with_its_roll_R_MORALE_SPOT() -> None:
    app = table_app(crowd_scenario(), seed=1, controllers={"blues": "computer"})
    screen = app.screen
    for _ in range(300):  # the computer's Blues may play a first wave
        step(app)
        if screen.session.to_act == "reds" and not screen.morale.open:
            break
        if screen.morale.open:
            key(app, pygame.K_SPACE)
    click(app, on_board(app, screen.state.figures["reds:ann"].pos))
    key(app, pygame.K_a)
    key(app, pygame.K_w)
    screen.game.dice.force(*[6] * 24)  # every Spot test fails: each figure steps away
    click(app, on_board(app, (10.0, 19.0)))
    step(app, n=30)  # the computer answers where each of its figures steps
    assert len(screen.morale.queue) >= 3, len(screen.morale.queue)
    n = len(screen.morale.queue)
    text = next(e for e in screen.morale.panel.get_container().elements
                if hasattr(e, "html_text")).html_text
    assert screen.morale.listed == n, (screen.morale.listed, n)
    assert text.count("[R-MORALE-SPOT]") == n and text.count("2d6") >= n, text
    assert scrolled_boxes(app) == []  # each roll in sight at once, not behind a scroll bar
    key(app, pygame.K_SPACE)
    assert not screen.morale.open
