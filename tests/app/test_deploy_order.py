"""Deployment says who deploys first and why. RULES.md §15 row 8 ([HOUSE] reading of
GAP-8): after a d6 roll-off the loser deploys its whole band first, then the winner. A
usability audit found the log reading "Survivors 6 against Gorgutz 1" then "Gorgutz's
Boyz → The Survivors", which looks backwards without the reason, and the figure card
speaking of ringed figures to activate while nothing can be activated yet."""

import pytest

from skirmish.rules import events as ev
from tests.app.drive import bar_button, press, step, take_seat


@pytest.mark.parametrize(("lang", "why", "hint"), [
    ("en", "The loser of the roll-off deploys first, here {first}",
     "Deployment: take a figure from the list below and place it inside your zone."),
    ("fr", "Le perdant du jet de déploiement se déploie en premier, ici {first}",
     "Déploiement : prenez une figurine dans la liste ci-dessous et placez-la dans votre zone."),
])
def test_the_log_says_the_roll_off_loser_deploys_first_R_DEPLOY_GAP_8(app_factory, lang, why,
                                                                       hint):
    app = app_factory(scenario="scenarios/street_fight.toml", seed=2, lang=lang)
    step(app)
    screen = app.screen
    assert screen.name == "deployment"
    d = screen.describer()
    first, second = screen.state.deploy_order
    last_roll = {r.inputs["band"]: r.dice[0] for r in screen.game.log
                 if isinstance(r, ev.Roll) and r.rule == "R-DEPLOY"}
    assert last_roll[first] < last_roll[second]  # the loser of the (last) roll-off
    line = next(x for x in screen.log.lines if x.startswith(("Deployment order", "Ordre de")))
    assert why.format(first=d.band(first)) in line and "GAP-8 [HOUSE]" in line, line
    assert line.index(d.band(first)) < line.index(d.band(second))  # the order, first first
    take_seat(app)
    step(app)
    card = screen.card.box.html_text
    assert hint in card and "entour" not in card and "Ringed" not in card, card
    press(app, bar_button(app, "auto"))
    press(app, bar_button(app, "end_deploy"))
    take_seat(app)
    press(app, bar_button(app, "auto"))
    press(app, bar_button(app, "end_deploy"))
    step(app, n=2)
    assert screen.name == "battle" or app.screen.name == "battle"
    app.screen.selected = None
    step(app)
    assert hint not in app.screen.card.box.html_text  # in battle: the ringed figures again
