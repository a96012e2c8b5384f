"""Les Clefs de l'Aube's options on the set-up screen read as whole labels, in both
languages and at both window sizes (RULESETS §3.f). A usability audit found "Out of
action at the (GAP-CA-9)", a sentence broken off, and "Multiple-action handicaps (n,
n + 3... (GAP-CA-2)", cut inside its own bracket."""

import pytest
from pygame_gui.elements import UILabel

from skirmish.app.screens.options_form import option_label, shown_options
from skirmish.app.screens.setup import SetupScreen
from skirmish.rules.clefs_aube.options import OPTION_INFO
from tests.app.drive import duel, press, step, table_app

#: Words a label may not end on: it would lean on its value to make sense.
DANGLING = {"the", "at", "of", "to", "a", "à", "la", "le", "de", "du", "des", "au"}


def clefs_setup(lang: str, size: tuple[int, int]):
    app = table_app(duel(), lang=lang, size=size)
    app.go(lambda: SetupScreen(app))
    step(app)
    screen = app.screen
    while screen.ruleset != "clefs_aube":
        press(app, screen.ruleset_button)
    step(app)
    return app, screen


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_clefs_option_label_is_shown_whole_GAP_CA_2_GAP_CA_9(lang, size):
    app, screen = clefs_setup(lang, size)
    shown = {e.text for e in app.manager.get_root_container().elements
             if isinstance(e, UILabel)}
    for key in shown_options("clefs_aube"):
        if key not in OPTION_INFO:
            continue  # a Skirmish frame option, with its own tests
        full = option_label(screen.t, key, "clefs_aube")
        assert full in shown, (key, full, sorted(x for x in shown if "GAP-CA" in x))
        name = option_label(screen.t, key, "clefs_aube", ids=False)
        assert name.count("(") == name.count(")"), name
        assert name.split()[-1].lower() not in DANGLING, name
