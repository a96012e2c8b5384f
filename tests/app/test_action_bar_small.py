"""The action bar at 960 × 600 keeps each action's PA cost ([R-TURN-PA], the §6 table):
in French "W  Marcher · 1 PA" was cut to "W Marcher · 1…"."""

from __future__ import annotations

import pytest

from tests.app.drive import activate_first, duel, reds_first, table_app
from tests.app.test_long_banners import SMALL

ACTIONS = ("walk", "run", "shoot", "charge", "strike", "flee", "medikit")


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_action_button_shows_its_name_and_pa_cost_R_TURN_PA(lang: str,
                                                                  size: tuple[int, int]) -> None:
    app = table_app(duel(), lang=lang, size=size)
    reds_first(app)
    activate_first(app, "chef")
    screen = app.screen
    shown = {item.key: b.text for b, item in screen.bar.buttons.items()
             if item.key in ACTIONS}
    assert set(shown) == set(ACTIONS), shown
    for item in screen.bar.items:
        if item.key in ACTIONS:
            key, rest = item.label.split(maxsplit=1)
            name, cost = rest.split(" · ")
            text = shown[item.key]
            assert text.startswith(key) and name in text and text.endswith(cost), \
                (item.label, text)
    assert len({" · " in text for text in shown.values()}) == 1, shown  # all alike
