"""The practice widgets show their words whole at 1280 × 720 and 1920 × 1080 in both
languages: the retry item of the action bar, the plan banner with its Next button, the
step button of the top bar and the pause menu's settings."""

from __future__ import annotations

import pygame
import pytest

from tests.app.drive import activate_first, duel, key, step, table_app
from tests.app.screen_walk import problems, too_small_warnings


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_practice_widgets_show_their_words_whole(size, lang):
    found: list[str] = []
    with too_small_warnings() as warned:
        app = table_app(duel(max_turns=3), controllers={"blues": "computer"}, size=size,
                        lang=lang, step_computer=True)
        screen = app.screen

        def check(where: str) -> None:
            step(app, n=2)
            found.extend(problems(app, where))
            found.extend(f"{where}: cut {b.text!r}" for b in screen.bar.buttons
                         if b.text.endswith("…"))

        for _ in range(300):  # to the computer's first plan, waiting for Next
            if screen.plan_banner.waiting:
                break
            if screen.human_turn():
                activate_first(app)
                key(app, pygame.K_RETURN)
            step(app)
        assert screen.plan_banner.waiting
        check("plan banner")
        assert screen.plan_banner.button is not None
        assert screen.plan_banner.box.contains(screen.plan_banner.button.rect)
        assert screen.board_rect.contains(screen.plan_banner.box)
        for _ in range(300):  # Next until the human plays again
            if screen.human_turn() and screen._ready():
                break
            key(app, pygame.K_SPACE)
        activate_first(app)
        check("retry item")
        assert any(i.key == "retry" and i.enabled for i in screen.bar.items)
        key(app, pygame.K_ESCAPE)
        check("pause menu")
        assert {"odds", "step"} <= set(screen.pause.buttons.values())
    assert found + warned == [], "\n".join(found + warned)
