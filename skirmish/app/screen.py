"""The base of every screen of the window's state machine (menu → setup → deployment →
battle → results → campaign). A screen keeps its model apart from its widgets, so the
widgets can be rebuilt at any time (window resized, language switched).

A screen sees the app only as a :class:`Host`, and leads to another by naming it
(:mod:`skirmish.app.routes`), so no screen imports the app or another screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from skirmish.app.config import AppConfig
from skirmish.app.i18n import Translator
from skirmish.app.routes import Route
from skirmish.app.text import Text

if TYPE_CHECKING:  # pygame_gui loads when the first widget is made
    from skirmish.app.manager import Manager


class Host(Protocol):
    """What a screen uses of the app that shows it (:class:`skirmish.app.app.App`)."""

    config: AppConfig
    t: Translator
    text: Text
    scale: float
    window: pygame.Surface
    screen: Screen
    running: bool
    exit_status: int
    elapsed: float

    @property
    def manager(self) -> Manager:
        """pygame_gui's manager, made when first asked for."""

    @property
    def has_manager(self) -> bool:
        """Whether the manager is made (no widget exists before)."""

    def open(self, route: Route) -> None:
        """Show a fresh screen for ``route`` in place of the current one."""

    def go(self, make: Callable[[], Screen]) -> None:
        """Show the screen ``make`` returns (one kept from before, say)."""

    def rebuild(self) -> None:
        """Fresh widgets for the current screen."""

    def switch_language(self) -> None:
        """English ↔ French, widgets rebuilt."""


class Screen:
    name = "screen"
    #: The most frames a second the window draws of this screen (0: no cap, for a screen
    #: whose frames are paced by what it waits on instead).
    frame_rate = 60

    def __init__(self, app: Host) -> None:
        self.app = app

    @property
    def t(self) -> Translator:
        return self.app.t

    def build(self) -> None:
        """Create the widgets for the current window size and language."""

    def begin_frame(self) -> None:
        """Work left from the last frame, done before this frame's input reaches the
        widgets (a screen whose first frame was drawn before all its widgets were made
        makes them here)."""

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        """One input event, after the widgets saw it (``consumed`` if one took it)."""

    def update(self, dt: float) -> None:
        """Advance timers and animations by ``dt`` seconds."""

    def backdrop(self, window: pygame.Rect) -> list[pygame.Rect]:
        """The parts of the window cleared to the background before ``draw``: all of it,
        but for what the screen paints over itself every frame (clearing that too would
        cost a frame time for nothing)."""
        return [window]

    def redraw_region(self) -> pygame.Rect | None:
        """The part of the window this frame draws, before it draws: None for all of it.
        A screen names less only when it knows that nothing outside it would be drawn
        differently from the last frame, which the window then keeps as it is."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything under the widgets."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw what must sit above the widgets (drag ghosts, hover labels)."""

    def idle_wait(self) -> float:
        """Seconds the window may sleep waiting for input before the next frame (0: draw
        the next frame at once, something is moving). Still screens wake twice a second
        for the widgets' own timers (tooltips, a text cursor)."""
        return 0.5
