"""A first frame at once: the window appears and says what it is loading while the
rules, the geometry and the scenario load and are checked in a background thread (about a
second of imports and table building that would otherwise delay the first frame), and
the terrain textures are made.

The thread starts once the first frame is drawn: started before, its imports hold the
interpreter lock while the window is still being drawn, and the first frame waits. When
it is done it wakes the window's loop (:data:`LOADED`), which otherwise sleeps up to a
tenth of a second between two frames of the loading screen before it shows the table."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from skirmish.app import routes
from skirmish.app.screen import Host, Screen
from skirmish.app.theme import BAD, TEXT, TEXT_DIM

if TYPE_CHECKING:
    from skirmish.app.session import Session


#: The event the loading thread posts when its work is done (or failed).
LOADED = pygame.event.custom_type()


class LoadingScreen(Screen):
    name = "loading"
    #: Its frames are paced by the loading thread (:meth:`idle_wait`, :data:`LOADED`): the
    #: 60-a-second cap slept most of a frame before the first frame, again before the
    #: work started, and may again before the table's first frame.
    frame_rate = 0

    def __init__(self, app: Host, label: str, work: Callable[[], Session]) -> None:
        super().__init__(app)
        self.label = label
        self.result: Session | None = None
        self.error: str | None = None
        self.elapsed = 0.0
        self.drawn = False
        self.thread = threading.Thread(target=self._run, args=(work,), daemon=True)

    def _start(self) -> None:
        if self.thread.ident is None:
            self.thread.start()

    def _run(self, work: Callable[[], Session]) -> None:
        try:
            from skirmish.app.board.textures import warm_textures  # numpy: not before the frame

            self.result = work()
            table = getattr(getattr(self.result, "game", None), "table", None)
            warm_textures(getattr(table, "pieces", ()))
        except Exception as e:  # noqa: BLE001 - shown on screen, then back to the menu
            problems = getattr(e, "problems", None)
            lines = [str(p) for p in problems] if problems else [str(e)]
            for line in lines:  # the command line's one line per problem
                print(line, file=sys.stderr)
            self.app.exit_status = 1
            self.error = "; ".join(lines)
        finally:
            if pygame.display.get_init():  # not when the window closed while loading
                pygame.event.post(pygame.event.Event(LOADED))

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.thread.ident is None:
            if not self.drawn:  # the first frame shows before the work starts
                return
            self.thread.start()
        if self.thread.is_alive():
            return
        if self.error is None:
            assert self.result is not None
            self.app.open(routes.Table(self.result))

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if self.error is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.open(routes.Menu())

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn = True
        w, h = surface.get_size()
        text = self.app.text
        if self.error is not None:
            for i, line in enumerate(text.wrap(self.error, 14, w - 80)[:8]):
                text.blit(surface, line, (w // 2, h // 3 + i * 22), 14, BAD, anchor="midtop")
            text.blit(surface, self.t("loading.back"), (w // 2, h * 2 // 3), 13, TEXT_DIM,
                      anchor="center")
            return
        text.blit(surface, self.label, (w // 2, h // 2 - 20), 20, TEXT, bold=True,
                  anchor="center")
        dots = "●" * (1 + int(self.elapsed * 4) % 4)
        text.blit(surface, dots, (w // 2, h // 2 + 16), 16, TEXT_DIM, anchor="center")

    def idle_wait(self) -> float:
        if self.thread.ident is None:
            return 0.0  # the work starts on the next frame, without waiting for input
        return 0.1 if self.error is None else 0.5  # the dots move while loading

    def wait(self) -> None:
        """Block until the work is done (tests and benchmarks)."""
        self._start()
        self.thread.join()
