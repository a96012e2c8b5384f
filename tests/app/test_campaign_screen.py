"""The campaign screen driven like a player: a campaign game recorded, the post-game panel
walked page by page (RULES.md §13), the shop in hot-seat, the roster, history and chart."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pygame
import pytest

from skirmish.app.paths import campaigns_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.app.screens.campaign_new import NewCampaignScreen
from skirmish.app.session import Session
from skirmish.campaign import commands as cc
from skirmish.campaign import files
from skirmish.campaign.engine import Campaign
from skirmish.campaign.headless import play
from skirmish.content.loading import load_warband
from skirmish.locations import SCENARIOS
from skirmish.rules.game import Game
from tests.app.drive import press, step


def new_campaign(controller: str = "human", *, name: str = "Test",
                 warbands: tuple[str, str] = ("ork_boyz.toml", "survivors.toml"),
                 file: str = "test.json", seed: int = 4) -> Path:
    bands = [(load_warband(SCENARIOS / "warbands" / f), controller, f) for f in warbands]
    c = Campaign.new(name, bands, seed)
    path = campaigns_dir() / file
    files.save(c, path)
    return path


def button(app, text: str):  # noqa: ANN001, ANN201
    for b in app.screen.buttons:
        if b.text.startswith(text):
            return b
    raise AssertionError(f"no button {text}: {[b.text for b in app.screen.buttons]}")


def finished_session(path: Path, scenario: str = "street_fight.toml") -> Session:
    """The campaign's next game, played to the end by the computer, as the table leaves it."""
    c = files.load(path)
    c.apply(cc.BeginGame(scenario=scenario))
    files.save(c, path)
    session = played(c.game_scenario(), c.state.current.seed)
    session.campaign_path = str(path)
    return session


_PLAYED: dict[tuple[bytes, int], tuple[Game, tuple[str, list[str]]]] = {}


def played(scenario, seed: int) -> Session:  # noqa: ANN001
    """A session on a copy of the campaign game of ``scenario`` and ``seed`` played out by
    the computer, with the hashes a table keeps as a game is played (the campaign records
    the game from them): each is played and hashed once per process (the same bands and
    seed give the same game)."""
    key = (msgspec.json.encode(scenario), seed)
    if key not in _PLAYED:
        _PLAYED[key] = kept_hashes(play(scenario, seed, hashes=True))
    game, (start, hashes) = _PLAYED[key]
    session = Session(game.copy())
    session.hashes = (start, list(hashes))
    return session


def kept_hashes(game: Game) -> tuple[Game, tuple[str, list[str]]]:
    """``game`` (played with ``hashes=True``) with its start hash and the hash after each
    command, as a table playing it would have kept them (:attr:`Session.hashes`)."""
    assert game.hashes is not None and len(game.hashes) == len(game.commands) + 1
    return game, (game.hashes[0], game.hashes[1:])


def test_post_game_panel_walks_the_procedure_and_the_shop_in_hot_seat(app_factory) -> None:
    """[R-CAMP-RET-SF] [R-CAMP-RET-HERO] [R-CAMP-XP] [R-CAMP-VP]: the rolls, XP and band
    points appear page by page; each human band shops in turn; the game joins the history."""
    path = new_campaign()
    app = app_factory()
    session = finished_session(path)
    app.go(lambda: CampaignScreen(app, session))
    step(app)
    screen = app.screen
    assert screen.camp.state.phase == "post_game"
    pages = screen.pages()
    assert len(pages) >= 3
    seen = 1
    while screen.page < len(pages) - 1:
        press(app, button(app, app.t("campaign.next")))
        screen = app.screen
        seen += 1
    assert seen == len(pages)
    # Hot-seat: the first band's shop, then the second's.
    first = screen.camp.pending.band
    assert screen.shop is not None
    points = screen.camp.band(first).band_points
    press(app, screen.shop.hire)
    assert screen.camp.band(first).band_points == points - 10 or screen.error
    press(app, app.screen.shop.done)
    assert app.screen.camp.pending.band != first
    press(app, app.screen.shop.done)
    screen = app.screen
    assert screen.camp.state.phase == "ready" and len(screen.camp.state.games) == 1
    assert "Game 1 (Street fight)" in screen.history_html()  # its name, not its file's
    app.switch_language()
    assert "Partie 1 (Combat de rue)" in app.screen.history_html()
    app.switch_language()
    screen = app.screen
    assert files.load(path).state.phase == "ready"
    for size in ((1280, 720), (1920, 1080)):
        app.resize(size)
        step(app)


def test_new_campaign_form_creates_and_opens(app_factory) -> None:
    app = app_factory()
    app.go(lambda: NewCampaignScreen(app))
    step(app)
    press(app, app.screen.create)
    assert isinstance(app.screen, CampaignScreen)
    assert app.screen.path.parent == campaigns_dir() and app.screen.camp.state.phase == "ready"
    path = app.screen.path
    press(app, button(app, app.t("campaign.play_next", index=1)))
    from skirmish.app.screens.table import TableScreen

    assert isinstance(app.screen, TableScreen)
    assert app.screen.session.campaign_path == str(path)
    assert files.load(path).state.phase == "in_game"


