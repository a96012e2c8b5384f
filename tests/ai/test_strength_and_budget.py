"""What makes the normal player sound (threat counted with wounds and every PA, a Chef
worth more) and the hard
player reproducible (a rollout count, never the clock, in batch runs), plus the memo of
the Shoot odds keyed on everything that changes them. Fixed seeds throughout."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skirmish.ai import evaluate as ev
from skirmish.ai import hard as hard_mod
from skirmish.ai import objectives as obj
from skirmish.ai.hard import PRESSURE, ROLLOUTS_PER_S, TIE, HardPlayer, by_priority
from skirmish.ai.levels import make_player
from skirmish.ai.normal import flight_end
from skirmish.content.loading import load_scenario
from skirmish.match import build_table, new_game
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from skirmish.rules.skirmish import odds
from skirmish.rules.skirmish.preview import ctx_of
from tests.rules.build import band, fig, piece, scenario, start, with_objective
from tests.rules.test_morale import spot_game

OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def facing(*extra_a, chef_at=(10, 5), shooter_at=(10, 15)):
    """A Chef of band a in the open, an enemy pistol 10 pas away, band b's Chef far off."""
    scn = scenario(
        band("a", fig("boss", "chef", chef_at), *extra_a),
        band("b", fig("gun", "sous_fifre", shooter_at, weapons=("pistol",)),
             fig("boss", "chef", (44, 30))),
    )
    return start(scn, 6, 1, 6, options=OFF)


@pytest.mark.parametrize(("p", "n", "pv", "fallen", "soak"), [
    (Fraction(1, 4), 1, 2, False, False), (Fraction(1, 3), 3, 2, False, False),
    (Fraction(5, 12), 4, 4, False, True), (Fraction(1, 2), 2, 0, True, False),
])
def test_float_blows_agree_with_the_exact_harm_R_WOUND_OOA_R_WOUND_DEAD_R_CAMP_POTION(
        p, n, pv, fallen, soak):
    """The AI's float shortcut gives :func:`odds.harm`'s numbers (out of action at 0 PV,
    dead below, a fallen figure killed by any damage GAP-51, a potion soaking one)."""
    out, dead, loss = ev._blow_numbers(float(p), n, pv, fallen, soak)
    h = odds._harm("x", pv, "out_of_action" if fallen else "in_play", soak, (p,) * n)
    assert out == pytest.approx(float(h.p_out))
    assert dead == pytest.approx(float(h.p_dead))
    assert loss == pytest.approx(sum(k * float(q) for k, q in h.pv_loss.items()))


def test_a_chef_in_sight_of_a_pistol_is_in_danger_though_one_shot_cannot_drop_it_R_DMG_PV():
    """[R-DMG-PV] [R-SHOOT-HIT]: a 4-PV Chef under fire loses PV long before it falls;
    the threat counts those wounds and each PA of the shooter, not only P(out of action)
    (which is 0 for one shot), and a Chef weighs twice its VP ([R-END-ROUT], GAP-52)."""
    g = facing()
    ctx = ctx_of(g)
    boss = ctx.fig("a:boss")
    assert float(odds.harm(boss, [Fraction(1, 2)]).p_out) == 0
    d = ev.danger(ctx, boss)
    assert d > 0
    assert ev.worth(ctx, boss) == ev.CHEF_WEIGHT * ev.value(ctx, boss)
    with odds._placed(ctx, boss, (46, 2)):  # out of the pistol's reach, even after a walk
        assert ev.danger(ctx, boss) == 0


def test_shot_odds_memo_is_keyed_on_the_targets_pv_R_SHOOT_DMG_R_WOUND_OOA():
    """The memoised burst arithmetic must see a wounded target as a different question."""
    g = facing()
    ctx = ctx_of(g)
    gun, boss = ctx.fig("b:gun"), ctx.fig("a:boss")
    full = odds.shot_odds(ctx, gun, "pistol", boss)
    boss.pv = 1
    hurt = odds.shot_odds(ctx, gun, "pistol", boss)
    assert full.harms[0].p_out == 0 and hurt.harms[0].p_out > 0
    assert odds.shot_odds(ctx, gun, "pistol", boss) == hurt


