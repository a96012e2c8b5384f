"""Les Clefs de l'Aube in the window (RULESETS §0.7, §3.g): choosing the ruleset on the
set-up screen with its GAP-CA options, the rules screen's GAP-CA defaults."""

import pygame

from tests.app.drive import key, press, step


def _texts(app) -> str:  # noqa: ANN001 - App
    return " ".join(str(e.text) for e in app.manager.get_root_container().elements
                    if hasattr(e, "text"))


def test_setup_picks_clefs_aube_with_its_gap_ca_options(app_factory):
    """[CA-CRIT-DIE] GAP-CA-8 switched on at set-up; the game starts under clefs_aube."""
    app = app_factory()
    step(app)
    press(app, app.screen.buttons["new"])
    setup = app.screen
    assert setup.ruleset == setup.scenario.ruleset == "skirmish"
    assert "GAP-CA" not in _texts(app)
    press(app, setup.ruleset_button)
    assert setup.ruleset == "clefs_aube"
    assert "GAP-CA-8" in _texts(app) and "GAP-47" in _texts(app)  # CA and frame options
    crit = next(b for b, (k, _) in setup.form.widgets.items() if k == "ca_critical_die")
    press(app, crit)
    assert setup.form.values["ca_critical_die"] == "attacks"
    press(app, setup.start)
    assert app.screen.name == "deployment"
    game = app.screen.session.game
    assert game.ruleset.id == "clefs_aube"
    assert game.ruleset.options_to_dict(game.options)["ca_critical_die"] == "attacks"
    # the rules screen of this game lists the CA options and every GAP-CA default
    key(app, pygame.K_F1)
    assert app.screen.name == "rules"
    html = app.screen.html()
    assert "Les Clefs de l'Aube" in html and "GAP-CA-23" in html and "GAP-CA-8" in html
    assert "<b>attacks</b>" in html


def test_setup_ruleset_cycles_back_to_skirmish(app_factory):
    app = app_factory()
    step(app)
    press(app, app.screen.buttons["new"])
    setup = app.screen
    press(app, setup.ruleset_button)
    press(app, setup.ruleset_button)
    assert setup.ruleset == "skirmish" and "ca_combat" not in setup.form.values
    press(app, setup.start)
    assert app.screen.session.game.ruleset.id == "skirmish"
