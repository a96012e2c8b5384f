"""Smaller window defects of issue 42 (item 16), driven at 960 × 600 in both languages."""

from __future__ import annotations

from tests.app.drive import drawn_texts, step


def test_the_menu_footer_clears_quit_at_960x600(app_factory, monkeypatch) -> None:
    for lang in ("en", "fr"):
        app = app_factory(size=(960, 600), lang=lang)
        drawn = drawn_texts(monkeypatch)
        step(app)
        footer = next(r for t, r in drawn if t == app.t("menu.footer"))
        quit_button = app.screen.buttons["quit"].rect
        assert footer.top >= quit_button.bottom, (footer, quit_button)
        assert app.window.get_rect().contains(footer)
