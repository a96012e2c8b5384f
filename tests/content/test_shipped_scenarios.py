"""The shipped scenarios and warbands load, validate, and have what the brief asks for."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from shapely.geometry import Point, Polygon

from skirmish.content.costs import band_value
from skirmish.content.loading import (
    load_scenario,
    load_warband,
    scenario_from_dict,
    scenario_to_dict,
)
from skirmish.content.models import Rank
from skirmish.content.rulebook import load_rulebook
from skirmish.validate import validate_file

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
#: The full games the brief asks for (the tutorial is a deliberately small teaching game).
GAMES = [p for p in SCENARIOS if p.stem != "tutorial"]
WARBANDS = sorted((ROOT / "scenarios" / "warbands").glob("*.toml"))
#: Tables whose objectives lie away from the centre and the line between the zones.
OBJECTIVE_TABLES = sorted((ROOT / "scenarios" / "objectives").glob("*.toml"))
RB = load_rulebook()


def test_the_three_scenarios_are_shipped():
    assert [p.stem for p in SCENARIOS] == ["open_field", "street_fight", "ten_v_ten",
                                           "three_band_brawl", "tutorial"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_loads_and_validates(path: Path):
    s = load_scenario(path)
    assert validate_file(path) == []
    assert scenario_from_dict(scenario_to_dict(s), str(path)) == s
    # The street fight is 5 turns: the survivors have that long to take the orks' pump.
    assert s.options.get("max_turns", 6) == {"tutorial": 3, "street_fight": 5}.get(s.id, 6)


@pytest.mark.parametrize("path", OBJECTIVE_TABLES, ids=lambda p: p.stem)
def test_objective_table_loads_validates_and_keeps_its_objectives_off_centre_GAP_57(path: Path):
    """[R-DEPLOY] GAP-8 GAP-57: each objective table is a whole game (zones 20 pas apart,
    a band of 7–10 in its points) whose objectives stand off the middle third of the
    table, where two bands making for each other would meet."""
    s = load_scenario(path)
    assert validate_file(path) == []
    assert scenario_from_dict(scenario_to_dict(s), str(path)) == s
    zones = [Polygon(b.zone) for b in s.bands]
    assert all(a.distance(b) >= 20 for a, b in combinations(zones, 2))
    assert all(7 <= len(b.warband.figures) <= 10 for b in s.bands)
    assert s.objectives
    for o in s.objectives:
        assert abs(o.at[0] - s.width / 2) > s.width / 6 or abs(o.at[1] - s.height / 2) > s.height / 6


def test_the_objective_tables_are_shipped():
    assert [p.stem for p in OBJECTIVE_TABLES] == ["beacon_downs", "border_fort", "chapel_ruins",
                                                  "crater_field", "dock_yard", "ferry_landing",
                                                  "hedgerows", "hill_farm", "mill_stream",
                                                  "orchard_wells", "peat_causeway", "quarry",
                                                  "rail_yard", "ridge_pass", "salt_pans",
                                                  "three_caches", "timber_yard", "two_fords",
                                                  "walled_garden"]
    assert '"share/skirmish/scenarios/objectives" = ["scenarios/objectives/*.toml"]' in \
        (ROOT / "pyproject.toml").read_text()


@pytest.mark.parametrize("path", WARBANDS, ids=lambda p: p.stem)
def test_warband_file_validates(path: Path):
    wb = load_warband(path)
    assert validate_file(path) == []
    assert band_value(wb, RB, wb.setting or "medieval") <= 250


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_bands_R_BAND_COMP_and_budget_GAP_2(path: Path):
    """[R-BAND-COMP]"""
    s = load_scenario(path)
    budget = s.options.get("band_points", 250)
    for entry in s.bands:
        wb = entry.warband
        ranks = [f.rank for f in wb.figures]
        assert ranks.count(Rank.CHEF) == 1
        assert ranks.count(Rank.SOUS_CHEF) == 2
        assert ranks.count(Rank.SOUS_FIFRE) >= 4
        assert 7 <= len(wb.figures) <= 10
        assert band_value(wb, RB, s.setting) <= budget


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_deployment_zones_GAP_8(path: Path):
    """Zones on the table, at least 20 pas apart ([R-DEPLOY])."""
    s = load_scenario(path)
    zones = [Polygon(b.zone) for b in s.bands]
    assert all(z.is_valid and z.area > 0 for z in zones)
    table = Polygon([(0, 0), (s.width, 0), (s.width, s.height), (0, s.height)])
    assert all(table.covers(z) for z in zones)
    for a, b in combinations(zones, 2):
        assert a.distance(b) >= 20


@pytest.mark.parametrize("path", [p for p in GAMES if p.stem != "ten_v_ten"],
                         ids=lambda p: p.stem)
def test_each_scenario_has_the_kit(path: Path):
    """Multi-target, blast and black-powder weapons, medikit, rope, armour, shield, buckler.
    (Not the plain 10 v 10, which is the benchmark's pistols-and-blades battle.)"""
    s = load_scenario(path)
    figs = [f for b in s.bands for f in b.warband.figures]
    weapons = {w for f in figs for w in f.weapons}
    equipment = {e for f in figs for e in f.equipment}
    ranged = [RB.ranged_weapons[w] for w in weapons if w in RB.ranged_weapons]
    assert any(w.targets is not None and w.targets > 1 for w in ranged)
    assert any(w.is_blast for w in ranged)
    assert any(w.misfire == "black_powder" for w in ranged)
    assert {"medikit", "rope", "shield", "buckler"} <= equipment
    assert equipment & {"light_armour", "heavy_armour"}
    assert all(f.position is None for f in figs) or path.stem == "three_band_brawl"


def test_races_are_varied_R_RACE():
    races = {b.warband.race for p in GAMES for b in load_scenario(p).bands}
    assert {"human", "ork"} <= races
    assert len(races & {"goblin", "rat_men", "dwarf", "elf"}) >= 3
    assert "alien" in races


def test_street_fight_terrain():
    s = load_scenario(ROOT / "scenarios" / "street_fight.toml")
    t = {p.id: p for p in s.terrain}
    houses = [p for p in s.terrain if p.kind == "impassable"]
    assert houses and all(p.blocks_los and p.height > 0 for p in houses)
    assert t["low_wall"].cover and not t["low_wall"].blocks_los
    assert t["rubble"].kind == "difficult" and t["rubble"].cover
    poly = Polygon(t["house_west"].polygon)
    assert poly.is_valid and poly.convex_hull.area > poly.area  # concave: the L-shaped house
    # The pump at the tower's south foot, nearer the orks' zone than the survivors' (GAP-57).
    (pump,) = s.objectives
    assert (pump.id, pump.vp) == ("pump", 10)
    zones = {b.warband.id: Polygon(b.zone) for b in s.bands}
    assert zones["ork_boyz"].distance(Point(pump.at)) < zones["survivors"].distance(Point(pump.at))
    assert Polygon(t["tower"].polygon).distance(Point(pump.at)) < pump.radius


def test_ten_v_ten_loot_cart_behind_the_hedge():
    """The orks' loot cart (GAP-57) lies south of the hedge that blocks sight from the
    square, on the orks' side."""
    s = load_scenario(ROOT / "scenarios" / "ten_v_ten.toml")
    t = {p.id: p for p in s.terrain}
    (cart,) = s.objectives
    assert (cart.id, cart.vp) == ("loot", 2)
    hedge = Polygon(t["hedge"].polygon)
    assert t["hedge"].blocks_los and cart.at[1] > hedge.bounds[3]
    assert hedge.bounds[0] < cart.at[0] < hedge.bounds[2]


def test_open_field_terrain():
    s = load_scenario(ROOT / "scenarios" / "open_field.toml")
    t = {p.id: p for p in s.terrain}
    woods = [t["wood_west"], t["wood_east"]]
    assert all(w.kind == "difficult" and w.blocks_los and w.cover for w in woods)
    assert t["hill"].kind == "open" and t["hill"].height == 2
    assert t["field_wall"].cover and not t["field_wall"].blocks_los
    assert [o.id for o in s.objectives] == ["cairn"]


def test_open_field_dwarfs_launch_grenades_from_afar_R_ACT_SHOOT_SLOW():
    """A fair table: the slow dwarfs (R-RACE-DWARF) were caught in the melee on the hill
    with blades only, so Brok carries a slow grenade launcher (30 pas, 3-pas blast, 2 PA a
    shot: R-WPN-BLAST, R-ACT-SHOOT-SLOW) instead of a hand grenade (8 pas, 5-pas blast),
    and hits the elves as they cross the open ground. The band stays within 250 points
    (GAP-2), a few points from the elves'; the cairn (GAP-57) stays on the hilltop."""
    s = load_scenario(ROOT / "scenarios" / "open_field.toml")
    bands = {b.warband.id: b.warband for b in s.bands}
    blasts = {b: [RB.ranged_weapons[w] for f in wb.figures for w in f.weapons
                  if w in RB.ranged_weapons and RB.ranged_weapons[w].is_blast]
              for b, wb in bands.items()}
    assert [w.id for w in blasts["dwarf_throng"]] == ["grenade_launcher_slow"]
    assert blasts["elf_rangers"] == []
    (launcher,) = blasts["dwarf_throng"]
    assert (launcher.long, launcher.blast_radius, launcher.pa_cost) == (30, 3, 2)
    values = {b: band_value(wb, RB, s.setting) for b, wb in bands.items()}
    assert max(values.values()) <= 250 and abs(values["dwarf_throng"] - values["elf_rangers"]) < 10
    (cairn,) = s.objectives
    assert (cairn.id, cairn.vp) == ("cairn", 10)
    hill = Polygon(next(t.polygon for t in s.terrain if t.id == "hill"))
    assert hill.contains(Point(cairn.at).buffer(cairn.radius))


def test_three_band_brawl():
    s = load_scenario(ROOT / "scenarios" / "three_band_brawl.toml")
    assert len(s.bands) == 3
    goblins = s.bands[1]
    assert all(f.position is not None for f in goblins.warband.figures)  # fixed deployment
    zone = Polygon(goblins.zone)
    for f in goblins.warband.figures:
        assert zone.contains(Point(*f.position).buffer(f.base / 2))
    aliens = s.bands[2].warband
    assert aliens.race == "alien"
    assert {f.alien_trade for f in aliens.figures} >= {"a", "b", "c"}


def test_three_band_brawl_idol_in_the_courtyard_and_a_smaller_rabble_R_RACE_GOBLIN():
    """A fair table: the goblins shoot at CT 3 for nothing (GAP-5), so the rabble
    is seven with a hand grenade (no 30-pas launcher); the idol (GAP-57) stands in the
    temple's courtyard, nearer the aliens' zone than the rat-men's, who go round."""
    s = load_scenario(ROOT / "scenarios" / "three_band_brawl.toml")
    goblins = s.bands[1].warband
    assert len(goblins.figures) == 7
    weapons = {w for f in goblins.figures for w in f.weapons}
    assert "grenade" in weapons and "grenade_launcher_slow" not in weapons
    (idol,) = s.objectives
    assert (idol.id, idol.vp) == ("idol", 10)
    temple = Polygon(next(t.polygon for t in s.terrain if t.id == "temple"))
    spot = Point(idol.at).buffer(idol.radius)
    assert temple.envelope.contains(spot) and not temple.intersects(spot)  # inside the L
    zones = {b.warband.id: Polygon(b.zone) for b in s.bands}
    assert zones["xeno_brood"].distance(spot) < zones["rat_pack"].distance(spot)
