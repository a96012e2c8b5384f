"""Driving the app with synthetic events, as a player would, one frame at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pygame

from skirmish.app.app import App
from skirmish.app.config import AppConfig
from skirmish.content.models import Rank
from skirmish.content.scenario import BandEntry, Scenario, TerrainPiece
from skirmish.content.warband import FigureSpec, Warband

DT = 1 / 30


def pixels(surface: pygame.Surface) -> np.ndarray:
    """A copy of ``surface``'s colours indexed [x, y, channel], as
    ``pygame.surfarray.array3d`` gives them, at a sixth of its cost on a window."""
    rgb = np.frombuffer(pygame.image.tobytes(surface, "RGB"), np.uint8)
    return rgb.reshape(surface.get_height(), surface.get_width(), 3).transpose(1, 0, 2)


def make_app(first: Callable[[App], Any] | None = None, **kw: Any) -> App:
    """The window as ``skirmish play`` opens it with ``kw``, or on the screen ``first``
    makes."""
    kw.setdefault("fixed_dt", DT)
    kw.setdefault("animate", False)
    kw.setdefault("ai_delay", 0.0)
    app = App(AppConfig(**kw), first)
    wait = getattr(app.screen, "wait", None)
    if wait is not None:  # a scenario or a save loads in the background first
        wait()
        app.step([])
    return app


def step(app: App, events: list[pygame.event.Event] | None = None, n: int = 1) -> None:
    for i in range(n):
        app.step(events if i == 0 and events else [])


def let_time_pass(app: App, seconds: float, frame: float = 0.5) -> None:
    """``seconds`` of the window's time in frames of ``frame`` seconds: what goes by itself
    (a message, a banner) goes by as it would at :data:`DT`, in far fewer frames drawn."""
    for _ in range(round(seconds / frame)):
        app.step([], dt=frame)


def motion(app: App, pos: tuple[int, int]) -> None:
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move there, press, release; then a frame for pygame_gui's posted events."""
    pos = (int(pos[0]), int(pos[1]))
    motion(app, pos)
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])
    step(app, pygame.event.get())


def drag(app: App, a: tuple[int, int], b: tuple[int, int], button: int = 1) -> None:
    motion(app, a)
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button)])
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))])
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))])
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button)])
    step(app, pygame.event.get())


def key(app: App, k: int, mod: int = 0) -> None:
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
               pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])
    step(app, pygame.event.get())


def press(app: App, button: Any) -> None:
    """Click a pygame_gui button where it is drawn."""
    click(app, button.rect.center)


def bar_button(app: App, key_prefix: str) -> Any:
    for b, item in app.screen.bar.buttons.items():
        if item.key.startswith(key_prefix):
            return b
    raise AssertionError(f"no bar button {key_prefix}: "
                         f"{[i.key for i in app.screen.bar.buttons.values()]}")


def on_board(app: App, p: tuple[float, float]) -> tuple[int, int]:
    return app.screen.camera.to_screen(p)


def hover_first_target(app: App, k: int) -> str:
    """Take up the tool of key ``k``, hover its first target and return its readout."""
    key(app, k)
    screen = app.screen
    target = sorted(screen.tool.targets)[0]
    motion(app, on_board(app, screen.state.figures[target].pos))
    return screen.tool.info


def viewer(replay: Any, **kw: Any) -> App:
    """An app showing the replay viewer on the replay file at ``replay``, or on a
    timeline already loaded from one, put back at its start: loading re-runs the whole
    game, and a module whose tests only look at one replay loads it once."""
    from skirmish.app.screens.replay_view import ReplayScreen
    from skirmish.replay.timeline import Timeline

    if isinstance(replay, Timeline):
        tl = replay
        tl.seek(0)
    else:
        tl = Timeline.load(str(replay))
    app = make_app(lambda a: ReplayScreen(a, tl), **kw)
    step(app)
    return app


def pin_log(app: App) -> None:
    """Pin the dice tray and the game log beside the board (J), where a narrow window
    folds them away."""
    if not app.screen.log_pinned:
        press(app, next(b for b, k in app.screen.top_buttons.items() if k == "log"))


def take_seat(app: App) -> None:
    if app.screen.handoff.open:
        press(app, app.screen.handoff.button)


