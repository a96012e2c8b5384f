"""A figure's name stays on the table beside him. A usability audit found "Brok" a
label's height above his base and out over the board's dark margin, his own spot taken by
a neighbour's base."""

import math

import pygame
import pytest

from skirmish.app.board.labels import BoardText
from skirmish.app.text import Text
from skirmish.content.scenario import BandEntry, Scenario
from skirmish.content.warband import Warband
from tests.app.drive import click, on_board, spec, step, table_app, take_seat


def edge_pair() -> Scenario:
    """A 60 × 40 table (wider than the board, so a margin shows above it); Ann stands by
    its top edge with Bob just above her, on the spot her name would take."""
    a = Warband(id="reds", name="Reds", colour="#d55e00", figures=(
        spec("ann", "chef", (10.0, 1.5), ("pistol",)),
        spec("bob", "sous_fifre", (10.4, 0.5), ("pistol",)),
    ))
    b = Warband(id="blues", name="Blues", colour="#56b4e9", figures=(
        spec("cid", "chef", (30.0, 35.0), ("pistol",)),
        spec("dan", "sous_fifre", (34.0, 35.0), ("pistol",)),
    ))
    return Scenario(id="edge", name="Edge", width=60.0, height=40.0, terrain=(),
                    bands=(BandEntry(warband=a, zone=((0.0, 0.0), (60.0, 0.0), (60.0, 8.0), (0.0, 8.0))),
                           BandEntry(warband=b, zone=((0.0, 32.0), (60.0, 32.0), (60.0, 40.0), (0.0, 40.0)))),
                    options={"max_turns": 2})


def table_on_screen(screen) -> pygame.Rect:
    cam = screen.camera
    a, b = cam.to_screen((0, 0)), cam.to_screen((cam.width, cam.height))
    return pygame.Rect(a, (b[0] - a[0], b[1] - a[1])).clip(screen.board_rect)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_name_at_the_tables_edge_stays_on_the_table_beside_its_figure(size):
    app = table_app(edge_pair(), size=size)
    screen = app.screen
    take_seat(app)
    ann = screen.state.figures["reds:ann"]
    click(app, on_board(app, ann.pos))  # selected: her name is shown
    step(app, n=2)
    assert screen.selected == "reds:ann"
    placed = [r for r, words in screen.painter.labels.placed if words == "Ann"]
    assert len(placed) == 1
    label = placed[0]
    table = table_on_screen(screen)
    assert table.contains(label), (label, table)
    c = on_board(app, ann.pos)
    r = max(3, round(ann.base / 2 * screen.camera.scale))
    nearest = (min(max(c[0], label.left), label.right), min(max(c[1], label.top), label.bottom))
    assert math.dist(c, nearest) <= r + 6, (label, c, r)  # touching her base, not a line off


def test_a_name_takes_the_nearest_free_spot_sideways_before_two_lines_off():
    """With the spots above and below a figure taken, its name goes beside the base."""
    pygame.font.init()
    labels = BoardText(Text(1.0))
    bounds = pygame.Rect(0, 0, 400, 400)
    c = (200, 200)
    probe = labels.blit(None, "Ann", (c[0], c[1] - 9), 12, (255, 255, 255),  # type: ignore[arg-type]
                        anchor="midbottom", backdrop=(0, 0, 0, 170), within=bounds)
    top, bottom = probe.top - 1 - 18, probe.bottom + 1 + 18  # a line above, a line below
    labels.reserve(pygame.Rect(c[0] - 2, top, 4, bottom - top))  # bases in a column
    labels.flush(pygame.Surface((400, 400)), bounds)
    spot = next(r for r, words in labels.placed if words == "Ann")
    assert abs(spot.centery - probe.centery) <= 2 and spot.centerx != c[0], spot
