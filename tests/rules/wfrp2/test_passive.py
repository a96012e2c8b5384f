"""Skirmish's passive actions under WFRP 2e (RULES.md §7 [R-MORALE-*]; RULESETS §0.2, §1.e,
GAP-ALT-3), from version 3: each test §1.e's Leadership (GAP-WF-23: Cd = round(FM / 5) on
2d6, +1 per ally less than 3 pas away, [R-MORALE-ALLY]), the same ``passive_actions``
switches (D-1); a game of version 2 plays none and encodes as it did."""

from __future__ import annotations

from typing import Any

import msgspec

from skirmish.rules import commands as c
from skirmish.rules.events import ActionDeclared, DiceRoll, Moved, Reaction, Roll
from skirmish.rules.game import Game
from skirmish.rules.wfrp2 import WFRP2
from skirmish.rules.wfrp2.state import PASSIVES, Sightings
from tests.rules.build import band, fig, piece, start
from tests.rules.wfrp2.helpers import (
    PASSIVES_OFF,
    answer,
    d100,
    damage,
    faces,
    force,
    rolls,
    wf_scenario,
)

ON = {"charge": True, "charged": True, "spot": True, "shot": True}


def _game(*bands: Any, version: int | None = None, switches: dict[str, bool] = ON,
          terrain: tuple[Any, ...] = (), **options: Any) -> Game:
    """At the turn of band a's first figure (a d10 of 10 against 1s; a figure before it on
    the ladder passes), the initiative's Fortune kept; the passive actions by ``switches``."""
    scn = wf_scenario(*bands, passive_actions=switches, terrain=terrain, **options)
    n = sum(len(b.warband.figures) for b in bands)
    g = start(scn, *faces(10, *[1] * (n - 1)), rules_version=version)
    first = f"a:{bands[0].warband.figures[0].id}"
    while g.state.pending is not None or g.state.active != first:
        if g.state.pending is not None:
            answer(g, "keep")
        else:
            g.apply(c.EndActivation(figure=g.state.active or ""))
    return g


def _reactions(g: Game, rule: str) -> list[Reaction]:
    return [e for e in g.log if isinstance(e, Reaction) and e.rule == rule]


def _tests(g: Game, rule: str) -> list[Roll | DiceRoll]:
    """The d6 rolls of ``rule`` (the Leadership tests and the frame's other d6)."""
    return [e for e in g.log if isinstance(e, (Roll, DiceRoll)) and e.rule == rule]


def _charge_at_chef(switches: dict[str, bool] = ON, ally: bool = False, **options: Any
                    ) -> Game:
    """A Sous-fifre (FM 30: Cd 6) 6 pas from an enemy Chef; with ``ally``, a friend 2 pas
    from it."""
    a = [fig("x", "sous_fifre", (15, 5), weapons=("sword",))]
    if ally:
        a.append(fig("y", "sous_fifre", (15, 7), weapons=("sword",)))
    return _game(band("a", *a), band("b", fig("c", "chef", (22, 5), weapons=("sword",))),
                 switches=switches, **options)


def test_a_failed_charge_test_moves_away_R_MORALE_CHARGE_GAP_44() -> None:
    g = _charge_at_chef()
    force(g, 6, 6)  # 12 > Cd 6
    g.apply(c.Charge(figure="a:x", target="b:c"))
    test = _tests(g, "R-MORALE-CHARGE")[0]
    assert test.need == 6 and test.dice == (6, 6)
    assert [r.passed for r in _reactions(g, "R-MORALE-CHARGE")] == [False]
    x = g.state.figures["a:x"]
    moved = [e for e in g.log if isinstance(e, Moved) and e.rule == "R-MORALE-CHARGE"]
    assert moved and abs(x.x - (15 - 6)) < 1e-6  # its Mvt (6 pas) straight away from the Chef
    assert not rolls(g.log, "WF-A-CHARGE") and x.halves == 0  # the Charge is spent


def test_a_passed_charge_test_charges_with_an_ally_near_R_MORALE_ALLY() -> None:
    g = _charge_at_chef(ally=True)
    force(g, 4, 3, d100(99))  # 7 ≤ Cd 6 + 1 (the ally 2 pas away); the blow misses
    g.apply(c.Charge(figure="a:x", target="b:c"))
    assert _tests(g, "R-MORALE-CHARGE")[0].need == 7
    assert [r.passed for r in _reactions(g, "R-MORALE-CHARGE")] == [True]
    assert len(rolls(g.log, "WF-A-CHARGE")) == 1


