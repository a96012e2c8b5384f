"""Two bands on one table are told apart by colour (GAP-21: the board shows whose each
figure is): a warband's colour is chosen for the warband alone, so two ork bands, or
the survivors beside the militia, would share one; the later band then takes the spare
colour farthest from those already on the table, on the board, in the turn order's
marks and in the viewer alike."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pygame

from skirmish.app.board.replay import styles_of
from skirmish.app.theme import BAND_APART, band_colour, band_colours, colour_gap
from tests.app.drive import make_app, pixels
from tests.app.test_table_look import to_battle

WARBANDS = Path(__file__).resolve().parents[2] / "scenarios" / "warbands"


def shipped_colours() -> list[str]:
    return [line.split('"')[1] for p in sorted(WARBANDS.glob("*.toml"))
            for line in p.read_text().splitlines() if line.startswith("colour =")]


def test_a_band_against_itself_gets_a_second_colour_GAP_21() -> None:
    first, second = band_colours(["#3f9b3a", "#3f9b3a"])
    assert first == (63, 155, 58)  # the first band keeps its own
    assert colour_gap(first, second) >= BAND_APART


def test_every_pair_of_shipped_warbands_is_told_apart_and_keeps_what_it_can_GAP_21() -> None:
    colours = shipped_colours()
    assert len(colours) >= 9
    kept = 0
    for a, b in itertools.permutations(colours, 2):
        one, two = band_colours([a, b])
        assert one == band_colour(a, 0)
        assert colour_gap(one, two) >= BAND_APART, (a, b, two)
        kept += two == band_colour(b, 1)
    assert kept >= 60  # of 72: only the near twins change (orks, goblins; the two blues)


def test_three_bands_of_one_colour_get_three_GAP_21() -> None:
    out = band_colours(["#3f9b3a"] * 3)
    assert all(colour_gap(a, b) >= BAND_APART for a, b in itertools.combinations(out, 2))


def near(px: np.ndarray, colour: tuple[int, int, int], tol: int = 6) -> int:
    return int((np.abs(px.astype(int) - np.array(colour)).max(axis=2) <= tol).sum())


def test_the_two_ork_bands_of_two_fords_are_drawn_in_two_colours_GAP_21() -> None:
    app = make_app(scenario="scenarios/objectives/two_fords.toml", seed=2)
    to_battle(app)
    screen = app.screen
    boyz, mob = (screen.styles[b.id].colour for b in screen.state.bands)
    assert boyz == (63, 155, 58) and colour_gap(boyz, mob) >= BAND_APART
    viewer = styles_of(screen.session.game)  # the replay viewer's
    assert {b: s.colour for b, s in viewer.items()} == {b: s.colour for b, s in screen.styles.items()}
    px = pixels(pygame.display.get_surface())
    assert near(px, boyz) > 50 and near(px, mob) > 50  # both drawn, each in its own
