"""A 250-point band of 21 figures built in the window at 960 × 600: the figure list
scrolls, every figure can be added and chosen, each gets a name of its own and its free
first dagger."""

from __future__ import annotations

import pygame

from skirmish.app.screens.builder import BuilderScreen
from tests.app.drive import click, press, step
from tests.app.test_builder_screen import button, choose, type_into


def visible_row(screen, text: str):  # noqa: ANN001, ANN201
    """The list's row reading ``text`` if it is drawn inside the list, else None."""
    box = screen.figure_list.rect
    for item in screen.figure_list.item_list:
        el = item.get("button_element")
        if item["text"] == text and el is not None and box.contains(el.rect):
            return el
    return None


def test_twenty_one_figures_fit_in_the_builder_at_960x600_R_BAND_COMP(app_factory) -> None:
    app = app_factory(size=(960, 600))
    app.go(lambda: BuilderScreen(app))
    step(app)
    choose(app, app.screen.rank, "Chef")
    press(app, button(app, "add_figure"))
    choose(app, app.screen.rank, "Sous-fifre")
    for _ in range(20):
        press(app, button(app, "add_figure"))
        assert not app.screen.message, app.screen.message
    screen = app.screen
    band = screen.builder.band
    assert len(band.figures) == 21
    assert len({f.name for f in band.figures}) == 21  # "Recruit", "Recruit 2"…
    assert all(f.weapons == ("dagger",) for f in band.figures)  # [R-BAND-FREE]
    assert screen.builder.cost().total <= 250 and screen.builder.problems() == []
    # the last one added is chosen and shown in the list, which scrolls back to the first
    last = next(r for r, fid in screen.figure_rows.items() if fid == band.figures[-1].id)
    assert screen.selected == band.figures[-1].id and visible_row(screen, last) is not None
    first = next(r for r, fid in screen.figure_rows.items() if fid == band.figures[0].id)
    assert visible_row(screen, first) is None
    screen.figure_list.scroll_bar.set_scroll_from_start_percentage(0.0)
    for _ in range(3):
        step(app)
    click(app, visible_row(app.screen, first).rect.center)
    for _ in range(2):  # the row's press, then the list's new selection: a frame each
        step(app, pygame.event.get())
    assert app.screen.selected == band.figures[0].id


def test_a_name_the_band_has_is_refused_R_BAND_COMP(app_factory) -> None:
    app = app_factory(size=(960, 600))
    app.go(lambda: BuilderScreen(app))
    step(app)
    press(app, button(app, "add_figure"))
    type_into(app, app.screen.new_name, "Recruit")
    press(app, button(app, "add_figure"))
    assert len(app.screen.builder.band.figures) == 1
    assert "already has a figure called Recruit" in app.screen.message


def test_the_french_cost_list_puts_a_space_before_its_colons(app_factory) -> None:
    app = app_factory(size=(960, 600), lang="fr")
    app.go(lambda: BuilderScreen(app))
    step(app)
    press(app, button(app, "add_figure"))
    html = app.screen.costs_html()
    assert "<b>Recrue</b>\u00a0: 10" in html or "<b>Recrue</b> : 10" in html, html
    assert "</b>: " not in html
