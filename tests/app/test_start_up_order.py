"""``skirmish play SCENARIO`` on its way to the first frame with the board.

The loading screen's frames are paced by the loading thread, not by the window's
60-a-second cap, which slept most of a frame before the first frame, again before the
work started, and could again before the table's first frame. The table's first frame
shows the board before the pygame_gui widgets are made (the figure card, the action bar,
the top bar's buttons: about half of the table's build); the next frame makes them
before its input reaches them, so a click on a button of the second frame is not lost.
Until then no pygame_gui manager is made, nor pygame_gui imported: that is the next
frame's work too."""

from __future__ import annotations

import subprocess
import sys

import pygame
from pygame_gui.elements import UIButton

from skirmish.app.app import App
from skirmish.app.config import AppConfig
from skirmish.app.theme import BG
from skirmish.locations import SCENARIOS

SCENARIO = str(SCENARIOS / "street_fight.toml")


class _Clock:
    """The window's clock, recording the frame cap of each frame (no sleep)."""

    def __init__(self) -> None:
        self.caps: list[int] = []

    def tick(self, frame_rate: int = 0) -> int:
        self.caps.append(frame_rate)
        return 16


def _first_board(**kw: object) -> App:
    """The window of ``skirmish play SCENARIO`` once it has drawn its first board."""
    app = App(AppConfig(scenario=SCENARIO, **kw))  # type: ignore[arg-type]
    app.step([])  # the loading screen's first frame; the work starts on the next one
    app.screen.wait()  # type: ignore[attr-defined]
    app.step([])  # the loading screen's last update opens the table, drawn this frame
    assert app.screen.name == "deployment"
    return app


def _buttons(app: App) -> list[UIButton]:
    return [e for e in app.manager.get_root_container().elements if isinstance(e, UIButton)]


def test_loading_frames_uncapped_then_the_table_capped() -> None:
    app = App(AppConfig(scenario=SCENARIO))  # no fixed step: each frame asks the clock
    clock = app.clock = _Clock()  # type: ignore[assignment]
    app.step([])  # the first frame; the work starts on the next one
    app.step([])  # with the work cached by an earlier test it may end in this frame
    if app.screen.name == "loading":
        app.screen.wait()  # type: ignore[attr-defined]
        app.step([])
    assert app.screen.name == "deployment"
    assert len(clock.caps) >= 2 and set(clock.caps) == {0}
    app.step([])
    assert clock.caps[-1] == 60


def test_the_board_shows_a_frame_before_the_widgets() -> None:
    app = _first_board(fixed_dt=1 / 30, animate=False)
    screen = app.screen
    assert screen.widgets_due and "card" not in vars(screen)  # type: ignore[attr-defined]
    assert not app.has_manager  # no widget at all yet
    board = app.window.subsurface(screen.board_rect)  # type: ignore[attr-defined]
    assert pygame.transform.average_color(board)[:3] != BG[:3]  # the table is drawn
    app.step([])  # the panels' frame
    assert app.has_manager and not screen.widgets_due  # type: ignore[attr-defined]
    keys = sorted(screen.top_buttons.values())  # type: ignore[attr-defined]
    assert keys == ["damage", "lang", "log", "menu", "rules"]
    assert {b for b in _buttons(app)} >= set(screen.top_buttons)  # type: ignore[attr-defined]
    assert screen.card.box.alive() and screen.bar.preview.alive()  # type: ignore[attr-defined]


def test_a_click_in_the_frame_after_the_board_reaches_its_button() -> None:
    app = _first_board(fixed_dt=1 / 30, animate=False)
    screen = app.screen
    (lang,) = [r for r, _, _, k in screen._top_labels if k == "lang"]  # type: ignore[attr-defined]
    pos = lang.center
    assert not app.has_manager  # the button is made in the frame the click comes in
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    app.step(pygame.event.get())  # pygame_gui's posted press
    assert app.t.lang == "fr"


def test_a_widget_asked_for_before_the_next_frame_is_made_then() -> None:
    app = _first_board(fixed_dt=1 / 30, animate=False)
    screen = app.screen
    bar = screen.bar  # type: ignore[attr-defined]  # made when asked for, with the others
    assert vars(screen)["bar"] is bar and not screen.widgets_due  # type: ignore[attr-defined]
    assert "lang" in screen.top_buttons.values()  # type: ignore[attr-defined]
    app.step([])  # not made again
    assert screen.bar is bar  # type: ignore[attr-defined]


#: A fresh interpreter opening the window on the scenario: which of pygame_gui's modules
#: are loaded when the first frame with the board is on the display, then one frame on.
_FRESH = """
import sys
import pygame
from skirmish.app.app import App
from skirmish.app.config import AppConfig
flips = []
flip = pygame.display.flip
def watched():
    flip()
    flips.append(sorted(m for m in sys.modules if m.split(".")[0] == "pygame_gui"))
pygame.display.flip = watched
app = App(AppConfig(scenario=sys.argv[1], fixed_dt=1 / 30, animate=False))
app.step([])
app.screen.wait()
app.step([])
assert hasattr(app.screen, "board_rect") and len(flips) == 2
app.step([])
print(len(flips[1]), len(flips[2]))
"""


def test_the_first_board_is_on_the_display_before_pygame_gui_is_imported() -> None:
    out = subprocess.run([sys.executable, "-c", _FRESH, SCENARIO], capture_output=True,
                         text=True, check=True, timeout=120, cwd=SCENARIOS.parent)
    at_board, after = map(int, out.stdout.split()[-2:])
    assert at_board == 0 and after > 0
