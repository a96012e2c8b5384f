"""Roll records are honest: for every roll with a need, ``success ==
(sum(dice) compare need)``, and ``outcome`` says whether it went the roller's way.

Checked on the logs of whole simulated games of every shipped scenario, and with forced
dice for the rolling rules those games never reach (rope falls, campaign injuries, the
scatter house option). Every other rules test is checked too (tests/rules/conftest.py).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from skirmish.content.loading import load_scenario
from skirmish.match import build_table
from skirmish.rules import commands as c
from skirmish.rules.events import Roll
from skirmish.rules.game import Game
from skirmish.sim import game_seed, play
from tests.rules.build import band, fig, pass_turn, piece, roll_events, scenario, start
from tests.rules.rolls import ROLLING_RULES, check_roll
from tests.sizes import sizes

SCENARIOS = sorted(p.stem for p in Path("scenarios").glob("*.toml"))
OFF = {"passive_actions": {"charge": False, "charged": False, "spot": False, "shot": False}}


def check_log(game: Game) -> set[str]:
    """Check every roll of ``game`` and return the rules that rolled."""
    rules = set()
    for e in game.log:
        if isinstance(e, Roll):
            check_roll(e, lambda fid: game.state.figures[fid].band)
            rules.add(e.rule)
    return rules


@cache
def simulated_rules(name: str, games: int) -> frozenset[str]:
    scn = load_scenario(f"scenarios/{name}.toml")
    table = build_table(scn)
    seen: set[str] = set()
    for i in range(games):
        seen |= check_log(play(scn, game_seed(6, i), table=table))
    return frozenset(seen)


@pytest.mark.parametrize("games", sizes(6, 50))
@pytest.mark.parametrize("name", SCENARIOS)
def test_every_roll_of_simulated_games_is_self_consistent(name, games):
    """[R-SHOOT-JAM] [R-SHOOT-BP] [R-DMG-TABLE] [R-GEN-LD]: each logged roll of ``games``
    games of each shipped scenario (50 each under ``-m slow``)."""
    assert {"R-TURN-INIT", "R-SHOOT-HIT", "R-DMG-TABLE"} <= simulated_rules(name, games)


# -- rolls the simulated games do not reach -------------------------------------------------
def rope_fall() -> Game:
    """[R-EQ-ROPE] a climber who loses a PV falls on a 1 (need 1, ≤: met = it falls)."""
    house = piece("house", "impassable", [(12, 0), (20, 0), (20, 10), (12, 10)], blocks_los=True,
                  height=8)
    scn = scenario(band("a", fig("x", "chef", (11.45, 5), equipment=("rope",)),
                        fig("f", "sous_fifre", (2, 30))),
                   band("b", fig("s", "sous_fifre", (4, 5), ("rifle",)), fig("boss", "chef", (44, 30))),
                   terrain=[house])
    g = start(scn, 6, 1, 6, options=OFF)
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.Climb(figure="a:x", piece="house"))
    g.apply(c.EndActivation(figure="a:x"))
    g.dice.force(6)  # b's wave 1
    g.apply(c.EndWave(band="a"))
    g.apply(c.Activate(figure="b:s"))
    g.dice.force(6, 6, 1, 6)  # hit; damage; the climber falls (1); the fall's wound
    ev = g.apply(c.Shoot(figure="b:s", weapon="rifle", target="a:x"))
    fall = roll_events(ev, "R-EQ-ROPE")[0]
    assert (fall.dice, fall.need, fall.success, fall.outcome) == ((1,), 1, True, "bad")
    return g


def campaign_injuries() -> Game:
    """[R-CAMP-INJ-24] madness, [R-CAMP-INJ-63] Endurci, [R-CAMP-INJ-61] Haine implacable
    (automatic pass, and the reroll of a failed rout test)."""
    scn = scenario(
        band("a", fig("m", "sous_fifre", (10, 5), injuries=("madness",)),
             fig("h", "sous_fifre", (14, 5), injuries=("hardened",)),
             fig("x", "sous_fifre", (18, 5), injuries=("bitter_hatred",), hates="b"),
             fig("boss", "chef", (44, 2))),
        band("b", fig("y", "chef", (10, 13)), fig("f", "sous_fifre", (40, 30))))
    g = start(scn, 1, 1, 6, 1, 6, options={"passive_actions": {
        "charge": True, "charged": False, "spot": False, "shot": False}})
    assert roll_events(g.log, "R-CAMP-INJ-24")[0].success  # madness 2 ≤ 6: acts normally
    g.apply(c.Activate(figure="a:h"))
    g.apply(c.Charge(figure="a:h", target="b:y"))  # Endurci: automatic pass
    g.apply(c.EndActivation(figure="a:h"))
    g.apply(c.Activate(figure="a:x"))
    g.apply(c.Charge(figure="a:x", target="b:y"))  # hatred of b: automatic pass
    for fid in ("a:m", "a:h", "a:boss"):  # 3 of 4 down: rout tests at the end of the turn
        g.state.figures[fid].status, g.state.figures[fid].pv = "out_of_action", 0
    g.apply(c.EndWave(band="a"))
    pass_turn(g, 6, 6, 1, 1)  # x fails its rout test (12), and the hatred reroll passes (2)
    reroll = [r for r in roll_events(g.log, "R-CAMP-INJ-61") if r.dice]
    assert [(r.dice, r.success, r.outcome) for r in reroll] == [((1, 1), True, "good")]
    return g


def scatter() -> Game:
    """GAP-33 [HOUSE] a missed blast scatters: a table read, neither good nor bad."""
    scn = scenario(band("a", fig("s", "sous_fifre", (20, 9), ("grenade",)), fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (20, 17)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options={"blast_scatter": True, **OFF})
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(2, 1, 2, 6)
    g.apply(c.Shoot(figure="a:s", weapon="grenade", target="b:t"))
    return g


def ammunition() -> Game:
    """[R-CAMP-AMMO] a grenade thrown without rest: 1d6, out of ammunition on 1-2."""
    scn = scenario(band("a", fig("s", "sous_fifre", (20, 9), ("grenade",)), fig("boss", "chef", (44, 2))),
                   band("b", fig("t", "sous_fifre", (20, 17)), fig("boss", "chef", (44, 30))))
    g = start(scn, 6, 1, 6, options={"back_to_back": True, **OFF})
    g.apply(c.Activate(figure="a:s"))
    g.dice.force(2, 1)
    g.apply(c.Shoot(figure="a:s", weapon="grenade", target="b:t"))
    return g


def initiative_tie() -> Game:
    """[R-TURN-INIT-TIE] GAP-9: level scores and as many Sous-fifres: the tied reroll."""
    scn = scenario(band("a", fig("x", "chef", (4, 4)), fig("s", "sous_fifre", (6, 4))),
                   band("b", fig("y", "chef", (40, 28)), fig("t", "sous_fifre", (42, 28))))
    g = start(scn, 4, 4, 1, 5, 2)
    assert len(roll_events(g.log, "R-TURN-INIT-TIE")) == 2
    return g


FORCED = {"initiative_tie": initiative_tie, "rope_fall": rope_fall,
          "campaign_injuries": campaign_injuries, "scatter": scatter, "ammunition": ammunition}


@pytest.mark.parametrize("case", sorted(FORCED))
def test_forced_rolls_are_self_consistent(case):
    """[R-TURN-INIT-TIE] [R-EQ-ROPE] [R-CAMP-INJ-24] [R-CAMP-INJ-61] [R-CAMP-INJ-63]
    [R-CAMP-AMMO] GAP-33."""
    assert check_log(FORCED[case]())


def test_every_rule_that_rolls_is_checked():
    """The simulated games and the forced cases above roll under every rule that rolls;
    the rules the engine names in its ``Roll`` events are all listed."""
    seen = set().union(*(simulated_rules(n, 6) for n in SCENARIOS),
                       *(check_log(make()) for make in FORCED.values()))
    assert seen == ROLLING_RULES
    source = "\n".join(p.read_text(encoding="utf-8") for p in Path("skirmish/rules").rglob("*.py"))
    named = set(re.findall(r'(?:Roll\(|ctx\.roll\(\w+,|leadership_test\(ctx, \w+,)\s*rule="([^"]+)"',
                           source))
    assert named and named <= ROLLING_RULES
