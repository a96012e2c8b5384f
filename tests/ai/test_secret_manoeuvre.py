"""The easy and normal levels choose the secret manoeuvre of Les Clefs de l'Aube by the
odds ([CA-SURCLASSEMENT], GAP-CA-6: raw °R compared; a defender that wins with MD
damages the attacker), where they answered the rules' default (MD attacking, MP
defending) whatever the fighters. Each answer is played on copies with forked dice; the
real game and its dice are untouched, and the same position gives the same answer."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.ai.levels import make_player
from skirmish.ai.normal import NormalPlayer
from skirmish.rules import commands as c
from skirmish.rules.game import Game
from tests.ai.test_clefs_odds_vs_engine import duel


def profile(g: Game, fid: str, **stats: int) -> None:
    cf = g.state.ca[fid]
    cf.profile = msgspec.structs.replace(cf.profile, **stats)


def attacking(**stats: int) -> Game:
    """The Sous-chef a:x strikes the Sous-fifre b:y by surclassement; ``stats`` change
    b:y's profile (``a_`` prefixed: a:x's). a:x is to choose its manoeuvre."""
    g = duel(ca_combat="surclassement", ca_multi_actions=False)
    profile(g, "a:x", **{k[2:]: v for k, v in stats.items() if k.startswith("a_")})
    profile(g, "b:y", **{k: v for k, v in stats.items() if not k.startswith("a_")})
    g.apply(c.Strike(figure="a:x", target="b:y"))
    assert g.state.pending.kind == "ca_manoeuvre" and g.to_act == "a"
    return g


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_defender_whose_parry_is_hopeless_hits_back_CA_SURCLASSEMENT_GAP_CA_6(level):
    """[CA-SURCLASSEMENT] MP is Ph + Ma + BC: with Ma at −12 the parry's CA is below 0
    and it cannot succeed, while MD (Ph + Pu + BC) is 14. The default, MP, parried with
    no chance; by the odds the defender strikes back (GAP-CA-6 step 6)."""
    g = attacking(ma=-12, pu=4)
    g.apply(c.Choose(option="MD"))
    p = g.state.pending
    assert p.default == "MP" and g.to_act == "b"
    assert {o.key: o.params["ca"] for o in p.options}["MP"] < 1
    assert make_player(level, 1).choose(g) == c.Choose(option="MD")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_an_attacker_without_a_damaging_manoeuvre_parries_CA_SURCLASSEMENT_GAP_CA_6(level):
    """[CA-SURCLASSEMENT] an attacker whose MD has a CA of 0 cannot wound; against a
    defender who may strike back hard with MD, its parry (CA 16) is what the odds say,
    not the default MD."""
    g = attacking(a_pu=-16, pu=6)
    p = g.state.pending
    assert p.default == "MD" and {o.key: o.params["ca"] for o in p.options}["MD"] < 1
    assert make_player(level, 1).choose(g) == c.Choose(option="MP")


def test_the_answer_is_weighed_on_copies_and_repeats_CA_SURCLASSEMENT():
    """The look-ahead plays on copies with forked dice: the real game's state and dice
    are as they were, and the same position gives the same answer."""
    g = attacking(a_pu=-16, pu=6)
    before, state = g.dice.snapshot(), g.state_hash()
    answers = {make_player("normal", s).choose(g) for s in (1, 2)}
    assert len(answers) == 1
    assert g.dice.snapshot() == before and g.state_hash() == state


def test_the_hard_players_rollouts_answer_by_default_CA_SURCLASSEMENT():
    """The hard level searches its own answers with rollouts; inside a rollout the normal
    player it plays with answers by the rules' default, a sample at no cost."""
    g = attacking(a_pu=-16, pu=6)
    assert NormalPlayer(1, secrets=False).choose(g) == c.Choose(option="MD")
