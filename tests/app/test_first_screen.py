"""The window opened on a given screen (a replay, a campaign, a table) builds that screen
and no menu first; without one it opens on the menu as ``skirmish play`` does."""

from __future__ import annotations

from typing import Any

from skirmish.app.screens.menu import MenuScreen
from skirmish.app.screens.table import TableScreen
from skirmish.app.session import Session
from tests.app.drive import duel, make_app, step


def _count_menus(monkeypatch: Any) -> list[MenuScreen]:
    built: list[MenuScreen] = []
    build = MenuScreen.build

    def counted(screen: MenuScreen) -> None:
        built.append(screen)
        build(screen)

    monkeypatch.setattr(MenuScreen, "build", counted)
    return built


def test_a_window_opened_on_a_table_builds_no_menu(monkeypatch) -> None:
    built = _count_menus(monkeypatch)
    session = Session.new(duel(), 3, None, {})
    app = make_app(lambda a: TableScreen(a, session))
    step(app)
    assert isinstance(app.screen, TableScreen) and app.screen.session is session
    assert built == []


def test_a_window_opened_without_a_first_screen_shows_the_menu(monkeypatch) -> None:
    built = _count_menus(monkeypatch)
    app = make_app()
    assert built == [app.screen] and "new" in app.screen.buttons
