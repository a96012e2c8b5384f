"""The legal Shoot commands name exactly the targets :func:`shooting.plan_target` accepts:
``shootable_targets`` asks the same checks once for every enemy (sight, range and the
clamp, the nearest of a group, a blast's own radius), and must agree with asking them one
target at a time, in every position of whole games."""

from __future__ import annotations

import pytest

from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.match import build_table, new_game
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.frame.queries import enemies_in_play
from skirmish.rules.skirmish.context import Ctx
from skirmish.rules.skirmish.preview import ctx_of
from skirmish.rules.skirmish.shooting import (
    check_shooter,
    plan_target,
    shootable_targets,
    usable_weapons,
)
from skirmish.sim import play
from tests.sizes import sizes


def _one_at_a_time(ctx: Ctx, f, w, foes) -> list[str]:
    out = []
    for e in foes:
        try:
            plan_target(ctx, f, w, e)
        except IllegalCommand:
            continue
        out.append(e.id)
    return out


@pytest.mark.parametrize("games", sizes(1, 8))
@pytest.mark.parametrize("name", ["ten_v_ten", "three_band_brawl", "street_fight"])
def test_shootable_targets_are_those_plan_target_accepts_R_SHOOT_LOS_GAP_29_GAP_32(name, games):
    """[R-SHOOT-LOS] [R-SHOOT-RANGE] [R-SHOOT-CLAMP] GAP-29 GAP-32, every figure of every
    band, every usable weapon, at every command of whole games (three bands included:
    a group of enemies may mix two bands)."""
    scn = load_scenario(SCENARIOS / f"{name}.toml")
    table = build_table(scn)
    asked = 0
    for seed in range(1, games + 1):
        played = play(scn, seed, table)
        game = new_game(scn, seed, table=table)
        for cmd in played.commands:
            game.apply(cmd)
            if game.state.phase != "battle":
                continue
            ctx = ctx_of(game)
            for f in ctx.in_play():
                foes = enemies_in_play(ctx, f)
                for wid in usable_weapons(f):
                    try:
                        w = check_shooter(ctx, f, wid, free=True)
                    except IllegalCommand:
                        continue
                    got = [e.id for e in shootable_targets(ctx, f, w, foes)]
                    assert got == _one_at_a_time(ctx, f, w, foes), (seed, f.id, wid)
                    asked += 1
    assert asked > 100


@pytest.mark.parametrize("dist", [0.5, 1.0, 2.5, 7.0])
def test_a_blast_weapon_takes_no_target_inside_its_own_radius_GAP_32(dist):
    """GAP-32: a blast may not be thrown at a target whose template would catch the
    thrower; otherwise any enemy in sight and range, not only the nearest of a group."""
    from tests.ai.test_odds_vs_engine import duel
    from tests.rules.build import fig

    extra = (fig("z", "sous_fifre", (12, 5 + dist + 1)), fig("w", "sous_fifre", (8, 6 + dist + 1)))
    g = duel(a_kw={"weapons": ("grenade",)}, dist=dist, extra_b=extra)
    ctx = ctx_of(g)
    f = ctx.fig("a:x")
    w = check_shooter(ctx, f, "grenade", free=True)
    foes = enemies_in_play(ctx, f)
    assert [e.id for e in shootable_targets(ctx, f, w, foes)] == _one_at_a_time(ctx, f, w, foes)
