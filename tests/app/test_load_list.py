"""The load list tells a Clefs de l'Aube save from a Skirmish save of the same scenario by
naming the ruleset (RULESETS §0.1: a game names its ruleset), and names the bands in the
window's language: in French it showed "The Survivors – Gorgutz's Boyz" and no ruleset."""

from __future__ import annotations

import msgspec
import pytest

from skirmish.app.screens.loadgame import LoadScreen
from skirmish.content.loading import load_scenario
from tests.app.drive import step, table_app

STREET = "scenarios/street_fight.toml"


@pytest.mark.parametrize(("lang", "rows"), [
    ("en", {"Street fight · Les Clefs de l'Aube · deployment · The Survivors – Gorgutz's Boyz",
            "Street fight · Skirmish · deployment · The Survivors – Gorgutz's Boyz"}),
    ("fr", {"Combat de rue · Les Clefs de l'Aube · déploiement · Les Survivants – "
            "Les Boyz à Gorgutz",
            "Combat de rue · Skirmish · déploiement · Les Survivants – Les Boyz à Gorgutz"}),
])
def test_the_load_list_names_the_ruleset_and_the_bands_in_the_windows_language(
        lang: str, rows: set[str]) -> None:
    street = load_scenario(STREET)
    for ruleset in ("skirmish", "clefs_aube"):
        app = table_app(msgspec.structs.replace(street, ruleset=ruleset), lang=lang)
        assert app.screen.save_game() is not None
    app.go(lambda: LoadScreen(app))
    step(app)
    shown = {row.rsplit(" · ", 1)[0] for row in app.screen.rows}  # without the date
    assert shown == rows, shown
