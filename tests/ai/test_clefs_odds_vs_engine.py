"""The Clefs de l'Aube odds the computer players read (rules/clefs_aube/ai_odds.py, through
``Hooks.ai_odds``) against the Clefs engine itself: each attack is played on many copies
of one game with forked dice, and every frequency must lie within 3 standard errors of
the exact fraction — the rows of Table 3.1, the PV-equivalent lost (the share of PF(Ph)
to Ph taken, all of what was left for a figure that goes down), out of action, dead.
A Strike whose dice fall a few hundred ways at most is played once for every way instead
(``tests/rules/every_roll.py``), and each chance must be the exact one.
Targets start worn (PF and wound boxes already taken) so that every way down is tried."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from skirmish.rules import commands as c
from skirmish.rules.clefs_aube.ai_odds import CLEFS_ODDS, ClefsHarm
from skirmish.rules.clefs_aube.harm import rows
from skirmish.rules.events import DamageResolved
from skirmish.rules.game import Game
from skirmish.rules.skirmish.preview import ctx_of
from tests.ai.test_odds_vs_engine import played, trials
from tests.rules.build import band, fig
from tests.rules.clefs_aube.helpers import ca_scenario, ca_start
from tests.rules.every_roll import every_roll
from tests.sizes import sizes


def close(freq: float, p: Fraction | float, n: int) -> bool:
    p = float(p)
    se = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(freq - p) <= 3 * se + 1e-9


def wear(g: Game, fid: str, pf: int, **boxes: int) -> None:
    cf = g.state.ca[fid]
    cf.pf["ph"] = pf
    cf.wounds["ph"] = {"legere": 0, "grave": 0, "critique": 0, **boxes}


def check(g: Game, cmd: c.Command, harms: dict[str, ClefsHarm], row_odds: dict[str, tuple],
          n: int | None) -> None:
    """Row frequencies per figure (no damage event: "none"), then each harm: over ``n``
    seeded plays, each within 3 standard errors; with ``n`` None, over every way the dice
    fall, each exactly. Decisions take their defaults: MD for an attacker, MP for a
    defender."""
    plays = (every_roll(g, played(cmd)) if n is None
             else ((h, events, 1) for h, events in trials(g, cmd, n)))
    seen: dict[str, Counter] = {f: Counter() for f in row_odds}
    loss: dict[str, Counter] = {f: Counter() for f in harms}
    out: Counter = Counter()
    dead: Counter = Counter()
    for h, events, weight in plays:
        hit = {e.figure: e.row for e in events if isinstance(e, DamageResolved)}
        for f in row_odds:
            seen[f][hit.get(f, "none")] += weight
        for f in harms:
            before, after = g.state.figures[f], h.state.figures[f]
            ph, pf0, pf = g.state.ca[f].profile.ph, g.state.ca[f].fatigue(), h.state.ca[f].fatigue()
            went = before.status == "in_play" and after.status != "in_play"
            gained = ph - pf0 if went else max(0, min(pf, ph) - pf0)
            loss[f][Fraction(gained * before.stats.pv, ph)] += weight
            down = ("dead",) if before.status == "out_of_action" else ("out_of_action", "dead")
            out[f] += weight * (after.status in down)  # a fallen figure is "out" once dead (odds.harm)
            dead[f] += weight * (after.status == "dead")

    def agree(got: Fraction | int, p: Fraction | float) -> bool:
        return got == p if n is None else close(got / n, p, n)

    for f, odds_rows in row_odds.items():
        for name, p in zip(rows(), odds_rows, strict=True):
            assert agree(seen[f][name], p), (f, name, seen[f][name], float(p))
    for f, hm in harms.items():
        assert set(loss[f]) <= set(hm.pv_loss), (f, loss[f], hm.pv_loss)
        for k, p in hm.pv_loss.items():
            assert agree(loss[f][k], p), (f, k, loss[f][k], float(p))
        assert agree(out[f], hm.p_out), (f, out[f], float(hm.p_out))
        assert agree(dead[f], hm.p_dead), (f, dead[f], float(hm.p_dead))


def duel(a: tuple[str, tuple[str, ...]] = ("sous_chef", ("sword",)),
         b: tuple[str, tuple[str, ...]] = ("sous_fifre", ("sword",)), **options) -> Game:
    boss = {"chef": "sous_chef"}
    scn = ca_scenario(
        band("a", fig("x", a[0], (10, 10), a[1]), fig("boss", boss.get(a[0], "chef"), (40, 2))),
        band("b", fig("y", b[0], (10, 11), b[1]), fig("boss", boss.get(b[0], "chef"), (40, 30))),
        **options)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_strike_matches_the_engine_CA_MELEE_CA_DMG_CA_DMG_TABLE_CA_WOUNDS_GAP_CA_9():
    """[CA-MELEE] d20 against TA, ND = TP; Dom = °R + BD; [CA-ARMOUR] [CA-DMG] (GAP-CA-13,
    -16); Table 3.1; [CA-WOUNDS] a full légère box rises to grave; GAP-CA-9 out at a
    critique or PF(Ph) ≥ Ph, dead at a fatale. Every way the dice fall (362)."""
    g = duel()
    wear(g, "b:y", 6, legere=4)
    ctx = ctx_of(g)
    o = ctx.hooks.ai_odds.strike(ctx, ctx.fig("a:x"), ctx.fig("b:y"))
    assert ctx.hooks.ai_odds is CLEFS_ODDS and 0 < o.harm.p_out < 1
    check(g, c.Strike(figure="a:x", target="b:y"), {"b:y": o.harm}, {"b:y": o.blow[0]}, None)


@pytest.mark.parametrize("n", sizes(2_500, 10_000))
def test_surclassement_strike_matches_the_engine_CA_SURCLASSEMENT_GAP_CA_5_GAP_CA_6(n):
    """The attacker's MD against the defender's MP (the defaults the computer answers):
    raw °R compared, MD's effect + BD − 5 through the encaissement."""
    g = duel(ca_combat="surclassement")
    wear(g, "b:y", 8, grave=1)
    ctx = ctx_of(g)
    o = ctx.hooks.ai_odds.strike(ctx, ctx.fig("a:x"), ctx.fig("b:y"))
    assert 0 < o.harm.p_out < 1
    check(g, c.Strike(figure="a:x", target="b:y"), {"b:y": o.harm}, {"b:y": o.blow[0]}, n)


