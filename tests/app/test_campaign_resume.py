"""A campaign game under way is never thrown away (usability audit, data loss): "Resume
game N" goes on where the table was left, a campaign game loaded from "Load game" still
leads to the campaign's post-game, and a game's result counts once ([R-CAMP-DEF]: a
campaign is a series of games; [R-CAMP-VP]: each game's points reach the band once)."""

from __future__ import annotations

from pathlib import Path

import pygame

from skirmish.ai.simple import SimplePlayer
from skirmish.app.campaign_games import game_save_path
from skirmish.app.paths import campaigns_dir, saves_dir
from skirmish.app.screens.campaign import CampaignScreen
from skirmish.app.screens.results import ResultsScreen
from skirmish.app.screens.table import TableScreen
from skirmish.campaign import files
from skirmish.campaign.events import GameRecorded
from skirmish.campaign.headless import play_game
from skirmish.rules.events import encode
from tests.app.drive import key, press, step
from tests.app.test_campaign_screen import button, new_campaign

SCENARIO = "street_fight.toml"


#: The campaigns folder after :func:`campaign_at_game_2`, file by file, once per process.
_AT_GAME_2: dict[str, bytes] = {}


def campaign_at_game_2() -> Path:
    """Two human bands whose game 1 is played and counted (by the computer, headless); the
    game is played once, and the files it left are written again for each later test."""
    if _AT_GAME_2:
        for name, data in _AT_GAME_2.items():
            (campaigns_dir() / name).parent.mkdir(parents=True, exist_ok=True)
            (campaigns_dir() / name).write_bytes(data)
        return campaigns_dir() / "test.json"
    path = new_campaign("computer")
    c = files.load(path)
    play_game(c, path, SCENARIO)
    assert c.state.phase == "ready" and len(c.state.games) == 1
    for b in c.state.bands:
        b.controller = "human"
    files.save(c, path)
    _AT_GAME_2.update((str(f.relative_to(campaigns_dir())), f.read_bytes())
                      for f in campaigns_dir().rglob("*") if f.is_file())
    return path


def game_2_under_way(app_factory, done) -> tuple:  # noqa: ANN001
    """The campaign opened from the menu, game 2 begun and played until ``done(game)``."""
    path = campaign_at_game_2()
    app = app_factory()
    open_campaign(app)
    press(app, button(app, app.t("campaign.play_next", index=2)))
    play(app, players(), done)
    return path, app


def open_campaign(app) -> None:  # noqa: ANN001
    """Main menu → Campaign → the campaign "test"."""
    assert app.screen.name == "menu"
    press(app, app.screen.buttons["campaign"])
    assert app.screen.home_list.get_single_selection().startswith("Test — ")  # the only one
    press(app, next(b for b, a in app.screen.buttons.items() if a[0] == "open"))
    assert isinstance(app.screen, CampaignScreen) and app.screen.camp is not None


def play(app, players: dict[str, SimplePlayer], done) -> None:  # noqa: ANN001
    """Both hot-seat players' commands through the table until ``done(game)``."""
    screen = app.screen
    game = screen.game
    n = 0
    while not done(game) and not game.over:
        assert screen.submit(players[game.to_act].choose(game))
        n += 1
        if n % 15 == 0:
            step(app)


def players() -> dict[str, SimplePlayer]:
    return {"ork_boyz": SimplePlayer(5), "survivors": SimplePlayer(6)}


def into_turn_2(game) -> bool:  # noqa: ANN001
    """Stop in the middle of an activation of turn 2 (after the autosave of the last one)."""
    return game.state.turn >= 2 and game.state.active is not None \
        and type(game.commands[-1]).__name__ != "Activate"


def leave_to_menu(app) -> None:  # noqa: ANN001
    key(app, pygame.K_ESCAPE)
    assert app.screen.pause is not None
    press(app, app.screen.pause.button("menu"))
    assert app.screen.name == "menu"


def position(game) -> tuple:  # noqa: ANN001
    return (game.state.turn, len(game.commands), game.state_hash(),
            b"".join(encode(e) for e in game.log))


def test_resume_game_2_goes_on_where_the_table_was_left_R_CAMP_DEF(app_factory) -> None:
    """[R-CAMP-DEF] Play campaign game 2 into turn 2, leave through Esc → Main menu,
    reopen the campaign and press "Resume game 2": same turn, command count, state hash
    (dice included) and log; the dice stream goes on as if the game had never been left."""
    path, app = game_2_under_way(app_factory, into_turn_2)
    assert isinstance(app.screen, TableScreen)
    game = app.screen.game
    before = position(game)
    assert before[0] == 2 and before[1] > 30, before[:2]
    reference = game.copy()
    leave_to_menu(app)

    open_campaign(app)
    assert files.load(path).state.phase == "in_game"
    press(app, button(app, app.t("campaign.resume", index=2)))
    screen = app.screen
    assert isinstance(screen, TableScreen)
    assert position(screen.game) == before
    assert screen.session.campaign_path == str(path) and screen.session.campaign_game == 2
    # Determinism: the same commands from here give the same game, hash for hash.
    more = players()
    for _ in range(25):
        if screen.game.over:
            break
        cmd = more[screen.game.to_act].choose(screen.game)
        assert screen.submit(cmd)
        reference.apply(cmd)
        assert screen.game.state_hash() == reference.state_hash()