def test_home_lists_campaigns_and_french(app_factory) -> None:
    """The main menu's Campaign button opens the campaign home, which lists the files."""
    new_campaign("computer")
    app = app_factory(lang="fr")
    step(app)
    assert app.screen.name == "menu"
    press(app, app.screen.buttons["campaign"])
    assert isinstance(app.screen, CampaignScreen)
    assert list(app.screen.home_rows) == ["Test — 0 partie jouée"]  # its name, not the file's
    press(app, button(app, "Ouvrir"))
    assert app.screen.camp is not None
    assert "— 0 point de bande" in app.screen.roster_html()  # French: 0 is singular
    key = pygame.K_ESCAPE
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    assert app.screen.name == "menu"


def test_results_screen_leads_a_campaign_game_into_its_post_game(app_factory) -> None:
    """The results screen's campaign button records the game and opens the panel."""
    from skirmish.app.screens.results import ResultsScreen

    path = new_campaign("computer")
    app = app_factory()
    session = finished_session(path)
    app.go(lambda: ResultsScreen(app, session))
    step(app)
    press(app, app.screen.campaign)
    assert isinstance(app.screen, CampaignScreen)
    camp = files.load(path)
    assert len(camp.state.games) == 1 and camp.state.phase == "ready"  # computer bands
    assert (path.parent / camp.state.games[0].replay).is_file()
    screen = app.screen
    assert screen.walking and screen.pages()
    while screen.page < len(screen.pages()) - 1:
        press(app, button(app, app.t("campaign.next")))
    press(app, button(app, app.t("campaign.close")))
    assert not app.screen.walking
    assert button(app, app.t("campaign.play_next", index=2))


def test_injury_page_and_hot_seat_decision(app_factory) -> None:
    """[R-CAMP-INJ-23] GAP-66: the D66 and the arm roll on the page with their rule, the
    amputation, and the owner's choice of weapon as buttons."""
    from skirmish.campaign import events as ce
    from skirmish.rules.events import Roll
    from tests.campaign.build import campaign, play

    c = campaign()
    play(c, 2, 3, 1, red__boss=("out_of_action", "blue:grunt"))
    path = campaigns_dir() / "hurt.json"
    files.save(c, path)
    app = app_factory(lang="fr")
    app.go(lambda: CampaignScreen(app, path=path))
    step(app)
    screen = app.screen
    page = screen.pages()[screen.page]
    rolls = [e for e in page if isinstance(e, Roll)]
    assert [r.rule for r in rolls] == ["R-CAMP-RET-HERO", "R-CAMP-INJ-23"]
    assert screen.say.result(rolls[0]) == "Blessé au Bras"
    # the amputation changes no number of the profile: no line repeats it unchanged
    assert not [e for e in page if isinstance(e, ce.ProfileChanged)]
    assert any(isinstance(e, ce.Injury) and e.result == "amputated" for e in page)
    assert screen.band_index == 0  # the roster shows Red, whose Chef it is
    keep = button(app, "Garder Epée")
    press(app, keep)
    assert files.load(path).band("red").member("boss").spec.weapons == ("sword",)


@pytest.mark.parametrize(("lang", "word"), [("en", "Recruit"), ("fr", "Recrue")])
def test_computer_recruits_are_named_in_the_window_language(app_factory, lang, word) -> None:
    """[R-CAMP-VP] [R-BAND-COMP]: the figures a computer band hires after a game are named
    in the window's language ("Recruit 5" in English, "Recrue 5" in French)."""
    from skirmish.app.screens.results import ResultsScreen

    path = new_campaign("computer")
    app = app_factory(lang=lang)
    # a game after which the computer bands have lost figures and points to hire with
    session = finished_session(path, "open_field.toml")
    app.go(lambda: ResultsScreen(app, session))
    step(app)
    press(app, app.screen.campaign)
    camp = files.load(path)
    hired = [m.spec.name for b in camp.state.bands for m in b.members
             if m.spec.name.split(" ")[0] in ("Recruit", "Recrue")]
    assert hired and all(name.startswith(f"{word} ") for name in hired)


@pytest.mark.parametrize(("lang", "name", "band"), [
    ("en", "Campaign", "Grishnak's Raiders"),
    ("fr", "Campagne", "Les Pillards de Grishnak"),
])
def test_new_campaign_form_names_bands_as_players_know_them(app_factory, lang, name,
                                                            band) -> None:
    """The form listed the warband files ("elf_rangers") and pre-filled the French
    "campagne" in English; the bands go by their names in the window's language and the
    campaign is named in it too."""
    from tests.app.test_campaign_fit import choose

    app = app_factory(lang=lang)
    app.go(lambda: NewCampaignScreen(app))
    step(app)
    screen = app.screen
    assert screen.name.get_text() == name
    assert "goblin_raiders" not in screen.labels and band in screen.labels
    choose(app, screen.menus[1], band)
    press(app, screen.create)
    camp = app.screen.camp
    assert camp.state.name == name
    assert camp.state.bands[1].source == "goblin_raiders.toml"  # not the default second
