"""The warband builder screen driven like a player (R-BAND-COMP, R-BAND-COST)."""

from __future__ import annotations

from skirmish.app.screens.builder import BuilderScreen, warbands_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.validate import validate_file
from tests.app.drive import press, step


def button(app, action: str):  # noqa: ANN001, ANN201
    return next(b for b, a in app.screen.buttons.items() if a[0] == action)


def test_builder_adds_refuses_with_reason_loads_and_saves(app_factory) -> None:
    app = app_factory()
    app.go(lambda: CampaignScreen(app))
    step(app)
    press(app, button(app, "builder"))
    assert isinstance(app.screen, BuilderScreen)
    press(app, button(app, "add_figure"))
    screen = app.screen
    fig = screen.builder.band.figures[0]
    assert fig.rank == "sous_fifre" and screen.selected == fig.id
    press(app, button(app, "add_item"))
    assert app.screen.builder.band.figures[0].weapons == ("dagger",)
    assert "Dagger (first one free) 0 (free)" in app.screen.costs_html()  # [R-BAND-FREE]
    press(app, button(app, "save"))
    assert "exactly 1 Chef" in app.screen.message and "R-BAND-COMP" in app.screen.message
    press(app, button(app, "load"))
    assert app.screen.builder.band.id == "dwarf_throng"
    press(app, button(app, "save"))
    path = warbands_dir() / "dwarf_throng.toml"
    assert app.screen.good and path.is_file()
    assert validate_file(path) == []
    for size in ((1280, 720), (1920, 1080)):
        app.resize(size)
        step(app)
