"""Turn sequence (§5): initiative, waves, PA, activation order."""

import pytest

from skirmish.rules import commands as c
from skirmish.rules.errors import IllegalCommand
from skirmish.rules.events import ActivationEnded, Initiative, WaveStarted
from tests.rules.build import band, fig, scenario, start


def two_bands(sf_a: int = 2, sf_b: int = 1):
    a = [fig("chef", "chef", (5, 5))] + [fig(f"sf{i}", "sous_fifre", (8 + 3 * i, 5))
                                          for i in range(sf_a)]
    b = [fig("chef", "chef", (5, 27))] + [fig(f"sf{i}", "sous_fifre", (8 + 3 * i, 27))
                                           for i in range(sf_b)]
    return scenario(band("a", *a), band("b", *b))


def initiative(game):
    return next(e for e in game.log if isinstance(e, Initiative))


def test_initiative_adds_sous_fifres_R_TURN_INIT():
    g = start(two_bands(2, 1), 2, 4, 3)  # a: 2 + 2 = 4, b: 4 + 1 = 5
    ini = initiative(g)
    assert ini.scores == {"a": 4, "b": 5}
    assert ini.order == ("b", "a")
    assert g.to_act == "b"


def test_initiative_tie_fewer_sous_fifres_first_R_TURN_INIT_TIE():
    g = start(two_bands(2, 1), 3, 4, 3)  # a: 3 + 2 = 5, b: 4 + 1 = 5 → b has fewer SF
    assert initiative(g).order == ("b", "a")


def test_initiative_tie_rerolls_among_tied_GAP_9():
    g = start(two_bands(1, 1), 4, 4, 1, 5, 2)  # 5 = 5, same SF → reroll: a 1, b 5 → b first
    assert initiative(g).order == ("b", "a")
    rerolls = [e for e in g.log if getattr(e, "rule", "") == "R-TURN-INIT-TIE"]
    assert [e.dice for e in rerolls] == [(1,), (5,)]


def test_wave_one_is_capped_by_d6_R_TURN_WAVE():
    g = start(two_bands(2, 1), 6, 1, 1)  # a first; its wave-1 d6 = 1
    wave = next(e for e in g.log if isinstance(e, WaveStarted))
    assert (wave.band, wave.wave, wave.cap) == ("a", 1, 1)
    g.dice.force(2)  # b's wave-1 d6
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.EndActivation(figure="a:chef"))
    assert g.to_act == "b"
    with pytest.raises(IllegalCommand):
        g.apply(c.Activate(figure="a:sf0"))


def test_wave_two_activates_the_rest_in_order_R_TURN_WAVE_GAP_10():
    """[R-TURN-WAVE]"""
    g = start(two_bands(2, 1), 6, 1, 1, 6)
    g.apply(c.Activate(figure="a:chef"))
    g.apply(c.EndActivation(figure="a:chef"))
    for fid in ("b:chef", "b:sf0"):
        g.apply(c.Activate(figure=fid))
        g.apply(c.EndActivation(figure=fid))
    waves = [e for e in g.log if isinstance(e, WaveStarted)]
    assert (waves[-1].band, waves[-1].wave, waves[-1].cap) == ("a", 2, None)
    with pytest.raises(IllegalCommand, match="GAP-10|stop it early"):
        g.apply(c.EndWave(band="a"))


def test_end_wave_early_GAP_10():
    g = start(two_bands(2, 1), 6, 1, 6, 6)
    g.apply(c.EndWave(band="a"))
    assert g.to_act == "b"


def test_action_points_by_rank_R_TURN_PA_GAP_11():
    """[R-TURN-PA]"""
    g = start(two_bands(2, 1), 6, 1, 6)
    g.apply(c.Activate(figure="a:chef"))
    assert g.state.figures["a:chef"].pa == 3
    g.apply(c.EndActivation(figure="a:chef"))
    g.apply(c.Activate(figure="a:sf0"))
    assert g.state.figures["a:sf0"].pa == 2


def test_action_points_option_GAP_11():
    g = start(two_bands(2, 1), 6, 1, 6, options={"action_points": {"chef": 3, "sous_chef": 2,
                                                                  "sous_fifre": 3}})
    g.apply(c.Activate(figure="a:sf0"))
    assert g.state.figures["a:sf0"].pa == 3


def test_unspent_pa_are_lost_R_TURN_AA_GAP_12():
    """[R-TURN-AA]"""
    g = start(two_bands(2, 1), 6, 1, 6)
    g.apply(c.Activate(figure="a:chef"))
    ev = g.apply(c.EndActivation(figure="a:chef"))
    assert ActivationEnded(figure="a:chef", pa_lost=3) in ev
    assert g.state.figures["a:chef"].pa == 0
    with pytest.raises(IllegalCommand, match="already been activated"):
        g.apply(c.Activate(figure="a:chef"))


def test_alternate_activation_only_the_active_figure_acts_R_TURN_ALT():
    g = start(two_bands(2, 1), 6, 1, 6)
    g.apply(c.Activate(figure="a:chef"))
    with pytest.raises(IllegalCommand, match="not the figure being activated"):
        g.apply(c.Walk(figure="a:sf0", to=(9, 6)))


def test_turn_limit_ends_the_game_GAP_13_R_TURN_END():
    g = start(two_bands(1, 1), 6, 1, 6, options={"max_turns": 1})
    for fid in ("a:chef", "a:sf0"):
        g.apply(c.Activate(figure=fid))
        g.apply(c.EndActivation(figure=fid))
    g.dice.force(6)
    for fid in ("b:chef", "b:sf0"):
        g.apply(c.Activate(figure=fid))
        g.apply(c.EndActivation(figure=fid))
    assert g.over
    assert g.state.result["winner"] is None  # 0 VP each: a draw
