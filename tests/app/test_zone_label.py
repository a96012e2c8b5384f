"""The deployment zone's name stays readable once figures are deployed [R-DEPLOY]: it is
written over the board after the figures, at the free spot of the zone nearest its
centre, never under a base (seen under Xvfb: the name hidden by the first figures put
down at the zone's centre)."""

from __future__ import annotations

import pygame
import pytest

from skirmish.app.board.figures import MIN_RADIUS
from skirmish.app.theme import TEXT
from tests.app.drive import bar_button, click, on_board, press, step, take_seat


def zone_label(screen):  # noqa: ANN001, ANN201 - TableScreen
    """The zone name's box as the board placed it this frame, and its words."""
    band = screen.session.to_act
    words = screen.t("board.zone", band=screen.describer().band(band))
    rects = [r for r, text in screen.painter.labels.placed if text == words]
    assert rects, f"{words!r} not on the board"
    return rects[0]


def bases(screen) -> list[pygame.Rect]:  # noqa: ANN001 - TableScreen
    cam = screen.camera
    out = []
    for f in screen.state.figures.values():
        if f.status == "in_play":
            c = cam.to_screen(f.pos)
            r = max(MIN_RADIUS, round(f.base / 2 * cam.scale))
            out.append(pygame.Rect(c[0] - r + 2, c[1] - r + 2, 2 * r - 4, 2 * r - 4))
    return out


def text_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of the label's letters (the text colour) inside ``rect``."""
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if all(abs(a - b) <= 24 for a, b in zip(surface.get_at((x, y))[:3], TEXT,
                                                       strict=True)))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_deployed_figures_never_hide_the_zone_name_R_DEPLOY(app_factory, size) -> None:
    app = app_factory(scenario="scenarios/street_fight.toml", seed=2, size=size)
    step(app)
    screen = app.screen
    take_seat(app)
    step(app, n=2)
    first = zone_label(screen)
    zone = screen.state.band(screen.session.to_act).zone
    cx = sum(p[0] for p in zone) / len(zone)
    cy = sum(p[1] for p in zone) / len(zone)
    # a row of figures across the zone's centre, where the name stood
    for k in (-2, -1, 0, 1, 2):
        if screen.carrying is None:  # the next figure is taken up after each one put down
            press(app, bar_button(app, "pick:"))
        click(app, on_board(app, (cx + 1.2 * k, cy)))
    assert sum(f.status == "in_play" for f in screen.state.figures.values()) == 5
    press(app, bar_button(app, "pick:"))  # put the next one back: nothing in hand
    assert screen.carrying is None
    step(app, n=2)
    label = zone_label(screen)
    assert any(first.colliderect(b) for b in bases(screen))  # its old spot is taken now
    assert label.collidelist(bases(screen)) < 0
    surface = pygame.display.get_surface()
    seen = text_pixels(surface, label)
    assert seen >= 20
    # the board kept while nothing changes shows it the same (board memo)
    reused = screen.painter.memo.reused
    step(app, n=2)
    assert screen.painter.memo.reused > reused
    assert text_pixels(pygame.display.get_surface(), label) == seen
