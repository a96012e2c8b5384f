"""Two figures standing close at 1920 × 1080: each name goes nearer its own figure than
the other, so nobody reads the wrong one (Ann's name sat right above Bob, who stood just
above her), and the names stay on the table on show without overlapping."""

from __future__ import annotations

import math

import msgspec
import pytest

from tests.app.drive import duel, motion, on_board, step, table_app, take_seat
from tests.app.test_name_labels import table_on_screen

BIG = (1920, 1080)


def pair(bob: tuple[float, float]) -> object:
    """A duel with the Reds' Bob at ``bob``, close by Ann at (10, 8)."""
    scn = duel()
    reds = scn.bands[0]
    at = {"ann": (10.0, 8.0), "bob": bob}
    figs = tuple(msgspec.structs.replace(f, position=at[f.id]) for f in reds.warband.figures)
    reds = msgspec.structs.replace(reds, warband=msgspec.structs.replace(
        reds.warband, figures=figs))
    return msgspec.structs.replace(scn, bands=(reds, scn.bands[1]))


@pytest.mark.parametrize("bob", [(10.3, 6.8), (10.0, 9.2), (11.2, 8.0), (9.0, 7.1),
                                 (10.9, 8.9)],
                         ids=["above", "below", "beside", "above-left", "below-right"])
def test_each_name_is_nearer_its_own_figure_than_its_neighbour(bob: tuple[float, float]) -> None:
    app = table_app(pair(bob), size=BIG)
    screen = app.screen
    take_seat(app)
    motion(app, (5, 5))  # nothing hovered: every name in its smaller, unfocused letters
    step(app, n=2)
    figs = screen.state.figures
    centre = {f.name: on_board(app, f.pos) for f in figs.values()}
    placed = [(r, w) for r, w in screen.painter.labels.placed if w]
    names = {w: r for r, w in placed}
    assert {"Ann", "Bob"} <= set(names), placed
    for name in ("Ann", "Bob"):
        label = names[name]
        other = "Bob" if name == "Ann" else "Ann"
        assert math.dist(label.center, centre[name]) < math.dist(label.center, centre[other]), \
            (name, label, centre)
    table = table_on_screen(screen)
    for i, (rect, words) in enumerate(placed):
        assert table.contains(rect), (words, rect, table)
        assert all(not rect.colliderect(r) for r, _ in placed[i + 1:]), (words, placed)
