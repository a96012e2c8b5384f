"""``skirmish play`` pauses Python's cyclic garbage collector while it starts: the objects
made then (modules, rules, the table) live as long as the window, and scanning them again
and again cost about a quarter of the time to the first frame with the board. The window
turns the collector back on, with those objects frozen out of its sight, once the table
is built, and lets them go when it leaves the table."""

from __future__ import annotations

import gc

import pygame

from skirmish.app import routes
from skirmish.app.app import App
from skirmish.app.config import AppConfig
from skirmish.cli import main
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
        app.open(routes.Menu())  # the table's objects may be garbage now
        assert gc.get_freeze_count() == 0 and gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()
        pygame.display.quit()


def test_play_leaves_the_collector_on_whatever_happens(tmp_path, capsys):
    code = main(["play", SCENARIO, "--autoplay", "--frames", "30"])
    assert code == 0 and gc.isenabled()
    gc.unfreeze()
    broken = tmp_path / "broken.toml"
    broken.write_text("[scenario\n", encoding="utf-8")
    assert main(["play", str(broken), "--frames", "30"]) == 1  # refused on the loading screen
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert "broken.toml" in capsys.readouterr().err
