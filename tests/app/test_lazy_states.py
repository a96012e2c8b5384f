"""pygame_gui widgets draw a look (hovered, pressed…) when it is first shown
(:mod:`skirmish.app.lazy_states`): the look shown is the picture pygame_gui draws for it,
and a look drawn before a change of text is drawn again before it shows."""

from __future__ import annotations

import pygame

from tests.app.drive import make_app, motion, step


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _as_drawn_afresh(shape, state: str) -> bytes:  # noqa: ANN001 - a pygame_gui shape
    shown = _pixels(shape.states[state].surface)
    shape.redraw_state(state)  # what pygame_gui's own drawing of every look makes
    assert _pixels(shape.states[state].surface) == shown
    return shown


def test_a_button_draws_its_hovered_look_when_hovered_as_pygame_gui_draws_it() -> None:
    app = make_app()
    button = app.screen.buttons["load"]
    shape = button.drawable_shape
    step(app, n=6)  # frames in which pygame_gui would have drawn every other look
    assert shape.states["normal"].generated
    assert not any(shape.states[s].generated for s in ("hovered", "selected", "active"))
    motion(app, button.rect.center)
    step(app)
    assert shape.active_state.state_id == "hovered" and shape.states["hovered"].generated
    hovered = _as_drawn_afresh(shape, "hovered")
    assert hovered != _as_drawn_afresh(shape, "normal")
    assert _pixels(button.image) == hovered


def test_a_new_text_is_drawn_at_once_on_the_look_shown_and_later_on_the_others() -> None:
    app = make_app()
    button = app.screen.buttons["load"]
    shape = button.drawable_shape
    motion(app, button.rect.center)
    step(app)
    before = _pixels(shape.states["hovered"].surface)
    button.set_text("Another text")
    step(app)
    assert shape.states["hovered"].generated and not shape.states["selected"].generated
    assert _as_drawn_afresh(shape, "hovered") != before
    assert _pixels(button.image) == _pixels(shape.states["hovered"].surface)
    motion(app, (1, 1))
    step(app)
    assert shape.active_state.state_id == "normal"
    assert _pixels(button.image) == _as_drawn_afresh(shape, "normal")