def test_fallen_target_is_hit_and_any_wound_kills_GAP_CA_9_GAP_51():
    """The hit needs no roll, °R = CA: a tired unarmed Sous-fifre on a Chef's Enc 14.
    Every way the dice fall (20)."""
    g = duel(a=("sous_fifre", ()), b=("chef", ()))
    g.state.figures["b:y"].status = "out_of_action"
    wear(g, "a:x", 6)
    ctx = ctx_of(g)
    o = ctx.hooks.ai_odds.strike(ctx, ctx.fig("a:x"), ctx.fig("b:y"))
    assert o.harm.p_out == o.harm.p_dead and 0 < o.harm.p_dead < 1
    check(g, c.Strike(figure="a:x", target="b:y"), {"b:y": o.harm}, {"b:y": o.blow[0]}, None)


@pytest.mark.parametrize("n", sizes(2_500, 10_000))
def test_two_target_shot_with_the_critical_die_matches_the_engine_CA_SHOOT_GAP_CA_21(n):
    """[CA-SHOOT] [CA-DODGE] GAP-CA-14: ND = the band's + the dodge, Dom = °R + BD − the
    band's ND; GAP-CA-21 a second target at handicaps 2 then 5; [CA-CRIT-DIE] GAP-CA-8 a
    d10 with every attack and encaissement, its 1 adding the open-ended reroll."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 10), ["machine_pistol"]), fig("boss", "sous_chef", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 16)), fig("z", "sous_fifre", (11, 16)),
             fig("boss", "sous_chef", (40, 30))),
        ca_critical_die="attacks")
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    wear(g, "b:y", 7)
    wear(g, "b:z", 5, legere=4, grave=2)
    ctx = ctx_of(g)
    o = ctx.hooks.ai_odds.shot(ctx, ctx.fig("a:x"), "machine_pistol", ctx.fig("b:y"))
    assert [h.figure for h in o.harms] == ["b:y", "b:z"] and o.p_weapon_lost == 0
    assert all(0 < h.p_out < 1 for h in o.harms)
    check(g, c.Shoot(figure="a:x", weapon="machine_pistol", target="b:y"),
          {h.figure: h for h in o.harms}, {}, n)


@pytest.mark.parametrize("n", sizes(2_000, 8_000))
def test_blast_hits_everyone_in_its_radius_as_the_engine_GAP_CA_21_CA_SHOOT(n):
    """GAP-CA-21: one roll at the target; on a hit every figure within the radius takes
    Dom = °R + BD − the band's ND with its own encaissement (a grenade at long range)."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 10), ["grenade"]), fig("boss", "sous_chef", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 17.5)), fig("z", "sous_chef", (12.5, 17.5)),
             fig("boss", "sous_chef", (40, 30))))
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    wear(g, "b:y", 7)
    wear(g, "b:z", 4, grave=2)
    ctx = ctx_of(g)
    o = ctx.hooks.ai_odds.shot(ctx, ctx.fig("a:x"), "grenade", ctx.fig("b:y"))
    assert [h.figure for h in o.harms] == ["b:y", "b:z"]
    assert all(0 < h.p_out < 1 for h in o.harms)
    check(g, c.Shoot(figure="a:x", weapon="grenade", target="b:y"),
          {h.figure: h for h in o.harms}, {}, n)
