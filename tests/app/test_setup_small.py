"""The set-up screen at 960 × 600: every rules option's label is shown whole, with its key
word, in both languages and both rulesets (RULES.md §15, RULESETS §3.f). An audit found
"Système de… (CA-SURCLASSEMENT)", "Seuil de mise hors de… (GAP-CA-9)" and the passive
actions' switches as "✓Cha…", "✓Cha…" (Charge or Chargé?) in French, and the heading
"Options de règles…"."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UILabel

from skirmish.app.screens.options_form import option_label, options_heading, shown_options, sub_name
from skirmish.app.screens.setup import SetupScreen
from tests.app.drive import duel, press, step, table_app
from tests.app.test_long_banners import SMALL


def setup_in(lang: str, size: tuple[int, int], ruleset: str) -> tuple[object, SetupScreen]:
    app = table_app(duel(), lang=lang, size=size)
    app.go(lambda: SetupScreen(app))
    step(app)
    screen = app.screen
    while screen.ruleset != ruleset:
        press(app, screen.ruleset_button)
    step(app)
    return app, screen


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
@pytest.mark.parametrize("ruleset", ["skirmish", "clefs_aube"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_option_label_and_switch_is_shown_whole_D_1_GAP_CA_9(
        lang: str, ruleset: str, size: tuple[int, int]) -> None:
    app, screen = setup_in(lang, size, ruleset)
    t = screen.t
    labels = [e for e in app.manager.get_root_container().elements if isinstance(e, UILabel)]
    shown = {e.text for e in labels}
    for key in shown_options(ruleset):
        assert option_label(t, key, ruleset) in shown, (key, sorted(shown))
    assert options_heading(t, "setup.options", ruleset) in shown
    switches = [(b, sub) for b, (key, sub) in screen.form.widgets.items() if sub]
    for button, sub in switches:  # D-1's passive actions, one switch each
        assert button.text[1:].strip() == sub_name(sub, t), button.text
    start = screen.start.rect
    for widget in [*screen.form.widgets, *screen.form.entries.values()]:
        rect = widget.rect
        assert rect.bottom <= start.top and rect.right <= app.window.get_width(), rect


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_band_line_of_a_three_band_game_shows_whole_R_RACE_OPT(lang: str) -> None:
    """Each band's line says its name, race and figures whole at 960 × 600: the French race
    was the rulebook's heading ("La Meute de Skritch (Race des…"); the window now says the
    race's short name ("Hommes-rats")."""
    app, screen = setup_in(lang, SMALL, "skirmish")
    screen.index = next(i for i, (_, sc) in enumerate(screen.scenarios)
                        if sc.id == "three_band_brawl")
    screen._reset_controllers()
    app.rebuild()
    step(app)
    lines = [label.text for label in screen.band_labels]
    assert len(lines) == 3 and not any(line.endswith("…") for line in lines), lines
    rats = "Hommes-rats" if lang == "fr" else "Rat-men"
    assert any(f"({rats}, " in line for line in lines), lines
