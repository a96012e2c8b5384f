"""The computer player of a ruleset with its own scheduler (skirmish/ai/seam.py), under
WFRP: at every level it answers the target's defence prompt, a Fortune reroll and Destin
by the odds (RULESETS §0.5 S7, S14; GAP-WF-7, [WF-FORTUNE], GAP-WF-12), and it names no
ruleset's action or resource: costs and prices come from the action bar (§0.7)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from skirmish.ai.levels import make_player
from skirmish.ai.seam_worth import Costs
from skirmish.rules import commands as c
from skirmish.rules.wfrp2.actions import COSTS
from tests.rules.build import band, fig
from tests.rules.wfrp2.helpers import answer, d100, force, wf_scenario, wf_start
from tests.rules.wfrp2.test_attack import chef_first, duel

LEVELS = ("easy", "normal", "hard")


def _choice(g, level: str) -> str:
    cmd = make_player(level, 1, clock=False).choose(g)
    assert isinstance(cmd, c.Choose)
    return cmd.option


@pytest.mark.parametrize("level", LEVELS)
def test_the_target_parries_rather_than_takes_the_blow_GAP_WF_7(level) -> None:
    scn = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("two_handed_axe",))),
                      band("b", fig("x", "sous_fifre", (6, 5), weapons=("sword",),
                                    equipment=("shield",))))
    g = chef_first(scn)
    force(g, d100(12))
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    p = g.state.pending
    assert p.kind == "wf_defence" and p.band == "b" and {o.key for o in p.options} == {
        "parry", "none"}
    assert _choice(g, level) == "parry"


@pytest.mark.parametrize("level", LEVELS)
def test_fortune_rerolls_a_miss_worth_it_and_keeps_one_that_is_not_WF_FORTUNE(level) -> None:
    g = chef_first(duel())  # CC 45 with a sword at a henchman of 6 B: a hit takes much
    force(g, d100(80))
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert g.state.pending.kind == "wf_reroll"
    assert _choice(g, level) == "reroll"
    weak = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("dagger",),
                                     native={"wfrp2": {"cc": 3}})),
                       band("b", fig("x", "sous_fifre", (6, 5), weapons=("sword",),
                                     equipment=("heavy_armour",))))
    g = chef_first(weak)  # 3 % to hit, a dagger on heavy armour: a point is worth more
    force(g, d100(80))
    g.apply(c.Strike(figure="a:chef", target="b:x"))
    assert g.state.pending.kind == "wf_reroll"
    assert _choice(g, level) == "keep"


@pytest.mark.parametrize("level", LEVELS)
def test_destin_is_spent_to_live_GAP_WF_12(level) -> None:
    scn = wf_scenario(band("a", fig("x", "chef", (5, 5), weapons=("two_handed_axe",))),
                      band("b", fig("chef", "chef", (6, 5), weapons=("sword",))))
    g = wf_start(scn, 9, 1)
    answer(g, "keep")
    answer(g, "keep")
    force(g, d100(11), 9)
    g.apply(c.Strike(figure="a:x", target="b:chef"))
    answer(g, "none")
    g.apply(c.EndActivation(figure="a:x"))
    g.apply(c.EndActivation(figure="b:chef"))
    force(g, d100(11), 9, d100(95))  # killed, unless Destin
    g.apply(c.Strike(figure="a:x", target="b:chef"))
    answer(g, "none")
    assert g.state.pending.kind == "wf_destin"
    assert _choice(g, level) == "destin"


def test_costs_and_prices_come_from_the_action_bar_S5() -> None:
    g = chef_first(duel())
    costs = Costs()
    fid = "a:chef"
    assert costs.of(g, fid, c.Strike(figure=fid, target="b:x")) == (COSTS["strike"][0], {})
    assert costs.of(g, fid, c.Act(figure=fid, action="rapide", target="b:x")) == (2, {})
    assert costs.of(g, fid, c.Act(figure=fid, action="fortune")) == (0, {"fortune": 1})


WF_WORDS = {"fortune", "destin", "visee", "rapide", "brutale", "prudente", "parade", "parry",
            "dodge", "reroll", "keep", "retardement", "wfrp2", "halves"}


def test_the_seam_player_names_no_rulesets_action_or_resource() -> None:
    """Its code (docstrings aside) holds none of WFRP's action, option or field names."""
    for path in sorted(Path("skirmish/ai").glob("seam*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef))
                and n.body and isinstance(n.body[0], ast.Expr)}
        words = {n.value.lower() for n in ast.walk(tree)
                 if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs}
        words |= {n.id.lower() for n in ast.walk(tree) if isinstance(n, ast.Name)}
        words |= {n.attr.lower() for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        assert not words & WF_WORDS, (path.name, words & WF_WORDS)


def test_hard_looks_one_activation_ahead_where_normal_looks_one_step_GAP_WF_18() -> None:
    """A Chef with a rifle (PM 20) 30 pas from a henchman, too slow to close in: a shot
    that far needs a Visée first ([WF-LONG-RANGE], GAP-WF-18). One step ahead the Visée
    is worth nothing and a step closer a little: normal steps; hard sees the shot the
    Visée opens and aims."""
    scn = wf_scenario(band("a", fig("chef", "chef", (5, 5), weapons=("rifle",),
                                    native={"wfrp2": {"mvt": 0.5}})),
                      band("b", fig("x", "sous_fifre", (36, 5), weapons=("sword",))))
    g = chef_first(scn)
    assert not any(isinstance(x, c.Shoot) for x in g.legal_commands(sample_moves=False))
    normal = make_player("normal", 1, clock=False).choose(g)
    hard = make_player("hard", 1, clock=False).choose(g)
    assert isinstance(normal, (c.Walk, c.Run))
    assert hard == c.Act(figure="a:chef", action="visee")
