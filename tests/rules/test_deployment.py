"""Deployment ([R-DEPLOY], GAP-8)."""

import pytest

from skirmish.content.models import Rank
from skirmish.content.scenario import BandEntry, Scenario
from skirmish.content.warband import FigureSpec, Warband
from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import DeploymentOrder
from tests.rules.build import start


def unplaced_scenario():
    def wb(bid):
        return Warband(id=bid, name=bid.upper(), figures=(
            FigureSpec(id="c", name=f"{bid}-chef", rank=Rank.CHEF),
            FigureSpec(id="f", name=f"{bid}-fifre", rank=Rank.SOUS_FIFRE)))
    return Scenario(id="t", name="T", width=48, height=36,
                    bands=(BandEntry(warband=wb("a")), BandEntry(warband=wb("b"))))


def test_roll_off_loser_deploys_first_R_DEPLOY_GAP_8():
    """[R-DEPLOY]"""
    g = start(unplaced_scenario(), 5, 2)
    order = next(e for e in g.log if isinstance(e, DeploymentOrder))
    assert order.order == ("b", "a")
    assert g.to_act == "b"


def test_deploy_inside_the_zone_only_R_DEPLOY():
    g = start(unplaced_scenario(), 2, 5)
    with pytest.raises(IllegalCommand, match="deployment zone"):
        g.apply(c.Deploy(figure="a:c", at=(10, 20)))
    g.apply(c.Deploy(figure="a:c", at=(10, 4)))
    with pytest.raises(IllegalCommand, match="overlaps"):
        g.apply(c.Deploy(figure="a:f", at=(10.5, 4)))
    with pytest.raises(IllegalCommand, match="Still to place"):
        g.apply(c.EndDeployment(band="a"))


def test_auto_deploy_then_battle_starts_R_DEPLOY():
    g = start(unplaced_scenario(), 2, 5)
    g.apply(c.AutoDeploy(band="a"))
    g.apply(c.EndDeployment(band="a"))
    g.apply(c.AutoDeploy(band="b"))
    g.apply(c.EndDeployment(band="b"))
    assert g.state.phase == "battle" and g.state.turn == 1
    for f in g.state.figures.values():
        zone = g.state.band(f.band).zone
        ys = [p[1] for p in zone]
        assert min(ys) <= f.y <= max(ys)


def test_auto_deploy_places_are_remembered_per_table_under_the_bases_already_down_R_DEPLOY():
    """Games on one table auto-deploy alike, from the places remembered for the first; a
    base already down where the remembered place was makes it look again ([R-DEPLOY])."""
    first = start(unplaced_scenario(), 2, 5)
    first.apply(c.AutoDeploy(band="a"))
    spots = {f: (first.state.figures[f].x, first.state.figures[f].y) for f in ("a:c", "a:f")}
    again = start(unplaced_scenario(), 2, 5)
    assert again.table is first.table
    again.apply(c.AutoDeploy(band="a"))
    assert {f: (again.state.figures[f].x, again.state.figures[f].y) for f in spots} == spots
    moved = start(unplaced_scenario(), 2, 5)
    moved.apply(c.Deploy(figure="a:c", at=spots["a:f"]))  # the Chef takes the fifre's place
    moved.apply(c.AutoDeploy(band="a"))
    fifre = moved.state.figures["a:f"]
    assert (fifre.x, fifre.y) != spots["a:f"]
    assert moved.table.placement_problem(fifre.disc, [moved.state.figures["a:c"].disc]) is None
