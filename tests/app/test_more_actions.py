"""Flee, medikit and rope through the window, with synthetic input."""

import pygame

from skirmish.content.models import Rank
from skirmish.content.scenario import BandEntry, Scenario, TerrainPiece
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules import events as ev
from tests.app.drive import (
    activate_first,
    bar_button,
    click,
    key,
    on_board,
    press,
    table_app,
    take_seat,
)

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def fig(fid, rank, at, weapons=(), equipment=()):
    return FigureSpec(id=fid, name=fid.capitalize(), rank=Rank(rank), position=at,
                      weapons=weapons, equipment=equipment)


def legal(figures, at):
    """[R-BAND-COMP] a band needs a Sous-fifre: add one far off if the test has none."""
    if any(f.rank == Rank.SOUS_FIFRE for f in figures):
        return figures
    return (*figures, fig("zed", "sous_fifre", at))


def scenario(reds, blues, terrain=()):
    reds, blues = legal(reds, (2.0, 2.0)), legal(blues, (34.0, 22.0))
    return Scenario(id="t", name="T", width=36.0, height=24.0, terrain=terrain, options=OFF,
                    bands=(BandEntry(warband=Warband(id="reds", name="Reds", figures=reds)),
                           BandEntry(warband=Warband(id="blues", name="Blues", figures=blues))))


def first_to_act(app):
    """Make the reds act first whatever the dice said: pass the blues' wave."""
    screen = app.screen
    for _ in range(3):
        if screen.session.to_act == "reds":
            return
        take_seat(app)
        key(app, pygame.K_n)
    assert screen.session.to_act == "reds"


def test_flee_from_melee_R_ACT_FLEE():
    app = table_app(scenario((fig("ann", "chef", (10.0, 8.0)),),
                             (fig("cid", "chef", (10.0, 9.05)),)))
    first_to_act(app)
    fid = activate_first(app)
    assert fid == "reds:ann"
    press(app, bar_button(app, "flee"))
    ann = app.screen.state.figures["reds:ann"]
    assert ann.y < 8.0 - 4.4  # half of Mvt 9, straight away from the enemy
    assert any(isinstance(e, ev.ActionDeclared) and e.action == "flee"
               for e in app.screen.game.log)


def test_medikit_on_a_wounded_ally_R_EQ_MEDIKIT():
    app = table_app(scenario((fig("ann", "chef", (10.0, 8.0), equipment=("medikit",)),
                              fig("bob", "sous_fifre", (11.05, 8.0))),
                             (fig("cid", "chef", (30.0, 20.0)),)))
    first_to_act(app)
    app.screen.state.figures["reds:bob"].pv = 1
    activate_first(app, rank="chef")
    key(app, pygame.K_m)
    assert app.screen.tool.kind == "medikit" and "reds:bob" in app.screen.tool.targets
    click(app, on_board(app, app.screen.state.figures["reds:bob"].pos))
    assert app.screen.state.figures["reds:bob"].pv == 2
    assert any(isinstance(e, ev.Healed) for e in app.screen.game.log)


def test_climb_with_rope_and_grapple_R_EQ_ROPE():
    house = TerrainPiece(id="house", name="Maison", kind="impassable", blocks_los=True,
                         height=2.0, polygon=((12.0, 4.0), (20.0, 4.0), (20.0, 12.0), (12.0, 12.0)))
    app = table_app(scenario((fig("ann", "chef", (11.45, 8.0), equipment=("rope",)),),
                             (fig("cid", "chef", (30.0, 20.0)),), terrain=(house,)))
    first_to_act(app)
    activate_first(app)
    key(app, pygame.K_k)
    assert app.screen.tool.kind == "climb"
    press(app, bar_button(app, "climb:house:0"))
    ann = app.screen.state.figures["reds:ann"]
    assert ann.on_piece == "house" and 12 < ann.x < 20