def _hard_game(seed: int, player_seed: int, **kw) -> list[c.Command]:
    scn = load_scenario("scenarios/street_fight.toml")
    game = new_game(scn, seed, table=build_table(scn))
    hard = make_player("hard", player_seed, **kw)
    easy = make_player("easy", 2)
    bands = [b.warband.id for b in scn.bands]
    for _ in range(25):
        if game.over:
            break
        p = hard if game.to_act == bands[0] else easy
        game.apply(p.choose(game))
        p.take_plan()
    return list(game.commands)


def test_hard_without_the_clock_plays_the_same_game_for_the_same_seed():
    """Same seed, same game: the search size is a rollout count, not a time."""
    a = _hard_game(4, 1, rollouts=4, clock=False)
    b = _hard_game(4, 1, rollouts=4, clock=False)
    assert a == b


def test_a_budget_buys_a_fixed_count_of_rollouts():
    assert HardPlayer(1, budget=0.5).rollouts == round(0.5 * ROLLOUTS_PER_S)
    assert HardPlayer(1, budget=2.0, rollouts=3).rollouts == 3


def test_the_clock_safety_starts_no_rollout_that_cannot_finish():
    """With a rollout known to outlast the budget, no rollout starts: the search keeps
    the normal player's order (its first figure) and counts what it left out."""
    game = _hard_at_a_choice()
    hard = HardPlayer(1, budget=1.0)
    hard._slowest = 1e9  # as if the last rollout took forever
    assert hard.choose(game) == _by_priority(game)[0]
    assert hard.cut > 0


def test_on_the_last_turn_an_enemy_that_has_acted_threatens_no_more_GAP_13():
    """GAP-13: the game ends with the last turn, so an enemy that has already acted in
    it cannot shoot again; earlier, its threat only waits for the next turn."""
    g = facing()
    ctx = ctx_of(g)
    boss, gun = ctx.fig("a:boss"), ctx.fig("b:gun")
    gun.activated = True
    ctx.s.turn = ctx.s.options.max_turns - 1
    assert ev.danger(ctx, boss) > 0
    ctx.s.turn = ctx.s.options.max_turns
    assert ev.danger(ctx, boss) == 0


def test_a_band_ahead_weighs_the_threat_more_one_behind_less_R_VP_TABLE():
    """[R-VP-TABLE] GAP-13: with band b's Sous-fifre out of action (5 VP to a), a keeps
    its lead and b takes risks, more so as the last turn nears; two bands level take
    risks too (a draw is no win), hardly on turn 1, as a band behind on the last."""
    g = facing()
    ctx = ctx_of(g)
    ctx.s.turn = 1
    level = 1.0 - ev.BEHIND_BOLDNESS / ctx.s.options.max_turns ** 2
    assert ev.caution(ctx, "a") == ev.caution(ctx, "b") == pytest.approx(level)
    ctx.s.turn = ctx.s.options.max_turns
    assert ev.caution(ctx, "a") == pytest.approx(max(0.2, 1.0 - ev.BEHIND_BOLDNESS))
    ctx.s.turn = 1
    gun = ctx.fig("b:gun")
    gun.status, gun.pv, gun.downed_by_band = "out_of_action", 0, "a"
    ctx.s.turn = ctx.s.options.max_turns
    assert ev.caution(ctx, "a") == 1.0 + ev.LEAD_CAUTION
    assert ev.caution(ctx, "b") == pytest.approx(max(0.2, 1.0 - ev.BEHIND_BOLDNESS))


