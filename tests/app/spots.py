"""A duel where Ann's walk provokes a Spot test and a decision for the Blues (R-MORALE-SPOT)."""

from __future__ import annotations

import msgspec
import pygame

from skirmish.content.scenario import Scenario, TerrainPiece
from tests.app.drive import click, duel, key, on_board, step, table_app, take_seat


def spot_scenario() -> Scenario:
    wall = TerrainPiece(id="wall", name="Wall", kind="impassable", blocks_los=True,
                        height=3.0, polygon=((14.0, 0.0), (16.0, 0.0), (16.0, 16.0),
                                             (14.0, 16.0)))
    scn = duel(passive=True, terrain=(wall,))

    def moved(entry, fid, at):  # noqa: ANN001, ANN202 - test helper
        figs = tuple(msgspec.structs.replace(f, position=at) if f.id == fid else f
                     for f in entry.warband.figures)
        return msgspec.structs.replace(entry, warband=msgspec.structs.replace(
            entry.warband, figures=figs))

    reds = msgspec.structs.replace(
        moved(moved(scn.bands[0], "ann", (10.0, 12.0)), "bob", (4.0, 2.0)),
        zone=((0.0, 0.0), (29.0, 0.0), (29.0, 13.0), (0.0, 13.0)))
    blues = msgspec.structs.replace(
        moved(moved(scn.bands[1], "dan", (26.0, 20.0)), "cid", (34.0, 2.0)),
        zone=((0.0, 17.0), (30.0, 17.0), (30.0, 0.0), (36.0, 0.0), (36.0, 24.0), (0.0, 24.0)))
    return msgspec.structs.replace(scn, bands=(reds, blues))


def walk_into_spot(seed: int = 3, force: bool = True, **kw):  # noqa: ANN003, ANN201 - App
    """The app with the Blues owing a decision after Ann's walk (panels not yet cleared).
    ``force``: force Dan's Spot test to pass (seed 1 passes it by itself)."""
    app = table_app(spot_scenario(), seed=seed, **kw)
    screen = app.screen
    for _ in range(4):  # let the blues end their first wave if they won the initiative
        take_seat(app)
        if screen.session.to_act == "blues" and screen.state.active is None:
            key(app, pygame.K_n)
    assert screen.session.to_act == "reds"
    take_seat(app)
    click(app, on_board(app, screen.state.figures["reds:ann"].pos))
    key(app, pygame.K_a)
    key(app, pygame.K_w)
    if force:
        screen.game.dice.force(1, 1)  # Dan's Spot test passes: a free shot is offered
    click(app, on_board(app, (10.0, 19.0)))
    step(app, n=3)
    if not screen.session.is_computer("blues"):  # the computer may have answered already
        assert screen.state.pending is not None and screen.state.pending.band == "blues"
    return app
