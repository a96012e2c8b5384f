"""Movement (§6.1): Walk, Run, terrain, contact, Flee."""

import math

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Moved
from skirmish.rules.skirmish.legal import OUT_OF_REACH
from skirmish.rules.skirmish.movement import run_allowance
from tests.rules.build import band, fig, piece, scenario, start, with_objective


def duel(a_at=(10, 10), b_at=(10, 28), terrain=(), a_rank="sous_fifre", **kw):
    return scenario(band("a", fig("x", a_rank, a_at, **kw), fig("boss", "chef", (40, 4))),
                    band("b", fig("y", "sous_fifre", b_at), fig("boss", "chef", (2, 30))),
                    terrain=terrain)


def moved(events):
    return [e for e in events if isinstance(e, Moved)]


def test_walk_up_to_mvt_R_ACT_WALK_GAP_15():
    """[R-ACT-WALK]"""
    g = start(duel(), 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    ev = g.apply(c.Walk(figure="a:x", to=(16, 10)))
    assert math.isclose(moved(ev)[0].cost, 6.0, abs_tol=1e-6)
    assert g.state.figures["a:x"].pos == pytest.approx((16, 10))
    assert g.state.figures["a:x"].pa == 1


def test_walk_beyond_mvt_is_refused_and_changes_nothing_R_ACT_WALK():
    g = start(duel(), 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    before = g.state_hash()
    with pytest.raises(IllegalCommand, match="Walk is 6 pas for X; that point needs 6.5 pas"):
        g.apply(c.Walk(figure="a:x", to=(16.5, 10)))
    assert g.state_hash() == before


def test_run_one_and_a_half_mvt_costs_two_pa_R_ACT_RUN():
    g = start(duel(), 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.Run(figure="a:x", to=(19, 10)))
    assert g.state.figures["a:x"].pos == pytest.approx((19, 10))
    assert g.state.figures["a:x"].pa == 0
    assert g.state.active is None  # no PA left: the activation ends


def test_run_needs_two_pa_R_ACT_RUN():
    g = start(duel(), 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.Walk(figure="a:x", to=(12, 10)))
    with pytest.raises(IllegalCommand, match="Run costs 2 PA; X has 1 left"):
        g.apply(c.Run(figure="a:x", to=(14, 10)))


def test_difficult_terrain_burns_two_pas_per_pas_R_ACT_TERRAIN():
    wood = piece("wood", "difficult", [(12, 0), (30, 0), (30, 20), (12, 20)])
    g = start(duel(terrain=[wood]), 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    with pytest.raises(IllegalCommand, match="needs 6.2"):
        g.apply(c.Walk(figure="a:x", to=(14.1, 10)))
    ev = g.apply(c.Walk(figure="a:x", to=(14, 10)))  # 2 open + 2 difficult × 2 = 6
    assert math.isclose(moved(ev)[0].cost, 6.0, abs_tol=1e-6)


def test_rat_men_ignore_difficult_terrain_R_RACE_RAT():
    wood = piece("wood", "difficult", [(12, 0), (30, 0), (30, 20), (12, 20)])
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 10)), fig("boss", "chef", (40, 4)),
                        race="rat_men"),
                   band("b", fig("y", "sous_fifre", (10, 28)), fig("boss", "chef", (40, 30))),
                   terrain=[wood])
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.Walk(figure="a:x", to=(18, 10)))  # rat-men Sous-fifre Mvt 8
    assert g.state.figures["a:x"].pos == pytest.approx((18, 10))


def test_impassable_terrain_is_walked_around_R_ACT_TERRAIN():
    wall = piece("wall", "impassable", [(12, 8), (13, 8), (13, 12), (12, 12)], blocks_los=True,
                 height=2)
    g = start(duel(terrain=[wall]), 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    with pytest.raises(IllegalCommand):
        g.apply(c.Walk(figure="a:x", to=(15, 10)))  # around the wall is longer than 6
    ev = g.apply(c.Run(figure="a:x", to=(15, 10)))  # 9 pas is enough to go round
    path = moved(ev)[0].path
    assert len(path) > 2  # it bends
    assert moved(ev)[0].cost <= 9.0 + 1e-6


def test_walk_may_not_end_in_contact_with_an_enemy_GAP_16():
    g = start(duel(b_at=(10, 14)), 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    with pytest.raises(IllegalCommand, match="Only a Charge"):
        g.apply(c.Walk(figure="a:x", to=(10, 13.0)))


def test_engaged_figure_may_not_walk_GAP_16():
    g = start(duel(b_at=(10, 11.05)), 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    with pytest.raises(IllegalCommand, match="engaged"):
        g.apply(c.Walk(figure="a:x", to=(5, 10)))


def test_flee_costs_one_pa_per_engaged_enemy_R_ACT_FLEE():
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 10)), fig("boss", "chef", (40, 4))),
                   band("b", fig("y", "sous_fifre", (10, 11.05)),
                        fig("z", "sous_fifre", (11.05, 10)), fig("boss", "chef", (40, 30))))
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    ev = g.apply(c.Flee(figure="a:x"))
    assert any(getattr(e, "action", "") == "flee" and e.cost == 2 for e in ev)
    x = g.state.figures["a:x"]
    # half Mvt (3 pas) directly away from the centroid of the two enemies
    assert math.dist(x.pos, (10, 10)) == pytest.approx(3.0, abs=1e-6)
    assert x.x < 10 and x.y < 10