def test_an_enemy_with_a_better_target_elsewhere_threatens_me_less_R_SHOOT_HIT():
    """[R-SHOOT-HIT] [R-ACT-SHOOT]: the pistol shoots one figure per activation; with a
    comrade standing closer (the easier shot), the Chef's share of its threat drops, and
    a lone Chef bears all of it."""
    alone = ctx_of(facing())
    mate = ctx_of(facing(fig("mate", "sous_fifre", (10, 11))))
    boss_alone, boss = alone.fig("a:boss"), mate.fig("a:boss")
    gun = mate.fig("b:gun")
    full = ev.threat(mate, gun, boss)
    assert ev.danger(alone, boss_alone) == pytest.approx(ev.DANGER * full)
    shared = ev.danger(mate, boss)
    assert 0 < shared < ev.DANGER * full
    other = ev.threat(mate, gun, mate.fig("a:mate"))
    assert shared == pytest.approx(ev.DANGER * full * full / (full + other))


def test_with_three_bands_an_enemy_may_shoot_the_third_instead_R_SHOOT_HIT_GAP_13():
    """[R-SHOOT-HIT] one figure per shot, and GAP-13 with three bands: the pistol may as
    well shoot a figure of the third band standing closer to it, so the Chef's share of
    its threat drops as it would for a comrade there; with the third band far away the
    lone Chef bears all of it (two-band games weigh exactly as before)."""
    def boss_danger(lad_at: tuple[float, float]) -> tuple[float, float, float]:
        scn = scenario(band("a", fig("boss", "chef", (10, 5))),
                       band("b", fig("gun", "sous_fifre", (10, 15), weapons=("pistol",)),
                            fig("chief", "chef", (44, 30))),
                       band("c", fig("lad", "sous_fifre", lad_at), fig("boss", "chef", (46, 6))))
        ctx = ctx_of(start(scn, 6, 1, 1, 6, options=OFF))
        boss, gun = ctx.fig("a:boss"), ctx.fig("b:gun")
        return ev.danger(ctx, boss), ev.threat(ctx, gun, boss), ev.threat(ctx, gun, ctx.fig("c:lad"))

    far, full, _ = boss_danger((46, 2))
    assert far == pytest.approx(ev.DANGER * full)
    near, full, other = boss_danger((16, 17))
    assert other > 0 and near == pytest.approx(ev.DANGER * full * full / (full + other))


def test_a_charge_into_a_crowd_weighs_the_blows_of_every_enemy_there_R_ACT_CHARGE():
    """[R-ACT-CHARGE] [R-ACT-STRIKE]: the charger ends beside its target; the same charge
    is worth less when two more enemies, out of reach of where it starts, stand near
    enough to its end to charge it next."""
    def charge_worth(*crowd):
        scn = scenario(
            band("a", fig("boss", "chef", (10, 5), weapons=("sword",))),
            band("b", fig("lad", "sous_fifre", (10, 11)), fig("boss", "chef", (44, 30)), *crowd),
        )
        g = start(scn, 6, 1, 6, options=OFF)
        g.apply(c.Activate(figure="a:boss"))
        ctx = ctx_of(g.copy())
        me = ctx.fig("a:boss")
        return ev.charge_value(ctx, me, c.Charge(figure=me.id, target="b:lad"),
                               ev.place_value(ctx, me)).value

    lone = charge_worth()
    crowded = charge_worth(fig("x", "sous_fifre", (11.5, 16), weapons=("sword",)),
                           fig("y", "sous_fifre", (8.5, 16), weapons=("sword",)))
    assert crowded < lone


def _hard_at_a_choice():
    """Street fight, seed 4: the easy side plays until a band must choose which of
    several figures to activate."""
    scn = load_scenario("scenarios/street_fight.toml")
    game = new_game(scn, 4, table=build_table(scn))
    easy = make_player("easy", 2)
    while (game.state.phase == "deployment" or game.state.active is not None
           or game.state.pending is not None or len(_by_priority(game)) < 3):
        game.apply(easy.choose(game))
    return game


def _by_priority(game) -> list[c.Command]:
    return [a for a, _ in by_priority(game)]


