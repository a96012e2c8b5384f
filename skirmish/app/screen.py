"""The base of every screen of the window's state machine (menu → setup → deployment →
battle → results → campaign). A screen keeps its model apart from its widgets, so the
widgets can be rebuilt at any time (window resized, language switched)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from skirmish.app.app import App


class Screen:
    name = "screen"

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def t(self):  # noqa: ANN201 - the app's Translator
        return self.app.t

    def build(self) -> None:
        """Create the widgets for the current window size and language."""

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        """One input event, after the widgets saw it (``consumed`` if one took it)."""

    def update(self, dt: float) -> None:
        """Advance timers and animations by ``dt`` seconds."""

    def backdrop(self, window: pygame.Rect) -> list[pygame.Rect]:
        """The parts of the window cleared to the background before ``draw``: all of it,
        but for what the screen paints over itself every frame (clearing that too would
        cost a frame time for nothing)."""
        return [window]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything under the widgets."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw what must sit above the widgets (drag ghosts, hover labels)."""

    def idle_wait(self) -> float:
        """Seconds the window may sleep waiting for input before the next frame (0: draw
        the next frame at once, something is moving). Still screens wake twice a second
        for the widgets' own timers (tooltips, a text cursor)."""
        return 0.5
