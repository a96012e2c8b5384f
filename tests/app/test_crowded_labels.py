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


def placed_at(at: dict[str, tuple[float, float]]) -> object:
    """A duel with the figures named in ``at`` moved there."""
    scn = duel()
    bands = []
    for entry in scn.bands:
        figs = tuple(msgspec.structs.replace(f, position=at.get(f.id, f.position))
                     for f in entry.warband.figures)
        bands.append(msgspec.structs.replace(entry, warband=msgspec.structs.replace(
            entry.warband, figures=figs), zone=((0.0, 0.0), (36.0, 0.0), (36.0, 24.0),
                                                (0.0, 24.0))))
    return msgspec.structs.replace(scn, bands=tuple(bands))


def names_placed(at: dict[str, tuple[float, float]]) -> tuple[object, dict[str, object]]:
    """The table at 1920 × 1080 with nothing hovered (every name in its smaller letters),
    and where each name went."""
    app = table_app(placed_at(at), size=BIG)
    screen = app.screen
    take_seat(app)
    motion(app, (5, 5))
    step(app, n=2)
    placed = [(r, w) for r, w in screen.painter.labels.placed if w]
    table = table_on_screen(screen)
    for i, (rect, words) in enumerate(placed):
        assert table.contains(rect), (words, rect, table)
        assert all(not rect.colliderect(r) for r, _ in placed[i + 1:]), (words, placed)
    return app, {w: r for r, w in placed}


def assert_nearest_own(app: object, names: dict[str, object]) -> None:
    centre = {f.name: on_board(app, f.pos) for f in app.screen.state.figures.values()}  # type: ignore[attr-defined]
    for name, label in names.items():
        mine = math.dist(label.center, centre[name])  # type: ignore[attr-defined]
        others = {o: math.dist(label.center, c) for o, c in centre.items() if o != name}  # type: ignore[attr-defined]
        assert all(mine < d for d in others.values()), (name, label, mine, others)


@pytest.mark.parametrize("bob", [(10.3, 6.8), (10.0, 9.2), (11.2, 8.0), (9.0, 7.1),
                                 (10.9, 8.9)],
                         ids=["above", "below", "beside", "above-left", "below-right"])
def test_each_name_is_nearer_its_own_figure_than_its_neighbour(bob: tuple[float, float]) -> None:
    app, names = names_placed({"ann": (10.0, 8.0), "bob": bob})
    assert {"Ann", "Bob"} <= set(names), names
    assert_nearest_own(app, names)


def test_four_figures_in_a_melee_each_keep_their_name_by_them() -> None:
    """Ann, Bob, Cid and Dan within a pas of each other: every name shown is nearer its
    own figure than any of the three others."""
    app, names = names_placed({"ann": (10.0, 8.0), "bob": (10.3, 6.9),
                               "cid": (11.1, 8.2), "dan": (9.6, 9.1)})
    assert {"Ann", "Bob", "Cid", "Dan"} <= set(names), names
    assert_nearest_own(app, names)
