"""F3, "What would the computer do?": its hint stays at the board's top until the player
puts it away (Esc, or a click on it) — it went after four seconds, too soon to weigh it
against the board — and each hint is written in the game log where it was asked, in the
window's language, so it can be read again."""

from __future__ import annotations

import pygame
import pytest

from skirmish.app.screens import table_drawing as drawing
from skirmish.app.screens import table_hint as hints
from tests.app.drive import (
    activate_first,
    click,
    drawn_texts,
    duel,
    key,
    let_time_pass,
    reds_first,
    step,
    table_app,
)

START = {"en": "(F3) The computer would play: ", "fr": "(F3) L'ordinateur jouerait : "}


def _hinted(lang: str):
    app = table_app(duel(), lang=lang)
    reds_first(app)
    activate_first(app, rank="chef")
    key(app, pygame.K_F3)
    let_time_pass(app, 3)  # the turn's banner, if still up, goes by
    return app


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hint_stays_until_put_away_and_is_logged_R_TURN_ACTIVATE(lang, monkeypatch):
    """[R-TURN-ACTIVATE] Ann active, F3: a minute of frames later the hint is still drawn
    at the board's top, with how to put it away; its line is the log's newest, in the
    window's language. A message over it goes by and the hint comes back; Esc puts it
    away (the log keeps its line), and the next Esc opens the pause menu as before."""
    app = _hinted(lang)
    screen = app.screen
    words = screen.hint[1]
    assert screen.log.lines[-1] == screen.t("ai.hint_logged", hint=words)
    assert screen.log.lines[-1].startswith(START[lang])
    let_time_pass(app, 60)
    assert hints.up(screen)
    drawn = drawn_texts(monkeypatch)
    step(app)
    on_top = [text for text, rect in drawn
              if any(rect.colliderect(b) for b in drawing.hint_boxes(screen))]
    assert " ".join(on_top).replace("  ", " ") == screen.t("ai.hint_up", hint=words), on_top
    assert drawing.hint_boxes(screen) and all(screen.board_rect.contains(b)
                                              for b in drawing.hint_boxes(screen))
    screen.say("✗ Something else", error=True)
    assert not hints.up(screen)
    let_time_pass(app, 5)  # the message goes by
    assert hints.up(screen) and screen.hint[1] == words
    key(app, pygame.K_ESCAPE)
    assert screen.hint is None and screen.pause is None
    assert screen.log.lines[-1].startswith(START[lang])
    key(app, pygame.K_ESCAPE)
    assert screen.pause is not None


def test_a_click_on_the_hint_puts_it_away_and_does_nothing_else_R_TURN_ACTIVATE():
    """[R-TURN-ACTIVATE] A click on the hint's words takes it off the board; it selects
    nothing, plays nothing and starts no drag."""
    app = _hinted("en")
    screen = app.screen
    before = screen.game.state_hash(), len(screen.game.commands), screen.selected
    (box, *_) = drawing.hint_boxes(screen)
    click(app, box.center)
    assert screen.hint is None and screen.drag is None
    assert (screen.game.state_hash(), len(screen.game.commands), screen.selected) == before


def test_the_logged_hint_keeps_its_place_and_follows_the_language_R_TURN_ACTIVATE():
    """[R-TURN-ACTIVATE] The hint's log line stays where it was asked, before what was
    played after it, when the log is laid out again in the other language (F2)."""
    app = _hinted("en")
    screen = app.screen
    at = len(screen.log.lines) - 1
    key(app, pygame.K_RETURN)  # Ann ends her activation: its lines come after the hint's
    assert len(screen.log.lines) > at + 1
    key(app, pygame.K_F2)
    screen = app.screen
    assert screen.log.lines[at].startswith(START["fr"]), screen.log.lines[at - 1: at + 2]
    assert sum(line.startswith("(F3)") for line in screen.log.lines) == 1
