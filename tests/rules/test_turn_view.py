"""The Skirmish waves through the scheduler's view (RULESETS §0.5 S4, S5): what the
window's banner, order strip, pips and pass button read instead of the waves' fields."""

from skirmish.rules import commands as c
from skirmish.rules.turn import Pip, Said, Slot
from tests.rules.build import activate, band, fig, scenario, start
from tests.rules.test_turns import two_bands


def test_wave_one_names_its_d6_and_who_may_activate_R_TURN_WAVE_GAP_10():
    g = start(two_bands(2, 1), 2, 4, 2)  # initiative a 4, b 5; b's wave-1 d6: 2
    view = g.turn_view()
    assert view.phase == "battle" and view.turn == 1 and view.turns == 6
    assert view.band == "b" and view.figure is None
    assert view.order == (Slot(band="b", now=True), Slot(band="a"))
    assert view.stage == (Said("top.wave", {"n": 1}), Said("top.wave_cap", {"d6": 2, "left": 2}))
    assert view.choose == ("b:chef", "b:sf0")
    assert view.end == c.EndWave(band="b") and view.end_key == "end_wave"


def test_the_active_figure_shows_its_pa_as_pips_and_ends_its_activation_R_TURN_PA_GAP_11():
    g = start(two_bands(2, 1), 2, 4, 2)
    activate(g, "b:chef")
    g.apply(c.Walk(figure="b:chef", to=(5, 24)))
    view = g.turn_view()
    assert view.figure == "b:chef" and view.choose == ()
    assert view.pips == (Pip(kind="pa", spent=False), Pip(kind="pa", spent=False),
                         Pip(kind="pa", spent=True))
    assert view.end == c.EndActivation(figure="b:chef")


def test_deployment_shows_the_deployment_order_R_DEPLOY():
    scn = scenario(band("a", fig("chef", "chef", None)), band("b", fig("chef", "chef", None)))
    g = start(scn, 5, 2)  # the lower roll deploys first
    view = g.turn_view()
    assert view.phase == "deployment" and view.band == "b"
    assert view.order == (Slot(band="b", now=True), Slot(band="a"))