def test_flee_allies_cancel_enemies_R_ACT_FLEE_ALLY():
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 10)), fig("w", "sous_fifre", (8.5, 10)),
                        fig("boss", "chef", (40, 4))),
                   band("b", fig("y", "sous_fifre", (10, 11.05)),
                        fig("z", "sous_fifre", (11.05, 10)), fig("boss", "chef", (40, 30))))
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    ev = g.apply(c.Flee(figure="a:x"))
    assert any(getattr(e, "action", "") == "flee" and e.cost == 1 for e in ev)


def test_flee_needs_enough_pa_GAP_41():
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 10)), fig("boss", "chef", (40, 4))),
                   band("b", fig("y", "sous_fifre", (10, 11.05)), fig("z", "sous_fifre", (11.05, 10)),
                        fig("v", "sous_fifre", (8.95, 10)), fig("boss", "chef", (40, 30))))
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    with pytest.raises(IllegalCommand, match="Fleeing costs 3 PA"):
        g.apply(c.Flee(figure="a:x"))


def test_flee_ignores_difficult_terrain_R_ACT_FLEE_GAP_15():
    """[R-ACT-FLEE]"""
    mud = piece("mud", "difficult", [(0, 0), (20, 0), (20, 10.4), (0, 10.4)])
    scn = scenario(band("a", fig("x", "sous_fifre", (10, 10)), fig("boss", "chef", (40, 4))),
                   band("b", fig("y", "sous_fifre", (10, 11.05)), fig("boss", "chef", (40, 30))),
                   terrain=[mud])
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.Flee(figure="a:x"))
    assert g.state.figures["a:x"].pos == pytest.approx((10, 7), abs=1e-6)


def test_dense_move_sample_adds_bearings_shorter_moves_and_stops_R_ACT_WALK_R_ACT_CHARGE():
    """[R-ACT-WALK] every sampled destination is legal; the dense sample (the hard
    player's) holds the plain one, the bearings 15° apart at the whole and half allowance,
    quarter and three-quarter moves, a stop just beyond the enemy's charge ([R-ACT-CHARGE]:
    its Run) on the way to it, and a stop on an objective within a walk."""
    scn = with_objective(duel(b_at=(10, 22)), at=(13, 14))
    g = start(scn, 6, 1, 6)
    g.apply(c.Activate(figure="a:x"))

    def walks(**kw):
        return {cmd.to for cmd in g.legal_commands(**kw) if isinstance(cmd, c.Walk)}

    plain, dense = walks(), walks(dense_moves=True)
    assert plain < dense and len(dense) >= 6 * len(plain) - 8
    here = g.state.figures["a:x"].pos
    reach = {round(math.dist(here, to), 3) for to in dense}
    assert {1.5, 3.0, 4.5, 6.0} <= reach  # quarter, half, three quarters, whole
    assert (13.0, 14.0) in {(round(x, 3), round(y, 3)) for x, y in dense}  # the objective
    for share in (6.0, 3.0):
        bearings = {round(math.degrees(math.atan2(y - here[1], x - here[0]))) % 360
                    for x, y in dense if math.isclose(math.dist(here, (x, y)), share)}
        assert set(range(0, 360, 15)) <= bearings
    me, foe = g.state.figures["a:x"], g.state.figures["b:y"]
    beyond = run_allowance(foe) + me.radius + foe.radius + OUT_OF_REACH
    assert any(x == pytest.approx(10.0) and math.dist((x, y), foe.pos) == pytest.approx(beyond)
               for x, y in dense)  # on the way to y, just out of its charge
    for to in sorted(dense):
        trial = g.copy()
        trial.apply(c.Walk(figure="a:x", to=to))  # legal by construction
