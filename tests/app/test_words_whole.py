"""Words shown whole: a decision's long option kept its number and
its default star, the secret-manoeuvre question all its words without a scroll bar, the
deployment's list its names, the French action bar its "Fin d'activation", and Les Clefs
de l'Aube's figure card its last line at 1280 × 720."""

from __future__ import annotations

import msgspec
import pytest

from tests.app.drive import activate_first, bar_button, duel, step, table_app, take_seat
from tests.app.screen_walk import cut_buttons
from tests.app.test_clefs_previews import _melee
from tests.app.test_long_banners import long_names


def text_boxes(panel) -> list:  # noqa: ANN001
    return [e for e in panel.get_container().elements if hasattr(e, "html_text")]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_secret_manoeuvre_question_shows_whole_CA_SURCLASSEMENT(lang) -> None:
    """The attacker's question ("choose a manoeuvre in secret") in a box as tall as its
    words, each option whole with its star (it stopped at "choose a manoeuvre in")."""
    app = _melee(lang)
    screen = app.screen
    step(app, n=2)
    panel = screen.decision.panel
    assert panel is not None and screen.state.pending.kind == "ca_manoeuvre"
    box = text_boxes(panel)[0]
    assert getattr(box, "scroll_bar", None) is None, box.html_text  # all of it in view
    assert panel.rect.contains(box.rect) and screen.board_rect.contains(panel.rect)
    assert cut_buttons(app) == []
    default = screen.state.pending.default
    star = [b.text for b, k in screen.decision.buttons.items() if k == default]
    assert star and star[0].endswith("★"), star


def test_deployment_list_shows_each_name_whole_R_DEPLOY() -> None:
    app = table_app(long_names(placed=False), lang="fr", size=(960, 600))
    take_seat(app)
    step(app)
    picks = [b.text for b, i in app.screen.bar.buttons.items() if i.key.startswith("pick:")]
    assert picks and not [p for p in picks if "…" in p], picks
    assert cut_buttons(app) == []


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_french_action_bar_holds_fin_d_activation_R_TURN_AA(size) -> None:
    app = table_app(duel(), lang="fr", size=size)
    activate_first(app, rank="chef")
    step(app)
    end = bar_button(app, "end")
    assert "Fin d'activation" in end.text
    assert cut_buttons(app) == []


def test_clefs_figure_card_needs_no_scrolling_at_1280x720_CA_TOTALS() -> None:
    app = table_app(msgspec.structs.replace(duel(), ruleset="clefs_aube"), lang="fr")
    activate_first(app, rank="chef")
    step(app, n=2)
    box = app.screen.card.box
    assert getattr(box, "scroll_bar", None) is None, box.html_text
