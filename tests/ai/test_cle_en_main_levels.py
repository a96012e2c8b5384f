"""The Clé en main computer at each level ([CM-HERO-USE] [CM-PRIMES] [CM-INTERRUPT]):
dispatched by level; easy takes the defaults and spends no heroism; normal spends a
fourth die by the odds; hard plays its close choices (here an interrupt) out on forked
copies without touching the game's dice, the same choice every time."""

from __future__ import annotations

from skirmish.ai.cle_en_main import HERO_POINT, CleEnMainPlayer
from skirmish.ai.cle_en_main_hard import ROLLOUTS, CleEnMainHardPlayer, material
from skirmish.ai.levels import make_player
from skirmish.rules import commands as c
from tests.rules.build import band, fig
from tests.rules.cle_en_main.helpers import choose, cm_scenario, cm_start

A_HAND = (6, 6, 5, 1, 1, 2)


def defended(weapon: str):
    """a's Chef strikes b's Chef (each with heroism), b's Chef is asked for its fourth die."""
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (20, 20), [weapon])),
        band("b", fig("chef", "chef", (21.05, 20), ["club"])),
        passive_actions={"charge": False, "charged": False, "spot": False, "shot": False}),
        *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:chef", weapon=weapon))
    while g.state.pending is not None and g.state.pending.kind != "cm_heroic:b:chef":
        choose(g, "no" if g.state.pending.kind.startswith(("cm_interrupt", "cm_heroic"))
               else "none")
    assert g.state.pending is not None and g.state.pending.kind == "cm_heroic:b:chef"
    return g


def test_levels_dispatch_to_the_ruleset_player() -> None:
    g = defended("sword")
    for level in ("easy", "normal", "hard"):
        p = make_player(level, 3)
        p.choose(g)
        assert isinstance(p._last, CleEnMainPlayer), level  # type: ignore[attr-defined]
        assert isinstance(p._last, CleEnMainHardPlayer) == (level == "hard")  # type: ignore[attr-defined]
        assert p._last.easy == (level == "easy")  # type: ignore[attr-defined]


def test_a_defenders_fourth_die_has_its_odds_and_normal_weighs_them_CM_HERO_USE() -> None:
    g = defended("sword")
    yes, no = g.odds(c.Choose(option="yes")), g.odds(c.Choose(option="no"))
    assert yes.p_success < no.p_success  # four dice on the Défense: hit less often
    assert yes.harms[0].p_out <= no.harms[0].p_out
    spared = 3.0 * ((no.harms[0].p_out - yes.harms[0].p_out)
                    + 0.5 * (no.harms[0].loss - yes.harms[0].loss))
    want = "yes" if spared >= HERO_POINT else "no"
    assert CleEnMainPlayer(1).choose(g) == c.Choose(option=want)
    assert CleEnMainPlayer(1, "easy").choose(g) == c.Choose(option="no")


def test_easy_takes_the_default_prime_and_no_interrupt_CM_PRIMES_CM_INTERRUPT() -> None:
    g = cm_start(cm_scenario(
        band("a", fig("chef", "chef", (20, 20), ["sword"])),
        band("b", fig("chef", "chef", (21.05, 20), ["club"])),
        passive_actions={"charge": False, "charged": False, "spot": False, "shot": False}),
        *A_HAND)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:chef", weapon="sword"))
    easy = CleEnMainPlayer(1, "easy")
    while g.state.pending is not None and not g.state.pending.kind.startswith("cm_heroic"):
        p = g.state.pending
        cmd = easy.choose(g)
        assert cmd == c.Choose(option=p.default), p.kind
        g.apply(cmd)


def test_hard_searches_an_interrupt_on_forked_copies_and_leaves_the_game_alone() -> None:
    from tests.rules.cle_en_main.test_previews import game

    g = game()
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.Strike(figure="a:chef", target="b:f"))
    assert g.state.pending.kind.startswith("cm_interrupt")
    before = g.state_hash()
    first, again = CleEnMainHardPlayer(5), CleEnMainHardPlayer(5)
    chosen = first.choose(g)
    assert chosen == again.choose(g) and g.state_hash() == before
    assert first._forks == ROLLOUTS  # one search: each candidate on the same forked dice
    assert chosen.option in {o.key for o in g.state.pending.options}
    assert material(g.state, "a") == -material(g.state, "b")


def test_the_best_attack_is_found_checking_only_the_best_CM_GROUP_CM_ATTACK() -> None:
    """The normal player's activation priority values each attack before checking it; its
    best equals the best over every legal attack (a group where others may join)."""
    from skirmish.ai.cle_en_main import ctx_of
    from skirmish.rules.cle_en_main.flow_state import Tour
    from skirmish.rules.cle_en_main.legal import tour_commands
    from tests.rules.cle_en_main.test_previews import game

    g = game()
    ctx, p = ctx_of(g), CleEnMainPlayer(1)
    for fid in ("a:chef", "a:f1", "a:f2", "a:f3"):
        tour = Tour(figure=fid, band="a", reason="hand")
        legal = p._attacks(ctx, tour, tour_commands(ctx, tour, sample_moves=False))
        assert legal and p.best_attack(ctx, tour) == max(v for _, v in legal), fid
