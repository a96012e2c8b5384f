"""The game log, drawn by the app itself, scrolls back with the wheel
and with its bar, holds the view while new lines arrive, and the wheel over it does not
zoom the board. Driven through the real window ([R-SHOOT-HIT] filler lines)."""

import pygame

from skirmish.app.panels.log import GameLog
from tests.app.drive import duel, motion, pin_log, step, table_app


def log_pixels(app):
    """The lines as drawn (the bar beside them left out)."""
    step(app)
    return pygame.image.tobytes(pygame.display.get_surface().subsurface(app.screen.log.body),
                                "RGB")


def wheel(app, y):
    step(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)])


def test_wheel_and_bar_scroll_the_log_back_and_new_lines_keep_the_view_R_SHOOT_HIT():
    app = table_app(duel())
    pin_log(app)
    screen = app.screen
    log = screen.log
    log.add([f"[R-SHOOT-HIT] line {i}: 4 · 4+ → ✓ hit" for i in range(200)])
    newest = log_pixels(app)
    scale = screen.camera.scale
    motion(app, log.rect.center)
    wheel(app, 2)
    assert log.back == 6 and screen.camera.scale == scale  # the log scrolled, not the board
    back = log_pixels(app)
    assert back != newest
    log.add(["[R-SHOOT-HIT] one more → ✗ missed"])
    assert log.back == 7 and log_pixels(app) == back  # what is being read stays put
    wheel(app, -10)
    assert log.back == 0
    bar = log.bar
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.centerx, bar.top), button=1)])
    assert log.back == len(log.lines) - 1  # the bar's top: the oldest line
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.centerx, bar.bottom),
                                  rel=(0, 0), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(bar.centerx, bar.bottom),
                                  button=1)])
    assert log.back == 0  # dragged to the bottom: the newest again
    log.add(["[R-SHOOT-HIT] last → ✓ hit"])
    assert log.back == 0
    step(app)
    assert log_pixels(app) != newest


def test_bar_thumb_stays_the_size_of_the_view_as_lines_scroll_in_R_SHOOT_HIT():
    """The lines shown, which size the bar's thumb, stay what fits while lines arrive."""
    app = table_app(duel())
    log = app.screen.log
    log.add([f"[R-SHOOT-HIT] line {i}" for i in range(100)])
    step(app)
    shown = log._shown
    for i in range(50):
        log.add([f"[R-SHOOT-HIT] more {i}"])
        step(app)
    assert log._shown == shown


def test_a_french_question_mark_is_never_wrapped_alone_onto_a_line() -> None:
    """French puts a space before "?" and ":"; the log wraps at spaces, so "… pour +1d10 ?"
    left the "?" alone at the start of a row. It stays with the word before it."""
    from skirmish.app.panels.log import _layout
    from skirmish.app.text import Text

    pygame.font.init()
    text = Text()
    line = "Au choix de Reds : Ann a fait 47 en initiative : dépenser 1 Fortune pour +1d10 ?"
    for width in range(120, 400, 3):
        rows = _layout(text, line, width)
        assert all(not row[0][0].startswith(("?", ":")) for row in rows if row), width


def test_log_rule_spots_found_once_per_line_match_a_fresh_log_as_lines_arrive_R_SHOOT_HIT():
    """Each line's rule IDs are found once and moved with it: after lines arrive, wrap
    and scroll, the boxes are those a log drawn fresh with the same lines finds."""
    app = table_app(duel())
    pin_log(app)
    log = app.screen.log
    wide = " ".join(["Grishnak tire sur Bob"] * 6)
    log.add([f"[R-SHOOT-HIT] line {i}: {wide} (GAP-47) → ✓ hit" for i in range(60)])
    step(app)
    for i in range(5):
        log.add([f"[R-MOVE-WALK] new {i} (GAP-12)", "no rule here"])
        step(app)
        fresh = GameLog(app.text, log.rect, log.title)
        fresh.set_lines(list(log.lines))
        assert log.rule_spots() == fresh.rule_spots()
    spots = log.rule_spots()
    assert {rule for _, rule in spots} >= {"R-SHOOT-HIT", "GAP-47", "R-MOVE-WALK"}
    assert all(log.body.contains(box) for box, _ in spots)
    assert len(log._line_ids) <= len(log.lines)
