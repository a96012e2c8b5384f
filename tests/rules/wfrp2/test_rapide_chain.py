"""A multi-target weapon's Attaque rapide (§1.b Weapons, §1.d; GAP-WF-6 with GAP-30's
chain): N shots, the first at each enemy chained within 1 pas of the previous one, those
left over at the first target; each shot with its own target's modifiers; the odds name
each shot; a game recorded under version 1 keeps every shot at one target."""

from __future__ import annotations

from skirmish.rules import commands as c
from tests.rules.build import band, fig, start
from tests.rules.wfrp2.helpers import answer, d100, faces, force, rolls, wf_scenario, wf_start

RAPIDE = c.Act(figure="a:chef", action="rapide", target="b:x", weapon="machine_pistol")


def _game(*others: tuple[str, tuple[float, float]], version: int | None = None):
    """The Chef (CT 55, a machine pistol: Cibles 3, PM 18) tops the ladder (51 against
    35, 36, 37…) and keeps its Fortune; the enemies stand where ``others`` puts them."""
    figs = [fig(fid, "sous_fifre", at, weapons=("sword",)) for fid, at in others]
    scn = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("machine_pistol",))),
                      band("b", *figs))
    g = start(scn, *faces(5, *range(1, len(figs) + 1)), rules_version=version)
    while g.state.pending is not None:
        answer(g, "keep")
    assert g.state.active == "a:chef"
    return g


def _shots(g) -> list[tuple[str | None, int | None]]:
    """Each shot's target and need, the Fortune rerolls declined."""
    force(g, d100(99), d100(98), d100(97))  # three misses
    g.apply(RAPIDE)
    while g.state.pending is not None:
        answer(g, "keep")
    return [(r.target, r.need) for r in rolls(g.log, "WF-A-RAPIDE")]


def test_each_shot_goes_down_the_chain_GAP_WF_6_GAP_30() -> None:
    # x and y 0.5 pas apart, y and z 0.5 apart; w is 1.5 pas from z: out of the chain
    g = _game(("x", (15, 5)), ("y", (15, 6.5)), ("z", (15, 8)), ("w", (15, 10.5)))
    assert _shots(g) == [("b:x", 55), ("b:y", 55), ("b:z", 55)]


def test_shots_left_over_go_at_the_first_target_GAP_WF_6() -> None:
    g = _game(("x", (15, 5)), ("y", (15, 6.5)), ("far", (15, 20)))
    assert _shots(g) == [("b:x", 55), ("b:y", 55), ("b:x", 55)]


def test_a_chained_target_brings_its_own_modifiers_WF_SHOOT_INTO_MELEE() -> None:
    """y is engaged with the Chef's ally: −20 for it alone ([WF-SHOOT-INTO-MELEE])."""
    scn = wf_scenario(
        band("a", fig("chef", "chef", (5, 5), weapons=("machine_pistol",)),
             fig("ally", "sous_fifre", (16, 6.5), weapons=("sword",))),
        band("b", fig("x", "sous_fifre", (14, 5), weapons=("sword",)),
             fig("y", "sous_fifre", (15, 6.5), weapons=("sword",))))
    g = wf_start(scn, 5, 1, 2, 3)
    while g.state.pending is not None:
        answer(g, "keep")
    assert g.state.active == "a:chef"
    odds = g.odds(RAPIDE)
    assert [h.figure for h in odds.harms] == ["b:x", "b:y", "b:x"] and odds.attacks == 1
    assert _shots(g) == [("b:x", 55), ("b:y", 35), ("b:x", 55)]


def test_a_version_1_game_keeps_every_shot_at_one_target() -> None:
    g = _game(("x", (15, 5)), ("y", (15, 6.5)), ("z", (15, 8)), version=1)
    assert g.odds(RAPIDE).attacks == 3
    assert _shots(g) == [("b:x", 55)] * 3
