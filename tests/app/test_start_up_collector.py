"""``skirmish play`` pauses Python's cyclic garbage collector while it starts: the objects
made then (modules, rules, the table) live as long as the window, and scanning them again
and again cost about a quarter of the time to the first frame with the board. The window
turns the collector back on, with those objects frozen out of its sight, once the table
is built, and again once the table's widgets are made the frame after (pygame_gui, its
theme), and lets them go when it leaves the table."""

from __future__ import annotations

import gc

from skirmish.app import routes
from skirmish.app.app import App
from skirmish.app.config import AppConfig
from skirmish.locations import SCENARIOS

SCENARIO = str(SCENARIOS / "street_fight.toml")


def test_collector_back_on_and_start_up_frozen_once_the_table_is_built():
    gc.disable()  # as ``skirmish play`` leaves it for the window
    try:
        app = App(AppConfig(scenario=SCENARIO, fixed_dt=1 / 30, animate=False))
        assert app.screen.name == "loading" and not gc.isenabled()
        app.step([])
        app.screen.wait()  # type: ignore[attr-defined]
        app.step([])
        assert app.screen.name == "deployment"
        assert gc.isenabled() and gc.get_freeze_count() > 0
        frozen = gc.get_freeze_count()
        app.step([])  # the widgets' frame: the manager is made
        assert app.has_manager and gc.get_freeze_count() > frozen
        app.open(routes.Menu())  # the table's objects may be garbage now
        assert gc.get_freeze_count() == 0 and gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()
