"""Shooting (§6.2) with forced dice."""

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import Roll, WeaponLost
from tests.rules.build import band, fig, piece, roll_events, scenario, start

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def range_game(dist, weapons=("pistol",), rank="sous_fifre", target_rank="sous_fifre",
               terrain=(), extra_b=(), shooter_equipment=(), options=None, **kw):
    """Shooter at (10, 5) facing a target whose base edge is ``dist`` pas away."""
    scn = scenario(
        band("a", fig("s", rank, (10, 5), weapons, shooter_equipment), fig("boss", "chef", (44, 2))),
        band("b", fig("t", target_rank, (10, 5 + dist + 1), **kw), *extra_b,
             fig("boss", "chef", (44, 30))),
        terrain=terrain,
    )
    g = start(scn, 6, 1, 6, options=options if options is not None else OFF)
    g.apply(c.Activate(figure="a:s"))
    return g


def hit_roll(events):
    return next(e for e in roll_events(events, "R-SHOOT-HIT"))


def test_hit_and_damage_R_SHOOT_HIT_R_SHOOT_DMG():
    """[R-SHOOT-HIT]"""
    g = range_game(10)
    g.dice.force(5, 4)
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    hit = hit_roll(ev)
    assert (hit.need, hit.success, hit.inputs["range_band"], hit.inputs["ct"]) == (5, True, "medium", 5)
    dmg = roll_events(ev, "R-DMG-TABLE")[0]
    assert (dmg.need, dmg.success, dmg.inputs["force"], dmg.inputs["resistance_used"]) == (4, True, 3, 2)
    assert g.state.figures["b:t"].pv == 1
    assert g.state.figures["a:s"].pa == 1  # R-ACT-SHOOT: 1 PA


@pytest.mark.parametrize("dist,need,band_", [(5.5, 4, "short"), (6, 4, "short"), (12, 5, "medium"),
                                              (15, 6, "long"), (18, 6, "long")])
def test_range_bands_R_SHOOT_RANGE_GAP_25(dist, need, band_):
    """[R-SHOOT-RANGE]"""
    g = range_game(dist)
    g.dice.force(1)
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    hit = hit_roll(ev)
    assert (hit.need, hit.inputs["range_band"]) == (need, band_)


def test_out_of_range_is_refused_R_SHOOT_LOS():
    g = range_game(18.5)
    with pytest.raises(IllegalCommand, match="18.5 pas away"):
        g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))


def test_short_range_never_better_than_2_R_SHOOT_CLAMP_GAP_26():
    """[R-SHOOT-CLAMP]"""
    g = range_game(3, rank="chef", shooter_equipment=("sight",))  # CT 3 − sight 1 − short 1 = 1
    g.dice.force(2, 1)
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    assert hit_roll(ev).need == 2 and hit_roll(ev).success


def test_ct_above_6_makes_the_shot_impossible_R_SHOOT_CLAMP():
    hill = piece("hill", "open", [(0, 14), (20, 14), (20, 24), (0, 24)], height=2, raised=True)
    g = range_game(14, terrain=[hill])  # CT 5, long +1, target above +1 = 7
    with pytest.raises(IllegalCommand, match="impossible: CT would be 7"):
        g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))


def test_shooter_above_gets_plus_one_R_SHOOT_ELEV_GAP_27():
    """[R-SHOOT-ELEV]"""
    hill = piece("hill", "open", [(0, 0), (20, 0), (20, 8), (0, 8)], height=1, raised=True)
    g = range_game(10, terrain=[hill])
    g.dice.force(4, 1)
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    assert hit_roll(ev).need == 4 and hit_roll(ev).inputs["elevation_mod"] == -1


def test_blocked_sight_is_refused_with_the_blocker_R_SHOOT_LOS_GAP_20():
    """[R-SHOOT-LOS]"""
    house = piece("house", "impassable", [(5, 9), (15, 9), (15, 12), (5, 12)], blocks_los=True,
                  height=3)
    g = range_game(10, terrain=[house])
    with pytest.raises(IllegalCommand, match="blocked by House"):
        g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))


def test_engaged_figure_may_not_shoot_GAP_23():
    g = range_game(0.05)
    with pytest.raises(IllegalCommand, match="engaged"):
        g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))


def test_slow_and_heavy_weapons_cost_two_pa_R_ACT_SHOOT_SLOW():
    g = range_game(10, weapons=("crossbow", "machine_gun"))
    g.dice.force(1)
    g.apply(c.Shoot(figure="a:s", weapon="crossbow", target="b:t"))
    assert g.state.figures["a:s"].pa == 0
    assert g.state.active is None


