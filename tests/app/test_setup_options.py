"""The set-up screen's rules options, driven through the real window: a bad value is named
by the row a player sees and the bound it breaks, in the window's language, never as the
parser's own text; every passive-action switch shows its name beside ✓ / ✗."""

import pytest

from skirmish.app.screens.options_form import sub_name
from skirmish.app.screens.setup import SetupScreen
from tests.app.drive import duel, press, step, table_app


def setup(lang: str):
    app = table_app(duel(), lang=lang, size=(1280, 720))
    app.go(lambda: SetupScreen(app))
    step(app)
    return app, app.screen


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Bad option: Number of turns: at least 1"),
    ("fr", "Option invalide : Nombre de tours : au moins 1"),
])
def test_a_game_of_no_turns_is_refused_by_its_row_name_GAP_13(lang, words):
    """GAP-13 lets a scenario set the number of turns; 0 is refused before the game."""
    app, screen = setup(lang)
    screen.form.entries[("max_turns", None)].set_text("0")
    press(app, screen.start)
    assert screen.error == words
    assert app.screen is screen  # nothing started


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Bad option: PA by rank (Chef): “three” is not a whole number"),
    ("fr", "Option invalide : PA par rang (Chef) : « three » n'est pas un nombre entier"),
])
def test_a_word_for_a_number_names_the_rank_it_was_typed_for_GAP_11(lang, words):
    app, screen = setup(lang)
    screen.form.entries[("action_points", "chef")].set_text("three")
    press(app, screen.start)
    assert screen.error == words


def test_a_ranks_action_points_below_one_name_the_rank_GAP_11():
    app, screen = setup("en")
    screen.form.entries[("action_points", "sous_fifre")].set_text("0")
    press(app, screen.start)
    assert screen.error == "Bad option: PA by rank (S-f): at least 1"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_passive_action_switch_shows_its_name_D_1(lang):
    """D-1: the passive actions are switched one by one; at 1280 × 720 the longest name
    ("Charged") had been cut to "✓…", a switch nobody could tell apart."""
    app, screen = setup(lang)
    switches = [(b, sub) for b, (key, sub) in screen.form.widgets.items()
                if key == "passive_actions"]
    assert len(switches) == 4
    for button, sub in switches:
        assert button.text[0] in ("✓", "✗")
        assert button.text[1:].strip() == sub_name(sub, app.screen.t), button.text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_option_citing_a_rule_shows_its_text_on_hover_GAP_13(lang):
    """Each option label citing a rule ("Number of turns (GAP-13)") has the rule's text
    in its tooltip, in the window's language, beside its default."""
    from pygame_gui.elements import UILabel

    from skirmish.app.rule_texts import cited, rule_text

    app, screen = setup(lang)
    labels = [e for e in app.manager.get_sprite_group().sprites()
              if isinstance(e, UILabel) and cited(e.text)]
    assert labels
    for lab in labels:
        for rule in cited(lab.text):
            assert f"[{rule}]" in lab.tool_tip_text
            assert rule_text(rule, lang)[:20] in lab.tool_tip_text.replace("<br>", "\n")
