"""RULESETS §0.5 S14 for a flight and a support: their exact odds over the cards not yet
seen ([GAP-K7-29]) against what the engine does with them, played out on concealed copies
of one game ([GAP-K7-7], [K7-SUPPORT], [K7-RES-ORDER], [K7-IGNORE])."""

from __future__ import annotations

import pytest

from skirmish.rules import commands as c
from skirmish.rules.events import Moved
from skirmish.rules.game import Game
from skirmish.rules.kart7 import declare as dc
from skirmish.rules.kart7 import preview
from skirmish.rules.kart7.context import K7Ctx
from skirmish.rules.kart7.events import WoundTaken
from tests.rules.build import band, fig
from tests.rules.kart7.helpers import (
    declare,
    decline,
    draws,
    k7_scenario,
    k7_start,
    resolve_turn,
    stack,
)
from tests.sizes import sizes


def _melee(**options):
    """Sous-fifre fa engaged with Chef cb and Sous-fifre fb; Chef ca beside them."""
    return k7_scenario(
        band("a", fig("ca", "chef", (10, 10), ["sword"]),
             fig("fa", "sous_fifre", (11, 11), ["sword", "bow"])),
        band("b", fig("cb", "chef", (11, 10), ["sword"]),
             fig("fb", "sous_fifre", (10, 11), ["pistol"])),
        **options)


def _ctx(game: Game) -> K7Ctx:
    return K7Ctx(game.state, game.table, game.book, game.dice)


FLEE = c.Declare(figure="a:fa", action="flee", to=(14.0, 15.0))


def _flight_declared() -> tuple[Game, float]:
    """Side b holds; fa declares a flight away from both its enemies, with the odds the
    window showed before; ca is still to speak (its pass starts the resolution)."""
    game = k7_start(_melee(), first="b", hands=False)
    decline(game, "b")
    o = game.odds(FLEE)
    assert o is not None
    game.apply(FLEE)
    return game, o.p_success


def _away(game: Game) -> bool:
    return any(isinstance(e, Moved) and e.figure == "a:fa" and e.reason == "flee"
               for e in game.log)


def test_flight_odds_are_shown_before_it_is_declared_GAP_K7_7() -> None:
    """The seam's odds (S14, the window's preview) give a flight its chance to get away
    from both enemies that face it: less than from either alone, and more when they
    ignore it, one level easier for each ([K7-IGNORE])."""
    game = k7_start(_melee(), first="a", hands=False)
    cmd = FLEE
    o = game.odds(cmd)
    assert o is not None
    ctx = _ctx(game)
    d = dc.check(ctx, cmd, "a")
    src = preview.sources(ctx)
    runner = preview.party(ctx, d)
    alone = [preview.odds.opposed(src, runner, preview.facing(ctx, d, e)).attacker
             for e in ("b:cb", "b:fb")]
    assert 0.0 < o.p_success < min(alone)
    assert preview.flight(ctx, d, faces=False) > max(alone)


@pytest.mark.parametrize("plays", sizes(300, 100_000))
def test_flight_odds_within_three_standard_errors_of_the_engine_GAP_K7_7_GAP_K7_21(
        plays: int) -> None:
    """A flight played out by the engine on concealed copies (300 by default, 100 000
    under ``-m slow``), both enemies facing: the share that got away lies within 3
    standard errors of the exact odds."""
    game, p = _flight_declared()
    away = 0
    for k in range(plays):
        copy = game.copy(fork_dice=k)
        resolve_turn(copy, "face")
        away += _away(copy)
    se = (p * (1 - p) / plays) ** 0.5
    assert abs(away / plays - p) < 3 * se


def _strike_then_support(manoeuvre: str) -> tuple[Game, c.Declare, preview.Backing]:
    """Chef ca declares a strike at Chef cb; side b lets it be; Sous-fifre fa, in
    contact with cb, is to support it: the game, the support (its declaration starts the
    resolution: nobody else is left to speak) and the odds the window shows for it."""
    game = k7_start(_melee(), first="a", hands=False)
    declare(game, "a:ca", "strike", target="b:cb")
    decline(game, "b")
    decline(game, "b")
    cmd = c.Declare(figure="a:fa", action="support", kind="support", of=1,
                    manoeuvre=manoeuvre)
    ctx = _ctx(game)
    return game, cmd, preview.backing(ctx, dc.check(ctx, cmd, "a"))


def _struck(game: Game) -> bool:
    return any(isinstance(e, WoundTaken) and e.figure == "b:cb" and e.by == "a:ca"
               for e in game.log)


def test_a_puissance_support_raises_the_odds_of_the_draw_it_helps_K7_SUPPORT() -> None:
    """Its card may replace any card of the supported draw: with it the strike wins more
    often; a Tactique's markers do too, more with a Trèfle's four."""
    *_, p = _strike_then_support("P")
    *_, t = _strike_then_support("T")
    assert 0.0 < p.success < 1.0 and p.success == t.success
    assert p.unhelped == t.unhelped < p.helped
    assert p.helped == p.trefle
    assert t.unhelped < t.helped < t.trefle


@pytest.mark.parametrize("plays", sizes(300, 100_000))
def test_support_odds_within_three_standard_errors_of_the_engine_K7_SUPPORT_K7_RES_ORDER(
        plays: int) -> None:
    """The supported strike played out by the engine on concealed copies (300 by default,
    100 000 under ``-m slow``), the support drawn first and its card given to the strike:
    the share of strikes that won lies within 3 standard errors of the exact odds. A
    Tactique support's share lies between its odds with two markers and with four."""
    for manoeuvre in ("P", "T"):
        game, cmd, odds = _strike_then_support(manoeuvre)
        won = 0
        for k in range(plays):
            copy = game.copy(fork_dice=k)
            copy.apply(cmd)
            resolve_turn(copy, "face")
            assert draws(copy.log, "K7-SUPPORT")[0].number < draws(copy.log, "K7-MAIN")[0].number
            won += _struck(copy)
        share = won / plays
        low, high = odds.helped, odds.trefle
        se = (max(low * (1 - low), high * (1 - high)) / plays) ** 0.5
        assert low - 3 * se < share < high + 3 * se


def test_enemies_that_ignore_a_flight_make_it_one_level_easier_each_K7_IGNORE() -> None:
    """[K7-IGNORE] both enemies it is engaged with ignore the flight instead of facing it:
    no facing draw, and its Poursuite draw is two levels easier (Très facile: three cards,
    one success is enough), so a failing pioche card does not keep it there."""
    game = k7_start(_melee(), first="b", hands=False)
    stack(game, "a:fa", pioche=("QH",), general=("KH", "3S"))
    decline(game, "b")
    game.apply(FLEE)
    resolve_turn(game, "ignore")
    flight = draws(game.log, "GAP-K7-7")[0]
    assert flight.draw_need.cards == 3 and flight.draw_need.rule == "any"
    assert flight.inputs["ignored"] == 2 and flight.quality == 3
    assert [c.card for c in flight.cards] == ["QH", "KH", "3S"]
    assert not draws(game.log, "GAP-K7-9")  # nobody faced it
    assert _away(game) and game.state.figures["a:fa"].pos == FLEE.to
