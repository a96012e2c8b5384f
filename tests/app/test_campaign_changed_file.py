"""A campaign open in the window while ``skirmish campaign play`` plays a game of it: the
window's next step is not saved over that game (the file changed since the window read
it); the window says so and shows the campaign as its file now holds it."""

from __future__ import annotations

from skirmish.app.screens.campaign import CampaignScreen
from skirmish.campaign import files
from skirmish.cli import main
from tests.app.drive import press, step
from tests.app.test_campaign_screen import button, new_campaign


def test_a_game_played_meanwhile_is_kept_and_shown(app_factory) -> None:
    path = new_campaign("computer")
    app = app_factory()
    app.go(lambda: CampaignScreen(app, path=path))
    step(app)
    assert main(["campaign", "play", str(path), "-q"]) == 0
    played = path.read_bytes()
    press(app, button(app, app.t("campaign.play_next", index=1)))
    screen = app.screen
    assert isinstance(screen, CampaignScreen)
    assert "changed by another Skirmish" in screen.error
    assert path.read_bytes() == played and len(files.load(path).state.games) == 1
    assert len(screen.camp.state.games) == 1 and screen.camp.state.phase == "ready"