def test_native_morale_tests_d100_under_fm_plus_5_per_ally_GAP_WF_23_R_MORALE_ALLY() -> None:
    g = _charge_at_chef(ally=True, morale="native")
    force(g, d100(35), d100(99))  # 35 ≤ FM 30 + 5 (the ally); the blow misses
    g.apply(c.Charge(figure="a:x", target="b:c"))
    test = _tests(g, "R-MORALE-CHARGE")[0]
    assert test.need == 35 and test.value == 35
    assert [r.passed for r in _reactions(g, "R-MORALE-CHARGE")] == [True]


def _chef_charges(at: tuple[float, float]) -> Game:
    """A Chef (Mvt 9: a Charge of 18 pas) charges a Sous-fifre (BE 2) at ``at``."""
    return _game(band("a", fig("c", "chef", (5, 5), weapons=("sword",))),
                 band("b", fig("x", "sous_fifre", at, weapons=("sword",))))


def test_charged_without_stepping_back_takes_the_blow_with_less_be_R_MORALE_CHARGED_GAP_45(
) -> None:
    g = _chef_charges((12, 5))
    # failed (12 > 6); the step back's d6 is a 1; the blow hits (05); 5 damage
    force(g, 6, 6, 1, d100(5), 5)
    g.apply(c.Charge(figure="a:c", target="b:x"))
    while g.state.pending is not None:
        answer(g, "none" if any(o.key == "none" for o in g.state.pending.options) else "keep")
    assert [r.key for r in _reactions(g, "R-MORALE-CHARGED")] == ["wf_p_exposed"]
    hit = damage(g.log)[0]
    assert hit.be == g.state.figures["b:x"].profile.be - 1
    # the Sous-fifre saw the Chef when the battle started (GAP-46: no Spot test then)
    assert g.state.passives == Sightings(seen=["b:x>a:c"], exposed=["a:c>b:x"])


def test_charged_stepping_out_of_reach_ends_the_charge_short_R_MORALE_CHARGED() -> None:
    g = _chef_charges((23, 5))  # 17 pas apart: within the Charge until it steps back 3
    force(g, 6, 6, 6, 6)  # failed; 5–6 steps back; 1d3 from a 6: 3 pas
    g.apply(c.Charge(figure="a:c", target="b:x"))
    assert [r.key for r in _reactions(g, "R-MORALE-CHARGED")] == ["wf_p_steps_back"]
    assert abs(g.state.figures["b:x"].x - 26) < 1e-6
    assert not rolls(g.log, "WF-A-CHARGE")  # no blow
    assert g.state.figures["a:c"].x > 5 + 17  # its Charge's 18 pas towards it


def _behind_a_wall(switches: dict[str, bool] = ON) -> Game:
    """A Sous-fifre with a pistol (PM 12) hidden from an enemy Chef by a wall; a Mouvement
    to (5, 10.5) brings the Chef into its sight, 11.3 pas away."""
    wall = piece("wall", "impassable", [(8, 2), (9, 2), (9, 8), (8, 8)], blocks_los=True,
                 height=3)
    return _game(band("a", fig("x", "sous_fifre", (5, 5), weapons=("pistol",))),
                 band("b", fig("c", "chef", (16, 5), weapons=("sword",))),
                 switches=switches, terrain=(wall,))


def test_first_sight_passed_offers_a_free_shot_R_MORALE_SPOT_GAP_46() -> None:
    g = _behind_a_wall()
    assert g.state.passives == Sightings()  # not in sight when the battle starts
    force(g, 1, 1)  # 2 ≤ Cd 6
    g.apply(c.Walk(figure="a:x", to=(5, 10.5)))
    assert [r.passed for r in _reactions(g, "R-MORALE-SPOT")] == [True]
    p = g.state.pending
    assert p is not None and p.kind == "wf_free_shot"
    assert [o.key for o in p.options] == ["shoot:pistol", "hold"]
    odds = g.odds(c.Choose(option="shoot:pistol"))  # S14: the shot's, for the computer
    assert odds is not None and 0 < odds.p_success < 1 and odds.harms[0].figure == "b:c"
    halves = g.state.figures["a:x"].halves
    force(g, d100(99))  # the free shot misses
    answer(g, "shoot:pistol")
    shot = [e for e in g.log if isinstance(e, ActionDeclared) and e.action == "free_shot"]
    assert shot and shot[0].cost == 0 and g.state.figures["a:x"].halves == halves
    assert len(rolls(g.log, "R-MORALE-SPOT")) == 1  # the shot's d100
    assert g.state.passives.seen == ["a:x>b:c"]  # type: ignore[union-attr]
    g.apply(c.Walk(figure="a:x", to=(5, 11.5)))  # once per pair
    assert len(_reactions(g, "R-MORALE-SPOT")) == 1


