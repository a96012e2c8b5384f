"""The window: one pygame display, one pygame_gui manager, the current screen, and a
``step`` that runs exactly one frame — the main loop calls it, and so do the tests
(with synthetic events) and the headless autoplay.

The manager is made when a screen first asks for it: importing pygame_gui and reading
its theme take about a tenth of a second, and a window opening on a scenario draws its
loading screen and its board's first frame without a widget (the table makes its widgets
the frame after), so they wait until then instead of delaying the board."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from skirmish.app import routes
from skirmish.app.config import AppConfig
from skirmish.app.i18n import Translator
from skirmish.app.navigation import screen_for
from skirmish.app.screen import Screen
from skirmish.app.solid import paint
from skirmish.app.text import Text
from skirmish.app.theme import (
    BG,
    PANEL,
    PANEL_EDGE,
    TEXT,
    held_setting,
    step_user_scale,
    theme_dict,
    ui_scale,
    window_scale,
)

if TYPE_CHECKING:
    from skirmish.app.manager import Manager
    from skirmish.app.session import Session

MIN_SIZE = (960, 600)
#: Seconds the Ctrl + / − notice stays.
NOTICE_SECONDS = 2.0
#: Ctrl + these keys: text and panels larger, smaller, back to normal.
UI_KEYS = {pygame.K_EQUALS: 1, pygame.K_PLUS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1,
           pygame.K_KP_MINUS: -1, pygame.K_0: 0, pygame.K_KP_0: 0}


class App:
    def __init__(self, config: AppConfig | None = None,
                 first: Callable[[App], Screen] | None = None) -> None:
        """``first`` makes the screen the window opens on (a replay, a campaign), where
        it would otherwise open on the menu or the scenario or save asked for: a menu
        replaced at once would be built for nothing."""
        self.config = config or AppConfig()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        self.window = pygame.display.set_mode(self.config.size, pygame.RESIZABLE)
        pygame.display.set_caption("Skirmish")
        self.t = Translator(self.config.lang)
        self.scale = ui_scale(self.window.get_size(), self.config.ui_scale)
        self.text = Text(self.scale)
        #: The Ctrl + / − notice ("Text size × 1.1") and the time it goes.
        self.notice: tuple[str, float] | None = None
        self._notice_shown = False
        self._manager: Manager | None = None  # made when first asked for (``manager``)
        #: Where the pointer last was in an event, for the manager (see ``manager.py``).
        self.pointer: tuple[int, int] = (-1, -1)
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_status = 0  # 1 when the scenario or save asked for could not be opened
        self.frame = 0
        #: Seconds the window has stepped (the sum of the frames' ``dt``): what waits on
        #: time on screen (a zoom settling) follows the frames, so a headless run with a
        #: fixed step sees it as a player does, without sleeping.
        self.elapsed = 0.0
        self.last_frame_ms = 0.0
        if held_setting(self.window.get_size(), self.config.ui_scale)[1]:
            self._scale_notice()  # ``play --ui-scale`` past what the window holds
        self._clean_saves()
        self._frozen = False  # the start-up's objects are out of the collector's sight
        self.screen: Screen = first(self) if first is not None else self._first_screen()
        self.screen.build()
        self._started()

    @property
    def manager(self) -> Manager:
        """pygame_gui's manager for the window, made (and pygame_gui imported) when a
        screen first asks for it."""
        if self._manager is None:
            from skirmish.app.manager import Manager

            self._manager = Manager(self.window.get_size(), theme_dict(self.scale))
            self._manager.tracked_pos = self.pointer
            if self._frozen:  # pygame_gui's modules and theme live as long as the window
                gc.freeze()
        return self._manager

    @property
    def has_manager(self) -> bool:
        """Whether the manager is made: until then no widget exists to update, draw or
        give an event to."""
        return self._manager is not None

    @property
    def user_scale(self) -> float:
        """The part of the player's UI scale setting the window honours (see
        ``theme.ui_scale``): what layouts that follow the setting itself use."""
        return self.scale / window_scale(self.window.get_height())

    def _scale_notice(self) -> None:
        """Say the text size now, and when the window holds the setting back, that it is
        the most (or least) this window shows: the setting is the player's, the window's
        size bounds it, and a larger window honours it again."""
        shown, held = held_setting(self.window.get_size(), self.config.ui_scale)
        digits = 1 if shown == round(shown, 1) else 2  # "×1.0", "×1.16"
        words = self.t("ui_scale.notice", n=self.t.num(shown, digits))
        if held:
            words += " " + self.t("ui_scale.most" if held > 0 else "ui_scale.least")
        self.notice = (words, self.elapsed + NOTICE_SECONDS)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        """The Ctrl + / − notice, centred under any top bar (over the board), on every screen."""
        if self.notice is None:
            return
        if self.elapsed >= self.notice[1]:
            self.notice = None
            return
        label = self.text.render(self.notice[0], 14, TEXT)
        pad = round(8 * self.scale)
        box = label.get_rect().inflate(2 * pad, pad)
        box.midtop = (surface.get_width() // 2, round(48 * self.scale))
        pygame.draw.rect(surface, PANEL, box, border_radius=4)
        pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=4)
        surface.blit(label, label.get_rect(center=box.center))

    @staticmethod
    def _clean_saves() -> None:
        """Temporary files of saves interrupted in an earlier run (never a real save)."""
        from skirmish.app.paths import saves_dir
        from skirmish.replay.files import clean_orphans

        clean_orphans(saves_dir())

    def _first_screen(self) -> Screen:
        """The menu, or a loading screen that opens the scenario or save asked for."""
        cfg = self.config
        if cfg.load or cfg.scenario:
            path = cfg.load or cfg.scenario
            return screen_for(self, routes.Loading(self.t("loading.label", path=path),
                                                   self._open_game))
        return screen_for(self, routes.Menu())

    def _open_game(self) -> Session:
        from skirmish.app.session import Session

        cfg = self.config
        if cfg.load:
            try:
                return Session.load(cfg.load)
            except Exception:
                # ``play --load`` on a refused save: the command line prints its one line
                self.exit_status = 1
                self.running = False
                raise
        from skirmish.validate import checked_scenario

        assert cfg.scenario is not None
        seed = 1 if cfg.seed is None else cfg.seed
        return Session.new(checked_scenario(cfg.scenario, cfg.ruleset), seed, None,
                           cfg.controllers, level=cfg.ai_level)

    # -- the state machine ------------------------------------------------------------------
    def go(self, make: Callable[[], Screen]) -> None:
        """Replace the current screen (its widgets are dropped with the old manager)."""
        if self._manager is not None:
            self._manager.clear_and_reset()
        if self._frozen:  # what the start-up made may be garbage from now on
            gc.unfreeze()
            self._frozen = False
        self.screen = make()
        self.screen.build()
        self._started()

    def _started(self) -> None:
        """Once the first screen past the loading one is built, the collector the command
        line paused for the start-up (``skirmish play``) runs again, and everything made
        so far — modules, rules, the table — is frozen out of its sight: it lives as long
        as the window, and scanning it again would pause a frame."""
        if not gc.isenabled() and self.screen.name != "loading":
            gc.freeze()
            gc.enable()
            self._frozen = True

    def open(self, route: routes.Route) -> None:
        """Replace the current screen with a fresh one for ``route``."""
        self.go(lambda: screen_for(self, route))

    def rebuild(self) -> None:
        """New size or language: fresh widgets for the same screen model."""
        scale = ui_scale(self.window.get_size(), self.config.ui_scale)
        if scale != self.text.scale:  # same scale: its rendered and wrapped texts still serve
            self.text = Text(scale)
        if scale != self.scale:  # the theme's font sizes follow the scale
            self.scale = scale
            self._manager = None  # made again, with the new sizes, when asked for
        elif self._manager is not None:  # the same theme: parsing it again costs more than
            self._manager.set_window_resolution(self.window.get_size())  # a page of widgets
            self._manager.clear_and_reset()
        self.screen.build()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        if (w, h) != self.window.get_size():
            self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        before = self.user_scale
        self.rebuild()
        if abs(self.user_scale - before) > 0.005 and self.config.ui_scale != 1.0:
            self._scale_notice()  # the new size honours more of the setting, or less

    def switch_language(self) -> None:
        self.t.toggle()
        self.rebuild()

    # -- one frame ------------------------------------------------------------------------
    def step(self, events: Sequence[pygame.event.Event] | None = None,
             dt: float | None = None) -> float:
        """Handle ``events`` (default: the queue), advance ``dt`` seconds and draw one
        frame; returns the milliseconds spent before the display flip."""
        if dt is None:
            dt = self.config.fixed_dt if self.config.fixed_dt is not None else \
                min(0.1, self.clock.tick(self.screen.frame_rate) / 1000)
        t0 = time.perf_counter()
        self.elapsed += dt
        self.screen.begin_frame()
        for event in (pygame.event.get() if events is None else events):
            self._event(event)
        if self._manager is not None:
            self._manager.update(dt)
        before = self.screen
        self.screen.update(dt)
        if self.screen is not before and self._manager is not None:
            self._manager.update(0.0)  # the new screen's widgets join the draw list now
        region = self.screen.redraw_region()
        if self.notice is not None or self._notice_shown:  # drawn, then wiped, whole
            region = None
        self._notice_shown = self.notice is not None
        if region is not None:  # the rest of the window stays as the last frame left it
            self.window.set_clip(region)
        for part in self.screen.backdrop(self.window.get_rect()):
            paint(self.window, BG, part)
        self.screen.draw(self.window)
        if self._manager is not None:
            self._manager.draw_ui(self.window)
        self.screen.draw_over(self.window)
        self._draw_notice(self.window)
        self.window.set_clip(None)
        self.last_frame_ms = (time.perf_counter() - t0) * 1000
        pygame.display.flip()
        self.frame += 1
        return self.last_frame_ms

    def wait_if_idle(self) -> None:
        """Sleep until input comes (or the screen's next timed change) when nothing moves,
        so an idle menu or table does not spin the CPU; headless runs go flat out."""
        if self.config.fixed_dt is not None or self.config.frames is not None:
            return
        wait = self.screen.idle_wait()
        if self.notice is not None or self._notice_shown:  # wake to take it away
            wait = min(wait, max(0.0, self.notice[1] - self.elapsed) if self.notice else 0.0)
        if wait > 0 and not pygame.event.peek():
            event = pygame.event.wait(round(wait * 1000))
            if event.type != pygame.NOEVENT:
                pygame.event.post(event)

    def _event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if hasattr(event, "pos") and event.type in (
                pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = tuple(event.pos)
            if self._manager is not None:
                self._manager.tracked_pos = self.pointer
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F2:
            self.switch_language()
            return
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL and event.key in UI_KEYS:
            self.config.ui_scale = step_user_scale(self.config.ui_scale, UI_KEYS[event.key],
                                                   self.user_scale)
            self.rebuild()
            self._scale_notice()
            return
        consumed = self._manager is not None and bool(self._manager.process_events(event))
        self.screen.handle(event, consumed)

    def run(self) -> int:
        while self.running:
            self.wait_if_idle()
            self.step()
            if self.config.frames is not None and self.frame >= self.config.frames:
                break
        finish = getattr(self.screen, "wait", None)
        if finish is not None:  # still loading: its verdict on the file decides the status
            finish()
        pygame.display.quit()
        return self.exit_status