def test_bow_is_one_pa_GAP_17():
    g = range_game(10, weapons=("bow",))
    g.dice.force(1)
    g.apply(c.Shoot(figure="a:s", weapon="bow", target="b:t"))
    assert g.state.figures["a:s"].pa == 1


def group_game(weapon, d=10):
    extra = (fig("u", "sous_fifre", (11.5, 5 + d + 1.3)), fig("v", "sous_fifre", (13, 5 + d + 1.6)))
    return range_game(d, weapons=(weapon,), extra_b=extra)


def test_single_target_weapon_takes_the_nearest_of_a_group_R_SHOOT_TARGET_GAP_29():
    """[R-SHOOT-TARGET]"""
    g = group_game("pistol")
    with pytest.raises(IllegalCommand, match="nearest, T"):
        g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:v"))


def test_multi_target_chain_one_die_per_target_R_SHOOT_MULTI_GAP_30_GAP_31():
    """[R-SHOOT-MULTI]"""
    g = group_game("machine_pistol")
    g.dice.force(6, 6, 1, 3, 3)  # t hit, u hit, v miss (a 1: jam roll 3), damage t, damage u
    ev = g.apply(c.Shoot(figure="a:s", weapon="machine_pistol", target="b:t"))
    hits = roll_events(ev, "R-SHOOT-HIT")
    assert [h.target for h in hits] == ["b:t", "b:u", "b:v"]
    dmg = roll_events(ev, "R-DMG-TABLE")
    assert [d.target for d in dmg] == ["b:t", "b:u"]
    assert "later_target_r" not in dmg[0].inputs and dmg[1].inputs["later_target_r"] == 1
    assert dmg[1].inputs["resistance_used"] == 3


def test_equally_near_first_targets_are_chosen_by_their_player_R_SHOOT_MULTI():
    extra = (fig("u", "sous_fifre", (11.6, 16)),)
    scn = scenario(band("a", fig("s", "sous_fifre", (10.8, 5), ("machine_pistol",)),
                        fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (10, 16)), *extra, fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options=OFF)
    g.apply(c.Activate(figure="a:s"))
    g.apply(c.Shoot(figure="a:s", weapon="machine_pistol", target="b:t"))
    p = g.state.pending
    assert p.band == "b" and p.kind == "first_target" and {o.key for o in p.options} == {"b:t", "b:u"}
    assert g.to_act == "b"
    g.dice.force(2, 3)  # both miss: no jam, so the burst goes on to the second target
    ev = g.apply(c.Choose(option="b:u"))
    assert [h.target for h in roll_events(ev, "R-SHOOT-HIT")] == ["b:u", "b:t"]


def test_blast_hits_everyone_in_the_radius_R_SHOOT_BLAST_GAP_32():
    """[R-SHOOT-BLAST]"""
    ally = fig("w", "sous_fifre", (24, 19))
    scn = scenario(band("a", fig("s", "sous_fifre", (20, 9), ("grenade",)), ally,
                        fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (20, 17)), fig("u", "sous_fifre", (22, 18)),
                        fig("far", "sous_fifre", (30, 17)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options=OFF)
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(6, 1, 6, 1)  # hit; damage rolls for t, u, w in figure order
    ev = g.apply(c.Shoot(figure="a:s", weapon="grenade", target="b:t"))
    victims = [d.target for d in roll_events(ev, "R-DMG-TABLE")]
    assert sorted(victims) == ["a:w", "b:t", "b:u"]


def test_blast_may_not_include_the_firer_GAP_32():
    g = range_game(4, weapons=("grenade",))
    with pytest.raises(IllegalCommand, match="inside the 5-pas blast"):
        g.apply(c.Shoot(figure="a:s", weapon="grenade", target="b:t"))


def test_black_powder_accident_R_SHOOT_BP_GAP_35():
    """[R-SHOOT-BP]"""
    g = range_game(6, weapons=("black_powder_pistol",))
    g.dice.force(1, 1, 6)  # to hit 1, accident 1 → explodes, damage on the bearer 6
    ev = g.apply(c.Shoot(figure="a:s", weapon="black_powder_pistol", target="b:t"))
    acc = roll_events(ev, "R-SHOOT-BP")[0]
    assert acc.result == "explodes"
    dmg = roll_events(ev, "R-DMG-TABLE")[0]
    assert dmg.target == "a:s" and dmg.success
    assert any(isinstance(e, WeaponLost) for e in ev)
    assert "black_powder_pistol" in g.state.figures["a:s"].lost_weapons
    assert g.state.figures["a:s"].downed_by_band is None  # D-7: accidents score for nobody


def test_black_powder_accident_two_to_six_just_misses_GAP_35():
    g = range_game(6, weapons=("black_powder_pistol",))
    g.dice.force(1, 4)
    ev = g.apply(c.Shoot(figure="a:s", weapon="black_powder_pistol", target="b:t"))
    assert roll_events(ev, "R-SHOOT-BP")[0].result == "just misses"
    assert not roll_events(ev, "R-DMG-TABLE")


def test_jam_six_loses_the_weapon_R_SHOOT_JAM_GAP_37():
    """[R-SHOOT-JAM]"""
    g = range_game(6, weapons=("pistol",))
    g.dice.force(1, 6)
    g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    assert "pistol" in g.state.figures["a:s"].lost_weapons
    with pytest.raises(IllegalCommand, match="out of use"):
        g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))