def test_a_broken_save_is_named_kept_aside_and_the_game_begins_afresh(app_factory) -> None:
    """A campaign game's save that cannot be read: the player is told which file and why,
    the file is kept (never overwritten) and the game begins again from its start."""
    path, app = game_2_under_way(app_factory, lambda g: len(g.commands) >= 10)
    leave_to_menu(app)
    kept = game_save_path(path, 2)
    kept.write_text('{"format": "skirmish-replay", "steps": [')
    open_campaign(app)
    press(app, button(app, app.t("campaign.resume", index=2)))
    screen = app.screen
    assert isinstance(screen, TableScreen) and not screen.game.commands
    assert screen.toast is not None and kept.name in screen.toast[0], screen.toast
    assert "not valid JSON" in screen.toast[0]
    broken = kept.with_name(kept.name + ".broken")
    assert broken.read_text() == '{"format": "skirmish-replay", "steps": ['
    assert screen.session.campaign_game == 2


def finish_from_load_screen(app, save: Path) -> None:  # noqa: ANN001
    """Main menu → Load game → ``save`` → play it to the end → the results."""
    press(app, app.screen.buttons["load"])
    rows = list(app.screen.rows)
    item = app.screen.list.item_list_container.elements[
        next(i for i, r in enumerate(rows) if Path(app.screen.rows[r]) == save)]
    press(app, item)
    press(app, app.screen.load)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    play(app, players(), lambda g: False)
    for _ in range(300):
        if isinstance(app.screen, ResultsScreen):
            break
        if app.screen.morale.open:
            key(app, pygame.K_SPACE)
        step(app)
    assert isinstance(app.screen, ResultsScreen)


def test_autosave_from_load_game_reaches_the_post_game_once_R_CAMP_VP(app_factory) -> None:
    """[R-CAMP-VP] A campaign game loaded from "Load game" (its autosave) knows its
    campaign: its results offer "Post-game (campaign) →" and the result is recorded; the
    same game finished again from an older save is refused, the campaign left as it was."""
    path, app = game_2_under_way(app_factory, lambda g: g.state.turn >= 1
                                 and g.state.active is None and len(g.commands) > 25)
    key(app, pygame.K_ESCAPE)
    press(app, app.screen.pause.button("save"))  # a save of its own, kept from pruning
    older = sorted(p for p in saves_dir().glob("*.json") if not p.name.startswith("autosave"))
    assert len(older) == 1
    leave_to_menu(app)
    autosave = max(saves_dir().glob("autosave-*.json"), key=lambda p: p.stat().st_mtime)

    finish_from_load_screen(app, autosave)
    assert app.screen.campaign is not None  # the old code had no such button here
    press(app, app.screen.campaign)
    assert isinstance(app.screen, CampaignScreen) and not app.screen.error
    camp = files.load(path)
    assert camp.state.phase == "post_game" and camp.state.current.index == 2
    assert sum(isinstance(e, GameRecorded) for e in camp.log) == 2  # games 1 and 2
    assert camp.state.report is not None and camp.state.report.seed == camp.state.current.seed

    press(app, button(app, app.t("results.menu")))
    recorded = path.read_bytes()
    finish_from_load_screen(app, older[0])
    press(app, app.screen.campaign)
    screen = app.screen
    assert isinstance(screen, CampaignScreen)
    assert screen.error == app.t("campaign.already_recorded", index=2)
    assert path.read_bytes() == recorded


def test_the_campaign_link_in_a_save_is_optional(tmp_path) -> None:
    """A save carries its campaign link in ``meta``; a save without it (older saves,
    single games) or with one that is not a link loads as a single game."""
    import json

    from skirmish.app.session import Session
    from tests.app.drive import duel

    session = Session.new(duel(), 3)
    session.campaign_path, session.campaign_game = str(tmp_path / "c.json"), 3
    save = tmp_path / "s.json"
    session.save(save)
    loaded = Session.load(save)
    assert (loaded.campaign_path, loaded.campaign_game) == (str(tmp_path / "c.json"), 3)
    data = json.loads(save.read_text())
    for link in (None, "c.json", {"file": "c.json", "game": "3"}, {"game": 3}):
        if link is None:
            del data["meta"]["campaign"]
        else:
            data["meta"]["campaign"] = link
        save.write_text(json.dumps(data))
        loaded = Session.load(save)
        assert loaded.campaign_path is None and loaded.campaign_game is None


def test_a_game_without_its_own_save_resumes_from_its_newest_autosave(app_factory) -> None:
    """[R-CAMP-DEF] A campaign game begun by an older version has only the shared
    autosaves, without a campaign link: "Resume game 2" goes on from the newest of them
    that is this game (same dice seed and scenario), a single game's save being ignored."""
    import json

    from skirmish.app.session import Session
    from tests.app.drive import duel

    path, app = game_2_under_way(app_factory, lambda g: g.state.turn >= 1
                                 and g.state.active is None and len(g.commands) > 20)
    leave_to_menu(app)
    game_save_path(path, 2).unlink()
    newest = max(saves_dir().glob("autosave-*.json"), key=lambda p: p.stat().st_mtime)
    data = json.loads(newest.read_text())
    del data["meta"]["campaign"]
    newest.write_text(json.dumps(data))
    Session.new(duel(), 3).save(saves_dir() / "duel-1.json")  # another game, newer
    expected = Session.load(newest).game.state_hash()
    open_campaign(app)
    press(app, button(app, app.t("campaign.resume", index=2)))
    screen = app.screen
    assert isinstance(screen, TableScreen) and screen.toast is None
    assert len(screen.game.commands) == len(data["steps"]) > 20
    assert screen.game.state_hash() == expected
    assert screen.session.campaign_game == 2
