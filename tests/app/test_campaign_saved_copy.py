"""A band the player saved with the builder from a shipped one (same id, same name) and
the shipped band itself can face each other in a new campaign: the form labels the copy
as saved, both can be picked, and the campaign tells them apart by id and by name."""

from __future__ import annotations

import pytest

from skirmish.app.paths import warbands_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.app.screens.campaign_new import NewCampaignScreen
from skirmish.app.screens.table import TableScreen
from skirmish.campaign import files
from skirmish.campaign.builder import Builder
from skirmish.locations import SCENARIOS
from tests.app.drive import press, step
from tests.app.test_campaign_fit import choose
from tests.app.test_campaign_small_window import fits

#: The shipped band and its saved copy, as the form labels them, and as the campaign
#: names them (window language → names).
LABELS = {"en": ("Gorgutz's Boyz", "Gorgutz's Boyz (saved)"),
          "fr": ("Les Boyz à Gorgutz", "Les Boyz à Gorgutz (enregistrée)")}


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_saved_copy_faces_its_shipped_band_R_BAND_COMP(app_factory, lang, size) -> None:
    """[R-BAND-COMP] [R-CAMP-DEF]: the builder's copy of the ork boyz (same id
    ``ork_boyz``, same name) is picked for band 2 and the shipped ork boyz for band 1;
    Create made "Pick two different bands" of it, as both had the same id. Now the
    campaign has both, the copy under a free id and named as the form showed it — its tab
    says so at 960 × 600 too, shortened in the middle — and their first game begins."""
    warbands_dir().mkdir(parents=True)
    Builder.load(SCENARIOS / "warbands" / "ork_boyz.toml").save(warbands_dir() /
                                                                "ork_boyz.toml")
    app = app_factory(lang=lang, size=size)
    app.go(lambda: NewCampaignScreen(app))
    step(app)
    form = app.screen
    shipped, copy = LABELS[lang]
    assert form.labels[0] == copy and shipped in form.labels  # the player's own first
    choose(app, form.menus[0], shipped)
    choose(app, form.menus[1], copy)
    press(app, form.create)
    assert form.error == ""
    assert isinstance(app.screen, CampaignScreen), form.error
    camp = files.load(app.screen.path)
    bands = camp.state.bands
    assert [b.id for b in bands] == ["ork_boyz", "ork_boyz_2"]
    assert [(b.name, b.name_fr) for b in bands] == [
        ("Gorgutz's Boyz", "Les Boyz à Gorgutz"),
        ("Gorgutz's Boyz (saved)", "Les Boyz à Gorgutz (enregistrée)")]
    tabs = [b for b, a in app.screen.buttons.items() if a[0] == "band"]
    assert all(fits(b) for b in tabs), [b.text for b in tabs]
    mark = copy.removeprefix(shipped)
    assert tabs[1].text.endswith(mark) and not tabs[0].text.endswith(mark)
    if size == (1280, 720):
        assert [b.text for b in tabs] == [shipped, copy]
    press(app, next(b for b, a in app.screen.buttons.items() if a[0] == "play"))
    assert isinstance(app.screen, TableScreen)  # their first game is set up
    assert [b.warband.id for b in app.screen.session.game.scenario.bands] == [
        "ork_boyz", "ork_boyz_2"]
