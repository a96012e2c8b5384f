"""Which screen each route opens: the one module that imports every screen.

Each screen's module is imported when the route is first taken, as the window's first
frame must not wait for the rules and the geometry the table and the campaign load.
"""

from __future__ import annotations

from typing import assert_never

from skirmish.app import routes
from skirmish.app.screen import Host, Screen


def screen_for(app: Host, route: routes.Route) -> Screen:
    """A fresh screen for ``route``."""
    match route:
        case routes.Menu():
            from skirmish.app.screens.menu import MenuScreen

            return MenuScreen(app)
        case routes.Setup():
            from skirmish.app.screens.setup import SetupScreen

            return SetupScreen(app)
        case routes.LoadGame():
            from skirmish.app.screens.loadgame import LoadScreen

            return LoadScreen(app)
        case routes.ReplayPick():
            from skirmish.app.screens.replay_pick import ReplayPickScreen

            return ReplayPickScreen(app)
        case routes.Rules(options, ruleset):
            from skirmish.app.screens.rules import RulesScreen

            return RulesScreen(app, options, ruleset)
        case routes.Loading(label, work):
            from skirmish.app.screens.loading import LoadingScreen

            return LoadingScreen(app, label, work)
        case routes.Table(session, reviewing, warning):
            from skirmish.app.screens.table import TableScreen

            return TableScreen(app, session, reviewing, warning)
        case routes.Results(session):
            from skirmish.app.screens.results import ResultsScreen

            return ResultsScreen(app, session)
        case routes.Campaign(session, path):
            from skirmish.app.screens.campaign import CampaignScreen

            return CampaignScreen(app, session, path=path)
        case routes.NewCampaign():
            from skirmish.app.screens.campaign_new import NewCampaignScreen

            return NewCampaignScreen(app)
        case routes.Builder():
            from skirmish.app.screens.builder import BuilderScreen

            return BuilderScreen(app)
        case routes.Replay(timeline):
            from skirmish.app.screens.replay_view import ReplayScreen

            return ReplayScreen(app, timeline)
    assert_never(route)
