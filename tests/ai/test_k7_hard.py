"""The hard KART 7 player (RULESETS §4, §0.5 S15): it plays the close declarations out
before making one, so it does not always declare what the normal player would; its
look-ahead copies are dealt again from the cards its band has not seen ([GAP-K7-29])."""

from __future__ import annotations

import msgspec

from skirmish import rulesets  # noqa: F401 - registers the shipped rulesets
from skirmish.ai.kart7 import K7Player
from skirmish.ai.kart7_hard import K7HardPlayer, margin
from skirmish.ai.levels import make_player
from skirmish.content.loading import load_scenario
from skirmish.locations import SCENARIOS
from skirmish.match import new_game
from skirmish.rules import commands as c
from skirmish.rules.dice import Dice
from skirmish.rules.kart7.visibility import conceal


def _open_field():
    scn = load_scenario(SCENARIOS / "open_field.toml")
    return new_game(msgspec.structs.replace(scn, ruleset="kart7"), 4)


def test_hard_is_its_own_player_and_differs_from_normal_K7_CHOICE() -> None:
    """Over the first two turns of a game, the hard player declares otherwise than the
    normal one at least once, and is the level's KART 7 player."""
    assert isinstance(make_player("hard", 1, clock=False).own["kart7"], K7HardPlayer)
    game = _open_field()
    normal = {b.id: K7Player("normal", i) for i, b in enumerate(game.state.bands)}
    differ = declared = 0
    while game.state.turn <= 2 and not game.over:
        cmd = normal[game.to_act or ""].choose(game)
        if isinstance(cmd, c.Declare) and game.state.window is None:
            declared += 1
            differ += K7HardPlayer(7).choose(game) != cmd
        game.apply(cmd)
    assert declared >= 10 and differ >= 1


def test_hard_choices_owe_nothing_to_the_hidden_order_GAP_K7_29() -> None:
    """The same position with every face-down card dealt again among its generation's
    places gets the same declaration from the hard player: its look-ahead copies are
    dealt from the unseen cards, never from the real order."""
    game = _open_field()
    normal = {b.id: K7Player("normal", i) for i, b in enumerate(game.state.bands)}
    asked = 0
    while asked < 6 and not game.over:
        if game.state.phase == "battle" and game.state.pending is None \
                and game.state.window is None:
            other = game.copy()
            conceal(other.state.k7.piles, Dice(99 + asked))
            assert other.state.k7.piles.pioches != game.state.k7.piles.pioches
            assert K7HardPlayer(3).choose(game) == K7HardPlayer(3).choose(other)
            asked += 1
        game.apply(normal[game.to_act or ""].choose(game))
    assert asked == 6


def test_margin_counts_what_each_side_lost_R_VP_TABLE() -> None:
    game = _open_field()
    while game.state.phase == "deployment":
        game.apply(K7Player("normal", 0).choose(game))
    s = game.state
    mine, theirs = s.bands[0].id, s.bands[1].id
    assert margin(game, mine) == 0.0
    victim = next(f for f in s.figures.values() if f.band == theirs)
    victim.status = "out_of_action"
    assert margin(game, mine) > 0.0 and margin(game, theirs) == -margin(game, mine)
