"""The New game list leaves out a scenario file that ``play`` would refuse, and says why
with ``skirmish validate``'s own line under the seed, in either language: an author who
put a broken scenario in ``scenarios/`` learns why it is missing [R-DEPLOY, GAP-8]."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygame_gui.elements import UITextBox

from skirmish.app.screens import setup
from skirmish.cli import main
from skirmish.locations import SCENARIOS
from tests.app.drive import press

THIRD_ZONE = "zone = [[34, 36], [48, 36], [48, 48], [34, 48]]\n"


def zoneless_third_band(tmp_path: Path) -> Path:
    """The shipped three-band brawl, its third band's zone left out."""
    text = (SCENARIOS / "three_band_brawl.toml").read_text(encoding="utf-8")
    assert THIRD_ZONE in text
    text = text.replace(THIRD_ZONE, "").replace(
        'warband = "warbands/', f'warband = "{SCENARIOS / "warbands"}/')
    path = tmp_path / "brawl.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "heading"), [
    ("en", "Scenario files left out of the list:"),
    ("fr", "Fichiers de scénario écartés de la liste :"),
])
def test_a_refused_scenario_is_left_out_with_validates_line(tmp_path, capsys, monkeypatch,
                                                            app_factory, lang, heading):
    bad = zoneless_third_band(tmp_path)
    assert main(["validate", str(bad)]) == 1
    line = capsys.readouterr()[1].strip()
    assert line.startswith(f"{bad}: bands[2].zone: band ")
    good = SCENARIOS / "tutorial.toml"
    monkeypatch.setattr(setup, "shipped_scenarios", lambda: [good, bad])
    app = app_factory(lang=lang)
    press(app, app.screen.buttons["new"])
    screen = app.screen
    assert [path for path, _ in screen.scenarios] == [str(good)]
    assert screen.problems == [line]
    boxes = [e for e in app.manager.get_root_container().elements
             if isinstance(e, UITextBox) and heading in e.html_text]
    assert len(boxes) == 1
    assert line.replace("'", "&#x27;") in boxes[0].html_text
    assert boxes[0].rect.bottom <= screen.back.rect.top