def test_first_sight_failed_moves_out_of_sight_R_MORALE_SPOT() -> None:
    g = _behind_a_wall()
    force(g, 6, 6, 6)  # 12 > Cd 6; 1d3 from a 6: 3 pas
    g.apply(c.Walk(figure="a:x", to=(5, 10.5)))
    assert [r.passed for r in _reactions(g, "R-MORALE-SPOT")] == [False]
    assert [e for e in g.log if isinstance(e, Moved) and e.rule == "R-MORALE-SPOT"]
    assert g.state.pending is None


def _shot_at(target_weapons: tuple[str, ...], switches: dict[str, bool] = ON) -> Game:
    """A Chef with a pistol (damage 3) 7 pas from a Sous-fifre armed with
    ``target_weapons``; its shot misses and its Fortune reroll is declined."""
    g = _game(band("a", fig("c", "chef", (5, 5), weapons=("pistol",))),
              band("b", fig("x", "sous_fifre", (12, 5), weapons=target_weapons)),
              switches=switches)
    force(g, d100(99), 6, 6, 6)  # a miss; a failed test (12 > 6); 1d3 from a 6
    g.apply(c.Shoot(figure="a:c", weapon="pistol", target="b:x"))
    while g.state.pending is not None:
        answer(g, "keep")
    assert len(rolls(g.log, "WF-A-STANDARD")) == 1
    return g


def test_shot_at_without_a_ranged_weapon_tests_R_MORALE_SHOT_GAP_48() -> None:
    g = _shot_at(("sword",))
    assert [r.passed for r in _reactions(g, "R-MORALE-SHOT")] == [False]
    assert abs(g.state.figures["b:x"].x - 15) < 1e-6  # 3 pas back: no cover near


def test_shot_at_by_no_greater_weapon_does_not_test_R_MORALE_SHOT_GAP_48() -> None:
    g = _shot_at(("sword", "pistol"))  # its own pistol's damage is as great
    assert not _reactions(g, "R-MORALE-SHOT") and not _tests(g, "R-MORALE-SHOT")


def test_switched_off_none_is_taken_R_MORALE_OPT_D_1() -> None:
    g = _charge_at_chef(switches=PASSIVES_OFF)
    force(g, d100(99))
    g.apply(c.Charge(figure="a:x", target="b:c"))
    assert not _tests(g, "R-MORALE-CHARGE") and len(rolls(g.log, "WF-A-CHARGE")) == 1
    g = _shot_at(("sword",), switches=PASSIVES_OFF)
    assert not _reactions(g, "R-MORALE-SHOT") and g.state.figures["b:x"].x == 12
    g = _behind_a_wall(switches=PASSIVES_OFF)
    g.apply(c.Walk(figure="a:x", to=(5, 10.5)))
    assert not _reactions(g, "R-MORALE-SPOT") and g.state.pending is None


def test_the_option_is_offered_under_wfrp_RULESETS_0_2() -> None:
    assert "passive_actions" not in WFRP2.unused_options
    assert WFRP2.version >= PASSIVES


def test_a_version_2_game_plays_none_and_encodes_as_before() -> None:
    g = _game(band("a", fig("x", "sous_fifre", (5, 5), weapons=("sword",))),
              band("b", fig("c", "chef", (12, 5), weapons=("sword",))), version=2)
    assert "passives" not in msgspec.json.decode(msgspec.json.encode(g.state))
    force(g, d100(99))
    g.apply(c.Charge(figure="a:x", target="b:c"))
    assert not _tests(g, "R-MORALE-CHARGE") and len(rolls(g.log, "WF-A-CHARGE")) == 1
    assert "passives" not in msgspec.json.decode(msgspec.json.encode(g.state))

