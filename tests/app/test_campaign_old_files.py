"""A campaign file written before bands kept their warband's French name (``name_fr``)
still names its bands in French in a French window: the name comes from the shipped
warband each band was made from (its ``source``), on load, without rewriting the file;
a band the player built and renamed keeps its own name."""

from __future__ import annotations

import json

from skirmish.app.screens.campaign import CampaignScreen
from skirmish.campaign import files
from tests.app.drive import step
from tests.app.test_campaign_screen import new_campaign


def test_an_older_file_names_its_shipped_bands_in_french_R_CAMP_DEF(app_factory) -> None:
    """[R-CAMP-DEF]: the orks, made from ``ork_boyz.toml``, are "Les Boyz à Gorgutz" in the
    tabs and the roster though the file has no ``name_fr`` (they showed "Gorgutz's
    Boyz"); the survivors, renamed by the player, stay "Bob's Lot"; the file is left as it
    was, and the next save carries the French name."""
    path = new_campaign()
    data = json.loads(path.read_text(encoding="utf-8"))
    for band in data["bands"]:
        del band["name_fr"]
        if band["id"] == "survivors":
            band["name"] = "Bob's Lot"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    app = app_factory(lang="fr")
    app.go(lambda: CampaignScreen(app, path=path))
    step(app)
    screen = app.screen
    tabs = [b.text for b in screen.buttons]
    assert "Les Boyz à Gorgutz" in tabs and "Bob's Lot" in tabs, tabs
    assert "Gorgutz's Boyz" not in tabs and "Les Survivants" not in tabs
    assert "Les Boyz à Gorgutz" in screen.roster_html()
    assert path.read_bytes() == before  # opening a campaign does not write it
    files.save(screen.camp, path)
    saved = {b["id"]: b.get("name_fr") for b in json.loads(path.read_text("utf-8"))["bands"]}
    assert saved == {"ork_boyz": "Les Boyz à Gorgutz", "survivors": None}