def test_every_candidate_is_sampled_on_the_same_dice():
    """Common random numbers: the k-th rollout of each figure's activation forks the
    dice with the same salt, so two figures are compared on the same luck."""
    game = _hard_at_a_choice()
    hard = HardPlayer(1, rollouts=12, clock=False)
    seen: dict[str, list[int]] = {}

    def rollout(g, cmd, band, salt):
        seen.setdefault(repr(cmd), []).append(salt)
        return 0.0

    hard.rollout = rollout  # type: ignore[method-assign]
    cands = _by_priority(game)[:4]
    hard.search(game, cands, [0.0] * len(cands), 8, 1e18)
    salts = list(seen.values())
    assert len(salts) == len(cands)
    first = min(s[0] for s in salts)
    assert all(s == list(range(first, first + len(s))) for s in salts)


def _with_priorities(monkeypatch, game, gaps: list[float]) -> list[c.Command]:
    """The band's first figures, given priorities ``gaps`` behind the first (R-TURN-ALT:
    the choice of which figure acts next is the one the hard level searches)."""
    cands = _by_priority(game)[: len(gaps)]
    monkeypatch.setattr(hard_mod, "by_priority",
                        lambda g: [(a, 5.0 - d) for a, d in zip(cands, gaps, strict=True)])
    return cands


def test_a_clear_first_is_played_without_a_search_R_TURN_ALT(monkeypatch):
    """A figure ahead of every other by more than TIE of priority acts at once: a
    search among the far behind lost to the normal player's choice alone."""
    game = _hard_at_a_choice()
    hard = HardPlayer(1, rollouts=8, clock=False)
    _with_priorities(monkeypatch, game, [0.0, TIE + 0.1, 2.0])

    def search(*args):
        raise AssertionError("searched a clear choice")

    hard.search = search  # type: ignore[method-assign]
    assert hard.choose(game) == _by_priority(game)[0]


def test_only_the_close_figures_are_searched_R_TURN_ALT(monkeypatch):
    """Figures within TIE of the first are searched, with their priorities as the
    prior; one further behind is left out."""
    game = _hard_at_a_choice()
    hard = HardPlayer(1, rollouts=8, clock=False)
    cands = _with_priorities(monkeypatch, game, [0.0, TIE - 0.1, TIE + 0.1])
    seen = []

    def search(g, searched, prior, n, deadline):
        seen.append((searched, prior))
        return searched[1]

    hard.search = search  # type: ignore[method-assign]
    assert hard.choose(game) == cands[1]
    assert seen == [(cands[:2], [5.0, pytest.approx(5.0 - (TIE - 0.1))])]


def test_a_few_unlucky_rollouts_do_not_overturn_a_clear_prior():
    """The normal player's priority counts as PRIOR rollouts: one rollout a little
    worse than a far weaker candidate's leaves the prior's choice in place."""
    game = _hard_at_a_choice()
    hard = HardPlayer(1, rollouts=2, clock=False)
    cands = _by_priority(game)[:2]
    now = hard.leaf(game, game.to_act)
    worse = {repr(cands[0]): now + 4.0, repr(cands[1]): now + 4.5}
    hard.rollout = lambda g, cmd, band, salt: worse[repr(cmd)]  # type: ignore[method-assign]
    assert hard.search(game, cands, [5.0, 0.0], 2, 1e18) == cands[0]


def test_a_rollout_plays_the_whole_activation_it_begins_on_forked_dice():
    """The chance node is the figure's whole activation, played by the normal player
    on a copy: the real game and its dice are untouched."""
    game = _hard_at_a_choice()
    before, state = game.dice.snapshot(), game.state_hash()
    hard = HardPlayer(1, rollouts=4, clock=False)
    seen = []
    real_leaf = hard.leaf

    def leaf(g, band):
        seen.append((g.state.active, g.state.pending, g.state.figures[cands[0].figure].activated))
        return real_leaf(g, band)

    hard.leaf = leaf  # type: ignore[method-assign]
    cands = _by_priority(game)[:1]
    hard.rollout(game, cands[0], game.to_act, 5)
    assert seen == [(None, None, True)]
    assert game.dice.snapshot() == before and game.state_hash() == state


