"""Negative numbers of Les Clefs de l'Aube in the log, written with a true minus sign:
[CA-EDGE] a 20 against a CA of 20 or more fails with a degree of 20 − CA, "et donc aussi
négatif" (L340–341); a shot's Dom can fall below 0 ([CA-DMG-TABLE]: ≤ 0, no effect); a
window's ND can be below 0 (an evading Sous-fifre's Esq, −5 in §3.b)."""

from __future__ import annotations

import pytest

from skirmish.app.describe import Describer
from skirmish.app.i18n import Translator
from skirmish.rules import commands as c
from skirmish.rules.clefs_aube.damage import encaisse
from skirmish.rules.events import DamageResolved
from skirmish.rules.skirmish.context import Ctx
from tests.rules.build import band, fig
from tests.rules.clefs_aube.helpers import ca_scenario, ca_start, d20s


def _chef_shooting():
    """§3.b's Chef (CA tir 24) about to shoot a Sous-fifre 9 pas away, one action."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 10), ["pistol"]), fig("f", "sous_fifre", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 19)), fig("boss", "chef", (40, 30))),
        ca_multi_actions=False)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    return g


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_20_against_ca_24_fails_by_minus_4_written_with_a_minus_sign_CA_EDGE_GAP_CA_7(lang):
    g = _chef_shooting()
    g.dice.force(20)
    (shot,) = d20s(g.apply(c.Shoot(figure="a:x", weapon="pistol", target="b:y")))
    assert shot.window.ca == 24 and not shot.success
    assert shot.degree == 20 - 24 and shot.result == "°É −4"
    line = Describer(g.state, g.book, Translator(lang), g.scenario).line(shot)
    assert line.endswith("→ ✗ °É −4") and "-4" not in line, line


def test_a_dom_below_zero_is_written_with_a_minus_sign_CA_DMG_TABLE():
    """A Dom of −3 (°R 1 + BD − a long band's ND, say): no effect, said with "−"."""
    g = _chef_shooting()
    g.dice.force(5)
    ctx = Ctx(g.state, g.table, g.book, g.dice)
    encaisse(ctx, ctx.fig("b:y"), -3, ctx.fig("a:x"), inputs={})
    (hurt,) = [e for e in ctx.events if isinstance(e, DamageResolved)]
    line = Describer(g.state, g.book, Translator("en"), g.scenario).line(hurt)
    assert line.startswith("Y: Dom −3 − BE 0 − °R ") and "= −" in line and "-" not in line, line


def test_a_window_below_zero_is_written_with_a_minus_sign_CA_MELEE_GAP_CA_18():
    """§3.b's Chef (TA 20, sword) strikes an evading Sous-fifre (Esq −5, GAP-CA-18)."""
    scn = ca_scenario(
        band("a", fig("x", "chef", (10, 10), ["sword"]), fig("f", "sous_fifre", (40, 2))),
        band("b", fig("y", "sous_fifre", (10, 11), ["dagger"]), fig("boss", "chef", (40, 30))),
        ca_multi_actions=False)
    g = ca_start(scn)
    g.apply(c.Activate(figure="a:x"))
    g.state.ca["b:y"].evading = True  # as after its Éviter in its last activation
    g.dice.force(20)
    (blow,) = d20s(g.apply(c.Strike(figure="a:x", target="b:y", weapon="sword")))
    assert (blow.window.nd, blow.window.ca) == (-5, 20)
    line = Describer(g.state, g.book, Translator("en"), g.scenario).line(blow)
    assert "window −5 < d ≤ 20 → ✗ °É 0" in line and "-" not in line.split("]")[1], line
