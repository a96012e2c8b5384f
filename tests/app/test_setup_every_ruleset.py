"""RULESETS §0.1: the set-up screen offers every ruleset the window plays, each with its
GAP defaults listed beside its options, and Start opens the table under it."""

from __future__ import annotations

import pytest

from tests.app.drive import press, step
from tests.app.test_clefs_ui import _texts


@pytest.mark.parametrize(("ruleset", "gaps"), [
    ("wfrp2", ("GAP-WF-9", "GAP-WF-8")),
    ("cle_en_main", ("GAP-CM-4", "GAP-CM-26", "GAP-CM-23")),
    ("kart7", ("GAP-K7-1", "GAP-K7-4"))])
def test_setup_offers_the_ruleset_with_its_gap_options(app_factory, ruleset: str,
                                                       gaps: tuple[str, ...]) -> None:
    app = app_factory()
    step(app)
    press(app, app.screen.buttons["new"])
    setup = app.screen
    while setup.ruleset != ruleset:
        press(app, setup.ruleset_button)
    texts = _texts(app)
    assert all(gap in texts for gap in gaps), [g for g in gaps if g not in texts]
    press(app, setup.start)
    assert app.screen.session.game.ruleset.id == ruleset