def test_jam_one_to_five_loses_only_the_shot_GAP_37():
    g = range_game(6, weapons=("pistol",))
    g.dice.force(1, 5, 1)
    g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    assert g.state.figures["a:s"].lost_weapons == []


def test_modern_artillery_one_is_a_miss_R_SHOOT_ARTY_GAP_38():
    """[R-SHOOT-ARTY]"""
    scn = scenario(band("a", fig("s", "sous_fifre", (10, 1), ("howitzer",)), fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (10, 30)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options=OFF)
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(1)
    ev = g.apply(c.Shoot(figure="a:s", weapon="howitzer", target="b:t"))
    assert [e.rule for e in ev if isinstance(e, Roll)] == ["R-SHOOT-HIT"]


def test_bows_have_no_accident_R_SHOOT_ARCHAIC_GAP_34():
    """[R-SHOOT-ARCHAIC]"""
    g = range_game(6, weapons=("bow",))
    g.dice.force(1)
    ev = g.apply(c.Shoot(figure="a:s", weapon="bow", target="b:t"))
    assert [e.rule for e in ev if isinstance(e, Roll)] == ["R-SHOOT-HIT"]


def test_natural_one_never_damages_R_DMG_AUTO_GAP_49():
    """[R-DMG-AUTO]"""
    g = range_game(10, weapons=("rifle",), rank="chef", target_rank="sous_fifre")
    g.dice.force(6, 1)  # F4 vs R2 needs 3+; a natural 1 fails anyway
    ev = g.apply(c.Shoot(figure="a:s", weapon="rifle", target="b:t"))
    assert roll_events(ev, "R-DMG-TABLE")[0].success is False


def test_natural_six_always_damages_R_DMG_AUTO():
    g = range_game(10, weapons=("pistol",), target_rank="chef", equipment=("heavy_armour",))
    g.dice.force(6, 6)  # F3 vs R 4 + 2 = 6 needs 5+... a 6 always damages
    ev = g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))
    assert roll_events(ev, "R-DMG-TABLE")[0].success


def test_out_of_action_figures_are_not_targets_GAP_51():
    g = range_game(10)
    t = g.state.figures["b:t"]
    t.status, t.pv = "out_of_action", 0
    with pytest.raises(IllegalCommand, match="out of action"):
        g.apply(c.Shoot(figure="a:s", weapon="pistol", target="b:t"))


SHOT_ONLY = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": True}}


def burst_game():
    """A machine pistol (Cibles 3) at a chain t → u → v; only "Subir un tir" is on."""
    extra = (fig("u", "sous_fifre", (11.5, 16.3)), fig("v", "sous_fifre", (13, 16.6)))
    return range_game(10, weapons=("machine_pistol",), extra_b=extra, options=SHOT_ONLY)


def test_jam_on_the_first_target_ends_the_burst_R_SHOOT_JAM_GAP_37():
    """[R-SHOOT-JAM] GAP-37: a 1 jams and ends the burst; with a jam die of 6 the weapon is
    gone, so no later die may be rolled, let alone wound; later targets take no "Subir un
    tir" for a shot that never came."""
    g = burst_game()
    g.dice.force(1, 6, 1, 1)  # t: 1 → jam die 6 (lost); t's "Subir un tir" 2 ≤ 6
    ev = g.apply(c.Shoot(figure="a:s", weapon="machine_pistol", target="b:t"))
    assert [h.target for h in roll_events(ev, "R-SHOOT-HIT")] == ["b:t"]
    assert not roll_events(ev, "R-DMG-TABLE")
    assert [t.figure for t in roll_events(ev, "R-MORALE-SHOT")] == ["b:t"]
    assert "machine_pistol" in g.state.figures["a:s"].lost_weapons