def reds_first(app: App) -> None:
    """A duel's Reds to act: the Blues end their first wave at once if they won the
    initiative."""
    screen = app.screen
    for _ in range(4):
        take_seat(app)
        if screen.session.to_act == "blues" and screen.state.active is None:
            key(app, pygame.K_n)
    take_seat(app)
    assert screen.session.to_act == "reds"


# -- scenarios written in code --------------------------------------------------------------
def spec(fid: str, rank: str, at: tuple[float, float] | None, weapons: tuple[str, ...] = (),
         equipment: tuple[str, ...] = ()) -> FigureSpec:
    return FigureSpec(id=fid, name=fid.capitalize(), rank=Rank(rank), position=at,
                      weapons=weapons, equipment=equipment)


def duel(max_turns: int = 2, passive: bool = False, placed: bool = True,
         terrain: tuple[TerrainPiece, ...] = (), henchmen_pistols: bool = True) -> Scenario:
    """Two small human bands 10 pas apart on an open 36 × 24 table."""
    gun = ("pistol",) if henchmen_pistols else ()
    def at(p: tuple[float, float]) -> tuple[float, float] | None:
        return (float(p[0]), float(p[1])) if placed else None

    a = Warband(id="reds", name="Reds", colour="#d55e00", figures=(
        spec("ann", "chef", at((10, 8)), ("pistol", "sword")),
        spec("bob", "sous_fifre", at((14, 8)), (*gun, "dagger"), ("medikit",)),
    ))
    b = Warband(id="blues", name="Blues", colour="#56b4e9", figures=(
        spec("cid", "chef", at((10, 19)), ("pistol", "axe")),
        spec("dan", "sous_fifre", at((20, 19)), (*gun, "dagger")),
    ))
    on = passive
    options = {"max_turns": max_turns, "passive_actions": {
        "charge": on, "charged": on, "spot": on, "shot": on}}
    return Scenario(id="duel", name="Duel", width=36.0, height=24.0, terrain=terrain,
                    bands=(BandEntry(warband=a, zone=((0.0, 0.0), (36.0, 0.0), (36.0, 10.0), (0.0, 10.0))),
                           BandEntry(warband=b, zone=((0.0, 17.0), (36.0, 17.0), (36.0, 24.0), (0.0, 24.0)))),
                    options=options)


def table_app(scenario: Scenario, seed: int = 3, controllers: dict[str, str] | None = None,
              **kw: Any) -> App:
    """An app showing ``scenario`` at its start, as after the setup screen."""
    from skirmish.app.screens.table import TableScreen
    from skirmish.app.session import Session

    session = Session.new(scenario, seed, None, controllers or {})
    app = make_app(lambda a: TableScreen(a, session), **kw)
    step(app)
    return app


def activate_first(app: App, rank: str | None = None) -> str:
    """Take the seat, click a figure of the band to act (of ``rank``) and press A."""
    take_seat(app)
    screen = app.screen
    ready = sorted(f for f in screen._ready()
                   if rank is None or screen.state.figures[f].rank == rank)
    assert ready, "nobody to activate"
    fid = ready[0]
    click(app, on_board(app, screen.state.figures[fid].pos))
    assert screen.selected == fid
    key(app, pygame.K_a)
    assert screen.state.active == fid
    return fid


def wait_for_plan(app: App) -> None:
    """Step the window until a computer's plan banner waits for Next (step-by-step play)."""
    screen = app.screen
    for _ in range(200):
        step(app)
        if screen.plan_banner.visible and screen.plan_banner.waiting:  # type: ignore[attr-defined]
            return
    raise AssertionError("no computer plan shown")


def drawn_texts(monkeypatch: Any) -> list[tuple[str, pygame.Rect]]:
    """Every text the window draws from now on, with where: for a test that no line is
    cut or drawn past a panel's foot."""
    from skirmish.app.text import Text

    drawn: list[tuple[str, pygame.Rect]] = []
    blit = Text.blit

    def record(self, target, text, pos, size, colour, **kw):  # noqa: ANN001, ANN202
        rect = blit(self, target, text, pos, size, colour, **kw)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(Text, "blit", record)
    return drawn