def test_the_leaf_weighs_where_every_figure_of_the_band_stands_R_VP_TABLE():
    """Every figure's place counts, not only the one that acted: moving a comrade that
    did not act changes the band's value by what its place is worth to the normal player
    (and what the sides then threaten)."""
    def at(lad: tuple[float, float]):
        return start(scenario(
            band("a", fig("boss", "chef", (10, 5)), fig("lad", "sous_fifre", lad)),
            band("b", fig("gun", "sous_fifre", (10, 15), weapons=("pistol",)),
                 fig("chief", "chef", (44, 30))),
        ), 6, 1, 6, options=OFF)

    for game in (at((30, 5)), at((12, 12))):
        ctx = ctx_of(game)
        place = sum(ev.place_value(ctx, f) for f in ctx.in_play() if f.band == "a")
        material = ev.material(ctx, "a") + PRESSURE * ev.pressure(ctx, "a")
        assert HardPlayer.leaf(game, "a") == pytest.approx(material + place)
    assert HardPlayer.leaf(at((30, 5)), "a") != HardPlayer.leaf(at((12, 12)), "a")


def test_the_leaf_counts_only_the_blows_still_to_come_R_TURN_ALT_GAP_13():
    """[R-TURN-ALT] a figure that has acted this turn strikes again only next turn,
    after the other side has moved: its threat counts LATER of itself in the leaf's
    pressure, as in the normal player's danger; on the last turn (GAP-13: no turn
    after it) nothing. A gun that has already fired on the last turn no longer keeps
    the hard player's figures from where they score."""
    ctx = ctx_of(facing().copy())
    boss, gun = ctx.fig("a:boss"), ctx.fig("b:gun")
    gain = sum(max(ev.threat(ctx, f, e) for e in ctx.in_play() if e.band == "b")
               for f in ctx.in_play() if f.band == "a")
    hit = max(ev.threat(ctx, gun, f) for f in ctx.in_play() if f.band == "a")
    assert hit > 0 and ev.threat(ctx, gun, boss) == hit
    assert ev.pressure(ctx, "a") == pytest.approx(gain - hit)
    gun.activated = True
    assert ev.pressure(ctx, "a") == pytest.approx(gain - ev.LATER * hit)
    ctx.s.turn = ctx.s.options.max_turns
    assert ev.pressure(ctx, "a") == pytest.approx(gain)
    assert ev.danger(ctx, boss) == 0


