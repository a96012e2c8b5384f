"""Hot seat: when play passes to the other band, the figure card and the selection ring
no longer show the previous player's figure (the card kept Ann of the Reds under the
Blues' hand-off cover and beyond) [R-TURN-WAVE]."""

from __future__ import annotations

import pygame

from tests.app.drive import click, duel, key, on_board, reds_first, step, table_app, take_seat


def _card_names(screen: object) -> str:
    return screen.card.box.html_text  # type: ignore[attr-defined]


def test_the_hand_off_clears_the_previous_players_figure_from_the_card_R_TURN_WAVE() -> None:
    app = table_app(duel())  # both bands human: one screen, two players
    screen = app.screen
    reds_first(app)
    ann = screen.state.figures["reds:ann"]
    click(app, on_board(app, ann.pos))
    assert screen.selected == ann.id and "Ann" in _card_names(screen)
    key(app, pygame.K_a)
    key(app, pygame.K_RETURN)  # Ann ends the Reds' wave: the Blues have the move
    step(app, n=2)
    assert screen.session.to_act == "blues" and screen.handoff.open
    assert screen.selected is None
    assert "Ann" not in _card_names(screen), _card_names(screen)  # the pointer is still on her
    take_seat(app)
    step(app, n=2)
    assert screen.seat == "blues" and screen.selected is None
    shown = screen.card.key[0]
    assert shown is None or screen.state.figures[shown[0]].band == "blues", shown
