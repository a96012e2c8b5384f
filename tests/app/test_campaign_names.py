"""A campaign speaks the window's language: the bands go by their warband files' French
names (``name_fr``) in the roster, the tabs, the history, the post-game's sentences and
the games the campaign plays; races by the rulebook's French names."""

from __future__ import annotations

from skirmish.app.describe import french_names
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.campaign import commands as cc
from skirmish.campaign import files
from tests.app.drive import step
from tests.app.test_campaign_screen import finished_session, new_campaign


def test_a_french_campaign_names_its_bands_in_french_R_CAMP_VP(app_factory) -> None:
    """[R-CAMP-VP]: the post-game's band-point lines, the roster and the tabs name
    "Les Boyz à Gorgutz", never "Gorgutz's Boyz"; the ork race is the rulebook's French."""
    path = new_campaign()
    app = app_factory(lang="fr")
    session = finished_session(path)
    app.go(lambda: CampaignScreen(app, session))
    step(app)
    screen = app.screen
    orks = next(b for b in screen.camp.state.bands if b.id == "ork_boyz")
    assert orks.name_fr == "Les Boyz à Gorgutz"
    assert "Les Boyz à Gorgutz" in [b.text for b in screen.buttons]
    said = [screen.say.event(e) for page in screen.pages() for e in page]
    assert any("Les Boyz à Gorgutz" in line for line in said)
    assert not any("Gorgutz's Boyz" in line for line in said)
    screen.band_index = screen.camp.state.bands.index(orks)
    roster = screen.roster_html()
    assert "Les Boyz à Gorgutz" in roster and "Gorgutz's Boyz" not in roster
    assert "(ork," not in roster  # the race by its French name, not the file's id


def test_the_campaigns_next_game_carries_the_french_names() -> None:
    """The game a campaign builds keeps each warband's ``name_fr``, so the table, the
    hand-off and the results name the bands in French as a single game does."""
    c = files.load(new_campaign())
    c.apply(cc.BeginGame(scenario="street_fight.toml"))
    scenario = c.game_scenario()
    assert french_names(scenario)["band:ork_boyz"] == "Les Boyz à Gorgutz"
