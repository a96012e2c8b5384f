"""Issue 7 "Speed": what the window keeps from frame to frame, and that it is thrown away
when what it shows changes (zoom, pan, terrain, language, UI scale). Times are measured in
``skirmish bench`` (skirmish/bench/frames.py), never here."""

from __future__ import annotations

import pygame

from skirmish.app.app import App
from skirmish.app.config import AppConfig
from skirmish.locations import SCENARIOS

SCENARIO = str(SCENARIOS / "street_fight.toml")


def test_loading_screen_shows_its_first_frame_before_the_work_starts():
    """The scenario check runs in the loading screen's thread, started only once the first
    frame is drawn, so its imports do not hold up that frame."""
    app = App(AppConfig(scenario=SCENARIO, fixed_dt=1 / 30, animate=False))
    screen = app.screen
    assert screen.name == "loading" and screen.thread.ident is None
    app.step([])
    assert screen.drawn and app.frame == 1
    for _ in range(3000):
        app.step([])
        if app.screen is not screen:
            break
        pygame.time.wait(5)
    assert app.screen.name == "deployment"  # the table, set up for deployment
