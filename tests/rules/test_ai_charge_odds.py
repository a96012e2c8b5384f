"""The computer's charge odds (``Hooks.ai_odds.charge``) against the engine itself: the
charge is played many times on copies of one game with forked dice, decisions answered
with their default, and every frequency must lie within 3 standard errors of the odds
the computer weighs the charge with, as the previews' odds must."""

from __future__ import annotations

import pytest

from skirmish.rules import commands as c
from skirmish.rules.frame.queries import in_contact
from skirmish.rules.skirmish.preview import charge_preview, ctx_of
from tests.ai.test_odds_vs_engine import ALL_ON, close, trials
from tests.rules.build import band, fig, piece, scenario, start
from tests.sizes import sizes


def _against_a_wall():
    """A Sous-chef charges a Sous-fifre 10.5 pas off with a wall 1 pas behind it: a step
    back of 2 or 3 pas stops at the wall, so the charge reaches whatever the 1d3."""
    ty = 16.5
    wall = piece("wall", "impassable", ((6, ty + 1.5), (14, ty + 1.5), (14, ty + 2.5), (6, ty + 2.5)),
                 height=2)
    scn = scenario(band("a", fig("x", "sous_chef", (10, 5), weapons=("sword",)),
                        fig("boss", "chef", (44, 2))),
                   band("b", fig("y", "sous_fifre", (10, ty)), fig("boss", "chef", (44, 30))),
                   terrain=(wall,))
    g = start(scn, 6, 1, 6, options=ALL_ON)
    g.apply(c.Activate(figure="a:x"))
    return g


@pytest.mark.parametrize("n", sizes(600, 4_000))
def test_computer_charge_odds_match_the_engine_after_a_short_step_back_R_ACT_CHARGE_GAP_45(n):
    """[R-ACT-CHARGE] [R-MORALE-CHARGED] GAP-45: "Être chargé" failed, 5–6 steps back 1d3
    pas, but the wall stops it short, so the charge still reaches (and the target, not
    having gone its full distance, takes −1 R). The computer's P(contact), P(−1 R) and
    P(out of action after the strikes) are the engine's, and the preview's."""
    g = _against_a_wall()
    ctx = ctx_of(g)
    o = ctx.hooks.ai_odds.charge(ctx, ctx.fig("a:x"), ctx.fig("b:y"))
    assert float(o.p_contact) == charge_preview(g, "a:x", "b:y").p_contact
    contact = malus = out = 0
    for h, _ in trials(g, c.Charge(figure="a:x", target="b:y"), n):
        x, y = h.state.figures["a:x"], h.state.figures["b:y"]
        if in_contact(x, y):
            contact += 1
            malus += y.charged_malus
            while h.state.figures["a:x"].pa >= 1:
                h.apply(c.Strike(figure="a:x", target="b:y"))
            out += h.state.figures["b:y"].status != "in_play"
    assert close(contact / n, o.p_contact, n), (contact / n, float(o.p_contact))
    assert close(malus / n, o.p_malus, n), (malus / n, float(o.p_malus))
    assert close(out / n, o.p_out, n), (out / n, float(o.p_out))