def test_jam_keeps_earlier_hits_and_their_shot_tests_GAP_37_D_6():
    """[R-SHOOT-JAM] GAP-37: hits before the jam stand, whatever the jam die; D-6: the
    jammed target was shot at and tests; the one after it was not and does not."""
    g = burst_game()
    g.dice.force(6, 1, 3, 4, 1, 1, 1, 1)  # t hit; u 1 → jam die 3; damage t 4; two tests
    ev = g.apply(c.Shoot(figure="a:s", weapon="machine_pistol", target="b:t"))
    assert [h.target for h in roll_events(ev, "R-SHOOT-HIT")] == ["b:t", "b:u"]
    jam = roll_events(ev, "R-SHOOT-JAM")[0]
    assert (jam.dice, jam.need, jam.success, jam.outcome) == ((3,), 6, False, "good")
    assert [d.target for d in roll_events(ev, "R-DMG-TABLE")] == ["b:t"]
    assert g.state.figures["b:t"].pv == 1
    assert [t.figure for t in roll_events(ev, "R-MORALE-SHOT")] == ["b:t", "b:u"]
    assert g.state.figures["a:s"].lost_weapons == []


HILL_UNDER_TARGET = piece("hill", "open", [(0, 14), (20, 14), (20, 24), (0, 24)], height=2,
                          raised=True)
HILL_UNDER_SHOOTER = piece("hill", "open", [(0, 0), (20, 0), (20, 8), (0, 8)], height=1,
                           raised=True)
CRATES = piece("crates", "difficult", [(9, 16.6), (11, 16.6), (11, 17.5), (9, 17.5)], cover=True)


@pytest.mark.parametrize("dist,kw,need", [
    (3, {"rank": "chef", "shooter_equipment": ("sight",)}, 2),  # clamped up to 2
    (5.5, {}, 4), (12, {}, 5), (18, {}, 6),
    (18.5, {}, None),  # out of range
    (14, {"terrain": [HILL_UNDER_TARGET]}, None),  # CT 7: impossible
    (10, {"terrain": [HILL_UNDER_SHOOTER]}, 4),  # shooter above
    (10, {"terrain": [CRATES], "options": {"cover_modifier": True, **OFF}}, 6),
])
def test_the_odds_take_the_to_hit_need_from_the_engine_s_own_sum_R_SHOOT_HIT_GAP_26(dist, kw,
                                                                                   need):
    """[R-SHOOT-HIT] [R-SHOOT-RANGE] [R-SHOOT-ELEV] [R-SHOOT-CLAMP] GAP-22/26: the odds'
    quick need (``hit_need``, no record of the inputs) is the engine's ``to_hit`` need in
    every case, and it is the need ``shot_odds`` uses (7: no die rolled)."""
    from skirmish.rules.skirmish import odds, shooting
    from skirmish.rules.skirmish.preview import ctx_of

    g = range_game(dist, **kw)
    ctx = ctx_of(g)
    s, t = ctx.fig("a:s"), ctx.fig("b:t")
    w = ctx.book.ranged_weapons["pistol"]
    assert shooting.to_hit(ctx, s, t, w).need == need
    assert shooting.hit_need(ctx, s, t, w) == need
    assert odds.shot_odds(ctx, s, "pistol", t).needs == (need or 7,)


@pytest.mark.parametrize(("dist", "on_hill", "offered"), [
    (14, True, False),  # CT 5, long +1, target above +1 = 7: impossible
    (14, False, True),  # the same shot on flat ground: 6
    (10, True, True),  # medium 0, above +1 = 6
    (18.5, False, False),  # out of range
])
def test_shots_offered_are_those_the_clamp_and_range_allow_R_SHOOT_CLAMP(dist, on_hill, offered):
    """The legal commands weigh the levels only when the CT could pass 6 ([R-SHOOT-CLAMP],
    [R-SHOOT-ELEV], [R-SHOOT-RANGE]): they offer exactly the shots ``apply`` accepts."""
    from skirmish.rules.skirmish.preview import ctx_of
    from skirmish.rules.skirmish.shooting import hit_need, may_hit

    hill = piece("hill", "open", [(0, 14), (20, 14), (20, 30), (0, 30)], height=2, raised=True)
    g = range_game(dist, terrain=[hill] if on_hill else [])
    shot = c.Shoot(figure="a:s", weapon="pistol", target="b:t")
    assert (shot in g.legal_commands(sample_moves=False)) is offered
    ctx = ctx_of(g)
    s, t = ctx.fig("a:s"), ctx.fig("b:t")
    w = ctx.book.ranged_weapons["pistol"]
    assert may_hit(ctx, s, t, w) is offered is (hit_need(ctx, s, t, w) is not None)
    if not offered:
        with pytest.raises(IllegalCommand):
            g.apply(shot)
