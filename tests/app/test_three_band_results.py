"""The results of a three-band game (scenarios/three_band_brawl.toml, two humans and the
computer): GAP-13's verdict names the bands that share the most VP in a draw, instead of
"Winner: a draw", which with three bands read as if the third had drawn too."""

from __future__ import annotations

from functools import cache

import msgspec
import pygame
import pytest

from skirmish.app.app import App
from skirmish.app.screens.results import ResultsScreen
from skirmish.content.loading import load_scenario
from skirmish.rules import events as ev
from tests.app.drive import click, key, make_app, on_board, step, table_app, take_seat

SCENARIO = "scenarios/three_band_brawl.toml"


@cache
def _played() -> App:
    """A one-turn brawl in which every human ends each wave at once (the computer may take
    the idol). Played once, in English (the game does not depend on the window's
    language); each test shows its own results screen of it, in its language, scored as
    it says."""
    sc = load_scenario(SCENARIO)
    sc = msgspec.structs.replace(sc, options={**sc.options, "max_turns": 1})
    app = table_app(sc, controllers={"rat_pack": "human", "goblin_rabble": "computer",
                                     "xeno_brood": "human"}, lang="en")
    for _ in range(400):
        if app.screen.name == "results":
            return app
        screen = app.screen
        take_seat(app)
        if screen.human_turn():
            if screen.state.phase == "deployment":
                key(app, pygame.K_a)
                key(app, pygame.K_RETURN)
            elif screen.state.active is None and screen.state.wave == 1:
                key(app, pygame.K_n)  # end the first wave at once
            elif screen.state.active is None:  # wave 2: each figure activates and ends
                fid = sorted(screen._ready())[0]
                click(app, on_board(app, screen.state.figures[fid].pos))
                key(app, pygame.K_a)
            else:
                key(app, pygame.K_RETURN)
        step(app)
    s = app.screen.state
    raise AssertionError(f"never reached the results: turn {s.turn}, wave {s.wave}, "
                         f"{app.screen.session.to_act} to act")


def played_in(lang: str) -> App:
    """A window on the results of the played brawl, opened in English and switched to
    ``lang`` as the player would. A window of its own: the one that played the brawl is
    gone once a later test closes the display (a window that ran to its end)."""
    session = _played().screen.session
    app = make_app(lambda a: ResultsScreen(a, session), lang="en")
    if app.t.lang != lang:
        app.switch_language()
    return app


def _results(lang: str, **end: object) -> str:
    """The results screen of the played brawl in ``lang``, its end scored as ``end`` says
    (the played end when empty), as HTML; the played game is left as it was."""
    app = played_in(lang)
    session = app.screen.session
    log = session.game.log
    i = max(n for n, e in enumerate(log) if isinstance(e, ev.GameEnded))
    played = log[i]
    log[i] = msgspec.structs.replace(played, **end)
    try:
        app.go(lambda: ResultsScreen(app, session))
        step(app)
        return app.screen.html()
    finally:
        log[i] = played


@pytest.mark.parametrize(("lang", "words"), [("en", "Draw: every band on 0 VP"),
                                             ("fr", "Match nul : toutes les bandes à 0 point de victoire")])
def test_a_scoreless_three_band_game_is_a_draw_of_every_band_R_VP_GAP_13(lang, words):
    assert _played().screen.name == "results"
    # the played end scored as nobody's: every band on 0 VP, nothing held
    bands = ("rat_pack", "goblin_rabble", "xeno_brood")
    html = _results(lang, winner=None, vp=dict.fromkeys(bands, 0),
                    breakdown=dict.fromkeys(bands, ()))
    assert words in html, html
    assert "Winner: a draw" not in html and "Vainqueur : match nul" not in html
    assert html.count("0 VP" if lang == "en" else "0 point de victoire") >= 3  # each band


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Draw: Skritch&#x27;s Pack and The Xeno Brood level on 16 VP"),
    ("fr", "Match nul : La Meute de Skritch et La Couvée Xéno à égalité avec 16 points de "
           "victoire")])
def test_a_draw_between_two_of_three_bands_names_them_R_VP_GAP_13(lang, words):
    # the same end, scored as two bands level on top and the third behind
    html = _results(lang, winner=None, vp={"rat_pack": 16, "goblin_rabble": 8, "xeno_brood": 16})
    assert words in html, html


def test_the_bands_are_listed_by_their_vp_R_VP_GAP_13():
    """GAP-13: the most VP wins, so the results list the bands from the most VP down (they
    came in the scenario's order, the winner perhaps last)."""
    html = _results("en", winner="goblin_rabble",
                    vp={"rat_pack": 4, "goblin_rabble": 20, "xeno_brood": 9})
    at = [html.index(f": {vp} VP") for vp in (20, 9, 4)]
    assert at == sorted(at), html