def test_a_flight_is_worth_where_the_engine_puts_the_figure_R_ACT_FLEE():
    """[R-ACT-FLEE] the figure moves half its Mvt away, often still within reach: the
    flight is weighed by that place against staying, not by the danger alone."""
    scn = scenario(band("a", fig("lad", "sous_fifre", (10, 10))),
                   band("b", fig("brute", "sous_fifre", (10, 11.1), weapons=("sword",)),
                        fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options=OFF)
    g.apply(c.Activate(figure="a:lad"))
    cmds = [x for x in g.legal_commands() if isinstance(x, c.Flee)]
    assert cmds
    end = flight_end(g, cmds)
    assert end is not None and end != g.state.figures["a:lad"].pos
    ctx = ctx_of(g.copy())
    me = ctx.fig("a:lad")
    here = ev.place_value(ctx, me)
    flee = next(s for s in ev.score(ctx, me, cmds, end) if isinstance(s.cmd, c.Flee))
    assert flee.value == pytest.approx(ev.standing(ctx, me, end) - here)


def test_a_third_bands_points_are_not_mine_to_lose_GAP_13():
    """GAP-13, the most VP wins: VP band c scores off band b do not count against band
    a in the hard player's leaf value; VP b scores off c would beat a's own."""
    scn = scenario(band("a", fig("boss", "chef", (10, 5))),
                   band("b", fig("boss", "chef", (30, 20)), fig("lad", "sous_fifre", (32, 20))),
                   band("c", fig("boss", "chef", (50, 35)), fig("lad", "sous_fifre", (48, 35))))
    g = start(scn, 6, 1, 6, options=OFF)
    ctx = ctx_of(g)
    before = ev.material(ctx, "a")
    lad = ctx.fig("b:lad")
    lad.status, lad.pv, lad.downed_by_band = "out_of_action", 0, "c"
    after = ev.material(ctx, "a")
    # b lost a figure's worth; c's 5 VP lead the rivals, so a is behind by them
    assert after == pytest.approx(before + ev.worth(ctx, lad) - ev.value(ctx, lad))


def test_a_blast_on_a_comrade_counts_against_the_thrower_R_SHOOT_BLAST():
    """[R-SHOOT-BLAST] a grenade harms everyone under its template: a comrade beside the
    target makes the throw worth less, not more."""
    def throw_worth(*mates):
        scn = scenario(band("a", fig("boss", "chef", (10, 5), weapons=("grenade",)), *mates),
                       band("b", fig("lad", "sous_fifre", (10, 12)), fig("boss", "chef", (44, 30))))
        g = start(scn, 6, 1, 6, options=OFF)
        g.apply(c.Activate(figure="a:boss"))
        ctx = ctx_of(g.copy())
        me = ctx.fig("a:boss")
        return ev.shot_value(ctx, me, c.Shoot(figure=me.id, target="b:lad", weapon="grenade")).value

    assert throw_worth(fig("mate", "sous_fifre", (11.2, 12))) < throw_worth()


def rifleman_by_a_house(height: float, enemy):
    """Band a's rifleman x, with a rope, against the west wall of a house ``height`` pas
    tall that hides the east side; band b's ``enemy``; x is active."""
    house = piece("house", "impassable", [(12, 0), (20, 0), (20, 10), (12, 10)],
                  blocks_los=True, height=height)
    scn = scenario(band("a", fig("x", "sous_chef", (11.45, 5), weapons=("rifle",),
                                 equipment=("rope",))),
                   band("b", enemy), terrain=[house])
    g = start(scn, 6, 1, 6, options=OFF)
    g.apply(c.Activate(figure="a:x"))
    return g


def test_a_rope_is_climbed_when_the_roof_gives_a_shot_R_EQ_ROPE_GAP_60():
    """[R-EQ-ROPE] the evaluator has no model of a climb: it plays the Climb on a copy of
    the game (forked dice) and weighs where the figure stands after it. From the roof
    the rifleman sees the enemy the house hid, so the normal player climbs, and says so."""
    g = rifleman_by_a_house(2, fig("y", "sous_fifre", (23, 5)))
    ctx = ctx_of(g.copy())
    assert ev.offence(ctx, ctx.fig("a:x")) <= 0  # the house hides the enemy: no shot
    player = make_player("normal", 1)
    cmd = player.choose(g)
    assert isinstance(cmd, c.Climb)
    after = g.copy(fork_dice=0)
    after.apply(cmd)
    actx = ctx_of(after)
    assert after.state.figures["a:x"].on_piece == "house" and ev.offence(actx, actx.fig("a:x")) > 0
    plan = player.take_plan()
    assert plan is not None and (plan.key, plan.text) == ("ai.plan_climb", "X climbs")


def test_a_figure_on_a_rope_neither_threatens_nor_can_be_struck_R_EQ_ROPE_GAP_60():
    """[R-EQ-ROPE] GAP-60: halfway up a tall wall a figure can only climb on, and no one
    can fight it there. The evaluator once counted its rifle as if it could fire from
    the rope, and the blows it could no longer take as a danger: hanging looked a safe
    place to shoot from, so the normal player started climbs and then hung there for the
    rest of the game (the brawl's Khet, in 5 of 20 games)."""
    g = rifleman_by_a_house(7, fig("y", "chef", (4, 5)))
    ctx = ctx_of(g.copy())
    x, y = ctx.fig("a:x"), ctx.fig("b:y")
    assert ev.offence(ctx, x) > 0 and ev.threat(ctx, y, x) > 0  # rifle; y charges
    g.apply(c.Climb(figure="a:x", piece="house", run=False))
    ctx = ctx_of(g.copy())
    x, y = ctx.fig("a:x"), ctx.fig("b:y")
    assert x.climbing is not None and ctx.sees(x, y)  # 4 of 7 pas up, y in plain sight
    assert ev.offence(ctx, x) <= 0
    assert ev.threat(ctx, x, y) == 0 and ev.threat(ctx, y, x) == 0  # y has no gun


def test_a_third_holder_of_an_objective_adds_nothing_GAP_13():
    """GAP-13: an objective scores once for the band that alone holds it. Two holders
    keep it if one falls; a third is better used shooting. Each figure on it used to
    count its whole worth, so the brawl's normal aliens crowded onto the idol, all
    seven or eight of them, and lost on kills to bands that fought (in most of their
    lost games they held the idol at the end with seven figures or more)."""
    def x_place(m2_at):
        scn = with_objective(scenario(
            band("a", fig("x", "sous_fifre", (10, 10)), fig("m1", "sous_fifre", (11.05, 10)),
                 fig("m2", "sous_fifre", m2_at)),
            band("b", fig("y", "sous_fifre", (44, 44)))), (10, 10))
        g = start(scn, 6, 1, 6, options=OFF)
        ctx = ctx_of(g.copy())
        care = max(1.0, ev.caution(ctx, "a"))  # a band ahead weighs objectives more
        return ev.place_value(ctx, ctx.fig("a:x")), ctx.s.turn / ctx.s.options.max_turns, care

    third, late, care = x_place((8.95, 10))  # m1 and m2 hold it too
    second, _, _ = x_place((8.95, 20))  # only m1 does
    assert second - third == pytest.approx(care * 10 * (obj.HOLD + (1 - obj.HOLD) * late))


def test_the_way_to_an_objective_goes_round_its_wall_GAP_13():
    """GAP-13: the normal player is drawn to an objective by the way there, not the
    straight line: from behind a wall the idol is 6 pas away in a line but over 15 pas
    on foot. It used to walk up against the middle of the wall, as near as a line gets,
    and stay stuck behind it; now it heads past the wall's end, where the way is open."""
    wall = piece("wall", "impassable", [(4, 8), (16, 8), (16, 9), (4, 9)], blocks_los=True)
    screen = piece("screen", "impassable", [(30, 0), (31, 0), (31, 32), (30, 32)],
                   blocks_los=True)
    scn = with_objective(scenario(band("a", fig("x", "sous_fifre", (10, 5))),
                                  band("b", fig("y", "sous_fifre", (44, 28))),
                                  terrain=[wall, screen]), (10, 11))
    g = start(scn, 6, 1, 6, options=OFF)
    g.apply(c.Activate(figure="a:x"))
    ctx = ctx_of(g.copy())
    before = obj.route_distance(ctx, ctx.fig("a:x"), (10, 11))
    way = g.table.path((10, 5, 0.5), (10, 11), [], False).cost  # the exact route: 15.3 pas
    assert way <= before <= way + 1.0  # a grid's estimate, a little long
    player = make_player("normal", 1)
    while g.state.active == "a:x":
        g.apply(player.choose(g))
    x, y = g.state.figures["a:x"].pos
    assert x > 16 or y > 9  # past the wall's end, or round it on the idol's side (the
    # old choice was (12.4, 7.4), against its middle)
    ctx = ctx_of(g.copy())
    assert obj.route_distance(ctx, ctx.fig("a:x"), (10, 11)) < before - 3


def _spotted() -> Game:
    """Band a's pistol runs into sight of b's Chef and passes its Spot test: a free shot
    or not is band a's to answer (R-MORALE-SPOT)."""
    game = spot_game()
    game.dice.force(1, 1)
    game.apply(c.Run(figure="a:x", to=(12, 27)))
    assert game.state.pending.kind == "free_shot"
    return game


def test_the_rules_questions_are_searched_default_first_R_MORALE_SPOT():
    """A free shot or not is weighed like the figure to activate, every answer on an
    equal footing; the default goes first, so a tie keeps it."""
    game = _spotted()
    hard = HardPlayer(1, rollouts=8, clock=False)
    seen = []

    def search(g, cands, prior, n, deadline):
        seen.append((cands, prior, n))
        return cands[-1]

    hard.search = search  # type: ignore[method-assign]
    assert hard.choose(game) == c.Choose(option="hold")
    assert seen == [([c.Choose(option="pistol"), c.Choose(option="hold")], [0.0, 0.0], 8)]


def test_an_answer_is_searched_on_forked_dice_and_the_same_seed_answers_alike_R_MORALE_SPOT():
    """Each answer's rollouts play the rest of the activation on copies: the real game
    and its dice are untouched, and the same seed gives the same answer."""
    game = _spotted()
    before, state = game.dice.snapshot(), game.state_hash()
    answers = {HardPlayer(3, rollouts=8, clock=False).choose(game) for _ in range(2)}
    assert len(answers) == 1 and answers <= {c.Choose(option="pistol"), c.Choose(option="hold")}
    assert game.dice.snapshot() == before and game.state_hash() == state


def test_the_bench_times_answers_to_real_questions_R_MORALE_SPOT():
    """The bench's positions for the answer figure each hold a question with a choice,
    owed by a band (a free shot or an escape route: R-MORALE-SPOT)."""
    from skirmish.bench.ai import questions

    asked = questions(2)
    assert len(asked) == 2
    for game in asked:
        p = game.state.pending
        assert p.kind in {"free_shot", "escape"} and len(p.options) > 1 and game.to_act == p.band


def _far_apart(*faces: int) -> Game:
    """Two swordsmen a side, 25 pas apart across the table: nobody can strike, shoot or
    charge anybody this turn, nor be. Band a wins the initiative and may activate six
    figures in wave 1; ``faces`` come next (band b's wave-1 roll)."""
    scn = scenario(
        band("a", fig("boss", "chef", (10, 5), weapons=("sword",)),
             fig("lad", "sous_fifre", (14, 5), weapons=("sword",))),
        band("b", fig("boss", "chef", (10, 30), weapons=("sword",)),
             fig("lad", "sous_fifre", (14, 30), weapons=("sword",))),
    )
    return start(scn, 6, 1, 6, *faces, options=OFF)


def test_with_nothing_to_hit_nor_to_fear_the_first_wave_waits_for_the_enemys_R_TURN_WAVE_GAP_10():
    """[R-TURN-WAVE] GAP-10 (a): a band may activate fewer figures in wave 1 than its d6
    allows, and those left act in wave 2, after the enemy's first wave. With every
    figure out of anybody's reach, the hard player ends its first wave at once (the
    normal player moves its first figure); once it is wave 2, it activates."""
    game = _far_apart(6)
    hard = HardPlayer(1, rollouts=4, clock=False)
    assert isinstance(make_player("normal", 1).choose(game), c.Activate)
    assert hard.choose(game) == c.EndWave(band="a")
    plan = hard.take_plan()
    assert plan is not None and plan.key == "ai.plan_wait" and plan.band == "a"
    game.apply(c.EndWave(band="a"))
    normal = make_player("normal", 2)
    while game.to_act == "b":
        game.apply(normal.choose(game))
        normal.take_plan()
    assert game.state.wave == 2 and game.to_act == "a"
    assert isinstance(hard.choose(game), c.Activate)


def test_a_figure_in_reach_of_an_enemy_acts_in_the_first_wave_R_TURN_WAVE_R_SHOOT_HIT():
    """[R-TURN-WAVE] [R-SHOOT-HIT]: a Chef 10 pas from an enemy pistol is in danger where
    it stands; it acts in wave 1 (to hide, or to strike first) rather than wait."""
    game = facing()
    ctx = ctx_of(game.copy())
    assert ev.danger(ctx, ctx.fig("a:boss")) > hard_mod.QUIET
    assert HardPlayer(1, rollouts=4, clock=False).choose(game) == c.Activate(figure="a:boss")
