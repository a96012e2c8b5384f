"""The campaign screen at 960 × 600 in French: the shop's heading keeps the points left,
a refusal sits in the gap above the bottom buttons, not on the panels' foot, and the
title and the bands' tabs fit (the tab of a saved copy still says it is the copy)."""

from __future__ import annotations

import pygame
import pytest

from tests.app.drive import drawn_texts, step
from tests.app.test_campaign_fit import action, post_game, walk_to_shop
from tests.app.test_campaign_shop_refusals import buy

SIZES = [(1280, 720), (960, 600)]


def fits(widget) -> bool:  # noqa: ANN001
    """``widget``'s text shows whole, a few pixels clear of its edges."""
    return widget.font.size(widget.text)[0] <= widget.rect.w - 8


@pytest.mark.parametrize("size", SIZES)
def test_the_shop_heading_and_a_refusal_fit_R_CAMP_VP(app_factory, monkeypatch, size) -> None:
    """[R-CAMP-VP] [R-EQ-SHIELD]: "Passez la main à La Compagnie de Thrain : dépenser les
    points de bande (reste 200)" was cut before its points at 960 × 600; the refusal of a
    shield for Oin was drawn across the foot of the roster and the panel at 1280 × 720."""
    drawn = drawn_texts(monkeypatch)
    app = post_game(app_factory, "fr", size)
    walk_to_shop(app)
    camp = app.screen.camp
    camp.band(camp.pending.band).band_points = 200
    buy(app, "Oin", "shield")
    screen = app.screen
    heading = screen.shop.heading
    assert heading.text.endswith(" : dépenser les points de bande (reste 200)")
    assert fits(heading), heading.text
    assert screen.error.startswith("Oin : un bouclier")
    drawn.clear()
    step(app)
    said = [rect for text, rect in drawn if text == screen.error]
    assert said, drawn
    menu = action(app, "menu").rect
    assert screen.right.bottom <= said[0].top and said[0].bottom <= menu.top, (said, menu)
    assert pygame.Rect((0, 0), size).contains(said[0])
    title = next(e for e in app.manager.get_sprite_group().sprites()
                 if "@title" in getattr(e, "object_ids", ()))
    assert fits(title), title.text
    assert all(fits(b) for b, a in screen.buttons.items() if a[0] == "band")
